//! `ply train othello fit`: the pattern weights fitted to a data file, stage
//! by stage, backwards from the end of the game.
//!
//! Stage 0 (1 and 2 empty squares) is fitted first, then stage 1, and so on.
//! A position's label is, in this order of preference: the solver's exact
//! score (the data file's exact positions, 18 empties or fewer by default);
//! with `--search-depth D`, the score of a depth-`D` search that evaluates
//! with the stages already fitted (learning backwards from the endgame, as
//! Tothello and others do; the searched stage starts from the weights of
//! the stage after it); else the final disc difference of the self-play
//! game. Each stage also trains on positions up to `--neighbour-empties`
//! empty squares outside it, which smooths the tables from stage to stage;
//! a position in the windows of two stages is searched once, by the first
//! (from a depth of 4 + `--neighbour-empties` on, that search's leaves lie
//! in stages fitted before both, so the second would mostly find the same
//! score), and `--searched-rows` samples the same positions in every stage,
//! so that neighbouring stages share their searches.
//! Every label is a disc difference for the side to move; the fit is least
//! squares (ply-fit), and the weights are stored in centi-discs.
//!
//! After each stage the weights file and a progress file beside it
//! (`WEIGHTS.progress.json`) are written, so `--resume` continues an
//! interrupted fit with the next stage. The fit is the same for a seed and a
//! data file whatever the number of threads.

use super::data::{self, Sample};
use crate::engine::eval::patterns::{EMPTIES_PER_STAGE, Features, PatternSet, STAGES};
use crate::engine::eval::{PatternEvaluation, PatternWeights};
use crate::{Othello, Position};
use ply_core::search::{Engine, Limits};
use ply_fit::run::{Bar, Progress, progress_path, save};
use ply_fit::run::{TrainError, Ui};
use ply_fit::serde_json::{Value, json};
use ply_fit::{Dataset, FitOptions, FitReport, Loss, Split};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Arguments of `ply train othello fit`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct FitArgs {
    /// The data files (`ply train othello generate`), one or more: their
    /// positions are fitted together (they must share their exact empties).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "FILE", num_args = 1.., required = true)
    )]
    pub data: Vec<PathBuf>,
    /// The weights file to write (ply-othello's format; rewritten after each
    /// stage).
    #[cfg_attr(feature = "clap", arg(long, value_name = "WEIGHTS"))]
    pub out: PathBuf,
    /// Label positions without an exact score by a search of this depth
    /// with the stages already fitted (0: by the game's result; 4 to 6 is
    /// usual).
    #[cfg_attr(feature = "clap", arg(long, value_name = "D", default_value_t = 0))]
    pub search_depth: u32,
    /// Label at most this many positions of a stage by search (0: all):
    /// an even sample of the positions without an exact score is kept, the
    /// others are left out, so that the searches' cost stays bounded on
    /// large data while the exact positions are all used.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 0))]
    pub searched_rows: usize,
    /// Each stage also trains on positions this many empty squares outside it.
    #[cfg_attr(feature = "clap", arg(long, value_name = "E", default_value_t = 2))]
    pub neighbour_empties: u32,
    /// Fit only this many stages from the end of the game (the others stay
    /// zero: to compare settings on the exact stages quickly).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = STAGES))]
    pub stages: usize,
    /// Fit each stage as a change to the stage fitted before it, so that the
    /// L2 penalty pulls the weights towards that stage's instead of towards
    /// zero (a smoothness prior across stages).
    #[cfg_attr(feature = "clap", arg(long))]
    pub l2_to_previous: bool,
    /// Hold out whole games (every position of a game on the same side of
    /// the split) instead of single positions, whose neighbours in their
    /// game would be trained on.
    #[cfg_attr(feature = "clap", arg(long))]
    pub holdout_games: bool,
    /// The most passes over a stage's positions.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 40))]
    pub epochs: usize,
    /// Continue a fit that stopped: keep the stages the progress file lists.
    #[cfg_attr(feature = "clap", arg(long))]
    pub resume: bool,
    /// The optimiser's settings.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub optimiser: ply_fit::OptimiserArgs,
}

