//! How many discs the very last move of the game flips, without building the
//! position: with one empty square left, every other square holds a disc, so a
//! line through the empty square is described by the mover's discs alone.
//!
//! The four lines through the square (row, column and both diagonals) are each
//! gathered into one byte, indexed by file (rows and diagonals) or rank
//! (columns), and a table gives the flips that byte yields for a move on the
//! square's cell. Cells off a short diagonal read as "not the mover's", which
//! never closes a run, so they never count.

/// Squares of the a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `FLIP_COUNT[cell][line]`: the discs flipped on an 8-cell line, all of it
/// full except `cell`, when the mover holds the cells set in `line` and plays
/// on `cell`.
static FLIP_COUNT: [[u8; 256]; 8] = flip_counts();

const fn flip_counts() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut cell = 0;
    while cell < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Upwards: a run of the other side's discs closed by one of the mover's.
            let mut k = cell + 1;
            while k < 8 && line & (1 << k) == 0 {
                k += 1;
            }
            if k < 8 {
                count += k - cell - 1;
            }
            // Downwards.
            let mut k = cell as i32 - 1;
            while k >= 0 && line & (1 << k) == 0 {
                k -= 1;
            }
            if k >= 0 {
                count += cell - k as usize - 1;
            }
            table[cell][line] = count as u8;
            line += 1;
        }
        cell += 1;
    }
    table
}

/// The two diagonals through each square: (a1-h8 direction, a8-h1 direction),
/// the square's own bit included.
static DIAGONALS: [(u64, u64); 64] = diagonals();

const fn diagonals() -> [(u64, u64); 64] {
    let mut table = [(0u64, 0u64); 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (f, r) = (other % 8, other / 8);
            if f - r == file - rank {
                table[square].0 |= 1 << other;
            }
            if f + r == file + rank {
                table[square].1 |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
}

/// The number of discs `player` flips by playing on `square` when every other
/// square of the board is full (the squares not in `player` are the
/// opponent's). 0 when the move is not legal.
#[inline]
#[must_use]
pub fn count_last_flips(player: u64, square: usize) -> u32 {
    debug_assert!(square < 64);
    let square = square & 63;
    let (file, rank) = (square & 7, square >> 3);
    let row = (player >> (square & 56)) as u8;
    let column = (((player >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    let (diagonal, anti) = DIAGONALS[square];
    let diagonal = ((player & diagonal).wrapping_mul(FILE_A) >> 56) as u8;
    let anti = ((player & anti).wrapping_mul(FILE_A) >> 56) as u8;
    let by_file = &FLIP_COUNT[file];
    u32::from(by_file[usize::from(row)])
        + u32::from(FLIP_COUNT[rank][usize::from(column)])
        + u32::from(by_file[usize::from(diagonal)])
        + u32::from(by_file[usize::from(anti)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::bitboard::portable;
    use crate::movegen::{BitboardGenerator, MoveGenerator};
    use crate::types::Square;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn counts_equal_the_flips_of_the_move_generators() {
        let mut rng = StdRng::seed_from_u64(11);
        for round in 0..200_000u32 {
            let square = (round % 64) as usize;
            let bit = 1u64 << square;
            // Mostly random boards, some nearly all one colour (long runs).
            let player = match round % 4 {
                0 => rng.random::<u64>() & rng.random::<u64>() & rng.random::<u64>(),
                1 => rng.random::<u64>() | rng.random::<u64>() | rng.random::<u64>(),
                _ => rng.random::<u64>(),
            } & !bit;
            let opponent = !player & !bit;
            let expected = BitboardGenerator::flips(player, opponent, Square::new(square as u8));
            assert_eq!(
                expected,
                portable::flips(player, opponent, Square::new(square as u8))
            );
            assert_eq!(
                count_last_flips(player, square),
                expected.count_ones(),
                "square {square} player {player:#x}"
            );
        }
    }

    #[test]
    fn a_known_last_move() {
        // a1 empty, the whole a-file above it white up to a black disc on a8:
        // black playing a1 flips a2..a7 (6), nothing else when the rest is white.
        let player = 1u64 << 56;
        assert_eq!(count_last_flips(player, 0), 6);
        assert_eq!(count_last_flips(0, 0), 0);
        // Everything the mover's: nothing to flip.
        assert_eq!(count_last_flips(!1, 0), 0);
    }
}
