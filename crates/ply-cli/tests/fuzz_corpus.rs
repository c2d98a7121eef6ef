//! The fuzz targets' seed corpora (`fuzz/seeds/<target>/`) run through the
//! functions the targets call, so that `cargo test` exercises every target
//! without cargo-fuzz; and the inputs the fuzzers found, as regression tests.

use std::path::Path;

/// Runs every file of `fuzz/seeds/<target>` through `check` as the target
/// does (bytes read as UTF-8, bad sequences replaced).
fn replay(target: &str, check: fn(&str)) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(target);
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        check(&String::from_utf8_lossy(&bytes));
        files += 1;
    }
    assert!(files > 0, "no seeds in {}", dir.display());
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
