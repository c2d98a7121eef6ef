//! `ply train checkers fit`: the evaluation's weights fitted to a data file
//! by logistic regression on the positions' results (Texel tuning).
//!
//! A position's target is its endgame database value where the database
//! reached it, else its game's result (1, ½, 0 for the side to move); the
//! model predicts `sigmoid(scale * eval)` with `eval` the linear evaluation
//! in centi-men ([`crate::engine::features`]). The scale is fitted
//! first, for the starting weights (ply's hand-set ones), then the weights
//! by Adam with the scale held ([`ply_fit`]). Whole games are held out
//! (`--holdout` percent of them, chosen by the seed) and the fitted and the
//! starting weights' errors on them reported; within the other games a
//! share of positions is held out for early stopping. The fit is the same
//! for a seed and a data file whatever the number of threads.
//!
//! The fit runs in `--rounds` rounds of up to `--epochs` epochs, each from
//! the weights of the round before (one round by default); after each
//! round the weights file and a progress file beside it
//! (`WEIGHTS.progress.json`, [`ply_fit::run::Progress`]) are written, so
//! that `--resume` continues an interrupted fit with the next round and
//! ends where an uninterrupted one would. The fit stops early at the first
//! round that does not lower the held-out error.
//!
//! With `--search-depth D`, each position the database does not reach is
//! also searched to depth `D` by ply's checkers engine (the built-in
//! evaluation, or `PLY_CHECKERS_WEIGHTS`'s), and its target becomes
//! `lambda * result + (1 - lambda) * sigmoid(scale * score)`: the game's
//! result blended with what a deeper look says of the position, as the
//! chess trainer blends its search scores (`--lambda`, the result's share).
//! The searches start from cleared tables, so the labels are the same
//! whatever the number of threads.

use super::data::{self, Sample};
use crate::engine::CheckersPlayer;
use crate::engine::features::{BASE_COUNT, FEATURE_COUNT, Weights, board_features, feature_name};
use crate::position::{Color, Position};
use ply_core::Player;
use ply_core::player::Request;
use ply_core::rng::Rng;
use ply_core::search::Limits;
use ply_fit::run::Progress;
use ply_fit::run::{TrainError, Ui};
use ply_fit::serde_json::{self, Value, json};
use ply_fit::{Dataset, Loss, Trainable, fit_scale};
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Arguments of `ply train checkers fit`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct FitArgs {
    /// The data file (`ply train checkers generate`).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub data: PathBuf,
    /// The weights file to write (ply's weights file, as ply reads it from
    /// `PLY_CHECKERS_WEIGHTS` and builds it in from
    /// `crates/ply-checkers/weights/eval.bin`).
    #[cfg_attr(feature = "clap", arg(long, value_name = "WEIGHTS"))]
    pub out: PathBuf,
    /// The most passes over the training positions.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 200))]
    pub epochs: usize,
    /// The most rounds of --epochs epochs, each from the weights of the
    /// round before.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 1))]
    pub rounds: usize,
    /// Continue a fit that stopped: keep the rounds the progress file lists.
    #[cfg_attr(feature = "clap", arg(long))]
    pub resume: bool,
    /// Search each position the database does not reach to this depth (1
    /// to 20) and blend the score into its target (0: the result alone).
    #[cfg_attr(feature = "clap", arg(long, value_name = "D", default_value_t = 0))]
    pub search_depth: u32,
    /// The game result's share of a searched position's target (0 to 1),
    /// the search's win probability the rest.
    #[cfg_attr(feature = "clap", arg(long, value_name = "L", default_value_t = 0.5))]
    pub lambda: f32,
    /// The optimiser's settings.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub optimiser: ply_fit::OptimiserArgs,
}

/// The optimiser's defaults of `ply train checkers fit`.
pub const OPTIMISER: ply_fit::Optimiser = ply_fit::Optimiser::defaults(10, 0.5, 4096, 1e-7);

impl FitArgs {
    /// The optimiser's settings: the flags given, else [`OPTIMISER`].
    #[must_use]
    pub fn optimiser(&self) -> ply_fit::Optimiser {
        self.optimiser.resolve(OPTIMISER)
    }

