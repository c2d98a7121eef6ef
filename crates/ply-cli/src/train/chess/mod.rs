//! `ply train chess`: the chess evaluation's pipeline (Texel tuning).
//!
//! 1. `generate`: self-play games from random openings; their quiet
//!    positions, each with the game's result (`data`);
//! 2. `fit`: the evaluation's weights fitted to the results by logistic
//!    regression (`fit`);
//! 3. `info`: what a data file holds.

pub mod data;
mod fit;
mod generate;

use crate::error::CliError;
use crate::train::batch::{info_json, print_report};
use clap::{Args, Subcommand};

/// Arguments of `ply train chess`.
#[derive(Debug, Args)]
pub struct ChessArgs {
    /// The step to run.
    #[command(subcommand)]
    pub step: ChessStep,
}

/// The steps of the chess pipeline.
#[derive(Debug, Subcommand)]
pub enum ChessStep {
    /// Play self-play games and append their quiet positions to a data file
    /// (resumes a file made with the same settings).
    Generate(generate::GenerateArgs),
    /// Fit the evaluation's weights to the results of a data file's games
    /// (resumes with --resume).
    Fit(fit::FitArgs),
    /// Print what a data file holds: games, positions and results.
    Info(super::DataArgs),
}

/// Runs `ply train chess`.
pub fn run(args: &ChessArgs, json: bool) -> Result<(), CliError> {
    match &args.step {
        ChessStep::Generate(args) => generate::run(args, json),
        ChessStep::Fit(args) => fit::run(args, json),
        ChessStep::Info(args) => info(args, json),
    }
}

/// Runs `ply train chess info`.
fn info(args: &super::DataArgs, json: bool) -> Result<(), CliError> {
    let (header, samples) = data::read(&args.data).map_err(|e| CliError::Train(e.to_string()))?;
    let mut results = [0u64; 3];
    for sample in &samples {
        results[usize::from(sample.white_half_points)] += 1;
    }
    print_report(
        json,
        &info_json(
            &args.data,
            &header,
            serde_json::json!({
                "settings_code": header.settings,
                "white_won": results[2],
                "drawn": results[1],
                "white_lost": results[0],
            }),
        ),
        &format!(
            "{}: {} games, {} positions (seed {}, settings code {}); positions from games White won {}, drawn {}, lost {}",
            args.data.display(),
            header.games,
            header.records,
            header.seed,
            header.settings,
            results[2],
            results[1],
            results[0]
        ),
    )
}
