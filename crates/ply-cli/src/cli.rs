//! The command line: subcommands and their arguments.

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

/// ply: a toolkit and engine for chess, English checkers and Othello.
#[derive(Debug, Parser)]
#[command(name = "ply", version, arg_required_else_help = true)]
pub struct Cli {
    /// Print one JSON object per line on stdout instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the move paths to a given depth (the standard move generator test).
    Perft(PerftArgs),
    /// Solve an Othello position exactly: the final disc difference with
    /// perfect play, the best move and line.
    Solve(crate::solve::SolveArgs),
}

/// Arguments of `ply perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game: chess or othello.
    pub game: String,

    /// Plies to count.
    pub depth: u32,

    /// Start from this position instead of the start position, in the game's
    /// standard notation: chess FEN; Othello 64 characters a1..h8 of X, O, -
    /// and the side to move ("...OX... X").
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,

    /// Print the count below each root move first.
    #[arg(long)]
    pub divide: bool,

    /// Worker threads (1 to 1024).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub threads: usize,

    /// Move generator (chess: bitboard; othello: bitboard, lines); the fastest
    /// by default.
    #[arg(long = "gen", value_name = "NAME")]
    pub generator: Option<String>,

    /// Transposition table size in MiB (0: no hashing).
    #[arg(long, value_name = "MB", default_value_t = 0)]
    pub hash: usize,
}

/// Prints a command-line error as one line on stderr (help and version go to
/// stdout as usual) and gives the exit code.
pub fn report_parse_error(err: &clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            ExitCode::from(2)
        }
        _ => {
            eprintln!("{}", one_line(&err.to_string()));
            ExitCode::from(2)
        }
    }
}

/// Clap's message without its usage and help hints, folded onto one line.
fn one_line(message: &str) -> String {
    let body = message.split("\n\nUsage:").next().unwrap_or(message);
    let body = body
        .split("\n\nFor more information")
        .next()
        .unwrap_or(body);
    let mut line = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if !line.starts_with("error:") {
        line.insert_str(0, "error: ");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_errors_fold_to_one_line() {
        let err = Cli::try_parse_from(["ply", "perft", "othello"]).unwrap_err();
        let line = one_line(&err.to_string());
        assert!(!line.contains('\n'));
        assert!(line.starts_with("error: "), "{line}");
        assert!(line.contains("<DEPTH>"), "{line}");
        let err = Cli::try_parse_from(["ply", "perft", "othello", "x"]).unwrap_err();
        let line = one_line(&err.to_string());
        assert!(line.contains("invalid value 'x'"), "{line}");
    }

    #[test]
    fn the_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
