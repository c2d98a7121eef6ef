//! What the steps of the pipelines share: games played in batches on
//! worker threads, each game's records kept in the order of its index so
//! that a file is the same whatever the number of threads; the progress
//! bars; the progress files of the fits, written so that an interrupted
//! write leaves the old file.

use super::records::{Header, Record, Writer};
use crate::error::CliError;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

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

/// A progress bar of `len` steps drawn with `template` on stderr, hidden
/// for JSON output.
#[must_use]
pub fn bar(len: u64, template: &str, json: bool) -> ProgressBar {
    let target = if json {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(len), target);
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

/// The arguments every `generate` step takes.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The data file: created, or resumed when it exists (the same seed and
    /// settings).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Games the file should hold when done (those it has count).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// The seed of the games.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub threads: usize,
    /// Games played between two writes of the file.
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub batch: u64,
}

impl RunArgs {
    /// Checks the arguments.
    ///
    /// # Errors
    /// For a batch of no games.
    pub fn check(&self) -> Result<(), CliError> {
        if self.batch == 0 {
            return Err(CliError::Train("--batch must be at least 1".into()));
        }
        Ok(())
    }
}

/// Plays games with `play` on players made by `new_player` (one thread
/// each), `run.batch` games between two writes to the data file, until it
/// holds `run.games` games; then says what the file holds. `settings` are
/// what the file's header keeps besides the seed ([`Record::Settings`]).
///
/// # Errors
/// If the file cannot be opened or written, was made with other settings,
/// a player cannot be made, or the report cannot be printed.
pub fn generate<P: Send, R: Record + Send>(
    run: &RunArgs,
    settings: R::Settings,
    new_player: impl Fn() -> Result<P, CliError>,
    json: bool,
    play: impl Fn(&mut P, u64) -> Vec<R> + Sync,
) -> Result<(), CliError> {
    let mut writer = Writer::<R>::open(&run.out, run.seed, settings)
        .map_err(|e| CliError::Train(e.to_string()))?;
    let mut players = (0..threads(run.threads))
        .map(|_| new_player())
        .collect::<Result<Vec<_>, _>>()?;
    let already = writer.header().games;
    let bar = bar(
        run.games,
        "games [{wide_bar}] {pos}/{len} {per_sec} eta {eta}",
        json,
    );
    bar.set_position(already.min(run.games));
    bar.reset_eta();
    let started = Instant::now();
    while writer.header().games < run.games {
        let first = writer.header().games;
        let count = run.batch.min(run.games - first);
        let records = play_batch(&mut players, first, count, &bar, &play);
        writer
            .append(count, &records)
            .map_err(|e| CliError::Train(e.to_string()))?;
    }
    bar.finish_and_clear();
    let header = writer.header();
    let seconds = started.elapsed().as_secs_f64();
    let file = run.out.display().to_string();
    let this_run = header.games - already;
    print_report(
        json,
        &serde_json::json!({
            "file": file,
            "games": header.games,
            "positions": header.records,
            "games_this_run": this_run,
            "seconds": seconds,
        }),
        &format!(
            "{file}: {} games, {} positions ({this_run} games in {seconds:.1} s this run)",
            header.games, header.records
        ),
    )
}

/// Prints a step's report: `value` as one line of JSON, or `text`.
///
/// # Errors
/// If stdout cannot be written.
pub fn print_report(json: bool, value: &serde_json::Value, text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{text}")?;
    }
    Ok(())
}

/// What an `info` step reports about a data file as JSON: its name, seed,
/// games and positions, and the game's own fields `more` (an object).
#[must_use]
pub fn info_json<S>(file: &Path, header: &Header<S>, more: serde_json::Value) -> serde_json::Value {
    let mut value = serde_json::json!({
        "file": file.display().to_string(),
        "seed": header.seed,
        "games": header.games,
        "positions": header.records,
    });
    if let (Some(fields), serde_json::Value::Object(more)) = (value.as_object_mut(), more) {
        fields.extend(more);
    }
    value
}

/// The positions of a data file by a count (empty squares, pieces) as
/// lines of text: `heading` and "positions", then one line a count, the
/// largest first, those with no positions left out.
#[must_use]
pub fn count_table(heading: &str, positions: &[u64]) -> String {
    let width = heading.len();
    let mut table = format!("{heading}  positions");
    for (count, n) in positions.iter().enumerate().rev() {
        if *n > 0 {
            table += &format!("\n{count:>width$}  {n:>9}");
        }
    }
    table
}

/// The progress file of a fit writing `out`: `OUT.progress.json`.
#[must_use]
pub fn progress_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".progress.json");
    PathBuf::from(name)
}

/// Writes `bytes` to `path` through a temporary file, so that an
/// interrupted write leaves the old file.
///
/// # Errors
/// If the file cannot be written.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let fail = |e: std::io::Error| CliError::Train(format!("{}: {e}", path.display()));
    std::fs::write(&temporary, bytes).map_err(fail)?;
    std::fs::rename(&temporary, path).map_err(fail)
}

/// A fresh scratch directory for one test, named after the test and the
/// process.
#[cfg(test)]
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a writable temporary directory");
    dir
}

/// The progress file of a fit that wrote `out`, for tests.
#[cfg(test)]
pub fn read_progress(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(progress_path(out)).expect("a progress file");
    serde_json::from_str(&text).expect("JSON")
}
