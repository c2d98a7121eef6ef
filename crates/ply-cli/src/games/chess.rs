//! Chess in the registry: three boards (the bitboard position, the GNU
//! Chess tables of seed 002, the attack-map board of seed 004), each a move
//! generator and an engine board with the one chess evaluation.

use super::{BoardTask, GameEntry};
use crate::engines::EngineTask;
use crate::error::CliError;
use ply_chess::attackmap::AttackBoard;
use ply_chess::engine::{AnyEvaluation, Nnue};
use ply_chess::gnu::GnuBoard;
use std::sync::OnceLock;

/// The environment variable that names a network file for `ply best` and
/// `ply bench` (empty or unset: the linear evaluation).
pub const NET_VAR: &str = "PLY_CHESS_NET";

/// The evaluation in network file `path` (empty: the linear one).
///
/// # Errors
/// [`CliError::Network`] for a file that cannot be read or is no chess
/// network.
pub fn load_evaluation(path: &str) -> Result<AnyEvaluation, CliError> {
    if path.is_empty() {
        return Ok(AnyEvaluation::Linear);
    }
    Nnue::load(std::path::Path::new(path))
        .map(AnyEvaluation::Network)
        .map_err(|e| CliError::Network(format!("{path}: {e}")))
}

/// The evaluation `PLY_CHESS_NET` asks for, loaded once.
fn evaluation() -> &'static Result<AnyEvaluation, String> {
    static EVALUATION: OnceLock<Result<AnyEvaluation, String>> = OnceLock::new();
    EVALUATION.get_or_init(|| {
        let path = std::env::var(NET_VAR).unwrap_or_default();
        load_evaluation(&path).map_err(|e| format!("{NET_VAR}={e}"))
    })
}

/// The chosen evaluation (linear if `PLY_CHESS_NET` could not be loaded:
/// [`GameEntry::engine_ready`] refuses that first).
fn eval() -> AnyEvaluation {
    evaluation().clone().unwrap_or_default()
}

/// Chess.
pub struct Chess;

impl GameEntry for Chess {
    const NAME: &'static str = "chess";
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

    fn with_engine_board<T: EngineTask>(name: &str, task: T) -> Option<T::Output> {
        Some(match name {
            "bitboard" => task.run::<ply_chess::Position, _>(eval()),
            "gnu" => task.run::<GnuBoard, _>(eval()),
            "attackmap" => task.run::<AttackBoard, _>(eval()),
            _ => return None,
        })
    }

    /// Loads the network `PLY_CHESS_NET` names, if any.
    fn engine_ready() -> Result<(), CliError> {
        evaluation()
            .as_ref()
            .map(|_| ())
            .map_err(|e| CliError::Network(e.clone()))
    }

    /// Positions searched by `ply bench chess`: the start, Kiwipete and a range of
    /// middle games and endings.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
        "2r3k1/pp3ppp/2n1b3/3p4/3P4/2P1BN2/P4PPP/R5K1 w - - 0 20",
        "r2qr1k1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    ];
    const BENCH_DEPTH: u32 = 11;
}
