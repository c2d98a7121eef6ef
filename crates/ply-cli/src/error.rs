//! Errors of the `ply` command, each printed as one line.

use std::process::ExitCode;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The game name is not one ply knows.
    #[error("unknown game '{name}': expected {expected}")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The games ply knows.
        expected: String,
    },
    /// The move generator name is not one of the game's.
    #[error("unknown move generator '{name}' for {game}: expected {expected}")]
    UnknownGenerator {
        /// The game.
        game: &'static str,
        /// The name given.
        name: String,
        /// The generators of that game.
        expected: String,
    },
    /// The game has no engine (yet).
    #[error("no engine for '{name}': expected {expected}")]
    NoEngine {
        /// The name given.
        name: String,
        /// The games with an engine.
        expected: String,
    },
    /// The position could not be read.
    #[error("bad position: {0}")]
    Position(String),
    /// A move could not be read or is not legal (`ply board --moves`).
    #[error("{0}")]
    Move(String),
    /// Perft could not run.
    #[error("{0}")]
    Perft(#[from] ply_core::perft::Error),
    /// The command has no JSON output.
    #[error("{0} has no JSON output: leave out --json")]
    NoJson(&'static str),
    /// Ctrl-C at the prompt of `ply play`.
    #[error("interrupted")]
    Interrupted,
    /// `ply solve` was asked for a game it cannot solve.
    #[error("only othello can be solved exactly, not {0}")]
    NotSolvable(String),
    /// The solver could not start.
    #[error("{0}")]
    Solve(#[from] ply_core::player::AllocationError),
    /// The engine's transposition table could not be allocated.
    #[error("cannot allocate a {0} MiB transposition table: ask for less with --hash")]
    HashAllocation(usize),
    /// `ply serve` could not listen.
    #[error("ply serve: {0}")]
    Serve(String),
    /// `ply match` could not run as asked (bad options, unreadable openings).
    #[error("{0}")]
    Match(String),
    /// `ply egdb` was asked for something it cannot do.
    #[error("{0}")]
    Egdb(String),
    /// An endgame database could not be built, read or probed (from the
    /// database's error in `egdb.rs`): the reason, and whether the machine
    /// failed (a file or thread error, exit 1) rather than the request (2).
    #[error("{message}")]
    EgdbFile {
        /// The database's error in words.
        message: String,
        /// A failure of the machine, not of the request.
        machine_failure: bool,
    },
    /// `ply train` was asked for something it cannot do, or its data file
    /// could not be read or written.
    #[error("{0}")]
    Train(String),
    /// A network file (`PLY_CHESS_NET`, `EvalFile`) could not be used.
    #[error("{0}")]
    Network(String),
    /// An opening book could not be built, read or written.
    #[error("{0}")]
    Book(String),
    /// Writing the output failed (e.g. a closed pipe).
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}

impl CliError {
    /// 2 for bad input, 1 for failures of the machine.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Perft(
                ply_core::perft::Error::NoThreads | ply_core::perft::Error::HashAllocation(_),
            )
            | CliError::UnknownGame { .. }
            | CliError::NoEngine { .. }
            | CliError::UnknownGenerator { .. }
            | CliError::NoJson(_)
            | CliError::Position(_)
            | CliError::Move(_)
            | CliError::NotSolvable(_)
            | CliError::Solve(_)
            | CliError::HashAllocation(_)
            | CliError::Match(_)
            | CliError::Egdb(_)
            | CliError::Train(_)
            | CliError::Network(_)
            | CliError::Book(_) => ExitCode::from(2),
            CliError::EgdbFile {
                machine_failure, ..
            } => ExitCode::from(if *machine_failure { 1 } else { 2 }),
            CliError::Perft(_) | CliError::Output(_) | CliError::Serve(_) => ExitCode::from(1),
            CliError::Interrupted => ExitCode::from(130),
        }
    }
}
