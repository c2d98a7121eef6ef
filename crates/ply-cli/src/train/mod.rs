//! `ply train`: the pipelines that make the engines' evaluation weights from
//! ply's own games. Each game has its own steps (`ply train othello generate`,
//! ...); every step is deterministic for its seed and resumes where an
//! interrupted run stopped.

pub mod checkers;
pub mod othello;
pub mod records;
pub mod selfplay;

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
    /// Othello: self-play positions labelled by the exact solver, then the
    /// pattern weights fitted on them.
    Othello(othello::OthelloArgs),
    /// English checkers: self-play positions from the ACF ballots labelled
    /// by game results and the endgame database, then the evaluation's
    /// weights fitted on them (Texel-style).
    Checkers(checkers::CheckersArgs),
}

/// Runs `ply train`.
pub fn run(args: &TrainArgs, json: bool) -> Result<(), CliError> {
    match &args.game {
        TrainGame::Othello(args) => othello::run(args, json),
        TrainGame::Checkers(args) => checkers::run(args, json),
    }
}
