//! Othello in the registry: two move generators (bitboard, the seed's line
//! tables) and the player on the bitboard ([`OthelloPlayer`]: the midgame
//! search and the exact endgame solver, which it chooses between).

/// The Othello evaluation's training pipeline (`ply train othello`).
pub use ply_othello::train;

use super::{BoardTask, GameEntry};
use crate::arena::game::MatchGame;
use crate::arena::protocol::Protocol;
use crate::engines::PlayerTask;
use ply_core::{Game, Side};
use ply_games::Playable;
use ply_othello::engine::OthelloPlayer;
use ply_othello::{BitboardGenerator, LineTableGenerator, MoveGenerator, Position};

/// Othello.
pub struct Othello;

impl GameEntry for Othello {
    const KIND: super::Kind = super::Kind::Othello;
    type Board = ply_othello::Othello;
    const GENERATORS: &'static [&'static str] = &ply_othello::movegen::NAMES;
    const ENGINE_BOARDS: &'static [&'static str] = &[BitboardGenerator::NAME];

    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output> {
        if name == BitboardGenerator::NAME {
            Some(task.run::<Position<BitboardGenerator>>())
        } else if name == LineTableGenerator::NAME {
            Some(task.run::<Position<LineTableGenerator>>())
        } else {
            None
        }
    }

    fn with_engine_board<T: PlayerTask>(name: &str, task: T) -> Option<T::Output> {
        (name == BitboardGenerator::NAME).then(|| task.run::<OthelloPlayer>())
    }

    const BENCH_POSITIONS: &'static [&'static str] = &ply_othello::engine::bench::POSITIONS;
    const BENCH_DEPTH: u32 = ply_othello::engine::bench::DEPTH;
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
        let score = ply_othello::engine::solve::solve(self).score;
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
    fn positions_and_moves_in_nboard_notation_and_solved_ends() {
        let othello = ply_othello::Othello::start();
        assert_eq!(
            othello.protocol_position(),
            "8 ---------------------------O*------*O--------------------------- *"
        );
        let mv = othello.engine_move("F5").unwrap();
        assert_eq!(othello.protocol_move(mv), "F5");
        // Black to move, h8 empty, h7 White's: Black takes h8 and h7, 64-0.
        let end = ply_othello::Othello::parse_position(
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOXXXXXXX- X",
        )
        .unwrap();
        let (winner, reason) = end.solved(1).unwrap();
        assert_eq!(winner, Some(ply_core::Side::First), "{reason}");
        assert!(reason.contains("wins by 64 discs"), "{reason}");
        assert_eq!(end.solved(0), None);
    }
}
