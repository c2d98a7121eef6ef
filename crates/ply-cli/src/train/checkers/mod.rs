//! `ply train checkers`: the checkers evaluation's pipeline.
//!
//! 1. `generate`: self-play games from the ACF ballots, their quiet positions
//!    labelled with the game's result and the endgame database's value where
//!    it reaches (`data`);
//! 2. `fit`: the evaluation's weights fitted to a data file (Texel-style
//!    logistic regression on the results, `fit`);
//! 3. `info`: what a data file holds.

pub mod data;
mod fit;
mod generate;

use super::DataArgs;
use crate::error::CliError;
use crate::train::batch::{count_table, info_json, print_report};
use clap::{Args, Subcommand};

/// Arguments of `ply train checkers`.
#[derive(Debug, Args)]
pub struct CheckersArgs {
    /// The step to run.
    #[command(subcommand)]
    pub step: CheckersStep,
}

/// The steps of the checkers pipeline.
#[derive(Debug, Subcommand)]
pub enum CheckersStep {
    /// Play self-play games from the ACF ballots and append their quiet
    /// positions to a data file (resumes a file made with the same settings).
    Generate(generate::GenerateArgs),
    /// Fit the evaluation's weights to a data file (logistic regression on
    /// the results and database values) and write them as text.
    Fit(fit::FitArgs),
    /// Print what a data file holds: games, positions, results, database
    /// values, and positions by pieces on the board.
    Info(DataArgs),
}

/// Runs `ply train checkers`.
pub fn run(args: &CheckersArgs, json: bool) -> Result<(), CliError> {
    match &args.step {
        CheckersStep::Generate(args) => generate::run(args, json),
        CheckersStep::Fit(args) => fit::run(args, json),
        CheckersStep::Info(args) => info(args, json),
    }
}

/// Runs `ply train checkers info`.
fn info(args: &DataArgs, json: bool) -> Result<(), CliError> {
    let (header, samples) = data::read(&args.data).map_err(|e| CliError::Train(e.to_string()))?;
    let mut by_pieces = [0u64; 25];
    let mut results = [0u64; 3];
    for sample in &samples {
        by_pieces[sample.pieces().min(24) as usize] += 1;
        results[(sample.result + 1) as usize] += 1;
    }
    let known = samples.iter().filter(|s| s.database.is_some()).count();
    let settings = header.settings;
    print_report(
        json,
        &info_json(
            &args.data,
            &header,
            serde_json::json!({
            "depth": settings.depth,
            "noise": settings.noise,
            "database_pieces": settings.database_pieces,
            "database_values": known,
            "losses_draws_wins": results.to_vec(),
            "by_pieces": by_pieces.to_vec(),
            }),
        ),
        &format!(
            "{}: {} games, {} positions, {known} with database values (seed {}, depth {}, noise {}%, {}-piece database)\n\
             results for the side to move: {} won, {} drawn, {} lost\n{}",
            args.data.display(),
            header.games,
            header.records,
            header.seed,
            settings.depth,
            settings.noise,
            settings.database_pieces,
            results[2],
            results[1],
            results[0],
            count_table("pieces", &by_pieces)
        ),
    )
}
