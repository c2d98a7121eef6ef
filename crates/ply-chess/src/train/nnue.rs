//! `ply train chess nnue`: a two-perspective network (768 features to H per
//! side, concatenated, to one output) trained on marlinformat data
//! (`datagen`) by [`ply_fit::nnue`], written as the quantised file that `EvalFile` and `PLY_CHESS_NET` load.
//!
//! Each record gives the features of its position from the side to move's
//! perspective and the other side's ([`crate::engine::nnue`]), the
//! score and the result turned to the side to move's view. After every
//! epoch the held-out loss is reported, the network written (`OUT`,
//! quantised) and the whole training state saved (`OUT.ckpt`), so that
//! `--resume` continues an interrupted run with the next epoch and ends
//! where an uninterrupted one would. The run is the same for a seed and a
//! data file whatever the number of threads.

use crate::Color;
use crate::engine::nnue::{INPUTS, training_features};
use crate::train::{DataError, Reader, TrainingPosition};
use ply_core::nnue::Activation;
use ply_fit::nnue::{SparseData, TrainOptions, Trainer, fit_scale};
use ply_fit::run::{TrainError, Ui};
use ply_fit::run::{save, threads};
use ply_fit::serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `ply train chess nnue`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct NnueArgs {
    /// The data file: 32-byte marlinformat records (`ply train chess
    /// datagen`).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub data: PathBuf,
    /// The network file to write (rewritten after each epoch); the training
    /// state goes to OUT.ckpt.
    #[cfg_attr(feature = "clap", arg(long, value_name = "NET"))]
    pub out: PathBuf,
    /// Hidden neurons per perspective (a multiple of 16).
    #[cfg_attr(feature = "clap", arg(long, value_name = "H", default_value_t = 128))]
    pub hidden: usize,
    /// The hidden activation: crelu (clipped ReLU) or screlu (squared).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "NAME", default_value = "crelu")
    )]
    pub activation: String,
    /// Epochs in all (a resumed run counts those done).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 10))]
    pub epochs: usize,
    /// Positions per Adam step.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 16384))]
    pub batch: usize,
    /// Adam's step size in the first epoch.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "RATE", default_value_t = 0.001)
    )]
    pub learning_rate: f32,
    /// The step size is multiplied by this after each epoch.
    #[cfg_attr(feature = "clap", arg(long, value_name = "D", default_value_t = 0.9))]
    pub lr_decay: f32,
    /// Centipawns per unit of output: sigmoid(score / scale) is a score's
    /// expected result. `auto`: the scale at which the data's scores best
    /// predict its results (157 for ply's own games at 5000 nodes; 400, the
    /// usual choice, made the first network about 180 Elo weaker there).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "CP|auto", default_value = "auto")
    )]
    pub scale: String,
    /// The weight of the search score in the target (1 - lambda: the game's
    /// result).
    #[cfg_attr(feature = "clap", arg(long, value_name = "L", default_value_t = 0.7))]
    pub lambda: f32,
    /// Percent of the positions held out.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "PERCENT", default_value_t = 3.0)
    )]
    pub holdout: f64,
    /// The seed of the initial weights, the split and the batch order.
    #[cfg_attr(feature = "clap", arg(long, value_name = "S", default_value_t = 1))]
    pub seed: u64,
    /// Threads (default: one per core); the network does not depend on it.
    #[cfg_attr(feature = "clap", arg(long, value_name = "T", default_value_t = 0))]
    pub threads: usize,
    /// Read at most this many positions (0: all).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 0))]
    pub limit: usize,
    /// Continue from OUT.ckpt.
    #[cfg_attr(feature = "clap", arg(long))]
    pub resume: bool,
}

impl NnueArgs {
    /// The scale: `--scale`, or the one fitted to `data`.
    fn scale(&self, data: &SparseData) -> Result<u32, TrainError> {
        if self.scale == "auto" {
            return Ok(fit_scale(data).round() as u32);
        }
        match self.scale.parse::<u32>() {
            Ok(scale) if scale > 0 => Ok(scale),
            _ => Err(TrainError(format!(
                "--scale {}: expected centipawns (a whole number above 0) or auto",
                self.scale
            ))),
        }
    }

    fn options(&self) -> Result<TrainOptions, TrainError> {
        let activation = match self.activation.as_str() {
            "crelu" => Activation::ClippedRelu,
            "screlu" => Activation::SquaredClippedRelu,
            other => {
                return Err(TrainError(format!(
                    "--activation {other}: expected crelu or screlu"
                )));
            }
        };
        if self.epochs == 0 {
            return Err(TrainError("--epochs must be at least 1".into()));
        }
        Ok(TrainOptions {
            hidden: self.hidden,
            activation,
            epochs: self.epochs,
            batch_size: self.batch,
            learning_rate: self.learning_rate,
            learning_rate_decay: self.lr_decay,
            scale: 400.0,
            lambda: self.lambda,
            holdout_fraction: self.holdout / 100.0,
            seed: self.seed,
        })
    }
}

