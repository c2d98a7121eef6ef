//! A game as played: the positions one after another, for the rules that look
//! back — threefold repetition and the 40-move rule.

use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;
use ply_core::{EndReason, Game, Outcome};

/// Plies without a capture or a man's move after which the game is drawn: 40
/// moves by each side.
pub const FORTY_MOVE_PLIES: u32 = 80;

/// How often one position (same pieces, same side to move) must occur for a draw.
pub const REPETITIONS_FOR_DRAW: usize = 3;

/// A game from some start position: the moves played and the positions they
/// led to, with the count of plies since the last capture or man's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHistory {
    /// The start position, then the position after each move.
    positions: Vec<Position>,
    /// The moves played.
    moves: Vec<Move>,
    /// For each position, the plies since the last capture or man's move
    /// (or since the start).
    quiet_plies: Vec<u32>,
}

impl GameHistory {
    /// A game starting at `start`.
    #[must_use]
    pub fn new(start: Position) -> GameHistory {
        GameHistory {
            positions: vec![start],
            moves: Vec::new(),
            quiet_plies: vec![0],
        }
    }

    /// The position now.
    #[must_use]
    pub fn current(&self) -> &Position {
        self.positions
            .last()
            .expect("a history holds its start position")
    }

    /// The start position, then the position after each move.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plies since the last capture or man's move (or since the start).
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        *self.quiet_plies.last().expect("one count per position")
    }

    /// How many times the current position has occurred, this time included.
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.current();
        // Positions before the last capture or man's move cannot come back.
        let window = self.quiet_plies() as usize + 1;
        self.positions
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|&p| p == now)
            .count()
    }

    /// Plays `mv` if it is legal now.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] (listing the legal moves) if it is not.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        let now = *self.current();
        let legal = now.legal_moves();
        if !legal.contains(&mv) {
            return Err(MoveError::Illegal {
                played: mv.to_string(),
                legal: if legal.is_empty() {
                    "none (the game is over)".to_owned()
                } else {
                    legal
                        .iter()
                        .map(Move::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                },
            });
        }
        let quiet = if now.is_irreversible(mv) {
            0
        } else {
            self.quiet_plies() + 1
        };
        self.positions.push(now.play(mv));
        self.moves.push(mv);
        self.quiet_plies.push(quiet);
        Ok(())
    }

    /// Reads a move in notation (see [`crate::notation::parse_move`]) and plays it.
    ///
    /// # Errors
    /// [`MoveError`] if the move is malformed, ambiguous or illegal.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.current().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move, if any, and returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        Some(mv)
    }

    /// The result if the game is over: the side to move has no legal move (a
    /// loss), or a draw by the 40-move rule or by threefold repetition.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.current().outcome() {
            return Some(outcome);
        }
        if self.quiet_plies() >= FORTY_MOVE_PLIES {
            return Some(Outcome::Draw {
                reason: EndReason::FortyMoveRule,
            });
        }
        if self.repetitions() >= REPETITIONS_FOR_DRAW {
            return Some(Outcome::Draw {
                reason: EndReason::ThreefoldRepetition,
            });
        }
        None
    }
}
