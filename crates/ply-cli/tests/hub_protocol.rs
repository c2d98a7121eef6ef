//! `ply hub` driven line by line through a pipe.

mod common;

use common::Session;
use std::time::{Duration, Instant};

/// Pieces and side as pydraughts sends them: squares 32..1, colours swapped.
const PYDRAUGHTS_START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// A Hub session in the standard frame (side to move, squares 1..32).
fn standard() -> Session {
    let mut s = Session::start("hub --no-book");
    s.send("set-param name=frame value=standard");
    s
}

/// The move of a `done` line.
fn done_move(line: &str) -> String {
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .trim_start_matches("move=")
        .to_owned()
}

/// The square a Hub move starts from.
fn from_square(mv: &str) -> u32 {
    mv.split(['-', 'x']).next().unwrap().parse().unwrap()
}

#[test]
fn initialisation_and_a_search() {
    let mut s = standard();
    s.send("hub");
    let lines = s.until("wait");
    assert!(lines[0].starts_with("id name=ply"));
    assert!(lines.iter().any(|l| l.starts_with("param name=frame")));
    s.send("set-param name=hash value=8");
    s.send("init");
    s.until("ready");
    s.send("new-game");
    s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15 23-19\"");
    s.send("level depth=6");
    s.send("go think");
    let lines = s.until("done");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth=6 ")),
        "{lines:?}"
    );
    let done = lines.last().unwrap();
    let mv = done
        .split_whitespace()
        .nth(1)
        .unwrap()
        .trim_start_matches("move=");
    // Black to move after 11-15 23-19: a black move (or the capture 15x24).
    let from: u32 = mv.split(['-', 'x']).next().unwrap().parse().unwrap();
    assert!(from <= 15, "{done}");
    s.quit();
}

#[test]
fn forced_jumps_and_capture_notation() {
    let mut s = standard();
    // White man on 22, black man on 18: White must take, 22x15x18 in Hub notation.
    let mut squares = vec!['e'; 32];
    squares[21] = 'w';
    squares[17] = 'b';
    squares[0] = 'b';
    let pos: String = std::iter::once('W').chain(squares).collect();
    s.send(&format!("pos pos={pos}"));
    s.send("level move-time=0.1");
    s.send("go think");
    let lines = s.until("done");
    assert!(
        lines.last().unwrap().starts_with("done move=22x15x18"),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn errors_pong_and_stop() {
    let mut s = standard();
    s.send("frobnicate");
    s.send("pos pos=Xbad");
    s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15 11-15\"");
    s.send("level");
    s.send("set-param name=frame value=sideways");
    s.send("ping");
    let lines = s.until("pong");
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("error message="))
        .collect();
    assert_eq!(errors.len(), 5, "{lines:?}");
    // An infinite analysis ends with done when stopped.
    s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    s.send("level infinite");
    s.send("go analyze");
    s.send("ping");
    s.until("pong");
    s.send("stop");
    let lines = s.until("done");
    assert!(lines.last().unwrap().starts_with("done move="));
    s.quit();
}

#[test]
fn pydraughts_frame_is_the_default_and_nothing_goes_to_stderr() {
    let mut s = Session::start("hub --no-book");
    s.send("hub");
    let lines = s.until("wait");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("param name=frame value=pydraughts")),
        "{lines:?}"
    );
    s.send("init");
    s.until("ready");
    // pydraughts' start: Black (its "White") moves first, from squares 9-12.
    s.send(&format!("pos pos={PYDRAUGHTS_START}"));
    s.send("level depth=4");
    s.send("go think");
    let lines = s.until("done");
    let mv = done_move(lines.last().unwrap());
    assert!((9..=12).contains(&from_square(&mv)), "Black opens: {mv}");
    // After a black move White answers, in PDN numbers.
    s.send(&format!("pos pos={PYDRAUGHTS_START} moves=\"12-16\""));
    s.send("go think");
    let lines = s.until("done");
    assert!(!lines.iter().any(|l| l.starts_with("error")), "{lines:?}");
    let mv = done_move(lines.last().unwrap());
    assert!(from_square(&mv) >= 21, "White answers: {mv}");
    // A move legal only in the other frame is an error, not a guess.
    s.send(&format!("pos pos={PYDRAUGHTS_START} moves=\"22-18\""));
    s.send("ping");
    let lines = s.until("pong");
    assert!(lines[0].starts_with("error message="), "{lines:?}");
    let stderr = s.stderr();
    s.quit();
    assert_eq!(stderr, "", "nothing on stderr in a normal game");
}

