//! `ply best`: search a position and print the best move.

use crate::cli::BestArgs;
use crate::engines::{self, WithEngine};
use crate::error::CliError;
use ply_core::Game;
use ply_core::search::{
    Engine, Evaluator, Info, Level, Limits, NoMoves, Options, Score, Searchable,
};
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What each level means, for `ply best --help`.
pub const LEVELS_HELP: &str = "Levels:
  10  full strength within the given limits
   9  at most 8 plies, root moves misjudged by up to 0.04
   8  at most 6 plies, up to 0.10
   7  at most 5 plies, up to 0.18
   6  at most 4 plies, up to 0.30
   5  at most 3 plies, up to 0.50
   4  at most 2 plies, up to 0.80
   3  at most 2 plies, up to 1.20
   2  one ply, up to 1.80
   1  one ply, up to 3.00 (a beginner can win)
Errors are in pawns (men, discs) and random but fixed by --seed.";

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

struct Best<'a> {
    args: &'a BestArgs,
    json: bool,
}

/// Runs `ply best`.
pub fn run(args: &BestArgs, json: bool) -> Result<(), CliError> {
    let game = engines::engine_variant(&args.game, args.generator.as_deref())?;
    if game == engines::EngineGame::Othello && args.level == 10 && solve_othello(args, json)? {
        return Ok(());
    }
    engines::with_engine(game, args.hash, Best { args, json })?
}

impl WithEngine for Best<'_> {
    type Output = Result<(), CliError>;

    fn run<G: Searchable, E: Evaluator<G>>(self, mut engine: Engine<G, E>) -> Result<(), CliError> {
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
                    line_names(&root, &info.pv).join(" ")
                );
            }
        });
        let best = result
            .best
            .expect("the game is not over, so there is a move");
        let pv = line_names(&root, &result.pv);
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
                describe_score(result.score),
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

/// At full strength, an Othello position with few empty squares (as many as
/// `ply nboard` solves at the given depth, 18 by default) is solved exactly
/// instead of searched. Returns false, having printed nothing, when the
/// position is not one for the solver.
fn solve_othello(args: &BestArgs, json: bool) -> Result<bool, CliError> {
    use ply_othello::Othello;
    let root = match &args.fen {
        Some(text) => {
            Othello::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?
        }
        None => return Ok(false),
    };
    let empties = root.empty().count_ones();
    if root.outcome().is_some()
        || empties > crate::protocol::nboard::exact_empties(args.depth.unwrap_or(10))
    {
        return Ok(false);
    }
    let start = std::time::Instant::now();
    let solution = ply_othello::solve::Solver::new(args.hash)?.solve(&root);
    let Some(best) = solution.best_move else {
        return Ok(false);
    };
    let pv = line_names(&root, &solution.pv);
    let mut out = std::io::stdout().lock();
    if json {
        let line = BestLine {
            mv: Some(root.move_name(best)),
            score: 100 * solution.score,
            mate: None,
            depth: empties,
            nodes: solution.nodes,
            pv,
            result: None,
            exact: true,
            database: None,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        writeln!(
            out,
            "best {}  score {:+} discs (exact)  empties {}  nodes {}  time {:.2} s  pv {}",
            root.move_name(best),
            solution.score,
            empties,
            solution.nodes,
            start.elapsed().as_secs_f64(),
            pv.join(" ")
        )?;
    }
    Ok(true)
}

fn describe_winner<G: Game>(root: &G, outcome: ply_core::Outcome) -> String {
    match outcome.winner() {
        Some(side) if side == root.side_to_move() => "the side to move has won".to_owned(),
        Some(_) => "the side to move has lost".to_owned(),
        None => "draw".to_owned(),
    }
}

fn describe_score(score: Score) -> String {
    score.to_string()
}

/// The names of the moves of a line played from `root`.
fn line_names<G: Game>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut position = root.clone();
    line.iter()
        .map(|&mv| {
            let name = position.move_name(mv);
            position = position.play(mv);
            name
        })
        .collect()
}