/// The optimiser's defaults of `ply train othello fit`.
pub const OPTIMISER: ply_fit::Optimiser = ply_fit::Optimiser::defaults(3, 0.05, 4096, 2.0);

impl FitArgs {
    /// The optimiser's settings: the flags given, else [`OPTIMISER`].
    #[must_use]
    pub fn optimiser(&self) -> ply_fit::Optimiser {
        self.optimiser.resolve(OPTIMISER)
    }

    fn check(&self) -> Result<(), TrainError> {
        let bad = |what: String| Err(TrainError(what));
        if self.search_depth > 12 {
            return bad(format!(
                "--search-depth {} is more than 12",
                self.search_depth
            ));
        }
        if self.optimiser().holdout >= 100 {
            return bad(format!(
                "--holdout {} is not a percentage below 100",
                self.optimiser().holdout
            ));
        }
        if !(1..=STAGES).contains(&self.stages) {
            return bad(format!("--stages {} is not 1 to {STAGES}", self.stages));
        }
        if self.neighbour_empties > 8 {
            return bad(format!(
                "--neighbour-empties {} is more than 8",
                self.neighbour_empties
            ));
        }
        Ok(())
    }

    /// The settings a resumed fit must share with the one it continues.
    fn settings(&self, headers: &[data::Header]) -> Value {
        json!({
            "data": headers.iter().map(|h| json!({"seed": h.seed, "records": h.records})).collect::<Vec<_>>(),
            "searched_rows": self.searched_rows,
            "seed": self.optimiser().seed,
            "search_depth": self.search_depth,
            "neighbour_empties": self.neighbour_empties,
            "epochs": self.epochs,
            "stages": self.stages,
            "l2_to_previous": self.l2_to_previous,
            "holdout_games": self.holdout_games,
            "patience": self.optimiser().patience,
            "learning_rate": self.optimiser().learning_rate,
            "batch": self.optimiser().batch,
            "l2": self.optimiser().l2,
            "holdout": self.optimiser().holdout,
        })
    }
}

/// How a stage's positions without an exact score were labelled.
fn label_kind(depth: u32) -> String {
    if depth == 0 {
        "result".into()
    } else {
        format!("search d{depth}")
    }
}

/// What one stage's fit did, as the progress file and the table show it.
#[derive(Clone, Debug, PartialEq)]
struct StageReport {
    stage: usize,
    rows: usize,
    exact: usize,
    /// Positions searched for this stage (the others without an exact
    /// score reuse the searches of the stage before).
    searched: usize,
    holdout_rows: usize,
    train_rmse: f64,
    holdout_rmse: f64,
    epochs: usize,
    seconds: f64,
}

impl StageReport {
    fn to_json(&self) -> Value {
        json!({
            "stage": self.stage,
            "rows": self.rows,
            "exact": self.exact,
            "searched": self.searched,
            "holdout_rows": self.holdout_rows,
            "train_rmse": self.train_rmse,
            "holdout_rmse": self.holdout_rmse,
            "epochs": self.epochs,
            "seconds": self.seconds,
        })
    }

    fn from_json(value: &Value) -> Option<StageReport> {
        let int = |key: &str| value[key].as_u64().map(|v| v as usize);
        Some(StageReport {
            stage: int("stage")?,
            rows: int("rows")?,
            exact: int("exact")?,
            searched: int("searched").unwrap_or(0),
            holdout_rows: int("holdout_rows")?,
            train_rmse: value["train_rmse"].as_f64()?,
            holdout_rmse: value["holdout_rmse"].as_f64()?,
            epochs: int("epochs")?,
            seconds: value["seconds"].as_f64()?,
        })
    }
}

/// The empty squares of stage `s` (first, last).
fn stage_empties(s: usize) -> (u32, u32) {
    let first = (s * EMPTIES_PER_STAGE + 1) as u32;
    (first, first + EMPTIES_PER_STAGE as u32 - 1)
}

