//! What the `generate` steps share: games played in batches on worker
//! threads, each game's records kept in the order of its index so that a
//! file is the same whatever the number of threads, and the progress bar.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Plays games `first..first + count` with `play`, one worker thread per
/// player, and returns their records in the order of the games.
pub fn play_batch<P: Send, R: Send>(
    players: &mut [P],
    first: u64,
    count: u64,
    bar: &ProgressBar,
    play: impl Fn(&mut P, u64) -> Vec<R> + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let games: Vec<Mutex<Vec<R>>> = (0..count).map(|_| Mutex::new(Vec::new())).collect();
    std::thread::scope(|scope| {
        for player in players.iter_mut() {
            let (next, games, play) = (&next, &games, &play);
            scope.spawn(move || {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games.len() {
                        break;
                    }
                    let records = play(player, first + game as u64);
                    *games[game].lock().expect("no panics while held") = records;
                    bar.inc(1);
                }
            });
        }
    });
    games
        .into_iter()
        .flat_map(|game| game.into_inner().expect("no panics while held"))
        .collect()
}

/// The worker threads to use: `threads`, or one per core for 0.
#[must_use]
pub fn threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// The bar of a `generate` step: `done` of `total` games, hidden for JSON
/// output.
#[must_use]
pub fn games_bar(done: u64, total: u64, json: bool) -> ProgressBar {
    let target = if json {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template("games [{wide_bar}] {pos}/{len} {per_sec} eta {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar.set_position(done.min(total));
    bar.reset_eta();
    bar
}
