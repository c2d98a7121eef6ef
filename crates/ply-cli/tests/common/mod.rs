//! A `ply` protocol session driven through pipes, for the protocol tests
//! (`ply uci`, `ply hub`, `ply nboard`): lines in, lines out, a time limit on
//! every wait so that a silent engine fails the test instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// How long any one answer may take.
const PATIENCE: Duration = Duration::from_secs(120);

/// A running `ply <protocol>` process.
pub struct Session {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Session {
    /// Starts `ply <protocol>`; its stderr (notes, not protocol) is dropped.
    pub fn start(protocol: &str) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("ply {protocol} starts: {e}"));
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
            input,
            lines,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("ply reads its input");
        self.input.flush().expect("ply reads its input");
    }

    /// Sends one line of raw bytes (which need not be UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).expect("ply reads its input");
        self.input.write_all(b"\n").expect("ply reads its input");
        self.input.flush().expect("ply reads its input");
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
}
