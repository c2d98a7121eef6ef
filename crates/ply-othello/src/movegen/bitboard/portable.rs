//! The bitboard generator on plain `u64`s, for builds without AVX2.

use super::rays::{DOWN, UP};
use crate::types::Square;

/// Every column but a and h: discs there can be flanked east-west.
const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Squares next to a run of `mask` discs that starts next to a `player` disc,
/// along the `shift` direction both ways (runs of up to six discs).
#[inline(always)]
fn flanking(player: u64, mask: u64, shift: u32) -> u64 {
    let mut up = mask & (player << shift);
    let mut down = mask & (player >> shift);
    up |= mask & (up << shift);
    down |= mask & (down >> shift);
    let pairs_up = mask & (mask << shift);
    let pairs_down = pairs_up >> shift;
    up |= pairs_up & (up << (2 * shift));
    down |= pairs_down & (down >> (2 * shift));
    up |= pairs_up & (up << (2 * shift));
    down |= pairs_down & (down >> (2 * shift));
    (up << shift) | (down >> shift)
}

/// Legal moves of `player` against `opponent`.
#[inline]
#[must_use]
pub fn moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & INNER_COLUMNS;
    (flanking(player, inner, 1)
        | flanking(player, opponent, 8)
        | flanking(player, inner, 7)
        | flanking(player, inner, 9))
        & !(player | opponent)
}

/// Discs flipped when `player` plays on the empty `square`.
#[inline]
#[must_use]
pub fn flips(player: u64, opponent: u64, square: Square) -> u64 {
    let mut flips = 0;
    let (up, down) = (&UP[square.index()].0, &DOWN[square.index()].0);
    for k in 0..4 {
        // Towards higher bits the first non-opponent square is the lowest set bit.
        let stops = up[k] & !opponent;
        let first = stops & stops.wrapping_neg();
        let closed = u64::from(first & player != 0).wrapping_neg();
        flips |= up[k] & first.wrapping_sub(1) & closed;
        // Towards lower bits it is the highest set bit.
        let stops = down[k] & !opponent;
        let first = (1u64 << 63).checked_shr(stops.leading_zeros()).unwrap_or(0);
        let closed = u64::from(first & player != 0).wrapping_neg();
        flips |= down[k] & !((first << 1).wrapping_sub(1)) & closed;
    }
    flips
}
