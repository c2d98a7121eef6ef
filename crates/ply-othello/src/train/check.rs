//! `ply train othello check`: how far an evaluation's scores are from the
//! exact scores of a data file, by empty squares: the measure of an
//! evaluation on positions it was not fitted on.

use super::data;
use crate::BitboardGenerator;
use crate::engine::eval::{PatternEvaluation, PatternWeights};
use ply_fit::run::{TrainError, Ui};
use std::path::PathBuf;

/// Arguments of `ply train othello check`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct CheckArgs {
    /// The data file whose exact scores are the answers (best one the
    /// weights were not fitted on, e.g. `generate --seed 2 --exact-empties 22`).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub data: PathBuf,
    /// The weights file to check (default: the weights ply plays with).
    #[cfg_attr(feature = "clap", arg(long, value_name = "WEIGHTS"))]
    pub weights: Option<PathBuf>,
}

/// The error of the evaluation at one number of empty squares.
#[derive(Clone, Copy, Debug, Default)]
struct Errors {
    positions: u64,
    squared: f64,
    absolute: f64,
    /// Positions where the evaluation and the exact score agree on who wins
    /// (a draw counts as agreeing with a score within half a disc).
    same_winner: u64,
}

impl Errors {
    fn add(&mut self, predicted_discs: f64, exact: i8) {
        let error = predicted_discs - f64::from(exact);
        self.positions += 1;
        self.squared += error * error;
        self.absolute += error.abs();
        let predicted = if predicted_discs.abs() < 0.5 {
            0
        } else {
            predicted_discs.signum() as i8
        };
        self.same_winner += u64::from(predicted == exact.signum());
    }

    fn rmse(&self) -> f64 {
        (self.squared / self.positions.max(1) as f64).sqrt()
    }

    fn mean_absolute(&self) -> f64 {
        self.absolute / self.positions.max(1) as f64
    }

    fn same_winner_percent(&self) -> f64 {
        100.0 * self.same_winner as f64 / self.positions.max(1) as f64
    }
}

/// Runs `ply train othello check`.
pub fn run(args: &CheckArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    let (_, samples) = data::read(&args.data).map_err(|e| TrainError(e.to_string()))?;
    let loaded;
    let evaluation = match &args.weights {
        Some(path) => {
            let weights = PatternWeights::read_file(path).map_err(|e| TrainError(e.to_string()))?;
            loaded = PatternEvaluation::new(&weights);
            &loaded
        }
        None => PatternEvaluation::current(),
    };
    let mut by_empties = [Errors::default(); 61];
    for sample in &samples {
        if let Some(exact) = sample.exact {
            let centi_discs = evaluation.score::<BitboardGenerator>(sample.player, sample.opponent);
            by_empties[sample.empties().min(60) as usize]
                .add(f64::from(centi_discs) / 100.0, exact);
        }
    }
    if by_empties.iter().all(|e| e.positions == 0) {
        return Err(TrainError(format!(
            "{}: no positions with exact scores",
            args.data.display()
        )));
    }
    let rows = by_empties
        .iter()
        .enumerate()
        .filter(|(_, e)| e.positions > 0)
        .rev();
    let rows: Vec<_> = rows.collect();
    let json_rows: Vec<_> = rows
        .iter()
        .map(|(empties, e)| {
            ply_fit::serde_json::json!({
                "empties": empties,
                "positions": e.positions,
                "rmse": e.rmse(),
                "mean_absolute_error": e.mean_absolute(),
                "same_winner_percent": e.same_winner_percent(),
            })
        })
        .collect();
    let mut text = String::from("empties  positions   rmse  mean |error|  same winner\n");
    for (empties, e) in &rows {
        text += &format!(
            "{empties:>7}  {:>9}  {:>5.2}  {:>12.2}  {:>10.1}%\n",
            e.positions,
            e.rmse(),
            e.mean_absolute(),
            e.same_winner_percent()
        );
    }
    text += "(errors in discs, against the solver's exact scores)";
    ui.report(
        &ply_fit::serde_json::json!({ "by_empties": json_rows }),
        &text,
    )
}
