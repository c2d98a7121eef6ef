//! The engines `ply` can run: which games have one, and how to build it.

use crate::error::CliError;
use crate::games::{self, Variant};
use ply_core::search::{Engine, Evaluator, Searchable};

/// A game with an engine, by command-line name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineGame {
    /// Chess (on the bitboard position).
    Chess,
    /// English checkers.
    Checkers,
    /// Chess on the GNU Chess board of seed 002 (`--gen gnu`).
    ChessGnu,
    /// Chess on the attack-map board of seed 004 (`--gen attackmap`).
    ChessAttackMap,
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

/// Reads a game name and a `--gen` name for a command that needs an engine:
/// the chess engine runs on any of the chess boards, other games' engines on
/// their default generator.
pub fn engine_variant(name: &str, generator: Option<&str>) -> Result<EngineGame, CliError> {
    let game = engine_game(name)?;
    let Some(generator) = generator else {
        return Ok(game);
    };
    match (game, games::variant(name, Some(generator))?) {
        (_, Variant::ChessBitboard) => Ok(EngineGame::Chess),
        (_, Variant::ChessGnu) => Ok(EngineGame::ChessGnu),
        (_, Variant::ChessAttackMap) => Ok(EngineGame::ChessAttackMap),
        (_, Variant::OthelloBitboard | Variant::Checkers) => Ok(game),
        (_, Variant::OthelloLines) => Err(CliError::UnknownGenerator {
            game: "othello",
            name: generator.to_owned(),
            expected: "bitboard (the engine's board)".to_owned(),
        }),
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
///
/// # Errors
/// [`CliError::HashAllocation`] if the table cannot be had.
pub fn with_engine<T: WithEngine>(
    game: EngineGame,
    hash_mb: usize,
    task: T,
) -> Result<T::Output, CliError> {
    Ok(match game {
        EngineGame::Chess => task.run(engine::<ply_chess::Position, _>(
            ply_chess::engine::Evaluation,
            hash_mb,
        )?),
        EngineGame::Checkers => task.run(engine::<ply_checkers::Checkers, _>(
            ply_checkers::egdb::search::Probing::new(
                ply_checkers::engine::Evaluation,
                crate::egdb::default_database(),
            ),
            hash_mb,
        )?),
        EngineGame::ChessGnu => task.run(engine::<ply_chess::gnu::GnuBoard, _>(
            ply_chess::engine::Evaluation,
            hash_mb,
        )?),
        EngineGame::ChessAttackMap => task.run(engine::<ply_chess::attackmap::AttackBoard, _>(
            ply_chess::engine::Evaluation,
            hash_mb,
        )?),
        EngineGame::Othello => task.run(engine::<ply_othello::Othello, _>(
            ply_othello::engine::Evaluation,
            hash_mb,
        )?),
    })
}

/// An engine with a `hash_mb` MiB table.
fn engine<G: Searchable, E: Evaluator<G>>(
    evaluator: E,
    hash_mb: usize,
) -> Result<Engine<G, E>, CliError> {
    Engine::try_new(evaluator, hash_mb).ok_or(CliError::HashAllocation(hash_mb))
}
