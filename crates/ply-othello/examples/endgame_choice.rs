//! Measures the engine's moves near the end against the exact values of
//! every move: `truth` solves each move of each position (one position a
//! line, `ply solve`'s notation, on stdin) and prints `move:score ...`;
//! `choose MS` prints the engine's move in MS milliseconds, `clock MS` its
//! move on a clock of MS milliseconds left (as `ply nboard` plays), each
//! with the time it took (a fresh game for each position).
//!
//! ```sh
//! cargo run --release -p ply-othello --example endgame_choice -- truth < positions.txt
//! cargo run --release -p ply-othello --example endgame_choice -- choose 500 < positions.txt
//! ```

use ply_core::Game;
use ply_core::player::{Player, Request};
use ply_core::search::{Clock, Limits};
use ply_othello::Othello;
use ply_othello::engine::OthelloPlayer;
use ply_othello::engine::driver::planned_moves;
use ply_othello::engine::solve::Solver;
use std::io::BufRead;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str);
    let millis: Option<u64> = args.get(1).and_then(|m| m.parse().ok());
    let mut solver = Solver::new(64).expect("memory");
    let mut player = OthelloPlayer::new(16, 64).expect("memory");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let position = match Othello::parse_position(line.trim()) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("{line}: {error}");
                return ExitCode::from(2);
            }
        };
        match (mode, millis) {
            (Some("truth"), _) => {
                let scores = solver.score_moves(&position, None).expect("no stop flag");
                let text: Vec<String> = scores.iter().map(|(m, s)| format!("{m}:{s}")).collect();
                println!("{}", text.join(" "));
            }
            (Some(kind @ ("choose" | "clock")), Some(ms)) => {
                player.new_game();
                let limits = if kind == "choose" {
                    Limits {
                        movetime: Some(Duration::from_millis(ms)),
                        ..Limits::default()
                    }
                } else {
                    // As `ply nboard` plays on a clock of `ms` left.
                    Limits {
                        clock: Some(Clock {
                            remaining: Duration::from_millis(ms),
                            increment: Duration::ZERO,
                            moves_to_go: Some(planned_moves(position.empty().count_ones())),
                        }),
                        move_overhead: Duration::from_millis(50),
                        ..Limits::default()
                    }
                };
                let started = Instant::now();
                let stop = AtomicBool::new(false);
                let thought = player.think(&Request::new(&position, &limits, &stop), &mut |_| {});
                let best = thought.best.map_or("-".to_string(), |m| m.to_string());
                println!("{best} {:.3}", started.elapsed().as_secs_f64());
            }
            _ => {
                eprintln!(
                    "usage: endgame_choice truth | choose MS | clock MS  (positions on stdin)"
                );
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}
