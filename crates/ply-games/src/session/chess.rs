//! Chess in a session: a move's squares (the king's for castling) and its
//! promotion; the notation, the end and the record are [`Playable`]'s.
//!
//! [`Playable`]: crate::Playable

use super::{MoveInfo, SessionGame};
use crate::diagram::Diagram;
use crate::registry::GameKind;
use ply_chess::{Move, Position, Square};

impl SessionGame for Position {
    const KIND: GameKind = GameKind::Chess;

    fn move_info(&self, mv: Move) -> MoveInfo {
        let (from, to) = (mv.from().to_string(), mv.king_to().to_string());
        MoveInfo {
            notation: self.san(mv),
            from: Some(from.clone()),
            to: Some(to.clone()),
            path: vec![from, to],
            promotion: mv.promotion().map(|role| role.upper_char()),
            capture: mv.is_capture(),
            pass: false,
        }
    }

    fn diagram_selected(&self, last: Option<Move>, selected: Option<&str>) -> Diagram {
        let selected = selected.and_then(|name| name.parse::<Square>().ok());
        crate::chess::diagram(self, last, selected)
    }
}