    /// The settings a resumed fit must share with the one it continues.
    fn settings(&self, header: &data::Header) -> Value {
        json!({
            "data_seed": header.seed,
            "data_records": header.records,
            "seed": self.optimiser().seed,
            "epochs": self.epochs,
            "patience": self.optimiser().patience,
            "learning_rate": self.optimiser().learning_rate,
            "batch": self.optimiser().batch,
            "l2": self.optimiser().l2,
            "holdout": self.optimiser().holdout,
            "search_depth": self.search_depth,
            "lambda": self.lambda,
        })
    }
}

/// A searched score's largest size before it becomes a win probability
/// (a won or lost position found by the search is a certain result).
const SCORE_CAP: i32 = 2000;

/// The score of a depth-`depth` search of each sample's position that the
/// database does not reach (`None` where it does), from cleared tables.
fn search_scores(
    samples: &[Sample],
    depth: u32,
    ui: &dyn Ui,
) -> Result<Vec<Option<i32>>, TrainError> {
    let bar = ui.bar(
        samples.len() as u64,
        "searching {wide_bar} {pos}/{len} {per_sec} {eta}",
    );
    let stop = AtomicBool::new(false);
    let limits = Limits::depth(depth);
    let scores = samples
        .par_iter()
        .map_init(
            || CheckersPlayer::with_database(1, None).ok(),
            |player, sample| {
                bar.inc(1);
                if sample.database.is_some() {
                    return Ok(None);
                }
                let player = player.as_mut().ok_or_else(|| {
                    TrainError::new("cannot allocate a 1 MiB transposition table")
                })?;
                // The side to move's pieces as Black's: the search sees only
                // the side-relative board.
                let board = sample.board;
                let position =
                    Position::from_pieces(board.mine, board.theirs, board.kings, Color::Black)
                        .map_err(|e| TrainError(format!("a position of the data: {e}")))?;
                player.new_game();
                let thought = player.think(&Request::new(&position, &limits, &stop), &mut |_| {});
                Ok(Some(thought.score.0))
            },
        )
        .collect();
    bar.finish();
    scores
}

/// The targets of `samples`: the database's value or the game's result,
/// blended with the searched score's win probability where there is one.
fn blended_targets(
    samples: &[Sample],
    scores: &[Option<i32>],
    scale: f64,
    lambda: f32,
) -> Vec<f32> {
    samples
        .iter()
        .zip(scores)
        .map(|(sample, score)| match score {
            Some(score) => {
                let score = f64::from((*score).clamp(-SCORE_CAP, SCORE_CAP));
                let expected = (1.0 / (1.0 + (-scale * score).exp())) as f32;
                lambda * sample.target() + (1.0 - lambda) * expected
            }
            None => sample.target(),
        })
        .collect()
}

/// The positions of the data file, split by game into those fitted on and
/// those held out.
struct Split {
    train: Dataset,
    held_out: Dataset,
    database_values: usize,
    games: usize,
    held_out_games: usize,
}

/// Splits `samples` into games (a game's plies rise; a new game starts where
/// they do not) and holds out `percent` of the games, chosen by `seed`;
/// `targets` has each sample's target.
fn split(
    samples: &[Sample],
    targets: &[f32],
    percent: u32,
    seed: u64,
) -> Result<Split, TrainError> {
    let mut split = Split {
        train: Dataset::new(FEATURE_COUNT as u32),
        held_out: Dataset::new(FEATURE_COUNT as u32),
        database_values: 0,
        games: 0,
        held_out_games: 0,
    };
    let mut rng = Rng::new(seed ^ 0x05EE_D0F6_A3E5);
    let mut hold = false;
    let mut previous_ply = None;
    let mut row = Vec::with_capacity(64);
    for (sample, &target) in samples.iter().zip(targets) {
        if previous_ply.is_none_or(|p| sample.ply <= p) {
            split.games += 1;
            hold = rng.below(100) < percent as usize;
            split.held_out_games += usize::from(hold);
        }
        previous_ply = Some(sample.ply);
        split.database_values += usize::from(sample.database.is_some());
        row.clear();
        board_features(&sample.board, &mut row);
        let data = if hold {
            &mut split.held_out
        } else {
            &mut split.train
        };
        data.push(&row, target)
            .map_err(|e| TrainError(e.to_string()))?;
    }
    Ok(split)
}

