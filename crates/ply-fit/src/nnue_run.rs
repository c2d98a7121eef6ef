//! The command that trains a network (`ply train chess nnue`, `ply train
//! checkers nnue`): its arguments ([`NnueArgs`]) and its loop ([`run`]),
//! the same for every game; a game gives only the reading of its data
//! files into [`SparseData`].
//!
//! After every epoch the held-out loss is reported, the network written
//! (`OUT`, quantised) and the whole training state saved (`OUT.ckpt`), so
//! that `--resume` continues an interrupted run with the next epoch and
//! ends where an uninterrupted one would. The run is the same for a seed and
//! the data whatever the number of threads.

use crate::nnue::{SparseData, TrainOptions, Trainer, fit_scale};
use crate::run::{TrainError, Ui, save, threads};
use ply_core::nnue::{Activation, Network, OutputBuckets};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `ply train GAME nnue`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct NnueArgs {
    /// The data files (the game's training data; positions of all of them,
    /// in order).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "FILE", num_args = 1.., required = true)
    )]
    pub data: Vec<PathBuf>,
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
    /// Output buckets: sets of output weights, a position's chosen by its
    /// number of pieces (8: chess's 32 pieces in buckets of 4, as bullet's
    /// `MaterialCount<8>`). A one-bucket --init network starts each bucket
    /// as a copy of its output layer.
    #[cfg_attr(feature = "clap", arg(long, value_name = "B", default_value_t = 1))]
    pub output_buckets: usize,
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
    /// Centi-units per unit of output: sigmoid(score / scale) is a score's
    /// expected result. `auto`: the scale at which the data's scores best
    /// predict its results (chess: 157 for ply's own games at 5000 nodes;
    /// 400, the usual choice, made the first network about 180 Elo weaker
    /// there).
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "CP|auto", default_value = "auto")
    )]
    pub scale: String,
    /// The weight of the data's score in the target (1 - lambda: the game's
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
    /// Start from this network (a file of `ply train ... nnue`, of the same
    /// shape: --hidden and --activation must be its) instead of random
    /// weights, to refine it on new data; a --resume'd run continues from
    /// its checkpoint instead.
    #[cfg_attr(feature = "clap", arg(long, value_name = "NET"))]
    pub init: Option<PathBuf>,
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
                "--scale {}: expected centi-units (a whole number above 0) or auto",
                self.scale
            ))),
        }
    }

    fn options(&self, most_active: usize) -> Result<TrainOptions, TrainError> {
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
        if !(1..=ply_core::nnue::MAX_OUTPUT_BUCKETS).contains(&self.output_buckets) {
            return Err(TrainError(format!(
                "--output-buckets {}: expected 1 to {}",
                self.output_buckets,
                ply_core::nnue::MAX_OUTPUT_BUCKETS
            )));
        }
        Ok(TrainOptions {
            hidden: self.hidden,
            activation,
            buckets: OutputBuckets::spread(self.output_buckets, most_active),
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

/// Reads one data file into `data`, stopping once it holds `limit`
/// positions (0: no limit); a game's part of [`run`].
pub type ReadData<'a> = dyn Fn(&Path, &mut SparseData, usize) -> Result<(), TrainError> + Sync + 'a;

/// The checkpoint beside the network.
#[must_use]
pub fn checkpoint_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".ckpt");
    PathBuf::from(name)
}

/// Runs `ply train GAME nnue`: reads `args.data` with `read` into
/// `features` inputs (at most `most_active` of them active in a position,
/// the game's most pieces, over which the output buckets spread) and
/// trains (see the module's documentation).
///
/// # Errors
/// Bad options, unreadable data, no positions, a checkpoint that does not
/// match, or a file that cannot be written.
pub fn run(
    args: &NnueArgs,
    features: usize,
    most_active: usize,
    read: &ReadData<'_>,
    ui: &dyn Ui,
) -> Result<(), TrainError> {
    let options = args.options(most_active)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(args.threads))
        .build()
        .map_err(|e| TrainError(e.to_string()))?;
    pool.install(|| train(args, options, features, read, ui))
}

/// The data files' names, for messages.
fn data_names(args: &NnueArgs) -> String {
    let names: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// Every data file's positions, `limit` at most.
fn read_all(
    args: &NnueArgs,
    features: usize,
    read: &ReadData<'_>,
) -> Result<SparseData, TrainError> {
    let mut data = SparseData::new(features);
    for path in &args.data {
        if args.limit > 0 && data.len() >= args.limit {
            break;
        }
        read(path, &mut data, args.limit)?;
    }
    if data.is_empty() {
        return Err(TrainError(format!("{}: no positions", data_names(args))));
    }
    Ok(data)
}

fn train(
    args: &NnueArgs,
    mut options: TrainOptions,
    features: usize,
    read: &ReadData<'_>,
    ui: &dyn Ui,
) -> Result<(), TrainError> {
    let started = Instant::now();
    let data = read_all(args, features, read)?;
    let scale = args.scale(&data)?;
    options.scale = scale as f32;
    let ckpt = checkpoint_path(&args.out);
    let train_error = |e: crate::FitError| TrainError(e.to_string());
    let mut trainer = if args.resume {
        let bytes = std::fs::read(&ckpt)
            .map_err(|e| TrainError(format!("--resume: {}: {e}", ckpt.display())))?;
        Trainer::resume(&data, options.clone(), &bytes).map_err(train_error)?
    } else if let Some(init) = &args.init {
        let init_error =
            |e: &dyn std::fmt::Display| TrainError(format!("--init {}: {e}", init.display()));
        let network = Network::load(init).map_err(|e| init_error(&e))?;
        Trainer::from_network(&data, options.clone(), &network).map_err(|e| init_error(&e))?
    } else {
        Trainer::new(&data, options.clone()).map_err(train_error)?
    };
    let names = data_names(args);
    ui.report(&json!({
            "event": "start",
            "positions": data.len(),
            "train": trainer.train_len(),
            "holdout": trainer.holdout_len(),
            "inputs": features,
            "hidden": options.hidden,
            "activation": options.activation.name(),
            "output_buckets": options.buckets.count,
            "bucket_width": options.buckets.width,
            "scale": scale,
            "epoch": trainer.epoch,
            "read_seconds": started.elapsed().as_secs_f64(),
        }),
        &format!(
            "{names}: {} positions ({} trained, {} held out), {features} -> {}x2 {} -> 1{}, scale {scale}, from epoch {}",
            data.len(),
            trainer.train_len(),
            trainer.holdout_len(),
            options.hidden,
            options.activation.name(),
            match options.buckets.count {
                1 => String::new(),
                count => format!(" ({count} output buckets of {} pieces)", options.buckets.width),
            },
            trainer.epoch
        ),
    )?;
    if trainer.epoch == 0 {
        let loss = trainer.holdout_loss(&data);
        let score_loss = trainer.holdout_score_loss(&data);
        ui.report(
            &json!({"event": "epoch", "epoch": 0, "holdout_loss": loss, "holdout_score_loss": score_loss}),
            &format!(
                "epoch 0: held-out loss {} (the data's scores: {})",
                fmt_loss(loss),
                fmt_loss(score_loss)
            ),
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
