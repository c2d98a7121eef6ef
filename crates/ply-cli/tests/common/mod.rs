//! Helpers for the tests that run the `ply` binary: the text of a finished
//! command's output, and a protocol session driven through pipes for the
//! protocol tests (`ply uci`, `ply hub`, `ply nboard`): lines in, lines out, a
//! time limit on every wait so that a silent engine fails the test instead of
//! hanging it.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use std::io::Read;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A finished command's standard output.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A finished command's standard error.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A finished command's output read as one line of JSON.
pub fn json(output: &Output) -> serde_json::Value {
    let text = stdout(output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    serde_json::from_str(lines[0]).unwrap()
}

/// How long any one answer may take.
const PATIENCE: Duration = Duration::from_secs(120);

/// A running `ply <protocol>` process.
pub struct Session {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
}

impl Session {
    /// Starts `ply <protocol>` (with the options after it, separated by
    /// spaces: `nboard --no-book`); its stderr (notes, not protocol) is kept
    /// apart, see [`Session::stderr`].
    pub fn start(protocol: &str) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(protocol.split_whitespace())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("ply {protocol} starts: {e}"));
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut errors = child.stderr.take().expect("piped stderr");
        let collected = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = errors.read_to_string(&mut text);
            collected.lock().unwrap().push_str(&text);
        });
        let input = child.stdin.take().expect("piped stdin");
        let output = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { return };
                if sender.send(line.trim_end().to_owned()).is_err() {
                    return;
                }
            }
        });
        Session {
            child,
            input: Some(input),
            lines,
            stderr,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input open");
        writeln!(input, "{line}").expect("ply reads its input");
        input.flush().expect("ply reads its input");
    }

    /// Sends one line of raw bytes (which need not be UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().expect("input open");
        input.write_all(bytes).expect("ply reads its input");
        input.write_all(b"\n").expect("ply reads its input");
        input.flush().expect("ply reads its input");
    }

    /// The next line ply writes.
    pub fn next(&mut self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no answer from ply in {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("ply stopped writing"),
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Sends `quit` and checks that ply ends successfully.
    pub fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().expect("ply ends").success());
    }

    /// Closes ply's input and waits (at most `patience`) for it to end: the
    /// lines it wrote meanwhile, how long it took, and whether it succeeded.
    pub fn close_input(mut self, patience: Duration) -> (Vec<String>, Duration, bool) {
        drop(self.input.take());
        let closed = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("ply runs") {
                break status;
            }
            if closed.elapsed() > patience {
                let _ = self.child.kill();
                panic!("ply still runs {patience:?} after the end of its input");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let took = closed.elapsed();
        let mut lines = Vec::new();
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(1)) {
            lines.push(line);
        }
        (lines, took, status.success())
    }

    /// What ply wrote on stderr so far (complete once it has ended).
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}
