//! The solver against a brute-force minimax on positions from random games,
//! and its API: windows, lines, passes, finished games, the stop flag.

use super::*;
use crate::Othello;
use ply_core::Game;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::sync::atomic::Ordering;

/// Plain minimax over every line of play, no pruning, no tables.
fn minimax(position: &Othello) -> i32 {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return position.final_score();
    }
    moves
        .iter()
        .map(|&mv| -minimax(&position.play_unchecked(mv)))
        .max()
        .unwrap()
}

/// Positions with `1..=most` empties from random games: every position of each
/// game from the first with at most `most` empties to the end, so that passes
/// and finished games (some with empty squares left) come up.
fn late_positions(seed: u64, games: usize, most: u32) -> Vec<Othello> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut position = Othello::start();
        loop {
            let moves = position.legal_moves();
            if position.empty().count_ones() <= most && (moves.is_empty() || rng.random_bool(0.5)) {
                positions.push(position);
            }
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            position = position.play_unchecked(mv);
        }
    }
    positions
}

/// Checks that the solution's line is legal and ends in a finished game whose
/// score, from the root's side, is the solution's score.
fn check_line(root: &Othello, solution: &Solution) {
    let mut position = *root;
    let mut sign = 1;
    for &mv in &solution.pv {
        assert!(
            position.legal_moves().contains(&mv),
            "{mv} illegal in {position} (line of {root})"
        );
        position = position.play_unchecked(mv);
        sign = -sign;
    }
    assert!(position.is_game_over(), "line of {root} stops early");
    assert_eq!(sign * position.final_score(), solution.score, "{root}");
}

#[test]
fn exact_scores_equal_minimax_up_to_eight_empties() {
    let mut solver = Solver::new(1).unwrap();
    let positions = late_positions(1, 300, 8);
    let (mut passes, mut ends, mut ends_with_empties) = (0, 0, 0);
    for position in &positions {
        let expected = minimax(position);
        let solution = solver.solve(position);
        assert_eq!(solution.score, expected, "{position}");
        assert_eq!(solution.bound, Bound::Exact);
        assert_eq!(solution.empties, position.empty().count_ones());
        check_line(position, &solution);
        if position.is_game_over() {
            ends += 1;
            ends_with_empties += usize::from(position.empty() != 0);
            assert_eq!(solution.best_move, None);
            assert!(solution.pv.is_empty());
        } else {
            let best = solution.best_move.unwrap();
            if position.must_pass() {
                passes += 1;
                assert_eq!(best, Move::PASS);
            }
            assert_eq!(
                -minimax(&position.play_unchecked(best)),
                expected,
                "{position}"
            );
        }
    }
    // The sample holds the special cases it is meant to cover.
    assert!(positions.len() > 500, "{}", positions.len());
    assert!(passes >= 5, "{passes} positions with a pass");
    assert!(
        ends >= 20 && ends_with_empties >= 1,
        "{ends} {ends_with_empties}"
    );
}

#[test]
fn exact_scores_equal_minimax_at_nine_and_ten_empties() {
    let mut solver = Solver::new(4).unwrap();
    let mut positions: Vec<Othello> = late_positions(2, 60, 10)
        .into_iter()
        .filter(|p| p.empty().count_ones() >= 9)
        .collect();
    positions.truncate(16);
    assert_eq!(positions.len(), 16);
    for position in &positions {
        let solution = solver.solve(position);
        assert_eq!(solution.score, minimax(position), "{position}");
        check_line(position, &solution);
    }
}

#[test]
fn windows_give_correct_bounds() {
    let mut solver = Solver::new(1).unwrap();
    let mut rng = StdRng::seed_from_u64(3);
    for position in late_positions(4, 40, 12) {
        let exact = Solver::new(1).unwrap().solve(&position).score;
        for _ in 0..4 {
            let alpha = rng.random_range(-66..=64);
            let beta = rng.random_range(alpha + 1..=66);
            let solution = solver
                .search(&position, &Options::window(alpha, beta))
                .unwrap();
            let score = solution.score;
            match solution.bound {
                Bound::Exact => {
                    assert_eq!(score, exact);
                    assert!(alpha < score && score < beta);
                }
                Bound::Lower => assert!(beta <= score && score <= exact, "{position}"),
                Bound::Upper => assert!(exact <= score && score <= alpha, "{position}"),
            }
        }
        let wld = solver.search(&position, &Options::win_loss_draw()).unwrap();
        assert_eq!(wld.score.signum(), exact.signum(), "{position}");
    }
    let position = Othello::start();
    assert_eq!(
        solver.search(&position, &Options::window(3, 3)),
        Err(SolveError::EmptyWindow { alpha: 3, beta: 3 })
    );
}

