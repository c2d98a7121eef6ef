//! Two-perspective sparse networks ("NNUE") and their training, for any game
//! that names its positions by sparse binary features seen from each side
//! (chess: piece x colour x square, mirrored for Black).
//!
//! The network ([`FloatNetwork`]): `F` binary features per perspective, one
//! shared weight matrix `F x H` plus bias giving an accumulator of `H` per
//! perspective, the two concatenated side to move first, clipped ReLU (or its
//! square), one output `o`. The value for the side to move is `o * scale`
//! centi-units, its expected result `sigmoid(o)`.
//!
//! Training ([`Trainer`]): Adam on minibatches of the mean squared error
//! between `sigmoid(o)` and the blend `lambda * sigmoid(score / scale) + (1 -
//! lambda) * result`, every weight clipped to ±[`WEIGHT_CLIP`] (so the
//! quantised network stays inside `i16`). Each minibatch is cut into shards of
//! [`SHARD`] positions whose gradients are computed in parallel (rayon) and
//! added in shard order: a run gives the same network for a seed whatever
//! the number of threads. A fixed share of the positions, chosen by the seed,
//! is held out and measured after each epoch. [`Trainer::checkpoint`] and
//! [`Trainer::resume`] save and restore the whole state (weights, Adam's
//! moments, epoch); [`FloatNetwork::quantise`] makes the integer network of
//! [`ply_core::nnue`] that the engines evaluate with.

use crate::error::FitError;
use crate::split::{Split, shuffle};
use ply_core::nnue::{
    Activation, HIDDEN_MULTIPLE, MAX_HIDDEN, MAX_OUTPUT_BUCKETS, Network, OutputBuckets,
};
use rayon::prelude::*;

/// Positions per shard of a minibatch (the unit of parallel work).
pub const SHARD: usize = 512;
/// Every weight stays within ±this (as in bullet): with `QA` = 255 and `QB`
/// = 64 the quantised weights fit `i16` (feature rows) and `i8` (output).
pub const WEIGHT_CLIP: f32 = 1.98;
/// The quantised feature weights' scale.
pub const QA: i16 = 255;
/// The quantised output weights' scale.
pub const QB: i16 = 64;

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;
const CHECKPOINT_MAGIC: &[u8; 8] = b"PLYNNCK2";
/// The checkpoints before output buckets: one bucket, a shorter header.
const CHECKPOINT_MAGIC_1: &[u8; 8] = b"PLYNNCK1";

/// Training positions as sparse features: for each position the active
/// features from the side to move's perspective and from the other side's,
/// the search score (centi-units, side to move) and the result (0, ½, 1 for
/// the side to move).
#[derive(Clone, Debug, Default)]
pub struct SparseData {
    features: usize,
    us_offsets: Vec<u32>,
    us: Vec<u16>,
    them_offsets: Vec<u32>,
    them: Vec<u16>,
    scores: Vec<f32>,
    results: Vec<f32>,
}

impl SparseData {
    /// An empty set for `features` input features (at most 65536).
    #[must_use]
    pub fn new(features: usize) -> SparseData {
        SparseData {
            features,
            us_offsets: vec![0],
            them_offsets: vec![0],
            ..SparseData::default()
        }
    }

    /// The input feature count.
    #[must_use]
    pub fn features(&self) -> usize {
        self.features
    }

    /// Positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether none is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// Adds a position: its features from the side to move's perspective
    /// (`us`) and the other's (`them`), its search score for the side to move
    /// and its result for the side to move (0, ½ or 1).
    ///
    /// # Errors
    /// [`FitError::FeatureOutOfRange`] for a feature beyond the count,
    /// [`FitError::NotFinite`] or [`FitError::TargetOutOfRange`] for a bad
    /// score or result.
    pub fn push(
        &mut self,
        us: &[u16],
        them: &[u16],
        score: f32,
        result: f32,
    ) -> Result<(), FitError> {
        if let Some(&f) = us
            .iter()
            .chain(them)
            .find(|&&f| usize::from(f) >= self.features)
        {
            return Err(FitError::FeatureOutOfRange {
                index: u32::from(f),
                features: self.features as u32,
            });
        }
        if !score.is_finite() {
            return Err(FitError::NotFinite { what: "the score" });
        }
        if !(0.0..=1.0).contains(&result) {
            return Err(FitError::TargetOutOfRange(result));
        }
        self.us.extend_from_slice(us);
        self.them.extend_from_slice(them);
        self.us_offsets.push(self.us.len() as u32);
        self.them_offsets.push(self.them.len() as u32);
        self.scores.push(score);
        self.results.push(result);
        Ok(())
    }

    /// Position `i`'s two feature lists.
    fn position(&self, i: usize) -> (&[u16], &[u16]) {
        (
            &self.us[self.us_offsets[i] as usize..self.us_offsets[i + 1] as usize],
            &self.them[self.them_offsets[i] as usize..self.them_offsets[i + 1] as usize],
        )
    }
}

