//! `ply egdb` through the real binary: build, rerun, probe, verify, info and
//! the errors for missing databases and too many pieces.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::{json, stderr, stdout};

fn ply(args: &[&str], env_dir: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command.args(args).env_remove("PLY_EGDB_DIR");
    if let Some(dir) = env_dir {
        command.env("PLY_EGDB_DIR", dir);
    }
    command.output().expect("ply runs")
}

/// `ply egdb probe checkers --fen FEN --dir DIR` and more arguments.
fn probe(fen: &str, dir: &str, more: &[&str]) -> Output {
    let mut args = vec!["egdb", "probe", "checkers", "--fen", fen, "--dir", dir];
    args.extend_from_slice(more);
    ply(&args, None)
}

/// Asserts that `output` is a refusal (exit code 2) whose message says `what`.
fn assert_refused(output: &Output, what: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    assert!(stderr(output).contains(what), "{}", stderr(output));
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-egdb-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The last `info` line of `ply hub` searching `position` (standard frame)
/// to depth 4 with the database in `dir`.
fn hub_info(position: &str, dir: &Path) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("hub")
        .env("PLY_EGDB_DIR", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ply hub starts");
    let mut input = child.stdin.take().expect("piped stdin");
    writeln!(
        input,
        "set-param name=frame value=standard\nlevel depth=4\npos pos={position}\ngo think"
    )
    .unwrap();
    let mut last = String::new();
    for line in BufReader::new(child.stdout.take().expect("piped stdout")).lines() {
        let line = line.unwrap();
        if line.starts_with("done") {
            break;
        }
        if line.starts_with("info") {
            last = line;
        }
    }
    writeln!(input, "quit").unwrap();
    child.wait().unwrap();
    last
}

#[test]
fn build_probe_verify_and_info() {
    let dir = scratch("build");
    let d = dir.to_str().unwrap();
    let build = [
        "egdb", "build", "checkers", "--pieces", "3", "--dir", d, "--json",
    ];
    let out = ply(&build, None);
    assert!(out.status.success(), "{}", stderr(&out));
    let built = json(&out);
    assert_eq!(
        (built["solved"].as_u64(), built["skipped"].as_u64()),
        (Some(16), Some(0))
    );
    // 2 bits a position plus a 24-byte header a slice.
    let positions = built["positions"].as_u64().unwrap();
    let values = built["bytes"].as_u64().unwrap() - 16 * 24;
    assert!(
        (positions / 4..=positions / 4 + 16).contains(&values),
        "{built}"
    );

    // A rerun skips every slice.
    let again = json(&ply(&build, None));
    assert_eq!(
        (again["solved"].as_u64(), again["skipped"].as_u64()),
        (Some(0), Some(16))
    );

    // The environment variable names the directory too.
    let by_env = ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "W:WK1,K3:BK32",
            "--json",
        ],
        Some(&dir),
    );
    assert!(by_env.status.success(), "{}", stderr(&by_env));
    assert_eq!(
        json(&by_env),
        serde_json::json!({"value": "win", "pieces": 3})
    );
    let lost = probe("B:WK1,K3:BK32", d, &[]);
    assert_eq!(stdout(&lost).trim(), "loss for black (3 pieces)");
    assert_eq!(json(&probe("B:WK1:BK32", d, &["--json"]))["value"], "draw");
    assert_refused(
        &probe("W:W18,19:B3,4", d, &[]),
        "ply egdb build checkers --pieces 4",
    );

    let verify = ply(&["egdb", "verify", "checkers", "--dir", d, "--json"], None);
    assert!(verify.status.success(), "{}", stderr(&verify));
    let report = json(&verify);
    assert_eq!(report["mismatches"], 0);
    assert_eq!(report["positions"].as_u64(), Some(positions));

    let info = stdout(&ply(&["egdb", "info", "--dir", d], None));
    assert_eq!(info.lines().count(), 4, "{info}");

    // `ply best` says what the database says, and nothing without one.
    let best = [
        "best",
        "checkers",
        "--fen",
        "B:WK1,K3:BK32",
        "--depth",
        "4",
        "--json",
    ];
    assert_eq!(json(&ply(&best, Some(&dir)))["database"], "loss");
    let text = stdout(&ply(&best[..best.len() - 1], Some(&dir)));
    assert!(text.contains("score database loss"), "{text}");
    assert!(text.contains("endgame database: a loss"), "{text}");
    let without = json(&ply(&best, Some(&dir.join("nothing-here"))));
    assert!(without.get("database").is_none(), "{without}");
    assert!(without["move"].as_str().is_some());

    // `ply hub` adds the root's value to its info lines.
    let info = hub_info("WWeWeeeeeeeeeeeeeeeeeeeeeeeeeeeeB", &dir);
    assert!(info.ends_with(" egdb=win"), "{info}");
    let without = hub_info(
        "WWeWeeeeeeeeeeeeeeeeeeeeeeeeeeeeB",
        &dir.join("nothing-here"),
    );
    assert!(!without.contains("egdb="), "{without}");

    // A damaged slice is reported, not trusted.
    let slice = dir.join("checkers").join("m0k2-m0k1.egdb");
    std::fs::write(&slice, b"PLYEGDB1 short").unwrap();
    assert_refused(&probe("W:WK1,K3:BK32", d, &[]), "build again");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_database_says_how_to_build_it() {
    let dir = scratch("missing");
    let d = dir.to_str().unwrap();
    assert_refused(
        &probe("W:WK1,K3:BK32", d, &[]),
        "ply egdb build checkers --pieces 3",
    );
    let verify = ply(&["egdb", "verify", "checkers", "--dir", d], None);
    assert_refused(&verify, "ply egdb build");
}

#[test]
fn bad_input_is_refused() {
    let dir = scratch("bad");
    let d = dir.to_str().unwrap();
    let chess = ply(
        &["egdb", "build", "chess", "--pieces", "3", "--dir", d],
        None,
    );
    assert_refused(&chess, "checkers only");
    let zero = ply(
        &["egdb", "build", "checkers", "--pieces", "0", "--dir", d],
        None,
    );
    assert_refused(&zero, "--pieces must be between 1 and");
    assert_refused(&probe("X:nonsense", d, &[]), "bad position");
}
