//! The protocol fuzz targets' seed corpora (`fuzz/seeds/<target>/`) run through the
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

/// Runs every seed of a protocol target through `check`, bytes as they are.
fn replay_bytes(target: &str, check: fn(&[u8])) {
    for bytes in seeds(target) {
        check(&bytes);
    }
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

/// The resident memory of this process in KiB.
#[cfg(target_os = "linux")]
fn resident_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Found while looking into the `uci` target's slow inputs, and confirmed
/// through it (`Hash` 6000 ran out of the fuzzer's 4 GiB): `ucinewgame` wrote
/// zeros over the whole table, so a large `Hash` cost its full size in memory
/// at once. The same for Hub's `new-game`.
#[cfg(target_os = "linux")]
#[test]
fn a_new_game_after_a_large_hash_costs_no_memory() {
    let before = resident_kib();
    ply_cli::fuzzing::uci(b"setoption name Hash value 2048\nucinewgame\nisready\n");
    ply_cli::fuzzing::hub(b"hub\nset-param name=hash value=2048\nnew-game\nping\n");
    let grown = resident_kib().saturating_sub(before);
    assert!(
        grown < 1024 * 1024,
        "{grown} KiB resident after clearing 2 GiB tables"
    );
}

/// Found by review, confirmed through the `chess_text` target (the games
/// layer's): move counters at 65535 overflowed; the same through UCI.
#[test]
fn move_counters_at_their_largest() {
    ply_cli::fuzzing::uci(
        b"position fen k7/8/8/8/8/8/8/7K b - - 65535 65535 moves a8b8 h1g1\ngo depth 2\n",
    );
}
