//! The `ply` command as a library: the binary's `main` calls [`run`], and the
//! fuzz targets and tests reach the text entry points through it.
//!
//! Every command prints human text by default and one JSON object per line with
//! `--json`; progress goes to stderr. Bad input gets one error line on stderr
//! and exit code 2.

mod arena;
mod bench;
mod best;
mod cli;
mod egdb;
mod engines;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod games;
mod perft;
mod play;
mod progress;
mod protocol;
mod solve;

use clap::Parser;
use cli::{Cli, Command};
use error::CliError;
use std::process::ExitCode;

/// Runs the `ply` command line of this process and returns its exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return cli::report_parse_error(&err),
    };
    let result = match &cli.command {
        Command::Play(_) if cli.json => Err(CliError::NoJson("play")),
        Command::Play(args) => play::run(args),
        Command::Perft(args) => perft::run(args, cli.json),
        Command::Best(args) => best::run(args, cli.json),
        Command::Bench(args) => bench::run(args, cli.json),
        Command::Uci => protocol::uci::run().map_err(CliError::from),
        Command::Hub => protocol::hub::run().map_err(CliError::from),
        Command::Nboard => protocol::nboard::run().map_err(CliError::from),
        Command::Solve(args) => solve::run(args, cli.json),
        Command::Match(args) => arena::run(&args.game, &args.options, cli.json),
        Command::Egdb(args) => egdb::run(args, cli.json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            err.exit_code()
        }
    }
}
