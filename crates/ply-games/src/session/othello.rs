//! Othello in a session: moves by square, a forced pass as `pass`, the disc
//! count, the end as the final count.

use super::{MoveInfo, SessionGame};
use crate::registry::GameKind;
use ply_core::GameHistory;
use ply_core::record::Header;
use ply_core::{Game, Outcome, Side};
use ply_othello::engine::OthelloPlayer;
use ply_othello::{EndReason, Move, MoveError, Othello, Square};

impl SessionGame for Othello {
    type Player = OthelloPlayer;
    const KIND: GameKind = GameKind::Othello;
    const RECORD: (&'static str, &'static str) = ("GGF", "ggf");

    fn write_record(history: &GameHistory<Self>, header: &Header<EndReason>) -> String {
        ply_othello::ggf::write(history, header)
    }

    fn read_record(text: &str) -> Result<GameHistory<Self>, String> {
        ply_othello::ggf::read(text).map_err(|e| e.to_string())
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "Black",
            Side::Second => "White",
        }
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|err| match err {
            MoveError::Malformed(text) => {
                format!("'{text}' is not a move (a square such as d3, or pass)")
            }
            MoveError::Illegal { played, .. } => {
                let reason = match played.parse::<Square>() {
                    Ok(square) if self.empty() & square.bit() == 0 => "the square is taken",
                    Ok(_) => "it turns no disc over",
                    Err(_) => "there is a move to play",
                };
                format!("{played} is not legal here: {reason}")
            }
        })
    }

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

    fn describe_outcome(&self, outcome: Outcome<EndReason>) -> String {
        let (black, white) = self.final_disc_counts();
        match outcome.winner() {
            Some(Side::First) => format!("Black wins {black}-{white} (final disc count)"),
            Some(Side::Second) => format!("White wins {white}-{black} (final disc count)"),
            None => format!("draw {black}-{white} (final disc count)"),
        }
    }

    fn status(&self) -> Option<String> {
        let mut line = format!(
            "Discs: Black {}, White {}",
            self.black().count_ones(),
            self.white().count_ones()
        );
        if self.outcome().is_none() && self.must_pass() {
            line.push_str(&format!(
                "; {} has no move and must pass",
                Self::side_name(self.side_to_move())
            ));
        }
        Some(line)
    }
}
