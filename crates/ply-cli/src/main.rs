//! `ply`: perft, benchmarks and engines for chess, checkers and Othello.
//!
//! Every command prints human text by default and one JSON object per line with
//! `--json`; progress goes to stderr. Bad input gets one error line on stderr
//! and exit code 2.

mod cli;
mod error;
mod games;
mod perft;
mod progress;
mod solve;

use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return cli::report_parse_error(&err),
    };
    let result = match &cli.command {
        Command::Perft(args) => perft::run(args, cli.json),
        Command::Solve(args) => solve::run(args, cli.json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            err.exit_code()
        }
    }
}
