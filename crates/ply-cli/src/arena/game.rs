//! What the referee needs from each game beyond `ply play`'s [`Playable`]:
//! its protocols, and positions and moves in each protocol's notation.

use super::protocol::Protocol;
use crate::play::playable::Playable;
use ply_core::{Game, Side};

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

impl MatchGame for ply_chess::Position {
    const PROTOCOLS: &'static [Protocol] = &[Protocol::Uci, Protocol::Cecp];

    fn protocol_position(&self) -> String {
        self.fen()
    }

    fn protocol_move(&self, mv: Self::Move) -> String {
        self.move_name(mv)
    }

    fn engine_move(&self, text: &str) -> Result<Self::Move, String> {
        self.parse_move(text).map_err(|e| e.to_string())
    }
}

impl MatchGame for ply_checkers::Checkers {
    const PROTOCOLS: &'static [Protocol] = &[Protocol::Hub];

    /// Hub's standard frame: the colour to move, then squares 1..32.
    fn protocol_position(&self) -> String {
        let mut text = String::with_capacity(33);
        text.push(match self.side_to_move() {
            Side::First => 'B',
            Side::Second => 'W',
        });
        for index in 0..32 {
            let bit = 1u32 << index;
            let king = self.kings() & bit != 0;
            text.push(
                match (self.black() & bit != 0, self.white() & bit != 0, king) {
                    (true, _, false) => 'b',
                    (true, _, true) => 'B',
                    (_, true, false) => 'w',
                    (_, true, true) => 'W',
                    _ => 'e',
                },
            );
        }
        text
    }

    fn protocol_move(&self, mv: Self::Move) -> String {
        crate::protocol::hub::hub_move(mv)
    }

    fn engine_move(&self, text: &str) -> Result<Self::Move, String> {
        crate::protocol::hub::read_move(self, text)
    }
}

impl MatchGame for ply_othello::Othello {
    const PROTOCOLS: &'static [Protocol] = &[Protocol::NBoard];

    /// GGF's `BO` value: `8`, the squares from a1 (`*` black, `O` white),
    /// the side to move.
    fn protocol_position(&self) -> String {
        let text = self.position_string();
        let (board, side) = text.split_at(64);
        let board: String = board
            .chars()
            .map(|c| if c == 'X' { '*' } else { c })
            .collect();
        let side = if side.trim() == "X" { '*' } else { 'O' };
        format!("8 {board} {side}")
    }

    fn protocol_move(&self, mv: Self::Move) -> String {
        if mv.is_pass() {
            "PA".to_owned()
        } else {
            mv.to_string().to_ascii_uppercase()
        }
    }

    fn engine_move(&self, text: &str) -> Result<Self::Move, String> {
        self.parse_move(text).map_err(|e| e.to_string())
    }

    fn solved(&self, empties: u32) -> Option<(Option<Side>, String)> {
        if self.empty().count_ones() > empties || self.outcome().is_some() {
            return None;
        }
        let score = ply_othello::solve::solve(self).score;
        let mover = self.side_to_move();
        let name = |side| <Self as Playable>::side_name(side);
        Some(match score {
            0 => (
                None,
                "draw by ply's endgame solver (a draw with perfect play)".to_owned(),
            ),
            s => {
                let winner = if s > 0 { mover } else { mover.opponent() };
                let reason = format!(
                    "{} wins by {} discs with perfect play (ply's endgame solver)",
                    name(winner),
                    s.abs()
                );
                (Some(winner), reason)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_moves_in_protocol_notation() {
        let checkers = ply_checkers::Checkers::start();
        assert_eq!(
            checkers.protocol_position(),
            "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
        );
        let mv = checkers.engine_move("11-15").unwrap();
        assert_eq!(checkers.protocol_move(mv), "11-15");
        let othello = ply_othello::Othello::start();
        assert_eq!(
            othello.protocol_position(),
            "8 ---------------------------O*------*O--------------------------- *"
        );
        let mv = othello.engine_move("F5").unwrap();
        assert_eq!(othello.protocol_move(mv), "F5");
        let chess = ply_chess::Position::start();
        let mv = chess.engine_move("e2e4").unwrap();
        assert_eq!(chess.protocol_move(mv), "e2e4");
        assert!(chess.engine_move("e2e5").is_err());
        assert_eq!(chess.solved(64), None);
        // Black to move, h8 empty, h7 White's: Black takes h8 and h7, 64-0.
        let end = ply_othello::Othello::parse_position(
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOXXXXXXX- X",
        )
        .unwrap();
        let (winner, reason) = end.solved(1).unwrap();
        assert_eq!(winner, Some(Side::First), "{reason}");
        assert!(reason.contains("wins by 64 discs"), "{reason}");
        assert_eq!(end.solved(0), None);
    }
}
