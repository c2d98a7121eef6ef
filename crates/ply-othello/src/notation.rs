//! Othello's notation: squares `a1`-`h8` and `pass` for moves (see
//! [`Move`](crate::Move)), the position string (64 squares from a1, a space,
//! the side to move) and the errors of reading them.

use crate::types::Square;
use ply_core::MoveNames;

/// A position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not 64 board characters, a space and a side.
    #[error(
        "expected 64 board characters (a1..h1, a2..h2, ..., a8..h8), a space and X or O to move; got {0}"
    )]
    Shape(String),
    /// A board character other than X, O or -.
    #[error("'{character}' on {square} is not a disc: use X (black), O (white) or - (empty)")]
    BadCharacter {
        /// The character found.
        character: char,
        /// Where it was.
        square: Square,
    },
    /// A side to move other than X or O.
    #[error("'{0}' is not a side to move: use X (black) or O (white)")]
    BadSide(String),
    /// Black and white discs on one square (only from [`Position::from_discs`](crate::Position::from_discs)).
    #[error("impossible position: {0} holds both a black and a white disc")]
    Overlap(Square),
    /// A centre square is empty.
    #[error("impossible position: the centre square {0} is empty (it is filled from the start)")]
    EmptyCentre(Square),
    /// A disc not connected to the centre.
    #[error("impossible position: the disc on {0} is cut off from the discs in the centre")]
    Disconnected(Square),
}

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a square name or `pass`.
    #[error("'{0}' is not a move: expected a square such as d3, or pass")]
    Malformed(String),
    /// A well-formed move that is not legal here.
    #[error("{played} is not legal here; legal moves: {legal}")]
    Illegal {
        /// The move as given.
        played: String,
        /// The legal moves (none when the game is over).
        legal: MoveNames,
    },
}
