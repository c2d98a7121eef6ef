//! Othello in a session: a move's square, a forced pass as `pass`; the
//! notation, the end and the record are [`Playable`]'s.
//!
//! [`Playable`]: crate::Playable

use super::{MoveInfo, SessionGame};
use crate::registry::GameKind;
use ply_core::Game;
use ply_othello::{Move, Othello};

impl SessionGame for Othello {
    const KIND: GameKind = GameKind::Othello;

    fn move_info(&self, mv: Move) -> MoveInfo {
        let square = mv.square().map(|s| s.to_string());
        MoveInfo {
            notation: self.move_name(mv),
            from: None,
            to: square.clone(),
            path: square.into_iter().collect(),
            promotion: None,
            capture: false,
            pass: mv.is_pass(),
        }
    }
}
