//! [`ply_core::Game`] for checkers positions: the rules' entry points, the
//! Zobrist hash and the end of a game that the position decides alone.

use crate::movegen;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::{Position, PositionError, START};
use ply_core::{EndReason, Game, MoveList, Outcome, Side};

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
        self.side_to_move().side()
    }

    #[inline(always)]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        movegen::generate(self.board(), self.white_to_move(), moves);
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        movegen::count(self.board())
    }

    #[inline(always)]
    fn play(&self, mv: Move) -> Self {
        self.after(mv)
    }

    /// A side that cannot move has lost (no pieces, or all blocked).
    fn outcome(&self) -> Option<Outcome> {
        if self.move_sets().is_empty() {
            Some(Outcome::Win {
                winner: self.side_to_move().opponent().side(),
                reason: EndReason::NoLegalMoves,
            })
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        let (black, white, kings) = (self.black(), self.white(), self.kings());
        let side = if self.white_to_move() { ZOBRIST[4 * 4 * 256] } else { 0 };
        hash_board(black & !kings, 0)
            ^ hash_board(black & kings, 1)
            ^ hash_board(white & !kings, 2)
            ^ hash_board(white & kings, 3)
            ^ side
    }

    /// Reads a PDN FEN (see [`Position::from_fen`]).
    fn parse_position(text: &str) -> Result<Self, PositionError> {
        Position::from_fen(text)
    }

    /// Writes the canonical PDN FEN (see [`Position::fen`]).
    fn position_string(&self) -> String {
        self.fen()
    }

    /// Reads `11-15`, `22x15x6` or `22x6` (see [`Position::parse_move`]).
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    fn move_name(&self, mv: Move) -> String {
        mv.to_string()
    }
}
