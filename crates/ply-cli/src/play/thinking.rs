//! The computer's thinking: a search on the engine's worker thread, a spinner
//! on stderr (when it is a terminal) with the elapsed time and the best move
//! so far, and an interruption by Enter or Ctrl-C that plays the best move
//! found so far.

use super::input::Input;
use crate::search_thread::{SearchJob, SearchThread};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_core::book::Booked;
use ply_core::player;
use ply_core::search::Info;
use ply_games::playable::Playable;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How often the wait looks for an interruption.
const POLL: Duration = Duration::from_millis(40);

/// A search's result, and whether the person cut it short.
pub struct Thought<M> {
    /// What the player found.
    pub result: player::Thought<M>,
    /// Whether Enter or Ctrl-C stopped it.
    pub interrupted: bool,
}

/// Runs `job` on `search`'s worker thread until it ends or the person
/// interrupts it; `label` heads the spinner, shown when `indicator` is set.
/// `None` if the search thread died without an answer.
pub fn think<G: Playable>(
    search: &mut SearchThread<Booked<G::Player>>,
    job: SearchJob<G>,
    input: &mut Input,
    label: &str,
    indicator: bool,
) -> Option<Thought<G::Move>> {
    let bar = if indicator {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {prefix} {elapsed:>3} {msg}")
                .expect("a valid template"),
        );
        bar.set_prefix(label.to_owned());
        if input.interactive {
            bar.set_message("(Enter: move now)");
        }
        bar.enable_steady_tick(Duration::from_millis(100));
        Some(bar)
    } else {
        None
    };
    let root = job.root.clone();
    let shown = bar.clone();
    let hint = if input.interactive {
        "  (Enter: move now)"
    } else {
        ""
    };
    let last = Arc::new(Mutex::new(None));
    let last_seen = Arc::clone(&last);
    let on_info = move |info: &Info<G::Move>| {
        if info.multipv != 1 {
            return;
        }
        if let Some(&best) = info.pv.first() {
            *last_seen.lock().unwrap_or_else(PoisonError::into_inner) =
                Some((info.depth, best, info.score));
            if let Some(bar) = &shown {
                bar.set_message(format!(
                    "depth {}  best {}  score {}{hint}",
                    info.depth,
                    root.display_move(best),
                    info.score
                ));
            }
        }
    };
    let (done, result) = mpsc::channel();
    search.start(job, on_info, move |result| {
        let _ = done.send(result);
    });
    let mut interrupted = false;
    let result = loop {
        match result.recv_timeout(POLL) {
            Ok(result) => break Some(result),
            Err(RecvTimeoutError::Timeout) => {
                if !interrupted && input.interrupted() {
                    interrupted = true;
                    search.request_stop();
                }
            }
            Err(RecvTimeoutError::Disconnected) => break None,
        }
    };
    search.wait();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let last = *last.lock().unwrap_or_else(PoisonError::into_inner);
    result.map(|mut result| {
        // A search stopped inside an iteration reports the last completed
        // iteration's move; its score is the one that iteration gave it.
        if let Some((depth, best, score)) = last
            && depth == result.depth
            && result.best == Some(best)
        {
            result.score = score;
        }
        Thought {
            result,
            interrupted,
        }
    })
}
