//! `ply solve othello`: the exact endgame solver.
//!
//! Prints the score (the final disc difference for the side to move with
//! perfect play), the best move (`pass` when the side to move must pass; none
//! when the game is over), the best line, nodes, time and speed; with `--json`
//! one line `{"score":..,"move":..,"nodes":..,"seconds":..,"pv":[..]}` where
//! `move` is `null` for a finished game.

use crate::error::CliError;
use crate::games::{self, Kind};
use clap::Args;
use ply_core::Game;
use ply_othello::Othello;
use ply_othello::engine::solve::Solver;
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

/// Above this many empty squares a solve may take hours: say so on stderr.
const MANY_EMPTIES: u32 = 30;

/// Arguments of `ply solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game: othello (the only game ply solves exactly).
    pub game: String,

    /// The position: 64 characters a1..h8 of X, O, - and the side to move
    /// ("...OX... X"); the start position by default. Positions with more
    /// than 30 empty squares may take far too long (a note says so on stderr).
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,

    /// Transposition table size in MiB.
    #[arg(long, value_name = "MB", default_value_t = ply_othello::engine::solve::DEFAULT_HASH_MB)]
    pub hash: usize,
}

/// The JSON output line.
#[derive(Serialize)]
struct SolveLine<'a> {
    score: i32,
    #[serde(rename = "move")]
    mv: Option<&'a str>,
    nodes: u64,
    seconds: f64,
    pv: &'a [String],
}

/// Runs `ply solve` and prints the result.
pub fn run(args: &SolveArgs, json: bool) -> Result<(), CliError> {
    // The exact solver is Othello's own (`ply_othello::engine::solve`).
    if games::game(&args.game)? != Kind::Othello {
        return Err(CliError::NotSolvable(args.game.clone()));
    }
    let position = match &args.fen {
        Some(text) => {
            Othello::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?
        }
        None => Othello::start(),
    };
    let mut solver = Solver::new(args.hash)?;
    let empties = position.empty().count_ones();
    if empties > MANY_EMPTIES {
        eprintln!(
            "note: {empties} empty squares; an exact solve beyond {MANY_EMPTIES} may take hours or more"
        );
    }
    let started = Instant::now();
    let solution = solver.solve(&position);
    let seconds = started.elapsed().as_secs_f64();

    let best = solution.best_move.map(|mv| position.move_name(mv));
    let line: Vec<String> = solution.pv.iter().map(ToString::to_string).collect();
    let mut out = std::io::stdout().lock();
    if json {
        let record = SolveLine {
            score: solution.score,
            mv: best.as_deref(),
            nodes: solution.nodes,
            seconds,
            pv: &line,
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&record).expect("plain data")
        )?;
    } else {
        let verdict = match solution.score {
            0 => "a draw".to_owned(),
            s if s > 0 => format!("the side to move wins by {s}"),
            s => format!("the side to move loses by {}", -s),
        };
        writeln!(out, "score {:+} ({verdict})", solution.score)?;
        match &best {
            Some(best) => writeln!(out, "best move {best}")?,
            None => writeln!(out, "best move none (the game is over)")?,
        }
        if !line.is_empty() {
            writeln!(out, "line {}", line.join(" "))?;
        }
        writeln!(
            out,
            "empties {}  nodes {}  time {:.3} s  {:.1} Mnps",
            solution.empties,
            solution.nodes,
            seconds,
            solution.nodes as f64 / seconds.max(1e-9) / 1e6
        )?;
    }
    out.flush()?;
    Ok(())
}
