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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Checkers, Color};
    use ply_core::Side;

    fn game(fen: &str) -> GameHistory {
        GameHistory::new(Checkers::parse_position(fen).unwrap())
    }

    #[test]
    fn a_side_without_moves_has_lost() {
        let wiped_out = game("W:W:BK1");
        assert_eq!(
            wiped_out.outcome(),
            Some(Outcome::Win {
                winner: Side::First,
                reason: EndReason::NoLegalMoves
            })
        );
        // Black's men on 1 and 5 are blocked by White's on 6 and 9, and cannot
        // take them: 10 and 14 behind them are taken too.
        let blocked = game("B:W6,9,10,14:B1,5");
        assert!(blocked.current().legal_moves().is_empty());
        assert_eq!(
            blocked.outcome().map(Outcome::winner),
            Some(Some(Side::Second))
        );
        assert_eq!(Checkers::start().outcome(), None);
        assert_eq!(GameHistory::new(Checkers::start()).outcome(), None);
    }

    #[test]
    fn the_third_occurrence_of_a_position_is_a_draw() {
        let mut history = game("B:WK32:BK1");
        for round in 1..=2 {
            for text in ["1-6", "32-27", "6-1", "27-32"] {
                assert_eq!(history.outcome(), None, "{text} in round {round}");
                history.play_text(text).unwrap();
            }
            assert_eq!(history.repetitions(), round + 1);
        }
        assert_eq!(history.quiet_plies(), 8);
        assert_eq!(
            history.outcome(),
            Some(Outcome::Draw {
                reason: EndReason::ThreefoldRepetition
            })
        );
        // Taking a move back undoes the draw.
        assert_eq!(history.undo().map(|m| m.to_string()), Some("27-32".into()));
        assert_eq!(history.outcome(), None);
        assert_eq!(history.moves().len(), 7);
        assert_eq!(history.positions().len(), 8);
    }

    #[test]
    fn repetitions_count_positions_not_moves() {
        let mut history = game("B:WK32:BK1");
        for text in [
            "1-5", "32-28", "5-1", "28-32", "1-6", "32-27", "6-9", "27-23",
        ] {
            history.play_text(text).unwrap();
        }
        assert_eq!(history.repetitions(), 1);
        for text in ["9-6", "23-27", "6-1"] {
            history.play_text(text).unwrap();
            assert_eq!(history.outcome(), None);
        }
        history.play_text("27-32").unwrap();
        // The start position, again at plies 4 and 12 by other routes.
        assert_eq!(history.repetitions(), 3);
        assert_eq!(
            history.outcome().map(Outcome::reason),
            Some(EndReason::ThreefoldRepetition)
        );
    }

    /// Plays king moves that lead to positions not seen before and leave the
    /// other side nothing to capture, until `plies` quiet plies are played.
    fn wander(history: &mut GameHistory, plies: u32) {
        while history.quiet_plies() < plies {
            let now = *history.current();
            let fresh = now.legal_moves().into_iter().find(|&mv| {
                let next = now.play(mv);
                !now.is_irreversible(mv)
                    && !next.must_capture()
                    && !history.positions().contains(&next)
            });
            history.play(fresh.expect("a fresh king move")).unwrap();
            assert_eq!(history.repetitions(), 1);
            assert_eq!(
                history.outcome().is_some(),
                history.quiet_plies() >= FORTY_MOVE_PLIES
            );
        }
    }

    #[test]
    fn forty_moves_each_without_a_capture_or_a_man_move_draw() {
        let mut history = game("B:WK29,K32:BK1,K4,5");
        wander(&mut history, FORTY_MOVE_PLIES - 2);
        // A man's move starts the count again.
        let now = *history.current();
        assert_eq!(now.side_to_move(), Color::Black);
        let man = now
            .legal_moves()
            .into_iter()
            .find(|&mv| now.is_irreversible(mv) && !now.play(mv).must_capture())
            .expect("the man on 5 can move");
        history.play(man).unwrap();
        assert_eq!(history.quiet_plies(), 0);
        wander(&mut history, FORTY_MOVE_PLIES - 1);
        assert_eq!(history.outcome(), None);
        wander(&mut history, FORTY_MOVE_PLIES);
        assert_eq!(
            history.outcome(),
            Some(Outcome::Draw {
                reason: EndReason::FortyMoveRule
            })
        );
    }

    #[test]
    fn captures_start_the_count_again_and_illegal_moves_are_refused() {
        let mut history = game("B:WK11:BK3,K29");
        history.play_text("3-7").unwrap();
        assert_eq!(history.quiet_plies(), 1);
        // White's king on 11 must take 7.
        let err = history.play_text("11-15").unwrap_err();
        assert_eq!(
            err.to_string(),
            "11-15 is not legal here; legal moves: 11x2"
        );
        history.play_text("11x2").unwrap();
        assert_eq!(history.quiet_plies(), 0);
        let start = Checkers::start();
        let foreign = start.legal_moves()[0];
        assert!(history.play(foreign).is_err());
        assert_eq!(history.moves().len(), 2);
    }
}
