//! Solves positions of an OBF file (the FFO endgame suite) one after another
//! with one thread and prints, per position, the empties, the score (checked
//! against the file's), the best move, nodes, time and speed, then the totals.
//!
//! ```sh
//! cargo run --release -p ply-othello --example ffo -- \
//!     ../shared/data/othello/fforum-40-59.obf 1-10 [--hash MB]
//! ```
//!
//! The range counts lines of the file from 1; positions are numbered from the
//! first number in the file's name (fforum-40-59.obf: line 1 is #40). The table
//! is emptied before each position so that each time stands alone. Exits with
//! code 1 if a score differs from the file's.

use ply_core::Game;
use ply_othello::Othello;
use ply_othello::engine::solve::Solver;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut path = None;
    let mut range = None;
    let mut hash_mb = 256;
    let mut k = 0;
    while k < args.len() {
        match args[k].as_str() {
            "--hash" => {
                k += 1;
                hash_mb = args.get(k).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
                    eprintln!("--hash needs a size in MiB");
                    std::process::exit(2)
                });
            }
            arg if path.is_none() => path = Some(arg.to_owned()),
            arg => range = Some(arg.to_owned()),
        }
        k += 1;
    }
    let Some(path) = path else {
        eprintln!("usage: ffo FILE.obf [FIRST-LAST] [--hash MB]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("cannot read {path}: {err}");
            return ExitCode::from(2);
        }
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let (first, last) = match range.as_deref().map(|r| r.split_once('-')) {
        None => (1, lines.len()),
        Some(Some((a, b))) => (a.parse().unwrap_or(1), b.parse().unwrap_or(lines.len())),
        Some(None) => {
            let n = range.as_deref().unwrap().parse().unwrap_or(1);
            (n, n)
        }
    };
    let number_base = std::path::Path::new(&path)
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| {
            n.split(|c: char| !c.is_ascii_digit())
                .find(|s| !s.is_empty())
        })
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(1);

    let mut solver = match Solver::new(hash_mb) {
        Ok(solver) => solver,
        Err(err) => {
            eprintln!("{err}");
            return ExitCode::from(2);
        }
    };
    println!(
        "{:>4} {:>7} {:>6} {:>5} {:>14} {:>9} {:>7}  line",
        "#", "empties", "score", "move", "nodes", "seconds", "Mnps"
    );
    let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0f64, 0);
    for index in first.max(1)..=last.min(lines.len()) {
        let line = lines[index - 1];
        let Some((board, rest)) = line.split_at_checked(66) else {
            eprintln!("line {index}: too short");
            return ExitCode::from(2);
        };
        let position = match Othello::parse_position(board) {
            Ok(position) => position,
            Err(err) => {
                eprintln!("line {index}: {err}");
                return ExitCode::from(2);
            }
        };
        // The first "MOVE:+score" is the best move and the position's score.
        let expected: Option<i32> = rest
            .split(';')
            .find_map(|item| item.split_once(':'))
            .and_then(|(_, score)| score.trim().trim_start_matches('+').parse().ok());
        solver.clear();
        let started = Instant::now();
        let solution = solver.solve(&position);
        let seconds = started.elapsed().as_secs_f64();
        total_nodes += solution.nodes;
        total_seconds += seconds;
        let mark = match expected {
            Some(score) if score != solution.score => {
                wrong += 1;
                format!("  WRONG, expected {score}")
            }
            _ => String::new(),
        };
        let line: Vec<String> = solution.pv.iter().map(|m| position.move_name(*m)).collect();
        println!(
            "{:>4} {:>7} {:>+6} {:>5} {:>14} {:>9.3} {:>7.1}  {}{}",
            number_base + index - 1,
            solution.empties,
            solution.score,
            solution
                .best_move
                .map_or_else(|| "-".to_owned(), |m| position.move_name(m)),
            solution.nodes,
            seconds,
            solution.nodes as f64 / seconds.max(1e-9) / 1e6,
            line.join(" "),
            mark
        );
    }
    println!(
        "total {:>25} {:>9.3} {:>7.1}",
        total_nodes,
        total_seconds,
        total_nodes as f64 / total_seconds.max(1e-9) / 1e6
    );
    if wrong > 0 {
        eprintln!("{wrong} wrong scores");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
