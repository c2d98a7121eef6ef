//! What can go wrong when building a dataset or fitting.

/// A dataset row or fitting option that cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FitError {
    /// A row names a feature beyond the dataset's feature count.
    #[error("feature {index} is out of range: the dataset has {features} features")]
    FeatureOutOfRange {
        /// The feature index given.
        index: u32,
        /// The dataset's feature count.
        features: u32,
    },
    /// A feature value or target is NaN or infinite.
    #[error("{what} is not a finite number")]
    NotFinite {
        /// Which number: "a feature value", "the target".
        what: &'static str,
    },
    /// The initial weights do not match the dataset's feature count.
    #[error("{given} initial weights for a dataset of {features} features")]
    WeightCount {
        /// How many weights were given.
        given: usize,
        /// The dataset's feature count.
        features: u32,
    },
    /// A fitting option is out of its range.
    #[error("bad fit option: {0}")]
    BadOption(String),
    /// No row is left to train on.
    #[error("no training rows: the dataset has {rows} rows, {held_out} held out")]
    NoTrainingRows {
        /// Rows in the dataset.
        rows: usize,
        /// Rows held out.
        held_out: usize,
    },
    /// A logistic target outside 0..=1.
    #[error("a logistic target must lie in 0..=1, found {0}")]
    TargetOutOfRange(f32),
}
