//! Chess in the registry: three boards (the bitboard position, the GNU
//! Chess tables of seed 002, the attack-map board of seed 004), each a move
//! generator and an engine board with the one chess evaluation.

/// The chess evaluations' training pipelines (`ply train chess`).
pub use ply_chess::train;

use super::{BoardTask, GameEntry};
use crate::arena::game::MatchGame;
use crate::arena::protocol::Protocol;
use crate::engines::PlayerTask;
use crate::error::CliError;
use ply_chess::attackmap::AttackBoard;
use ply_chess::engine::ChessPlayer;
use ply_chess::gnu::GnuBoard;
use ply_core::Game;

/// Chess.
pub struct Chess;

impl GameEntry for Chess {
    const KIND: super::Kind = super::Kind::Chess;
    type Board = ply_chess::Position;
    const GENERATORS: &'static [&'static str] = &ply_chess::GENERATORS;
    const ENGINE_BOARDS: &'static [&'static str] = &ply_chess::GENERATORS;

    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output> {
        Some(match name {
            "bitboard" => task.run::<ply_chess::Position>(),
            "gnu" => task.run::<GnuBoard>(),
            "attackmap" => task.run::<AttackBoard>(),
            _ => return None,
        })
    }

    fn with_engine_board<T: PlayerTask>(name: &str, task: T) -> Option<T::Output> {
        Some(match name {
            "bitboard" => task.run::<ChessPlayer>(),
            "gnu" => task.run::<ChessPlayer<GnuBoard>>(),
            "attackmap" => task.run::<ChessPlayer<AttackBoard>>(),
            _ => return None,
        })
    }

    /// Loads the network `PLY_CHESS_NET` names, if any: a bad file is
    /// refused before any search.
    fn engine_ready() -> Result<(), CliError> {
        ply_chess::engine::env_evaluation()
            .as_ref()
            .map(|_| ())
            .map_err(|e| CliError::Network(e.clone()))
    }

    const BENCH_POSITIONS: &'static [&'static str] = &ply_chess::engine::bench::POSITIONS;
    const BENCH_DEPTH: u32 = ply_chess::engine::bench::DEPTH;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_moves_in_uci_notation() {
        let chess = ply_chess::Position::start();
        assert_eq!(chess.protocol_position(), chess.fen());
        let mv = chess.engine_move("e2e4").unwrap();
        assert_eq!(chess.protocol_move(mv), "e2e4");
        assert!(chess.engine_move("e2e5").is_err());
        assert_eq!(chess.solved(64), None);
    }
}
