//! Engine protocols (UCI for chess, NBoard for Othello, Hub for checkers) as
//! thin front-ends over one engine API: [`SearchThread`] runs searches on a
//! worker thread, so the input loop keeps answering while the engine thinks,
//! and [`Output`] serialises the lines both threads write.

pub mod hub;
pub mod nboard;
pub mod uci;

use ply_core::search::{Engine, Evaluator, Info, Limits, PonderHit, SearchResult, Searchable};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

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

/// What to search: the position, the hashes of the game's earlier positions,
/// the limits, and the root moves to consider (all when empty).
pub struct SearchJob<G: Searchable> {
    /// The position to search.
    pub root: G,
    /// Hashes of the positions before it, oldest first.
    pub history: Vec<u64>,
    /// When to stop (with [`Limits::ponder`], not before [`SearchThread::ponder_hit`]).
    pub limits: Limits,
    /// Root moves to consider; all when empty.
    pub only: Vec<G::Move>,
    /// The result waits for [`SearchThread::stop`] (or a ponder-hit that
    /// releases it) even when the search ends by itself: UCI's `infinite` and
    /// `ponder`, where the move may not be given before the GUI asks.
    pub hold: bool,
}

/// The controls of one running search. Each search gets its own, so that
/// nothing of a search (a stop, a ponder-hit, a hold) outlives it.
#[derive(Default)]
struct Control {
    stop: AtomicBool,
    hold: AtomicBool,
    ponder_hit: PonderHit,
}

/// An engine with its searches on a worker thread.
pub struct SearchThread<G: Searchable, E: Evaluator<G>> {
    engine: Arc<Mutex<Engine<G, E>>>,
    running: Option<(Arc<Control>, JoinHandle<()>)>,
}

impl<G: Searchable, E: Evaluator<G> + 'static> SearchThread<G, E> {
    /// Wraps `engine`.
    pub fn new(engine: Engine<G, E>) -> Self {
        SearchThread {
            engine: Arc::new(Mutex::new(engine)),
            running: None,
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
        let control = Arc::new(Control::default());
        control.hold.store(job.hold, Ordering::Relaxed);
        let engine = Arc::clone(&self.engine);
        let controls = Arc::clone(&control);
        let worker = std::thread::spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            let result = engine.search_pondering(
                &job.root,
                &job.history,
                &job.limits,
                &job.only,
                &controls.stop,
                Some(&controls.ponder_hit),
                &mut on_info,
            );
            drop(engine);
            // A held move waits for the GUI to ask for it.
            while controls.hold.load(Ordering::Relaxed) && !controls.stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            on_done(result);
        });
        self.running = Some((control, worker));
    }

    /// The opponent played the expected move: the running search, if it
    /// ponders, now keeps its time limits from this moment, and its move is
    /// held only if `keep_holding` (an infinite ponder search).
    pub fn ponder_hit(&self, keep_holding: bool) {
        if let Some((control, _)) = &self.running {
            control.ponder_hit.hit();
            control.hold.store(keep_holding, Ordering::Relaxed);
        }
    }

    /// Asks the running search, if any, to stop and report, without waiting.
    pub fn request_stop(&self) {
        if let Some((control, _)) = &self.running {
            control.hold.store(false, Ordering::Relaxed);
            control.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the running search, if any, and waits for it to report.
    pub fn stop(&mut self) {
        if let Some((control, worker)) = self.running.take() {
            control.hold.store(false, Ordering::Relaxed);
            control.stop.store(true, Ordering::Relaxed);
            let _ = worker.join();
        }
    }

    /// Waits for the running search, if any, to end by itself (a held one is
    /// released first, so this never waits for ever).
    pub fn wait(&mut self) {
        if let Some((control, worker)) = self.running.take() {
            control.hold.store(false, Ordering::Relaxed);
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
        if let Some((control, worker)) = self.running.take() {
            control.hold.store(false, Ordering::Relaxed);
            control.stop.store(true, Ordering::Relaxed);
            let _ = worker.join();
        }
    }
}
