//! `ply best`: search a position and print the best move.

use crate::engines::{self, EngineTask};
use crate::error::CliError;
use crate::games::{self, GameEntry, GameTask, Solved};
use clap::Args;
use ply_core::Game;
use ply_core::search::{Evaluator, Info, Level, Limits, NoMoves, Options, Score, Searchable};
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
    /// True when the score is exact (an Othello endgame solved to the end).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    exact: bool,
    /// The checkers endgame database's value for the side to move, when it
    /// holds the position.
    #[serde(skip_serializing_if = "Option::is_none")]
    database: Option<&'static str>,
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
            solve: G::solve_for_best,
        };
        games::with_engine_board::<G, _>(self.args.generator.as_deref(), search)?
    }
}

/// A game's exact solver for `ply best` ([`GameEntry::solve_for_best`]).
type SolveForBest = fn(&str, u32, usize) -> Result<Option<Solved>, CliError>;

/// `ply best` on the engine board `--gen` names.
struct BestSearch<'a> {
    args: &'a BestArgs,
    json: bool,
    solve: SolveForBest,
}

impl EngineTask for BestSearch<'_> {
    type Output = Result<(), CliError>;

    fn run<G: Searchable, E: Evaluator<G> + 'static>(self, evaluator: E) -> Self::Output {
        // At full strength, a position in reach of the game's exact solver
        // is solved instead of searched.
        if self.args.level == 10
            && let Some(fen) = &self.args.fen
        {
            let started = std::time::Instant::now();
            let depth = self.args.depth.unwrap_or(10);
            if let Some(solved) = (self.solve)(fen, depth, self.args.hash)? {
                return print_solved(&solved, started, self.json);
            }
        }
        let mut engine = engines::engine::<G, E>(evaluator, self.args.hash)?;
        let args = self.args;
        let root = match &args.fen {
            Some(text) => G::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?,
            None => G::start(),
        };
        let mut out = std::io::stdout().lock();
        if let Some(outcome) = root.outcome() {
            let result = match outcome.winner() {
                Some(_) => format!(
                    "{} ({})",
                    describe_winner::<G>(&root, outcome),
                    outcome.reason()
                ),
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
                };
                writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
            } else {
                writeln!(out, "no move: the game is over, {result}")?;
            }
            return Ok(());
        }

        engine.options = Options {
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
        let result = engine.search(&root, &[], &limits, &stop, &mut |info: &Info<G::Move>| {
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
        let best = result
            .best
            .expect("the game is not over, so there is a move");
        let pv = root.line_names(&result.pv);
        let database = if G::NAME == "checkers" {
            crate::egdb::database_value(&root.position_string())
        } else {
            None
        };
        if self.json {
            let line = BestLine {
                mv: Some(root.move_name(best)),
                score: result.score.0,
                mate: result.score.moves_to_win(),
                depth: result.depth,
                nodes: result.nodes,
                pv,
                result: None,
                exact: false,
                database: database.map(|value| value.name()),
            };
            writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
        } else {
            writeln!(
                out,
                "best {}  score {}  depth {}  nodes {}  time {:.2} s  pv {}",
                root.move_name(best),
                describe_score(result.score, G::NAME),
                result.depth,
                result.nodes,
                result.time.as_secs_f64(),
                pv.join(" ")
            )?;
            if let Some(value) = database {
                writeln!(out, "endgame database: a {value} for the side to move")?;
            }
        }
        Ok(())
    }
}

/// Prints an exact solve's answer.
fn print_solved(solved: &Solved, started: std::time::Instant, json: bool) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    if json {
        let line = BestLine {
            mv: Some(solved.best.clone()),
            score: 100 * solved.score,
            mate: None,
            depth: solved.empties,
            nodes: solved.nodes,
            pv: solved.pv.clone(),
            result: None,
            exact: true,
            database: None,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        writeln!(
            out,
            "best {}  score {:+} discs (exact)  empties {}  nodes {}  time {:.2} s  pv {}",
            solved.best,
            solved.score,
            solved.empties,
            solved.nodes,
            started.elapsed().as_secs_f64(),
            solved.pv.join(" ")
        )?;
    }
    Ok(())
}

fn describe_winner<G: Game>(root: &G, outcome: ply_core::Outcome<G::EndReason>) -> String {
    match outcome.winner() {
        Some(side) if side == root.side_to_move() => "the side to move has won".to_owned(),
        Some(_) => "the side to move has lost".to_owned(),
        None => "draw".to_owned(),
    }
}

/// The score in words: `+1.25`, `win in 3`, and for checkers `database win`
/// (`loss`) where the search met the endgame databases' verdict.
fn describe_score(score: Score, game: &str) -> String {
    match ply_checkers::egdb::search::known_value(score) {
        Some(value) if game == "checkers" => format!("database {value}"),
        _ => score.to_string(),
    }
}
