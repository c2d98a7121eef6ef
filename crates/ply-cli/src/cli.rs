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
    /// Play against the computer in the terminal (moves and commands on stdin).
    Play(PlayArgs),
    /// Count the move paths to a given depth (the standard move generator test).
    Perft(PerftArgs),
    /// Search a position and print the best move.
    Best(BestArgs),
    /// Search fixed positions to a fixed depth: node counts and speed.
    Bench(BenchArgs),
    /// Speak UCI on stdin/stdout (chess GUIs: register `ply uci` as the engine).
    Uci,
    /// Speak Hub (Scan's protocol) on stdin/stdout, for English checkers.
    Hub,
    /// Speak NBoard (version 2) on stdin/stdout, for Othello GUIs such as NBoard.
    Nboard,
    /// Solve an Othello position exactly: the final disc difference with
    /// perfect play, the best move and line.
    Solve(crate::solve::SolveArgs),
    /// Play engines against each other (ply referees): options in the style
    /// of cutechess-cli, `ply match <game> -help` lists them.
    #[command(disable_help_flag = true)]
    Match(MatchArgs),
    /// Checkers endgame databases: build, probe, verify, info.
    Egdb(crate::egdb::EgdbArgs),
}

/// Arguments of `ply match`: the game, then cutechess-style options that
/// ply reads itself (`-engine cmd=... -each tc=10+0.1 ...`).
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The game: chess, checkers or othello.
    pub game: String,

    /// The match options (`ply match <game> -help` lists them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    pub options: Vec<String>,
}

/// Who a person plays in `ply play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// White (moves second in checkers and Othello).
    White,
    /// Black (moves first in checkers and Othello).
    Black,
    /// A person plays both sides (the computer only gives hints).
    Both,
    /// The computer plays both sides (watch it play itself).
    None,
}

/// Arguments of `ply play`.
#[derive(Debug, Args)]
#[command(after_long_help = crate::best::LEVELS_HELP)]
pub struct PlayArgs {
    /// The game: checkers, chess or othello.
    pub game: String,

    /// The side you play; by default the side that moves first (Black in
    /// checkers and Othello, White in chess).
    #[arg(long, value_enum, value_name = "C")]
    pub color: Option<ColorChoice>,

    /// The computer's strength from 1 (beginner) to 10 (full strength); see
    /// the list below.
    #[arg(long, value_name = "L", default_value_t = 5,
          value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,

    /// The computer's time per move in milliseconds (default: 1000 at level
    /// 10; levels 1-9 stop at their depth, within 10 s).
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub movetime: Option<u64>,

    /// Seed of the opening choices and the levels' errors: the same seed and
    /// moves replay the same game (random by default, and shown).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Plain ASCII board without colours (the default when stdout is not a
    /// terminal).
    #[arg(long)]
    pub ascii: bool,

    /// Show square numbers on the board (checkers).
    #[arg(long)]
    pub numbers: bool,

    /// Start from this position (the game's standard notation) instead of
    /// the start position; the opening book is not used then.
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,
}

/// Arguments of `ply best`.
#[derive(Debug, Args)]
#[command(after_long_help = crate::best::LEVELS_HELP)]
pub struct BestArgs {
    /// The game: chess, checkers or othello.
    pub game: String,

    /// The position to search (the game's standard notation; the start
    /// position by default).
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,

    /// Search to this many plies.
    #[arg(long, value_name = "N", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,

    /// Search for this many milliseconds (default 1000 when no depth or nodes are given).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,

    /// Search at most this many nodes (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,

    /// Strength from 1 (beginner) to 10 (full strength); see the list below.
    #[arg(long, value_name = "L", default_value_t = 10,
          value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,

    /// Seed for the randomness of levels below 10.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// Search threads (1 to 256).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub threads: usize,

    /// Transposition table size in MiB (1 to 65536).
    #[arg(long, value_name = "MB", default_value_t = 64,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=65536))]
    pub hash: usize,

    /// The board the engine runs on (chess: bitboard, gnu, attackmap); the
    /// bitboard by default.
    #[arg(long = "gen", value_name = "NAME")]
    pub generator: Option<String>,
}

/// Arguments of `ply bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The game to benchmark (all games by default).
    pub game: Option<String>,

    /// Nominal search depth (the default gives a few seconds per game).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=40))]
    pub depth: Option<u32>,

    /// The board the engine runs on (chess: bitboard, gnu, attackmap); needs
    /// the game.
    #[arg(long = "gen", value_name = "NAME", requires = "game")]
    pub generator: Option<String>,
}

/// Arguments of `ply perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game: chess, checkers or othello.
    pub game: String,

    /// Plies to count, 0 to 64 (deeper than any perft ever finished).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,

    /// Start from this position instead of the start position, in the game's
    /// standard notation: chess FEN; checkers PDN FEN, side to move and each
    /// colour's squares, K for kings ("W:WK10:B14,15,22,23"); Othello 64
    /// characters a1..h8 of X, O, - and the side to move ("...OX... X").
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,

    /// Print the count below each root move first.
    #[arg(long)]
    pub divide: bool,

    /// Worker threads (1 to 1024).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub threads: usize,

    /// Move generator (chess: bitboard, gnu, attackmap; checkers: shifts;
    /// othello: bitboard, lines); the fastest by default.
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
        let err = Cli::try_parse_from(["ply", "play", "chess", "--level", "11"]).unwrap_err();
        let line = one_line(&err.to_string());
        assert!(line.contains("11") && line.contains("1..=10"), "{line}");
        let err = Cli::try_parse_from(["ply", "play", "chess", "--color", "red"]).unwrap_err();
        assert!(one_line(&err.to_string()).contains("'red'"));
    }

    #[test]
    fn the_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
