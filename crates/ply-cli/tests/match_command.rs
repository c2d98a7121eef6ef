//! `ply match` through the binary: whole matches of ply against ply in each
//! game, against Stockfish (UCI) and Fairy-Max (xboard) when they are
//! installed, a deliberately broken engine scored and recovered from, the
//! records read back by ply, SPRT stopping, Ctrl-C, and bad options.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const PLY: &str = env!("CARGO_BIN_EXE_ply");

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ply_match(args: &[&str]) -> Output {
    Command::new(PLY)
        .arg("match")
        .args(args)
        .output()
        .expect("ply runs")
}

/// The JSON lines of a run: the games, then the summary.
fn json_lines(output: &Output) -> (Vec<Value>, Value) {
    let text = String::from_utf8_lossy(&output.stdout);
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let summary = lines.pop().expect("a summary line");
    assert_eq!(summary["summary"], true, "{summary}");
    (lines, summary)
}

fn engine(protocol: &str, name: &str) -> String {
    format!("cmd={PLY} arg={protocol} name={name}")
}

fn run_self_match(
    game: &str,
    protocol: &str,
    record: &Path,
    extra: &[&str],
) -> (Vec<Value>, Value) {
    let a = engine(protocol, "alpha");
    let b = engine(protocol, "beta");
    let mut args: Vec<String> = vec![game.into(), "-engine".into()];
    args.extend(a.split(' ').map(String::from));
    args.push("-engine".into());
    args.extend(b.split(' ').map(String::from));
    args.extend(
        [
            "-each", "depth=2", "-rounds", "2", "-games", "2", "-repeat", "--json", "-pgnout",
        ]
        .map(String::from),
    );
    args.push(record.display().to_string());
    args.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = ply_match(&refs);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    json_lines(&output)
}

#[test]
fn chess_checkers_and_othello_matches_of_ply_against_ply() {
    let dir = scratch("self");
    for (game, protocol, file) in [
        ("chess", "uci", "games.pgn"),
        ("checkers", "hub", "games.pdn"),
        ("othello", "nboard", "games.ggf"),
    ] {
        let record = dir.join(file);
        let (games, summary) = run_self_match(game, protocol, &record, &[]);
        assert_eq!(games.len(), 4, "{game}");
        assert_eq!(summary["games"], 4);
        let wdl = ["wins", "draws", "losses"].map(|k| summary[k].as_u64().unwrap());
        assert_eq!(wdl.iter().sum::<u64>(), 4);
        for g in &games {
            assert_eq!(g["termination"], "normal", "{game}: {g}");
        }
        // Each opening is played with both colours.
        assert_eq!(games[0]["opening"], games[1]["opening"]);
        assert_eq!(games[0]["first"], games[1]["second"]);
        assert_eq!(
            summary["pentanomial"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .sum::<u64>(),
            2
        );
        // ply reads the records back: as openings of another match, all of them.
        let again = dir.join(format!("again-{file}"));
        let (replayed, _) = run_self_match(
            game,
            protocol,
            &again,
            &[
                "-openings",
                &format!("file={}", record.display()),
                "plies=6",
            ],
        );
        assert_eq!(replayed.len(), 4);
        let text = std::fs::read_to_string(&record).unwrap();
        // Every engine move carries its time; at a fixed depth there is no clock.
        assert_eq!(summary["clock"], Value::Null, "{summary}");
        match game {
            "othello" => {
                assert_eq!(text.matches("(;GM[Othello]").count(), 4);
                assert!(text.contains("//0."), "{text}");
            }
            _ => {
                assert_eq!(text.matches("[White \"").count(), 4);
                assert!(text.contains("[Termination \"normal\"]"));
                assert!(text.contains("[Event \"ply match\"]"));
                assert!(text.contains("{[%emt 0:00:0"), "{text}");
                assert!(!text.contains("[%clk"), "{text}");
            }
        }
    }
}

#[test]
fn on_a_clock_the_records_and_summary_say_the_time_left() {
    let dir = scratch("clock");
    let record = dir.join("games.pdn");
    let (games, summary) = run_self_match(
        "checkers",
        "hub",
        &record,
        &["-each", "tc=2+0.02", "-rounds", "1"],
    );
    assert_eq!(games.len(), 2);
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[TimeControl \"2+0.02\"]"), "{text}");
    let clocks: Vec<&str> = text.matches("[%clk 0:00:0").collect();
    assert!(clocks.len() >= 20, "{text}");
    // A clock after move 20 in each game that got that far, never more than
    // the base time plus the increments.
    for name in ["alpha", "beta"] {
        let after_20 = &summary["clock"][name]["after_move_20"];
        assert!(after_20["games"].as_u64().unwrap() >= 1, "{summary}");
        let median = after_20["median"].as_f64().unwrap();
        assert!(median > 0.0 && median < 2.4, "{summary}");
        let least = summary["clock"][name]["least"].as_f64().unwrap();
        assert!(least > 0.0 && least <= median, "{summary}");
    }
}

