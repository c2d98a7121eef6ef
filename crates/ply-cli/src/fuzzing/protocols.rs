//! The protocol targets: the input bytes are a GUI's lines, fed to a whole
//! session; the session must end (the end of input stops any search), and
//! every line it writes must be one of the protocol's answers.

use crate::protocol::{hub, nboard, uci};
use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What a session wrote, shared with its search threads.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut buffer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How long a session over a fuzz input may take: its searches stop at the
/// end of the input, so anything near this is a hang.
const LIMIT: Duration = Duration::from_secs(5);

/// Runs `session` over `input` and checks that it ends in time, without an
/// error, and that each line of its output starts with one of `answers`.
fn run(input: &[u8], answers: &[&str], session: fn(&[u8], Captured) -> std::io::Result<()>) {
    let output = Captured::default();
    let started = Instant::now();
    session(input, output.clone()).expect("reading from memory cannot fail");
    let elapsed = started.elapsed();
    assert!(elapsed < LIMIT, "the session took {elapsed:?}");
    let bytes = output.0.lock().unwrap_or_else(PoisonError::into_inner);
    let text = std::str::from_utf8(&bytes).expect("protocol output is UTF-8");
    for line in text.lines() {
        let word = line.split(' ').next().unwrap_or("");
        assert!(answers.contains(&word), "not a protocol line: {line:?}");
    }
}

/// A UCI session over `input`.
pub fn uci(input: &[u8]) {
    let answers = ["id", "option", "uciok", "readyok", "info", "bestmove"];
    run(input, &answers, |input, output| uci::session(input, output));
}

/// A Hub session over `input`.
pub fn hub(input: &[u8]) {
    let answers = [
        "id", "param", "wait", "ready", "info", "done", "pong", "error",
    ];
    run(input, &answers, |input, output| {
        hub::session(input, output, None, 0)
    });
}

/// An NBoard session over `input`.
pub fn nboard(input: &[u8]) {
    let answers = [
        "set",
        "pong",
        "===",
        "search",
        "book",
        "status",
        "nodestats",
        "learned",
        "analysis",
    ];
    run(input, &answers, |input, output| {
        nboard::session(input, output, None, 0)
    });
}