/// The mean log loss and the root mean squared error of the predicted
/// result of `weights` on `data`.
fn errors(data: &Dataset, weights: &[f32], scale: f64) -> (f64, f64) {
    if data.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let (mut loss, mut squares) = (0.0, 0.0);
    for row in data.rows() {
        let p = (1.0 / (1.0 + (-scale * row.dot(weights)).exp())).clamp(1e-12, 1.0 - 1e-12);
        let y = f64::from(row.target);
        loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        squares += (p - y) * (p - y);
    }
    let n = data.len() as f64;
    (loss / n, (squares / n).sqrt())
}

/// Runs `ply train checkers fit`.
pub fn run(args: &FitArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    if args.optimiser().holdout >= 100 {
        return Err(TrainError(format!(
            "--holdout {} is not a percentage below 100",
            args.optimiser().holdout
        )));
    }
    if args.search_depth > 20 {
        return Err(TrainError(format!(
            "--search-depth {} is not in 0..=20",
            args.search_depth
        )));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(TrainError(format!(
            "--lambda {} is not between 0 and 1",
            args.lambda
        )));
    }
    let started = Instant::now();
    let (header, samples) = data::read(&args.data)?;
    let results: Vec<f32> = samples.iter().map(Sample::target).collect();
    let (percent, seed) = (args.optimiser().holdout, args.optimiser().seed);
    let mut split = split(&samples, &results, percent, seed)?;
    if split.train.is_empty() {
        return Err(TrainError(format!(
            "{}: no positions to fit on",
            args.data.display()
        )));
    }
    let initial = Weights::hand_set().0;
    let settings = args.settings(&header);
    let (weights, mut progress) = if args.resume {
        let progress = Progress::resume(&args.out, &settings, "rounds", &["scale"])?;
        (Weights::read_file(&args.out)?.0, progress)
    } else {
        let scale = fit_scale(&split.train, &initial, 1e-5, 0.1);
        (
            initial.clone(),
            Progress::new(settings, json!({ "scale": scale })),
        )
    };
    let scale = progress.state["scale"]
        .as_f64()
        .ok_or_else(|| TrainError::new("cannot resume: no scale in the progress file"))?;
    if args.search_depth > 0 {
        let scores = search_scores(&samples, args.search_depth, ui)?;
        let targets = blended_targets(&samples, &scores, scale, args.lambda);
        split = self::split(&samples, &targets, percent, seed)?;
    }
    let options = args
        .optimiser()
        .fit_options(Loss::Logistic { scale }, args.epochs);
    let fitted = ply_fit::run::fit_in_rounds(
        &split.train,
        weights,
        &mut progress,
        &ply_fit::run::Rounds {
            rounds: args.rounds.max(1),
            options: &options,
            out: &args.out,
        },
        ui,
        |weights| {
            Weights::from_values(weights.to_vec())
                .write_file(&args.out)
                .map_err(|e| TrainError(format!("{}: {e}", args.out.display())))?;
            Ok(weights.to_vec())
        },
    )?;
    let (start_loss, start_rmse) = errors(&split.held_out, &initial, scale);
    // The weights built into this ply, on the same games at the same scale:
    // whether the fit beats what ships.
    let (shipped_loss, shipped_rmse) = errors(&split.held_out, &Weights::shipped().0, scale);
    let (loss, rmse) = errors(&split.held_out, &fitted, scale);
    let seconds = started.elapsed().as_secs_f64();
    let last = progress.steps.last().cloned().unwrap_or(Value::Null);
    let epochs = ply_fit::run::epochs_done(&progress);
    let best_epoch = last["best_epoch"].as_u64().unwrap_or(0);
    let stopped_early = last["stopped_early"].as_bool().unwrap_or(false);
    // The named features and squares (the pattern tables are too many to
    // list: the weights file has them).
    let named: serde_json::Map<String, Value> = fitted[..BASE_COUNT]
        .iter()
        .enumerate()
        .map(|(i, w)| (feature_name(i), json!(w)))
        .collect();
    let text = format!(
        "{}: {} games, {} positions ({} with database values); fitted on {} positions, \
         {} games ({} positions) held out\n\
         scale {scale:.6} per centi-man; best epoch {best_epoch} of {epochs}{} in {} rounds\n\
         held-out games: log loss {loss:.5}, result rmse {rmse:.4} \
         (hand-set weights: {start_loss:.5}, {start_rmse:.4}; \
         built-in weights: {shipped_loss:.5}, {shipped_rmse:.4})\n\
         {}: written in {seconds:.1} s",
        args.data.display(),
        split.games,
        header.records,
        split.database_values,
        split.train.len(),
        split.held_out_games,
        split.held_out.len(),
        if stopped_early {
            " (stopped early)"
        } else {
            ""
        },
        progress.steps.len(),
        args.out.display()
    );
    ui.report(
        &json!({
            "data": args.data.display().to_string(),
            "out": args.out.display().to_string(),
            "games": split.games,
            "positions": header.records,
            "database_values": split.database_values,
            "held_out_games": split.held_out_games,
            "held_out_positions": split.held_out.len(),
            "scale": scale,
            "epochs": epochs,
            "best_epoch": best_epoch,
            "rounds": progress.steps.len(),
            "held_out_log_loss": loss,
            "held_out_rmse": rmse,
            "hand_set_log_loss": start_loss,
            "hand_set_rmse": start_rmse,
            "built_in_log_loss": shipped_loss,
            "built_in_rmse": shipped_rmse,
            "seconds": seconds,
            "weights": named,
        }),
        &text,
    )
}