#[test]
fn a_gauntlet_of_three_engines_gets_a_cross_table() {
    let mut args = vec!["othello".to_owned()];
    for name in ["first", "second", "third"] {
        args.extend([
            "-engine".to_owned(),
            format!("cmd={PLY}"),
            "arg=nboard".to_owned(),
            format!("name={name}"),
        ]);
    }
    args.extend(
        [
            "-each",
            "depth=1",
            "-games",
            "2",
            "-tournament",
            "gauntlet",
            "-concurrency",
            "2",
        ]
        .map(String::from),
    );
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = ply_match(&refs);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.matches("Finished game").count(), 4, "{text}");
    assert!(text.contains("(cells: wins-draws-losses"), "{text}");
    // The first engine played all four games, the others two each.
    let games = |name: &str| {
        let row = text
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap();
        row.split_whitespace().nth(3).unwrap().to_owned()
    };
    assert_eq!(
        (games("first"), games("second"), games("third")),
        ("4".into(), "2".into(), "2".into()),
        "{text}"
    );
}

/// A shell script that speaks `protocol` badly, as told by `mode`.
fn broken_engine(dir: &Path, mode: &str) -> PathBuf {
    let script = match mode {
        // Handshake, then exit at the first `go`.
        "crash" => {
            "while read line; do case \"$line\" in uci) echo 'id name crash'; echo uciok;; isready) echo readyok;; go*) exit 3;; quit) exit 0;; esac; done"
        }
        // Plays a move that is never legal.
        "illegal" => {
            "while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; go*) echo 'bestmove e2e5';; quit) exit 0;; esac; done"
        }
        // Never answers `go`.
        "silent" => {
            "while read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done"
        }
        // Never finishes the handshake.
        "mute" => "while read line; do :; done",
        _ => unreachable!(),
    };
    let path = dir.join(format!("{mode}.sh"));
    std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).unwrap();
    Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    path
}

