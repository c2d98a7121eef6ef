//! Othello in the registry: two move generators (bitboard, the seed's line
//! tables), the engine on the bitboard, and the exact endgame solver.

use super::{BoardTask, GameEntry, Solved};
use crate::engines::EngineTask;
use crate::error::CliError;
use ply_core::Game;
use ply_othello::engine::Evaluation;
use ply_othello::solve::Solver;
use ply_othello::{Bitboard, Lines, MoveGenerator, Position};

/// Othello.
pub struct Othello;

impl GameEntry for Othello {
    const NAME: &'static str = "othello";
    const ALIASES: &'static [&'static str] = &["reversi"];
    type Board = ply_othello::Othello;
    const GENERATORS: &'static [&'static str] = &ply_othello::generators::NAMES;
    const ENGINE_BOARDS: &'static [&'static str] = &[Bitboard::NAME];

    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output> {
        if name == Bitboard::NAME {
            Some(task.run::<Position<Bitboard>>())
        } else if name == Lines::NAME {
            Some(task.run::<Position<Lines>>())
        } else {
            None
        }
    }

    fn with_engine_board<T: EngineTask>(name: &str, task: T) -> Option<T::Output> {
        (name == Bitboard::NAME).then(|| task.run::<ply_othello::Othello, _>(Evaluation))
    }

    /// Positions searched by `ply bench othello`: the start, an early position,
    /// and midgame positions of 30 to 36 empties from the FFO test suite.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "---------------------------OX------XO--------------------------- X",
        "-------------------X-------XX------XO--------------------------- O",
        "--------------X-----O-XX---OOOX-OOOOXOXX--OOOOOO--O-OO-O----OO-- X",
        "--O-OX--X-OOO---XXOOO---XXOXOOOO-OOOOO--O-X-O-----OX------------ X",
        "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X",
        "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X",
    ];
    const BENCH_DEPTH: u32 = 12;

    /// A position with as many empty squares as `ply nboard` solves at
    /// `depth` (18 at the default 10) or fewer is solved exactly.
    fn solve_for_best(fen: &str, depth: u32, hash_mb: usize) -> Result<Option<Solved>, CliError> {
        let root = ply_othello::Othello::parse_position(fen)
            .map_err(|e| CliError::Position(e.to_string()))?;
        let empties = root.empty().count_ones();
        if root.outcome().is_some() || empties > crate::protocol::nboard::exact_empties(depth) {
            return Ok(None);
        }
        let solution = Solver::new(hash_mb)?.solve(&root);
        let Some(best) = solution.best_move else {
            return Ok(None);
        };
        Ok(Some(Solved {
            best: root.move_name(best),
            score: solution.score,
            empties,
            nodes: solution.nodes,
            pv: root.line_names(&solution.pv),
        }))
    }
}
