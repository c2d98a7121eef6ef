//! Training the evaluation: the pattern weights as a [`Trainable`]
//! evaluation (its feature rows and its weights file, ply's one format:
//! [`ply_fit::weights`]), and the pipeline that makes them
//! (`ply train othello ...`):
//!
//! 1. [`generate`]: self-play games from random openings, positions near
//!    the end labelled with their exact score by the solver ([`data`]);
//! 2. [`fit`]: the pattern weights fitted to a data file, stage by stage
//!    from the end of the game, resumable;
//! 3. [`info`]: what a data file holds;
//! 4. [`check`]: an evaluation's error against a data file's exact scores.
//!
//! Each step takes its options (with the `clap` feature, they are the
//! command line's arguments) and a [`Ui`] that shows progress and prints
//! the report.

pub mod check;
pub mod data;
pub mod fit;
pub mod generate;

use crate::engine::eval::patterns::{Features, PatternEvaluation, PatternWeights};
use crate::{BitboardGenerator, Othello};
use ply_fit::run::{TrainError, Ui, count_table, info_json};
use ply_fit::weights::{Layout, Trainable};
use std::path::Path;

/// The environment variable that names an Othello weights file.
pub use crate::engine::eval::patterns::WEIGHTS_VARIABLE as WEIGHTS_VAR;

/// The pattern weights of every stage, flat (stage after stage, each in the
/// compact layout); a row holds the position's stage's entries
/// ([`Features::of`]) moved to that stage, and its score is
/// [`PatternEvaluation::score`] in centi-discs. A finished game has no row
/// (its score is the final count).
impl Trainable for PatternWeights {
    type Position = Othello;
    type Value = i16;
    const GAME: &'static str = "othello";
    const WEIGHTS_VAR: &'static str = WEIGHTS_VAR;

    fn layout() -> Layout {
        PatternWeights::layout()
    }

    fn values(&self) -> Vec<i16> {
        self.flat()
    }

    fn from_values(values: Vec<i16>) -> PatternWeights {
        PatternWeights::from_flat(&values)
    }

    fn row(&self, position: &Othello, out: &mut Vec<(u32, f32)>) -> bool {
        if position.is_game_over() {
            return false;
        }
        let features = Features::of::<BitboardGenerator>(position.player(), position.opponent());
        let offset = (features.stage * PatternWeights::per_stage()) as u32;
        out.extend(features.entries.iter().map(|&(i, v)| (offset + i, v)));
        true
    }

    fn score(&self, position: &Othello) -> f64 {
        let evaluation = PatternEvaluation::new(self);
        f64::from(evaluation.score::<BitboardGenerator>(position.player(), position.opponent()))
    }
}

/// Runs `ply train othello info`: reports what the data file `path`
/// holds (games, positions, exact scores, positions by empty squares).
///
/// # Errors
/// If the file cannot be read or the report printed.
pub fn info(path: &Path, ui: &dyn Ui) -> Result<(), TrainError> {
    let (header, samples) = data::read(path)?;
    let mut by_empties = [0u64; 61];
    for sample in &samples {
        by_empties[sample.empties().min(60) as usize] += 1;
    }
    let exact = samples.iter().filter(|s| s.exact.is_some()).count();
    ui.report(
        &info_json(
            path,
            &header,
            ply_fit::serde_json::json!({
                "exact_empties": header.settings,
                "exact": exact,
                "by_empties": by_empties.to_vec(),
            }),
        ),
        &format!(
            "{}: {} games, {} positions, {exact} with exact scores (seed {}, exact at {} empties or fewer)\n{}",
            path.display(),
            header.games,
            header.records,
            header.seed,
            header.settings,
            count_table("empties", &by_empties)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_fit::weights::{ValueType, WeightsError, check_rows};

    /// Positions of random games.
    fn positions() -> Vec<Othello> {
        ply_core::rng::random_positions(3, 12, 60)
    }

    fn shipped() -> PatternWeights {
        PatternWeights::from_bytes(include_bytes!("../../weights/patterns.bin.gz")).unwrap()
    }

    #[test]
    fn the_rows_are_the_evaluation() {
        let (worst, rows) = check_rows(&shipped(), &positions());
        assert!(rows >= 10, "{rows} rows");
        assert_eq!(worst, 0.0);
    }

    #[test]
    fn the_weights_come_back_from_their_file_and_others_are_refused() {
        let weights = shipped();
        let bytes = Trainable::to_bytes(&weights);
        assert_eq!(PatternWeights::from_bytes(&bytes).unwrap(), weights);
        let shipped_file = include_bytes!("../../weights/patterns.bin.gz").len();
        assert!(shipped_file < bytes.len(), "the shipped file is compressed");
        assert!(
            shipped_file < 5_000_000,
            "the shipped weights stay a few MB"
        );
        let chess = Layout::new("chess", 1, ValueType::I16, &[1]).encode(&[0i16]);
        let error = <PatternWeights as Trainable>::from_bytes(&chess).unwrap_err();
        assert_eq!(error.to_string(), "weights of chess, not of othello");
        let error = PatternWeights::from_bytes(&bytes[..1000]).unwrap_err();
        assert!(matches!(error, WeightsError::Length { .. }));
        let dir = std::env::temp_dir().join(format!("ply-othello-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["w.bin", "w.bin.gz"] {
            let path = dir.join(name);
            weights.write_file(&path).unwrap();
            assert_eq!(PatternWeights::read_file(&path).unwrap(), weights);
        }
        let path = dir.join("w.bin");
        std::fs::write(&path, b"PLYOPAT1 an old file").unwrap();
        let error = PatternWeights::read_file(&path).unwrap_err().to_string();
        assert!(error.contains("w.bin: not a ply weights file"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