/// The scale `s` (centi-units) that makes `sigmoid(score / s)` the best
/// least-squares predictor of the results of `data`, between 50 and 2000
/// (a golden-section search on `ln s`): the scale at which the data's
/// scores and results agree, so that blending them does not stretch the
/// network's values.
#[must_use]
pub fn fit_scale(data: &SparseData) -> f32 {
    let error = |ln_s: f64| {
        let s = ln_s.exp();
        data.scores
            .iter()
            .zip(&data.results)
            .map(|(&score, &result)| {
                let p = 1.0 / (1.0 + (-f64::from(score) / s).exp());
                (p - f64::from(result)).powi(2)
            })
            .sum::<f64>()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (50f64.ln(), 2000f64.ln());
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (error(a), error(b));
    while hi - lo > 1e-3 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = error(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = error(b);
        }
    }
    ((lo + hi) / 2.0).exp() as f32
}

/// What to train and how.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// Hidden size `H` per perspective (a multiple of 16).
    pub hidden: usize,
    /// The hidden activation.
    pub activation: Activation,
    /// The output buckets ([`OutputBuckets`]).
    pub buckets: OutputBuckets,
    /// Epochs to train (in all, counting those of a resumed checkpoint).
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch_size: usize,
    /// Adam's step size in the first epoch.
    pub learning_rate: f32,
    /// The step size is multiplied by this after each epoch.
    pub learning_rate_decay: f32,
    /// Centi-units per unit of output: `sigmoid(score / scale)` is a
    /// score's expected result.
    pub scale: f32,
    /// The weight of the search score in the target (the rest is the
    /// game's result).
    pub lambda: f32,
    /// The share of positions held out (chosen by `seed`).
    pub holdout_fraction: f64,
    /// The seed of the initial weights, the split and the batch order.
    pub seed: u64,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            hidden: 128,
            activation: Activation::ClippedRelu,
            buckets: OutputBuckets::SINGLE,
            epochs: 10,
            batch_size: 16384,
            learning_rate: 0.001,
            learning_rate_decay: 0.9,
            scale: 400.0,
            lambda: 0.7,
            holdout_fraction: 0.03,
            seed: 1,
        }
    }
}

impl TrainOptions {
    fn check(&self) -> Result<(), FitError> {
        let bad = |m: String| Err(FitError::BadOption(m));
        if self.hidden == 0
            || self.hidden > MAX_HIDDEN
            || !self.hidden.is_multiple_of(HIDDEN_MULTIPLE)
        {
            return bad(format!(
                "hidden size {} (a multiple of {HIDDEN_MULTIPLE} up to {MAX_HIDDEN})",
                self.hidden
            ));
        }
        if self.batch_size == 0 {
            return bad("batch size 0".into());
        }
        if !(1..=MAX_OUTPUT_BUCKETS).contains(&self.buckets.count)
            || self.buckets.width == 0
            || self.buckets.width > 255
        {
            return bad(format!(
                "{} output buckets of width {} (1 to {MAX_OUTPUT_BUCKETS}, width 1 to 255)",
                self.buckets.count, self.buckets.width
            ));
        }
        if !(self.learning_rate > 0.0 && self.learning_rate.is_finite()) {
            return bad(format!("learning rate {}", self.learning_rate));
        }
        if !(self.learning_rate_decay > 0.0 && self.learning_rate_decay <= 1.0) {
            return bad(format!(
                "learning rate decay {} (0 < d <= 1)",
                self.learning_rate_decay
            ));
        }
        if !(self.scale > 0.0 && self.scale.is_finite()) {
            return bad(format!("scale {}", self.scale));
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            return bad(format!("lambda {} (0 to 1)", self.lambda));
        }
        if !(0.0..0.5).contains(&self.holdout_fraction) {
            return bad(format!(
                "held-out fraction {} (0 to 0.5)",
                self.holdout_fraction
            ));
        }
        Ok(())
    }
}

/// SplitMix64, for the initial weights.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The parameters of a network of `features` inputs, `hidden` neurons per
/// perspective and `buckets` output buckets (see [`FloatNetwork`]'s layout).
fn param_count(features: usize, hidden: usize, buckets: usize) -> usize {
    features * hidden + hidden + buckets * (2 * hidden + 1)
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A network in floating point: the one that trains.
///
/// Its parameters lie in one vector: the feature weights (`F` rows of `H`),
/// the feature bias (`H`), the output weights (`2 H` a bucket, side to move
/// first, bucket by bucket) and the output biases (one a bucket).
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// Input features `F`.
    pub features: usize,
    /// Hidden size `H`.
    pub hidden: usize,
    /// The hidden activation.
    pub activation: Activation,
    /// The output buckets.
    pub buckets: OutputBuckets,
    /// Every parameter (see the type's documentation).
    pub params: Vec<f32>,
}

