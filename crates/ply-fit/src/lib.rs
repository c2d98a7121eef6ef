#![doc = include_str!("../README.md")]

mod dataset;
mod error;
mod fit;
pub mod nnue;
pub mod nnue_run;
mod options;
pub mod records;
pub mod run;
mod scale;
mod split;
pub mod weights;

pub use dataset::{Dataset, Row};
pub use error::FitError;
pub use fit::{EpochReport, Errors, FitReport, fit, fit_split};
pub use options::{FitOptions, Loss, Optimiser, OptimiserArgs};
pub use scale::fit_scale;
pub use serde_json;
pub use split::Split;
pub use weights::{LoadError, Trainable, WeightsError};