#[cfg(test)]
mod tests {
    use super::super::generate::{self, GenerateArgs};
    use super::*;
    use ply_fit::run::{Quiet, RunOptions, read_progress, scratch_dir};
    use std::path::Path;

    fn games(dir: &Path) -> PathBuf {
        let data = dir.join("data.bin");
        let args = GenerateArgs {
            run: RunOptions {
                out: data.clone(),
                games: 24,
                seed: 2,
                threads: 2,
                batch: 8,
            },
            depth: 2,
            noise: 20,
            noisy_plies: 30,
            max_plies: 200,
            egdb: None,
            no_egdb: true,
        };
        generate::run(&args, &generate::tests::deck(), &Quiet).unwrap();
        data
    }

    fn args(data: &Path, out: PathBuf) -> FitArgs {
        FitArgs {
            data: data.to_owned(),
            out,
            epochs: 30,
            rounds: 1,
            resume: false,
            search_depth: 0,
            lambda: 0.5,
            optimiser: ply_fit::OptimiserArgs {
                seed: Some(4),
                patience: Some(5),
                learning_rate: Some(0.5),
                batch: Some(256),
                l2: Some(1e-7),
                holdout: Some(20),
            },
        }
    }

    #[test]
    fn a_fit_is_the_same_for_a_seed_and_writes_weights_ply_reads() {
        let dir = scratch_dir("checkers-fit-same");
        let data = games(&dir);
        let first = args(&data, dir.join("a.bin"));
        run(&first, &Quiet).unwrap();
        let second = args(&data, dir.join("b.bin"));
        run(&second, &Quiet).unwrap();
        let bytes = std::fs::read(&first.out).unwrap();
        assert_eq!(bytes, std::fs::read(&second.out).unwrap());
        let weights = <Weights as ply_fit::Trainable>::read_file(&first.out).unwrap();
        assert_ne!(weights, Weights::hand_set(), "the fit moved the weights");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn games_are_held_out_whole_and_bad_arguments_are_errors() {
        let dir = scratch_dir("checkers-fit-split");
        let data = games(&dir);
        let (_, samples) = data::read(&data).unwrap();
        let targets: Vec<f32> = samples.iter().map(Sample::target).collect();
        let parts = split(&samples, &targets, 50, 1).unwrap();
        assert_eq!(parts.games, 24);
        assert!((1..24).contains(&parts.held_out_games));
        assert_eq!(parts.train.len() + parts.held_out.len(), samples.len());
        let missing = args(&dir.join("missing.bin"), dir.join("w.txt"));
        assert!(run(&missing, &Quiet).is_err());
        let all = FitArgs {
            optimiser: ply_fit::OptimiserArgs {
                holdout: Some(100),
                ..Default::default()
            },
            ..args(&data, dir.join("w.txt"))
        };
        assert!(
            run(&all, &Quiet)
                .unwrap_err()
                .to_string()
                .contains("--holdout")
        );
        for (search_depth, lambda, flag) in [(21, 0.5, "--search-depth"), (4, 1.5, "--lambda")] {
            let bad = FitArgs {
                search_depth,
                lambda,
                ..args(&data, dir.join("w.txt"))
            };
            let error = run(&bad, &Quiet).unwrap_err().to_string();
            assert!(error.contains(flag), "{error}");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn searched_targets_blend_the_result_with_the_search() {
        let dir = scratch_dir("checkers-fit-search");
        let data = games(&dir);
        let (_, mut samples) = data::read(&data).unwrap();
        samples.truncate(60);
        samples[1].database = Some(crate::egdb::Value::Win);
        let scores = search_scores(&samples, 3, &Quiet).unwrap();
        assert_eq!(scores[1], None, "the database's value is kept");
        assert!(scores.iter().filter(|s| s.is_some()).count() == 59);
        // The same scores from any thread (the tables are cleared).
        let alone = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| search_scores(&samples, 3, &Quiet).unwrap());
        assert_eq!(scores, alone);
        // A man up is a good score for the side to move.
        let up = Sample {
            board: crate::board::Board {
                mine: 0b111,
                theirs: 0b11 << 28,
                kings: 0,
            },
            ..samples[0]
        };
        assert!(search_scores(&[up], 3, &Quiet).unwrap()[0].unwrap() > 50);
        let results: Vec<f32> = samples.iter().map(Sample::target).collect();
        assert_eq!(blended_targets(&samples, &scores, 0.01, 1.0), results);
        let searched = blended_targets(&samples, &scores, 0.01, 0.0);
        assert_eq!(searched[1], 1.0);
        for (target, score) in searched.iter().zip(&scores) {
            if let Some(score) = score {
                let expected = 1.0 / (1.0 + (-0.01 * f64::from(*score)).exp());
                assert!((f64::from(*target) - expected).abs() < 1e-6);
            }
        }
        // A fit with searched labels runs and differs from one without.
        let plain = args(&data, dir.join("plain.bin"));
        run(&plain, &Quiet).unwrap();
        let with_search = FitArgs {
            search_depth: 2,
            ..args(&data, dir.join("searched.bin"))
        };
        run(&with_search, &Quiet).unwrap();
        assert_ne!(
            std::fs::read(&plain.out).unwrap(),
            std::fs::read(&with_search.out).unwrap()
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_fit_in_rounds_resumes_where_it_stopped() {
        let dir = scratch_dir("checkers-fit-resume");
        let data = games(&dir);
        let rounds = |name: &str, rounds: usize| FitArgs {
            rounds,
            epochs: 5,
            ..args(&data, dir.join(name))
        };
        run(&rounds("whole.bin", 3), &Quiet).unwrap();
        let mut part = rounds("part.bin", 1);
        run(&part, &Quiet).unwrap();
        assert_eq!(
            read_progress(&part.out)["rounds"].as_array().unwrap().len(),
            1
        );
        part.rounds = 3;
        part.resume = true;
        run(&part, &Quiet).unwrap();
        assert_eq!(
            std::fs::read(&part.out).unwrap(),
            std::fs::read(dir.join("whole.bin")).unwrap()
        );
        part.optimiser.seed = Some(9);
        let error = run(&part, &Quiet).unwrap_err().to_string();
        assert!(error.contains("other settings"), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
