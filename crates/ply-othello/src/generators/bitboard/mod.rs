//! The direct bitboard generator (`--gen bitboard`): moves by parallel shifts in
//! the eight directions, flips from per-square ray masks.
//!
//! With AVX2 in the build (a plain `cargo build --release` on a machine that has
//! it, see `.cargo/config.toml`) four directions are done at once in 256-bit
//! registers ([`avx2`]); otherwise the same algorithm runs on `u64`s
//! ([`portable`]). The portable code is always compiled and tested against the
//! AVX2 code where both exist.

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub mod avx2;
pub mod portable;
pub mod rays;

use super::MoveGenerator;
use crate::square::Square;

/// The direct bitboard generator: parallel shifts, AVX2 where available.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard;

/// Which implementation this build uses: `"avx2"` or `"portable"`.
pub const IMPLEMENTATION: &str = if cfg!(all(target_arch = "x86_64", target_feature = "avx2")) {
    "avx2"
} else {
    "portable"
};

impl MoveGenerator for Bitboard {
    const NAME: &'static str = "bitboard";

    #[inline]
    fn moves(player: u64, opponent: u64) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            // SAFETY: this code is only compiled when the build targets AVX2.
            unsafe { avx2::moves(player, opponent) }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            portable::moves(player, opponent)
        }
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            // SAFETY: this code is only compiled when the build targets AVX2.
            unsafe { avx2::flips(player, opponent, square) }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            portable::flips(player, opponent, square)
        }
    }
}
