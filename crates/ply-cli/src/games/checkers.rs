//! English checkers in the registry: one board, the seed's shift generator.

/// The checkers evaluation's training pipeline (`ply train checkers`).
pub use ply_checkers::train;

use super::{BoardTask, GameEntry};
use crate::engines::PlayerTask;
use ply_checkers::engine::CheckersPlayer;

/// English checkers.
pub struct Checkers;

impl GameEntry for Checkers {
    const KIND: super::Kind = super::Kind::Checkers;
    type Board = ply_checkers::Checkers;
    const GENERATORS: &'static [&'static str] = &ply_checkers::GENERATORS;
    const ENGINE_BOARDS: &'static [&'static str] = &ply_checkers::GENERATORS;

    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output> {
        (name == "shifts").then(|| task.run::<ply_checkers::Checkers>())
    }

    fn with_engine_board<T: PlayerTask>(name: &str, task: T) -> Option<T::Output> {
        (name == "shifts").then(|| task.run::<CheckersPlayer>())
    }

    const BENCH_POSITIONS: &'static [&'static str] = &ply_checkers::engine::bench::POSITIONS;
    const BENCH_DEPTH: u32 = ply_checkers::engine::bench::DEPTH;
}
