//! A game in progress: the positions and moves played, with undo, and the
//! end-of-game rules that need the history (threefold repetition).

use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;
use ply_core::{EndReason, Outcome};

/// The positions of a game from its start, and the moves between them.
#[derive(Clone, Debug)]
pub struct GameHistory {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl GameHistory {
    /// A game starting at `start`.
    #[must_use]
    pub fn new(start: Position) -> GameHistory {
        GameHistory {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position so far, the start first and the current one last.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Plays `mv`, which must be legal in the current position.
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal.
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.position().is_legal(mv), "{mv} is not legal");
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Reads a move (UCI or SAN), checks it, and plays it.
    ///
    /// # Errors
    /// [`MoveError`] if the move cannot be read or is not legal.
    pub fn push_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.position().parse_move(text)?;
        self.push(mv);
        Ok(mv)
    }

    /// Takes back the last move, returning it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position has occurred (1 = first time):
    /// same pieces, side to move, castling rights and en passant possibility.
    /// Only positions since the last capture or pawn move can repeat it.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let window = usize::from(current.halfmove_clock()).min(self.positions.len() - 1);
        self.positions[self.positions.len() - 1 - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|p| p.hash() == current.hash() && same_position(p, current))
            .count()
    }

    /// The result if the game is over: by the position (mate, stalemate, fifty
    /// moves, insufficient material) or by threefold repetition.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position().outcome() {
            // Mate on the hundredth half-move wins: the position's own rules
            // put mate first.
            return Some(outcome);
        }
        (self.repetitions() >= 3).then_some(Outcome::Draw {
            reason: EndReason::ThreefoldRepetition,
        })
    }
}

/// Equal for the repetition rule: everything but the move counters.
fn same_position(a: &Position, b: &Position) -> bool {
    a.by_role == b.by_role
        && a.by_color == b.by_color
        && a.state.side == b.state.side
        && a.state.castling == b.state.castling
        && a.state.en_passant == b.state.en_passant
}
