//! The fuzz targets' seed corpora (`fuzz/seeds/<target>/`) run through the
//! functions the targets call, so that `cargo test` exercises every target
//! without cargo-fuzz; and the inputs the fuzzers found, as regression tests.

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

/// Runs every seed of a protocol target through `check`, bytes as they are.
fn replay_bytes(target: &str, check: fn(&[u8])) {
    for bytes in seeds(target) {
        check(&bytes);
    }
}

#[test]
fn chess_text_seeds() {
    replay("chess_text", ply_cli::fuzzing::chess_text);
}

#[test]
fn checkers_text_seeds() {
    replay("checkers_text", ply_cli::fuzzing::checkers_text);
}

#[test]
fn othello_text_seeds() {
    replay("othello_text", ply_cli::fuzzing::othello_text);
}

#[test]
fn pgn_seeds() {
    replay("pgn", ply_cli::fuzzing::pgn);
}

#[test]
fn pdn_seeds() {
    replay("pdn", ply_cli::fuzzing::pdn);
}

#[test]
fn ggf_seeds() {
    replay("ggf", ply_cli::fuzzing::ggf);
}

#[test]
fn uci_seeds() {
    replay_bytes("uci", ply_cli::fuzzing::uci);
}

#[test]
fn hub_seeds() {
    replay_bytes("hub", ply_cli::fuzzing::hub);
}

#[test]
fn nboard_seeds() {
    replay_bytes("nboard", ply_cli::fuzzing::nboard);
}
