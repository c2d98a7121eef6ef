//! `ply train chess fit`: the evaluation's weights fitted to the results of
//! the games (Texel tuning).
//!
//! Every position becomes a row of the features of the evaluation
//! ([`LinearTerms`]): each feature twice, its count times the middle-game
//! share of the phase and times the endgame share, both times the endgame
//! scale of the position, so that the dot product with the weights is the
//! evaluation (White's point of view, in centipawns). The target is White's
//! result (0, ½, 1). First the logistic scale `K` that best maps the
//! starting weights' scores to the results is found (`ply_fit::fit_scale`);
//! then the weights are fitted by Adam on the log loss of `sigmoid(K ·
//! score)`, with a share of the positions held out to stop when they stop
//! improving. The fit learns how far each weight moves from the starting
//! weights (and a factor of the starting evaluation), and its L2 term pulls
//! those moves towards 0: a feature the data seldom shows keeps about its
//! starting weight.
//!
//! The fit runs in rounds of `--round-epochs` epochs, each from the weights
//! of the round before; after each round the weights file and a progress
//! file beside it (`WEIGHTS.progress.json`) are written, so `--resume`
//! continues an interrupted fit with the next round and ends where an
//! uninterrupted one would. The fit stops after `--rounds` rounds or at the
//! first round that does not lower the held-out loss. It is the same for a
//! seed and a data file whatever the number of threads.

use super::data::{self, Sample};
use crate::engine::LinearTerms;
use crate::engine::eval::FULL_PHASE;
use crate::engine::features::{FEATURE_COUNT, GROUPS, Pair, WEIGHTS, Weights};
use ply_fit::run::{Bar, Progress, save};
use ply_fit::run::{TrainError, Ui};
use ply_fit::serde_json::{Value, json};
use ply_fit::{Dataset, Loss};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `ply train chess fit`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct FitArgs {
    /// The data file (`ply train chess generate`).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub data: PathBuf,
    /// The weights file to write (rewritten after each round); copy it to
    /// crates/ply-chess/src/engine/weights.bin to build ply with it.
    #[cfg_attr(feature = "clap", arg(long, value_name = "WEIGHTS"))]
    pub out: PathBuf,
    /// The weights to start from (default: the compiled-in ones).
    #[cfg_attr(feature = "clap", arg(long, value_name = "WEIGHTS"))]
    pub init: Option<PathBuf>,
    /// The most rounds.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 10))]
    pub rounds: usize,
    /// Epochs per round (passes over the positions).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 10))]
    pub round_epochs: usize,
    /// Keep a feature group at its starting weights (times the starting
    /// evaluation's factor); may be given more than once, e.g. `--freeze
    /// piece_square`.
    #[cfg_attr(feature = "clap", arg(long, value_name = "GROUP"))]
    pub freeze: Vec<String>,
    /// Continue a fit that stopped: keep the rounds the progress file lists.
    #[cfg_attr(feature = "clap", arg(long))]
    pub resume: bool,
    /// The optimiser's settings.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub optimiser: ply_fit::OptimiserArgs,
}

/// The optimiser's defaults of `ply train chess fit`.
pub const OPTIMISER: ply_fit::Optimiser = ply_fit::Optimiser::defaults(3, 1.0, 8192, 2e-8);

impl FitArgs {
    /// The optimiser's settings: the flags given, else [`OPTIMISER`].
    #[must_use]
    pub fn optimiser(&self) -> ply_fit::Optimiser {
        self.optimiser.resolve(OPTIMISER)
    }

    fn check(&self) -> Result<(), TrainError> {
        let bad = |what: String| Err(TrainError(what));
        if self.optimiser().holdout == 0 || self.optimiser().holdout >= 100 {
            return bad(format!(
                "--holdout {} is not a percentage in 1..=99",
                self.optimiser().holdout
            ));
        }
        if self.rounds == 0 || self.round_epochs == 0 {
            return bad("--rounds and --round-epochs must be at least 1".into());
        }
        self.frozen()?;
        Ok(())
    }

