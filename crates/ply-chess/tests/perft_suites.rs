//! Perft on the published suites: every position at every listed depth, for
//! each of the three move generators (the bitboard [`Position`], the GNU
//! Chess tables of seed 002 and the attack-map board of seed 004).
//!
//! The default run counts each position up to the deepest listed depth whose
//! count is at most a cap per generator; the `#[ignore]`d tests run everything.

use ply_chess::Position;
use ply_chess::attackmap::AttackBoard;
use ply_chess::gnu::GnuBoard;
use ply_core::Game;
use ply_core::perft::{self, Options};

/// The largest count checked per position in the default test run.
const NODE_CAP: u64 = 5_000_000;

/// (FEN, [(depth, nodes)]) of every line of an EPD perft file.
fn suite(text: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_owned();
            let counts = parts
                .map(|p| {
                    let (depth, nodes) = p.trim().split_once(' ').unwrap();
                    (
                        depth.trim_start_matches('D').parse().unwrap(),
                        nodes.trim().parse().unwrap(),
                    )
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn count<G: Game>(position: &G, depth: u32) -> u64 {
    if depth <= 4 {
        return perft::perft(position, depth);
    }
    let options = Options {
        depth,
        threads: 2,
        hash_mb: 0,
    };
    perft::run(position, &options, &|_| {}).unwrap().nodes
}

fn check_suite<G: Game>(text: &str, cap: u64) -> usize {
    let mut checked = 0;
    for (fen, counts) in suite(text) {
        let position = G::parse_position(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            position.position_string().split(' ').next(),
            fen.split(' ').next()
        );
        for (depth, nodes) in counts.into_iter().filter(|&(_, n)| n <= cap) {
            assert_eq!(count(&position, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

const PERFTSUITE: &str = include_str!("data/perftsuite.epd");
const CPW: &str = include_str!("data/cpw_perft_results.epd");

/// Checks board `B` on both suites with the counts up to `cap` (the
/// Chessprogramming wiki's positions, fewer and bigger, up to `cpw_factor`
/// times that), and that at least `minimum` counts of each were checked.
fn check_suites<B: Game>(cap: u64, cpw_factor: u64, minimum: [usize; 2]) {
    let checked = check_suite::<B>(PERFTSUITE, cap);
    assert!(checked > minimum[0], "{checked} perftsuite counts checked");
    let checked = check_suite::<B>(CPW, cap.saturating_mul(cpw_factor));
    assert!(
        checked >= minimum[1],
        "{checked} Chessprogramming counts checked"
    );
}

#[test]
fn bitboard_suites_match() {
    check_suites::<Position>(NODE_CAP, 20, [126 * 4, 30]);
}

/// The GNU generator's cap in the default run.
const GNU_CAP: u64 = 1_000_000;

#[test]
fn gnu_suites_match() {
    check_suites::<GnuBoard>(GNU_CAP, 10, [126 * 3, 25]);
}

/// The attack-map board's cap in the default run, where debug assertions
/// compare its incremental maps with maps from scratch at every node.
const ATTACKMAP_CAP: u64 = 500_000;

#[test]
fn attackmap_suites_match() {
    check_suites::<AttackBoard>(ATTACKMAP_CAP, 5, [126 * 3, 20]);
}

#[test]
#[ignore = "many minutes: the full suites on the three boards, run with --ignored"]
fn full_suites_match() {
    check_suites::<Position>(u64::MAX, 1, [0, 0]);
    check_suites::<GnuBoard>(u64::MAX, 1, [0, 0]);
    check_suites::<AttackBoard>(u64::MAX, 1, [0, 0]);
}

const FISCHER: &str = include_str!("data/ethereal_fischer.epd");

/// Counts every position of `text` at the listed depths up to `max_depth`;
/// the number of counts checked.
fn check_suite_to_depth<G: Game>(text: &str, max_depth: u32) -> usize {
    let mut checked = 0;
    for (fen, counts) in suite(text) {
        let position = G::parse_position(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (depth, nodes) in counts.into_iter().filter(|&(d, _)| d <= max_depth) {
            assert_eq!(count(&position, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn chess960_positions_match() {
    assert_eq!(check_suite_to_depth::<Position>(FISCHER, 4), 960 * 4);
}

#[test]
fn gnu_chess960_positions_match() {
    assert_eq!(check_suite_to_depth::<GnuBoard>(FISCHER, 3), 960 * 3);
}

#[test]
fn attackmap_chess960_positions_match() {
    assert_eq!(check_suite_to_depth::<AttackBoard>(FISCHER, 3), 960 * 3);
}

#[test]
#[ignore = "an hour or more: the Chess960 suite to depth 6, run with --ignored"]
fn full_chess960_suite_matches() {
    check_suite_to_depth::<Position>(FISCHER, 6);
}

#[test]
#[ignore = "hours: the Chess960 suite to depth 5 on the seed boards, run with --ignored"]
fn seed_boards_chess960_suite_matches() {
    check_suite_to_depth::<GnuBoard>(FISCHER, 5);
    check_suite_to_depth::<AttackBoard>(FISCHER, 5);
}
