//! `ply perft` through the real binary: output formats, options and bad input.

use std::process::{Command, Output};

mod common;
use common::{stderr, stdout};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

/// The value of `"key":<number>` in a JSON line (the lines are flat objects).
fn number(line: &str, key: &str) -> f64 {
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {line}"))
}

const AFTER_F5: &str = "---------------------------OX------XXX-------------------------- O";

#[test]
fn human_output_gives_nodes_time_and_speed() {
    let out = ply(&["perft", "othello", "6"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("nodes 8200  time "), "{text}");
    assert!(text.trim_end().ends_with("Mnps"), "{text}");
}

#[test]
fn json_output_is_one_object_per_line() {
    let out = ply(&["perft", "othello", "7", "--json"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    let value: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(value["game"], "othello");
    assert_eq!(value["depth"], 7);
    assert_eq!(value["nodes"], 55092);
    assert!(value["seconds"].as_f64().unwrap() >= 0.0);
    assert!(value["nps"].as_u64().is_some());
}

#[test]
fn divide_lists_root_moves_before_the_total() {
    let out = ply(&[
        "perft", "othello", "8", "--divide", "--json", "--fen", AFTER_F5,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let moves: Vec<String> = lines[..3]
        .iter()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["move"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(moves, ["f4", "d6", "f6"], "square order, a1 first");
    let sum: f64 = lines[..3].iter().map(|l| number(l, "nodes")).sum();
    assert_eq!(sum, number(lines[3], "nodes"));
    // By symmetry the depth-9 count from the start is four times this one.
    let start = ply(&["perft", "othello", "9", "--json"]);
    assert_eq!(4.0 * sum, number(stdout(&start).trim(), "nodes"));

    let human = ply(&["perft", "othello", "2", "--divide", "--fen", AFTER_F5]);
    assert_eq!(
        stdout(&human).lines().take(3).collect::<Vec<_>>(),
        ["f4: 5", "d6: 5", "f6: 4"]
    );
}

#[test]
fn generators_threads_and_hash_agree() {
    let mut counts = Vec::new();
    for extra in [
        &["--gen", "bitboard"][..],
        &["--gen", "lines"],
        &["--threads", "2"],
        &["--hash", "8"],
        &["--threads", "2", "--hash", "4", "--gen", "lines"],
    ] {
        let mut args = vec!["perft", "othello", "9", "--json"];
        args.extend_from_slice(extra);
        let out = ply(&args);
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        counts.push(number(stdout(&out).trim(), "nodes"));
    }
    assert!(counts.iter().all(|&c| c == 3_005_288.0), "{counts:?}");
}

#[test]
fn finished_games_and_depth_zero() {
    let over = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO X";
    let out = ply(&["perft", "othello", "3", "--fen", over, "--json"]);
    assert_eq!(number(stdout(&out).trim(), "nodes"), 0.0);
    let out = ply(&["perft", "othello", "0", "--json"]);
    assert_eq!(number(stdout(&out).trim(), "nodes"), 1.0);
}

/// Bad input: exit code 2, exactly one line on stderr, nothing on stdout, no panic.
#[test]
fn bad_input_gets_one_error_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "chessboard", "3"], "unknown game 'chessboard'"),
        (
            &["perft", "othello", "3", "--gen", "fast"],
            "unknown move generator 'fast'",
        ),
        (&["perft", "othello"], "<DEPTH>"),
        (&["perft", "othello", "three"], "invalid value 'three'"),
        (&["perft", "othello", "-1"], "error"),
        (
            &["perft", "othello", "3", "--threads", "0"],
            "not in 1..=1024",
        ),
        (
            &["perft", "othello", "3", "--threads", "100000"],
            "not in 1..=1024",
        ),
        (
            &["perft", "othello", "3", "--hash", "100000000"],
            "cannot allocate",
        ),
        (&["perft", "othello", "3", "--fen", "XO"], "bad position"),
        (
            &[
                "perft",
                "othello",
                "3",
                "--fen",
                &AFTER_F5.replace(" O", " B"),
            ],
            "'B' is not a side",
        ),
        (
            &[
                "perft",
                "othello",
                "3",
                "--fen",
                &AFTER_F5.replacen('-', "?", 1),
            ],
            "'?' on a1",
        ),
        (
            &[
                "perft",
                "othello",
                "3",
                "--fen",
                &AFTER_F5.replacen("OX", "--", 1),
            ],
            "centre square",
        ),
        (&["perft", "othello", "3", "--fen", ""], "bad position"),
        (&["perft", "othello", "3", "--bogus"], "unexpected argument"),
        (&["frobnicate"], "unrecognized subcommand"),
    ];
    for (args, expected) in cases {
        let out = ply(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn help_and_version_succeed() {
    let out = ply(&["--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("perft"));
    let out = ply(&["perft", "--help"]);
    assert!(stdout(&out).contains("--divide"));
    assert!(ply(&["--version"]).status.success());
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn chess_perft_counts_and_divides_in_uci() {
    let out = ply(&["perft", "chess", "4", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(number(stdout(&out).trim(), "nodes"), 197_281.0);
    let out = ply(&[
        "perft",
        "chess",
        "3",
        "--divide",
        "--fen",
        KIWIPETE,
        "--threads",
        "2",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("e1g1: 2059\n") && text.contains("e1c1: 1887\n"),
        "{text}"
    );
    assert!(text.contains("nodes 97862 "), "{text}");
    let out = ply(&[
        "perft", "chess", "4", "--fen", KIWIPETE, "--hash", "4", "--json",
    ]);
    assert_eq!(number(stdout(&out).trim(), "nodes"), 4_085_603.0);
}

#[test]
fn the_seed_generators_divide_like_the_bitboard_one() {
    let divide = |generator: &str| {
        let out = ply(&[
            "perft", "chess", "3", "--divide", "--json", "--fen", KIWIPETE, "--gen", generator,
        ]);
        assert!(out.status.success(), "{generator}: {}", stderr(&out));
        let text = stdout(&out);
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| l.contains("\"move\""))
            .map(str::to_owned)
            .collect();
        lines.sort();
        let total = number(text.lines().last().unwrap(), "nodes");
        (lines, total)
    };
    let (bitboard, total) = divide("bitboard");
    assert_eq!(total, 97_862.0);
    assert_eq!(bitboard.len(), 48);
    for generator in ["gnu", "attackmap"] {
        assert_eq!(divide(generator), (bitboard.clone(), total), "{generator}");
    }
    let out = ply(&["perft", "chess", "4", "--gen", "gnu", "--json"]);
    assert_eq!(number(stdout(&out).trim(), "nodes"), 197_281.0);
}

#[test]
fn bad_chess_input_gets_one_error_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "perft",
                "chess",
                "3",
                "--fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            ],
            "bad piece placement",
        ),
        (
            &[
                "perft",
                "chess",
                "3",
                "--fen",
                "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
            ],
            "white has 2 kings",
        ),
        (
            &[
                "perft",
                "chess",
                "3",
                "--fen",
                "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            ],
            "not to move is in check",
        ),
        (
            &[
                "perft",
                "chess",
                "3",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            ],
            "castling right 'K'",
        ),
        (
            &[
                "perft",
                "chess",
                "3",
                "--fen",
                "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            ],
            "does not follow a double pawn push",
        ),
        (
            &["perft", "chess", "3", "--gen", "lines"],
            "unknown move generator 'lines' for chess: expected bitboard, gnu, attackmap",
        ),
        (
            &[
                "perft",
                "chess",
                "1",
                "--gen",
                "attackmap",
                "--fen",
                "QQQ5/8/8/8/8/8/PPPPPPPP/k3K3 w - - 0 1",
            ],
            "bad position: white has too many pieces (at most 16, at most 8 pawns, and no more promoted pieces than missing pawns)",
        ),
        (
            &[
                "perft",
                "chess",
                "2",
                "--gen",
                "gnu",
                "--fen",
                "8/8/8/8 w - - 0 1",
            ],
            "bad position",
        ),
    ];
    for (args, expected) in cases {
        let out = ply(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
