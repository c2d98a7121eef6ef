//! Othello moves: a disc placed on a square (`d3`) or a pass.

use crate::types::{Square, SquareError};
use std::fmt;
use std::str::FromStr;

/// An Othello move: a disc placed on a square, or a pass when the player has no
/// move and the opponent has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move(u8);

impl Move {
    /// The pass.
    pub const PASS: Move = Move(64);

    /// Placing a disc on `square`.
    #[must_use]
    pub const fn place(square: Square) -> Move {
        Move(square.index() as u8)
    }

    /// The square played on, or `None` for a pass.
    #[must_use]
    pub const fn square(self) -> Option<Square> {
        if self.0 < 64 {
            Some(Square::new(self.0))
        } else {
            None
        }
    }

    /// Whether this is a pass.
    #[must_use]
    pub const fn is_pass(self) -> bool {
        self.0 == 64
    }
}

impl fmt::Display for Move {
    /// `d3`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square() {
            Some(square) => square.fmt(f),
            None => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = SquareError;

    /// Reads `d3` (any case) or `pass` (also `PA`, `ps`, `@@`, `--`, as some
    /// programs write it); whether the move is legal is the position's to say
    /// ([`ply_core::Game::parse_move`]).
    fn from_str(text: &str) -> Result<Move, SquareError> {
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "pass" | "pa" | "ps" | "@@" | "--" => Ok(Move::PASS),
            _ => text.parse().map(Move::place),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_print_and_know_passes() {
        assert_eq!(Move::PASS.to_string(), "pass");
        assert!(Move::PASS.is_pass());
        let d3 = Move::place("d3".parse().unwrap());
        assert_eq!(d3.to_string(), "d3");
        assert_eq!(d3.square().map(Square::index), Some(19));
    }

    #[test]
    fn moves_read_back_what_they_write() {
        for text in ["d3", "pass", "h8"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("PA".parse::<Move>(), Ok(Move::PASS));
        assert_eq!("D3".parse::<Move>().unwrap().to_string(), "d3");
        assert!("d9".parse::<Move>().is_err());
    }
}
