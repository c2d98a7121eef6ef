//! The bitboard generator with AVX2: the four directions of [`SHIFTS`] in the
//! four 64-bit lanes of one register.
//!
//! [`SHIFTS`]: super::rays::SHIFTS

use super::rays::{DOWN, Rays, UP};
use crate::types::Square;
use std::arch::x86_64::*;

/// Lane shifts: east, north, north-west, north-east (see `rays::SHIFTS`).
#[inline(always)]
fn shifts(times: i64) -> __m256i {
    // SAFETY: only inlined into this module's AVX2 functions, which run only
    // on CPUs with AVX2.
    unsafe { _mm256_set_epi64x(9 * times, 7 * times, 8 * times, times) }
}

#[inline(always)]
fn load(rays: &Rays) -> __m256i {
    // SAFETY: `Rays` is 32 bytes, 32-byte aligned, and this is only inlined
    // into this module's AVX2 functions, which run only on CPUs with AVX2.
    unsafe { _mm256_load_si256(rays.0.as_ptr().cast()) }
}

/// ORs the four lanes together.
#[target_feature(enable = "avx2")]
fn or_lanes(v: __m256i) -> u64 {
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// Legal moves of `player` against `opponent` (same algorithm as
/// `portable::moves`, four directions per instruction).
///
/// # Safety
/// The CPU must support AVX2 (see [`ply_core::cpu::has_avx2`]).
#[target_feature(enable = "avx2")]
#[inline]
#[must_use]
pub fn moves(player: u64, opponent: u64) -> u64 {
    let inner = (opponent & 0x7E7E_7E7E_7E7E_7E7E) as i64;
    let mask = _mm256_set_epi64x(inner, inner, opponent as i64, inner);
    let player_v = _mm256_set1_epi64x(player as i64);
    let (one, two) = (shifts(1), shifts(2));
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(player_v, one));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(player_v, one));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, one)));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, one)));
    let pairs_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, one));
    let pairs_down = _mm256_srlv_epi64(pairs_up, one);
    up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, two)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, two)),
    );
    up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, two)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, two)),
    );
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, one), _mm256_srlv_epi64(down, one));
    or_lanes(moves) & !(player | opponent)
}

/// Discs flipped when `player` plays on the empty `square`.
///
/// # Safety
/// The CPU must support AVX2 (see [`ply_core::cpu::has_avx2`]).
#[target_feature(enable = "avx2")]
#[inline]
#[must_use]
pub fn flips(player: u64, opponent: u64, square: Square) -> u64 {
    let player_v = _mm256_set1_epi64x(player as i64);
    let opponent_v = _mm256_set1_epi64x(opponent as i64);
    let zero = _mm256_setzero_si256();

    // Towards higher bits: the first non-opponent square is the lowest set bit;
    // the run before it flips if that square is the player's.
    let up = load(&UP[square.index()]);
    let stops = _mm256_andnot_si256(opponent_v, up);
    let first = _mm256_and_si256(stops, _mm256_sub_epi64(zero, stops));
    let open = _mm256_cmpeq_epi64(_mm256_and_si256(first, player_v), zero);
    let before = _mm256_and_si256(_mm256_sub_epi64(first, _mm256_set1_epi64x(1)), up);
    let flips_up = _mm256_andnot_si256(open, before);

    // Towards lower bits: smear the stops away from the square (1, 2, 4 steps);
    // the first stop is the one whose nearer neighbour is not smeared.
    let down = load(&DOWN[square.index()]);
    let stops = _mm256_andnot_si256(opponent_v, down);
    let mut beyond = stops;
    beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, shifts(1)));
    beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, shifts(2)));
    beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, shifts(4)));
    let first = _mm256_andnot_si256(_mm256_srlv_epi64(beyond, shifts(1)), stops);
    let open = _mm256_cmpeq_epi64(_mm256_and_si256(first, player_v), zero);
    let flips_down = _mm256_andnot_si256(open, _mm256_andnot_si256(beyond, down));

    or_lanes(_mm256_or_si256(flips_up, flips_down))
}
