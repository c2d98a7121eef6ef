//! `ply best`: search a position and print the best move.

use crate::engines::{self, BookChoice, PlayerTask};
use crate::error::CliError;
use crate::games::{self, Dispatch, GameEntry, GameTask};
use clap::Args;
use ply_core::Game;
use ply_core::player::{Player, Request, Source};
use ply_core::search::{Bound, Info, Level, Limits, NoMoves, Options, Score};
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Arguments of `ply best`.
#[derive(Debug, Args)]
#[command(after_long_help = crate::engines::LEVELS_HELP)]
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

    /// The opening book: a book move answers at once where the book knows
    /// the position.
    #[command(flatten)]
    pub book: BookChoice,
}

/// The JSON line of `ply best`.
#[derive(Serialize)]
struct BestLine {
    #[serde(rename = "move")]
    mv: Option<String>,
    /// Centi-units (centipawns) for the side to move.
    score: i32,
    /// Moves to a forced win (negative: to a forced loss), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    /// Why there is no move, when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<String>,
    /// True when the score is the game's result with perfect play (an
    /// Othello endgame solved to the end).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    exact: bool,
    /// The checkers endgame database's value for the side to move, when it
    /// holds the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    database: Option<&'static str>,
    /// True when the move comes from the opening book (its score is the
    /// book's value).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    book: bool,
}

/// `ply best` on the game the arguments name.
struct Best<'a> {
    args: &'a BestArgs,
    json: bool,
}

/// Runs `ply best`.
pub fn run(args: &BestArgs, json: bool) -> Result<(), CliError> {
    games::engine_game(&args.game)?.dispatch(Best { args, json })
}

impl GameTask for Best<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        let search = BestSearch {
            args: self.args,
            json: self.json,
        };
        games::with_engine_board::<G, _>(self.args.generator.as_deref(), search)?
    }
}

/// `ply best` with the player of the engine board `--gen` names.
struct BestSearch<'a> {
    args: &'a BestArgs,
    json: bool,
}

impl PlayerTask for BestSearch<'_> {
    type Output = Result<(), CliError>;

    fn run<P: Player>(self) -> Self::Output {
        type G<P> = <P as Player>::Game;
        let mut player = self
            .args
            .book
            .booked(engines::player::<P>(self.args.hash)?)?;
        let args = self.args;
        let root = match &args.fen {
            Some(text) => {
                G::<P>::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?
            }
            None => G::<P>::start(),
        };
        let mut out = std::io::stdout().lock();
        if let Some(outcome) = root.outcome() {
            let result = match outcome.winner() {
                Some(_) => format!("{} ({})", describe_winner(&root, outcome), outcome.reason()),
                None => format!("draw ({})", outcome.reason()),
            };
            if self.json {
                // The game's own verdict: a loss (mate in 0), Othello's disc
                // count, or a draw.
                let score = match outcome.winner() {
                    None => Score::DRAW,
                    Some(_) => match root.no_moves_score() {
                        NoMoves::Final(score) => score,
                        NoMoves::Lost => Score::lost_at(0),
                        NoMoves::Drawn => Score::DRAW,
                    },
                };
                let line = BestLine {
                    mv: None,
                    score: score.0,
                    mate: score.moves_to_win(),
                    depth: 0,
                    nodes: 0,
                    pv: Vec::new(),
                    result: Some(result),
                    exact: false,
                    database: None,
                    book: false,
                };
                writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
            } else {
                writeln!(out, "no move: the game is over, {result}")?;
            }
            return Ok(());
        }

        *player.options_mut() = Options {
            threads: args.threads,
            level: Level::new(args.level).expect("clap checks the range"),
            seed: args.seed,
            multipv: 1,
        };
        let mut limits = Limits {
            depth: args.depth,
            nodes: args.nodes,
            movetime: args.movetime.map(Duration::from_millis),
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(Duration::from_millis(1000));
        }
        let stop = AtomicBool::new(false);
        let quiet = self.json;
        let request = Request::new(&root, &limits, &stop);
        let thought = player.think(&request, &mut |info: &Info<_>| {
            if !quiet {
                eprintln!(
                    "depth {:>2}  score {:>8}  nodes {:>10}  {:>6} kn/s  pv {}",
                    info.depth,
                    info.score.to_string(),
                    info.nodes,
                    info.nps / 1000,
                    root.line_names(&info.pv).join(" ")
                );
            }
        });
        let best = thought
            .best
            .expect("the game is not over, so there is a move");
        let pv = root.line_names(&thought.pv);
        let database = match thought.source {
            Source::Database(verdict) => Some(verdict),
            _ => None,
        };
        let solved = thought.source == Source::Solved;
        if self.json {
            let line = BestLine {
                mv: Some(root.move_name(best)),
                score: thought.score.0,
                mate: if solved {
                    None
                } else {
                    thought.score.moves_to_win()
                },
                depth: thought.depth,
                nodes: thought.nodes,
                pv,
                result: None,
                exact: solved && thought.bound == Bound::Exact,
                database: database.map(|verdict| verdict.name()),
                book: thought.source == Source::Book,
            };
            writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
        } else if solved {
            let discs = thought.score.0 / 100;
            let score = match thought.bound {
                Bound::Exact => format!("{discs:+} discs (exact)"),
                Bound::Lower => format!("at least {discs:+} discs (solved)"),
                Bound::Upper => format!("at most {discs:+} discs (solved)"),
            };
            writeln!(
                out,
                "best {}  score {score}  empties {}  nodes {}  time {:.2} s  pv {}",
                root.move_name(best),
                thought.depth,
                thought.nodes,
                thought.time.as_secs_f64(),
                pv.join(" ")
            )?;
        } else if thought.source == Source::Book {
            writeln!(
                out,
                "best {}  score {}  book  pv {}",
                root.move_name(best),
                player.describe_score(thought.score),
                pv.join(" ")
            )?;
        } else {
            writeln!(
                out,
                "best {}  score {}  depth {}  nodes {}  time {:.2} s  pv {}",
                root.move_name(best),
                player.describe_score(thought.score),
                thought.depth,
                thought.nodes,
                thought.time.as_secs_f64(),
                pv.join(" ")
            )?;
            if let Some(value) = database {
                writeln!(out, "endgame database: a {value} for the side to move")?;
            }
        }
        Ok(())
    }
}

fn describe_winner<G: Game>(root: &G, outcome: ply_core::Outcome<G::EndReason>) -> String {
    match outcome.winner() {
        Some(side) if side == root.side_to_move() => "the side to move has won".to_owned(),
        Some(_) => "the side to move has lost".to_owned(),
        None => "draw".to_owned(),
    }
}
