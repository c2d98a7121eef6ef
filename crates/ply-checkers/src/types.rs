//! The 32 playable squares, numbered as in PDN, and the four diagonal
//! directions of the seed.
//!
//! Square numbers run row by row from the top of the usual diagram, where Black
//! starts: 1 = b8, 2 = d8, 3 = f8, 4 = h8, 5 = a7, ..., 29 = a1, 32 = g1. A
//! square's index (its number minus one) is its bit in a 32-bit board.

use std::fmt;

/// A playable (dark) square, 1-32 in PDN numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index, 0..32 (its PDN number minus one).
    ///
    /// # Panics
    /// If `index` is 32 or more.
    #[must_use]
    pub const fn from_index(index: u8) -> Square {
        assert!(index < 32, "square index out of range");
        Square(index)
    }

    /// The square with PDN number `number`, 1..=32.
    #[must_use]
    pub const fn from_number(number: u32) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square((number - 1) as u8))
        } else {
            None
        }
    }

    /// The square in `row` (0 = the top row of the diagram, rank 8; 7 = rank 1)
    /// and `file` (0 = a ... 7 = h), if that square is a playable one.
    #[must_use]
    pub const fn from_coords(row: u8, file: u8) -> Option<Square> {
        if row < 8 && file < 8 && (row + file) % 2 == 1 {
            Some(Square(row * 4 + file / 2))
        } else {
            None
        }
    }

    /// The index 0..32: the square's bit in a board.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The PDN number, 1..=32.
    #[must_use]
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    /// The row, 0 (rank 8, the top of the diagram) to 7 (rank 1).
    #[must_use]
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    pub const fn file(self) -> u8 {
        (self.0 % 4) * 2 + if self.row().is_multiple_of(2) { 1 } else { 0 }
    }

    /// The board holding just this square.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The square seen from the other side of the board (turned by 180
    /// degrees): number `n` becomes `33 - n`.
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(31 - self.0)
    }

    /// The square's name in algebraic coordinates, such as `b8`.
    #[must_use]
    pub fn algebraic(self) -> String {
        format!("{}{}", char::from(b'a' + self.file()), 8 - self.row())
    }

    /// Every square, 1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..32).map(Square)
    }

    /// The squares of a board, lowest number first.
    pub fn in_board(mut board: u32) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            (board != 0).then(|| {
                let square = Square(board.trailing_zeros() as u8);
                board &= board - 1;
                square
            })
        })
    }
}

impl fmt::Display for Square {
    /// The PDN number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.number().fmt(f)
    }
}

/// A diagonal direction, named as the seed names them, from the point of view
/// of the side to move with its men heading down the diagram (towards higher
/// square numbers): forward is down, right is towards the h-file.
///
/// Boards are side-relative (the side to move always sits at the top), so one
/// set of directions serves both colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Down and towards the h-file.
    RightForward = 0,
    /// Down and towards the a-file.
    LeftForward = 1,
    /// Up and towards the a-file (kings only).
    LeftBackward = 2,
    /// Up and towards the h-file (kings only).
    RightBackward = 3,
}

impl Direction {
    /// The four directions in the seed's order; the first two are the forward
    /// ones, open to men.
    pub const ALL: [Direction; 4] = [
        Direction::RightForward,
        Direction::LeftForward,
        Direction::LeftBackward,
        Direction::RightBackward,
    ];

    /// The direction with this index (only the two lowest bits are used).
    #[must_use]
    pub const fn from_index(index: u32) -> Direction {
        Direction::ALL[(index & 3) as usize]
    }

    /// (row, file) change of one step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::RightForward => (1, 1),
            Direction::LeftForward => (1, -1),
            Direction::LeftBackward => (-1, -1),
            Direction::RightBackward => (-1, 1),
        }
    }

    /// The same direction seen from the other side of the board.
    #[must_use]
    pub const fn rotated(self) -> Direction {
        Direction::from_index(self as u32 ^ 2)
    }

    /// The square one step away from `square` in this direction, if on the board.
    #[must_use]
    pub const fn step(self, square: Square) -> Option<Square> {
        let (dr, df) = self.delta();
        let row = square.row() as i8 + dr;
        let file = square.file() as i8 + df;
        if row < 0 || file < 0 {
            None
        } else {
            Square::from_coords(row as u8, file as u8)
        }
    }
}

