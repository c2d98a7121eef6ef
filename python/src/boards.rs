//! The three board classes, and Othello's exact solver.

use crate::board::board_class;
use crate::interrupt;
use ply_core::Game;
use pyo3::exceptions::{PyMemoryError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;

board_class!(
    ChessBoard,
    ply_chess::Position,
    "ChessBoard",
    "A chess game: positions in FEN, moves in UCI (`e2e4`, `e7e8q`, castling `e1g1`); SAN is read too.",
    {}
);

board_class!(
    CheckersBoard,
    ply_checkers::Checkers,
    "CheckersBoard",
    "An English checkers game: positions in PDN FEN (`B:W21,...:B1,...`), moves as squares (`11-15`, `22x15x6`).",
    {
        /// The value of the position for the side to move in the endgame
        /// databases that `ply egdb build checkers --pieces N` makes:
        /// `"win"`, `"loss"` or `"draw"` with best play (repetition a draw,
        /// no move-count rule). `dir` is the database directory (default:
        /// `$PLY_EGDB_DIR`, else the user's cache, `~/.cache/ply/egdb`).
        /// Raises `ValueError` when the position has more pieces than the
        /// databases hold or its slice was not built (the message says
        /// which build command makes it), `OSError` when a file cannot be read.
        #[pyo3(signature = (dir=None))]
        fn egdb_probe(&self, dir: Option<std::path::PathBuf>) -> PyResult<String> {
            egdb_probe(self.record.position(), dir)
        }
    }
);

/// Probes the checkers endgame databases in `dir` (or the default directory).
fn egdb_probe(
    position: &ply_checkers::Checkers,
    dir: Option<std::path::PathBuf>,
) -> PyResult<String> {
    use ply_checkers::egdb::{Database, Error, default_dir};
    let dir = dir.or_else(default_dir).ok_or_else(|| {
        PyValueError::new_err("no endgame database directory: give `dir` or set PLY_EGDB_DIR")
    })?;
    match Database::open(&dir).probe(position) {
        Ok(value) => Ok(value.to_string()),
        Err(error @ (Error::Io { .. } | Error::BadFile { .. })) => {
            Err(PyOSError::new_err(error.to_string()))
        }
        Err(error) => Err(PyValueError::new_err(error.to_string())),
    }
}

board_class!(
    OthelloBoard,
    ply_othello::Othello,
    "OthelloBoard",
    "An Othello game: positions as 64 characters a1..h8 of `X` (black), `O` (white), `-` and the side to move; moves as squares (`d3`) or `pass`.",
    {
        /// The exact result with perfect play from here (Othello's endgame
        /// solver): the final disc difference for the side to move, the best
        /// move and line. Practical up to about 26 empty squares; Ctrl-C
        /// stops it (`KeyboardInterrupt`).
        #[pyo3(signature = (hash_mb=64))]
        fn solve(&self, py: Python<'_>, hash_mb: usize) -> PyResult<Solution> {
            solve(py, self.record.position(), hash_mb)
        }
    }
);

/// The exact solution of an Othello position.
#[pyclass(module = "plygames", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct Solution {
    /// The final disc difference for the side to move with perfect play
    /// (empty squares go to the winner).
    pub score: i32,
    /// The best move (`"pass"` when the side to move must pass), `None` when
    /// the game is over.
    #[pyo3(name = "move")]
    pub mv: Option<String>,
    /// The best line, passes included.
    pub pv: Vec<String>,
    /// Positions searched.
    pub nodes: u64,
    /// Empty squares in the position.
    pub empties: u32,
}

#[pymethods]
impl Solution {
    fn __repr__(&self) -> String {
        format!(
            "Solution(score={}, move={}, pv={}, nodes={})",
            self.score,
            self.mv
                .as_deref()
                .map_or_else(|| "None".to_owned(), crate::board::py_str),
            crate::board::py_list(&self.pv),
            self.nodes
        )
    }
}

/// Solves `position` exactly on a worker thread, Ctrl-C honoured.
fn solve(py: Python<'_>, position: &ply_othello::Othello, hash_mb: usize) -> PyResult<Solution> {
    use ply_othello::solve::{Options, Solver};
    let mut solver = Solver::new(hash_mb).map_err(|e| PyMemoryError::new_err(e.to_string()))?;
    let stop = AtomicBool::new(false);
    let solution = interrupt::run(
        py,
        &stop,
        |_: &dyn Fn(())| solver.search(position, &Options::exact().with_stop(&stop)),
        |()| Ok(()),
    )?
    .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(Solution {
        score: solution.score,
        mv: solution.best_move.map(|mv| position.move_name(mv)),
        pv: solution.pv.iter().map(ToString::to_string).collect(),
        nodes: solution.nodes,
        empties: solution.empties,
    })
}
