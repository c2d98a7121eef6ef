//! The fit: Adam on the mean loss plus an L2 term, with a held-out error per
//! epoch and early stopping.
//!
//! Every sum over rows runs in [`CHUNKS`] fixed chunks of the row list, each
//! on its own thread where there are threads, and the chunks' sums are added
//! in chunk order: the result is the same for a seed whatever the number of
//! threads.

use crate::dataset::{Dataset, Row};
use crate::error::FitError;
use crate::options::{FitOptions, Loss};
use crate::split::{Split, shuffle};
use rayon::prelude::*;

/// The number of pieces each pass over the rows is cut into.
const CHUNKS: usize = 16;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

/// The model's error on a set of rows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    /// The mean loss: the squared error for [`Loss::Squared`], the log loss
    /// for [`Loss::Logistic`] (without the L2 term).
    pub loss: f64,
    /// The root mean squared error of the prediction (`w·x`, or the
    /// predicted result `sigmoid(scale * w·x)` for the logistic loss).
    pub rmse: f64,
}

/// The errors after one epoch (epoch 0: the initial weights).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The number of epochs done.
    pub epoch: usize,
    /// The error on the training rows.
    pub train: Errors,
    /// The error on the held-out rows, if any are held out.
    pub holdout: Option<Errors>,
}

impl EpochReport {
    /// The error early stopping watches: held out if any, else training.
    #[must_use]
    pub fn watched(&self) -> Errors {
        self.holdout.unwrap_or(self.train)
    }
}

/// What a fit did.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// The errors after each epoch, from epoch 0 (the initial weights).
    pub epochs: Vec<EpochReport>,
    /// The epoch whose weights were returned (lowest watched loss).
    pub best_epoch: usize,
    /// Whether the fit stopped before its last epoch for lack of progress.
    pub stopped_early: bool,
    /// Training rows.
    pub train_rows: usize,
    /// Held-out rows.
    pub holdout_rows: usize,
}

impl FitReport {
    /// The report of the epoch whose weights were returned.
    #[must_use]
    pub fn best(&self) -> &EpochReport {
        &self.epochs[self.best_epoch]
    }

    /// The report of the last epoch run.
    #[must_use]
    pub fn last(&self) -> &EpochReport {
        self.epochs.last().expect("a fit reports epoch 0 at least")
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The loss of one row, its squared prediction error, and the derivative of
/// the loss by the model's raw output.
#[inline]
fn row_loss(loss: Loss, row: &Row<'_>, weights: &[f32]) -> (f64, f64, f64) {
    let output = row.dot(weights);
    let target = f64::from(row.target);
    match loss {
        Loss::Squared => {
            let error = output - target;
            (error * error, error * error, 2.0 * error)
        }
        Loss::Logistic { scale } => {
            let p = sigmoid(scale * output).clamp(1e-12, 1.0 - 1e-12);
            let log_loss = -(target * p.ln() + (1.0 - target) * (1.0 - p).ln());
            (log_loss, (p - target) * (p - target), scale * (p - target))
        }
    }
}

/// The rows `rows` cut into at most [`CHUNKS`] runs of equal length.
fn chunks(rows: &[u32]) -> std::slice::Chunks<'_, u32> {
    rows.chunks(rows.len().div_ceil(CHUNKS).max(1))
}

/// The errors of `weights` on `rows`.
fn errors(data: &Dataset, rows: &[u32], weights: &[f32], loss: Loss) -> Errors {
    if rows.is_empty() {
        return Errors::default();
    }
    let sums: Vec<(f64, f64)> = chunks(rows)
        .collect::<Vec<_>>()
        .par_iter()
        .map(|chunk| {
            chunk.iter().fold((0.0, 0.0), |(l, s), &i| {
                let (row_l, row_s, _) = row_loss(loss, &data.row(i as usize), weights);
                (l + row_l, s + row_s)
            })
        })
        .collect();
    let (l, s) = sums
        .iter()
        .fold((0.0, 0.0), |(l, s), &(cl, cs)| (l + cl, s + cs));
    let n = rows.len() as f64;
    Errors {
        loss: l / n,
        rmse: (s / n).sqrt(),
    }
}

/// Adam's state and the gradient buffers, one per chunk.
struct Optimiser {
    m: Vec<f64>,
    v: Vec<f64>,
    step: i32,
    buffers: Vec<Vec<f64>>,
    gradient: Vec<f64>,
}

impl Optimiser {
    fn new(features: usize) -> Self {
        Optimiser {
            m: vec![0.0; features],
            v: vec![0.0; features],
            step: 0,
            buffers: vec![vec![0.0; features]; CHUNKS],
            gradient: vec![0.0; features],
        }
    }

