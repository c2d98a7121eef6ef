//! The best move from Python: ply's engine on a worker thread, each finished
//! iteration passed to an optional Python callback.

use crate::glue::Glue;
use crate::interrupt;
use ply_core::Player;
use ply_core::player::Request as Think;
use ply_core::search::{Info, Level, Limits};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a search found.
#[pyclass(module = "plygames", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct BestMove {
    /// The move to play, in the game's notation.
    #[pyo3(name = "move")]
    pub mv: String,
    /// The score for the side to move, in centi-units (centipawns,
    /// hundredths of a man or disc).
    pub score: i32,
    /// Moves to a forced win (negative: to a forced loss), if the search
    /// found one.
    pub mate: Option<i32>,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The expected line, starting with the move.
    pub pv: Vec<String>,
}

#[pymethods]
impl BestMove {
    fn __repr__(&self) -> String {
        format!(
            "BestMove(move={}, score={}, mate={}, depth={}, nodes={}, pv={})",
            crate::board::py_str(&self.mv),
            self.score,
            crate::board::py_option(self.mate),
            self.depth,
            self.nodes,
            crate::board::py_list(&self.pv)
        )
    }
}

/// An iteration's report, free of Python, as the worker sends it.
struct Report {
    depth: u32,
    seldepth: u32,
    score: i32,
    mate: Option<i32>,
    nodes: u64,
    nps: u64,
    seconds: f64,
    pv: Vec<String>,
}

/// How to search, as given from Python.
pub struct Request {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Seconds to think.
    pub seconds: Option<f64>,
    /// Nodes to search at most.
    pub nodes: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Strength 1..=10.
    pub level: u8,
    /// Seed of the levels' randomness.
    pub seed: u64,
}

impl Request {
    /// The search limits; a second of thinking when no limit is given.
    fn limits(&self) -> PyResult<Limits> {
        let movetime = match self.seconds {
            Some(s) if !(s.is_finite() && s > 0.0) => {
                return Err(PyValueError::new_err(format!(
                    "time must be a positive number of seconds, not {s}"
                )));
            }
            Some(s) => Some(Duration::from_secs_f64(s)),
            None => None,
        };
        if self.depth == Some(0) {
            return Err(PyValueError::new_err("depth must be at least 1"));
        }
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime,
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(Duration::from_secs(1));
        }
        Ok(limits)
    }
}

/// Searches the current position of a game whose earlier positions hashed
/// to `history`; `None` when the game is over.
///
/// # Errors
/// `ValueError` for bad limits or options, `MemoryError` when the table
/// cannot be had, the callback's exception, `KeyboardInterrupt`.
pub fn best_move<G: Glue>(
    py: Python<'_>,
    root: &G,
    history: &[u64],
    request: &Request,
    only: &[G::Move],
    on_info: Option<&Bound<'_, PyAny>>,
    stop_event: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<BestMove>> {
    let limits = request.limits()?;
    let level = Level::new(request.level).ok_or_else(|| {
        PyValueError::new_err(format!("level must be 1 to 10, not {}", request.level))
    })?;
    if request.threads == 0 || request.threads > 1024 {
        return Err(PyValueError::new_err("threads must be 1 to 1024"));
    }
    if root.outcome().is_some() || root.legal_moves().is_empty() {
        return Ok(None);
    }
    let mut engine = crate::glue::player::<G>(request.hash_mb).ok_or_else(|| {
        PyMemoryError::new_err(format!(
            "cannot allocate a {} MiB transposition table",
            request.hash_mb
        ))
    })?;
    let options = engine.options_mut();
    options.threads = request.threads;
    options.level = level;
    options.seed = request.seed;
    let stop = AtomicBool::new(false);
    // A stop event that cannot be asked counts as not set.
    let stopped = || {
        stop_event.is_some_and(|event| {
            event
                .call_method0("is_set")
                .and_then(|set| set.is_truthy())
                .unwrap_or(false)
        })
    };
    let result = interrupt::run_polled(
        py,
        &stop,
        |send: &dyn Fn(Report)| {
            let think = Think {
                only,
                ..Think::new(root, &limits, &stop).with_history(history)
            };
            engine.think(&think, &mut |info: &Info<G::Move>| {
                send(Report {
                    depth: info.depth,
                    seldepth: info.seldepth,
                    score: info.score.0,
                    mate: info.score.moves_to_win(),
                    nodes: info.nodes,
                    nps: info.nps,
                    seconds: info.time.as_secs_f64(),
                    pv: root.line_names(&info.pv),
                });
            })
        },
        |report: Report| {
            let Some(callback) = on_info else {
                return Ok(());
            };
            let info = PyDict::new(py);
            info.set_item("depth", report.depth)?;
            info.set_item("seldepth", report.seldepth)?;
            info.set_item("score", report.score)?;
            info.set_item("mate", report.mate)?;
            info.set_item("nodes", report.nodes)?;
            info.set_item("nps", report.nps)?;
            info.set_item("seconds", report.seconds)?;
            info.set_item("pv", report.pv)?;
            callback.call1((info,))?;
            Ok(())
        },
        stopped,
    )?;
    let Some(best) = result.best else {
        return Ok(None);
    };
    Ok(Some(BestMove {
        mv: root.move_name(best),
        score: result.score.0,
        mate: result.score.moves_to_win(),
        depth: result.depth,
        nodes: result.nodes,
        seconds: result.time.as_secs_f64(),
        pv: root.line_names(&result.pv),
    }))
}
