//! Chess training data from Python: `ply train chess datagen` over a range
//! of games of a seed, and `ply train chess merge`, run by the same Rust
//! code as the command with the GIL released.

use ply_chess::train::datagen::{self, DatagenArgs, MergeArgs};
use ply_fit::run::{Bar, Quiet, RunOptions, TrainError, Ui};
use ply_fit::serde_json::Value;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use std::sync::Mutex;

/// A [`Ui`] that shows nothing and keeps the run's report (its JSON).
#[derive(Default)]
struct Report(Mutex<Option<Value>>);

impl Ui for Report {
    fn json(&self) -> bool {
        true
    }
    fn bar(&self, _: u64, _: &str) -> Box<dyn Bar> {
        Box::new(Quiet)
    }
    fn report(&self, value: &Value, _: &str) -> Result<(), TrainError> {
        *self.0.lock().expect("the report's lock") = Some(value.clone());
        Ok(())
    }
}

impl Report {
    /// The report as a JSON text (`{}` if none was made).
    fn into_json(self) -> String {
        self.0
            .into_inner()
            .expect("the report's lock")
            .map_or_else(|| "{}".to_owned(), |value| value.to_string())
    }
}

/// A run's error as a Python `ValueError` with the command's message.
fn value_error(error: TrainError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// chess_datagen(out, games, seed=1, first_game=0, nodes=5000, depth=None,
/// random_plies=8, book=None, max_opening_score=500, adjudicate=1000,
/// max_plies=300, threads=1, batch=32) -> str
///
/// `ply train chess datagen` with these options: games `first_game` to
/// `first_game + games - 1` of `seed` into `out` (resumed when its progress
/// file exists), on `threads` threads (0: one per core), the GIL released.
/// Returns the run's report as JSON text. `ValueError` with the command's
/// message for bad options or files.
#[pyfunction]
#[pyo3(signature = (out, games, seed=1, first_game=0, nodes=5000, depth=None,
    random_plies=8, book=None, max_opening_score=500, adjudicate=1000,
    max_plies=300, threads=1, batch=32))]
#[allow(clippy::too_many_arguments)]
pub fn chess_datagen(
    py: Python<'_>,
    out: PathBuf,
    games: u64,
    seed: u64,
    first_game: u64,
    nodes: u64,
    depth: Option<u32>,
    random_plies: u32,
    book: Option<PathBuf>,
    max_opening_score: u32,
    adjudicate: u32,
    max_plies: u32,
    threads: usize,
    batch: u64,
) -> PyResult<String> {
    let args = DatagenArgs {
        run: RunOptions {
            out,
            games,
            seed,
            threads,
            batch,
        },
        first_game,
        nodes,
        depth,
        random_plies,
        book,
        max_opening_score,
        adjudicate,
        max_plies,
    };
    let report = Report::default();
    py.detach(|| datagen::run(&args, &report))
        .map_err(value_error)?;
    Ok(report.into_json())
}

/// chess_merge(out, inputs) -> str
///
/// `ply train chess merge`: the marlinformat files `inputs` in order into
/// the new file `out`, each position once (the first), every record
/// checked, the GIL released. Returns the report as JSON text.
/// `ValueError` naming the file for a file cut short or not marlinformat,
/// or an `out` that exists.
#[pyfunction]
pub fn chess_merge(py: Python<'_>, out: PathBuf, inputs: Vec<PathBuf>) -> PyResult<String> {
    if inputs.is_empty() {
        return Err(PyValueError::new_err("no files to merge"));
    }
    let args = MergeArgs { out, inputs };
    let report = Report::default();
    py.detach(|| datagen::merge(&args, &report))
        .map_err(value_error)?;
    Ok(report.into_json())
}
