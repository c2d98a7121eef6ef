//! A progress bar on stderr that only appears once a run has taken a second.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_core::perft::Progress;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long a run goes before its bar shows.
const DELAY: Duration = Duration::from_secs(1);

/// A progress bar for perft subtrees, hidden for the first second and on
/// non-terminals.
pub struct DelayedBar {
    bar: ProgressBar,
    started: Instant,
    done: Option<mpsc::Sender<()>>,
    watcher: Option<thread::JoinHandle<()>>,
}

impl DelayedBar {
    /// A hidden bar labelled `label` that shows itself after [`DELAY`].
    pub fn new(label: String) -> DelayedBar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{prefix} [{wide_bar}] {pos}/{len} {msg} {elapsed_precise}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_prefix(label);
        let (done, wait) = mpsc::channel::<()>();
        let shown = bar.clone();
        // Without a watcher thread (the system refused one) the bar stays hidden.
        let watcher = thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(DELAY) {
                    shown.set_draw_target(ProgressDrawTarget::stderr());
                    shown.enable_steady_tick(Duration::from_millis(200));
                }
            })
            .ok();
        DelayedBar {
            bar,
            started: Instant::now(),
            done: Some(done),
            watcher,
        }
    }

    /// Records that `progress.done` of `progress.total` subtrees are counted.
    pub fn update(&self, progress: Progress) {
        self.bar.set_length(progress.total as u64);
        self.bar.set_position(progress.done as u64);
        let seconds = self.started.elapsed().as_secs_f64().max(1e-9);
        self.bar
            .set_message(format!("{:.1} Mnps", progress.nodes as f64 / seconds / 1e6));
    }

    /// Removes the bar (if it was shown) and stops its watcher.
    pub fn finish(mut self) {
        drop(self.done.take());
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
        self.bar.finish_and_clear();
    }
}
