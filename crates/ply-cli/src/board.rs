//! `ply board <game>`: a position's diagram, as the terminal draws it or as
//! an SVG document from the games layer's renderer (`ply_games::svg`).
//!
//! `--moves` plays moves from the position first and highlights the last.
//! With `--json` one line `{"game":..,"position":..,"svg":..}`: the game's
//! name, the position drawn in its standard notation and the SVG document.

use crate::error::CliError;
use crate::games::{self, Dispatch, GameEntry, GameTask};
use crate::play::render::{self, Style};
use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use ply_core::Game;
use ply_games::Draw;
use ply_games::playable::Playable;
use ply_games::svg::{self, Theme};
use serde::Serialize;
use std::io::Write;

/// Arguments of `ply board`.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// The game: chess, checkers or othello.
    pub game: String,

    /// The position (the game's standard notation); the start position by
    /// default.
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,

    /// Moves to play from the position, separated by spaces (`"e4 e5 Nf3"`,
    /// `"11-15 23-19"`, `"f5 d6"`); the last one is highlighted.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,

    /// Print an SVG document instead of text.
    #[arg(long)]
    pub svg: bool,

    /// Turn the board round (Black at the bottom in chess and checkers, h8
    /// at the top left in Othello).
    #[arg(long)]
    pub flip: bool,

    /// Show the square numbers (checkers).
    #[arg(long)]
    pub numbers: bool,

    /// The SVG's colours.
    #[arg(long, value_name = "THEME", default_value = "light",
          value_parser = PossibleValuesParser::new(Theme::ALL.map(Theme::name))
              .map(|name| name.parse::<Theme>().expect("one of the possible values")))]
    pub theme: Theme,

    /// Plain ASCII text without colours (the default when stdout is not a
    /// terminal).
    #[arg(long)]
    pub ascii: bool,
}

/// The JSON line of `ply board`.
#[derive(Serialize)]
struct BoardLine<'a> {
    game: &'static str,
    position: String,
    svg: &'a str,
}

/// Runs `ply board`.
pub fn run(args: &BoardArgs, json: bool) -> Result<(), CliError> {
    games::game(&args.game)?.dispatch(Board { args, json })
}

/// `ply board` on the game the registry picks.
struct Board<'a> {
    args: &'a BoardArgs,
    json: bool,
}

impl GameTask for Board<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        let args = self.args;
        let mut position = match &args.fen {
            Some(text) => {
                G::Board::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?
            }
            None => G::Board::start(),
        };
        let mut last = None;
        for (index, text) in args
            .moves
            .iter()
            .flat_map(|m| m.split_whitespace())
            .enumerate()
        {
            let mv = position.parse_move(text).map_err(|e| {
                CliError::Move(format!(
                    "move {} ({text}): {}",
                    index + 1,
                    one_line(&e.to_string())
                ))
            })?;
            position = position.play_unchecked(mv);
            last = Some(mv);
        }
        let mut diagram = position.diagram(last, args.numbers);
        if args.flip {
            diagram = diagram.flipped();
        }
        let mut out = std::io::stdout().lock();
        if self.json || args.svg {
            let options = svg::Options {
                theme: args.theme,
                ..svg::Options::default()
            };
            let svg = svg::render(&diagram, &options);
            if self.json {
                let line = BoardLine {
                    game: G::NAME,
                    position: position.position_string(),
                    svg: &svg,
                };
                let text = serde_json::to_string(&line).expect("plain data");
                writeln!(out, "{text}")?;
            } else {
                writeln!(out, "{svg}")?;
            }
        } else {
            writeln!(out, "{}", render::draw(&diagram, Style::detect(args.ascii)))?;
            writeln!(out, "{}", turn(&position))?;
        }
        out.flush()?;
        Ok(())
    }
}

/// `text` on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The line under the text board: who is to move, or how the game ended.
fn turn<G: Playable>(position: &G) -> String {
    match position.outcome() {
        Some(outcome) => position.describe_outcome(outcome),
        None => format!("{} to move", G::side_name(position.side_to_move())),
    }
}
