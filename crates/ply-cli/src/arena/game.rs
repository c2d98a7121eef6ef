//! What the referee needs from each game beyond `ply play`'s [`Playable`]:
//! its protocols, and positions and moves in each protocol's notation.

use super::protocol::Protocol;
use ply_core::Side;
use ply_games::playable::Playable;

/// A game that `ply match` referees.
pub trait MatchGame: Playable {
    /// The protocols its engines speak, the default first.
    const PROTOCOLS: &'static [Protocol];

    /// The position in the protocol's notation.
    fn protocol_position(&self) -> String;

    /// `mv`, legal here, in the protocol's notation.
    fn protocol_move(&self, mv: Self::Move) -> String;

    /// Reads an engine's move.
    fn engine_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The result with perfect play, from an exact solver, when the position
    /// has at most `empties` empty squares: the winner (`None`: a draw) and
    /// a sentence. Only Othello has one.
    fn solved(&self, empties: u32) -> Option<(Option<Side>, String)> {
        let _ = empties;
        None
    }
}
