//! What the training pipelines of every game share: games played in
//! batches on worker threads into a resumable data file ([`generate`]),
//! the progress file of a fit that resumes ([`Progress`]), a fit in rounds
//! that resumes with the next round ([`fit_in_rounds`]), and the files
//! of a fit written so that an interrupted write leaves the old file
//! ([`write_atomic`]). The front end shows progress and reports through a
//! [`Ui`]; [`Quiet`] shows nothing.
//!
//! A run is deterministic for its seed: game `i` draws its random numbers
//! from [`game_rng`]`(seed, i)` alone, and its records are written in the
//! order of the games whatever the number of threads.

use crate::dataset::Dataset;
use crate::fit::FitReport;
use crate::options::FitOptions;
use crate::records::{DataError, Header, Record, Writer};
use ply_core::rng::Rng;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// A step of a pipeline that cannot go on, said in one line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TrainError(pub String);

impl TrainError {
    /// An error saying `message`.
    pub fn new(message: impl ToString) -> TrainError {
        TrainError(message.to_string())
    }
}

impl From<std::io::Error> for TrainError {
    fn from(e: std::io::Error) -> TrainError {
        TrainError::new(e)
    }
}

impl From<DataError> for TrainError {
    fn from(e: DataError) -> TrainError {
        TrainError::new(e)
    }
}

impl From<crate::FitError> for TrainError {
    fn from(e: crate::FitError) -> TrainError {
        TrainError::new(e)
    }
}

impl From<crate::LoadError> for TrainError {
    fn from(e: crate::LoadError) -> TrainError {
        TrainError::new(e)
    }
}

/// A progress bar the front end draws (or not).
pub trait Bar: Send + Sync {
    /// Steps done.
    fn set_position(&self, position: u64);
    /// One more step done.
    fn inc(&self, steps: u64);
    /// The bar's message (`{msg}` in its template).
    fn set_message(&self, message: String);
    /// Restarts the estimate of the time left.
    fn reset_eta(&self) {}
    /// Removes the bar.
    fn finish(&self);
}

/// How a pipeline shows its progress and reports what it did.
pub trait Ui: Sync {
    /// Whether the reports are JSON (then warnings are not printed on
    /// stderr and bars are hidden).
    fn json(&self) -> bool;
    /// A bar of `len` steps; `template` in indicatif's syntax (`{wide_bar}`,
    /// `{pos}`, `{len}`, `{msg}`, `{eta}`, `{per_sec}`, `{elapsed_precise}`).
    fn bar(&self, len: u64, template: &str) -> Box<dyn Bar>;
    /// Prints a report: `value` as one line of JSON, or `text`.
    ///
    /// # Errors
    /// If it cannot be printed.
    fn report(&self, value: &Value, text: &str) -> Result<(), TrainError>;
    /// A warning for people (stderr), left out for JSON.
    fn warn(&self, text: &str) {
        if !self.json() {
            eprintln!("{text}");
        }
    }
}

/// A [`Ui`] that shows and prints nothing, for tests and programs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Bar for Quiet {
    fn set_position(&self, _: u64) {}
    fn inc(&self, _: u64) {}
    fn set_message(&self, _: String) {}
    fn finish(&self) {}
}

impl Ui for Quiet {
    fn json(&self) -> bool {
        true
    }
    fn bar(&self, _: u64, _: &str) -> Box<dyn Bar> {
        Box::new(Quiet)
    }
    fn report(&self, _: &Value, _: &str) -> Result<(), TrainError> {
        Ok(())
    }
}

/// What every `generate` step takes: the data file, the games it should
/// hold, the seed, the worker threads and the games between two writes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct RunOptions {
    /// The data file: created, or resumed when it exists (the same seed and
    /// settings).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub out: PathBuf,
    /// Games the file should hold when done (those it has count).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 1000))]
    pub games: u64,
    /// The seed of the games.
    #[cfg_attr(feature = "clap", arg(long, value_name = "S", default_value_t = 1))]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[cfg_attr(feature = "clap", arg(long, value_name = "T", default_value_t = 0))]
    pub threads: usize,
    /// Games played between two writes of the file.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 32))]
    pub batch: u64,
}

impl RunOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// For a batch of no games.
    pub fn check(&self) -> Result<(), TrainError> {
        if self.batch == 0 {
            return Err(TrainError::new("--batch must be at least 1"));
        }
        Ok(())
    }
}

