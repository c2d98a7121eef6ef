//! Measures the engine's moves near the end against the exact values of
//! every move: `truth` solves each move of each position (one position a
//! line, `ply solve`'s notation, on stdin) and prints `move:score ...`
//! (`wld` the same with each score's sign alone, from win/loss/draw solves:
//! enough for `thrown`, and several times faster);
//! `choose MS` prints the engine's move in MS milliseconds, `clock MS` its
//! move on a clock of MS milliseconds left (as `ply nboard` plays), each
//! with the time it took (a fresh game for each position). Two helpers
//! make and score the inputs: `positions EMPTIES[,EMPTIES...] GGF...`
//! prints, for each game of the GGF files (`ply match -ggfout`), its
//! position at each of those counts of empty squares with a move to make;
//! `thrown TRUTH CHOICES` counts the choices (`choose`'s or `clock`'s
//! output) whose move throws away a win or a draw that another move keeps,
//! by `truth`'s (or `wld`'s) output for the same positions.
//!
//! ```sh
//! E=target/release/examples/endgame_choice
//! cargo build --release -p ply-othello --example endgame_choice
//! $E positions 23,24 games.ggf > positions.txt
//! $E truth < positions.txt > truth.txt
//! $E clock 5000 < positions.txt > choices.txt
//! $E thrown truth.txt choices.txt
//! ```

use ply_core::Game;
use ply_core::player::{Player, Request};
use ply_core::search::{Clock, Limits};
use ply_othello::engine::OthelloPlayer;
use ply_othello::engine::driver::planned_moves;
use ply_othello::engine::solve::{self, Solver};
use ply_othello::{Othello, ggf};
use std::io::BufRead;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str);
    let done = match mode {
        Some("positions") => Some(print_positions(&args[1..])),
        Some("thrown") => Some(count_thrown(&args[1..])),
        _ => None,
    };
    if let Some(result) = done {
        return result.map_or_else(
            |error| {
                eprintln!("endgame_choice: {error}");
                ExitCode::from(2)
            },
            |()| ExitCode::SUCCESS,
        );
    }
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
            (Some("wld"), _) => {
                let text: Vec<String> = position
                    .legal_moves()
                    .into_iter()
                    .map(|mv| {
                        let after = position.play_unchecked(mv);
                        let window = solve::Options::win_loss_draw();
                        let solution = solver.search(&after, &window).expect("no stop flag");
                        format!("{mv}:{}", -solution.score.signum())
                    })
                    .collect();
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
                    "usage: endgame_choice truth | wld | choose MS | clock MS  (positions on stdin)\n       \
                     endgame_choice positions EMPTIES[,EMPTIES...] GGF... | thrown TRUTH CHOICES"
                );
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `positions EMPTIES[,EMPTIES...] GGF...`: each game's first position at
/// each of those counts of empty squares where a move is to be made.
fn print_positions(args: &[String]) -> Result<(), String> {
    let (Some(counts), files) = (args.first(), &args[1..]) else {
        return Err("usage: positions EMPTIES[,EMPTIES...] GGF...".to_string());
    };
    let wanted: Vec<u32> = counts
        .split(',')
        .map(|count| {
            count
                .parse()
                .map_err(|_| format!("{count}: not a count of empty squares"))
        })
        .collect::<Result<_, _>>()?;
    if files.is_empty() {
        return Err("positions: no GGF file given".to_string());
    }
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|error| format!("{file}: {error}"))?;
        for (index, game) in text.split("(;").skip(1).enumerate() {
            let history = ggf::read(&format!("(;{game}"))
                .map_err(|error| format!("{file}, game {}: {error}", index + 1))?;
            for &empties in &wanted {
                let found = history.positions().iter().find(|position| {
                    position.empty().count_ones() == empties && position.move_squares() != 0
                });
                if let Some(position) = found {
                    println!("{}", position.position_string());
                }
            }
        }
    }
    Ok(())
}

/// `thrown TRUTH CHOICES`: the positions whose chosen move throws away a
/// win or a draw that another move keeps, then how many there were.
fn count_thrown(args: &[String]) -> Result<(), String> {
    let [truth, choices] = args else {
        return Err("usage: thrown TRUTH CHOICES".to_string());
    };
    let read =
        |file: &String| std::fs::read_to_string(file).map_err(|error| format!("{file}: {error}"));
    let (truth, choices) = (read(truth)?, read(choices)?);
    let (mut positions, mut thrown, mut seconds) = (0, 0, 0.0);
    for (number, (values, choice)) in truth.lines().zip(choices.lines()).enumerate() {
        let number = number + 1;
        let signs: Vec<(&str, i32)> = values
            .split_whitespace()
            .map(|pair| {
                let (mv, value) = pair.split_once(':').unwrap_or((pair, ""));
                value
                    .parse::<i32>()
                    .map(|value| (mv, value.signum()))
                    .map_err(|_| format!("truth line {number}: {pair} is not move:score"))
            })
            .collect::<Result<_, _>>()?;
        let mut fields = choice.split_whitespace();
        let chosen = fields.next().unwrap_or("-");
        seconds += fields
            .next()
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or(0.0);
        positions += 1;
        let Some(best) = signs.iter().map(|&(_, sign)| sign).max() else {
            continue;
        };
        let got = signs
            .iter()
            .find(|&&(mv, _)| mv == chosen)
            .map(|&(_, sign)| sign);
        if got.is_none_or(|sign| sign < best) {
            thrown += 1;
            println!("{number}: {chosen} throws a result ({values})");
        }
    }
    println!(
        "{thrown} of {positions} positions thrown, {:.3} s a move",
        seconds / f64::from(positions.max(1))
    );
    Ok(())
}
