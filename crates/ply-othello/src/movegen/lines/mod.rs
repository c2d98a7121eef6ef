//! The seed's line-table move generator.
//!
//! The board is read as 32 line bytes (the 8 rows, the 8 columns and the
//! diagonals of three squares or more, the short diagonals paired two to a byte
//! as the seed lists them in [`spec`]). For each line, the player's and the
//! opponent's discs on it are gathered into two bytes, which together give the
//! line's content; a table gives the legal-move byte of that content, and a
//! second table per line maps that byte back to a 64-bit board mask. The masks
//! ORed together are the legal moves. Flips go the same way, over the (at most
//! four) lines through the square played: content -> flipped byte -> board mask.
//!
//! All tables are generated at build time by `build.rs` from [`spec`].
//!
//! One deviation from the seed: it asks that "only shifts are to be used to
//! put the bits in (for portability)", while a line byte is gathered here with
//! one multiply (see `Gather`): the squares of a row, column or diagonal,
//! masked, are multiplied into the top byte in the seed's bit order. The
//! products never overlap, so the result is the one the shifts would give, in
//! one step; the bit order of every line is the seed's (columns: rank 1, the
//! seed's north edge, in bit 0), as the tests below check against the seed's
//! square map.

pub mod spec;

use super::MoveGenerator;
use crate::types::Square;

/// How a line byte is gathered from a bitboard with one multiply:
/// `((((board >> pre) & mask) * multiplier) >> 56) << left >> right`.
#[derive(Clone, Copy, Debug)]
struct Gather {
    pre: u32,
    mask: u64,
    multiplier: u64,
    left: u32,
    right: u32,
}

impl Gather {
    #[inline(always)]
    fn apply(&self, board: u64) -> usize {
        let top = ((board >> self.pre) & self.mask).wrapping_mul(self.multiplier) >> 56;
        ((top << self.left) >> self.right) as usize & 0xFF
    }
}

/// One line byte: its gathers (the second is empty unless the line pairs two
/// segments that cannot share one) and its legal-move table. The squares of
/// each byte value are in [`LINE_SQUARES`].
#[derive(Clone, Copy, Debug)]
struct LineTable {
    /// The seed's name for the line, kept for tests and debugging.
    #[cfg_attr(not(test), allow(dead_code))]
    name: &'static str,
    gathers: [Gather; 2],
    /// Index into [`LEGAL`]: how the byte is split into segments.
    partition: usize,
}

impl LineTable {
    #[inline(always)]
    fn byte(&self, board: u64) -> usize {
        self.gathers[0].apply(board) | self.gathers[1].apply(board)
    }
}

/// A line through a square: which line, the square's bit in it, and the bits of
/// the segment holding it (flips never leave the segment).
#[derive(Clone, Copy, Debug)]
struct SquareOnLine {
    line: usize,
    bit: usize,
    segment: usize,
}

include!(concat!(env!("OUT_DIR"), "/line_tables.rs"));

/// The base-3 content index of a line from its player and opponent bytes.
#[inline(always)]
fn content(own: usize, opp: usize) -> usize {
    usize::from(BASE3[own]) + 2 * usize::from(BASE3[opp])
}

/// The legal moves along line `L`. `L` is a constant, so the line's gathers
/// compile to immediate shifts and masks.
#[inline(always)]
fn line_moves<const L: usize>(player: u64, opponent: u64) -> u64 {
    let line = const { LINES[L] };
    let index = content(line.byte(player), line.byte(opponent));
    LINE_SQUARES[L][usize::from(LEGAL[line.partition][index])]
}

/// The discs flipped along the lines through square `S`.
fn flips_at<const S: usize>(player: u64, opponent: u64) -> u64 {
    let mut flips = 0;
    let lines = const { SQUARE_LINES[S] };
    for on_line in &lines[..const { SQUARE_LINE_COUNT[S] }] {
        let line = LINES[on_line.line];
        let index = content(
            line.byte(player) & on_line.segment,
            line.byte(opponent) & on_line.segment,
        );
        flips |= LINE_SQUARES[on_line.line][usize::from(FLIPPED[on_line.bit][index])];
    }
    flips
}

/// Calls `$f::<i>(args)` for each listed `i` and ORs the results.
macro_rules! or_each {
    ($f:ident($player:expr, $opponent:expr); $($i:literal)*) => {
        0 $(| $f::<$i>($player, $opponent))*
    };
}

/// Lists `$f::<i>` for each listed `i`.
macro_rules! list_each {
    ($f:ident; $($i:literal)*) => {
        [$($f::<$i>),*]
    };
}

const _: () = assert!(LINES.len() == 32, "the seed has 32 line bytes");

/// The flip function of each square.
static FLIPS_AT: [fn(u64, u64) -> u64; 64] = list_each!(flips_at;
    0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
    32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63);

/// The seed's line-table generator (`--gen lines`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LineTableGenerator;

impl MoveGenerator for LineTableGenerator {
    const NAME: &'static str = "lines";