#[test]
fn selective_then_exact_searches_give_correct_bounds_and_lines() {
    // From 18 empties a selective search and an aspiration window come first.
    let mut positions: Vec<Othello> = late_positions(6, 12, 18)
        .into_iter()
        .filter(|p| p.empty().count_ones() == 18 && !p.legal_moves().is_empty())
        .collect();
    positions.truncate(3);
    assert_eq!(positions.len(), 3);
    let mut solver = Solver::new(8).unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    for position in &positions {
        let exact = Solver::new(8).unwrap().solve(position);
        check_line(position, &exact);
        for _ in 0..3 {
            let alpha = rng.random_range(-66..=64);
            let beta = rng.random_range(alpha + 1..=66);
            let solution = solver
                .search(position, &Options::window(alpha, beta))
                .unwrap();
            let score = solution.score;
            match solution.bound {
                Bound::Exact => {
                    assert_eq!(score, exact.score, "{position}");
                    check_line(position, &solution);
                }
                Bound::Lower => assert!(beta <= score && score <= exact.score, "{position}"),
                Bound::Upper => assert!(exact.score <= score && score <= alpha, "{position}"),
            }
        }
    }
}

#[test]
fn the_table_can_be_kept_or_cleared_without_changing_results() {
    let positions = late_positions(5, 30, 14);
    let mut kept = Solver::new(2).unwrap();
    let mut tiny = Solver::new(0).unwrap();
    for position in positions.iter().filter(|p| p.empty().count_ones() >= 11) {
        let a = kept.solve(position);
        tiny.clear();
        let b = tiny.solve(position);
        assert_eq!(a.score, b.score, "{position}");
    }
}

#[test]
fn score_moves_lists_every_move_best_first() {
    let mut solver = Solver::new(1).unwrap();
    for position in late_positions(6, 20, 9) {
        let scores = solver.score_moves(&position, None).unwrap();
        let moves = position.legal_moves();
        assert_eq!(scores.len(), moves.len());
        for &(mv, score) in &scores {
            assert_eq!(score, -minimax(&position.play_unchecked(mv)));
        }
        assert!(scores.windows(2).all(|w| w[0].1 >= w[1].1));
        if let Some(&(_, best)) = scores.first() {
            assert_eq!(best, solver.solve(&position).score);
        }
    }
}

#[test]
fn a_set_stop_flag_stops_the_search() {
    // FFO #40, 20 empties: far more than the few thousand nodes between looks.
    let position = Othello::parse_position(
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
    )
    .unwrap();
    let mut solver = Solver::new(1).unwrap();
    let stop = AtomicBool::new(true);
    let result = solver.search(&position, &Options::exact().with_stop(&stop));
    match result {
        Err(SolveError::Stopped { nodes }) => assert!(nodes <= 2 * (1 << 14), "{nodes}"),
        other => panic!("not stopped: {other:?}"),
    }
    // Set from another thread while the search runs.
    let stop = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            stop.store(true, Ordering::Relaxed);
        });
        Solver::new(1)
            .unwrap()
            .search(&position, &Options::exact().with_stop(&stop))
    });
    assert!(
        matches!(result, Err(SolveError::Stopped { .. })),
        "{result:?}"
    );
    // The solver still works after a stopped search.
    let small = late_positions(7, 1, 10)[0];
    assert_eq!(solver.solve(&small).score, minimax(&small));
}

#[test]
fn a_finished_game_scores_its_final_score() {
    // Black has every disc but a white wedge; nobody can move, 2 empties.
    let mut text = String::from("X").repeat(62);
    text.push_str("--");
    let position = Othello::parse_position(&(text + " O")).unwrap();
    assert!(position.is_game_over());
    let solution = solve(&position);
    assert_eq!(solution.score, -64);
    assert_eq!(solution.best_move, None);
    assert!(solution.pv.is_empty());
}
