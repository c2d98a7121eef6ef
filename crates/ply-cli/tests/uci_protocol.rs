//! `ply uci` driven line by line through a pipe.

mod common;

use common::Session;
use std::time::{Duration, Instant};

#[test]
fn handshake_and_options() {
    let mut s = Session::start("uci");
    s.send("uci");
    let lines = s.until("uciok");
    assert!(lines[0].starts_with("id name ply"));
    for option in [
        "Hash",
        "Threads",
        "Level",
        "MultiPV",
        "Ponder",
        "Move Overhead",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}"
        );
    }
    s.send("setoption name Hash value 8");
    s.send("setoption name Move Overhead value 30");
    s.send("setoption name Bogus value 1");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("info string error: bad option 'Bogus'")),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn bad_lines_are_answered_not_fatal() {
    let mut s = Session::start("uci");
    for line in [
        "xyzzy",
        "position fen not a fen",
        "position startpos moves e2e4 e2e4",
        "setoption",
    ] {
        s.send(line);
    }
    s.send("isready");
    let lines = s.until("readyok");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count(),
        4,
        "{lines:?}"
    );
    s.send("go depth 1 nonsense");
    let lines = s.until("bestmove");
    assert!(
        lines[0].contains("unknown go parameter 'nonsense'"),
        "{lines:?}"
    );
    // The position is startpos + e2e4 (the second e2e4 was refused).
    s.send("go depth 3");
    let lines = s.until("bestmove");
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_owned();
    assert!(best.starts_with(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']));
    assert!(
        best.ends_with(['5', '6']) || best.ends_with('7'),
        "black moves: {best}"
    );
    s.quit();
}

#[test]
fn infinite_search_waits_for_stop_and_answers_isready_meanwhile() {
    let mut s = Session::start("uci");
    s.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "no move before stop: {lines:?}"
    );
    let started = Instant::now();
    s.send("stop");
    let lines = s.until("bestmove");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(
        lines.last().unwrap().starts_with("bestmove e8"),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn mate_and_no_move_positions() {
    let mut s = Session::start("uci");
    s.send("position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    s.send("go depth 3");
    let lines = s.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove h5f7");
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    s.send("go movetime 100");
    let lines = s.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    s.quit();
}

#[test]
fn clock_moves_come_back_in_time() {
    let mut s = Session::start("uci");
    s.send("position startpos");
    let started = Instant::now();
    s.send("go wtime 1000 btime 1000 winc 10 binc 10");
    s.until("bestmove");
    assert!(
        started.elapsed() < Duration::from_millis(600),
        "{:?}",
        started.elapsed()
    );
    s.quit();
}

#[test]
fn quit_stops_a_long_search_and_stray_bytes_are_answered() {
    let mut s = Session::start("uci");
    s.send_bytes(b"\xff\xfe position startpos");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(lines[0].starts_with("info string"), "{lines:?}");
    s.send("position startpos");
    s.send("go depth 80");
    s.send("isready");
    s.until("readyok");
    let asked = Instant::now();
    s.quit();
    assert!(asked.elapsed() < Duration::from_secs(5));
}

/// The move of a `bestmove` line.
fn best_move(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap()
}

/// The first move of the last `multipv 1` line among `lines`.
fn first_line_move(lines: &[String]) -> String {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.contains(" multipv 1 "))
        .unwrap_or_else(|| panic!("no multipv 1 line in {lines:?}"));
    let pv = line.split(" pv ").nth(1).unwrap();
    pv.split_whitespace().next().unwrap().to_owned()
}

#[test]
fn ponderhit_leaves_nothing_behind_for_the_next_search() {
    let mut s = Session::start("uci");
    // Mate in one: the ponder search ends by itself long before the hit.
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(500));
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "the move waits for ponderhit: {lines:?}"
    );
    s.send("ponderhit");
    s.until("bestmove");
    s.send("position startpos");
    let started = Instant::now();
    s.send("go movetime 1500");
    s.until("bestmove");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(1300), "{took:?}");
    // A ponder search that is stopped answers at once; a stray ponderhit is an error.
    s.send("go ponder wtime 60000 btime 60000");
    s.send("stop");
    s.until("bestmove");
    s.send("ponderhit");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(lines[0].starts_with("info string error"), "{lines:?}");
    s.quit();
}

#[test]
fn a_hit_ponder_search_keeps_the_clock_of_its_go() {
    let mut s = Session::start("uci");
    s.send("position startpos moves e2e4");
    s.send("go ponder wtime 2000 btime 2000");
    std::thread::sleep(Duration::from_millis(300));
    let hit = Instant::now();
    s.send("ponderhit");
    s.until("bestmove");
    let took = hit.elapsed();
    assert!(took < Duration::from_millis(1000), "{took:?}");
    s.quit();
}

#[test]
fn end_of_input_ends_any_search_at_once() {
    for go in [
        "go movetime 20000",
        "go infinite",
        "go depth 90",
        "go ponder",
    ] {
        let mut s = Session::start("uci");
        s.send("position startpos");
        s.send(go);
        s.send("isready");
        s.until("readyok");
        let (lines, took, success) = s.close_input(Duration::from_secs(10));
        assert!(took < Duration::from_millis(500), "{go}: {took:?}");
        assert!(success, "{go}");
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove")),
            "{go}: {lines:?}"
        );
    }
}

