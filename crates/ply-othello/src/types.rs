//! Squares and moves, with their names (`d3`, `pass`).

use std::fmt;
use std::str::FromStr;

/// A square of the board, 0 = a1, 7 = h1, 8 = a2, ..., 63 = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index (0..64).
    ///
    /// # Panics
    /// If `index` is 64 or more.
    #[must_use]
    pub const fn new(index: u8) -> Square {
        assert!(index < 64, "square index out of range");
        Square(index)
    }

    /// The square on `file` (0 = a) and `rank` (0 = 1), both below 8.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square::new(rank * 8 + file)
    }

    /// The square's index, 0..64.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for the a-file ... 7 for the h-file.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 for rank 1 ... 7 for rank 8.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The bitboard holding just this square.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The squares of a bitboard, lowest index first.
    pub fn in_bitboard(mut board: u64) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            (board != 0).then(|| {
                let sq = Square(board.trailing_zeros() as u8);
                board &= board - 1;
                sq
            })
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

/// A square name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: expected a file a-h and a rank 1-8, such as d3")]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `d3` (or `D3`).
    fn from_str(text: &str) -> Result<Square, SquareError> {
        match text.as_bytes() {
            &[file, rank] => {
                let file = file.to_ascii_lowercase().wrapping_sub(b'a');
                let rank = rank.wrapping_sub(b'1');
                if file < 8 && rank < 8 {
                    Ok(Square::from_coords(file, rank))
                } else {
                    Err(SquareError(text.to_owned()))
                }
            }
            _ => Err(SquareError(text.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_square() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h1".parse::<Square>().unwrap().index(), 7);
        assert_eq!("D3".parse::<Square>().unwrap().to_string(), "d3");
        assert_eq!("h8".parse::<Square>().unwrap().index(), 63);
    }

    #[test]
    fn bad_square_names_are_refused() {
        for bad in ["", "d", "d9", "i1", "d0", "d33", "3d", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bitboard_iteration_is_in_index_order() {
        let squares: Vec<String> = Square::in_bitboard(0x8000_0000_0000_0081)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(squares, ["a1", "h1", "h8"]);
    }
}
