//! The checkers position: the seed's three 32-bit sets, side-relative, and the
//! side to move; the rules on top of [`crate::movegen`].

use crate::board::{BACK_ROW, Board, CROWNING_ROW};
use crate::movegen::{self, MoveSets};
use crate::moves::Move;
use crate::types::Square;
use ply_core::Side;
use std::fmt;

/// A colour. Black ([`Side::First`]) starts on squares 1-12 and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Starts on 1-12, moves first, towards 32.
    Black = 0,
    /// Starts on 21-32, towards 1.
    White = 1,
}

impl Color {
    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The colour's turn order.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Color::Black => Side::First,
            Color::White => Side::Second,
        }
    }

    /// The colour moving in turn `side`.
    #[must_use]
    pub const fn of_side(side: Side) -> Color {
        match side {
            Side::First => Color::Black,
            Side::Second => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// Most squares a side may have.
pub const MAX_PIECES: u32 = 12;

/// A PDN FEN that could not be read, or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not of the shape `side:colour squares:colour squares`.
    #[error(
        "expected a PDN FEN such as B:W21,22,23:B1,2,3 (side to move, then each colour's squares); {0}"
    )]
    Malformed(String),
    /// The side to move is neither `B` nor `W`.
    #[error("'{0}' is not a side to move: use B (black) or W (white)")]
    UnknownSide(String),
    /// A piece list starts with something else than `B` or `W`.
    #[error("'{0}' is not a colour: each list of squares starts with B (black) or W (white)")]
    UnknownColour(String),
    /// One colour has two lists.
    #[error("the {0} pieces are listed twice")]
    ColourTwice(Color),
    /// A square number outside 1-32.
    #[error("'{0}' is not a square: squares are numbered 1 to 32")]
    SquareOutOfRange(String),
    /// A list item that is neither a square nor a range.
    #[error("'{0}' is not a square or a range of squares, such as 5, K5 or 1-12")]
    BadSquare(String),
    /// Two pieces on one square.
    #[error("two pieces on square {0}")]
    TwoPieces(Square),
    /// A man on the row where it would have been crowned.
    #[error(
        "a {color} man on square {square}, its crowning row (it would be a king: write K{square})"
    )]
    ManOnCrowningRow {
        /// The man's colour.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// More than twelve pieces of one colour.
    #[error("{count} {color} pieces: a side has at most 12")]
    TooManyPieces {
        /// The colour.
        color: Color,
        /// How many pieces it was given.
        count: u32,
    },
}

/// A checkers position: whose turn it is and the pieces, held side-relative
/// (see [`crate::board`]). Small and `Copy`: [`Game::play_unchecked`](ply_core::Game::play_unchecked) returns a new one.
///
/// The board is kept as both sides see it. A move updates both views, and the
/// views swap roles for the next side to move: turning the board after each
/// ply, as the seed swaps active and passive, then costs nothing.
///
/// Repetitions and the 40-move rule depend on the moves that led here; they are
/// judged by [`ply_core::GameHistory`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces as the side to move sees them.
    board: Board,
    /// The pieces as the other side sees them: `board` turned.
    turned: Board,
    /// Whether White is to move (`board` is then the real board turned).
    white: bool,
}

/// The standard start position: Black on 1-12, White on 21-32, Black to move.
pub(crate) const START: Position = Position::new(
    Board {
        mine: 0x0000_0FFF,
        theirs: 0xFFF0_0000,
        kings: 0,
    },
    false,
);

impl Position {
    /// The position with `black` and `white` pieces (bit `n - 1` for square
    /// `n`), `kings` among them (bits on empty squares are ignored), and
    /// `to_move` to move.
    ///
    /// # Errors
    /// [`PositionError`] if two pieces share a square, a side has more than 12
    /// pieces, or a man stands on its crowning row.
    pub fn from_pieces(
        black: u32,
        white: u32,
        kings: u32,
        to_move: Color,
    ) -> Result<Position, PositionError> {
        if let Some(square) = Square::in_board(black & white).next() {
            return Err(PositionError::TwoPieces(square));
        }
        for (color, pieces) in [(Color::Black, black), (Color::White, white)] {
            if pieces.count_ones() > MAX_PIECES {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: pieces.count_ones(),
                });
            }
        }
        // Black is crowned on the bottom row, White on the top one.
        let crowned = [
            (Color::Black, black & !kings & CROWNING_ROW),
            (Color::White, white & !kings & BACK_ROW),
        ];
        for (color, men) in crowned {
            if let Some(square) = Square::in_board(men).next() {
                return Err(PositionError::ManOnCrowningRow { color, square });
            }
        }
        let kings = kings & (black | white);
        let board = Board {
            mine: black,
            theirs: white,
            kings,
        };
        Ok(match to_move {
            Color::Black => Position::new(board, false),
            Color::White => Position::new(board.turned(), true),
        })
    }

    /// The position with `board` seen by the side to move, White if `white`.
    const fn new(board: Board, white: bool) -> Position {
        Position {
            board,
            turned: board.turned(),
            white,
        }
    }

    /// The board seen from Black's side (Black's pieces as `mine`).
    const fn black_view(&self) -> Board {
        if self.white { self.turned } else { self.board }
    }

    /// Black's pieces (bit `n - 1` for square `n`).
    #[must_use]
    pub const fn black(&self) -> u32 {
        self.black_view().mine
    }

    /// White's pieces.
    #[must_use]
    pub const fn white(&self) -> u32 {
        self.black_view().theirs
    }

    /// The kings of both colours.
    #[must_use]
    pub const fn kings(&self) -> u32 {
        self.black_view().kings
    }

    /// The pieces of `colour`.
    #[must_use]
    pub const fn pieces(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black(),
            Color::White => self.white(),
        }
    }

    /// The colour to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        if self.white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The side-relative board the move generator works on: the side to move's
    /// men head towards higher bits.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The seed's move sets: per direction, the pieces that can go that way,
    /// jumps if any (side-relative squares).
    #[must_use]
    pub const fn move_sets(&self) -> MoveSets {
        movegen::move_sets(&self.board)
    }

    /// Whether the side to move must capture.
    #[must_use]
    pub const fn must_capture(&self) -> bool {
        let jumps = movegen::jump_sets(&self.board);
        jumps[0] | jumps[1] | jumps[2] | jumps[3] != 0
    }

    /// Whether `mv` (legal here) changes the position for good: a capture or a
    /// man's move. The 40-move rule counts the moves since the last such one.
    #[must_use]
    pub const fn is_irreversible(&self, mv: Move) -> bool {
        mv.is_capture() || self.board.kings & (1 << mv.relative_from()) == 0
    }

    /// The position after `mv` (legal here): each view updated with the move,
    /// then the views swap roles for the other side to move.
    #[inline(always)]
    #[must_use]
    pub(crate) fn after(&self, mv: Move) -> Position {
        debug_assert_eq!(mv.is_white(), self.white, "{mv:?} in {self:?}");
        let next = Position {
            board: self.turned.after_opponent_move(mv),
            turned: self.board.after_move(mv),
            white: !self.white,
        };
        debug_assert_eq!(next.board, next.turned.turned(), "{self:?} {mv:?}");
        next
    }

    /// Whether White is to move.
    #[inline(always)]
    pub(crate) const fn white_to_move(&self) -> bool {
        self.white
    }
}

#[cfg(test)]
mod tests;
