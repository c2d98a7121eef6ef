//! Perft of the 42 positions of tests/data/perft_positions.tsv (random
//! playouts and placements, the ring and crowning rule cases), whose counts
//! three independent generators agree on.

use ply_checkers::Checkers;
use ply_core::Game;
use ply_core::perft::{self, Options};

/// One row: name, position, perft for depths 1, 2, ...
struct Row {
    name: String,
    fen: String,
    counts: Vec<u64>,
}

fn rows() -> Vec<Row> {
    let rows: Vec<Row> = include_str!("data/perft_positions.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("name\t"))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let counts: Vec<u64> = fields[3].split(',').map(|n| n.parse().unwrap()).collect();
            assert_eq!(counts.len(), fields[2].parse::<usize>().unwrap(), "{line}");
            Row {
                name: fields[0].to_owned(),
                fen: fields[1].to_owned(),
                counts,
            }
        })
        .collect();
    assert_eq!(rows.len(), 42);
    rows
}

fn count(position: &Checkers, depth: u32) -> u64 {
    let options = Options {
        depth,
        threads: 2,
        hash_mb: 0,
    };
    perft::run(position, &options, &|_| {}).unwrap().nodes
}

/// Checks every depth whose count is at most `cap` leaves.
fn check(cap: u64) {
    for row in rows() {
        let position = Checkers::parse_position(&row.fen).unwrap();
        assert_eq!(position.position_string(), row.fen, "{}", row.name);
        for (depth, &nodes) in (1..).zip(&row.counts) {
            if nodes > cap {
                break;
            }
            assert_eq!(count(&position, depth), nodes, "{} depth {depth}", row.name);
        }
    }
}

#[test]
fn every_position_matches_to_20_million_leaves() {
    check(20_000_000);
}

#[test]
#[ignore = "about half a minute: run with --ignored"]
fn every_position_matches_to_its_listed_depth() {
    check(u64::MAX);
}