#[test]
fn ponder_hit_leaves_nothing_behind_for_the_next_search() {
    let mut s = standard();
    // A won ending: the ponder search ends by itself long before the hit.
    s.send("pos pos=Beeeeeeeeeeeeeeeeeeeeeeeeeeeeebbw");
    s.send("level time=1 inc=0");
    s.send("go ponder");
    std::thread::sleep(Duration::from_millis(300));
    s.send("ping");
    let lines = s.until("pong");
    assert!(
        !lines.iter().any(|l| l.starts_with("done")),
        "the move waits for ponder-hit: {lines:?}"
    );
    s.send("ponder-hit");
    s.until("done");
    // The next search keeps its own time: nothing of the ponder stops it.
    s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    s.send("level move-time=1.5");
    let started = Instant::now();
    s.send("go think");
    s.until("done");
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(1200), "{took:?}");
    // A ponder-hit with no ponder search is an error.
    s.send("ponder-hit");
    s.send("ping");
    let lines = s.until("pong");
    assert!(lines[0].starts_with("error message="), "{lines:?}");
    s.quit();
}

#[test]
fn end_of_input_ends_a_long_search_at_once() {
    let mut s = standard();
    s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    s.send("level move-time=30");
    s.send("go think");
    s.send("ping");
    s.until("pong");
    let (lines, took, success) = s.close_input(Duration::from_secs(10));
    assert!(took < Duration::from_millis(500), "{took:?}");
    assert!(success);
    assert!(
        lines.iter().any(|l| l.starts_with("done move=")),
        "{lines:?}"
    );
}

#[test]
fn malformed_levels_are_errors_and_absurd_ones_are_clamped() {
    let mut s = standard();
    s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
    for bad in [
        "level depth=abc",
        "level move-time=fast",
        "level time=1 inc=x",
        "level nodes=-5",
        "level nodes=99999999999999999999999",
        "level move-time=inf",
        "level time=NaN",
        "go sideways",
        "set-param name=hash value=lots",
    ] {
        s.send(bad);
        s.send("ping");
        let lines = s.until("pong");
        assert!(lines[0].starts_with("error message="), "{bad}: {lines:?}");
    }
    // Out of range: clamped, and the search still ends by itself.
    s.send("set-param name=hash value=0");
    s.send("level depth=1000000");
    s.send("level nodes=20000");
    s.send("go think");
    s.until("done");
    // An analysis goes on until stopped, whatever depth the level says.
    s.send("level depth=3");
    s.send("go analyze");
    std::thread::sleep(Duration::from_millis(300));
    s.send("ping");
    let lines = s.until("pong");
    assert!(!lines.iter().any(|l| l.starts_with("done")), "{lines:?}");
    s.send("stop");
    s.until("done");
    // A clock already run out (negative time) moves at once.
    s.send("level time=-1");
    let started = Instant::now();
    s.send("go think");
    s.until("done");
    assert!(started.elapsed() < Duration::from_millis(500));
    s.quit();
}

#[test]
fn absurd_times_and_stray_bytes_do_not_stop_the_session() {
    let mut s = standard();
    s.send_bytes(b"pos \xff\xfe");
    s.send("ping");
    let lines = s.until("pong");
    assert!(lines[0].starts_with("error message="), "{lines:?}");
    for level in [
        "level move-time=1e300",
        "level move-time=1e19",
        "level time=1e300 inc=1e300",
    ] {
        s.send("pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww");
        s.send(level);
        s.send("go think");
        s.send("ping");
        s.until("pong");
        s.send("stop");
        let lines = s.until("done");
        assert!(lines.last().unwrap().starts_with("done move="), "{level}");
    }
    s.quit();
}
