//! `ply best` and `ply bench` through the binary.

use std::process::{Command, Output};

fn ply(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .output()
        .expect("ply runs")
}

fn json(output: &Output) -> serde_json::Value {
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert_eq!(text.lines().count(), 1, "{text}");
    serde_json::from_str(text.trim()).unwrap()
}

#[test]
fn best_chess_finds_mate_and_prints_json() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let out = ply(&["best", "chess", "--fen", fen, "--depth", "4", "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["move"], "h5f7");
    assert_eq!(v["mate"], 1);
    assert_eq!(v["depth"], 4);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert_eq!(v["pv"][0], "h5f7");
    assert!(v["score"].as_i64().unwrap() > 20_000);
}

#[test]
fn best_move_is_legal_under_a_time_limit_and_at_every_level() {
    for level in ["1", "5", "10"] {
        let out = ply(&[
            "best",
            "chess",
            "--movetime",
            "100",
            "--level",
            level,
            "--seed",
            "3",
            "--json",
        ]);
        assert!(out.status.success());
        let mv = json(&out)["move"].as_str().unwrap().to_owned();
        let legal = [
            "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
            "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
        ];
        assert!(legal.contains(&mv.as_str()), "level {level}: {mv}");
    }
}

#[test]
fn finished_games_get_an_answer_not_a_move() {
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = ply(&["best", "chess", "--fen", mate, "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    assert!(v["move"].is_null());
    assert!(v["result"].as_str().unwrap().contains("checkmate"));
    assert_eq!(v["mate"], 0, "mated: {v}");
    assert!(v["score"].as_i64().unwrap() < -20_000, "{v}");
    // A full Othello board: the disc count decides, 64 discs to none.
    let full = format!("{} X", "X".repeat(64));
    let v = json(&ply(&["best", "othello", "--fen", &full, "--json"]));
    assert!(v["move"].is_null());
    assert_eq!(v["score"], 6400);
    let bare_kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let out = ply(&["best", "chess", "--fen", bare_kings]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("insufficient material"), "{text}");
}

#[test]
fn the_engine_runs_on_every_chess_board() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    for generator in ["bitboard", "gnu", "attackmap"] {
        let out = ply(&[
            "best", "chess", "--fen", fen, "--depth", "4", "--json", "--gen", generator,
        ]);
        assert!(out.status.success(), "{generator}");
        let v = json(&out);
        assert_eq!(
            (v["move"].as_str(), v["mate"].as_i64()),
            (Some("h5f7"), Some(1))
        );
    }
    for generator in ["gnu", "attackmap"] {
        let v = json(&ply(&[
            "bench", "chess", "--depth", "4", "--json", "--gen", generator,
        ]));
        assert_eq!(v["gen"], generator);
        assert_eq!(v["positions"], 8);
        assert!(v["nodes"].as_u64().unwrap() > 1000);
    }
    let v = json(&ply(&["bench", "chess", "--depth", "4", "--json"]));
    assert!(v.get("gen").is_none(), "{v}");
}

#[test]
fn bad_best_input_is_refused() {
    for (args, expected) in [
        (&["best", "go"][..], "no engine for 'go'"),
        (&["best", "chess", "--level", "11"], "11 is not in 1..=10"),
        (&["best", "chess", "--level", "0"], "0 is not in 1..=10"),
        (&["best", "chess", "--depth", "0"], "0 is not in 1..=100"),
        (&["best", "chess", "--nodes", "0"], "0 is not in 1.."),
        (
            &["best", "chess", "--fen", "8/8/8/8 w - - 0 1"],
            "bad position",
        ),
        (
            &["best", "chess", "--depth", "3", "--movetime", "5"],
            "cannot be used with",
        ),
        (
            &["best", "chess", "--gen", "lines"],
            "unknown move generator 'lines' for chess",
        ),
        (
            &["best", "othello", "--gen", "lines"],
            "expected bitboard (the engine's board)",
        ),
        (&["bench", "--gen", "gnu"], "<GAME>"),
    ] {
        let out = ply(args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn bench_node_counts_are_a_stable_signature() {
    let first = json(&ply(&["bench", "chess", "--depth", "5", "--json"]));
    let second = json(&ply(&["bench", "chess", "--depth", "5", "--json"]));
    assert_eq!(first["nodes"], second["nodes"]);
    assert_eq!(first["positions"], 8);
    assert!(first["nodes"].as_u64().unwrap() > 1000);
}

#[test]
fn best_othello_plays_legal_moves_and_passes() {
    let out = ply(&["best", "othello", "--depth", "6", "--json"]);
    let v = json(&out);
    assert!(
        ["d3", "c4", "f5", "e6"].contains(&v["move"].as_str().unwrap()),
        "{v}"
    );
    // White must pass here (see ply-othello's position tests).
    let pass = "OXXXXXXXXXX-----X-O-----X--XX---X--XX---X----X--X-----X-X------X O";
    let out = ply(&["best", "othello", "--fen", pass, "--depth", "4", "--json"]);
    assert_eq!(json(&out)["move"], "pass");
    // A finished game.
    let over = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO O";
    let v = json(&ply(&["best", "othello", "--fen", over, "--json"]));
    assert!(v["move"].is_null());
    assert!(v["result"].as_str().unwrap().contains("lost"), "{v}");
}

#[test]
fn best_checkers_jumps_when_it_must_and_sees_the_end() {
    // White must take: 22x15 or 22x13... only the jump is legal.
    let out = ply(&[
        "best",
        "checkers",
        "--fen",
        "W:W22:B18",
        "--depth",
        "4",
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["move"], "22x15");
    // A lone black man against a white king in the corner: Black cannot win.
    let out = ply(&[
        "best",
        "checkers",
        "--fen",
        "B:WK10:B14,15,22,23",
        "--depth",
        "6",
        "--json",
    ]);
    assert!(json(&out)["move"].as_str().is_some());
    // No pieces left to move: the game is over.
    let v = json(&ply(&["best", "checkers", "--fen", "W:W:B1", "--json"]));
    assert!(v["move"].is_null(), "{v}");
    assert!(v["result"].as_str().unwrap().contains("lost"), "{v}");
}

#[test]
fn othello_endgames_are_solved_exactly() {
    // FFO #1: Black wins by 18 with g8, and only with g8.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let v = json(&ply(&["best", "othello", "--fen", ffo1, "--json"]));
    assert_eq!(v["move"], "g8");
    assert_eq!(v["score"], 1800);
    assert_eq!(v["exact"], true);
    assert_eq!(v["depth"], 14);
    // Below full strength, or with many empties, the midgame search answers.
    let v = json(&ply(&[
        "best", "othello", "--fen", ffo1, "--level", "3", "--json",
    ]));
    assert!(v.get("exact").is_none(), "{v}");
    let v = json(&ply(&["best", "othello", "--depth", "4", "--json"]));
    assert!(v.get("exact").is_none(), "{v}");
}
