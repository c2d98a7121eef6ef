//! Perft driver tests on a toy game whose counts are known in closed form.

use super::*;
use crate::toy::pile;
use std::sync::Mutex;

/// Paths of exactly `depth` moves from a pile of `stones`, by dynamic programming.
fn paths(stones: u32, depth: u32) -> u64 {
    // ways[n] = paths of the current length from a pile of n stones.
    let mut ways = vec![1u64; stones as usize + 1];
    for _ in 0..depth {
        ways = (0..=stones as usize)
            .map(|n| (1..=3).filter(|&t| t <= n).map(|t| ways[n - t]).sum())
            .collect();
    }
    ways[stones as usize]
}

#[test]
fn plain_perft_matches_closed_form() {
    for stones in [0, 1, 2, 5, 12] {
        for depth in 0..8 {
            assert_eq!(
                perft(&pile(stones), depth),
                paths(stones, depth),
                "{stones} {depth}"
            );
        }
    }
}

#[test]
fn finished_game_has_no_leaves_below_it() {
    assert_eq!(perft(&pile(0), 0), 1);
    assert_eq!(perft(&pile(0), 3), 0);
    // From 2 stones every path ends the game within two plies.
    assert_eq!(perft(&pile(2), 3), 0);
    assert_eq!(perft(&pile(3), 3), 1);
}

#[test]
fn hashed_perft_matches_plain() {
    let table = CountTable::new(1).unwrap();
    for depth in 0..12 {
        assert_eq!(perft_hashed(&pile(20), depth, &table), paths(20, depth));
    }
}

#[test]
fn run_agrees_with_perft_for_any_threads_and_hash() {
    for threads in 1..=3 {
        for hash_mb in [0, 1] {
            let options = Options {
                depth: 9,
                threads,
                hash_mb,
            };
            let report = run(&pile(25), &options, &|_| {}).unwrap();
            assert_eq!(
                report.nodes,
                paths(25, 9),
                "threads {threads} hash {hash_mb}"
            );
            let expected: Vec<(u32, u64)> = (1..=3).map(|t| (t, paths(25 - t, 8))).collect();
            assert_eq!(report.divide, expected);
        }
    }
}

#[test]
fn run_reports_progress_up_to_the_total() {
    let seen = Mutex::new(Vec::new());
    let options = Options {
        depth: 10,
        threads: 2,
        hash_mb: 0,
    };
    let report = run(&pile(28), &options, &|p| seen.lock().unwrap().push(p)).unwrap();
    let seen = seen.into_inner().unwrap();
    let last = seen.iter().max_by_key(|p| p.done).unwrap();
    assert_eq!(last.done, last.total);
    assert_eq!(last.nodes, report.nodes);
    assert_eq!(seen.len(), last.total);
    assert!(last.total > 3, "the tree was split below the root moves");
}

#[test]
fn run_handles_depth_zero_and_finished_roots() {
    let options = |depth| Options {
        depth,
        threads: 1,
        hash_mb: 0,
    };
    let zero = run(&pile(5), &options(0), &|_| {}).unwrap();
    assert_eq!((zero.nodes, zero.divide.len()), (1, 0));
    let over = run(&pile(0), &options(4), &|_| {}).unwrap();
    assert_eq!((over.nodes, over.divide.len()), (0, 0));
}

#[test]
fn run_refuses_zero_threads() {
    let options = Options {
        depth: 3,
        threads: 0,
        hash_mb: 0,
    };
    assert!(matches!(
        run(&pile(5), &options, &|_| {}),
        Err(Error::NoThreads)
    ));
}
