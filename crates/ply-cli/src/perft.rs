//! `ply perft`: count move paths, with divide, threads, hashing and a progress bar.

use crate::error::CliError;
use crate::games::{self, BoardTask, Dispatch, GameEntry, GameTask};
use crate::progress::DelayedBar;
use clap::Args;
use ply_core::Game;
use ply_core::perft::{self, Options};
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

/// Arguments of `ply perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game: chess, checkers or othello.
    pub game: String,

    /// Plies to count, 0 to 64 (deeper than any perft ever finished).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,

    /// Start from this position instead of the start position, in the game's
    /// standard notation: chess FEN; checkers PDN FEN, side to move and each
    /// colour's squares, K for kings ("W:WK10:B14,15,22,23"); Othello 64
    /// characters a1..h8 of X, O, - and the side to move ("...OX... X").
    #[arg(long, value_name = "POS", allow_hyphen_values = true)]
    pub fen: Option<String>,

    /// Print the count below each root move first.
    #[arg(long)]
    pub divide: bool,

    /// Worker threads (1 to 1024).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub threads: usize,

    /// Move generator (chess: bitboard, gnu, attackmap; checkers: shifts;
    /// othello: bitboard, lines); the fastest by default.
    #[arg(long = "gen", value_name = "NAME")]
    pub generator: Option<String>,

    /// Transposition table size in MiB (0: no hashing).
    #[arg(long, value_name = "MB", default_value_t = 0)]
    pub hash: usize,
}

/// One `--divide` line of JSON output.
#[derive(Serialize)]
struct DivideLine<'a> {
    #[serde(rename = "move")]
    mv: &'a str,
    nodes: u64,
}

/// The summary line of JSON output.
#[derive(Serialize)]
struct SummaryLine {
    game: &'static str,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: u64,
}

/// Runs `ply perft` and prints the result.
pub fn run(args: &PerftArgs, json: bool) -> Result<(), CliError> {
    games::game(&args.game)?.dispatch(Perft { args, json })
}

/// `ply perft` on the game and generator the arguments name.
struct Perft<'a> {
    args: &'a PerftArgs,
    json: bool,
}

impl GameTask for Perft<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        games::with_generator::<G, _>(self.args.generator.as_deref(), self)?
    }
}

impl BoardTask for Perft<'_> {
    type Output = Result<(), CliError>;

    fn run<B: Game>(self) -> Self::Output {
        count::<B>(self.args, self.json)
    }
}

fn count<G: Game>(args: &PerftArgs, json: bool) -> Result<(), CliError> {
    let root = match &args.fen {
        Some(text) => G::parse_position(text).map_err(|e| CliError::Position(e.to_string()))?,
        None => G::start(),
    };
    let options = Options {
        depth: args.depth,
        threads: args.threads,
        hash_mb: args.hash,
    };
    let bar = DelayedBar::new(format!("perft {} {}", G::NAME, args.depth));
    let started = Instant::now();
    let report = perft::run(&root, &options, &|progress| bar.update(progress));
    let seconds = started.elapsed().as_secs_f64();
    bar.finish();
    let report = report?;
    let nps = if seconds > 0.0 {
        (report.nodes as f64 / seconds) as u64
    } else {
        0
    };

    let mut out = std::io::stdout().lock();
    if args.divide {
        for &(mv, nodes) in &report.divide {
            let name = root.move_name(mv);
            if json {
                let line = DivideLine { mv: &name, nodes };
                writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
            } else {
                writeln!(out, "{name}: {nodes}")?;
            }
        }
    }
    if json {
        let line = SummaryLine {
            game: G::NAME,
            depth: args.depth,
            nodes: report.nodes,
            seconds,
            nps,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        if args.divide {
            writeln!(out)?;
        }
        writeln!(
            out,
            "nodes {}  time {:.3} s  {:.1} Mnps",
            report.nodes,
            seconds,
            nps as f64 / 1e6
        )?;
    }
    out.flush()?;
    Ok(())
}
