//! Engine protocols (UCI for chess, NBoard for Othello, Hub for checkers) as
//! thin front-ends over one engine API: the engine thinks on the
//! [`crate::search_thread`] worker, so the input loop keeps answering, and
//! [`Output`] serialises the lines both threads write.

pub mod hub;
pub mod nboard;
pub mod uci;

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

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
