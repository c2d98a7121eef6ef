//! Perft from Python: the tree cut into subtrees counted on a pool of
//! threads with the same counting function as `ply perft`, stopping between
//! subtrees when asked (Ctrl-C).

use crate::interrupt;
use ply_core::Game;
use ply_core::perft::{perft, split};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest perft accepted (as `ply perft`).
pub const MAX_DEPTH: u32 = 64;

/// Subtrees are cut until there are this many (or they get shallow), so that
/// a stop is noticed soon and the threads finish together.
const SUBTREES: usize = 2048;

/// Checks a perft depth and thread count from Python.
///
/// # Errors
/// `ValueError` when either is out of range.
pub fn check_arguments(depth: u32, threads: usize) -> PyResult<()> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "perft depth {depth} is too deep (at most {MAX_DEPTH})"
        )));
    }
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    Ok(())
}

/// The positions `plies` plies below `root`, one per move path, in move
/// generation order (a position reached by two paths appears twice).
pub fn positions_below<G: Game>(root: &G, plies: u32) -> Vec<G> {
    let mut level = vec![root.clone()];
    for _ in 0..plies {
        level = level
            .iter()
            .flat_map(|position| {
                let moves = position.legal_moves();
                moves
                    .iter()
                    .map(|&mv| position.play_unchecked(mv))
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    level
}

/// The leaves below each root move of `root` at `depth` (>= 1), counted on
/// `threads` threads; `None` if `stop` was set before the end.
fn divide_counts<G: Game>(
    root: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Option<Vec<u64>>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let root_moves = root.legal_moves().len();
    let subtrees = split(root, depth, SUBTREES);
    let counts: Vec<Option<(usize, u64)>> = pool.install(|| {
        subtrees
            .par_iter()
            .map(|subtree| {
                if stop.load(Ordering::Relaxed) {
                    None
                } else {
                    Some((subtree.root_move, perft(&subtree.position, subtree.depth)))
                }
            })
            .collect()
    });
    let mut divide = vec![0; root_moves];
    for count in counts {
        let Some((root_move, nodes)) = count else {
            return Ok(None);
        };
        divide[root_move] += nodes;
    }
    Ok(Some(divide))
}

/// The leaves below each root move of `root` (in move generation order),
/// with the GIL released and Ctrl-C honoured.
///
/// # Errors
/// `ValueError` for a bad depth or thread count, `KeyboardInterrupt` (or
/// another signal handler's error) when interrupted.
pub fn divide<G: Game>(
    py: Python<'_>,
    root: &G,
    depth: u32,
    threads: usize,
) -> PyResult<Vec<(G::Move, u64)>> {
    check_arguments(depth, threads)?;
    if depth == 0 {
        return Ok(Vec::new());
    }
    let stop = AtomicBool::new(false);
    let counts = interrupt::run(
        py,
        &stop,
        |_: &dyn Fn(())| divide_counts(root, depth, threads, &stop),
        |()| Ok(()),
    )?
    .map_err(PyRuntimeError::new_err)?;
    let counts = counts.ok_or_else(|| PyRuntimeError::new_err("perft was stopped"))?;
    Ok(root.legal_moves().iter().copied().zip(counts).collect())
}

/// The leaves of `root` at `depth`, as [`divide`] counts them.
///
/// # Errors
/// As [`divide`].
pub fn count<G: Game>(py: Python<'_>, root: &G, depth: u32, threads: usize) -> PyResult<u64> {
    if depth == 0 {
        check_arguments(depth, threads)?;
        return Ok(1);
    }
    Ok(divide(py, root, depth, threads)?
        .iter()
        .map(|&(_, nodes)| nodes)
        .sum())
}
