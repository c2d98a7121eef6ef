//! `ply board` through the real binary: the text board as `ply play` draws
//! it, SVG documents, JSON, flipping, numbers, themes and bad input.

use std::process::{Command, Output};

mod common;
use common::{json, stderr, stdout};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

#[test]
fn text_is_the_terminal_board_with_the_side_to_move() {
    let out = ply(&["board", "chess"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "   a  b  c  d  e  f  g  h");
    assert_eq!(lines[1], "8  r  n  b  q  k  b  n  r  8");
    assert_eq!(lines[8], "1  R  N  B  Q  K  B  N  R  1");
    assert_eq!(lines[10], "White to move");

    let out = ply(&["board", "checkers", "--flip", "--numbers"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "   h  g  f  e  d  c  b  a");
    assert_eq!(lines[4], "4 20  . 19  . 18  . 17  .  4");
    assert_eq!(lines[10], "Black to move");

    let mate = "7k/5QQ1/8/8/8/8/8/K7 b - - 0 1";
    let text = stdout(&ply(&["board", "chess", "--fen", mate]));
    assert!(text.ends_with("White wins by checkmate\n"), "{text}");
}

#[test]
fn svg_has_every_square_and_follows_the_options() {
    let out = ply(&["board", "othello", "--svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = stdout(&out);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.trim_end().ends_with("</svg>"));
    for square in ["a1", "d3", "h8"] {
        assert!(
            svg.contains(&format!("data-square=\"{square}\"")),
            "{square}"
        );
    }
    assert_eq!(svg.matches("class=\"mark\"").count(), 4);
    assert!(svg.contains("ply-light") && svg.contains("data-flipped=\"false\""));

    let svg = stdout(&ply(&[
        "board",
        "checkers",
        "--svg",
        "--flip",
        "--numbers",
        "--theme",
        "dark",
    ]));
    assert!(svg.contains("ply-dark") && svg.contains("data-flipped=\"true\""));
    assert_eq!(svg.matches("class=\"number\"").count(), 32);
    assert_eq!(svg.matches("class=\"piece ").count(), 24);
}

#[test]
fn json_gives_game_position_and_svg() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let out = ply(&["board", "chess", "--fen", fen, "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let value = json(&out);
    assert_eq!(value["game"], "chess");
    assert_eq!(value["position"], fen);
    let svg = value["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("data-square=\"e4\""));
    assert_eq!(svg.matches("class=\"piece ").count(), 32);

    let value = json(&ply(&["--json", "board", "reversi"]));
    assert_eq!(value["game"], "othello");
    assert_eq!(
        value["position"],
        "---------------------------OX------XO--------------------------- X"
    );
}

#[test]
fn moves_are_played_and_the_last_one_highlighted() {
    let out = ply(&["board", "chess", "--moves", "e4 e5 Nf3", "--ascii"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[6], "3  .  .  .  .  . [N] .  .  3");
    assert_eq!(lines[8], "1  R  N  B  Q  K  B [.] R  1");
    assert_eq!(lines[10], "Black to move");

    let value = json(&ply(&[
        "board",
        "checkers",
        "--moves",
        "11-15 23-19",
        "--json",
    ]));
    assert_eq!(
        value["position"],
        "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    );
    let svg = value["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"square dark last\"").count(), 2);

    let svg = stdout(&ply(&["board", "othello", "--moves", "f5", "--svg"]));
    assert!(
        svg.contains("class=\"last-disc\" data-square=\"f5\""),
        "{svg}"
    );
}

#[test]
fn bad_input_gets_one_line_and_exit_code_2() {
    for args in [
        &["board", "chess", "--fen", "nonsense"][..],
        &["board", "checkers", "--fen", "B:W33:B1"],
        &["board", "othello", "--fen", "XO X"],
        &["board", "go"],
        &["board", "chess", "--theme", "blue"],
        &["board", "chess", "--moves", "e4 e4"],
        &["board", "othello", "--moves", "a1"],
    ] {
        let out = ply(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn checkers_and_othello_boards_mark_the_last_move_and_the_legal_moves() {
    let text = |args: &[&str]| {
        let out = ply(args);
        assert!(out.status.success(), "{}", stderr(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let checkers = text(&["board", "checkers", "--ascii"]);
    let lines: Vec<&str> = checkers.lines().collect();
    assert_eq!(lines[1], "8  .  b  .  b  .  b  .  b  8");
    assert_eq!(lines[8], "1  w  .  w  .  w  .  w  .  1");
    let moved = text(&["board", "checkers", "--ascii", "--moves", "11-15"]);
    assert!(moved.contains("[.]") && moved.contains("[b]"), "{moved}");

    let othello = text(&["board", "othello", "--ascii"]);
    let lines: Vec<&str> = othello.lines().collect();
    assert_eq!(lines[0], "   a  b  c  d  e  f  g  h");
    assert_eq!(lines[3], "3  .  .  .  *  .  .  .  .  3");
    assert_eq!(lines[4], "4  .  .  *  O  X  .  .  .  4");
    let moved = text(&["board", "othello", "--ascii", "--moves", "d3"]);
    assert!(moved.contains("[X]"), "{moved}");
}
