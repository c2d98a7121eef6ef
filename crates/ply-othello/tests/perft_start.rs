//! Perft from the start position against the published counts (edax_paths
//! column of tests/data/othello_perft_start.tsv), for both generators.

use ply_core::Game;
use ply_core::perft::{self, Options};
use ply_othello::{BitboardGenerator, LineTableGenerator, MoveGenerator, Position};

/// (depth, edax_paths) rows of the reference table.
fn published() -> Vec<(u32, u64)> {
    let table = include_str!("data/othello_perft_start.tsv");
    table
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("depth"))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            Some((fields[0].parse().ok()?, fields.get(2)?.parse().ok()?))
        })
        .collect()
}

fn count<G: MoveGenerator>(depth: u32) -> u64 {
    let options = Options {
        depth,
        threads: 2,
        hash_mb: 0,
    };
    perft::run(&Position::<G>::start(), &options, &|_| {})
        .unwrap()
        .nodes
}

fn check<G: MoveGenerator>(max_depth: u32) {
    let rows = published();
    assert!(rows.len() >= 13, "reference table has {} rows", rows.len());
    for (depth, nodes) in rows.into_iter().filter(|&(d, _)| d <= max_depth) {
        let start = Position::<G>::start();
        if depth <= 6 {
            assert_eq!(
                perft::perft(&start, depth),
                nodes,
                "{} depth {depth}",
                G::NAME
            );
        }
        assert_eq!(count::<G>(depth), nodes, "{} depth {depth}", G::NAME);
    }
}

#[test]
fn bitboard_generator_matches_published_counts_to_depth_11() {
    check::<BitboardGenerator>(11);
}

#[test]
fn line_table_generator_matches_published_counts_to_depth_11() {
    check::<LineTableGenerator>(11);
}

#[test]
fn hashed_perft_matches_published_counts() {
    let options = Options {
        depth: 10,
        threads: 2,
        hash_mb: 16,
    };
    let report = perft::run(&Position::<BitboardGenerator>::start(), &options, &|_| {}).unwrap();
    assert_eq!(report.nodes, 24_571_056);
}

#[test]
#[ignore = "about a minute: run with --ignored"]
fn bitboard_generator_matches_published_counts_to_depth_13() {
    check::<BitboardGenerator>(13);
}