    #[inline]
    fn moves(player: u64, opponent: u64) -> u64 {
        or_each!(line_moves(player, opponent);
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31)
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        FLIPS_AT[square.index()](player, opponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_squares(line: &LineTable) -> &'static [u64; 256] {
        let index = LINES.iter().position(|l| l.name == line.name).unwrap();
        &LINE_SQUARES[index]
    }

    #[test]
    fn the_seed_lines_are_all_there_in_order() {
        let names: Vec<&str> = LINES.iter().map(|l| l.name).collect();
        assert_eq!(names.len(), 32);
        assert_eq!(&names[..3], ["H1", "H2", "H3"]);
        assert_eq!(names[8], "Va");
        assert_eq!(&names[16..20], ["D80_1", "D80_2", "D44_1", "D44_2"]);
        assert_eq!(names[31], "D70_4");
    }

    #[test]
    fn every_square_is_on_its_row_column_and_long_diagonals() {
        // Count the lines through each square from the line tables themselves and
        // compare with the per-square list used for flips.
        let mut per_square = [0u32; 64];
        for line in &LINES {
            let all = line_squares(line)[255];
            for (sq, count) in per_square.iter_mut().enumerate() {
                *count += u32::from(all & (1 << sq) != 0);
            }
        }
        for (sq, &count) in per_square.iter().enumerate() {
            assert_eq!(count as usize, SQUARE_LINE_COUNT[sq], "square {sq}");
            assert!(count == 3 || count == 4, "square {sq}");
        }
        // Squares on a diagonal shorter than 3: a2,b1 / g1,h2 / a7,b8 / g8,h7 and the
        // four corners (diagonal of 1) have only 3 lines.
        let three: Vec<usize> = (0..64).filter(|&sq| per_square[sq] == 3).collect();
        assert_eq!(three, [0, 1, 6, 7, 8, 15, 48, 55, 56, 57, 62, 63]);
    }

    #[test]
    fn gathers_put_each_square_on_its_seed_bit() {
        let bit_of = |line: &str, sq: &str| {
            let line = LINES.iter().find(|l| l.name == line).unwrap();
            let sq: Square = sq.parse().unwrap();
            line.byte(sq.bit())
        };
        // Rows west to east, columns north (rank 1) to south.
        assert_eq!(bit_of("H1", "a1"), 1);
        assert_eq!(bit_of("H1", "h1"), 0x80);
        assert_eq!(bit_of("Va", "a1"), 1);
        assert_eq!(bit_of("Va", "a8"), 0x80);
        assert_eq!(bit_of("Vd", "d2"), 1 << 1);
        // The seed's paired diagonals.
        assert_eq!(bit_of("D44_1", "e1"), 1 << 4);
        assert_eq!(bit_of("D44_1", "a5"), 1);
        assert_eq!(bit_of("D44_2", "a4"), 1 << 4);
        assert_eq!(bit_of("D44_2", "e8"), 1);
        assert_eq!(bit_of("D53_1", "d1"), 1 << 3);
        assert_eq!(bit_of("D53_1", "h5"), 1 << 7);
        assert_eq!(bit_of("D53_1", "f1"), 1);
        assert_eq!(bit_of("D53_1", "h3"), 1 << 2);
        assert_eq!(bit_of("D53_4", "f8"), 1);
        assert_eq!(bit_of("D60_1", "c1"), 1);
        assert_eq!(bit_of("D70_4", "h2"), 1 << 6);
        assert_eq!(bit_of("D60_1", "a1"), 0);
    }

    /// The seed's square map (`seed_square_map.txt`): each edge as a list of
    /// square numbers, walked clockwise from the north-west corner.
    fn seed_edges() -> Vec<(String, Vec<usize>)> {
        include_str!("seed_square_map.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let (numbers, comment) = line.split_once("/*")?;
                let name = comment.trim_end_matches("*/").trim().to_owned();
                let squares = numbers
                    .split_whitespace()
                    .map(|n| n.parse().expect("a square number"))
                    .collect();
                Some((name, squares))
            })
            .collect()
    }

    #[test]
    fn the_seed_square_map_orders_the_columns() {
        let edges = seed_edges();
        let edge = |name: &str| {
            edges
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, squares)| squares.clone())
                .unwrap_or_else(|| panic!("the map has no {name}"))
        };
        let north = edge("north edge");
        let east = edge("east edge");
        let mut west = edge("west edge");
        // The map's square numbers are this crate's square indices: a1 is 00.
        assert_eq!(Square::new(north[0] as u8).to_string(), "a1");
        // The west edge is walked south to north; the east edge north to south.
        west.reverse();
        for (column, name) in [(&west, "Va"), (&east, "Vh")] {
            let line = LINES.iter().find(|l| l.name == name).unwrap();
            for (bit, &square) in column.iter().enumerate() {
                assert_eq!(line.byte(1 << square), 1 << bit, "{name} square {square}");
            }
        }
        // Every column starts (bit 0) on the north edge and runs south in steps
        // of one row, as the east edge does.
        let row_step = east[1] - east[0];
        for (file, &top) in north.iter().enumerate() {
            let line = &LINES[8 + file];
            assert_eq!(line.name, format!("V{}", char::from(b'a' + file as u8)));
            for bit in 0..8 {
                let square = top + bit * row_step;
                assert_eq!(line.byte(1 << square), 1 << bit, "{} bit {bit}", line.name);
            }
        }
    }

    #[test]
    fn paired_segments_do_not_interact() {
        // D53_1 holds d1-h5 (bits 3-7) and f1-h3 (bits 0-2). Own disc on h3 (bit 2)
        // next to an opponent on d1 (bit 3): adjacent bits, but different
        // diagonals, so no move may come out of it.
        let sq = |s: &str| s.parse::<Square>().unwrap().bit();
        let player = sq("h3");
        let opponent = sq("d1") | sq("e2");
        let line = LINES.iter().find(|l| l.name == "D53_1").unwrap();
        let index = content(line.byte(player), line.byte(opponent));
        assert_eq!(
            line_squares(line)[usize::from(LEGAL[line.partition][index])],
            0
        );
        // Along d1-h5 itself, own g4 behind opponents f3 and e2 makes d1 legal.
        let player = sq("g4");
        let opponent = sq("f3") | sq("e2");
        let index = content(line.byte(player), line.byte(opponent));
        assert_eq!(
            line_squares(line)[usize::from(LEGAL[line.partition][index])],
            sq("d1")
        );
    }
}
