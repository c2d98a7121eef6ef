//! What to fit and how: the loss and the optimiser's settings.

use crate::error::FitError;

/// The error the fit minimises (plus the L2 term).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Loss {
    /// Mean squared error between `w·x` and the target (least squares).
    Squared,
    /// Mean log loss between `sigmoid(scale * w·x)` and a target in 0..=1
    /// (a game result: 0, ½, 1), as in Texel tuning.
    Logistic {
        /// How steeply the model's output maps to a result; see
        /// [`fit_scale`](crate::fit_scale) to find it for fixed weights.
        scale: f64,
    },
}

/// How to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// The loss.
    pub loss: Loss,
    /// The weight of the L2 penalty `l2 * sum(w²)` added to the mean loss.
    pub l2: f64,
    /// The most passes over the training rows.
    pub epochs: usize,
    /// Adam's step size, in the unit of the weights.
    pub learning_rate: f64,
    /// Rows per Adam step; 0 takes every training row at once (full batch).
    pub batch_size: usize,
    /// The share of rows held out to measure the error on unseen data
    /// (0 to keep none), chosen by `seed`.
    pub holdout_fraction: f64,
    /// Stop when the held-out error has not improved for this many epochs
    /// (0: never stop early); the weights of the best epoch are returned.
    pub patience: usize,
    /// The seed of the held-out split and of the minibatch order.
    pub seed: u64,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            loss: Loss::Squared,
            l2: 0.0,
            epochs: 100,
            learning_rate: 0.01,
            batch_size: 0,
            holdout_fraction: 0.1,
            patience: 10,
            seed: 0,
        }
    }
}

impl FitOptions {
    /// Checks that every option is in its range.
    ///
    /// # Errors
    /// [`FitError::BadOption`] naming the first option out of range.
    pub fn check(&self) -> Result<(), FitError> {
        let bad = |text: String| Err(FitError::BadOption(text));
        if let Loss::Logistic { scale } = self.loss
            && !(scale.is_finite() && scale > 0.0)
        {
            return bad(format!("the logistic scale must be positive, not {scale}"));
        }
        if !(self.l2.is_finite() && self.l2 >= 0.0) {
            return bad(format!("l2 must be zero or positive, not {}", self.l2));
        }
        if self.epochs == 0 {
            return bad("epochs must be at least 1".into());
        }
        if !(self.learning_rate.is_finite() && self.learning_rate > 0.0) {
            return bad(format!(
                "the learning rate must be positive, not {}",
                self.learning_rate
            ));
        }
        if !(0.0..1.0).contains(&self.holdout_fraction) {
            return bad(format!(
                "the holdout fraction must lie in [0, 1), not {}",
                self.holdout_fraction
            ));
        }
        Ok(())
    }
}

/// The optimiser's settings of a fit as `ply train <game> fit` takes them:
/// the same six in every game, each game with its defaults (and its units:
/// centipawns, centi-men, discs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Optimiser {
    /// The seed of the held-out split and the minibatch order.
    pub seed: u64,
    /// Stop after this many epochs without a better held-out error.
    pub patience: usize,
    /// Adam's step size, in the evaluation's unit.
    pub learning_rate: f64,
    /// Positions per Adam step.
    pub batch: usize,
    /// The L2 penalty on the weights (its exact form is the game's).
    pub l2: f64,
    /// Percent of the positions (checkers: of the games, then of the other
    /// games' positions) held out to measure the error.
    pub holdout: u32,
}

impl Optimiser {
    /// The options of a fit with these settings: `loss`, at most `epochs`
    /// epochs, the held-out percentage as a fraction.
    #[must_use]
    pub fn fit_options(&self, loss: Loss, epochs: usize) -> FitOptions {
        FitOptions {
            loss,
            l2: self.l2,
            epochs,
            learning_rate: self.learning_rate,
            batch_size: self.batch,
            holdout_fraction: f64::from(self.holdout) / 100.0,
            patience: self.patience,
            seed: self.seed,
        }
    }

    /// A game's defaults: its `patience`, `learning_rate`, `batch` and `l2`,
    /// with seed 1 and 10 % held out, as in every game.
    #[must_use]
    pub const fn defaults(patience: usize, learning_rate: f64, batch: usize, l2: f64) -> Optimiser {
        Optimiser {
            seed: 1,
            patience,
            learning_rate,
            batch,
            l2,
            holdout: 10,
        }
    }
}

/// [`Optimiser`]'s command-line flags; a flag not given takes the game's
/// default ([`OptimiserArgs::resolve`]).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct OptimiserArgs {
    /// The seed of the held-out split and the minibatch order [default: 1].
    #[cfg_attr(feature = "clap", arg(long, value_name = "S"))]
    pub seed: Option<u64>,
    /// Stop after this many epochs without a better held-out error [default:
    /// chess 3, checkers 10, Othello 3].
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub patience: Option<usize>,
    /// Adam's step size in the evaluation's unit [default: chess 1
    /// centipawn, checkers 0.5 centi-men, Othello 0.05 discs].
    #[cfg_attr(feature = "clap", arg(long, value_name = "RATE"))]
    pub learning_rate: Option<f64>,
    /// Positions per Adam step [default: chess 8192, checkers and Othello
    /// 4096].
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub batch: Option<usize>,
    /// The L2 penalty [default: chess 2e-8 per centipawn² on how far the
    /// weights move from the starting ones, checkers 1e-7 on the weights in
    /// centi-men, Othello 2 times the sum of squared weights against the sum
    /// of squared errors in discs].
    #[cfg_attr(feature = "clap", arg(long, value_name = "L2"))]
    pub l2: Option<f64>,
    /// Percent of the positions held out to measure the error (checkers: of
    /// the games, then of the other games' positions for early stopping)
    /// [default: 10].
    #[cfg_attr(feature = "clap", arg(long, value_name = "PERCENT"))]
    pub holdout: Option<u32>,
}

impl OptimiserArgs {
    /// The settings: each flag given, else the game's default.
    #[must_use]
    pub fn resolve(&self, defaults: Optimiser) -> Optimiser {
        Optimiser {
            seed: self.seed.unwrap_or(defaults.seed),
            patience: self.patience.unwrap_or(defaults.patience),
            learning_rate: self.learning_rate.unwrap_or(defaults.learning_rate),
            batch: self.batch.unwrap_or(defaults.batch),
            l2: self.l2.unwrap_or(defaults.l2),
            holdout: self.holdout.unwrap_or(defaults.holdout),
        }
    }
}
