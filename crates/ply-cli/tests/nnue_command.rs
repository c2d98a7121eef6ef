//! The networks end to end through the binary: a few chess self-play games
//! (`train chess datagen`), one epoch of `train chess nnue`, the network
//! used by `ply best` (`PLY_CHESS_NET`) and `ply uci` (`EvalFile`), and bad
//! network files refused; and the same for checkers (`PLY_CHECKERS_NET`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::{Session, stderr, stdout};

/// `ply` with the network variable `var` set to `net` (or unset).
fn ply_with_net(var: &str, args: &[&str], net: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ply"));
    command.args(args).env_remove(var);
    if let Some(net) = net {
        command.env(var, net);
    }
    command.output().expect("ply runs")
}

/// `ply` with `PLY_CHESS_NET` set to `net` (or unset).
fn ply(args: &[&str], net: Option<&Path>) -> Output {
    ply_with_net("PLY_CHESS_NET", args, net)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-nnue-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn datagen_train_and_play_with_the_network() {
    let dir = temp_dir("e2e");
    let data = dir.join("data.bin");
    let net = dir.join("net.nnue");
    let out = ply(
        &[
            "train",
            "chess",
            "datagen",
            "--out",
            data.to_str().unwrap(),
            "--games",
            "3",
            "--nodes",
            "200",
            "--threads",
            "1",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let train_to = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "--json",
            "train",
            "chess",
            "nnue",
            "--data",
            data.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--hidden",
            "16",
            "--batch",
            "64",
            "--holdout",
            "20",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        ply(&args, None)
    };
    let train = |extra: &[&str]| train_to(&net, extra);
    let out = train(&["--epochs", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["event"], "start");
    assert_eq!(lines.last().unwrap()["epoch"], 1);
    assert!(lines.last().unwrap()["holdout_loss"].as_f64().unwrap() > 0.0);
    let bytes = std::fs::read(&net).unwrap();
    assert_eq!(&bytes[..8], b"PLYNNUE\0");
    // A second epoch from the checkpoint.
    let out = train(&["--epochs", "2", "--resume"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"epoch\":2"));
    // A new run refining that network: its epoch 0 is the network's own
    // loss (not a random start's), and a network of another shape is
    // refused with both shapes named.
    let start_net = dir.join("start.nnue");
    std::fs::copy(&net, &start_net).unwrap();
    let epoch_zero = |out: &Output| -> f64 {
        let line = stdout(out)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .find(|v| v["event"] == "epoch" && v["epoch"] == 0)
            .expect("an epoch 0 line");
        line["holdout_loss"].as_f64().unwrap()
    };
    let out = train(&["--epochs", "1", "--init", start_net.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let refined_start = epoch_zero(&out);
    let out = train(&["--epochs", "1"]);
    let random_start = epoch_zero(&out);
    assert!(
        refined_start < random_start,
        "{refined_start} against {random_start}"
    );
    let out = train(&[
        "--epochs",
        "1",
        "--init",
        start_net.to_str().unwrap(),
        "--activation",
        "screlu",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--init") && stderr(&out).contains("768 -> 16x2 crelu"),
        "{}",
        stderr(&out)
    );

    // Output buckets: a run of 8 refines the one-bucket network from the
    // values it gives (each bucket a copy of its output layer), and the
    // engine plays with the bucketed file.
    let bucketed = dir.join("bucketed.nnue");
    let out = train_to(
        &bucketed,
        &[
            "--epochs",
            "1",
            "--init",
            start_net.to_str().unwrap(),
            "--output-buckets",
            "8",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        (epoch_zero(&out) - refined_start).abs() < 1e-5,
        "{} against {refined_start}",
        epoch_zero(&out)
    );
    let bytes = std::fs::read(&bucketed).unwrap();
    assert_eq!(&bytes[20..24], &[0, 8, 4, 0]);
    let out = ply(
        &["best", "chess", "--depth", "4", "--json"],
        Some(&bucketed),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = train(&["--epochs", "1", "--output-buckets", "17"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--output-buckets 17: expected 1 to 16"),
        "{}",
        stderr(&out)
    );

    let out = ply(&["best", "chess", "--depth", "4", "--json"], Some(&net));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"move\""));

    let mut s = Session::start("uci");
    s.send(&format!("setoption name EvalFile value {}", net.display()));
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string EvalFile: network 768x16")),
        "{lines:?}"
    );
    s.send("go depth 3");
    s.until("bestmove");
    s.send(&format!(
        "setoption name EvalFile value {}",
        bucketed.display()
    ));
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string EvalFile: network 768x16 crelu, 8 output buckets")),
        "{lines:?}"
    );
    s.send("go depth 3");
    s.until("bestmove");
    s.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_network_files_are_refused() {
    let dir = temp_dir("bad");
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"not a network at all, but long enough for a header").unwrap();
    for command in [
        &["best", "chess", "--depth", "2"][..],
        &["bench", "chess", "--depth", "2"],
    ] {
        let out = ply(command, Some(&bad));
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(
            err.contains("PLY_CHESS_NET=") && err.contains("not a ply network file"),
            "{err}"
        );
    }
    let out = ply(
        &["best", "chess", "--depth", "2"],
        Some(&dir.join("missing.nnue")),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot read the network file"));

    let mut s = Session::start("uci");
    s.send("uci");
    let lines = s.until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name EvalFile type string default <built-in>")
    );
    s.send(&format!("setoption name EvalFile value {}", bad.display()));
    s.send("setoption name EvalFile value linear");
    s.send("setoption name EvalFile value <built-in>");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: EvalFile")
                && l.contains("the evaluation stays built-in network 768x")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l == "info string EvalFile: linear"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string EvalFile: built-in network 768x")),
        "{lines:?}"
    );
    s.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn datagen_shards_with_first_game_merge_into_the_one_run_file() {
    let dir = temp_dir("shards");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let datagen = |out: &str, first: &str, games: &str| {
        let out = ply(
            &[
                "train",
                "chess",
                "datagen",
                "--out",
                out,
                "--first-game",
                first,
                "--games",
                games,
                "--nodes",
                "150",
                "--max-plies",
                "60",
                "--seed",
                "5",
                "--threads",
                "1",
            ],
            None,
        );
        assert!(out.status.success(), "{}", stderr(&out));
    };
    datagen(&path("whole.bin"), "0", "4");
    datagen(&path("a.bin"), "0", "1");
    datagen(&path("b.bin"), "1", "3");
    let out = ply(
        &[
            "train",
            "chess",
            "merge",
            "--out",
            &path("merged.bin"),
            &path("a.bin"),
            &path("b.bin"),
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let whole = std::fs::read(dir.join("whole.bin")).unwrap();
    assert!(!whole.is_empty());
    assert_eq!(std::fs::read(dir.join("merged.bin")).unwrap(), whole);
    // A shard resumes only with its own first game.
    let out = ply(
        &[
            "train",
            "chess",
            "datagen",
            "--out",
            &path("b.bin"),
            "--games",
            "4",
            "--nodes",
            "150",
            "--max-plies",
            "60",
            "--seed",
            "5",
        ],
        None,
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--first-game 1"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `ply` with `PLY_CHECKERS_NET` set to `net` (or unset).
fn ply_checkers(args: &[&str], net: Option<&Path>) -> Output {
    ply_with_net("PLY_CHECKERS_NET", args, net)
}

#[test]
fn a_checkers_network_is_trained_and_played_with() {
    let dir = temp_dir("checkers");
    let data = dir.join("games.bin");
    let net = dir.join("checkers.nnue");
    let out = ply_checkers(
        &[
            "train",
            "checkers",
            "generate",
            "--out",
            data.to_str().unwrap(),
            "--games",
            "6",
            "--depth",
            "3",
            "--no-egdb",
            "--threads",
            "1",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = ply_checkers(
        &[
            "--json",
            "train",
            "checkers",
            "nnue",
            "--data",
            data.to_str().unwrap(),
            data.to_str().unwrap(),
            "--out",
            net.to_str().unwrap(),
            "--hidden",
            "16",
            "--batch",
            "64",
            "--lambda",
            "0",
            "--epochs",
            "2",
            "--threads",
            "1",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["inputs"], 128);
    // Both files' positions, the same file twice.
    let positions = lines[0]["positions"].as_u64().unwrap();
    assert!(positions > 0 && positions.is_multiple_of(2), "{positions}");
    // Before training: the loss of the linear evaluation's own scores.
    assert!(lines[1]["holdout_score_loss"].as_f64().unwrap() > 0.0);
    assert_eq!(lines.last().unwrap()["epoch"], 2);
    // The network plays: another tree than the built-in network's and the
    // linear evaluation's (PLY_CHECKERS_NET=linear).
    let best = |net: Option<&Path>| {
        let out = ply_checkers(
            &["best", "checkers", "--depth", "7", "--json", "--no-book"],
            net,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        (common::json(&out), stderr(&out))
    };
    let (built_in, linear, network) = (
        best(None).0,
        best(Some(Path::new("linear"))).0,
        best(Some(&net)).0,
    );
    assert!(network["move"].is_string());
    assert_ne!(built_in["nodes"], network["nodes"]);
    assert_ne!(linear["nodes"], network["nodes"]);
    assert_ne!(linear["nodes"], built_in["nodes"]);
    // A file that is no network, or a chess network: a warning, and the
    // built-in network.
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"not a network at all, but long enough for a header").unwrap();
    let (out, err) = best(Some(&bad));
    assert!(
        err.contains("PLY_CHECKERS_NET=") && err.contains("using the built-in network"),
        "{err}"
    );
    assert_eq!(out["nodes"], built_in["nodes"]);
    let chess = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ply-chess/nets/chess.nnue"
    ));
    let (out, err) = best(Some(chess));
    assert!(err.contains("768 inputs, not checkers' 128"), "{err}");
    assert_eq!(out["nodes"], built_in["nodes"]);
    let _ = std::fs::remove_dir_all(&dir);
}