/// The label of every sample without an exact score: a depth-`depth` search
/// with `evaluation`, on every core (each search starts from a cleared
/// table, so the labels do not depend on the threads).
fn search_labels(
    positions: &[Othello],
    evaluation: &PatternEvaluation,
    depth: u32,
    bar: &dyn Bar,
) -> Result<Vec<f32>, TrainError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let labels: Vec<std::sync::Mutex<f32>> = positions
        .iter()
        .map(|_| std::sync::Mutex::new(0.0))
        .collect();
    let failed = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (next, labels, failed) = (&next, &labels, &failed);
            scope.spawn(move || {
                let Some(mut engine) = Engine::<Othello, _>::try_new(evaluation.clone(), 1) else {
                    failed.store(true, Ordering::Relaxed);
                    return;
                };
                let stop = AtomicBool::new(false);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(position) = positions.get(i) else {
                        break;
                    };
                    engine.clear();
                    let result =
                        engine.search(position, &[], &Limits::depth(depth), &stop, &mut |_| {});
                    *labels[i].lock().expect("no panics while held") =
                        result.score.0 as f32 / 100.0;
                    bar.inc(1);
                }
            });
        }
    });
    if failed.load(Ordering::Relaxed) {
        return Err(TrainError::new(
            "cannot allocate a 1 MiB transposition table: ask for less with --hash",
        ));
    }
    Ok(labels
        .into_iter()
        .map(|l| l.into_inner().expect("no panics while held"))
        .collect())
}

/// The position of a sample, to search (the side to move as Black: the
/// search and the evaluation see only the side to move).
fn position_of(sample: &Sample) -> Result<Othello, TrainError> {
    Position::from_discs(sample.player, sample.opponent, ply_core::Side::First)
        .map_err(|e| TrainError(format!("a data record that is no position: {e}")))
}

/// A stage's weights as the fit's starting point, in discs.
fn to_discs(weights: &[i16]) -> Vec<f32> {
    weights.iter().map(|&w| f32::from(w) / 100.0).collect()
}

/// Fitted weights in discs stored as centi-discs.
fn to_centi_discs(weights: &[f32], out: &mut [i16]) {
    for (o, &w) in out.iter_mut().zip(weights) {
        *o = (w * 100.0).round().clamp(-32_767.0, 32_767.0) as i16;
    }
}

/// The game of each sample: a new game starts where the empty squares go up
/// (the records of a game follow each other, from its first position on).
fn games(samples: &[Sample]) -> Vec<u32> {
    let mut game = 0;
    let mut before = u32::MAX;
    samples
        .iter()
        .map(|x| {
            if x.empties() > before {
                game += 1;
            }
            before = x.empties();
            game
        })
        .collect()
}

/// The empty squares of the positions stage `s` trains on: its own and
/// `--neighbour-empties` either side.
fn stage_window(args: &FitArgs, s: usize) -> std::ops::RangeInclusive<u32> {
    let (first, last) = stage_empties(s);
    first.saturating_sub(args.neighbour_empties)..=last + args.neighbour_empties
}

/// The indices of the samples stage `s` trains on: every exact one of its
/// window and, with a search, an even sample of the others (at most
/// `--searched-rows`). The sample hashes each position by its index in the
/// data, the same for every stage, so neighbouring stages sample the same
/// positions where their windows meet and share their searches.
fn chosen_samples(args: &FitArgs, s: usize, samples: &[Sample]) -> Vec<usize> {
    let window = stage_window(args, s);
    let in_stage = |x: &Sample| window.contains(&x.empties());
    let without_exact = samples
        .iter()
        .filter(|x| in_stage(x) && x.exact.is_none())
        .count();
    let keep = if args.search_depth > 0 {
        args.searched_rows
    } else {
        0
    };
    let seed = args.optimiser().seed;
    (0..samples.len())
        .filter(|&i| {
            let x = &samples[i];
            in_stage(x) && (x.exact.is_some() || sampled(i, keep, without_exact, seed))
        })
        .collect()
}

/// The weights the searches that label stage `s` evaluate with: the stages
/// before it as fitted, stage `s` as the stage after it (fitted just
/// before), the later stages zero.
fn labelling_weights(weights: &PatternWeights, s: usize) -> PatternWeights {
    let mut labelling = weights.clone();
    if s > 0 {
        let previous = weights.stage(s - 1).to_vec();
        labelling.stage_mut(s).copy_from_slice(&previous);
    } else {
        labelling.stage_mut(0).fill(0);
    }
    for later in s + 1..STAGES {
        labelling.stage_mut(later).fill(0);
    }
    labelling
}

