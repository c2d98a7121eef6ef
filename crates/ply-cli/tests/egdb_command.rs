//! `ply egdb` through the real binary: build, rerun, probe, verify, info and
//! the errors for missing databases and too many pieces.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ply(args: &[&str], env_dir: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command.args(args).env_remove("PLY_EGDB_DIR");
    if let Some(dir) = env_dir {
        command.env("PLY_EGDB_DIR", dir);
    }
    command.output().expect("ply runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn json(output: &Output) -> serde_json::Value {
    let text = stdout(output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    serde_json::from_str(lines[0]).unwrap()
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-egdb-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn build_probe_verify_and_info() {
    let dir = scratch("build");
    let d = dir.to_str().unwrap();
    let out = ply(
        &[
            "egdb", "build", "checkers", "--pieces", "3", "--dir", d, "--json",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let built = json(&out);
    assert_eq!(built["solved"], 16);
    assert_eq!(built["skipped"], 0);
    // 2 bits a position plus a 24-byte header a slice.
    let positions = built["positions"].as_u64().unwrap();
    let bytes = built["bytes"].as_u64().unwrap();
    let values = bytes - 16 * 24;
    assert!(
        values >= positions / 4 && values <= positions / 4 + 16,
        "{bytes}"
    );

    // A rerun skips every slice.
    let again = json(&ply(
        &[
            "egdb", "build", "checkers", "--pieces", "3", "--dir", d, "--json",
        ],
        None,
    ));
    assert_eq!(
        (again["solved"].as_u64(), again["skipped"].as_u64()),
        (Some(0), Some(16))
    );

    // The environment variable names the directory too.
    let probe = ply(
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
    assert!(probe.status.success(), "{}", stderr(&probe));
    assert_eq!(
        json(&probe),
        serde_json::json!({"value": "win", "pieces": 3})
    );
    let probe = ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "B:WK1,K3:BK32",
            "--dir",
            d,
        ],
        None,
    );
    assert_eq!(stdout(&probe).trim(), "loss for black (3 pieces)");
    let draw = json(&ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "B:WK1:BK32",
            "--json",
            "--dir",
            d,
        ],
        None,
    ));
    assert_eq!(draw["value"], "draw");

    let too_many = ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "W:W18,19:B3,4",
            "--dir",
            d,
        ],
        None,
    );
    assert_eq!(too_many.status.code(), Some(2));
    assert!(
        stderr(&too_many).contains("ply egdb build checkers --pieces 4"),
        "{}",
        stderr(&too_many)
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
    let with = json(&ply(&best, Some(&dir)));
    assert_eq!(with["database"], "loss");
    let without = json(&ply(&best, Some(&dir.join("nothing-here"))));
    assert!(without.get("database").is_none(), "{without}");
    assert!(without["move"].as_str().is_some());

    // A damaged slice is reported, not trusted.
    let slice = dir.join("checkers").join("m0k2-m0k1.egdb");
    std::fs::write(&slice, b"PLYEGDB1 short").unwrap();
    let damaged = ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "W:WK1,K3:BK32",
            "--dir",
            d,
        ],
        None,
    );
    assert_eq!(damaged.status.code(), Some(2));
    assert!(
        stderr(&damaged).contains("build again"),
        "{}",
        stderr(&damaged)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_database_says_how_to_build_it() {
    let dir = scratch("missing");
    let out = ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "W:WK1,K3:BK32",
            "--dir",
            dir.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("ply egdb build checkers --pieces 3"),
        "{}",
        stderr(&out)
    );
    let verify = ply(
        &["egdb", "verify", "checkers", "--dir", dir.to_str().unwrap()],
        None,
    );
    assert_eq!(verify.status.code(), Some(2));
    assert!(
        stderr(&verify).contains("ply egdb build"),
        "{}",
        stderr(&verify)
    );
}

#[test]
fn bad_input_is_refused() {
    let dir = scratch("bad");
    let d = dir.to_str().unwrap();
    let chess = ply(
        &["egdb", "build", "chess", "--pieces", "3", "--dir", d],
        None,
    );
    assert_eq!(chess.status.code(), Some(2));
    assert!(
        stderr(&chess).contains("checkers only"),
        "{}",
        stderr(&chess)
    );
    let zero = ply(
        &["egdb", "build", "checkers", "--pieces", "0", "--dir", d],
        None,
    );
    assert_eq!(zero.status.code(), Some(2));
    assert!(
        stderr(&zero).contains("--pieces must be between 1 and"),
        "{}",
        stderr(&zero)
    );
    let fen = ply(
        &[
            "egdb",
            "probe",
            "checkers",
            "--fen",
            "X:nonsense",
            "--dir",
            d,
        ],
        None,
    );
    assert_eq!(fen.status.code(), Some(2));
    assert!(stderr(&fen).contains("bad position"), "{}", stderr(&fen));
}