    /// Whether each feature is frozen (`--freeze`).
    fn frozen(&self) -> Result<Vec<bool>, TrainError> {
        let mut frozen = vec![false; FEATURE_COUNT];
        for name in &self.freeze {
            let group = GROUPS.iter().find(|g| g.name == name).ok_or_else(|| {
                let names: Vec<&str> = GROUPS.iter().map(|g| g.name).collect();
                TrainError(format!(
                    "--freeze {name}: no such feature group (the groups: {})",
                    names.join(", ")
                ))
            })?;
            frozen[group.start..group.end()].fill(true);
        }
        Ok(frozen)
    }

    /// The settings a resumed fit must share with the one it continues.
    fn settings(&self, header: &data::Header, init: &Weights) -> Value {
        json!({
            "data_seed": header.seed,
            "data_records": header.records,
            "init_hash": weights_hash(init),
            "seed": self.optimiser().seed,
            "round_epochs": self.round_epochs,
            "patience": self.optimiser().patience,
            "learning_rate": self.optimiser().learning_rate,
            "batch": self.optimiser().batch,
            "l2": self.optimiser().l2,
            "holdout": self.optimiser().holdout,
            "freeze": self.freeze,
        })
    }
}

/// A hash of a weights file's bytes, to tell starting points apart.
fn weights_hash(weights: &Weights) -> String {
    let hash = weights
        .to_bytes()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    format!("{hash:016x}")
}

/// The weights as the fit's vector: how far each feature's middle-game
/// and endgame weight lies from the starting weights `init`, then the
/// factor of the starting evaluation (1).
fn to_vector(weights: &Weights, init: &Weights) -> Vec<f32> {
    weights
        .0
        .iter()
        .zip(&init.0)
        .flat_map(|(p, i)| [(p.0 - i.0) as f32, (p.1 - i.1) as f32])
        .chain([1.0])
        .collect()
}

/// The fit's vector as weights (`factor · init + difference`), rounded to
/// centipawns.
fn from_vector(vector: &[f32], init: &Weights) -> Weights {
    let factor = vector[2 * FEATURE_COUNT];
    let mut weights = Weights::ZERO;
    for ((pair, start), difference) in weights.0.iter_mut().zip(&init.0).zip(vector.chunks(2)) {
        *pair = Pair(
            (factor * start.0 as f32 + difference[0]).round() as i32,
            (factor * start.1 as f32 + difference[1]).round() as i32,
        );
    }
    weights
}

/// The dataset of the samples: one row per position whose evaluation is
/// linear in the features, each feature's middle-game and endgame share,
/// then the evaluation with the starting weights `init` (so that the fit
/// learns differences from them, which the L2 term keeps small); returns
/// it and how many positions were left out.
fn dataset(
    samples: &[Sample],
    init: &Weights,
    frozen: &[bool],
    bar: &dyn Bar,
) -> Result<(Dataset, usize), TrainError> {
    let mut data = Dataset::new(2 * FEATURE_COUNT as u32 + 1);
    let mut skipped = 0;
    let mut entries: Vec<(u32, f32)> = Vec::with_capacity(256);
    let full = FULL_PHASE as f32;
    for sample in samples {
        bar.inc(1);
        let Some(mut terms) = LinearTerms::with(&sample.position, init) else {
            skipped += 1;
            continue;
        };
        terms.counts.sort_unstable_by_key(|&(f, _)| f);
        let middle = terms.phase as f32 / full * terms.scale as f32;
        let end = (full - terms.phase as f32) / full * terms.scale as f32;
        entries.clear();
        let mut i = 0;
        while i < terms.counts.len() {
            let feature = terms.counts[i].0;
            let mut count = 0;
            while i < terms.counts.len() && terms.counts[i].0 == feature {
                count += terms.counts[i].1;
                i += 1;
            }
            if count != 0 {
                let count = count as f32;
                entries.push((2 * feature as u32, count * middle));
                entries.push((2 * feature as u32 + 1, count * end));
            }
        }
        let start: f32 = entries
            .iter()
            .map(|&(i, value)| {
                let pair = init.0[i as usize / 2];
                value * if i % 2 == 0 { pair.0 } else { pair.1 } as f32
            })
            .sum();
        // A frozen feature counts only through the starting evaluation.
        entries.retain(|&(i, _)| !frozen[i as usize / 2]);
        entries.push((2 * FEATURE_COUNT as u32, start));
        data.push(&entries, sample.white_result())
            .map_err(|e| TrainError(e.to_string()))?;
    }
    Ok((data, skipped))
}

