//! Chess in a session: SAN on screen, SAN or UCI read, promotions named,
//! the king's square clicked for castling.

use super::{MoveInfo, SessionGame, describe, ending_comment};
use crate::diagram::Diagram;
use crate::registry::GameKind;
use ply_chess::engine::ChessPlayer;
use ply_chess::{EndReason, Move, MoveError, Position, Square};
use ply_core::GameHistory;
use ply_core::record::Header;
use ply_core::{Game, Outcome, Side};

impl SessionGame for Position {
    type Player = ChessPlayer;
    const KIND: GameKind = GameKind::Chess;
    const RECORD: (&'static str, &'static str) = ("PGN", "pgn");

    fn write_record(history: &GameHistory<Self>, header: &Header<EndReason>) -> String {
        ply_chess::pgn::write(history, header, ending_comment(history).as_deref())
    }

    fn read_record(text: &str) -> Result<GameHistory<Self>, String> {
        ply_chess::pgn::read_with(text, |position, text| position.read_move(text))
            .map_err(|e| e.to_string())
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "White",
            Side::Second => "Black",
        }
    }

    fn display_move(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|err| match err {
            MoveError::Malformed(text) => {
                format!("'{text}' is not a move (SAN such as Nf3, O-O, e8=Q, or UCI such as g1f3)")
            }
            MoveError::Illegal { played, .. } => format!("{played} is not legal here"),
            MoveError::Ambiguous { played, candidates } => {
                format!(
                    "{played} is ambiguous: it could be {}",
                    candidates.join(", ")
                )
            }
        })
    }

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

    /// "draw by the fifty-move rule"; otherwise the usual sentence.
    fn describe_outcome(&self, outcome: Outcome<EndReason>) -> String {
        match outcome {
            Outcome::Draw {
                reason: reason @ EndReason::FiftyMoveRule,
            } => format!("draw by the {reason}"),
            outcome => describe(outcome, Self::side_name),
        }
    }

    fn status(&self) -> Option<String> {
        (self.is_check() && self.outcome().is_none())
            .then(|| format!("{} is in check", Self::side_name(self.side_to_move())))
    }

    fn diagram_selected(&self, last: Option<Move>, selected: Option<&str>) -> Diagram {
        let selected = selected.and_then(|name| name.parse::<Square>().ok());
        crate::chess::diagram(self, last, selected)
    }
}