/// The search labels of the fit, by sample (NaN where none is known yet): a
/// position in the windows of two stages is searched once, by the first.
type SearchLabels = Vec<f32>;

/// Labels the samples `indices` by searches with [`labelling_weights`] of
/// stage `s`, into `labels`.
fn label_by_search(
    args: &FitArgs,
    s: usize,
    samples: &[Sample],
    indices: &[usize],
    weights: &PatternWeights,
    labels: &mut SearchLabels,
    ui: &dyn Ui,
) -> Result<(), TrainError> {
    if indices.is_empty() {
        return Ok(());
    }
    let bar = ui.bar(
        indices.len() as u64,
        &format!(
            "stage {s:>2} search d{} [{{wide_bar}}] {{pos}}/{{len}} eta {{eta}}",
            args.search_depth
        ),
    );
    let evaluation = PatternEvaluation::new(&labelling_weights(weights, s));
    let positions = indices
        .iter()
        .map(|&i| position_of(&samples[i]))
        .collect::<Result<Vec<_>, _>>()?;
    let found = search_labels(&positions, &evaluation, args.search_depth, &*bar)?;
    bar.finish();
    for (&i, label) in indices.iter().zip(found) {
        labels[i] = label;
    }
    Ok(())
}

/// The search labels a fit resumed at stage `s` would have kept from the
/// stages before it: those of the earlier stages' samples inside stage
/// `s`'s window, searched again as those stages searched them.
fn resumed_labels(
    args: &FitArgs,
    s: usize,
    samples: &[Sample],
    weights: &PatternWeights,
    ui: &dyn Ui,
) -> Result<SearchLabels, TrainError> {
    let mut labels = vec![f32::NAN; samples.len()];
    if args.search_depth == 0 {
        return Ok(labels);
    }
    let window = stage_window(args, s);
    for earlier in 0..s {
        let overlap: Vec<usize> = chosen_samples(args, earlier, samples)
            .into_iter()
            .filter(|&i| {
                let x = &samples[i];
                x.exact.is_none() && window.contains(&x.empties()) && labels[i].is_nan()
            })
            .collect();
        label_by_search(args, earlier, samples, &overlap, weights, &mut labels, ui)?;
    }
    Ok(labels)
}

