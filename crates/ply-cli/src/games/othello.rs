//! Othello in the registry: two move generators (bitboard, the seed's line
//! tables), the engine on the bitboard, and the exact endgame solver through
//! ply-othello's [`Engine`], which decides what is solved.

use super::{BoardTask, GameEntry, Solved};
use crate::engines::EngineTask;
use crate::error::CliError;
use ply_core::Game;
use ply_core::search::Limits;
use ply_othello::engine::{Engine, Evaluation, Reach};
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

    /// A position that ply's Othello [`Engine`] solves exactly within a
    /// search to `depth` (18 empties at the default 10) is solved.
    fn solve_for_best(fen: &str, depth: u32, hash_mb: usize) -> Result<Option<Solved>, CliError> {
        let root = ply_othello::Othello::parse_position(fen)
            .map_err(|e| CliError::Position(e.to_string()))?;
        let limits = Limits::depth(depth);
        let mut engine = Engine::new(1, hash_mb)?;
        if engine.reach(&root, &limits) != Reach::Exact {
            return Ok(None);
        }
        let stop = std::sync::atomic::AtomicBool::new(false);
        let thought = engine.think(&root, &[], &limits, &stop, &mut |_| {});
        let Some(best) = thought.best.filter(|_| thought.reach == Reach::Exact) else {
            return Ok(None);
        };
        Ok(Some(Solved {
            best: root.move_name(best),
            score: thought.score.0 / 100,
            empties: thought.depth,
            nodes: thought.nodes,
            pv: root.line_names(&thought.pv),
        }))
    }
}
