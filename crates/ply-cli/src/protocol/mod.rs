//! Engine protocols (UCI for chess, NBoard for Othello, Hub for checkers) as
//! thin front-ends over one engine API: [`SearchThread`] runs searches on a
//! worker thread, so the input loop keeps answering while the engine thinks,
//! and [`Output`] serialises the lines both threads write.

pub mod hub;
pub mod nboard;
pub mod uci;

use ply_core::search::{Engine, Evaluator, Info, Limits, SearchResult, Searchable};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// The lines of standard input as text (see [`lossy_lines`]).
pub fn input_lines() -> impl Iterator<Item = std::io::Result<String>> {
    lossy_lines(std::io::stdin().lock())
}

/// The lines of `reader` as text, without their line ends. Bytes that are not
/// UTF-8 become U+FFFD, so a stray byte makes an unknown command or a bad
/// move, not the end of the input.
pub fn lossy_lines(reader: impl std::io::BufRead) -> impl Iterator<Item = std::io::Result<String>> {
    reader.split(b'\n').map(|line| {
        line.map(|bytes| {
            String::from_utf8_lossy(&bytes)
                .trim_end_matches('\r')
                .to_owned()
        })
    })
}

/// Where protocol lines go: stdout, one whole line at a time, flushed.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Lines to standard output.
    pub fn stdout() -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(std::io::stdout()))),
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

/// What to search: the position, the hashes of the game's earlier positions,
/// the limits, and the root moves to consider (all when empty).
pub struct SearchJob<G: Searchable> {
    /// The position to search.
    pub root: G,
    /// Hashes of the positions before it, oldest first.
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: Limits,
    /// Root moves to consider; all when empty.
    pub only: Vec<G::Move>,
}

/// An engine with its searches on a worker thread.
pub struct SearchThread<G: Searchable, E: Evaluator<G>> {
    engine: Arc<Mutex<Engine<G, E>>>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
}

impl<G: Searchable, E: Evaluator<G> + 'static> SearchThread<G, E> {
    /// Wraps `engine`.
    pub fn new(engine: Engine<G, E>) -> Self {
        SearchThread {
            engine: Arc::new(Mutex::new(engine)),
            stop: Arc::new(AtomicBool::new(false)),
            worker: None,
        }
    }

    /// Starts searching `job` (after stopping any search still running);
    /// `on_info` gets each iteration and `on_done` the result, both on the
    /// worker thread.
    pub fn start(
        &mut self,
        job: SearchJob<G>,
        mut on_info: impl FnMut(&Info<G::Move>) + Send + 'static,
        on_done: impl FnOnce(SearchResult<G::Move>) + Send + 'static,
    ) {
        self.stop();
        self.stop.store(false, Ordering::Relaxed);
        let engine = Arc::clone(&self.engine);
        let stop = Arc::clone(&self.stop);
        self.worker = Some(std::thread::spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            let result = engine.search_moves(
                &job.root,
                &job.history,
                &job.limits,
                &job.only,
                &stop,
                &mut on_info,
            );
            drop(engine);
            on_done(result);
        }));
    }

    /// The flag that stops the running search when set.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Stops the running search, if any, and waits for it to report.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    /// Waits for the running search, if any, to end by itself.
    pub fn wait(&mut self) {
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }

    /// The engine, once no search runs (stops the running one).
    pub fn engine(&mut self) -> MutexGuard<'_, Engine<G, E>> {
        self.stop();
        self.engine.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<G: Searchable, E: Evaluator<G>> Drop for SearchThread<G, E> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}