/// The checkpoint beside the network.
fn checkpoint_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".ckpt");
    PathBuf::from(name)
}

/// A record's features, score and result from the side to move's view.
fn push(data: &mut SparseData, record: &TrainingPosition) -> Result<(), TrainError> {
    let (us, them) = training_features(&record.position);
    let white = record.position.turn() == Color::White;
    let score = f32::from(record.score);
    let result = record.wdl.white_score();
    let (score, result) = if white {
        (score, result)
    } else {
        (-score, 1.0 - result)
    };
    data.push(&us, &them, score, result)
        .map_err(|e| TrainError(e.to_string()))
}

/// Reads the data file into sparse features.
fn read(path: &Path, limit: usize) -> Result<SparseData, TrainError> {
    let err = |e: DataError| TrainError(format!("{}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| err(e.into()))?;
    let mut data = SparseData::new(INPUTS);
    for record in Reader::new(std::io::BufReader::new(file)) {
        push(&mut data, &record.map_err(err)?)?;
        if data.len() == limit {
            break;
        }
    }
    if data.is_empty() {
        return Err(TrainError(format!("{}: no positions", path.display())));
    }
    Ok(data)
}

/// Runs `ply train chess nnue`.
pub fn run(args: &NnueArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    let options = args.options()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(args.threads))
        .build()
        .map_err(|e| TrainError(e.to_string()))?;
    pool.install(|| train(args, options, ui))
}

fn train(args: &NnueArgs, mut options: TrainOptions, ui: &dyn Ui) -> Result<(), TrainError> {
    let started = Instant::now();
    let data = read(&args.data, args.limit)?;
    let scale = args.scale(&data)?;
    options.scale = scale as f32;
    let ckpt = checkpoint_path(&args.out);
    let train_error = |e: ply_fit::FitError| TrainError(e.to_string());
    let mut trainer = if args.resume {
        let bytes = std::fs::read(&ckpt)
            .map_err(|e| TrainError(format!("--resume: {}: {e}", ckpt.display())))?;
        Trainer::resume(&data, options.clone(), &bytes).map_err(train_error)?
    } else {
        Trainer::new(&data, options.clone()).map_err(train_error)?
    };
    ui.report(&json!({
            "event": "start",
            "positions": data.len(),
            "train": trainer.train_len(),
            "holdout": trainer.holdout_len(),
            "hidden": options.hidden,
            "activation": options.activation.name(),
            "scale": scale,
            "epoch": trainer.epoch,
            "read_seconds": started.elapsed().as_secs_f64(),
        }),
        &format!(
            "{}: {} positions ({} trained, {} held out), 768 -> {}x2 {} -> 1, scale {} cp, from epoch {}",
            args.data.display(),
            data.len(),
            trainer.train_len(),
            trainer.holdout_len(),
            options.hidden,
            options.activation.name(),
            scale,
            trainer.epoch
        ),
    )?;
    if trainer.epoch == 0 {
        let loss = trainer.holdout_loss(&data);
        ui.report(
            &json!({"event": "epoch", "epoch": 0, "holdout_loss": loss}),
            &format!("epoch 0: held-out loss {}", fmt_loss(loss)),
        )?;
    }
    while trainer.epoch < options.epochs {
        let bar = ui.bar(
            trainer.train_len() as u64,
            &format!(
                "epoch {}/{} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {{per_sec}}",
                trainer.epoch + 1,
                options.epochs
            ),
        );
        let epoch_start = Instant::now();
        let report = trainer.train_epoch(&data, &mut |done| bar.set_position(done as u64));
        bar.finish();
        let seconds = epoch_start.elapsed().as_secs_f64();
        let network = trainer.network.quantise(scale);
        save(&args.out, &network.to_bytes())?;
        save(&ckpt, &trainer.checkpoint())?;
        let rate = report.positions as f64 / seconds;
        ui.report(&json!({
                "event": "epoch",
                "epoch": report.epoch,
                "train_loss": report.train_loss,
                "holdout_loss": report.holdout_loss,
                "learning_rate": report.learning_rate,
                "seconds": seconds,
                "positions_per_second": rate,
                "net": args.out.display().to_string(),
                "hash": format!("{:016x}", network.hash()),
            }),
            &format!(
                "epoch {}: train loss {:.6}, held-out loss {}, lr {:.6}, {:.1} s ({:.0} positions/s); wrote {}",
                report.epoch,
                report.train_loss,
                fmt_loss(report.holdout_loss),
                report.learning_rate,
                seconds,
                rate,
                args.out.display()
            ),
        )?;
    }
    Ok(())
}

fn fmt_loss(loss: Option<f64>) -> String {
    loss.map_or_else(|| "-".into(), |l| format!("{l:.6}"))
}
