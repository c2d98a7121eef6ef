//! Regions of the board for the pattern terms of the checkers evaluation:
//! the nine overlapping 4×4 blocks of the 8×8 board (rows 0-3, 2-5 and 4-7
//! by files a-d, c-f and e-h), eight playable squares each. A block's
//! **configuration** is what stands on its squares, each empty, the side to
//! move's piece or the other side's (man or king alike: the kings have
//! their own square terms), read as a base-3 number: 3^8 = 6,561 of them.
//! One weight per region and configuration learns what the evaluation's
//! named terms cannot say of a formation (a bridge with its guards, a
//! pinned wing, a breakthrough in the making), as the Othello evaluation's
//! patterns and the pattern tables of strong checkers programs do.
//!
//! The blocks are read on the side-relative board (the side to move's men
//! head towards higher bits): a board turned by 180 degrees maps the set of
//! blocks onto itself, block `(r, c)` onto `(2 - r, 2 - c)`.

use crate::board::Board;

/// The number of regions.
pub const REGIONS: usize = 9;

/// The configurations of one region: three states on eight squares.
pub const CONFIGS: usize = 6561;

/// The squares a region reads, as `(row, k)` of its first square: the
/// region holds rows `row..row + 4`, squares `k` and `k + 1` of each row
/// (the bits `4 * row + k` and up: a row of the 32-square board is four
/// bits, and square `k` of a row is on file `2k` or `2k + 1`).
const ORIGINS: [(u32, u32); REGIONS] = {
    let mut origins = [(0, 0); REGIONS];
    let mut i = 0;
    while i < REGIONS {
        origins[i] = (2 * (i as u32 / 3), i as u32 % 3);
        i += 1;
    }
    origins
};

/// The eight squares of `region` in `set`, as the low eight bits: the
/// region's first row in bits 0-1, its last in bits 6-7.
#[inline]
#[must_use]
pub const fn gather(set: u32, region: usize) -> u32 {
    let (row, k) = ORIGINS[region];
    let squares = (set >> (4 * row + k)) & 0x3333;
    let squares = (squares | squares >> 2) & 0x0F0F;
    (squares | squares >> 4) & 0xFF
}

/// The base-3 value of each 8-bit set: bit `i` counts `3^i`.
const BASE_3: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut bits = 0;
    while bits < 256 {
        let (mut value, mut power, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if bits & 1 << i != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
};

/// The configuration of `region` on `board`: square `i` of the region counts
/// `3^i` for the side to move's piece, `2 * 3^i` for the other side's.
#[inline]
#[must_use]
pub fn config(board: &Board, region: usize) -> usize {
    let mine = BASE_3[gather(board.mine, region) as usize];
    let theirs = BASE_3[gather(board.theirs, region) as usize];
    usize::from(mine) + 2 * usize::from(theirs)
}

/// The configurations of every region on `board`.
#[inline]
#[must_use]
pub fn configs(board: &Board) -> [u16; REGIONS] {
    std::array::from_fn(|region| config(board, region) as u16)
}

/// The configuration that region `REGIONS - 1 - r` of the board turned by
/// 180 degrees (the other side's view) reads where region `r` reads
/// `config`: the squares in reverse order, each side's pieces the other's.
#[must_use]
pub const fn turned(mut config: usize) -> usize {
    let mut turned = 0;
    let mut i = 0;
    while i < 8 {
        let digit = match config % 3 {
            1 => 2,
            2 => 1,
            _ => 0,
        };
        turned = turned * 3 + digit;
        config /= 3;
        i += 1;
    }
    turned
}

/// The configuration as text, its squares in order: `.` empty, `x` the side
/// to move's piece, `o` the other side's.
#[must_use]
pub fn config_text(mut config: usize) -> String {
    (0..8)
        .map(|_| {
            let digit = config % 3;
            config /= 3;
            ['.', 'x', 'o'][digit]
        })
        .collect()
}

/// The configuration written by [`config_text`].
#[must_use]
pub fn config_from_text(text: &str) -> Option<usize> {
    if text.len() != 8 {
        return None;
    }
    text.bytes().rev().try_fold(0, |config, byte| {
        let digit = match byte {
            b'.' => 0,
            b'x' => 1,
            b'o' => 2,
            _ => return None,
        };
        Some(config * 3 + digit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    /// The region's squares found from the geometry: rows and files.
    fn squares_of(region: usize) -> Vec<Square> {
        let (row, col) = (2 * (region / 3) as u8, 2 * (region % 3) as u8);
        (0..32u8)
            .map(Square::from_index)
            .filter(|s| (row..row + 4).contains(&s.row()) && (col..col + 4).contains(&s.file()))
            .collect()
    }

    #[test]
    fn each_region_reads_its_eight_squares_in_order() {
        for region in 0..REGIONS {
            let squares = squares_of(region);
            assert_eq!(squares.len(), 8, "region {region}");
            for (i, square) in squares.iter().enumerate() {
                assert_eq!(gather(square.bit(), region), 1 << i, "region {region}");
            }
            let outside = squares.iter().fold(!0u32, |set, s| set & !s.bit());
            assert_eq!(gather(outside, region), 0, "region {region}");
        }
    }

    #[test]
    fn configurations_count_in_base_3_and_turn_with_the_board() {
        let board = Board {
            mine: 1 << 0 | 1 << 5 | 1 << 13,
            theirs: 1 << 1 | 1 << 30,
            kings: 0,
        };
        // Region 0: squares 0, 1, 4, 5, 8, 9, 12, 13 of the bits.
        assert_eq!(config(&board, 0), 1 + 2 * 3 + 27 + 3usize.pow(7));
        assert_eq!(config_text(config(&board, 0)), "xo.x...x");
        assert_eq!(config_from_text("xo.x...x"), Some(config(&board, 0)));
        assert_eq!(config_from_text("xo.x..x"), None);
        assert_eq!(config_from_text("xo.x..xk"), None);
        // Turned by 180 degrees and the colours swapped, region r reads
        // region 8 - r backwards with the colours swapped.
        let turned = board.turned();
        for region in 0..REGIONS {
            let swap = |c: usize| {
                config_text(c)
                    .chars()
                    .rev()
                    .map(|ch| match ch {
                        'x' => 'o',
                        'o' => 'x',
                        other => other,
                    })
                    .collect::<String>()
            };
            assert_eq!(
                config_text(config(&turned, REGIONS - 1 - region)),
                swap(config(&board, region)),
                "region {region}"
            );
            assert_eq!(
                config(&turned, REGIONS - 1 - region),
                super::turned(config(&board, region))
            );
        }
        assert!((0..CONFIGS).all(|c| config_from_text(&config_text(c)) == Some(c)));
        assert!((0..CONFIGS).all(|c| super::turned(super::turned(c)) == c));
    }
}
