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
