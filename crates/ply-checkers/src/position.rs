//! The checkers position: the seed's three 32-bit sets, side-relative, and the
//! side to move; the rules on top of [`crate::movegen`].

use crate::board::{BACK_ROW, Board, CROWNING_ROW};
use crate::movegen::{self, MoveSets};
use crate::moves::Move;
use crate::notation::{self, MAX_PIECES, MoveError, PositionError};
use ply_core::{EndReason, Game, MoveList, Outcome, Side};
use std::fmt;

/// A colour. Black ([`Side::First`]) starts on squares 1-12 and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Starts on 1-12, moves first, towards 32.
    Black = 0,
    /// Starts on 21-32, towards 1.
    White = 1,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The colour's turn order.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Colour::Black => Side::First,
            Colour::White => Side::Second,
        }
    }

    /// The colour moving in turn `side`.
    #[must_use]
    pub const fn of_side(side: Side) -> Colour {
        match side {
            Side::First => Colour::Black,
            Side::Second => Colour::White,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// A checkers position: whose turn it is and the pieces, held side-relative
/// (see [`crate::board`]). Small and `Copy`: [`Game::play`] returns a new one.
///
/// The board is kept as both sides see it. A move updates both views, and the
/// views swap roles for the next side to move: turning the board after each
/// ply, as the seed swaps active and passive, then costs nothing.
///
/// Repetitions and the 40-move rule depend on the moves that led here; they are
/// judged by [`crate::GameHistory`].
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
const START: Position = Position::new(
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
        to_move: Colour,
    ) -> Result<Position, PositionError> {
        if let Some(square) = crate::Square::in_board(black & white).next() {
            return Err(PositionError::TwoPieces(square));
        }
        for (colour, pieces) in [(Colour::Black, black), (Colour::White, white)] {
            if pieces.count_ones() > MAX_PIECES {
                return Err(PositionError::TooManyPieces {
                    colour,
                    count: pieces.count_ones(),
                });
            }
        }
        // Black is crowned on the bottom row, White on the top one.
        let crowned = [
            (Colour::Black, black & !kings & CROWNING_ROW),
            (Colour::White, white & !kings & BACK_ROW),
        ];
        for (colour, men) in crowned {
            if let Some(square) = crate::Square::in_board(men).next() {
                return Err(PositionError::ManOnCrowningRow { colour, square });
            }
        }
        let kings = kings & (black | white);
        let board = Board {
            mine: black,
            theirs: white,
            kings,
        };
        Ok(match to_move {
            Colour::Black => Position::new(board, false),
            Colour::White => Position::new(board.turned(), true),
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
    pub const fn pieces(&self, colour: Colour) -> u32 {
        match colour {
            Colour::Black => self.black(),
            Colour::White => self.white(),
        }
    }

    /// The colour to move.
    #[must_use]
    pub const fn colour_to_move(&self) -> Colour {
        if self.white {
            Colour::White
        } else {
            Colour::Black
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
}

/// Zobrist keys by byte: for black men, black kings, white men, white kings and
/// each of the 4 bytes of their board, a key per byte value; then the side key.
static ZOBRIST: [u64; 4 * 4 * 256 + 1] = ply_core::zobrist::key_table(0xC4EC_0E45);

fn hash_board(board: u32, kind: usize) -> u64 {
    board
        .to_le_bytes()
        .iter()
        .enumerate()
        .fold(0, |hash, (k, &byte)| {
            hash ^ ZOBRIST[(kind * 4 + k) * 256 + usize::from(byte)]
        })
}

impl Game for Position {
    type Move = Move;
    type PositionError = PositionError;
    type MoveError = MoveError;

    const NAME: &'static str = "checkers";

    fn start() -> Self {
        START
    }

    fn side_to_move(&self) -> Side {
        self.colour_to_move().side()
    }

    #[inline(always)]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        movegen::generate(&self.board, self.white, moves);
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        // popcnt at run time in builds that do not target it (a dependent crate).
        let board = &self.board;
        ply_core::multiversion!(
            "popcnt",
            ply_core::cpu::has_popcnt(),
            |board: &Board| -> u64 { movegen::count(board) }
        )
    }

    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        debug_assert_eq!(mv.is_white(), self.white, "{mv:?} in {self:?}");
        let next = Position {
            board: self.turned.after_opponent_move(mv),
            turned: self.board.after_move(mv),
            white: !self.white,
        };
        debug_assert_eq!(next.board, next.turned.turned(), "{self:?} {mv:?}");
        next
    }

    /// A side that cannot move has lost (no pieces, or all blocked).
    fn outcome(&self) -> Option<Outcome> {
        if movegen::move_sets(&self.board).is_empty() {
            Some(Outcome::Win {
                winner: self.side_to_move().opponent(),
                reason: EndReason::NoLegalMoves,
            })
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        let (black, white, kings) = (self.black(), self.white(), self.kings());
        let side = if self.white { ZOBRIST[4 * 4 * 256] } else { 0 };
        hash_board(black & !kings, 0)
            ^ hash_board(black & kings, 1)
            ^ hash_board(white & !kings, 2)
            ^ hash_board(white & kings, 3)
            ^ side
    }

    /// Reads a PDN FEN (see [`notation::parse_fen`]).
    fn parse_position(text: &str) -> Result<Self, PositionError> {
        notation::parse_fen(text)
    }

    /// Writes the canonical PDN FEN (see [`notation::write_fen`]).
    fn position_string(&self) -> String {
        notation::write_fen(self)
    }

    /// Reads `11-15`, `22x15x6` or `22x6` (see [`notation::parse_move`]).
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_name(&self, mv: Move) -> String {
        mv.to_string()
    }
}

impl fmt::Display for Position {
    /// The PDN FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.position_string())
    }
}

#[cfg(test)]
mod tests;
