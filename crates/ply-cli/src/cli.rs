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
    Play(crate::play::PlayArgs),
    /// Count the move paths to a given depth (the standard move generator test).
    Perft(crate::perft::PerftArgs),
    /// Search a position and print the best move.
    Best(crate::best::BestArgs),
    /// Print a position's board: text as `ply play` draws it, or SVG.
    Board(crate::board::BoardArgs),
    /// Search fixed positions to a fixed depth: node counts and speed.
    Bench(crate::bench::BenchArgs),
    /// Speak UCI on stdin/stdout (chess GUIs: register `ply uci` as the engine).
    Uci,
    /// Speak Hub (Scan's protocol) on stdin/stdout, for English checkers.
    Hub(crate::engines::BookChoice),
    /// Speak NBoard (version 2) on stdin/stdout, for Othello GUIs such as NBoard.
    Nboard(crate::engines::BookChoice),
    /// Solve an Othello position exactly: the final disc difference with
    /// perfect play, the best move and line.
    Solve(crate::solve::SolveArgs),
    /// Play engines against each other (ply referees): options in the style
    /// of cutechess-cli, `ply match <game> -help` lists them.
    #[command(disable_help_flag = true)]
    Match(MatchArgs),
    /// Opening books built by ply's searches: build, info.
    Book(crate::book::BookArgs),
    /// Checkers endgame databases: build, probe, verify, info.
    Egdb(crate::egdb::EgdbArgs),
    /// Make evaluation weights from ply's own games: `ply train othello generate`.
    Train(crate::train::TrainArgs),
    /// The browser app: play and analyse chess, checkers and Othello at
    /// http://127.0.0.1:8080/ (and its JSON/WebSocket API).
    Serve(crate::serve::ServeArgs),
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
