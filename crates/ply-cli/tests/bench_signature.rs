//! The bench signature: `ply bench`'s node counts for the three games are the
//! ones `bench-signature.txt` records, so that a change of search behaviour
//! is a visible, deliberate edit of that file.

use std::collections::BTreeMap;
use std::process::Command;

/// The counts the file records, by game.
fn recorded() -> BTreeMap<String, u64> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/bench-signature.txt");
    let text = std::fs::read_to_string(path).expect("bench-signature.txt is there");
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (game, nodes) = line.split_once(' ').expect("a game and a count");
            (game.to_owned(), nodes.trim().parse().expect("a count"))
        })
        .collect()
}

#[test]
fn the_bench_node_counts_are_the_recorded_signature() {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["bench", "--json"])
        // The signature is the search's alone: no endgame databases.
        .env("PLY_EGDB_DIR", "/nonexistent/ply-bench-signature")
        .output()
        .expect("ply runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let measured: BTreeMap<String, u64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            (
                v["game"].as_str().unwrap().to_owned(),
                v["nodes"].as_u64().unwrap(),
            )
        })
        .collect();
    let recorded = recorded();
    assert_eq!(
        recorded.keys().collect::<Vec<_>>(),
        ["checkers", "chess", "othello"]
    );
    assert_eq!(
        measured, recorded,
        "the search's behaviour changed: if that is meant, write the new counts \
         into crates/ply-cli/bench-signature.txt"
    );
}