impl FloatNetwork {
    /// A network with small random weights drawn from `seed` (with one
    /// output bucket, the same weights as before buckets).
    #[must_use]
    pub fn random(
        features: usize,
        hidden: usize,
        activation: Activation,
        buckets: OutputBuckets,
        seed: u64,
    ) -> FloatNetwork {
        let mut state = seed ^ 0x6E6E_7565_6E6E_7565;
        let mut uniform = |bound: f32| {
            let u = (splitmix(&mut state) >> 40) as f32 / (1u64 << 24) as f32;
            (2.0 * u - 1.0) * bound
        };
        let mut params = Vec::with_capacity(param_count(features, hidden, buckets.count));
        // About 30 features are active: rows of ±0.1 keep the accumulators
        // near 0..1 at the start.
        params.extend((0..features * hidden).map(|_| uniform(0.1)));
        params.extend((0..hidden).map(|_| uniform(0.1) + 0.1));
        let bound = 1.0 / (2.0 * hidden as f32).sqrt();
        params.extend((0..2 * hidden * buckets.count).map(|_| uniform(bound)));
        params.extend((0..buckets.count).map(|_| 0.0));
        FloatNetwork {
            features,
            hidden,
            activation,
            buckets,
            params,
        }
    }

    /// The float network a quantised one was made from (each weight
    /// divided by its scale), its output rescaled from `network.scale` to
    /// `scale` centi-units per unit so that it gives the same values:
    /// the start of a run that refines a shipped network on new data.
    #[must_use]
    pub fn from_quantised(network: &Network, scale: f32) -> FloatNetwork {
        let (qa, qb) = (f32::from(network.qa), f32::from(network.qb));
        let rescale = network.scale as f32 / scale;
        let mut params = Vec::with_capacity(param_count(
            network.features,
            network.hidden,
            network.buckets.count,
        ));
        params.extend(network.feature_weights.iter().map(|&w| f32::from(w) / qa));
        params.extend(network.feature_bias.iter().map(|&w| f32::from(w) / qa));
        params.extend(
            network
                .output_weights
                .iter()
                .map(|&w| (f32::from(w) / qb * rescale).clamp(-WEIGHT_CLIP, WEIGHT_CLIP)),
        );
        params.extend(
            network
                .output_bias
                .iter()
                .map(|&b| b as f32 / (qa * qb) * rescale),
        );
        FloatNetwork {
            features: network.features,
            hidden: network.hidden,
            activation: network.activation,
            buckets: network.buckets,
            params,
        }
    }

    /// The network with `buckets` output buckets, each a copy of this
    /// one-bucket network's output layer: the start of a bucketed network
    /// that gives the same values as the network it refines.
    ///
    /// # Panics
    /// If this network has more than one bucket.
    #[must_use]
    pub fn with_buckets(&self, buckets: OutputBuckets) -> FloatNetwork {
        assert_eq!(self.buckets.count, 1, "only a one-bucket network is copied");
        let out = self.output_at();
        let layer = &self.params[out..out + 2 * self.hidden];
        let bias = self.params[out + 2 * self.hidden];
        let mut params = self.params[..out].to_vec();
        for _ in 0..buckets.count {
            params.extend_from_slice(layer);
        }
        params.extend((0..buckets.count).map(|_| bias));
        FloatNetwork {
            buckets,
            params,
            ..self.clone()
        }
    }

    fn bias_at(&self) -> usize {
        self.features * self.hidden
    }

    fn output_at(&self) -> usize {
        self.bias_at() + self.hidden
    }

    /// Where the output biases start.
    fn output_bias_at(&self) -> usize {
        self.output_at() + 2 * self.hidden * self.buckets.count
    }

