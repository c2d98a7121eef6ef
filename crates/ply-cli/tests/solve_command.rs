//! `ply solve othello` through the real binary: scores, JSON fields, passes,
//! finished games and bad input.

use std::process::{Command, Output};

mod common;
use common::{json, stderr, stdout};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

/// FFO #1: 14 empties, black to move wins by 18 with g8.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

#[test]
fn json_gives_score_move_nodes_seconds_and_line() {
    let out = ply(&["solve", "othello", "--fen", FFO_1, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["score"], 18);
    assert_eq!(value["move"], "g8");
    assert!(value["nodes"].as_u64().unwrap() > 100);
    assert!(value["seconds"].as_f64().unwrap() >= 0.0);
    let line = value["pv"].as_array().unwrap();
    assert_eq!(line[0], "g8");
    // The line runs to the end of the game: 14 empties, no passes on the way
    // would make 14 moves; passes add to that, a wipe-out shortens it.
    assert!(line.len() >= 10, "{line:?}");
}

#[test]
fn human_output_names_score_move_line_and_speed() {
    let out = ply(&["solve", "othello", "--fen", FFO_1, "--hash", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("score +18 (the side to move wins by 18)\nbest move g8\nline g8 "),
        "{text}"
    );
    assert!(text.contains("empties 14  nodes "), "{text}");
    assert!(text.trim_end().ends_with("Mnps"), "{text}");
    assert!(stderr(&out).is_empty());
}

#[test]
fn a_forced_pass_is_the_move_pass() {
    // White everywhere but a1 (empty) and b1 (black): black cannot move, white
    // takes a1 and b1 and every disc.
    let position = format!("-X{} X", "O".repeat(62));
    let out = ply(&["solve", "othello", "--fen", &position, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["score"], -64);
    assert_eq!(value["move"], "pass");
    assert_eq!(value["pv"], serde_json::json!(["pass", "a1"]));
}

#[test]
fn a_finished_game_has_its_final_score_and_no_move() {
    let over = format!("{}{} X", "X".repeat(32), "O".repeat(32));
    let out = ply(&["solve", "othello", "--fen", &over, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["score"], 0);
    assert!(value["move"].is_null());
    assert_eq!(value["pv"], serde_json::json!([]));
    let human = ply(&["solve", "othello", "--fen", &over]);
    assert!(
        stdout(&human).contains("best move none (the game is over)"),
        "{}",
        stdout(&human)
    );

    // Black alone on the board with 36 empties: over, black wins 64-0, and a
    // note warns that so many empties can take long.
    let lone = format!("{}---XX------XX{} O", "X".repeat(24), "-".repeat(27));
    let out = ply(&["solve", "othello", "--fen", &lone, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["score"], -64);
    let note = stderr(&out);
    assert_eq!(note.lines().count(), 1, "{note}");
    assert!(note.starts_with("note: 36 empty squares"), "{note}");
}

/// Bad input: exit code 2, exactly one line on stderr, nothing on stdout, no panic.
#[test]
fn bad_input_gets_one_error_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "chess"], "only othello can be solved exactly"),
        (&["solve", "go"], "unknown game 'go'"),
        (&["solve"], "<GAME>"),
        (&["solve", "othello", "--fen", "XO"], "bad position"),
        (
            &["solve", "othello", "--fen", &FFO_1.replace(" X", " Z")],
            "'Z' is not a side",
        ),
        (
            &["solve", "othello", "--fen", &FFO_1.replacen('-', "#", 1)],
            "'#' on a1",
        ),
        (
            &["solve", "othello", "--hash", "lots"],
            "invalid value 'lots'",
        ),
        (
            &["solve", "othello", "--fen", FFO_1, "--hash", "100000000"],
            "cannot allocate",
        ),
        (&["solve", "othello", "--depth", "3"], "unexpected argument"),
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
fn help_mentions_solve() {
    let out = ply(&["--help"]);
    assert!(stdout(&out).contains("solve"));
    let out = ply(&["solve", "--help"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("--hash"));
}
