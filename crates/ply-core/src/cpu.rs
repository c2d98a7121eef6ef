//! Runtime CPU feature detection, for crates that depend on ply without this
//! workspace's `target-cpu=native` (see `scripts/dependent-speed`).
//!
//! Each function is a constant `true` when the build already targets the
//! feature, so in such a build the dispatch around it folds away; otherwise it
//! asks the CPU once (the standard library caches the answer) and the caller
//! runs a copy of its hot loop compiled with `#[target_feature(enable = ...)]`.
//! [`multiversion!`](crate::multiversion) writes that dispatch.

/// Whether the CPU has `popcnt` (x86-64 only; `false` elsewhere, where
/// `count_ones` has its own instruction or none).
#[inline]
#[must_use]
pub fn has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        cfg!(target_feature = "popcnt") || std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the CPU has AVX2 and `popcnt` (x86-64 only).
#[inline]
#[must_use]
pub fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        (cfg!(target_feature = "avx2") || std::arch::is_x86_feature_detected!("avx2"))
            && has_popcnt()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the CPU has BMI2 (`pext`, `pdep`; x86-64 only).
#[inline]
#[must_use]
pub fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        cfg!(target_feature = "bmi2") || std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Runs `$body` compiled for the CPU features `$features` (a string such as
/// `"popcnt"` or `"avx2,popcnt"`) when `$detected` says the CPU has them and
/// the build does not already target them, and the plain build of `$body`
/// otherwise. The listed arguments are variables of the caller, passed on by
/// value under the same names; keep the functions `$body` calls `#[inline]` so
/// that they are compiled into the fast copy.
///
/// ```
/// fn ones(words: &[u64]) -> u64 {
///     ply_core::multiversion!("popcnt", ply_core::cpu::has_popcnt(), |words: &[u64]| -> u64 {
///         words.iter().map(|w| u64::from(w.count_ones())).sum()
///     })
/// }
/// assert_eq!(ones(&[0b1011, u64::MAX]), 67);
/// ```
#[macro_export]
macro_rules! multiversion {
    ($features:literal, $detected:expr, |$($arg:ident : $ty:ty),* $(,)?| -> $ret:ty $body:block) => {{
        #[inline(always)]
        fn plain($($arg: $ty),*) -> $ret $body
        #[cfg(target_arch = "x86_64")]
        {
            #[target_feature(enable = $features)]
            fn fast($($arg: $ty),*) -> $ret {
                plain($($arg),*)
            }
            if $detected {
                // SAFETY: `$detected` has just checked that the CPU has the
                // features `fast` was compiled for.
                unsafe { fast($($arg),*) }
            } else {
                plain($($arg),*)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            plain($($arg),*)
        }
    }};
}
