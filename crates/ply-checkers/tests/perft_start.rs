//! Perft from the start position against the published counts
//! (tests/data/perft_start.tsv: Aart Bik, OEIS A133046).

use ply_checkers::Checkers;
use ply_core::Game;
use ply_core::perft::{self, Options};

/// (depth, nodes) rows of the reference table (depth 29 overflows a u64).
fn published() -> Vec<(u32, u128)> {
    include_str!("data/perft_start.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("depth"))
        .filter_map(|line| {
            let mut fields = line.split('\t');
            Some((fields.next()?.parse().ok()?, fields.next()?.parse().ok()?))
        })
        .collect()
}

fn count(depth: u32) -> u64 {
    let options = Options {
        depth,
        threads: 2,
        hash_mb: 0,
    };
    perft::run(&Checkers::start(), &options, &|_| {})
        .unwrap()
        .nodes
}

fn check(max_depth: u32) {
    let rows = published();
    assert_eq!(rows.len(), 29, "reference table rows");
    for (depth, nodes) in rows.into_iter().filter(|&(d, _)| d <= max_depth) {
        if depth <= 8 {
            assert_eq!(
                u128::from(perft::perft(&Checkers::start(), depth)),
                nodes,
                "depth {depth}"
            );
        }
        assert_eq!(u128::from(count(depth)), nodes, "depth {depth}");
    }
}

#[test]
fn start_position_matches_published_counts_to_depth_12() {
    check(12);
}

#[test]
fn hashed_perft_matches_the_published_count() {
    let options = Options {
        depth: 11,
        threads: 2,
        hash_mb: 16,
    };
    let report = perft::run(&Checkers::start(), &options, &|_| {}).unwrap();
    assert_eq!(report.nodes, 85_242_128);
    // The root moves' counts add up and each root move is listed once.
    assert_eq!(report.divide.len(), 7);
    assert_eq!(
        report.divide.iter().map(|&(_, n)| n).sum::<u64>(),
        report.nodes
    );
}

#[test]
#[ignore = "one to two minutes: run with --ignored"]
fn start_position_matches_published_counts_to_depth_14() {
    check(14);
}
