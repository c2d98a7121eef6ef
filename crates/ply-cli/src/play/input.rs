//! The person's input: lines from stdin read on a thread of their own, so the
//! game loop can watch for Enter (or Ctrl-C) while the computer thinks. With
//! piped input the lines are simply commands in order, and nothing interrupts
//! a search.

use std::collections::VecDeque;
use std::io::{BufRead, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

/// What waiting for a line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A line (without its newline).
    Line(String),
    /// End of input.
    End,
    /// Ctrl-C.
    Interrupted,
}

/// Lines typed or piped in.
pub struct Input {
    lines: Receiver<String>,
    pending: VecDeque<String>,
    ended: bool,
    /// Whether a person types at a terminal (Enter then interrupts a search).
    pub interactive: bool,
    ctrl_c: Arc<AtomicBool>,
}

/// How often a wait looks at the Ctrl-C flag.
const POLL: Duration = Duration::from_millis(50);

impl Input {
    /// Lines from `reader`, read on a thread; `interactive` when a person types
    /// them at a terminal.
    pub fn new(reader: impl BufRead + Send + 'static, interactive: bool) -> Input {
        let (send, lines) = mpsc::channel();
        // Without a reader thread (the system refused one) input simply ends.
        let _ = std::thread::Builder::new()
            .name("input".into())
            .spawn(move || {
                for line in crate::lines::lossy_lines(reader) {
                    let Ok(line) = line else { break };
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
        Input {
            lines,
            pending: VecDeque::new(),
            ended: false,
            interactive,
            ctrl_c: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Standard input; at a terminal, Ctrl-C is caught (it stops a search, or
    /// quits at the prompt).
    pub fn stdin() -> Input {
        let interactive = std::io::stdin().is_terminal();
        let input = Input::new(std::io::BufReader::new(std::io::stdin()), interactive);
        #[cfg(unix)]
        if interactive {
            let _ =
                signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&input.ctrl_c));
        }
        input
    }

    /// Waits for the next line.
    pub fn next(&mut self) -> Next {
        if let Some(line) = self.pending.pop_front() {
            return Next::Line(line);
        }
        if self.ended {
            return Next::End;
        }
        loop {
            if self.ctrl_c.swap(false, Ordering::Relaxed) {
                return Next::Interrupted;
            }
            match self.lines.recv_timeout(POLL) {
                Ok(line) => return Next::Line(line),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.ended = true;
                    return Next::End;
                }
            }
        }
    }

    /// Whether the person asked to stop the computer's thinking (Enter, a typed
    /// line, or Ctrl-C) since the last look; a typed command is kept for
    /// later. Piped input never interrupts.
    pub fn interrupted(&mut self) -> bool {
        if self.ctrl_c.swap(false, Ordering::Relaxed) {
            return true;
        }
        if !self.interactive {
            return false;
        }
        match self.lines.try_recv() {
            Ok(line) => {
                if !line.trim().is_empty() {
                    self.pending.push_back(line);
                }
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.ended = true;
                false
            }
        }
    }

    /// Whether a typed command waits to be handled.
    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piped_lines_come_in_order_then_end() {
        let mut input = Input::new(std::io::Cursor::new("e4\n\nquit\n"), false);
        assert!(!input.interrupted());
        assert_eq!(input.next(), Next::Line("e4".into()));
        assert_eq!(input.next(), Next::Line(String::new()));
        assert_eq!(input.next(), Next::Line("quit".into()));
        assert_eq!(input.next(), Next::End);
        assert_eq!(input.next(), Next::End);
    }

    #[test]
    fn typed_lines_interrupt_and_are_kept() {
        let mut input = Input::new(std::io::Cursor::new("\nlevel 3\n"), true);
        let mut interruptions = 0;
        for _ in 0..200 {
            if input.interrupted() {
                interruptions += 1;
            }
            if interruptions == 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(interruptions, 2);
        assert!(input.has_pending());
        assert_eq!(input.next(), Next::Line("level 3".into()));
        assert_eq!(input.next(), Next::End);
    }
}
