//! English checkers in a session: moves by square numbers, multi-jumps with
//! every landing in their path, the pieces counted and a compulsory capture
//! named.

use super::{MoveInfo, SessionGame, describe, ending_comment};
use crate::diagram::Diagram;
use crate::registry::GameKind;
use ply_checkers::engine::CheckersPlayer;
use ply_checkers::{Checkers, Color, EndReason, Move, MoveError, Square};
use ply_core::GameHistory;
use ply_core::record::Header;
use ply_core::{Game, Outcome, Side};

impl SessionGame for Checkers {
    type Player = CheckersPlayer;
    const KIND: GameKind = GameKind::Checkers;
    const RECORD: (&'static str, &'static str) = ("PDN", "pdn");

    fn write_record(history: &GameHistory<Self>, header: &Header<EndReason>) -> String {
        ply_checkers::pdn::write(history, header, ending_comment(history).as_deref())
    }

    fn read_record(text: &str) -> Result<GameHistory<Self>, String> {
        ply_checkers::pdn::read_with(text, |position, text| position.read_move(text))
            .map_err(|e| e.to_string())
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "Black",
            Side::Second => "White",
        }
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|err| match err {
            MoveError::Malformed(text) => format!(
                "'{text}' is not a move (squares 1-32 joined by - or x: 11-15, 22x15x6 or 22x6)"
            ),
            MoveError::Illegal { played, .. } if self.must_capture() => {
                format!("{played} is not legal here: a capture is compulsory")
            }
            MoveError::Illegal { played, .. } => format!("{played} is not legal here"),
            MoveError::Ambiguous { played, candidates } => {
                format!("{played} is ambiguous: it could be {candidates}")
            }
        })
    }

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

    /// "White wins: Black has no legal move", "draw by the forty-move rule";
    /// otherwise the usual sentence.
    fn describe_outcome(&self, outcome: Outcome<EndReason>) -> String {
        match outcome {
            Outcome::Win {
                winner,
                reason: EndReason::NoLegalMoves,
            } => format!(
                "{} wins: {} has no legal move",
                Self::side_name(winner),
                Self::side_name(winner.opponent())
            ),
            Outcome::Draw {
                reason: reason @ EndReason::FortyMoveRule,
            } => format!("draw by the {reason}"),
            outcome => describe(outcome, Self::side_name),
        }
    }

    fn status(&self) -> Option<String> {
        let count = |color: Color| {
            let pieces = self.pieces(color);
            (pieces.count_ones(), (pieces & self.kings()).count_ones())
        };
        let ((black, black_kings), (white, white_kings)) =
            (count(Color::Black), count(Color::White));
        let mut line = format!(
            "Pieces: Black {black} ({black_kings} kings), White {white} ({white_kings} kings)"
        );
        if self.must_capture() && self.outcome().is_none() {
            line.push_str(&format!(
                "; {} must capture",
                Self::side_name(self.side_to_move())
            ));
        }
        Some(line)
    }

    fn diagram_selected(&self, last: Option<Move>, selected: Option<&str>) -> Diagram {
        let selected = selected
            .and_then(|name| name.parse::<u32>().ok())
            .and_then(Square::from_number);
        crate::checkers::diagram(self, last, true, selected)
    }
}
