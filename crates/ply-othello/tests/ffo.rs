//! The solver on the FFO endgame suite (tests/data/fforum-*.obf, see
//! SOURCE.txt): every listed move score where the positions are small, the
//! position's score and best move where they are larger, #40-#49 on demand
//! (`cargo test --release -p ply-othello --test ffo -- --ignored`).

use ply_core::Game;
use ply_othello::engine::solve::{Bound, Solver};
use ply_othello::{Move, Othello};

/// One line of an OBF file: the position and its moves' scores, best first.
struct Line {
    position: Othello,
    scores: Vec<(Move, i32)>,
}

fn suite(name: &str) -> Vec<Line> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let (board, rest) = line.split_at(66);
            let position = Othello::parse_position(board).unwrap();
            let scores = rest
                .split(';')
                .filter_map(|item| item.split_once(':'))
                .map(|(mv, score)| {
                    let mv = position.parse_move(mv).unwrap();
                    (mv, score.trim().trim_start_matches('+').parse().unwrap())
                })
                .collect();
            Line { position, scores }
        })
        .collect()
}

/// Solves a line: the position's score and a best move must be the file's.
fn check_best(solver: &mut Solver, number: usize, line: &Line) {
    let solution = solver.solve(&line.position);
    let best = line.scores[0].1;
    assert_eq!(solution.bound, Bound::Exact);
    assert_eq!(solution.score, best, "FFO #{number}");
    let mv = solution.best_move.unwrap();
    let listed = line.scores.iter().find(|(m, _)| *m == mv);
    assert_eq!(listed.map(|(_, s)| *s), Some(best), "FFO #{number}: {mv}");
    // The line ends where the score says.
    let mut position = line.position;
    let mut sign = 1;
    for &mv in &solution.pv {
        position = position.play_unchecked(mv);
        sign = -sign;
    }
    assert!(position.is_game_over(), "FFO #{number}");
    assert_eq!(sign * position.final_score(), best, "FFO #{number}");
}

/// Every move's exact score must be the file's.
fn check_every_move(solver: &mut Solver, number: usize, line: &Line) {
    let scores = solver.score_moves(&line.position, None).unwrap();
    let mut got: Vec<(Move, i32)> = scores;
    let mut want = line.scores.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want, "FFO #{number}");
}

#[test]
fn ffo_1_to_19_every_move_score() {
    let mut solver = Solver::new(16).unwrap();
    for (k, line) in suite("fforum-1-19.obf").iter().enumerate() {
        check_best(&mut solver, k + 1, line);
        check_every_move(&mut solver, k + 1, line);
    }
}

#[test]
fn ffo_20_to_39_up_to_20_empties() {
    let mut solver = Solver::new(32).unwrap();
    let lines = suite("fforum-20-39.obf");
    let mut solved = 0;
    for (k, line) in lines.iter().enumerate() {
        let empties = line.position.empty().count_ones();
        if empties <= 20 {
            check_best(&mut solver, k + 20, line);
            solved += 1;
        }
        if empties <= 17 {
            check_every_move(&mut solver, k + 20, line);
        }
    }
    assert_eq!(solved, 15);
}

#[test]
fn ffo_40() {
    let lines = suite("fforum-40-59.obf");
    check_best(&mut Solver::new(64).unwrap(), 40, &lines[0]);
}

#[test]
#[ignore = "minutes: FFO #40-#49, run with --release"]
fn ffo_40_to_49() {
    let mut solver = Solver::new(256).unwrap();
    for (k, line) in suite("fforum-40-59.obf").iter().take(10).enumerate() {
        solver.clear();
        check_best(&mut solver, k + 40, line);
    }
}
