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
