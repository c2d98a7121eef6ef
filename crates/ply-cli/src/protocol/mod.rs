//! Engine protocols (UCI for chess, NBoard for Othello, Hub for checkers) as
//! thin front-ends over one engine API: the engine thinks on the
//! [`crate::search_thread`] worker, so the input loop keeps answering, and
//! [`Output`] serialises the lines both threads write.

pub mod hub;
pub mod nboard;
pub mod uci;

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

/// The milliseconds kept back from the clock at every move for the client's
/// delays unless the client sets them (UCI's `Move Overhead`, Hub's
/// `overhead`). At a fixed 0.2 s a move, Hub's former 20 ms left a tenth of
/// the time unused.
pub(crate) const DEFAULT_OVERHEAD_MS: u64 = 10;
/// The most milliseconds a client may have kept back.
pub(crate) const MAX_OVERHEAD_MS: u64 = 5000;

/// Where protocol lines go: stdout, one whole line at a time, flushed.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Lines to `sink`.
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
        }
    }

    /// Writes `line` and a newline. A closed output is not an error worth a
    /// panic: the GUI has gone, and the input loop will see end of file.
    pub fn line(&self, line: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(sink, "{line}");
        let _ = sink.flush();
    }
}