    /// The accumulator (before the activation) of one perspective.
    fn accumulate(&self, active: &[u16], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.params[self.bias_at()..][..h]);
        for &f in active {
            let row = &self.params[usize::from(f) * h..][..h];
            for (a, &w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    fn activate(&self, x: f32) -> f32 {
        let c = x.clamp(0.0, 1.0);
        match self.activation {
            Activation::ClippedRelu => c,
            Activation::SquaredClippedRelu => c * c,
        }
    }

    fn activate_derivative(&self, x: f32) -> f32 {
        if x <= 0.0 || x >= 1.0 {
            return 0.0;
        }
        match self.activation {
            Activation::ClippedRelu => 1.0,
            Activation::SquaredClippedRelu => 2.0 * x,
        }
    }

    /// The output `o` for a position's two feature lists (side to move
    /// first); `o * scale` is its value in centi-units.
    #[must_use]
    pub fn forward(&self, us: &[u16], them: &[u16]) -> f32 {
        let h = self.hidden;
        let mut acc = vec![0.0; 2 * h];
        let (a_us, a_them) = acc.split_at_mut(h);
        self.accumulate(us, a_us);
        self.accumulate(them, a_them);
        self.output(&acc, self.buckets.of(us.len()))
    }

    /// Where output bucket `bucket`'s `2 H` weights start.
    fn bucket_at(&self, bucket: usize) -> usize {
        self.output_at() + 2 * self.hidden * bucket
    }

    fn output(&self, acc: &[f32], bucket: usize) -> f32 {
        let w = &self.params[self.bucket_at(bucket)..][..2 * self.hidden];
        acc.iter()
            .zip(w)
            .map(|(&a, &w)| self.activate(a) * w)
            .sum::<f32>()
            + self.params[self.output_bias_at() + bucket]
    }

    /// The integer network: feature weights and bias times [`QA`], output
    /// weights times [`QB`], output bias times `QA * QB`, each rounded;
    /// `scale` is stored for the conversion to centi-units.
    #[must_use]
    pub fn quantise(&self, scale: u32) -> Network {
        let q = |x: f32, by: f32| (x * by).round().clamp(-32767.0, 32767.0) as i16;
        let (qa, qb) = (f32::from(QA), f32::from(QB));
        let out = self.output_at();
        let biases = self.output_bias_at();
        Network {
            features: self.features,
            hidden: self.hidden,
            activation: self.activation,
            buckets: self.buckets,
            qa: QA,
            qb: QB,
            scale,
            feature_weights: self.params[..self.bias_at()]
                .iter()
                .map(|&w| q(w, qa))
                .collect(),
            feature_bias: self.params[self.bias_at()..out]
                .iter()
                .map(|&w| q(w, qa))
                .collect(),
            output_weights: self.params[out..biases].iter().map(|&w| q(w, qb)).collect(),
            output_bias: self.params[biases..]
                .iter()
                .map(|&b| (b * qa * qb).round() as i32)
                .collect(),
        }
    }
}

/// The losses after an epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// Epochs done (counting a resumed checkpoint's).
    pub epoch: usize,
    /// Mean loss over the epoch's training minibatches (as they were
    /// trained).
    pub train_loss: f64,
    /// Mean loss on the held-out positions after the epoch (`None` when
    /// none is held out).
    pub holdout_loss: Option<f64>,
    /// The step size used in the epoch.
    pub learning_rate: f32,
    /// Positions trained in the epoch.
    pub positions: usize,
}

/// A training run: the network, Adam's state and the held-out split.
#[derive(Clone, Debug)]
pub struct Trainer {
    /// The network being trained.
    pub network: FloatNetwork,
    /// The options.
    pub options: TrainOptions,
    /// Epochs done.
    pub epoch: usize,
    first_moment: Vec<f32>,
    second_moment: Vec<f32>,
    steps: u64,
    split: Split,
}

/// One position's target: the blend of its score's expected result and its
/// game's result.
fn target(options: &TrainOptions, score: f32, result: f32) -> f32 {
    options.lambda * sigmoid(score / options.scale) + (1.0 - options.lambda) * result
}

impl Trainer {
    /// A fresh run on `data` with random weights.
    ///
    /// # Errors
    /// [`FitError`] for bad options or no training positions.
    pub fn new(data: &SparseData, options: TrainOptions) -> Result<Trainer, FitError> {
        options.check()?;
        let network = FloatNetwork::random(
            data.features(),
            options.hidden,
            options.activation,
            options.buckets,
            options.seed,
        );
        Trainer::with_network(data, options, network)
    }

    /// A fresh run on `data` that starts from `network` (see
    /// [`FloatNetwork::from_quantised`]) instead of random weights; a
    /// network of one output bucket starts a run of several with each a
    /// copy of its output layer ([`FloatNetwork::with_buckets`]).
    ///
    /// # Errors
    /// [`FitError`] for bad options, no training positions, or a network
    /// whose features, hidden size, activation or buckets are not the
    /// run's.
    pub fn from_network(
        data: &SparseData,
        options: TrainOptions,
        network: &Network,
    ) -> Result<Trainer, FitError> {
        options.check()?;
        if network.features != data.features()
            || network.hidden != options.hidden
            || network.activation != options.activation
        {
            return Err(FitError::BadOption(format!(
                "the starting network is {} -> {}x2 {}; the run asks for {} -> {}x2 {}",
                network.features,
                network.hidden,
                network.activation.name(),
                data.features(),
                options.hidden,
                options.activation.name()
            )));
        }
        let mut network = FloatNetwork::from_quantised(network, options.scale);
        if network.buckets != options.buckets {
            if network.buckets.count != 1 {
                return Err(FitError::BadOption(format!(
                    "the starting network has {} output buckets of width {}; the run asks for {} of width {}",
                    network.buckets.count,
                    network.buckets.width,
                    options.buckets.count,
                    options.buckets.width
                )));
            }
            network = network.with_buckets(options.buckets);
        }
        Trainer::with_network(data, options, network)
    }

    fn with_network(
        data: &SparseData,
        options: TrainOptions,
        network: FloatNetwork,
    ) -> Result<Trainer, FitError> {
        let split = Split::new(data.len(), options.holdout_fraction, options.seed);
        if split.train.is_empty() {
            return Err(FitError::NoTrainingRows {
                rows: data.len(),
                held_out: split.holdout.len(),
            });
        }
        let n = network.params.len();
        Ok(Trainer {
            network,
            options,
            epoch: 0,
            first_moment: vec![0.0; n],
            second_moment: vec![0.0; n],
            steps: 0,
            split,
        })
    }

