//! `ply train checkers`: the checkers evaluation's pipeline, whose steps
//! are the checkers crate's `train` module's (reached through the registry entry,
//! [`crate::games::checkers::train`]); this module only names them.
//!
//! 1. `generate`: self-play games from the ACF ballots, their quiet positions
//!    labelled with the game's result and the endgame database's value where
//!    it reaches;
//! 2. `fit`: the evaluation's weights fitted to a data file (Texel-style
//!    logistic regression on the results);
//! 3. `nnue`: a network trained on the data files (the evaluation when
//!    `PLY_CHECKERS_NET` names it);
//! 4. `info`: what a data file holds.

use super::DataArgs;
use crate::error::CliError;
use crate::games::checkers::train;
use crate::train::ui::{Terminal, cli_error};
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
    Generate(train::generate::GenerateArgs),
    /// Fit the evaluation's weights to a data file (logistic regression on
    /// the results and database values) and write them (resumes with
    /// --resume).
    Fit(train::fit::FitArgs),
    /// Train a network evaluation (128 inputs to H per side, one output) on
    /// data files and write it after every epoch (resumes with --resume);
    /// `PLY_CHECKERS_NET=NET` evaluates with it.
    ///
    /// Example: ply train checkers nnue --data ck.bin --out checkers.nnue --hidden 32 --lambda 0
    Nnue(train::nnue::NnueArgs),
    /// Print what a data file holds: games, positions, results, database
    /// values, and positions by pieces on the board.
    Info(DataArgs),
}

/// Runs `ply train checkers`.
pub fn run(args: &CheckersArgs, json: bool) -> Result<(), CliError> {
    let ui = &Terminal { json };
    match &args.step {
        CheckersStep::Generate(args) => {
            train::generate::run(args, &ply_games::playable::checkers::deck_positions(), ui)
        }
        CheckersStep::Fit(args) => train::fit::run(args, ui),
        CheckersStep::Nnue(args) => train::nnue::run(args, ui),
        CheckersStep::Info(args) => train::info(&args.data, ui),
    }
    .map_err(cli_error)
}