/// The random numbers of game `index` of `seed`: the same on every machine.
#[must_use]
pub fn game_rng(seed: u64, index: u64) -> Rng {
    Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index))
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

/// Plays games `first..first + count` with `play`, one worker thread per
/// player, and returns their records in the order of the games.
pub fn play_batch<P: Send, R: Send>(
    players: &mut [P],
    first: u64,
    count: u64,
    bar: &dyn Bar,
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

/// Plays games with `play` on players made by `new_player` (one thread
/// each), `run.batch` games between two writes to the data file, until it
/// holds `run.games` games; then reports what the file holds. `settings`
/// are what the file's header keeps besides the seed
/// ([`Record::Settings`]): a file is resumed only with the same ones.
///
/// # Errors
/// If the file cannot be opened or written, was made with other settings,
/// a player cannot be made, or the report cannot be printed.
pub fn generate<P: Send, R: Record + Send>(
    run: &RunOptions,
    settings: R::Settings,
    new_player: impl Fn() -> Result<P, TrainError>,
    ui: &dyn Ui,
    play: impl Fn(&mut P, u64) -> Vec<R> + Sync,
) -> Result<(), TrainError> {
    run.check()?;
    let mut writer = Writer::<R>::open(&run.out, run.seed, settings)?;
    let mut players = (0..threads(run.threads))
        .map(|_| new_player())
        .collect::<Result<Vec<_>, _>>()?;
    let already = writer.header().games;
    let bar = ui.bar(
        run.games,
        "games [{wide_bar}] {pos}/{len} {per_sec} eta {eta}",
    );
    bar.set_position(already.min(run.games));
    bar.reset_eta();
    let started = Instant::now();
    while writer.header().games < run.games {
        let first = writer.header().games;
        let count = run.batch.min(run.games - first);
        let records = play_batch(&mut players, first, count, &*bar, &play);
        writer.append(count, &records)?;
    }
    bar.finish();
    let header = writer.header();
    let seconds = started.elapsed().as_secs_f64();
    let file = run.out.display().to_string();
    let this_run = header.games - already;
    ui.report(
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

/// What an `info` step reports about a data file as JSON: its name, seed,
/// games and positions, and the game's own fields `more` (an object).
#[must_use]
pub fn info_json<S>(file: &Path, header: &Header<S>, more: Value) -> Value {
    let mut value = serde_json::json!({
        "file": file.display().to_string(),
        "seed": header.seed,
        "games": header.games,
        "positions": header.records,
    });
    if let (Some(fields), Value::Object(more)) = (value.as_object_mut(), more) {
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

/// Writes `bytes` to `path` through a temporary file beside it
/// (`PATH.tmp`), so that an interrupted write leaves the old file.
///
/// # Errors
/// If the file cannot be written.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path)
}

/// [`write_atomic`] with the file's name in the error.
///
/// # Errors
/// If the file cannot be written.
pub fn save(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    write_atomic(path, bytes).map_err(|e| TrainError(format!("{}: {e}", path.display())))
}

/// The progress file of a fit that runs in steps (rounds, stages, epochs)
/// and resumes: the settings it was started with (a resumed fit must have
/// the same), the steps done, the fit's own state and whether it finished.
/// It is written after each step together with the weights, so that
/// `--resume` goes on with the next step and ends where an uninterrupted
/// fit would.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The settings and data the fit depends on.
    pub settings: Value,
    /// One entry per step done, in order.
    pub steps: Vec<Value>,
    /// Whatever else the fit keeps between steps (a scale, a first error).
    pub state: Value,
    /// Whether the fit stopped for good (early stopping).
    pub finished: bool,
}

impl Progress {
    /// A fit about to start with `settings`.
    #[must_use]
    pub fn new(settings: Value, state: Value) -> Progress {
        Progress {
            settings,
            steps: Vec::new(),
            state,
            finished: false,
        }
    }

    /// Writes the progress file of the fit writing `out` (after the weights
    /// file, so that the two agree when the progress file says so).
    ///
    /// # Errors
    /// If it cannot be written.
    pub fn write(&self, out: &Path, steps_key: &str) -> Result<(), TrainError> {
        let mut value = serde_json::json!({
            "settings": self.settings,
            "finished": self.finished,
        });
        value[steps_key] = Value::Array(self.steps.clone());
        if let (Some(fields), Value::Object(state)) = (value.as_object_mut(), &self.state) {
            fields.extend(state.clone());
        }
        save(&progress_path(out), value.to_string().as_bytes())
    }

    /// The progress of an earlier fit writing `out`, which must have been
    /// started with `settings`; `state_keys` are the fields of its state.
    ///
    /// # Errors
    /// If there is no progress file, it cannot be read, or it was written
    /// with other settings or data.
    pub fn resume(
        out: &Path,
        settings: &Value,
        steps_key: &str,
        state_keys: &[&str],
    ) -> Result<Progress, TrainError> {
        let path = progress_path(out);
        let fail = |what: String| TrainError(format!("cannot resume: {what}"));
        let text =
            std::fs::read_to_string(&path).map_err(|e| fail(format!("{}: {e}", path.display())))?;
        let value: Value =
            serde_json::from_str(&text).map_err(|e| fail(format!("{}: {e}", path.display())))?;
        if &value["settings"] != settings {
            return Err(fail(format!(
                "{} was written with other settings or data: {}",
                path.display(),
                value["settings"]
            )));
        }
        let steps = value[steps_key]
            .as_array()
            .ok_or_else(|| fail(format!("{}: no list of {steps_key}", path.display())))?
            .clone();
        let mut state = serde_json::Map::new();
        for key in state_keys {
            state.insert((*key).to_owned(), value[*key].clone());
        }
        Ok(Progress {
            settings: settings.clone(),
            steps,
            state: Value::Object(state),
            finished: value["finished"].as_bool().unwrap_or(false),
        })
    }
}

/// What the progress file keeps of one round of [`fit_in_rounds`]: the
/// epochs run, the best of them and whether the round stopped early, the
/// best epoch's training and held-out errors, and the round's seconds.
#[must_use]
pub fn round_summary(report: &FitReport, seconds: f64) -> Value {
    let best = report.best();
    let held_out = best.holdout.unwrap_or(best.train);
    serde_json::json!({
        "epochs": report.last().epoch,
        "best_epoch": report.best_epoch,
        "stopped_early": report.stopped_early,
        "train_loss": best.train.loss,
        "holdout_loss": held_out.loss,
        "holdout_rmse": held_out.rmse,
        "seconds": seconds,
    })
}

/// The epochs of all the rounds in `progress` (a sum over its steps).
#[must_use]
pub fn epochs_done(progress: &Progress) -> u64 {
    progress
        .steps
        .iter()
        .filter_map(|round| round["epochs"].as_u64())
        .sum()
}

/// How [`fit_in_rounds`] goes: the rounds at most, each round's fit, and
/// the weights file whose progress file it writes.
#[derive(Clone, Copy, Debug)]
pub struct Rounds<'a> {
    /// Rounds at most.
    pub rounds: usize,
    /// Each round's fit (its epochs are the round's).
    pub options: &'a FitOptions,
    /// The weights file (the progress file is beside it).
    pub out: &'a Path,
}

/// Fits `data` in rounds of `options.epochs` epochs, each from the best
/// weights of the one before, starting from `weights`, until a round no
/// longer improves on where it started (its best epoch is 0: the fit is
/// finished) or `progress` holds `rounds` rounds. After each round
/// `save_weights` writes the weights and answers them as the file holds
/// them (rounded, for integer weights), which the next round starts from;
/// then the progress file is written (its steps under `"rounds"`, each a
/// [`round_summary`]). So a fit interrupted and resumed from those two
/// files ends where an uninterrupted one would. Returns the weights as
/// last written.
///
/// # Errors
/// A fit that cannot run (bad options, weights not matching the data), or
/// a file that cannot be written.
pub fn fit_in_rounds(
    data: &Dataset,
    mut weights: Vec<f32>,
    progress: &mut Progress,
    plan: &Rounds<'_>,
    ui: &dyn Ui,
    mut save_weights: impl FnMut(&[f32]) -> Result<Vec<f32>, TrainError>,
) -> Result<Vec<f32>, TrainError> {
    let Rounds {
        rounds,
        options,
        out,
    } = *plan;
    while !progress.finished && progress.steps.len() < rounds {
        let started = Instant::now();
        let bar = ui.bar(
            options.epochs as u64,
            &format!(
                "round {}/{rounds} fit {} rows [{{wide_bar}}] {{pos}}/{{len}} {{msg}}",
                progress.steps.len() + 1,
                data.len()
            ),
        );
        let (fitted, report) = crate::fit::fit(data, &weights, options, |epoch| {
            bar.set_position(epoch.epoch as u64);
            bar.set_message(format!(
                "loss {:.6} held out {:.6}",
                epoch.train.loss,
                epoch.holdout.map_or(f64::NAN, |h| h.loss)
            ));
        })
        .map_err(TrainError::new)?;
        bar.finish();
        progress.finished = report.best_epoch == 0;
        if !progress.finished {
            weights = fitted;
        }
        progress
            .steps
            .push(round_summary(&report, started.elapsed().as_secs_f64()));
        weights = save_weights(&weights)?;
        progress.write(out, "rounds")?;
    }
    Ok(weights)
}

/// A fresh scratch directory for one test, named after the test and the
/// process.
#[doc(hidden)]
#[must_use]
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a writable temporary directory");
    dir
}

/// The progress file of a fit that wrote `out`, for tests.
///
/// # Panics
/// If there is none or it is no JSON.
#[doc(hidden)]
#[must_use]
pub fn read_progress(out: &Path) -> Value {
    let text = std::fs::read_to_string(progress_path(out)).expect("a progress file");
    serde_json::from_str(&text).expect("JSON")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::{self, SETTINGS_BYTES, Settings};

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Number(u64);

    impl Record for Number {
        type Settings = u32;
        const MAGIC: &'static [u8; 8] = b"PLYTEST1";
        const KIND: &'static str = "a test file";
        const BYTES: usize = 8;
        fn describe(settings: &u32) -> String {
            format!("--setting {settings}")
        }
        fn write_bytes(&self, out: &mut [u8], _: &u32) {
            out.copy_from_slice(&self.0.to_le_bytes());
        }
        fn from_bytes(bytes: &[u8], _: &u32) -> Result<Number, String> {
            Ok(Number(u64::from_le_bytes(bytes.try_into().unwrap())))
        }
    }

    #[test]
    fn a_run_is_the_same_for_a_seed_whatever_the_threads_and_resumes() {
        let dir = scratch_dir("fit-run");
        let play = |_: &mut (), game: u64| {
            let mut rng = game_rng(9, game);
            (0..game % 3).map(|_| Number(rng.next_u64())).collect()
        };
        let options = |name: &str, games, threads| RunOptions {
            out: dir.join(name),
            games,
            seed: 9,
            threads,
            batch: 4,
        };
        generate(&options("a", 10, 1), 5u32, || Ok(()), &Quiet, play).unwrap();
        generate(&options("b", 6, 3), 5u32, || Ok(()), &Quiet, play).unwrap();
        generate(&options("b", 10, 2), 5u32, || Ok(()), &Quiet, play).unwrap();
        let (a, b) = (
            records::read::<Number>(&dir.join("a")).unwrap(),
            records::read::<Number>(&dir.join("b")).unwrap(),
        );
        assert_eq!(a, b);
        assert_eq!(a.0.games, 10);
        let error = generate(&options("a", 12, 1), 6u32, || Ok(()), &Quiet, play).unwrap_err();
        assert!(error.to_string().contains("--setting 5"), "{error}");
        assert_eq!(
            <u32 as Settings>::from_bytes(&[7; SETTINGS_BYTES]),
            0x0707_0707
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn progress_comes_back_with_the_same_settings_only() {
        let dir = scratch_dir("fit-progress");
        let out = dir.join("w.bin");
        let settings = serde_json::json!({"seed": 1});
        let mut progress = Progress::new(settings.clone(), serde_json::json!({"scale": 0.5}));
        progress.steps.push(serde_json::json!({"loss": 1.0}));
        progress.write(&out, "rounds").unwrap();
        assert_eq!(read_progress(&out)["scale"], 0.5);
        let back = Progress::resume(&out, &settings, "rounds", &["scale"]).unwrap();
        assert_eq!(back, progress);
        let other = serde_json::json!({"seed": 2});
        let error = Progress::resume(&out, &other, "rounds", &["scale"]).unwrap_err();
        assert!(error.to_string().contains("other settings"), "{error}");
        assert!(Progress::resume(&dir.join("x"), &settings, "rounds", &[]).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