    /// One Adam step on the mean loss of `batch` plus the L2 term.
    fn step(&mut self, data: &Dataset, batch: &[u32], weights: &mut [f32], options: &FitOptions) {
        let loss = options.loss;
        let pieces: Vec<&[u32]> = chunks(batch).collect();
        let shared: &[f32] = weights;
        self.buffers
            .par_iter_mut()
            .zip(pieces.par_iter())
            .for_each(|(buffer, piece)| {
                buffer.fill(0.0);
                for &i in *piece {
                    let row = data.row(i as usize);
                    let (_, _, slope) = row_loss(loss, &row, shared);
                    for (&index, &value) in row.indices.iter().zip(row.values) {
                        buffer[index as usize] += slope * f64::from(value);
                    }
                }
            });
        let n = batch.len() as f64;
        let used = pieces.len();
        for (j, g) in self.gradient.iter_mut().enumerate() {
            let sum: f64 = self.buffers[..used].iter().map(|b| b[j]).sum();
            *g = sum / n + 2.0 * options.l2 * f64::from(weights[j]);
        }
        self.step += 1;
        let correction1 = 1.0 - BETA1.powi(self.step);
        let correction2 = 1.0 - BETA2.powi(self.step);
        let rate = options.learning_rate;
        for (j, w) in weights.iter_mut().enumerate() {
            let g = self.gradient[j];
            self.m[j] = BETA1 * self.m[j] + (1.0 - BETA1) * g;
            self.v[j] = BETA2 * self.v[j] + (1.0 - BETA2) * g * g;
            let m_hat = self.m[j] / correction1;
            let v_hat = self.v[j] / correction2;
            *w -= (rate * m_hat / (v_hat.sqrt() + EPSILON)) as f32;
        }
    }
}

/// Fits weights for `data`, starting from `initial`, and reports the errors
/// after each epoch to `progress` (epoch 0 first: the initial weights).
///
/// Returns the weights of the epoch with the lowest held-out loss (training
/// loss without a held-out part) and the report.
///
/// # Errors
/// [`FitError`] for options out of range, initial weights of the wrong
/// length, logistic targets outside 0..=1, or no training row.
pub fn fit(
    data: &Dataset,
    initial: &[f32],
    options: &FitOptions,
    progress: impl FnMut(&EpochReport),
) -> Result<(Vec<f32>, FitReport), FitError> {
    let split = Split::new(data.len(), options.holdout_fraction, options.seed);
    fit_split(data, initial, options, split, progress)
}

/// As [`fit`], with the held-out rows chosen by the caller (e.g. whole games
/// with [`Split::by_group`], so that no held-out row has a near twin in
/// training); `options.holdout_fraction` is not used.
///
/// # Errors
/// As [`fit`]; a split naming a row not in `data` is
/// [`FitError::BadOption`].
pub fn fit_split(
    data: &Dataset,
    initial: &[f32],
    options: &FitOptions,
    split: Split,
    mut progress: impl FnMut(&EpochReport),
) -> Result<(Vec<f32>, FitReport), FitError> {
    options.check()?;
    let rows = data.len();
    if split
        .train
        .iter()
        .chain(&split.holdout)
        .any(|&i| i as usize >= rows)
    {
        return Err(FitError::BadOption(format!(
            "a split names a row beyond the {rows} rows"
        )));
    }
    if initial.len() != data.features() as usize {
        return Err(FitError::WeightCount {
            given: initial.len(),
            features: data.features(),
        });
    }
    if let Loss::Logistic { .. } = options.loss
        && let Some(row) = data.rows().find(|r| !(0.0..=1.0).contains(&r.target))
    {
        return Err(FitError::TargetOutOfRange(row.target));
    }
    if split.train.is_empty() {
        return Err(FitError::NoTrainingRows {
            rows: data.len(),
            held_out: split.holdout.len(),
        });
    }

    let measure = |weights: &[f32], epoch: usize| EpochReport {
        epoch,
        train: errors(data, &split.train, weights, options.loss),
        holdout: (!split.holdout.is_empty())
            .then(|| errors(data, &split.holdout, weights, options.loss)),
    };
    let mut weights = initial.to_vec();
    let mut best = weights.clone();
    let first = measure(&weights, 0);
    progress(&first);
    let mut report = FitReport {
        epochs: vec![first],
        best_epoch: 0,
        stopped_early: false,
        train_rows: split.train.len(),
        holdout_rows: split.holdout.len(),
    };

    let mut optimiser = Optimiser::new(weights.len());
    let mut order = split.train.clone();
    let batch_size = match options.batch_size {
        0 => order.len(),
        size => size,
    };
    for epoch in 1..=options.epochs {
        if batch_size < order.len() {
            shuffle(&mut order, options.seed.wrapping_add(epoch as u64));
        }
        for batch in order.chunks(batch_size) {
            optimiser.step(data, batch, &mut weights, options);
        }
        let epoch_report = measure(&weights, epoch);
        progress(&epoch_report);
        report.epochs.push(epoch_report);
        if epoch_report.watched().loss < report.best().watched().loss {
            report.best_epoch = epoch;
            best.copy_from_slice(&weights);
        } else if options.patience > 0 && epoch - report.best_epoch >= options.patience {
            report.stopped_early = epoch < options.epochs;
            break;
        }
    }
    Ok((best, report))
}
