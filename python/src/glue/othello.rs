//! Othello: 65 actions (the 64 squares, a1 = 0 ... h8 = 63, row by row from
//! a1; 64 = pass) and two planes (the mover's discs, the opponent's).

use super::{Glue, write_plane};
use crate::interrupt;
use ply_core::{Game, GameHistory, MoveList, Outcome};
use ply_othello::engine::OthelloPlayer;
use ply_othello::{EndReason, Othello};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;

/// The Othello position the Python package plays on.
pub type Position = Othello;

/// The pass action.
pub const PASS: usize = 64;

impl Glue for Othello {
    type Player = OthelloPlayer;
    const PY_NAME: &'static str = "othello";
    const ACTIONS: usize = 65;
    const PLANES: usize = 2;
    const WRITES_WHOLE_PLANES: bool = true;

    fn action(&self, mv: Self::Move, _step: usize) -> usize {
        mv.square().map_or(PASS, |square| square.index())
    }

    fn write_planes(&self, _partial: Option<(Self::Move, usize)>, planes: &mut [f32]) {
        let (mine, theirs) = planes.split_at_mut(64);
        write_plane(mine, self.player());
        write_plane(theirs, self.opponent());
    }

    /// A player without moves passes (a legal move); a position without
    /// legal moves is over, and Othello has no rules that look back.
    fn moves_and_outcome(
        record: &GameHistory<Self>,
        moves: &mut MoveList<Self::Move>,
    ) -> Option<Outcome<EndReason>> {
        let position = record.position();
        position.generate_moves(moves);
        if moves.is_empty() {
            position.outcome()
        } else {
            None
        }
    }

    fn name_key(&self, mv: Self::Move) -> Option<usize> {
        Some(self.action(mv, 0))
    }

    fn name_cache() -> &'static super::NameCache {
        static CACHE: super::NameCache = super::NameCache::new();
        &CACHE
    }
}

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
pub fn solve(py: Python<'_>, position: &Othello, hash_mb: usize) -> PyResult<Solution> {
    use ply_othello::engine::solve::{Options, Solver};
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
