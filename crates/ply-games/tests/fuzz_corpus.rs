//! The games layer's fuzz targets' seed corpora (`fuzz/seeds/<target>/`) run
//! through the functions the targets call, so that `cargo test` exercises
//! every target without cargo-fuzz; and the inputs the fuzzers found, as
//! regression tests.

use ply_games::fuzzing;
use std::path::Path;

/// The files of `fuzz/seeds/<target>` (at least one).
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let files: Vec<Vec<u8>> = entries
        .map(|entry| std::fs::read(entry.unwrap().path()).unwrap())
        .collect();
    assert!(!files.is_empty(), "no seeds in {}", dir.display());
    files
}

/// Runs every seed of a text target through `check` as the target does
/// (bytes read as UTF-8, bad sequences replaced).
fn replay(target: &str, check: fn(&str)) {
    for bytes in seeds(target) {
        check(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn chess_text_seeds() {
    replay("chess_text", fuzzing::chess_text);
}

#[test]
fn checkers_text_seeds() {
    replay("checkers_text", fuzzing::checkers_text);
}

#[test]
fn othello_text_seeds() {
    replay("othello_text", fuzzing::othello_text);
}

#[test]
fn pgn_seeds() {
    replay("pgn", fuzzing::pgn);
}

#[test]
fn pdn_seeds() {
    replay("pdn", fuzzing::pdn);
}

#[test]
fn ggf_seeds() {
    replay("ggf", fuzzing::ggf);
}

/// Found by the targets' record round trip on their seeds: a tag value
/// holding `]`.
#[test]
fn a_tag_value_with_a_closing_bracket() {
    fuzzing::pgn("[White \"a]\"]\n[Black \"b\"]\n1. e4 *\n");
    fuzzing::pdn("[White \"a]\"]\n1. 11-15 *\n");
}

/// Found by the `pgn` target: an error quoting a tag value that ran over
/// several lines (an unclosed quote) was several lines long. Strings now end
/// on their line, and every record error is one line.
#[test]
fn record_errors_are_one_line() {
    fuzzing::pgn("[Variant \"r\n[SetUp \"1\"]\n[FEN \"8/8 b - 5 1\"]\n\n1... O-O *\n");
    fuzzing::pdn("[GameType \"2\n0\"]\n1. 11-15 *\n");
    fuzzing::ggf("(;GM[Oth\nello]B[f5];)");
    fuzzing::ggf("(;GM[Othello]BO[8\n--------\tx];)");
}

#[test]
fn openings_seeds() {
    replay("openings", fuzzing::openings);
}

/// Found by review: move counters at 65535 overflowed.
#[test]
fn move_counters_at_their_largest() {
    fuzzing::chess_text("k7/8/8/8/8/8/8/7K w - - 65535 65535\nKg1\nKb7\n");
}