/// The mean log loss of `weights` on every row, at `scale`.
fn log_loss(data: &Dataset, weights: &[f32], scale: f64) -> f64 {
    let total: f64 = data
        .rows()
        .map(|row| {
            let p = (1.0 / (1.0 + (-scale * row.dot(weights)).exp())).clamp(1e-12, 1.0 - 1e-12);
            let y = f64::from(row.target);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / data.len().max(1) as f64
}

/// Reads a weights file.
///
/// # Errors
/// If it cannot be read or is no weights file for this version of ply.
pub fn read_weights(path: &Path) -> Result<Weights, TrainError> {
    let bytes = std::fs::read(path).map_err(|e| TrainError(format!("{}: {e}", path.display())))?;
    Weights::from_bytes(&bytes).map_err(|e| TrainError(format!("{}: {e}", path.display())))
}

/// The weights and progress of an earlier run with the same settings.
fn resume(args: &FitArgs, settings: &Value) -> Result<(Weights, Progress), TrainError> {
    let progress = Progress::resume(
        &args.out,
        settings,
        "rounds",
        &["scale", "initial_holdout_loss"],
    )?;
    if progress.state["scale"].as_f64().is_none() {
        return Err(TrainError::new(
            "cannot resume: no scale in the progress file",
        ));
    }
    Ok((read_weights(&args.out)?, progress))
}

/// Runs `ply train chess fit`.
pub fn run(args: &FitArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    args.check()?;
    let started = Instant::now();
    let (header, samples) = data::read(&args.data).map_err(|e| TrainError(e.to_string()))?;
    let init = match &args.init {
        Some(path) => read_weights(path)?,
        None => WEIGHTS.clone(),
    };
    let settings = args.settings(&header, &init);
    let rows_bar = ui.bar(
        samples.len() as u64,
        "features [{wide_bar}] {pos}/{len} eta {eta}",
    );
    let (data, skipped) = dataset(&samples, &init, &args.frozen()?, &*rows_bar)?;
    rows_bar.finish();
    drop(samples);
    let holdout = f64::from(args.optimiser().holdout) / 100.0;
    let (weights, mut progress) = if args.resume {
        resume(args, &settings)?
    } else {
        let scale = ply_fit::fit_scale(&data, &to_vector(&init, &init), 1e-4, 0.05);
        let split = ply_fit::Split::new(data.len(), holdout, args.optimiser().seed);
        let held_out = held_out_loss(&data, &split, &to_vector(&init, &init), scale);
        let progress = Progress::new(
            settings,
            json!({ "scale": scale, "initial_holdout_loss": held_out }),
        );
        (init.clone(), progress)
    };
    let scale = progress.state["scale"].as_f64().unwrap_or(f64::NAN);
    let options = args
        .optimiser()
        .fit_options(Loss::Logistic { scale }, args.round_epochs);
    let save_weights = |vector: &[f32]| {
        let weights = from_vector(vector, &init);
        save(&args.out, &weights.to_bytes())?;
        Ok(to_vector(&weights, &init))
    };
    let fitted = ply_fit::run::fit_in_rounds(
        &data,
        to_vector(&weights, &init),
        &mut progress,
        &ply_fit::run::Rounds {
            rounds: args.rounds,
            options: &options,
            out: &args.out,
        },
        ui,
        save_weights,
    )?;
    if progress.steps.is_empty() {
        save_weights(&fitted)?;
        progress.write(&args.out, "rounds")?;
    }
    let weights = from_vector(&fitted, &init);
    let split = ply_fit::Split::new(data.len(), holdout, args.optimiser().seed);
    let vector = to_vector(&weights, &init);
    let final_loss = held_out_loss(&data, &split, &vector, scale);
    let whole_loss = log_loss(&data, &vector, scale);
    report(
        args,
        ui,
        &Summary {
            positions: header.records,
            rows: data.len(),
            skipped,
            holdout_rows: split.holdout.len(),
            scale,
            initial_holdout_loss: progress.state["initial_holdout_loss"]
                .as_f64()
                .unwrap_or(f64::NAN),
            holdout_loss: final_loss,
            loss: whole_loss,
            rounds: progress.steps.len(),
            epochs: ply_fit::run::epochs_done(&progress) as usize,
            seconds: started.elapsed().as_secs_f64(),
        },
    )
}

/// The mean log loss of `weights` on the held-out rows of `split`.
fn held_out_loss(data: &Dataset, split: &ply_fit::Split, weights: &[f32], scale: f64) -> f64 {
    let mut held_out = Dataset::new(data.features());
    for &i in &split.holdout {
        let row = data.row(i as usize);
        let entries: Vec<(u32, f32)> = row
            .indices
            .iter()
            .copied()
            .zip(row.values.iter().copied())
            .collect();
        held_out
            .push(&entries, row.target)
            .expect("a row of a valid dataset");
    }
    log_loss(&held_out, weights, scale)
}

/// What the fit reports at the end.
struct Summary {
    positions: u64,
    rows: usize,
    skipped: usize,
    holdout_rows: usize,
    scale: f64,
    initial_holdout_loss: f64,
    holdout_loss: f64,
    loss: f64,
    rounds: usize,
    epochs: usize,
    seconds: f64,
}

fn report(args: &FitArgs, ui: &dyn Ui, s: &Summary) -> Result<(), TrainError> {
    ui.report(
        &json!({
            "weights": args.out.display().to_string(),
            "positions": s.positions,
            "rows": s.rows,
            "skipped": s.skipped,
            "holdout_rows": s.holdout_rows,
            "scale": s.scale,
            "initial_holdout_loss": s.initial_holdout_loss,
            "holdout_loss": s.holdout_loss,
            "loss": s.loss,
            "rounds": s.rounds,
            "epochs": s.epochs,
            "seconds": s.seconds,
        }),
        &format!(
            "{}: fitted on {} positions ({} left out: no mating material or a bare king), {} held out\n\
             scale K = {:.6} per centipawn; held-out log loss {:.6} -> {:.6} (all positions {:.6}); {} rounds, {} epochs, {:.1} s",
            args.out.display(),
            s.rows,
            s.skipped,
            s.holdout_rows,
            s.scale,
            s.initial_holdout_loss,
            s.holdout_loss,
            s.loss,
            s.rounds,
            s.epochs,
            s.seconds
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::super::generate::{self, GenerateArgs};
    use super::*;
    use ply_fit::run::{Quiet, RunOptions, scratch_dir};

    /// A few quick self-play games.
    fn games(dir: &Path) -> PathBuf {
        let run = RunOptions {
            out: dir.join("games.bin"),
            games: 6,
            seed: 2,
            threads: 2,
            batch: 3,
        };
        let out = run.out.clone();
        let quick = GenerateArgs {
            run,
            nodes: 300,
            depth: None,
            opening_plies: 10,
            adjudicate: 600,
            max_plies: 160,
        };
        generate::run(&quick, &Quiet).unwrap();
        out
    }

    /// Quick settings: a fit of `data` into `name` beside it.
    fn args(data: &Path, name: &str) -> FitArgs {
        FitArgs {
            out: data.with_file_name(name),
            data: data.to_owned(),
            init: None,
            rounds: 3,
            round_epochs: 2,
            freeze: Vec::new(),
            resume: false,
            optimiser: ply_fit::OptimiserArgs {
                seed: Some(4),
                patience: Some(2),
                learning_rate: Some(1.0),
                batch: Some(64),
                l2: Some(0.0),
                holdout: Some(20),
            },
        }
    }

    #[test]
    fn the_rows_are_the_evaluation() {
        let dir = scratch_dir("chess-fit-rows");
        let (_, samples) = data::read(&games(&dir)).unwrap();
        let (data, _) = dataset(
            &samples,
            &WEIGHTS,
            &[false; FEATURE_COUNT],
            &ply_fit::run::Quiet,
        )
        .unwrap();
        let weights = to_vector(&WEIGHTS, &WEIGHTS);
        let linear: Vec<&Sample> = samples
            .iter()
            .filter(|s| LinearTerms::of(&s.position).is_some())
            .collect();
        assert_eq!(linear.len(), data.len());
        for (sample, row) in linear.into_iter().zip(data.rows()) {
            let white = crate::engine::Evaluation::white_score(&sample.position);
            let terms = LinearTerms::of(&sample.position).unwrap();
            let expected = f64::from(white) * terms.scale;
            assert!(
                (row.dot(&weights) - expected).abs() <= 1.5,
                "{}: {} against {expected}",
                sample.position.fen(),
                row.dot(&weights)
            );
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// What `run` says when it fails.
    fn error_of(args: &FitArgs) -> String {
        run(args, &Quiet).unwrap_err().to_string()
    }

    #[test]
    fn a_fit_is_the_same_for_a_seed_and_resumes_where_it_stopped() {
        let dir = scratch_dir("chess-fit-resume");
        let data = games(&dir);
        let fitted = |name: &str, rounds_first: usize| {
            let mut fit = args(&data, name);
            fit.rounds = rounds_first;
            run(&fit, &Quiet).unwrap();
            if rounds_first < 3 {
                // Stopped early, as an interrupted run leaves it: resume.
                fit.rounds = 3;
                fit.resume = true;
                run(&fit, &Quiet).unwrap();
            }
            (read_weights(&fit.out).unwrap(), fit)
        };
        let (whole, _) = fitted("whole.bin", 3);
        assert_ne!(whole, WEIGHTS);
        assert!(
            !ply_fit::run::read_progress(&dir.join("whole.bin"))["rounds"]
                .as_array()
                .unwrap()
                .is_empty()
        );
        let (resumed, mut part) = fitted("part.bin", 1);
        assert_eq!(resumed, whole);
        part.optimiser.seed = Some(5);
        assert!(error_of(&part).contains("other settings"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn bad_arguments_and_files_are_errors() {
        let dir = scratch_dir("chess-fit-bad");
        let in_dir = |holdout: u32, freeze: &[&str]| {
            let mut args = FitArgs {
                freeze: freeze.iter().map(|&g| g.to_owned()).collect(),
                ..args(&dir.join("x"), "w.bin")
            };
            args.optimiser.holdout = Some(holdout);
            args
        };
        assert!(error_of(&in_dir(10, &[])).contains("x"), "no data file");
        assert!(error_of(&in_dir(100, &[])).contains("--holdout"));
        assert!(error_of(&in_dir(10, &["piece_square", "nothing"])).contains("--freeze nothing"));
        std::fs::write(dir.join("bad-weights.bin"), b"PLYCHEW1 and then nothing").unwrap();
        let error = read_weights(&dir.join("bad-weights.bin"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("bad-weights.bin"), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