#[test]
fn malformed_go_commands_start_no_search() {
    let mut s = Session::start("uci");
    s.send("position startpos");
    for bad in [
        "go depth abc",
        "go nodes 99999999999999999999999",
        "go movetime",
        "go wtime 1000 btime soon",
        "go searchmoves e2e5",
        "go movetme 1000",
        "go wtime1000",
        "go winc 100",
        "go movestogo 5",
    ] {
        s.send(bad);
        s.send("isready");
        let lines = s.until("readyok");
        assert_eq!(lines.len(), 2, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("info string error: go refused"),
            "{bad}: {lines:?}"
        );
    }
    // A clock already below zero: the move comes at once.
    let started = Instant::now();
    s.send("go wtime -100 btime 5000");
    s.until("bestmove");
    assert!(started.elapsed() < Duration::from_millis(500));
    // Only the other side's clock: nothing is left on ours, no endless search.
    s.send("position startpos moves e2e4");
    let started = Instant::now();
    s.send("go wtime 100000");
    s.until("bestmove");
    assert!(started.elapsed() < Duration::from_millis(500));
    s.quit();
}

#[test]
fn bestmove_is_the_first_move_of_the_best_line() {
    let mut s = Session::start("uci");
    s.send("setoption name MultiPV value 3");
    // Three mates in one: the move played is the one shown first.
    s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    s.send("go depth 5");
    let lines = s.until("bestmove");
    assert_eq!(
        best_move(lines.last().unwrap()),
        first_line_move(&lines),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains(" multipv 3 ")));
    // Below level 10 with MultiPV 1: one line per depth, and the move is its first.
    s.send("setoption name MultiPV value 1");
    s.send("setoption name Level value 3");
    for seed in 0..6 {
        s.send(&format!("setoption name Seed value {seed}"));
        s.send("position startpos moves e2e4");
        s.send("go depth 3");
        let lines = s.until("bestmove");
        assert!(
            !lines.iter().any(|l| l.contains(" multipv 2 ")),
            "{lines:?}"
        );
        assert_eq!(best_move(lines.last().unwrap()), first_line_move(&lines));
    }
    // A search cut short in an aspiration re-search, at full strength and at a
    // weak level: the move is the line shown, and no score is nonsense.
    let middlegame = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    for (level, fen, nodes) in [
        (10, middlegame, [60000, 3000]),
        (
            3,
            "2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 1",
            [1000, 1000],
        ),
    ] {
        s.send(&format!("setoption name Level value {level}"));
        s.send("setoption name Seed value 4");
        for n in nodes {
            s.send(&format!("position fen {fen}"));
            s.send(&format!("go nodes {n}"));
            let lines = s.until("bestmove");
            assert!(
                !lines
                    .iter()
                    .any(|l| l.contains("mate 500") || l.contains("mate -500")),
                "{lines:?}"
            );
            assert_eq!(best_move(lines.last().unwrap()), first_line_move(&lines));
        }
    }
    // A search stopped in an unfinished iteration still plays the line shown.
    s.send("setoption name Level value 10");
    for ms in [1, 3, 10, 30] {
        s.send("position startpos");
        s.send(&format!("go movetime {ms}"));
        let lines = s.until("bestmove");
        assert_eq!(best_move(lines.last().unwrap()), first_line_move(&lines));
    }
    s.quit();
}

#[test]
fn strength_overhead_and_out_of_range_options() {
    let mut s = Session::start("uci");
    s.send("uci");
    let lines = s.until("uciok");
    for option in [
        "UCI_LimitStrength",
        "UCI_Elo",
        "Clear Hash",
        "Move Overhead",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} type"))),
            "{option}"
        );
    }
    s.send("setoption name Hash value 0");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines[0].contains("Hash 0 out of range: 1 used"),
        "{lines:?}"
    );
    s.send("setoption name UCI_LimitStrength value true");
    s.send("setoption name UCI_Elo value 100");
    s.send("setoption name Clear Hash");
    s.send("setoption name Move Overhead value 999999");
    s.send("position startpos");
    s.send("go depth 20");
    let lines = s.until("bestmove");
    // The weakest level searches one ply, whatever depth is asked.
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("info depth") || l.starts_with("info depth 1 ")),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn chess960_castling_is_the_king_taking_its_rook() {
    let mut s = Session::start("uci");
    s.send("uci");
    let lines = s.until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UCI_Chess960 type check default false"),
        "{lines:?}"
    );
    // Standard mode: e1g1 out, both forms in.
    let classical = "position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    s.send(classical);
    s.send("go depth 1 searchmoves e1h1");
    assert!(
        s.until("bestmove")
            .last()
            .unwrap()
            .starts_with("bestmove e1g1")
    );
    s.send("setoption name UCI_Chess960 value true");
    s.send(classical);
    s.send("go depth 2 searchmoves e1g1");
    let lines = s.until("bestmove");
    assert!(
        lines.last().unwrap().starts_with("bestmove e1h1"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains(" pv e1h1")), "{lines:?}");
    // A Chess960 position in Shredder-FEN, castling both ways.
    s.send("position fen rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1 moves b1g1 b8g8");
    s.send("d");
    let lines = s.until("info string fen");
    assert_eq!(
        lines.last().unwrap(),
        "info string fen r4rk1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2"
    );
    s.send("position fen rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1");
    s.send("go depth 1 searchmoves b1a1");
    assert!(
        s.until("bestmove")
            .last()
            .unwrap()
            .starts_with("bestmove b1a1")
    );
    s.send("setoption name UCI_Chess960 value false");
    s.send("go depth 1 searchmoves b1a1");
    // Not classical castling: king-takes-rook in standard mode too (b1c1
    // would be the king's step).
    assert!(
        s.until("bestmove")
            .last()
            .unwrap()
            .starts_with("bestmove b1a1")
    );
    s.quit();
}
