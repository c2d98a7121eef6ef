//! What the `generate` steps of the pipelines share: games played in
//! batches on worker threads, each game's samples kept in the order of the
//! games' indices (so that a file is the same for any number of threads),
//! and the progress bar over the games.

use super::records::{Record, Writer};
use crate::error::CliError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The number of worker threads: `requested`, or one per core for 0.
#[must_use]
pub fn threads(requested: usize) -> usize {
    if requested == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        requested
    }
}

/// Plays games until `writer`'s file holds `games` of them, `batch` at a
/// time, each by `play(player, index)` on the thread of one of `players`,
/// with a progress bar (hidden with `--json`). Returns the games the file
/// held before and the seconds taken.
///
/// # Errors
/// If the file cannot be written.
pub fn fill<R: Record + Send, P: Send>(
    writer: &mut Writer<R>,
    games: u64,
    batch: u64,
    players: &mut [P],
    json: bool,
    play: impl Fn(&mut P, u64) -> Vec<R> + Sync,
) -> Result<(u64, f64), CliError> {
    let already = writer.header().games;
    let bar = games_bar(games, already, json);
    let started = std::time::Instant::now();
    while writer.header().games < games {
        let first = writer.header().games;
        let count = batch.min(games - first);
        let samples = play_batch(players, first, count, &bar, &play);
        writer
            .append(count, &samples)
            .map_err(|e| CliError::Train(e.to_string()))?;
    }
    bar.finish_and_clear();
    Ok((already, started.elapsed().as_secs_f64()))
}

/// A progress bar over `total` games of which `done` are played (hidden
/// with `--json`).
fn games_bar(total: u64, done: u64, json: bool) -> ProgressBar {
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

/// Plays games `first..first + count`, each by `play(player, index)` on the
/// thread of one of `players`, and returns their samples in the order of
/// the games.
fn play_batch<P: Send, S: Send>(
    players: &mut [P],
    first: u64,
    count: u64,
    bar: &ProgressBar,
    play: impl Fn(&mut P, u64) -> Vec<S> + Sync,
) -> Vec<S> {
    let next = AtomicUsize::new(0);
    let games: Vec<Mutex<Vec<S>>> = (0..count).map(|_| Mutex::new(Vec::new())).collect();
    std::thread::scope(|scope| {
        for player in players.iter_mut() {
            let (next, games, play) = (&next, &games, &play);
            scope.spawn(move || {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= games.len() {
                        break;
                    }
                    let samples = play(player, first + game as u64);
                    *games[game].lock().expect("no panics while held") = samples;
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
