//! Every front end gets its moves from the game's player: the same position
//! and the same limit give the same move through `ply best` and through the
//! game's protocol (`ply uci`, `ply hub`, `ply nboard`, which `ply match`
//! drives). The Python package is checked against `ply best` by its own
//! suite (`python/tests/test_players_agree.py`, with `PLY_BIN`).

mod common;

use common::{Session, json};
use std::process::Command;

/// `ply best`'s move for `game` at `fen` to `depth` plies with a `hash` MiB
/// table.
fn best(game: &str, fen: &str, depth: u32, hash: u32) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["best", game, "--fen", fen, "--json"])
        .args(["--depth", &depth.to_string(), "--hash", &hash.to_string()])
        // The same databases (none) for every front end.
        .env("PLY_EGDB_DIR", "/nonexistent/ply-players-agree")
        .output()
        .expect("ply runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(&out)["move"].as_str().expect("a move").to_owned()
}

#[test]
fn uci_and_best_play_the_same_chess_move() {
    let fens = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        let expected = best("chess", fen, 9, 16);
        let mut uci = Session::start("uci");
        uci.send("setoption name Hash value 16");
        uci.send(&format!("position fen {fen}"));
        uci.send("go depth 9");
        let lines = uci.until("bestmove");
        let answer = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert_eq!(answer, expected, "{fen}");
        uci.quit();
    }
}

#[test]
fn hub_and_best_play_the_same_checkers_move() {
    // (PDN FEN, the same position in Hub's standard frame.)
    let positions = [
        (
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        ),
        (
            "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13",
            "Wbbbbbebbbbbbbeeeeweewewwwwwwwwww",
        ),
    ];
    for (fen, hub_position) in positions {
        let expected = best("checkers", fen, 12, 16);
        let mut hub = Session::start("hub");
        hub.send("set-param name=frame value=standard");
        hub.send("set-param name=hash value=16");
        hub.send(&format!("pos pos={hub_position}"));
        hub.send("level depth=12");
        hub.send("go think");
        let lines = hub.until("done");
        let done = lines.last().unwrap();
        let answer = done
            .split_whitespace()
            .nth(1)
            .unwrap()
            .trim_start_matches("move=");
        assert_eq!(answer, expected, "{fen}: {done}");
        hub.quit();
    }
}

#[test]
fn nboard_and_best_play_the_same_othello_move() {
    let positions = [
        // The start, and a position the player solves at this depth (18
        // empties at depth 10).
        "---------------------------OX------XO--------------------------- X",
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
    ];
    for position in positions {
        let expected = best("othello", position, 10, 64);
        let (board, side) = position.split_at(64);
        let ggf = format!(
            "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TI[0]TY[8]BO[8 {} {}];)",
            board.replace('X', "*"),
            if side.trim() == "X" { '*' } else { 'O' }
        );
        let mut nboard = Session::start("nboard");
        nboard.send("nboard 2");
        nboard.send("set depth 10");
        nboard.send(&format!("set game {ggf}"));
        nboard.send("go");
        let lines = nboard.until("===");
        let answer = lines.last().unwrap()[4..].split('/').next().unwrap();
        assert_eq!(answer.to_ascii_lowercase(), expected, "{position}");
        nboard.quit();
    }
}
