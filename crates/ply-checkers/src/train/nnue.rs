//! `ply train checkers nnue`: the network of [`crate::engine::nnue`] (128
//! inputs to H per side, concatenated, to one output) trained on the
//! pipeline's data files ([`super::data`]) by [`ply_fit::nnue_run`].
//!
//! Each position's result is its target ([`super::data::Sample::target`]:
//! the database's value where it reaches, else the game's result); its
//! score, which `--lambda` blends in and `--scale auto` fits the scale to,
//! is the score of the search that chose its move where the file has one,
//! else the built-in linear evaluation's (files made before scores were
//! stored, random and lone moves).

use super::data;
use crate::engine::features::Linear;
use crate::engine::nnue::{INPUTS, training_features};
use ply_fit::nnue::SparseData;
pub use ply_fit::nnue_run::NnueArgs;
use ply_fit::run::{TrainError, Ui};
use std::path::Path;

/// Reads a data file's positions into `data`, `limit` in all at most (0:
/// no limit).
fn read(path: &Path, data: &mut SparseData, limit: usize) -> Result<(), TrainError> {
    let (_, samples) =
        data::read(path).map_err(|e| TrainError(format!("{}: {e}", path.display())))?;
    let linear = Linear::new(crate::engine::features::Weights::shipped().clone());
    for sample in samples {
        if data.len() == limit && limit > 0 {
            break;
        }
        let (us, them) = training_features(&sample.board);
        let score = sample
            .score
            .map_or_else(|| linear.score(&sample.board), i32::from) as f32;
        data.push(&us, &them, score, sample.target())
            .map_err(|e| TrainError(e.to_string()))?;
    }
    Ok(())
}

/// Runs `ply train checkers nnue`.
///
/// # Errors
/// See [`ply_fit::nnue_run::run`].
pub fn run(args: &NnueArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    ply_fit::nnue_run::run(args, INPUTS, 24, &read, ui)
}
