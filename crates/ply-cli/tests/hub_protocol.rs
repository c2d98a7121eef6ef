//! `ply hub` driven line by line through a pipe.

mod common;

use common::Session;

#[test]
fn initialisation_and_a_search() {
    let mut s = Session::start("hub");
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
    let mut s = Session::start("hub");
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
    let mut s = Session::start("hub");
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
fn pydraughts_frame_is_detected_from_its_moves() {
    let mut s = Session::start("hub");
    // pydraughts' start position (turned, colours swapped) with a black move in PDN numbers.
    s.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"12-16\"");
    s.send("level depth=4");
    s.send("go think");
    let lines = s.until("done");
    assert!(!lines.iter().any(|l| l.starts_with("error")), "{lines:?}");
    let mv = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .trim_start_matches("move=")
        .to_owned();
    let from: u32 = mv.split(['-', 'x']).next().unwrap().parse().unwrap();
    assert!(from >= 21, "White answers: {mv}");
    s.quit();
}

#[test]
fn absurd_times_and_stray_bytes_do_not_stop_the_session() {
    let mut s = Session::start("hub");
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
