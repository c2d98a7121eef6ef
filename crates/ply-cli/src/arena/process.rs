//! An engine as a child process: lines to its stdin, lines from its stdout
//! read by a thread, every read with a deadline, so that a silent or dead
//! engine is detected instead of waited for.

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// What went wrong with an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It did not answer in time.
    Timeout,
    /// It exited (or closed its output).
    Crashed,
    /// It said something the protocol does not allow, or refused a command.
    Protocol(String),
    /// The match was interrupted (Ctrl-C) while waiting.
    Interrupted,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Timeout => f.write_str("no answer in time"),
            Fault::Crashed => f.write_str("the engine exited"),
            Fault::Protocol(message) => write!(f, "protocol error: {message}"),
            Fault::Interrupted => f.write_str("interrupted"),
        }
    }
}

/// How to start an engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its working directory.
    pub dir: Option<PathBuf>,
}

impl Launch {
    /// Checks that the program exists (on `PATH` if it is a bare name), so
    /// that a typing error stops the match before it starts.
    pub fn check(&self) -> Result<(), String> {
        let program = std::path::Path::new(&self.program);
        let found = if self.program.contains('/') {
            match &self.dir {
                Some(dir) if program.is_relative() => dir.join(program).is_file(),
                _ => program.is_file(),
            }
        } else {
            std::env::var_os("PATH").is_some_and(|path| {
                std::env::split_paths(&path).any(|dir| dir.join(program).is_file())
            })
        };
        if found {
            Ok(())
        } else {
            Err(format!("cannot find the engine program '{}'", self.program))
        }
    }
}

/// A running engine.
pub struct Process {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    stop: Arc<AtomicBool>,
    /// Lines sent and received, with `>`/`<`, when debugging.
    debug: Option<String>,
}

impl Process {
    /// Starts the engine; `stop` interrupts waits (Ctrl-C). The engine gets a
    /// process group of its own, so that Ctrl-C at the terminal reaches only
    /// the referee, which then ends the engines itself.
    pub fn start(
        launch: &Launch,
        stop: Arc<AtomicBool>,
        debug: Option<String>,
    ) -> Result<Process, String> {
        let mut command = Command::new(&launch.program);
        command
            .args(&launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &launch.dir {
            command.current_dir(dir);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start engine '{}': {e}", launch.program))?;
        let input = child.stdin.take();
        let output = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in crate::lines::lossy_lines(BufReader::new(output)) {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(Process {
            child,
            input,
            lines,
            stop,
            debug,
        })
    }

    /// Sends one line; a closed pipe is a crash.
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        if let Some(name) = &self.debug {
            eprintln!("{name} > {line}");
        }
        let input = self.input.as_mut().ok_or(Fault::Crashed)?;
        writeln!(input, "{line}")
            .and_then(|()| input.flush())
            .map_err(|_| Fault::Crashed)
    }

    /// The next line, waiting until `deadline` at most.
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Err(Fault::Interrupted);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Fault::Timeout);
            }
            let slice = (deadline - now).min(Duration::from_millis(100));
            match self.lines.recv_timeout(slice) {
                Ok(line) => {
                    if let Some(name) = &self.debug {
                        eprintln!("{name} < {line}");
                    }
                    return Ok(line.trim().to_owned());
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crashed),
            }
        }
    }

    /// Lines until one for which `done` says what to return, or the deadline.
    pub fn receive_until<T>(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&str) -> Result<Option<T>, Fault>,
    ) -> Result<T, Fault> {
        loop {
            let line = self.receive(deadline)?;
            if let Some(value) = done(&line)? {
                return Ok(value);
            }
        }
    }

    /// Sends `quit` (if given), gives the engine a moment to exit, then ends it.
    pub fn quit(&mut self, quit: Option<&str>) {
        if let Some(line) = quit {
            let _ = self.send(line);
        }
        self.input = None;
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
