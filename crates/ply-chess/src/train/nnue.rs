//! `ply train chess nnue`: a two-perspective network (768 features to H per
//! side, concatenated, to one output) trained on marlinformat data
//! (`datagen`) by [`ply_fit::nnue_run`], written as the quantised file that
//! `EvalFile` and `PLY_CHESS_NET` load.
//!
//! Each record gives the features of its position from the side to move's
//! perspective and the other side's ([`crate::engine::nnue`]), the
//! score and the result turned to the side to move's view.

use crate::Color;
use crate::engine::nnue::{INPUTS, training_features};
use crate::train::{DataError, Reader, TrainingPosition};
use ply_fit::nnue::SparseData;
pub use ply_fit::nnue_run::NnueArgs;
use ply_fit::run::{TrainError, Ui};
use std::path::Path;

/// A record's features, score and result from the side to move's view.
fn push(data: &mut SparseData, record: &TrainingPosition) -> Result<(), TrainError> {
    let (us, them) = training_features(&record.position);
    let white = record.position.turn() == Color::White;
    let score = f32::from(record.score);
    let result = record.wdl.white_score();
    let (score, result) = if white {
        (score, result)
    } else {
        (-score, 1.0 - result)
    };
    data.push(&us, &them, score, result)
        .map_err(|e| TrainError(e.to_string()))
}

/// Reads a data file's positions into `data`, `limit` in all at most (0:
/// no limit).
fn read(path: &Path, data: &mut SparseData, limit: usize) -> Result<(), TrainError> {
    let err = |e: DataError| TrainError(format!("{}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| err(e.into()))?;
    for record in Reader::new(std::io::BufReader::new(file)) {
        if data.len() == limit && limit > 0 {
            break;
        }
        push(data, &record.map_err(err)?)?;
    }
    Ok(())
}

/// Runs `ply train chess nnue`.
///
/// # Errors
/// See [`ply_fit::nnue_run::run`].
pub fn run(args: &NnueArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    ply_fit::nnue_run::run(args, INPUTS, 32, &read, ui)
}