/// Fits stage `s` on `samples` (of the games `games`), updating `weights`;
/// the searches' labels are kept in `labels` for the stages after.
fn fit_stage(
    args: &FitArgs,
    s: usize,
    samples: &[Sample],
    games: &[u32],
    weights: &mut PatternWeights,
    labels: &mut SearchLabels,
    ui: &dyn Ui,
) -> Result<StageReport, TrainError> {
    let started = Instant::now();
    let chosen = chosen_samples(args, s, samples);
    let groups: Vec<u32> = chosen.iter().map(|&i| games[i]).collect();
    let mut searched = 0;
    if args.search_depth > 0 {
        let unknown: Vec<usize> = chosen
            .iter()
            .copied()
            .filter(|&i| samples[i].exact.is_none() && labels[i].is_nan())
            .collect();
        searched = unknown.len();
        label_by_search(args, s, samples, &unknown, weights, labels, ui)?;
    }
    // Start from the stage after (fitted just before).
    if s > 0 {
        let previous = weights.stage(s - 1).to_vec();
        weights.stage_mut(s).copy_from_slice(&previous);
    }
    // With --l2-to-previous the fit learns the change from the starting
    // weights: each target less the starting weights' prediction.
    let start = to_discs(weights.stage(s));
    let relative = args.l2_to_previous && s > 0;
    let mut data = Dataset::new(PatternWeights::per_stage() as u32);
    let mut exact = 0;
    for &i in &chosen {
        let sample = &samples[i];
        let target = match sample.exact {
            Some(score) => {
                exact += 1;
                f32::from(score)
            }
            None if args.search_depth > 0 => labels[i],
            None => f32::from(sample.result),
        };
        let features = Features::of::<crate::BitboardGenerator>(sample.player, sample.opponent);
        let base: f32 = if relative {
            features
                .entries
                .iter()
                .map(|&(i, v)| start[i as usize] * v)
                .sum()
        } else {
            0.0
        };
        data.push(&features.entries, target.clamp(-64.0, 64.0) - base)
            .map_err(|e| TrainError(e.to_string()))?;
    }
    if data.is_empty() {
        return Ok(StageReport {
            stage: s,
            rows: 0,
            exact: 0,
            searched,
            holdout_rows: 0,
            train_rmse: 0.0,
            holdout_rmse: 0.0,
            epochs: 0,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    let train_rows =
        (data.len() as f64 * (1.0 - f64::from(args.optimiser().holdout) / 100.0)).max(1.0);
    let optimiser = args.optimiser();
    let options = FitOptions {
        l2: optimiser.l2 / train_rows,
        seed: optimiser.seed.wrapping_add(s as u64),
        ..optimiser.fit_options(Loss::Squared, args.epochs)
    };
    let bar = ui.bar(
        args.epochs as u64,
        &format!(
            "stage {s:>2} fit {} rows [{{wide_bar}}] {{pos}}/{{len}} {{msg}}",
            data.len()
        ),
    );
    let initial = if relative {
        vec![0.0; start.len()]
    } else {
        start.clone()
    };
    let split = if args.holdout_games {
        Split::by_group(&groups, options.holdout_fraction, options.seed)
    } else {
        Split::new(data.len(), options.holdout_fraction, options.seed)
    };
    let (mut fitted, report): (Vec<f32>, FitReport) =
        ply_fit::fit_split(&data, &initial, &options, split, |epoch| {
            bar.set_position(epoch.epoch as u64);
            bar.set_message(format!(
                "train {:.2} held out {:.2} discs",
                epoch.train.rmse,
                epoch.holdout.map_or(f64::NAN, |h| h.rmse)
            ));
        })
        .map_err(|e| TrainError(format!("stage {s}: {e}")))?;
    bar.finish();
    if relative {
        for (w, &b) in fitted.iter_mut().zip(&start) {
            *w += b;
        }
    }
    to_centi_discs(&fitted, weights.stage_mut(s));
    let best = report.best();
    Ok(StageReport {
        stage: s,
        rows: data.len(),
        exact,
        searched,
        holdout_rows: report.holdout_rows,
        train_rmse: best.train.rmse,
        holdout_rmse: best.holdout.map_or(f64::NAN, |h| h.rmse),
        epochs: report.last().epoch,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The samples of every data file in `paths`, one file after the other, and
/// the files' headers; the files must share their settings (the exact
/// empties).
fn read_data(paths: &[PathBuf]) -> Result<(Vec<data::Header>, Vec<Sample>), TrainError> {
    let mut headers: Vec<data::Header> = Vec::new();
    let mut samples = Vec::new();
    for path in paths {
        let (header, mut more) = data::read(path).map_err(|e| TrainError(e.to_string()))?;
        if let Some(first) = headers.first()
            && first.settings != header.settings
        {
            return Err(TrainError(format!(
                "{}: made with --exact-empties {}, {} with {}: fit files of one setting together",
                path.display(),
                header.settings,
                paths[0].display(),
                first.settings
            )));
        }
        headers.push(header);
        samples.append(&mut more);
    }
    Ok((headers, samples))
}

/// Whether the `index`-th position without an exact score of a stage is
/// kept when `keep` of its `of` such positions may be searched: an even,
/// seeded sample (a hash of the index against the kept fraction).
fn sampled(index: usize, keep: usize, of: usize, seed: u64) -> bool {
    if keep == 0 || keep >= of {
        return true;
    }
    let mut x = (index as u64) ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (u128::from(x) * of as u128) < (keep as u128) << 64
}

/// The weights and stage reports of an earlier run with the same settings.
fn resume(
    args: &FitArgs,
    settings: &Value,
) -> Result<(PatternWeights, Vec<StageReport>), TrainError> {
    let progress = Progress::resume(&args.out, settings, "stages", &[])?;
    let weights = PatternWeights::read_file(&args.out)
        .map_err(|e| TrainError(format!("cannot resume: {e}")))?;
    let stages = progress
        .steps
        .iter()
        .map(StageReport::from_json)
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| TrainError::new("cannot resume: a bad stage in the progress file"))?;
    Ok((weights, stages))
}

/// Runs `ply train othello fit`.
pub fn run(args: &FitArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    args.check()?;
    let started = Instant::now();
    let (headers, samples) = read_data(&args.data)?;
    let settings = args.settings(&headers);
    let (mut weights, mut reports) = if args.resume && progress_path(&args.out).exists() {
        resume(args, &settings)?
    } else {
        (PatternWeights::zeros(), Vec::new())
    };
    let _ = PatternSet::get();
    let game_of = games(&samples);
    let mut labels = resumed_labels(args, reports.len(), &samples, &weights, ui)?;
    for s in reports.len()..args.stages {
        let report = fit_stage(args, s, &samples, &game_of, &mut weights, &mut labels, ui)?;
        reports.push(report);
        save(&args.out, &weights.to_bytes())?;
        let mut progress = Progress::new(settings.clone(), json!({}));
        progress.steps = reports.iter().map(StageReport::to_json).collect();
        progress.write(&args.out, "stages")?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut text = format!(
        "{}: {} positions from {}, labels: exact, else {} ({seconds:.1} s)\n",
        args.out.display(),
        samples.len(),
        args.data
            .iter()
            .map(|path| path.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        label_kind(args.search_depth)
    );
    text +=
        "stage  empties     rows    exact  searched  held out  train rmse  held-out rmse  epochs\n";
    for r in &reports {
        let (first, last) = stage_empties(r.stage);
        text += &format!(
            "{:>5}  {:>2}-{:<2}  {:>9}  {:>7}  {:>8}  {:>8}  {:>10.2}  {:>13.2}  {:>6}\n",
            r.stage,
            first,
            last,
            r.rows,
            r.exact,
            r.searched,
            r.holdout_rows,
            r.train_rmse,
            r.holdout_rmse,
            r.epochs
        );
    }
    text += "(errors in discs; rows include the neighbouring empties; searched: new searches, \
             the other rows without an exact score reuse the stage before's)";
    ui.report(
        &json!({
            "out": args.out.display().to_string(),
            "positions": samples.len(),
            "labels": label_kind(args.search_depth),
            "stages": reports.iter().map(StageReport::to_json).collect::<Vec<_>>(),
            "seconds": seconds,
        }),
        &text,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::generate::{self, GenerateArgs};
    use ply_fit::run::Quiet;
    use std::path::Path;

    /// A scratch directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ply-train-fit-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A few quick self-play games, exact from 8 empties.
    fn games(dir: &Path) -> PathBuf {
        let data = dir.join("games.bin");
        generate::run(&generate_args(&data), &Quiet).unwrap();
        data
    }

    /// The settings of [`games`], writing to `data`.
    fn generate_args(data: &Path) -> GenerateArgs {
        GenerateArgs {
            run: ply_fit::run::RunOptions {
                out: data.to_owned(),
                games: 6,
                seed: 2,
                threads: 2,
                batch: 3,
            },
            exact_empties: 8,
            depth: 1,
            opening_plies: 20,
            noise: 10,
            endgame_noise: 20,
        }
    }

    fn args(data: &Path, out: PathBuf) -> FitArgs {
        FitArgs {
            data: vec![data.to_owned()],
            out,
            search_depth: 2,
            searched_rows: 0,
            neighbour_empties: 2,
            stages: STAGES,
            l2_to_previous: false,
            holdout_games: false,
            epochs: 3,
            resume: false,
            optimiser: ply_fit::OptimiserArgs {
                seed: Some(4),
                patience: Some(3),
                learning_rate: Some(0.05),
                batch: Some(64),
                l2: Some(2.0),
                holdout: Some(20),
            },
        }
    }

    #[test]
    fn a_fit_is_the_same_for_a_seed_and_resumes_where_it_stopped() {
        let dir = scratch("resume");
        let data = games(&dir);
        let whole = args(&data, dir.join("whole.bin"));
        run(&whole, &Quiet).unwrap();
        let weights = PatternWeights::read(std::fs::File::open(&whole.out).unwrap()).unwrap();
        assert_ne!(weights, PatternWeights::zeros());
        let stages = ply_fit::run::read_progress(&whole.out)["stages"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(stages.len(), STAGES);
        // The endgame stages are fitted on exact scores.
        assert!(stages[0]["exact"].as_u64().unwrap() > 0);
        assert_eq!(stages[14]["exact"].as_u64(), Some(0));

        // Again, stopped after 5 stages (as an interrupted run leaves it).
        let mut part = args(&data, dir.join("part.bin"));
        run(&part, &Quiet).unwrap();
        let mut cut = ply_fit::run::read_progress(&part.out);
        cut["stages"].as_array_mut().unwrap().truncate(5);
        let mut partial = PatternWeights::read(std::fs::File::open(&part.out).unwrap()).unwrap();
        for s in 5..STAGES {
            partial.stage_mut(s).fill(0);
        }
        std::fs::write(&part.out, partial.to_bytes()).unwrap();
        std::fs::write(progress_path(&part.out), cut.to_string()).unwrap();
        part.resume = true;
        run(&part, &Quiet).unwrap();
        assert_eq!(
            std::fs::read(&part.out).unwrap(),
            std::fs::read(&whole.out).unwrap()
        );

        // Resuming with other settings is refused.
        part.optimiser.seed = Some(5);
        let error = run(&part, &Quiet).unwrap_err().to_string();
        assert!(error.contains("other settings"), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn games_start_where_the_empty_squares_go_up() {
        let sample = |empties: u32| Sample {
            player: 0,
            opponent: !0u64 >> empties,
            exact: None,
            result: 0,
        };
        let samples: Vec<Sample> = [60, 59, 58, 58, 3, 60, 59, 2, 50, 49]
            .into_iter()
            .map(sample)
            .collect();
        assert_eq!(super::games(&samples), [0, 0, 0, 0, 0, 1, 1, 1, 2, 2]);
    }

    #[test]
    fn several_data_files_are_fitted_together_and_must_share_their_settings() {
        let dir = scratch("several");
        let first = games(&dir);
        let second = dir.join("second.bin");
        std::fs::copy(&first, &second).unwrap();
        let rows = |args: &FitArgs| -> Vec<u64> {
            run(args, &Quiet).unwrap();
            ply_fit::run::read_progress(&args.out)["stages"]
                .as_array()
                .unwrap()
                .iter()
                .map(|stage| stage["rows"].as_u64().unwrap())
                .collect()
        };
        let mut one = args(&first, dir.join("one.bin"));
        one.stages = 3;
        let two = FitArgs {
            data: vec![first.clone(), second.clone()],
            out: dir.join("two.bin"),
            ..one.clone()
        };
        let (single, double) = (rows(&one), rows(&two));
        assert!(single.iter().all(|&r| r > 0), "{single:?}");
        assert_eq!(double, single.iter().map(|r| 2 * r).collect::<Vec<_>>());

        // A file of another --exact-empties is refused, naming both.
        let other = dir.join("other.bin");
        let mut other_args = generate_args(&other);
        other_args.exact_empties = 6;
        generate::run(&other_args, &Quiet).unwrap();
        let mixed = FitArgs {
            data: vec![first, other],
            ..one
        };
        let error = run(&mixed, &Quiet).unwrap_err().to_string();
        assert!(error.contains("--exact-empties 6"), "{error}");
        assert!(error.contains("with 8"), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn searched_rows_bounds_the_positions_labelled_by_search() {
        let dir = scratch("searched");
        let data = games(&dir);
        let mut all = args(&data, dir.join("all.bin"));
        all.stages = STAGES;
        let mut few = FitArgs {
            out: dir.join("few.bin"),
            searched_rows: 8,
            ..all.clone()
        };
        let stages = |args: &FitArgs| -> Vec<(u64, u64)> {
            run(args, &Quiet).unwrap();
            ply_fit::run::read_progress(&args.out)["stages"]
                .as_array()
                .unwrap()
                .iter()
                .map(|stage| {
                    let rows = stage["rows"].as_u64().unwrap();
                    (rows, rows - stage["exact"].as_u64().unwrap())
                })
                .collect()
        };
        let (whole, bounded) = (stages(&all), stages(&few));
        for ((rows, searched), (rows_few, searched_few)) in whole.iter().zip(&bounded) {
            // The exact positions are all kept; about 8 searched ones.
            assert_eq!(rows - searched, rows_few - searched_few);
            if *searched > 24 {
                assert!(
                    (2..=18).contains(searched_few),
                    "{searched_few} of {searched}"
                );
            } else {
                assert!(searched_few <= searched);
            }
        }
        assert!(whole.iter().any(|(_, searched)| *searched > 24));
        // Without a search the bound does not apply (the labels cost nothing).
        few.search_depth = 0;
        all.search_depth = 0;
        all.out = dir.join("all0.bin");
        assert_eq!(stages(&few), stages(&all));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_position_in_two_stages_windows_is_searched_once() {
        let dir = scratch("once");
        let data = games(&dir);
        // The new searches and the rows without an exact score of a fit.
        let searches_and_rows = |args: &FitArgs| -> (u64, u64) {
            run(args, &Quiet).unwrap();
            let progress = ply_fit::run::read_progress(&args.out);
            let stages = progress["stages"].as_array().unwrap();
            let sum = |f: &dyn Fn(&Value) -> u64| stages.iter().map(f).sum::<u64>();
            (
                sum(&|stage| stage["searched"].as_u64().unwrap()),
                sum(&|stage| stage["rows"].as_u64().unwrap() - stage["exact"].as_u64().unwrap()),
            )
        };
        let all = args(&data, dir.join("all.bin"));
        let (searched, labelled) = searches_and_rows(&all);
        let (_, samples) = read_data(&all.data).unwrap();
        let without_exact = samples.iter().filter(|x| x.exact.is_none()).count();
        assert_eq!(searched, without_exact as u64);
        // With two neighbour empties most positions are in two windows.
        assert!(
            labelled * 2 > searched * 3,
            "{labelled} rows, {searched} searches"
        );

        // A bounded sample shares its positions between neighbouring stages
        // too: fewer searches than rows.
        let few = FitArgs {
            out: dir.join("few.bin"),
            searched_rows: 40,
            ..all
        };
        let (searched, labelled) = searches_and_rows(&few);
        assert!(
            searched * 5 < labelled * 4,
            "{labelled} rows, {searched} searches"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_search_sample_keeps_about_the_fraction_asked_for() {
        for (keep, of) in [(100, 1000), (1, 3), (999, 1000)] {
            let kept = (0..of).filter(|&i| sampled(i, keep, of, 7)).count();
            let expected = keep as f64;
            let spread = 4.0 * expected.sqrt() + 2.0;
            assert!(
                (kept as f64 - expected).abs() <= spread,
                "{kept} of {of} for {keep}"
            );
        }
        assert!((0..50).all(|i| sampled(i, 0, 50, 1) && sampled(i, 60, 50, 1)));
        // Another seed keeps other positions.
        let a: Vec<bool> = (0..200).map(|i| sampled(i, 50, 200, 1)).collect();
        let b: Vec<bool> = (0..200).map(|i| sampled(i, 50, 200, 2)).collect();
        assert_ne!(a, b);
    }

    #[test]
    fn a_fit_holding_out_whole_games_runs() {
        let dir = scratch("games");
        let data = games(&dir);
        let mut by_games = args(&data, dir.join("w.bin"));
        by_games.holdout_games = true;
        by_games.stages = 2;
        by_games.optimiser.holdout = Some(50);
        run(&by_games, &Quiet).unwrap();
        let stages = ply_fit::run::read_progress(&by_games.out)["stages"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(stages.len(), 2);
        assert!(stages[0]["holdout_rows"].as_u64().unwrap() > 0);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn bad_arguments_and_files_are_errors() {
        let dir = scratch("bad");
        let missing = args(&dir.join("missing.bin"), dir.join("w.bin"));
        assert!(run(&missing, &Quiet).is_err());
        let deep = FitArgs {
            search_depth: 13,
            ..args(&dir.join("x"), dir.join("w.bin"))
        };
        assert!(
            run(&deep, &Quiet)
                .unwrap_err()
                .to_string()
                .contains("--search-depth")
        );
        let all_held_out = FitArgs {
            optimiser: ply_fit::OptimiserArgs {
                holdout: Some(100),
                ..Default::default()
            },
            ..args(&dir.join("x"), dir.join("w.bin"))
        };
        assert!(run(&all_held_out, &Quiet).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
