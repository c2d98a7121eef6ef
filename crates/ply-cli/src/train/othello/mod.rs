//! `ply train othello`: the Othello evaluation's pipeline, whose steps are
//! the Othello crate's `train` module's (reached through the registry entry,
//! [`crate::games::othello::train`]); this module only names them.
//!
//! 1. `generate`: self-play games from random openings, positions near the end
//!    labelled with their exact score by the solver;
//! 2. `fit`: the pattern weights fitted to a data file, stage by stage from
//!    the end of the game;
//! 3. `info`: what a data file holds;
//! 4. `check`: an evaluation's error against a data file's exact scores.

use crate::error::CliError;
use crate::games::othello::train;
use crate::train::ui::{Terminal, cli_error};
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
    Generate(train::generate::GenerateArgs),
    /// Fit the pattern weights to a data file, stage by stage from the end
    /// of the game (resumes with --resume).
    Fit(train::fit::FitArgs),
    /// Print what a data file holds: games, positions, exact scores, and
    /// positions by empty squares.
    Info(super::DataArgs),
    /// Measure an evaluation against the exact scores of a data file, by
    /// empty squares (best a file the weights were not fitted on).
    Check(train::check::CheckArgs),
}

/// Runs `ply train othello`.
pub fn run(args: &OthelloArgs, json: bool) -> Result<(), CliError> {
    let ui = &Terminal { json };
    match &args.step {
        OthelloStep::Generate(args) => train::generate::run(args, ui),
        OthelloStep::Fit(args) => train::fit::run(args, ui),
        OthelloStep::Info(args) => train::info(&args.data, ui),
        OthelloStep::Check(args) => train::check::run(args, ui),
    }
    .map_err(cli_error)
}
