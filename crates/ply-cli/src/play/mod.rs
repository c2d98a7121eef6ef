//! `ply play <game>`: a person against the computer in the terminal.
//!
//! - [`session`]: the game loop, the same for every game, and [`commands`]
//!   its commands;
//! - [`playable`]: the [`playable::Playable`] trait a game implements for it,
//!   one file per game: [`checkers`], [`chess`], [`othello`];
//! - [`render`]: the board in Unicode and colours, or plain ASCII;
//! - [`thinking`]: the computer's search with a spinner, interrupted by Enter;
//! - [`input`]: lines from stdin on a thread of their own;
//! - [`book`]: opening books and the seeded choice among their lines;
//! - [`record`]: the header of a saved game; the records themselves (PDN,
//!   PGN, GGF) are the game crates'.

pub mod book;
pub mod checkers;
pub mod chess;
pub mod commands;
pub mod input;
pub mod othello;
pub mod playable;
pub mod record;
pub mod render;
pub mod session;
pub mod thinking;

use crate::cli::{ColorChoice, PlayArgs};
use crate::engines::{self, EngineGame};
use crate::error::CliError;
use playable::Playable;
use ply_core::Side;
use ply_core::search::Level;
use session::{Exit, Session, Settings};
use std::io::IsTerminal;
use std::time::Duration;

/// Runs `ply play`.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    match engines::engine_game(&args.game)? {
        // `engine_game` names the game only; the seed boards come with `--gen`.
        EngineGame::Chess | EngineGame::ChessGnu | EngineGame::ChessAttackMap => {
            play::<ply_chess::Position>(args)
        }
        EngineGame::Checkers => play::<ply_checkers::Checkers>(args),
        EngineGame::Othello => play::<ply_othello::Othello>(args),
    }
}

/// Which sides a person plays: `--color` names a side by its colour in this
/// game; by default the person plays the side that moves first.
fn humans<G: Playable>(color: Option<ColorChoice>) -> [bool; 2] {
    let side_named = |name: &str| {
        if G::side_name(Side::First).eq_ignore_ascii_case(name) {
            Side::First
        } else {
            Side::Second
        }
    };
    let person = match color {
        None => Some(Side::First),
        Some(ColorChoice::White) => Some(side_named("white")),
        Some(ColorChoice::Black) => Some(side_named("black")),
        Some(ColorChoice::Both) => return [true, true],
        Some(ColorChoice::None) => return [false, false],
    };
    let mut humans = [false, false];
    if let Some(side) = person {
        humans[side.index()] = true;
    }
    humans
}

fn play<G: Playable>(args: &PlayArgs) -> Result<(), CliError> {
    let start = match &args.fen {
        Some(text) => G::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?,
        None => G::start(),
    };
    let humans = humans::<G>(args.color);
    let settings = Settings {
        humans,
        level: Level::new(args.level).expect("clap checks the range"),
        movetime: args.movetime.map(Duration::from_millis),
        seed: args.seed.unwrap_or_else(book::fresh_seed),
        style: render::Style::detect(args.ascii),
        numbers: args.numbers,
        // A person playing one side sees the board from there.
        flipped: matches!(
            (G::BOTTOM, humans),
            (Some(Side::First), [false, true]) | (Some(Side::Second), [true, false])
        ),
        indicator: std::io::stderr().is_terminal(),
        watch_pause: std::io::stdout().is_terminal(),
    };
    let input = input::Input::stdin();
    let mut session = Session::new(start, settings, input, Box::new(std::io::stdout()));
    match session.run()? {
        Exit::Quit => Ok(()),
        Exit::Interrupted => Err(CliError::Interrupted),
    }
}
