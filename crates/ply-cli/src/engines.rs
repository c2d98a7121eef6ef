//! The engines `ply` can run: which games have one, and how to build it.

use crate::error::CliError;
use ply_core::search::{Engine, Evaluator, Searchable};

/// A game with an engine, by command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineGame {
    /// Chess.
    Chess,
    /// English checkers.
    Checkers,
    /// Othello.
    Othello,
}

/// Games with an engine, as the command line names them.
pub const NAMES: [&str; 3] = ["chess", "checkers", "othello"];

/// Reads a game name for a command that needs an engine.
pub fn engine_game(name: &str) -> Result<EngineGame, CliError> {
    match name.to_ascii_lowercase().as_str() {
        "chess" => Ok(EngineGame::Chess),
        "checkers" => Ok(EngineGame::Checkers),
        "othello" | "reversi" => Ok(EngineGame::Othello),
        _ => Err(CliError::NoEngine(name.to_owned())),
    }
}

/// Something that can be done with any engine, whatever its game.
pub trait WithEngine {
    /// The result.
    type Output;
    /// Does it with `engine`.
    fn run<G: Searchable, E: Evaluator<G>>(self, engine: Engine<G, E>) -> Self::Output;
}

/// Builds the engine of `game` with a `hash_mb` table and hands it to `task`.
pub fn with_engine<T: WithEngine>(game: EngineGame, hash_mb: usize, task: T) -> T::Output {
    match game {
        EngineGame::Chess => task.run(Engine::<ply_chess::Position, _>::new(
            ply_chess::engine::Evaluation,
            hash_mb,
        )),
        EngineGame::Checkers => task.run(Engine::<ply_checkers::Checkers, _>::new(
            ply_checkers::engine::Evaluation,
            hash_mb,
        )),
        EngineGame::Othello => task.run(Engine::<ply_othello::Othello, _>::new(
            ply_othello::engine::Evaluation,
            hash_mb,
        )),
    }
}
