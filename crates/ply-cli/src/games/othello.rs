//! Othello in the registry: two move generators (bitboard, the seed's line
//! tables) and the player on the bitboard ([`OthelloPlayer`]: the midgame
//! search and the exact endgame solver, which it chooses between).

/// The Othello evaluation's training pipeline (`ply train othello`).
pub use ply_othello::train;

use super::{BoardTask, GameEntry};
use crate::engines::PlayerTask;
use ply_othello::engine::OthelloPlayer;
use ply_othello::{BitboardGenerator, LineTableGenerator, MoveGenerator, Position};

/// Othello.
pub struct Othello;

impl GameEntry for Othello {
    const KIND: super::Kind = super::Kind::Othello;
    type Board = ply_othello::Othello;
    const GENERATORS: &'static [&'static str] = &ply_othello::generators::NAMES;
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
