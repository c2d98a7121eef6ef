//! The eight symmetries of the board (the dihedral group of the square), on
//! squares and on whole bitboards.
//!
//! Symmetry `k` (0..8) transposes the board (swaps files and ranks) when bit 2
//! is set, then mirrors it left to right when bit 0 is set, then flips it top
//! to bottom when bit 1 is set. Symmetry 0 is the identity.

/// The number of symmetries.
pub const SYMMETRIES: usize = 8;

/// Where symmetry `k` sends square `square` (0 = a1 .. 63 = h8).
#[must_use]
pub const fn map_square(k: usize, square: u32) -> u32 {
    let (mut file, mut rank) = (square % 8, square / 8);
    if k & 4 != 0 {
        (file, rank) = (rank, file);
    }
    if k & 1 != 0 {
        file = 7 - file;
    }
    if k & 2 != 0 {
        rank = 7 - rank;
    }
    rank * 8 + file
}

/// The squares of `board` moved by symmetry `k`, square by square (the
/// reference for [`map_board`]; usable in constants).
#[must_use]
pub const fn map_mask(k: usize, board: u64) -> u64 {
    let mut mapped = 0;
    let mut square = 0;
    while square < 64 {
        if board >> square & 1 != 0 {
            mapped |= 1 << map_square(k, square);
        }
        square += 1;
    }
    mapped
}

/// Files reversed: a1 <-> h1.
#[inline(always)]
const fn mirror(board: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let b = ((board >> 1) & K1) | ((board & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Files and ranks swapped: b1 <-> a2 (a1 and h8 stay).
#[inline(always)]
const fn transpose(board: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut x = board;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// `board` moved by symmetry `k`: the same as [`map_mask`], by bit tricks.
#[inline(always)]
#[must_use]
pub const fn map_board(k: usize, board: u64) -> u64 {
    let mut b = board;
    if k & 4 != 0 {
        b = transpose(b);
    }
    if k & 1 != 0 {
        b = mirror(b);
    }
    if k & 2 != 0 {
        b = b.swap_bytes();
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_tricks_agree_with_the_square_map() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for k in 0..SYMMETRIES {
                assert_eq!(map_board(k, x), map_mask(k, x), "symmetry {k}");
            }
        }
    }

    #[test]
    fn the_symmetries_are_distinct_and_fix_the_centre() {
        // b1 and c1 (not on an axis of symmetry) go to 8 different places.
        let images: std::collections::HashSet<_> =
            (0..SYMMETRIES).map(|k| map_mask(k, 0b110)).collect();
        assert_eq!(images.len(), SYMMETRIES);
        for k in 0..SYMMETRIES {
            assert_eq!(map_board(k, 0x0000_0018_1800_0000), 0x0000_0018_1800_0000);
        }
        assert_eq!(map_square(1, 0), 7, "mirror: a1 -> h1");
        assert_eq!(map_square(2, 0), 56, "flip: a1 -> a8");
        assert_eq!(map_square(4, 1), 8, "transpose: b1 -> a2");
    }
}
