//! The engine's worker thread, shared by every front end: the protocols (UCI,
//! Hub, NBoard) and `ply play`'s thinking. A [`Worker`] owns what the searches
//! use (a game's [`Player`]) and runs one job at a time on a
//! thread of its own, so the input loop keeps answering while the engine
//! thinks; each job gets fresh [`Control`]s (stop, hold, ponder-hit).
//! [`SearchThread`] is the worker of one player, with [`SearchJob`]s.

use ply_core::Player;
use ply_core::player::{MoveOf, Request, Thought};
use ply_core::search::{Info, Limits, PonderHit, Searchable};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// The controls of one running job. Each job gets its own, so that nothing of
/// a job (a stop, a ponder-hit, a hold) outlives it.
#[derive(Default)]
pub struct Control {
    stop: AtomicBool,
    hold: AtomicBool,
    ponder_hit: PonderHit,
}

impl Control {
    /// The flag the job's searches poll: set when the job must stop.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Whether the job was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Asks the job to stop and report at once (its result is held no more).
    pub fn stop_now(&self) {
        self.hold.store(false, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// `state` (an engine, or NBoard's engine and solver) used by one job at a
/// time on a worker thread.
pub struct Worker<S> {
    state: Arc<Mutex<S>>,
    running: Option<(Arc<Control>, JoinHandle<()>)>,
}

impl<S: Send + 'static> Worker<S> {
    /// Wraps `state`.
    pub fn new(state: S) -> Self {
        Worker {
            state: Arc::new(Mutex::new(state)),
            running: None,
        }
    }

    /// Runs `job` on the worker thread (after stopping any job still running)
    /// with the state and the job's controls, then hands its result to
    /// `on_done`, on the worker thread too. With `hold`, `on_done` waits for
    /// [`Worker::stop`] (or a ponder-hit that releases it) even when the job
    /// ends by itself.
    pub fn spawn<R: Send + 'static>(
        &mut self,
        hold: bool,
        job: impl FnOnce(&mut S, &Arc<Control>) -> R + Send + 'static,
        on_done: impl FnOnce(R) + Send + 'static,
    ) {
        self.stop();
        let control = Arc::new(Control::default());
        control.hold.store(hold, Ordering::Relaxed);
        let state = Arc::clone(&self.state);
        let controls = Arc::clone(&control);
        let worker = std::thread::spawn(move || {
            let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
            let result = job(&mut state, &controls);
            drop(state);
            // A held result waits for the GUI to ask for it.
            while controls.hold.load(Ordering::Relaxed) && !controls.stopped() {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            on_done(result);
        });
        self.running = Some((control, worker));
    }

    /// The opponent played the expected move: the running search, if it
    /// ponders, now keeps its time limits from this moment, and its result is
    /// held only if `keep_holding` (an infinite ponder search).
    pub fn ponder_hit(&self, keep_holding: bool) {
        if let Some((control, _)) = &self.running {
            control.ponder_hit.hit();
            control.hold.store(keep_holding, Ordering::Relaxed);
        }
    }

    /// Asks the running job, if any, to stop and report, without waiting.
    pub fn request_stop(&self) {
        if let Some((control, _)) = &self.running {
            control.stop_now();
        }
    }

    /// Stops the running job, if any, and waits for it to report.
    pub fn stop(&mut self) {
        if let Some((control, worker)) = self.running.take() {
            control.stop_now();
            let _ = worker.join();
        }
    }

    /// Waits for the running job, if any, to end by itself (a held one is
    /// released first, so this never waits for ever).
    pub fn wait(&mut self) {
        if let Some((control, worker)) = self.running.take() {
            control.hold.store(false, Ordering::Relaxed);
            let _ = worker.join();
        }
    }

    /// The state, once no job runs (stops the running one).
    pub fn state(&mut self) -> MutexGuard<'_, S> {
        self.stop();
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<S> Drop for Worker<S> {
    fn drop(&mut self) {
        if let Some((control, worker)) = self.running.take() {
            control.stop_now();
            let _ = worker.join();
        }
    }
}

/// What to search: the position, the hashes of the game's earlier positions,
/// the limits, and the root moves to consider (all when empty).
pub struct SearchJob<G: Searchable> {
    /// The position to search.
    pub root: G,
    /// Hashes of the positions before it, oldest first.
    pub history: Vec<u64>,
    /// When to stop (with [`Limits::ponder`], not before [`Worker::ponder_hit`]).
    pub limits: Limits,
    /// Root moves to consider; all when empty.
    pub only: Vec<G::Move>,
    /// The result waits for [`Worker::stop`] (or a ponder-hit that releases
    /// it) even when the search ends by itself: UCI's `infinite` and
    /// `ponder`, where the move may not be given before the GUI asks.
    pub hold: bool,
}

/// A player with its searches on a worker thread.
pub type SearchThread<P> = Worker<P>;

impl<P: Player> Worker<P> {
    /// Starts thinking about `job` (after stopping any search still
    /// running); `on_info` gets each iteration and `on_done` the answer,
    /// both on the worker thread.
    pub fn start(
        &mut self,
        job: SearchJob<P::Game>,
        mut on_info: impl FnMut(&Info<MoveOf<P>>) + Send + 'static,
        on_done: impl FnOnce(Thought<MoveOf<P>>) + Send + 'static,
    ) {
        let hold = job.hold;
        self.spawn(
            hold,
            move |player, control| {
                let request = Request {
                    root: &job.root,
                    history: &job.history,
                    limits: &job.limits,
                    only: &job.only,
                    stop: &control.stop,
                    ponder_hit: Some(&control.ponder_hit),
                };
                player.think(&request, &mut on_info)
            },
            on_done,
        );
    }

    /// The player, once no search runs (stops the running one).
    pub fn player(&mut self) -> MutexGuard<'_, P> {
        self.state()
    }
}
