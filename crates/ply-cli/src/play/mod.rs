//! `ply play <game>`: a person against the computer in the terminal.
//!
//! - [`session`]: the game loop, the same for every game, and [`commands`]
//!   its commands;
//!   (generic over the games layer's [`Playable`], implemented in
//!   `ply_games::playable` for each game);
//! - [`render`]: the board in Unicode and colours, or plain ASCII;
//! - [`thinking`]: the computer's search with a spinner, interrupted by Enter;
//! - [`input`]: lines from stdin on a thread of their own;

pub mod commands;
pub mod input;
pub mod render;
pub mod session;
pub mod thinking;

use crate::error::CliError;
use clap::Args;
use ply_core::Side;
use ply_core::search::Level;
use ply_games::playable::{Playable, book};
use session::{Exit, Session, Settings};
use std::io::IsTerminal;
use std::time::Duration;

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
#[command(after_long_help = crate::engines::LEVELS_HELP)]
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

    /// The opening book built by search (after the named lines): the
    /// computer plays its moves where it knows the position.
    #[command(flatten)]
    pub book: crate::engines::BookChoice,
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

/// Runs `ply play` with game `G` (the game registry picks it).
pub fn run<G: Playable>(args: &PlayArgs) -> Result<(), CliError> {
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
        book: args.book.book(G::NAME)?,
        book_randomness: i32::try_from(args.book.book_randomness).unwrap_or(i32::MAX),
    };
    let input = input::Input::stdin();
    let mut session = Session::new(start, settings, input, Box::new(std::io::stdout()));
    match session.run()? {
        Exit::Quit => Ok(()),
        Exit::Interrupted => Err(CliError::Interrupted),
    }
}
