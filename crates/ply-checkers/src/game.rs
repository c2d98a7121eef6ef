//! [`ply_core::Game`] for checkers positions: the rules' entry points, the
//! Zobrist hash, and the end of a game: a side without a legal move loses, and
//! [`ply_core::GameHistory`] judges, through the game's hooks, the draws that
//! look back (threefold repetition and the 40-move rule).

use crate::board::Board;
use crate::movegen;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::{Position, PositionError, START};
use ply_core::{Game, MoveList, Outcome, Side};
use std::fmt;

/// Why a game of checkers ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move has no legal move (no pieces, or all blocked) and loses.
    NoLegalMoves,
    /// Forty moves by each side without a capture or a man's move.
    FortyMoveRule,
    /// The same position occurred for the third time with the same side to move.
    ThreefoldRepetition,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NoLegalMoves => "no legal moves",
            EndReason::FortyMoveRule => "forty-move rule",
            EndReason::ThreefoldRepetition => "threefold repetition",
        })
    }
}

/// Plies without a capture or a man's move after which the game is drawn: 40
/// moves by each side.
pub const FORTY_MOVE_PLIES: u32 = 80;

/// How often one position (same pieces, same side to move) must occur for a draw.
pub const REPETITIONS_FOR_DRAW: usize = 3;

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
    type EndReason = EndReason;

    const NAME: &'static str = "checkers";

    /// A side that cannot move has lost.
    fn no_moves_score(&self) -> ply_core::NoMoves {
        ply_core::NoMoves::Lost
    }

    /// Men never move back, so only positions with kings can repeat; the
    /// search's repetition check (by hash) is skipped without them.
    fn reversible_plies(&self) -> usize {
        if self.kings() == 0 {
            0
        } else {
            crate::engine::REPETITION_WINDOW
        }
    }

    fn start() -> Self {
        START
    }

    fn side_to_move(&self) -> Side {
        self.turn().side()
    }

    #[inline(always)]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        movegen::generate(self.board(), self.white_to_move(), moves);
    }

    #[inline(always)]
    fn count_moves(&self) -> u64 {
        // popcnt at run time in builds that do not target it (a dependent crate).
        let board = self.board();
        ply_core::multiversion!(
            "popcnt",
            ply_core::cpu::has_popcnt(),
            |board: &Board| -> u64 { movegen::count(board) }
        )
    }

    #[inline(always)]
    fn play_unchecked(&self, mv: Move) -> Self {
        self.after(mv)
    }

    /// A side that cannot move has lost (no pieces, or all blocked).
    fn outcome(&self) -> Option<Outcome<EndReason>> {
        if self.move_sets().is_empty() {
            Some(Outcome::Win {
                winner: self.turn().opponent().side(),
                reason: EndReason::NoLegalMoves,
            })
        } else {
            None
        }
    }

    /// The position's own result, else a draw by the 40-move rule, else by
    /// threefold repetition.
    fn outcome_in_history(
        &self,
        quiet_plies: u32,
        repetitions: usize,
    ) -> Option<Outcome<EndReason>> {
        if let Some(outcome) = self.outcome() {
            return Some(outcome);
        }
        if quiet_plies >= FORTY_MOVE_PLIES {
            return Some(Outcome::Draw {
                reason: EndReason::FortyMoveRule,
            });
        }
        (repetitions >= REPETITIONS_FOR_DRAW).then_some(Outcome::Draw {
            reason: EndReason::ThreefoldRepetition,
        })
    }

    /// A capture or a man's move (see [`Position::is_irreversible`]).
    fn is_irreversible(&self, mv: Move) -> bool {
        Position::is_irreversible(self, mv)
    }

    /// The same pieces and side to move.
    fn repeats(&self, earlier: &Self) -> bool {
        self == earlier
    }

    fn hash(&self) -> u64 {
        let (black, white, kings) = (self.black(), self.white(), self.kings());
        let side = if self.white_to_move() {
            ZOBRIST[4 * 4 * 256]
        } else {
            0
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Checkers, Color};
    use ply_core::GameHistory;

    fn game(fen: &str) -> GameHistory<Checkers> {
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
        assert!(blocked.position().legal_moves().is_empty());
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
    fn wander(history: &mut GameHistory<Checkers>, plies: u32) {
        while history.quiet_plies() < plies {
            let now = *history.position();
            let fresh = now.legal_moves().into_iter().find(|&mv| {
                let next = now.play_unchecked(mv);
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
        let now = *history.position();
        assert_eq!(now.turn(), Color::Black);
        let man = now
            .legal_moves()
            .into_iter()
            .find(|&mv| now.is_irreversible(mv) && !now.play_unchecked(mv).must_capture())
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
