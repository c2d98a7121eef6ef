//! Fits Multi-ProbCut's models for the Othello evaluation and, with
//! `--write`, writes them into `src/engine/probcut_table.rs`: positions from
//! noisy self-play, each searched without ProbCut to every depth up to the
//! deepest model, and per stage and depth the regression of the deep score on
//! the shallow one. Rerun it whenever the evaluation changes.
//!
//! ```sh
//! cargo run --release -p ply-othello --example probcut -- [--games N] [--seed S] [--depth D] [--write]
//! ```
//!
//! Defaults: 150 games (four positions each), seed 1, depth 11 (the deepest
//! model). Prints each stage's models (slope, offset, sigma in centi-discs,
//! samples) and a progress line every 20 positions on stderr.

use ply_othello::engine::probcut::{self, MAX_DEPTH, MIN_DEPTH};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut games = 150;
    let mut seed = 1;
    let mut depth = MAX_DEPTH as u32;
    let mut write = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Option<u64> {
            let value = args.next().and_then(|v| v.parse().ok());
            if value.is_none() {
                eprintln!("{name} needs a number");
            }
            value
        };
        match arg.as_str() {
            "--games" => match number("--games") {
                Some(n) if n > 0 => games = n as usize,
                _ => return ExitCode::from(2),
            },
            "--seed" => match number("--seed") {
                Some(n) => seed = n,
                None => return ExitCode::from(2),
            },
            "--depth" => match number("--depth") {
                Some(n) if n as i32 >= MIN_DEPTH => depth = (n as u32).min(MAX_DEPTH as u32),
                _ => return ExitCode::from(2),
            },
            "--write" => write = true,
            other => {
                eprintln!(
                    "unknown argument '{other}'; usage: probcut [--games N] [--seed S] [--depth D] [--write]"
                );
                return ExitCode::from(2);
            }
        }
    }
    let start = Instant::now();
    let positions = probcut::positions(games, seed);
    eprintln!(
        "{} positions from {games} games in {:.1} s",
        positions.len(),
        start.elapsed().as_secs_f64()
    );
    let mut samples = Vec::with_capacity(positions.len());
    for (k, position) in positions.iter().enumerate() {
        samples.push(probcut::sample(position, depth, 16));
        if (k + 1) % 20 == 0 {
            eprintln!(
                "searched {}/{} positions, {:.1} s",
                k + 1,
                positions.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
    let models = probcut::fit(&samples);
    for (stage, by_depth) in models.iter().enumerate() {
        println!("stage {stage}");
        for (k, model) in by_depth.iter().enumerate() {
            let d = MIN_DEPTH + k as i32;
            match model {
                Some(m) => println!(
                    "  depth {d:2} from {:2}: slope {:.3} offset {:7.1} sigma {:6.1} ({} samples)",
                    probcut::shallow_depth(d),
                    m.slope,
                    m.offset,
                    m.sigma,
                    m.samples
                ),
                None => println!("  depth {d:2}: no model"),
            }
        }
    }
    eprintln!("done in {:.1} s", start.elapsed().as_secs_f64());
    if write {
        let note = format!(
            "{} positions from {games} games, seed {seed}, searched to depth {depth}",
            samples.len()
        );
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine/probcut_table.rs");
        if let Err(err) = std::fs::write(path, probcut::table_source(&models, &note)) {
            eprintln!("cannot write {path}: {err}");
            return ExitCode::from(1);
        }
        eprintln!("wrote {path}");
    }
    ExitCode::SUCCESS
}