/// Per direction and square: the bit of the neighbouring square (0 off the board).
pub const STEP: [[u32; 32]; 4] = square_table(1);

/// Per direction and square: the bit of the square two steps away, where a
/// jump lands (0 off the board).
pub const LANDING: [[u32; 32]; 4] = square_table(2);

/// The bits `steps` steps away from each square in each direction.
const fn square_table(steps: u32) -> [[u32; 32]; 4] {
    let mut table = [[0; 32]; 4];
    let mut d = 0;
    while d < 4 {
        let direction = Direction::from_index(d as u32);
        let mut index = 0;
        while index < 32 {
            let mut square = Some(Square::from_index(index as u8));
            let mut k = 0;
            while k < steps {
                square = match square {
                    Some(s) => direction.step(s),
                    None => None,
                };
                k += 1;
            }
            if let Some(s) = square {
                table[d][index] = s.bit();
            }
            index += 1;
        }
        d += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(row: u8, file: u8) -> u32 {
        Square::from_coords(row, file).unwrap().number()
    }

    #[test]
    fn numbering_follows_pdn() {
        assert_eq!(number(0, 1), 1, "b8");
        assert_eq!(number(0, 7), 4, "h8");
        assert_eq!(number(1, 0), 5, "a7");
        assert_eq!(number(7, 0), 29, "a1");
        assert_eq!(number(7, 6), 32, "g1");
        assert_eq!(Square::from_number(1).unwrap().algebraic(), "b8");
        assert_eq!(Square::from_number(32).unwrap().algebraic(), "g1");
        assert_eq!(Square::from_number(0), None);
        assert_eq!(Square::from_number(33), None);
        assert_eq!(Square::from_coords(0, 0), None, "a8 is a light square");
        for square in Square::all() {
            assert_eq!(
                Square::from_coords(square.row(), square.file()),
                Some(square)
            );
            assert_eq!(Square::from_number(square.number()), Some(square));
            assert_eq!(square.to_string(), square.number().to_string());
        }
    }

    #[test]
    fn rotation_is_the_half_turn() {
        for square in Square::all() {
            let turned = square.rotated();
            assert_eq!(turned.number(), 33 - square.number());
            assert_eq!(turned.row(), 7 - square.row());
            assert_eq!(turned.file(), 7 - square.file());
            assert_eq!(turned.bit(), square.bit().reverse_bits());
            for direction in Direction::ALL {
                assert_eq!(
                    direction.rotated().step(turned),
                    direction.step(square).map(Square::rotated)
                );
            }
        }
    }

    #[test]
    fn steps_stay_on_the_board() {
        let sq = |n| Square::from_number(n).unwrap();
        assert_eq!(Direction::RightForward.step(sq(1)), Some(sq(6)));
        assert_eq!(Direction::LeftForward.step(sq(1)), Some(sq(5)));
        assert_eq!(Direction::LeftForward.step(sq(5)), None);
        assert_eq!(Direction::RightForward.step(sq(4)), None);
        assert_eq!(Direction::LeftBackward.step(sq(6)), Some(sq(1)));
        assert_eq!(Direction::RightBackward.step(sq(1)), None);
        assert_eq!(Direction::RightForward.step(sq(29)), None);
        let count: usize = Direction::ALL
            .iter()
            .map(|d| Square::all().filter(|&s| d.step(s).is_some()).count())
            .sum();
        // 49 diagonals between neighbouring squares, each walked both ways.
        assert_eq!(count, 98);
    }

    #[test]
    fn board_iteration_is_in_number_order() {
        let numbers: Vec<u32> = Square::in_board(0x8000_0011).map(Square::number).collect();
        assert_eq!(numbers, [1, 5, 32]);
    }
}
