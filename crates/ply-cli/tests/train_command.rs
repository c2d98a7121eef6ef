//! `ply train` through the real binary: a tiny Othello data generation, its
//! resumption, the file's summary, and the refusals of bad arguments and bad
//! files.

use std::path::PathBuf;
use std::process::{Command, Output};

mod common;
use common::{json, stderr};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn generate(file: &str, games: &str, seed: &str) -> Output {
    ply(&[
        "--json",
        "train",
        "othello",
        "generate",
        "--out",
        file,
        "--games",
        games,
        "--seed",
        seed,
        "--exact-empties",
        "8",
        "--depth",
        "1",
        "--batch",
        "2",
    ])
}

#[test]
fn othello_data_is_generated_resumed_and_summarised() {
    let dir = temp_dir("othello");
    let file = dir.join("data.bin");
    let file = file.to_str().unwrap();
    let first = generate(file, "3", "5");
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(json(&first)["games"], 3);
    let resumed = generate(file, "5", "5");
    assert_eq!(json(&resumed)["games_this_run"], 2);
    let info = json(&ply(&[
        "--json", "train", "othello", "info", "--data", file,
    ]));
    assert_eq!(info["games"], 5);
    let by_empties = info["by_empties"].as_array().unwrap();
    assert_eq!(by_empties.len(), 61);
    let exact_expected: u64 = by_empties[..=8].iter().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(info["exact"].as_u64().unwrap(), exact_expected);
    assert!(
        exact_expected >= 5 * 8,
        "every game reaches its last 8 empties"
    );

    // The evaluation's error against the exact scores, by empties.
    let check = json(&ply(&[
        "--json", "train", "othello", "check", "--data", file,
    ]));
    let rows = check["by_empties"].as_array().unwrap();
    assert!(!rows.is_empty());
    let checked: u64 = rows.iter().map(|r| r["positions"].as_u64().unwrap()).sum();
    assert_eq!(checked, exact_expected);
    for row in rows {
        assert!(row["empties"].as_u64().unwrap() <= 8, "{row}");
        let rmse = row["rmse"].as_f64().unwrap();
        assert!((0.0..64.0).contains(&rmse), "{row}");
    }
    let bad_weights = ply(&[
        "train",
        "othello",
        "check",
        "--data",
        file,
        "--weights",
        file,
    ]);
    assert_eq!(
        bad_weights.status.code(),
        Some(2),
        "{}",
        stderr(&bad_weights)
    );

    // The same seed gives the same file, however it was cut into runs.
    let whole = dir.join("whole.bin");
    let whole = whole.to_str().unwrap();
    assert!(generate(whole, "5", "5").status.success());
    assert_eq!(std::fs::read(file).unwrap(), std::fs::read(whole).unwrap());

    let other_seed = generate(file, "6", "6");
    assert_eq!(other_seed.status.code(), Some(2));
    assert!(
        stderr(&other_seed).contains("--seed 5"),
        "{}",
        stderr(&other_seed)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_and_files_are_refused() {
    let dir = temp_dir("refusals");
    let file = dir.join("data.bin");
    let file = file.to_str().unwrap();
    for (flag, value, what) in [
        ("--exact-empties", "30", "more than 24"),
        ("--depth", "0", "--depth 0"),
        ("--noise", "101", "percentages"),
        ("--batch", "0", "--batch"),
    ] {
        let output = ply(&["train", "othello", "generate", "--out", file, flag, value]);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        assert!(stderr(&output).contains(what), "{}", stderr(&output));
    }
    std::fs::write(
        file,
        b"not a data file at all, but long enough for a header",
    )
    .unwrap();
    let output = ply(&["train", "othello", "info", "--data", file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bad magic"), "{}", stderr(&output));
    let missing = ply(&["train", "othello", "info", "--data", "/no/such/file"]);
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

fn ply_with(var: &str, value: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .env(var, value)
        .args(args)
        .output()
        .expect("ply runs")
}

#[test]
fn weights_files_from_the_environment_are_checked() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let chess = format!("{root}/ply-chess/src/engine/weights.bin");
    let checkers = format!("{root}/ply-checkers/weights/eval.bin");
    let best = |game: &'static str| ["best", game, "--depth", "3", "--json", "--no-book"];
    // The shipped chess weights read from their file play as the built-in
    // ones (the linear evaluation's: PLY_CHESS_NET=linear).
    let built_in = json(&ply_with("PLY_CHESS_NET", "linear", &best("chess")));
    let from_file = ply_with("PLY_CHESS_WEIGHTS", &chess, &best("chess"));
    assert!(from_file.status.success(), "{}", stderr(&from_file));
    assert_eq!(json(&from_file)["nodes"], built_in["nodes"]);
    // Another game's weights: refused for chess, ignored with a warning for
    // checkers and Othello.
    let refused = ply_with("PLY_CHESS_WEIGHTS", &checkers, &best("chess"));
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("weights of checkers, not of chess"),
        "{}",
        stderr(&refused)
    );
    for (var, game, file, what) in [
        (
            "PLY_CHECKERS_WEIGHTS",
            "checkers",
            &chess,
            "weights of chess, not of checkers",
        ),
        (
            "PLY_OTHELLO_WEIGHTS",
            "othello",
            &checkers,
            "weights of checkers, not of othello",
        ),
    ] {
        let warned = ply_with(var, file, &best(game));
        assert!(warned.status.success(), "{}", stderr(&warned));
        assert!(stderr(&warned).contains(what), "{}", stderr(&warned));
    }
}
