//! The `ply` command as a library: the binary's `main` calls [`run`], and the
//! fuzz targets and tests reach the text entry points through it.
//!
//! Every command prints human text by default and one JSON object per line with
//! `--json`; progress goes to stderr. Bad input gets one error line on stderr
//! and exit code 2.
//!
//! The modules in layers, each using only the ones before it (no cycles;
//! `scripts/module-cycles` checks):
//! 1. `error`, `lines`, `progress`: errors, text input, progress bars;
//! 2. `engines`: an engine with its table, and what the levels mean;
//! 3. `search_thread`: the engine's worker thread, for every front end;
//! 4. the front ends, generic over the game: `play` (`ply play`), `protocol`
//!    (UCI, Hub, NBoard) and `arena` (`ply match`);
//! 5. `games`: the registry, one entry per game, and the one dispatch from a
//!    game's name to its types;
//! 6. the commands that reach their game through it: `perft`, `best`,
//!    `bench`, `board`, `solve` (and `ply play` and `ply match`, here), `book`, `egdb`
//!    and `train`;
//! 7. `cli`: the command line's arguments; [`run`] on top of it all.

mod arena;
mod bench;
mod best;
mod board;
mod book;
mod cli;
mod egdb;
mod engines;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod games;
mod lines;
mod perft;
mod play;
mod progress;
mod protocol;
mod search_thread;
mod serve;
mod solve;
mod train;

use clap::Parser;
use cli::{Cli, Command};
use error::CliError;
use games::{Dispatch, GameEntry, GameTask};
use std::process::ExitCode;

/// Runs the `ply` command line of this process and returns its exit code.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return cli::report_parse_error(&err),
    };
    let result = match &cli.command {
        Command::Play(_) if cli.json => Err(CliError::NoJson("play")),
        Command::Play(args) => {
            games::engine_game(&args.game).and_then(|game| game.dispatch(Play(args)))
        }
        Command::Perft(args) => perft::run(args, cli.json),
        Command::Best(args) => best::run(args, cli.json),
        Command::Board(args) => board::run(args, cli.json),
        Command::Bench(args) => bench::run(args, cli.json),
        Command::Uci => protocol::uci::run().map_err(CliError::from),
        Command::Hub(choice) => choice
            .book(<ply_checkers::Checkers as ply_core::Game>::NAME)
            .and_then(|book| protocol::hub::run(book, choice.randomness()).map_err(CliError::from)),
        Command::Nboard(choice) => choice
            .book(<ply_othello::Othello as ply_core::Game>::NAME)
            .and_then(|book| {
                protocol::nboard::run(book, choice.randomness()).map_err(CliError::from)
            }),
        Command::Solve(args) => solve::run(args, cli.json),
        Command::Match(args) => games::engine_game(&args.game).and_then(|game| {
            game.dispatch(Match {
                options: &args.options,
                json: cli.json,
            })
        }),
        Command::Book(args) => book::run(args, cli.json),
        Command::Egdb(args) => egdb::run(args, cli.json),
        Command::Train(args) => train::run(args, cli.json),
        Command::Serve(args) => serve::run(args, cli.json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            err.exit_code()
        }
    }
}

/// `ply play` on the game the registry picks.
struct Play<'a>(&'a play::PlayArgs);

impl GameTask for Play<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        play::run::<G::Board>(self.0)
    }
}

/// `ply match` on the game the registry picks.
struct Match<'a> {
    options: &'a [String],
    json: bool,
}

impl GameTask for Match<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        arena::run::<G::Board>(G::NAME, self.options, self.json)
    }
}
