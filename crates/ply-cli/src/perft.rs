//! `ply perft`: count move paths, with divide, threads, hashing and a progress bar.

use crate::cli::PerftArgs;
use crate::error::CliError;
use crate::games::{self, Variant};
use crate::progress::DelayedBar;
use ply_checkers::Checkers;
use ply_core::Game;
use ply_core::perft::{self, Options};
use ply_othello::{Bitboard, Lines, Position};
use serde::Serialize;
use std::io::Write;
use std::time::Instant;

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
    match games::variant(&args.game, args.generator.as_deref())? {
        Variant::ChessBitboard => count::<ply_chess::Position>(args, json),
        Variant::OthelloBitboard => count::<Position<Bitboard>>(args, json),
        Variant::OthelloLines => count::<Position<Lines>>(args, json),
        Variant::Checkers => count::<Checkers>(args, json),
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