#[test]
fn a_broken_engine_is_scored_and_restarted() {
    let dir = scratch("broken");
    for (mode, termination, reason) in [
        ("crash", "abandoned", "exited"),
        ("illegal", "rules infraction", "illegal move e2e5"),
        ("silent", "time forfeit", "on time"),
        ("mute", "abandoned", "did not answer"),
    ] {
        let script = broken_engine(&dir, mode);
        let record = dir.join(format!("{mode}.pgn"));
        let started = Instant::now();
        let output = ply_match(&[
            "chess",
            "-engine",
            &format!("cmd={PLY}"),
            "arg=uci",
            "name=ply",
            "depth=1",
            "-engine",
            &format!("cmd={}", script.display()),
            &format!("name={mode}"),
            "st=0.2",
            "timemargin=50",
            "timeout=1",
            "-rounds",
            "2",
            "-games",
            "2",
            "-repeat",
            "--json",
            "-pgnout",
            &record.display().to_string(),
        ]);
        assert!(
            output.status.success(),
            "{mode}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(started.elapsed() < Duration::from_secs(60), "{mode}");
        let (games, summary) = json_lines(&output);
        assert_eq!(games.len(), 4, "{mode}: the match goes on after each fault");
        assert_eq!(summary["wins"], 4, "{mode}: {summary}");
        for game in &games {
            assert_eq!(game["termination"], termination, "{mode}: {game}");
            assert!(
                game["reason"].as_str().unwrap().contains(reason),
                "{mode}: {game}"
            );
            assert_eq!(game["winner"], "ply");
        }
        let text = std::fs::read_to_string(&record).unwrap();
        assert_eq!(
            text.matches(&format!("[Termination \"{termination}\"]"))
                .count(),
            4
        );
    }
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    // Depth 4 against depth 1: deterministic games, decided well before 400.
    let args = |extra: &[&str]| -> Output {
        let mut args = vec![
            "chess".to_owned(),
            "-engine".to_owned(),
            format!("cmd={PLY}"),
            "arg=uci".to_owned(),
            "name=deep".to_owned(),
            "depth=4".to_owned(),
            "-engine".to_owned(),
            format!("cmd={PLY}"),
            "arg=uci".to_owned(),
            "name=shallow".to_owned(),
            "depth=1".to_owned(),
            "-maxmoves".to_owned(),
            "80".to_owned(),
        ];
        args.extend(extra.iter().map(|s| s.to_string()));
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        ply_match(&refs)
    };
    let output = args(&[
        "-rounds",
        "200",
        "-games",
        "2",
        "-repeat",
        "-sprt",
        "elo0=0",
        "elo1=50",
        "alpha=0.1",
        "beta=0.1",
        "--json",
    ]);
    assert!(output.status.success());
    let (games, summary) = json_lines(&output);
    assert!(games.len() < 400, "stopped early");
    assert_eq!(summary["sprt"]["decision"], "H1", "{summary}");
    assert_eq!(summary["interrupted"], false);
    let llr = summary["sprt"]["llr"].as_f64().unwrap();
    assert!(llr >= summary["sprt"]["upper"].as_f64().unwrap());
    // Text output: cutechess's lines.
    let output = args(&["-rounds", "2", "-sprt", "elo0=0", "elo1=10"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("Score of deep vs shallow: "), "{text}");
    assert!(text.contains("Elo difference: "), "{text}");
    assert!(text.contains("SPRT: llr "), "{text}");
}

#[test]
fn ctrl_c_stops_cleanly_and_keeps_the_records() {
    let dir = scratch("ctrl-c");
    let record = dir.join("games.pgn");
    let child = Command::new(PLY)
        .args(["match", "chess", "-engine"])
        .args([format!("cmd={PLY}"), "arg=uci".into(), "name=a".into()])
        .arg("-engine")
        .args([format!("cmd={PLY}"), "arg=uci".into(), "name=b".into()])
        .args([
            "-each",
            "st=0.05",
            "-rounds",
            "100",
            "-maxmoves",
            "4",
            "-pgnout",
        ])
        .arg(&record)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a few games to be written.
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::read_to_string(&record).map_or(0, |t| t.matches("[Event").count()) < 2 {
        assert!(Instant::now() < deadline, "no games written");
        std::thread::sleep(Duration::from_millis(50));
    }
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("Interrupted after"), "{text}");
    let games = std::fs::read_to_string(&record).unwrap();
    let written = games.matches("[Event").count();
    assert!((2..100).contains(&written), "{written}");
    assert!(
        text.contains(&format!("Interrupted after {written} of 100 games")),
        "{text}"
    );
}

#[test]
fn bad_options_get_one_line_errors() {
    for (args, expected) in [
        (vec!["chess"], "at least two -engine"),
        (
            vec!["chess", "-engine", "cmd=x", "-engine", "cmd=y"],
            "no time control",
        ),
        (
            vec![
                "chess",
                "-engine",
                "cmd=/no/such/engine",
                "-engine",
                "cmd=y",
                "-each",
                "st=1",
            ],
            "cannot find the engine program",
        ),
        (vec!["chess", "-bogus"], "unknown option '-bogus'"),
        (vec!["go", "-engine", "cmd=x"], "no engine for 'go'"),
        (
            vec![
                "checkers",
                "-engine",
                "cmd=x",
                "proto=uci",
                "-engine",
                "cmd=y",
                "-each",
                "st=1",
            ],
            "not spoken",
        ),
        (
            vec![
                "othello", "-engine", "cmd=sh", "-engine", "cmd=sh", "-each", "st=1",
            ],
            "NBoard has neither",
        ),
        (
            vec![
                "chess",
                "-engine",
                "cmd=sh",
                "-engine",
                "cmd=sh",
                "-each",
                "st=1",
                "-openings",
                "file=/no/file.epd",
            ],
            "cannot read openings",
        ),
    ] {
        let output = ply_match(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let help = ply_match(&["chess", "-help"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("-engine KEY=VALUE"));
}

/// An installed program: on `PATH` or in /usr/games (Debian's engines).
fn installed(name: &str) -> Option<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
        .map(|p| p.display().to_string())
}

#[test]
fn ply_against_stockfish_and_fairymax() {
    let dir = scratch("external");
    let opponents = [
        (
            "stockfish",
            "uci",
            vec!["option.Threads=1", "option.Hash=16"],
        ),
        ("fairymax", "xboard", vec![]),
    ];
    for (program, protocol, options) in opponents {
        let Some(path) = installed(program) else {
            eprintln!(
                "SKIPPED: {program} is not installed (apt-get install {program}); ply match against it not tested"
            );
            continue;
        };
        let record = dir.join(format!("{program}.pgn"));
        let mut args = vec![
            "chess".to_owned(),
            "-engine".to_owned(),
            format!("cmd={PLY}"),
            "arg=uci".to_owned(),
            "name=ply".to_owned(),
            "-engine".to_owned(),
            format!("cmd={path}"),
            format!("proto={protocol}"),
            format!("name={program}"),
        ];
        args.extend(options.iter().map(|s| s.to_string()));
        args.extend(
            [
                "-each",
                "tc=3+0.05",
                "timemargin=1500",
                "-rounds",
                "1",
                "-games",
                "2",
                "-repeat",
                "-maxmoves",
                "50",
                "--json",
                "-pgnout",
            ]
            .map(String::from),
        );
        args.push(record.display().to_string());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = ply_match(&refs);
        assert!(
            output.status.success(),
            "{program}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let (games, _) = json_lines(&output);
        assert_eq!(games.len(), 2);
        for game in &games {
            let termination = game["termination"].as_str().unwrap();
            assert!(
                termination == "normal" || termination == "adjudication",
                "{program}: {game}"
            );
        }
    }
}
