//! `ply train othello`: the Othello evaluation's pipeline.
//!
//! 1. `generate`: self-play games from random openings, positions near the end
//!    labelled with their exact score by the solver (`data`);
//! 2. `fit`: the pattern weights fitted to a data file, stage by stage from
//!    the end of the game (`fit`);
//! 3. `info`: what a data file holds;
//! 4. `check`: an evaluation's error against a data file's exact scores.

mod check;
pub mod data;
mod fit;
mod generate;

use crate::error::CliError;
use crate::train::batch::{count_table, info_json, print_report};
use clap::{Args, Subcommand};

/// Arguments of `ply train othello`.
#[derive(Debug, Args)]
pub struct OthelloArgs {
    /// The step to run.
    #[command(subcommand)]
    pub step: OthelloStep,
}

/// The steps of the Othello pipeline.
#[derive(Debug, Subcommand)]
pub enum OthelloStep {
    /// Play self-play games and append their positions to a data file
    /// (resumes a file made with the same settings).
    Generate(generate::GenerateArgs),
    /// Fit the pattern weights to a data file, stage by stage from the end
    /// of the game (resumes with --resume).
    Fit(fit::FitArgs),
    /// Print what a data file holds: games, positions, exact scores, and
    /// positions by empty squares.
    Info(super::DataArgs),
    /// Measure an evaluation against the exact scores of a data file, by
    /// empty squares (best a file the weights were not fitted on).
    Check(check::CheckArgs),
}

/// Runs `ply train othello`.
pub fn run(args: &OthelloArgs, json: bool) -> Result<(), CliError> {
    match &args.step {
        OthelloStep::Generate(args) => generate::run(args, json),
        OthelloStep::Fit(args) => fit::run(args, json),
        OthelloStep::Info(args) => info(args, json),
        OthelloStep::Check(args) => check::run(args, json),
    }
}

/// Runs `ply train othello info`.
fn info(args: &super::DataArgs, json: bool) -> Result<(), CliError> {
    let (header, samples) = data::read(&args.data).map_err(|e| CliError::Train(e.to_string()))?;
    let mut by_empties = [0u64; 61];
    for sample in &samples {
        by_empties[sample.empties().min(60) as usize] += 1;
    }
    let exact = samples.iter().filter(|s| s.exact.is_some()).count();
    print_report(
        json,
        &info_json(
            &args.data,
            &header,
            serde_json::json!({
                "exact_empties": header.settings,
                "exact": exact,
                "by_empties": by_empties.to_vec(),
            }),
        ),
        &format!(
            "{}: {} games, {} positions, {exact} with exact scores (seed {}, exact at {} empties or fewer)\n{}",
            args.data.display(),
            header.games,
            header.records,
            header.seed,
            header.settings,
            count_table("empties", &by_empties)
        ),
    )
}