    /// The positions held out.
    #[must_use]
    pub fn holdout_len(&self) -> usize {
        self.split.holdout.len()
    }

    /// The positions trained on.
    #[must_use]
    pub fn train_len(&self) -> usize {
        self.split.train.len()
    }

    /// The loss of `params` gradient over `rows` added into `grad`; the sum
    /// of the losses.
    fn shard_gradient(&self, data: &SparseData, rows: &[u32], grad: &mut [f32]) -> f64 {
        let net = &self.network;
        let h = net.hidden;
        let mut acc = vec![0.0f32; 2 * h];
        let mut delta = vec![0.0f32; 2 * h];
        let mut loss = 0.0f64;
        for &row in rows {
            let (us, them) = data.position(row as usize);
            let (a_us, a_them) = acc.split_at_mut(h);
            net.accumulate(us, a_us);
            net.accumulate(them, a_them);
            let bucket = net.buckets.of(us.len());
            let o = net.output(&acc, bucket);
            let p = sigmoid(o);
            let t = target(
                &self.options,
                data.scores[row as usize],
                data.results[row as usize],
            );
            loss += f64::from((p - t) * (p - t));
            let d_o = 2.0 * (p - t) * p * (1.0 - p);
            // The output layer of the position's bucket.
            let out = net.bucket_at(bucket);
            let w2 = &net.params[out..out + 2 * h];
            for i in 0..2 * h {
                grad[out + i] += d_o * net.activate(acc[i]);
                delta[i] = d_o * w2[i] * net.activate_derivative(acc[i]);
            }
            grad[net.output_bias_at() + bucket] += d_o;
            // The bias (shared by both perspectives) and the active rows.
            let bias = net.bias_at();
            for i in 0..h {
                grad[bias + i] += delta[i] + delta[h + i];
            }
            for (active, d) in [(us, &delta[..h]), (them, &delta[h..])] {
                for &f in active {
                    let g = &mut grad[usize::from(f) * h..][..h];
                    for (g, &d) in g.iter_mut().zip(d) {
                        *g += d;
                    }
                }
            }
        }
        loss
    }

    /// The mean loss on `rows` (in shards, summed in order).
    fn loss(&self, data: &SparseData, rows: &[u32]) -> f64 {
        if rows.is_empty() {
            return 0.0;
        }
        let sums: Vec<f64> = rows
            .par_chunks(SHARD)
            .map(|shard| {
                let mut sum = 0.0;
                for &row in shard {
                    let (us, them) = data.position(row as usize);
                    let p = sigmoid(self.network.forward(us, them));
                    let t = target(
                        &self.options,
                        data.scores[row as usize],
                        data.results[row as usize],
                    );
                    sum += f64::from((p - t) * (p - t));
                }
                sum
            })
            .collect();
        sums.iter().sum::<f64>() / rows.len() as f64
    }

    /// The mean loss on the held-out positions (`None` if none).
    #[must_use]
    pub fn holdout_loss(&self, data: &SparseData) -> Option<f64> {
        (!self.split.holdout.is_empty()).then(|| self.loss(data, &self.split.holdout))
    }

    /// The loss on the held-out positions of their own scores (a score's
    /// expected result in place of the network's): what the network must
    /// beat where the scores are the current evaluation's (`None` if none
    /// are held out).
    #[must_use]
    pub fn holdout_score_loss(&self, data: &SparseData) -> Option<f64> {
        let rows = &self.split.holdout;
        (!rows.is_empty()).then(|| {
            let sum: f64 = rows
                .iter()
                .map(|&row| {
                    let row = row as usize;
                    let p = sigmoid(data.scores[row] / self.options.scale);
                    let t = target(&self.options, data.scores[row], data.results[row]);
                    f64::from((p - t) * (p - t))
                })
                .sum();
            sum / rows.len() as f64
        })
    }

    /// Trains one epoch; `progress` is told the positions done so far after
    /// each minibatch.
    pub fn train_epoch(
        &mut self,
        data: &SparseData,
        progress: &mut dyn FnMut(usize),
    ) -> EpochReport {
        let mut order = self.split.train.clone();
        shuffle(
            &mut order,
            self.options.seed ^ (self.epoch as u64 + 1).wrapping_mul(0x9E37),
        );
        let learning_rate =
            self.options.learning_rate * self.options.learning_rate_decay.powi(self.epoch as i32);
        let n = self.network.params.len();
        let mut total_loss = 0.0f64;
        let mut done = 0;
        for batch in order.chunks(self.options.batch_size) {
            let shards: Vec<(Vec<f32>, f64)> = batch
                .par_chunks(SHARD)
                .map(|shard| {
                    let mut grad = vec![0.0f32; n];
                    let loss = self.shard_gradient(data, shard, &mut grad);
                    (grad, loss)
                })
                .collect();
            let mut grad = vec![0.0f32; n];
            for (g, loss) in &shards {
                total_loss += loss;
                for (a, &b) in grad.iter_mut().zip(g) {
                    *a += b;
                }
            }
            self.adam_step(&grad, batch.len(), learning_rate);
            done += batch.len();
            progress(done);
        }
        self.epoch += 1;
        EpochReport {
            epoch: self.epoch,
            train_loss: total_loss / order.len() as f64,
            holdout_loss: self.holdout_loss(data),
            learning_rate,
            positions: order.len(),
        }
    }

