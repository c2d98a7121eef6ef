//! English checkers in a session: moves by square numbers, multi-jumps with
//! every landing in their path; the notation, the end and the record are
//! [`Playable`]'s.
//!
//! [`Playable`]: crate::Playable

use super::{MoveInfo, SessionGame};
use crate::diagram::Diagram;
use crate::registry::GameKind;
use ply_checkers::{Checkers, Move, Square};
use ply_core::Game;

impl SessionGame for Checkers {
    const KIND: GameKind = GameKind::Checkers;

    fn move_info(&self, mv: Move) -> MoveInfo {
        MoveInfo {
            notation: self.move_name(mv),
            from: Some(mv.from().number().to_string()),
            to: Some(mv.to().number().to_string()),
            path: mv.squares().map(|s| s.number().to_string()).collect(),
            promotion: None,
            capture: mv.is_capture(),
            pass: false,
        }
    }

    fn diagram_selected(&self, last: Option<Move>, selected: Option<&str>) -> Diagram {
        let selected = selected
            .and_then(|name| name.parse::<u32>().ok())
            .and_then(Square::from_number);
        crate::checkers::diagram(self, last, true, selected)
    }
}
