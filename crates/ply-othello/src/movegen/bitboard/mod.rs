//! The direct bitboard generator (`--gen bitboard`): moves by parallel shifts in
//! the eight directions, flips from per-square ray masks.
//!
//! On x86-64 CPUs with AVX2 four directions are done at once in 256-bit
//! registers ([`avx2`]); otherwise the same algorithm runs on `u64`s
//! ([`portable`]). A build that targets AVX2 (a plain `cargo build --release`
//! here, see `.cargo/config.toml`) calls the AVX2 code directly; any other
//! x86-64 build, such as a crate depending on ply with Cargo's defaults, asks
//! the CPU at run time ([`ply_core::cpu::has_avx2`]). The portable code is
//! always compiled and tested against the AVX2 code where both exist.

#[cfg(target_arch = "x86_64")]
pub mod avx2;
pub mod portable;
pub mod rays;

use super::MoveGenerator;
use crate::types::Square;
use ply_core::cpu::has_avx2;

/// The direct bitboard generator: parallel shifts, AVX2 where available.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BitboardGenerator;

/// Which implementation runs on this CPU: `"avx2"` or `"portable"`.
#[must_use]
pub fn implementation() -> &'static str {
    if has_avx2() { "avx2" } else { "portable" }
}

impl MoveGenerator for BitboardGenerator {
    const NAME: &'static str = "bitboard";

    #[inline]
    fn moves(player: u64, opponent: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: `has_avx2` has checked that the CPU has AVX2.
            return unsafe { avx2::moves(player, opponent) };
        }
        portable::moves(player, opponent)
    }

    #[inline]
    fn count_moves(player: u64, opponent: u64) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            #[target_feature(enable = "avx2,popcnt")]
            fn with_avx2(player: u64, opponent: u64) -> u32 {
                avx2::moves(player, opponent).count_ones()
            }
            // SAFETY: `has_avx2` has checked that the CPU has AVX2 and popcnt.
            return unsafe { with_avx2(player, opponent) };
        }
        portable::moves(player, opponent).count_ones()
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            // SAFETY: `has_avx2` has checked that the CPU has AVX2.
            return unsafe { avx2::flips(player, opponent, square) };
        }
        portable::flips(player, opponent, square)
    }
}