    fn adam_step(&mut self, grad: &[f32], batch: usize, learning_rate: f32) {
        self.steps += 1;
        let t = self.steps as i32;
        let correction1 = 1.0 - BETA1.powi(t);
        let correction2 = 1.0 - BETA2.powi(t);
        let inv = 1.0 / batch as f32;
        let params = &mut self.network.params;
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(&mut self.first_moment)
            .zip(&mut self.second_moment)
        {
            let g = g * inv;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            let step = learning_rate * (*m / correction1) / ((*v / correction2).sqrt() + EPSILON);
            *p = (*p - step).clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
        }
    }

    /// The whole state as bytes: magic `PLYNNCK2`, then `u32` features,
    /// hidden, activation, epoch, output buckets, bucket width, `u64` Adam
    /// steps, then the parameters and Adam's two moments as `f32`
    /// (little-endian). (`PLYNNCK1`, read by [`Trainer::resume`], has no
    /// bucket words: one bucket.)
    #[must_use]
    pub fn checkpoint(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(CHECKPOINT_MAGIC);
        for v in [
            self.network.features as u32,
            self.network.hidden as u32,
            self.network.activation as u32,
            self.epoch as u32,
            self.network.buckets.count as u32,
            self.network.buckets.width as u32,
        ] {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes.extend_from_slice(&self.steps.to_le_bytes());
        for v in self
            .network
            .params
            .iter()
            .chain(&self.first_moment)
            .chain(&self.second_moment)
        {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes
    }

    /// A run continued from a [`Trainer::checkpoint`] on the same data with
    /// `options` (the hidden size and activation must be the checkpoint's).
    ///
    /// # Errors
    /// [`FitError::BadOption`] for a damaged or mismatched checkpoint.
    pub fn resume(
        data: &SparseData,
        options: TrainOptions,
        bytes: &[u8],
    ) -> Result<Trainer, FitError> {
        options.check()?;
        let bad = |m: &str| FitError::BadOption(format!("checkpoint: {m}"));
        let words = match bytes.get(..8) {
            Some(magic) if magic == CHECKPOINT_MAGIC => 6,
            Some(magic) if magic == CHECKPOINT_MAGIC_1 => 4,
            _ => return Err(bad("not a ply network checkpoint (no PLYNNCK2 header)")),
        };
        let header = 8 + 4 * words + 8;
        if bytes.len() < header {
            return Err(bad("too short"));
        }
        let word =
            |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().expect("4"));
        let (features, hidden, activation, epoch) = (
            word(0) as usize,
            word(1) as usize,
            word(2),
            word(3) as usize,
        );
        let buckets = match words {
            6 => OutputBuckets {
                count: word(4) as usize,
                width: word(5) as usize,
            },
            _ => OutputBuckets::SINGLE,
        };
        if features != data.features()
            || hidden != options.hidden
            || activation != options.activation as u32
            || buckets != options.buckets
        {
            return Err(bad(&format!(
                "it holds {features} features, hidden {hidden}, activation {activation}, {} output buckets of width {}; the run asks for {}, {}, {}, {} of width {}",
                buckets.count,
                buckets.width,
                data.features(),
                options.hidden,
                options.activation as u32,
                options.buckets.count,
                options.buckets.width
            )));
        }
        let steps = u64::from_le_bytes(bytes[header - 8..header].try_into().expect("8"));
        let n = param_count(features, hidden, buckets.count);
        if bytes.len() != header + 12 * n {
            return Err(bad("wrong length"));
        }
        let floats: Vec<f32> = bytes[header..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4")))
            .collect();
        let network = FloatNetwork {
            features,
            hidden,
            activation: options.activation,
            buckets,
            params: floats[..n].to_vec(),
        };
        let mut trainer = Trainer::with_network(data, options, network)?;
        trainer.first_moment = floats[n..2 * n].to_vec();
        trainer.second_moment = floats[2 * n..].to_vec();
        trainer.steps = steps;
        trainer.epoch = epoch;
        Ok(trainer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A synthetic game: 16 features, a position's value the sum of the
    /// values of its "us" features minus its "them" features.
    fn synthetic(n: usize) -> SparseData {
        let mut data = SparseData::new(16);
        let mut state = 5u64;
        let value = |f: u16| f32::from(f % 5) * 60.0 - 120.0;
        for _ in 0..n {
            let mut us = Vec::new();
            let mut them = Vec::new();
            for f in 0..16u16 {
                let r = splitmix(&mut state);
                if r & 3 == 0 {
                    us.push(f);
                }
                if r & 12 == 0 {
                    them.push(f);
                }
            }
            let score: f32 = us.iter().map(|&f| value(f)).sum::<f32>()
                - them.iter().map(|&f| value(f)).sum::<f32>();
            let result = if score > 100.0 {
                1.0
            } else if score < -100.0 {
                0.0
            } else {
                0.5
            };
            data.push(&us, &them, score, result).unwrap();
        }
        data
    }

    fn options() -> TrainOptions {
        TrainOptions {
            hidden: 16,
            epochs: 8,
            batch_size: 256,
            learning_rate: 0.01,
            holdout_fraction: 0.1,
            ..TrainOptions::default()
        }
    }

    #[test]
    fn the_fitted_scale_is_the_one_the_results_were_drawn_with() {
        let mut data = SparseData::new(1);
        let mut state = 9u64;
        for i in 0..20_000 {
            let score = (i % 1201) as f32 - 600.0;
            let u = (splitmix(&mut state) >> 40) as f32 / (1u64 << 24) as f32;
            let result = if u < sigmoid(score / 200.0) { 1.0 } else { 0.0 };
            data.push(&[], &[], score, result).unwrap();
        }
        let scale = fit_scale(&data);
        assert!((180.0..220.0).contains(&scale), "{scale}");
    }

    #[test]
    fn training_lowers_the_held_out_loss() {
        let data = synthetic(4000);
        let mut trainer = Trainer::new(&data, options()).unwrap();
        let before = trainer.holdout_loss(&data).unwrap();
        let mut last = before;
        for _ in 0..8 {
            last = trainer
                .train_epoch(&data, &mut |_| {})
                .holdout_loss
                .unwrap();
        }
        assert!(last < before * 0.5, "{before} -> {last}");
    }

    #[test]
    fn the_result_does_not_depend_on_the_thread_count() {
        let data = synthetic(3000);
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut trainer = Trainer::new(&data, options()).unwrap();
                trainer.train_epoch(&data, &mut |_| {});
                trainer.network.params
            })
        };
        assert_eq!(run(1), run(3));
    }

    #[test]
    fn checkpoints_resume_where_they_left_off() {
        let data = synthetic(2000);
        let mut straight = Trainer::new(&data, options()).unwrap();
        straight.train_epoch(&data, &mut |_| {});
        let saved = straight.checkpoint();
        straight.train_epoch(&data, &mut |_| {});
        let mut resumed = Trainer::resume(&data, options(), &saved).unwrap();
        assert_eq!(resumed.epoch, 1);
        resumed.train_epoch(&data, &mut |_| {});
        assert_eq!(resumed.network, straight.network);
        let other = TrainOptions {
            hidden: 32,
            ..options()
        };
        assert!(Trainer::resume(&data, other, &saved).is_err());
        assert!(Trainer::resume(&data, options(), b"nonsense").is_err());
        // A checkpoint of the format before buckets (no bucket words) is a
        // one-bucket run.
        let mut old = b"PLYNNCK1".to_vec();
        old.extend_from_slice(&saved[8..24]);
        old.extend_from_slice(&saved[32..]);
        let mut from_old = Trainer::resume(&data, options(), &old).unwrap();
        from_old.train_epoch(&data, &mut |_| {});
        assert_eq!(from_old.network, straight.network);
        // A bucketed run resumes as well, and only with its buckets.
        let bucketed = TrainOptions {
            buckets: OutputBuckets::spread(3, 8),
            ..options()
        };
        let mut straight = Trainer::new(&data, bucketed.clone()).unwrap();
        straight.train_epoch(&data, &mut |_| {});
        let saved = straight.checkpoint();
        straight.train_epoch(&data, &mut |_| {});
        let mut resumed = Trainer::resume(&data, bucketed, &saved).unwrap();
        resumed.train_epoch(&data, &mut |_| {});
        assert_eq!(resumed.network, straight.network);
        let err = Trainer::resume(&data, options(), &saved).unwrap_err();
        assert!(err.to_string().contains("3 output buckets"), "{err}");
    }

    #[test]
    fn a_position_trains_only_its_own_bucket() {
        // Positions of 0 to 6 active features: with 8 buckets of one
        // feature, buckets 5 to 7 ((n - 2) / 1) are never used.
        let mut data = SparseData::new(16);
        let mut state = 3u64;
        for i in 0..2000 {
            let n = i % 7;
            let us: Vec<u16> = (0..n as u16).map(|f| (f * 3 + i as u16) % 16).collect();
            let them: Vec<u16> = (0..(6 - n) as u16).map(|f| (f * 5 + 1) % 16).collect();
            let score = (n as f32 - 3.0) * 100.0 + (splitmix(&mut state) % 50) as f32;
            data.push(&us, &them, score, 0.5).unwrap();
        }
        let buckets = OutputBuckets { count: 8, width: 1 };
        let mut trainer = Trainer::new(
            &data,
            TrainOptions {
                buckets,
                ..options()
            },
        )
        .unwrap();
        let before = trainer.network.clone();
        trainer.train_epoch(&data, &mut |_| {});
        let net = &trainer.network;
        let layer = |network: &FloatNetwork, bucket: usize| {
            let mut weights = network.params[network.bucket_at(bucket)..][..32].to_vec();
            weights.push(network.params[network.output_bias_at() + bucket]);
            weights
        };
        for bucket in 0..8 {
            let changed = layer(net, bucket) != layer(&before, bucket);
            assert_eq!(changed, bucket <= 4, "bucket {bucket}");
        }
    }

    #[test]
    fn the_quantised_network_matches_the_float_one() {
        let data = synthetic(2000);
        for (activation, buckets) in [
            (Activation::ClippedRelu, OutputBuckets::SINGLE),
            (Activation::SquaredClippedRelu, OutputBuckets::SINGLE),
            (Activation::ClippedRelu, OutputBuckets::spread(3, 8)),
            (Activation::SquaredClippedRelu, OutputBuckets::spread(3, 8)),
        ] {
            let mut trainer = Trainer::new(
                &data,
                TrainOptions {
                    activation,
                    buckets,
                    ..options()
                },
            )
            .unwrap();
            for _ in 0..3 {
                trainer.train_epoch(&data, &mut |_| {});
            }
            let float = &trainer.network;
            let quantised = Network::from_bytes(&float.quantise(400).to_bytes()).unwrap();
            let mut worst = 0.0f32;
            for i in 0..200 {
                let (us, them) = data.position(i);
                let exact = float.forward(us, them) * 400.0;
                let q = quantised_value(&quantised, us, them);
                worst = worst.max((q - exact).abs());
            }
            assert_eq!(quantised.buckets, buckets);
            // Output weights rounded to 1/64 (QB) leave a few centi-units
            // on values of hundreds (7.9 with one bucket, 10.1 with three).
            assert!(
                worst < 12.0,
                "{activation:?} {buckets:?}: {worst} centi-units apart"
            );
        }
    }

    #[test]
    fn a_run_can_start_from_a_quantised_network() {
        let data = synthetic(2000);
        let opts = TrainOptions {
            activation: Activation::SquaredClippedRelu,
            ..options()
        };
        let mut trained = Trainer::new(&data, opts.clone()).unwrap();
        for _ in 0..4 {
            trained.train_epoch(&data, &mut |_| {});
        }
        let quantised = trained.network.quantise(400);
        // Read back at another scale, the network gives the same values.
        let rescaled = FloatNetwork::from_quantised(&quantised, 250.0);
        for i in 0..100 {
            let (us, them) = data.position(i);
            let before = trained.network.forward(us, them) * 400.0;
            let after = rescaled.forward(us, them) * 250.0;
            assert!((before - after).abs() < 8.0, "{before} against {after}");
        }
        // A run started from it begins where the trained one ended, far
        // below a random start, and trains on from there.
        let mut refined = Trainer::from_network(&data, opts.clone(), &quantised).unwrap();
        let fresh = Trainer::new(&data, opts.clone()).unwrap();
        let start = refined.holdout_loss(&data).unwrap();
        let trained_loss = trained.holdout_loss(&data).unwrap();
        assert!(
            (start - trained_loss).abs() < 0.002,
            "{start} against {trained_loss}"
        );
        assert!(start < fresh.holdout_loss(&data).unwrap() * 0.8);
        let report = refined.train_epoch(&data, &mut |_| {});
        assert!(report.holdout_loss.unwrap() < start * 1.05);
        // A run of several output buckets starts from it with each bucket
        // a copy of its output layer: the same values.
        let bucketed = TrainOptions {
            buckets: OutputBuckets::spread(3, 8),
            ..opts.clone()
        };
        let split = Trainer::from_network(&data, bucketed.clone(), &quantised).unwrap();
        assert_eq!(split.network.buckets, bucketed.buckets);
        for i in 0..100 {
            let (us, them) = data.position(i);
            let one = quantised_value(&quantised, us, them);
            let copied = split.network.forward(us, them) * 400.0;
            assert!((one - copied).abs() < 8.0, "{one} against {copied}");
        }
        // ... but a bucketed network does not start a run of other buckets.
        let three = split.network.quantise(400);
        let other = TrainOptions {
            buckets: OutputBuckets::spread(4, 8),
            ..opts.clone()
        };
        let err = Trainer::from_network(&data, other, &three).unwrap_err();
        assert!(err.to_string().contains("3 output buckets"), "{err}");
        // A network of another shape is refused with what it is.
        let other = TrainOptions { hidden: 32, ..opts };
        let err = Trainer::from_network(&data, other, &quantised).unwrap_err();
        assert!(err.to_string().contains("16 -> 16x2 screlu"), "{err}");
    }

    /// The quantised network's value of a position, in centi-units.
    fn quantised_value(network: &Network, us: &[u16], them: &[u16]) -> f32 {
        let mut a = network.new_accumulator();
        let mut b = network.new_accumulator();
        us.iter()
            .for_each(|&f| network.add_feature(&mut a, usize::from(f)));
        them.iter()
            .for_each(|&f| network.add_feature(&mut b, usize::from(f)));
        network.evaluate(&a, &b, us.len()) as f32
    }
}
