//! A finished game of a match: its record, how it ended and the clocks of
//! its moves (what the referee hands the match loop and the watchers).

use super::game::MatchGame;
use ply_core::GameHistory;
use ply_core::record::{Ending, MoveClock};

/// How a game ended, for the tables and the `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the game.
    Normal,
    /// By the engines' scores, or the move limit.
    Adjudication,
    /// A move too late.
    TimeForfeit,
    /// An illegal move.
    IllegalMove,
    /// The engine exited, did not answer or broke its protocol.
    EngineFault,
    /// An engine resigned.
    Resignation,
}

impl Termination {
    /// PGN's `Termination` value.
    pub fn tag(self) -> &'static str {
        match self {
            Termination::Normal | Termination::Resignation => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::EngineFault => "abandoned",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played<G: MatchGame> {
    /// The moves from the opening's start.
    pub record: GameHistory<G>,
    /// How it ended.
    pub ending: Ending<G::EndReason>,
    /// The kind of ending.
    pub termination: Termination,
    /// The time of each move and the clock after it, by the move's index in
    /// `record` (`None` for the opening's moves and forced passes).
    pub move_clocks: Vec<Option<MoveClock>>,
}
