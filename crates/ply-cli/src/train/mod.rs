//! `ply train`: the pipelines that make the engines' evaluation weights from
//! ply's own games. Each game has its own steps (`ply train othello generate`,
//! ...); every step is deterministic for its seed and resumes where an
//! interrupted run stopped. The steps live in the game crates' `train`
//! modules (on [`ply_fit`]'s machinery), reached through the registry
//! entries ([`crate::games`]); this module parses the arguments and draws
//! the progress ([`ui`]).

pub mod checkers;
pub mod chess;
pub mod othello;
pub mod ui;

use crate::error::CliError;
use clap::{Args, Subcommand};

/// Arguments of `ply train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// The game whose evaluation to train.
    #[command(subcommand)]
    pub game: TrainGame,
}

/// The games `ply train` knows.
#[derive(Debug, Subcommand)]
pub enum TrainGame {
    /// English checkers: self-play positions from the ACF ballots labelled
    /// by game results and the endgame database, then the evaluation's
    /// weights fitted on them (Texel-style).
    Checkers(checkers::CheckersArgs),
    /// Chess: quiet positions of self-play games labelled by their results,
    /// then the evaluation's weights fitted to them (Texel tuning).
    Chess(chess::ChessArgs),
    /// Othello: self-play positions labelled by the exact solver, then the
    /// pattern weights fitted on them.
    Othello(othello::OthelloArgs),
}

/// Arguments of the `info` steps.
#[derive(Debug, Args)]
pub struct DataArgs {
    /// The data file.
    #[arg(long, value_name = "FILE")]
    pub data: std::path::PathBuf,
}

/// Runs `ply train`.
pub fn run(args: &TrainArgs, json: bool) -> Result<(), CliError> {
    match &args.game {
        TrainGame::Checkers(args) => checkers::run(args, json),
        TrainGame::Chess(args) => chess::run(args, json),
        TrainGame::Othello(args) => othello::run(args, json),
    }
}
