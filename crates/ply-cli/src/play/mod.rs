//! `ply play <game>`: a person against the computer in the terminal.
//!
//! - [`session`]: the game loop, the same for every game, and [`commands`]
//!   its commands;
//! - [`playable`]: the [`playable::Playable`] trait a game implements for it,
//!   one file per game: [`chess`], [`othello`];
//! - [`render`]: the board in Unicode and colours, or plain ASCII;
//! - [`thinking`]: the computer's search with a spinner, interrupted by Enter;
//! - [`input`]: lines from stdin on a thread of their own;
//! - [`book`]: opening books and the seeded choice among their lines;
//! - [`record`]: the game's moves and positions; [`pgn`] and [`ggf`] save and
//!   load them.
//!
//! Checkers plugs in the same way once `ply-checkers` and a checkers engine
//! (`Searchable` and an `Evaluator`) are in the workspace — the hook left for
//! it: a `checkers.rs` implementing `Playable` for `ply_checkers::Checkers`
//! with `NUMBERED = true` (square numbers in `view` when asked), `11-15` /
//! `22x15` in `read_move`, repetitions and the 40-move rule in `game_over`
//! through `ply_checkers::GameHistory`, the ACF three-move ballots
//! (`../shared/data/checkers/ballots_3move_acf.tsv`, copied to `data/` with a
//! SOURCE note) as its book, PDN records (a `pdn.rs` over [`pgn`]'s reader and
//! writer, which already read `11-15`/`22x15` movetext and number Black-first
//! games: `[GameType "21"]`, `[FEN "B:W...:B..."]`), and one arm in [`run`].

pub mod book;
pub mod chess;
pub mod commands;
pub mod ggf;
pub mod input;
pub mod othello;
pub mod pgn;
pub mod playable;
pub mod record;
pub mod render;
pub mod session;
pub mod thinking;

use crate::cli::{ColorChoice, PlayArgs};
use crate::error::CliError;
use playable::Playable;
use ply_core::Side;
use ply_core::search::Level;
use session::{Exit, Session, Settings};
use std::io::IsTerminal;
use std::time::Duration;

/// Runs `ply play`.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    match args.game.to_ascii_lowercase().as_str() {
        "chess" => play::<ply_chess::Position>(args),
        "othello" | "reversi" => play::<ply_othello::Othello>(args),
        // Not yet: ply-checkers has no engine on this branch (see the module
        // documentation for what the checkers piece needs).
        _ => Err(crate::engines::engine_game(&args.game)
            .err()
            .unwrap_or_else(|| CliError::NoEngine(args.game.clone()))),
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
        // A person playing the second side sees the board from there.
        flipped: G::TURN_FOR_SECOND && humans == [false, true],
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
