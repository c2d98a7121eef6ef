//! `ply perft checkers` through the real binary: counts, divide, JSON, and bad
//! positions refused with one error line and exit code 2.

use std::process::{Command, Output};

mod common;
use common::{stderr, stdout};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn counts_from_the_start_position() {
    let out = ply(&["perft", "checkers", "8", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["game"], "checkers");
    assert_eq!(lines[0]["depth"], 8);
    assert_eq!(lines[0]["nodes"], 845_931);
    let human = ply(&["perft", "checkers", "5"]);
    assert!(
        stdout(&human).starts_with("nodes 7361  time "),
        "{}",
        stdout(&human)
    );
}

#[test]
fn threads_hash_and_generator_agree() {
    for extra in [
        &["--threads", "2"][..],
        &["--hash", "8"],
        &["--gen", "shifts"],
        &["--threads", "2", "--hash", "4"],
    ] {
        let mut args = vec!["perft", "checkers", "9", "--json"];
        args.extend_from_slice(extra);
        let out = ply(&args);
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
        assert_eq!(json_lines(&out)[0]["nodes"], 3_963_680, "{extra:?}");
    }
}

#[test]
fn divide_lists_every_path_of_the_ring_capture() {
    // The example: a king takes four men round a ring and comes back,
    // one way or the other; then Black has nothing left.
    let out = ply(&[
        "perft",
        "checkers",
        "6",
        "--fen",
        "W:WK10:B14,15,22,23",
        "--divide",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines.pop().unwrap().starts_with("nodes 0 "), "{text}");
    assert_eq!(lines.pop(), Some(""));
    lines.sort_unstable();
    assert_eq!(lines, ["10x17x26x19x10: 0", "10x19x26x17x10: 0"]);

    let out = ply(&[
        "perft",
        "checkers",
        "2",
        "--fen",
        "B:WK10:B14,15,22,23",
        "--divide",
        "--json",
    ]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 9, "8 root moves and the total");
    let sum: u64 = lines[..8]
        .iter()
        .map(|l| l["nodes"].as_u64().unwrap())
        .sum();
    assert_eq!(lines[8]["nodes"], 12);
    assert_eq!(sum, 12);
    assert!(
        lines[..8]
            .iter()
            .all(|l| l["move"].as_str().unwrap().contains('-'))
    );
}

#[test]
fn pdn_fen_variants_are_accepted() {
    for fen in [
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "B:B1-12:W21-32",
        "[FEN \"B:W21-32:B1-12.\"]",
    ] {
        let out = ply(&["perft", "checkers", "4", "--fen", fen, "--json"]);
        assert!(out.status.success(), "{fen}: {}", stderr(&out));
        assert_eq!(json_lines(&out)[0]["nodes"], 1469, "{fen}");
    }
}

/// Bad input: exit code 2, exactly one line on stderr, nothing on stdout, no panic.
#[test]
fn bad_positions_get_one_error_line_and_exit_code_2() {
    let cases = [
        ("B:W21,22:B22", "two pieces on square 22"),
        ("B:W21:B30", "black man on square 30, its crowning row"),
        ("B:W2:B9", "white man on square 2, its crowning row"),
        ("B:W1-13:B20", "13 white pieces"),
        ("B:W21-32:B1-13", "13 black pieces"),
        ("B:W21:B33", "'33' is not a square"),
        ("B:W0:B5", "'0' is not a square"),
        ("R:W21:B1", "'R' is not a side to move"),
        ("B:W21:Q1", "'Q' is not a colour"),
        ("", "side to move is missing"),
        ("B", "no lists of squares"),
        ("B:W21,,22:B1", "is not a square or a range"),
        ("[FEN \"B:W21:B1\"", "no closing ]"),
        ("\u{1F600}:W1:B2", "is not a side to move"),
    ];
    for (fen, expected) in cases {
        let out = ply(&["perft", "checkers", "3", "--fen", fen]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{fen}: {err}");
        assert_eq!(err.lines().count(), 1, "{fen}: {err}");
        assert!(err.starts_with("error: bad position: "), "{fen}: {err}");
        assert!(err.contains(expected), "{fen}: {err}");
        assert!(!err.contains("panicked"), "{fen}: {err}");
        assert!(stdout(&out).is_empty(), "{fen}");
    }
    let out = ply(&["perft", "checkers", "3", "--gen", "lines"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "error: unknown move generator 'lines' for checkers: expected shifts"
    );
}
