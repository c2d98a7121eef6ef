//! Training the evaluation: the linear evaluation as a [`Trainable`]
//! evaluation (its feature rows and its weights file, ply's one format:
//! [`ply_fit::weights`]), and the pipeline that makes them
//! (`ply train checkers ...`):
//!
//! 1. [`generate`]: self-play games from a deck of openings (the ACF
//!    ballots), their quiet positions labelled with the game's result and
//!    the endgame database's value where it reaches ([`data`]);
//! 2. [`fit`]: the evaluation's weights fitted to a data file (Texel-style
//!    logistic regression), in rounds that resume;
//! 3. [`nnue`]: a network trained on the same data files, the evaluation
//!    when `PLY_CHECKERS_NET` names it;
//! 4. [`info`]: what a data file holds.
//!
//! Each step takes its options (with the `clap` feature, they are the
//! command line's arguments) and a [`Ui`] that shows progress and prints
//! the report.

pub mod data;
pub mod fit;
pub mod generate;
pub mod nnue;

use crate::engine::features::{self, BASE_COUNT, FEATURE_COUNT, Weights, feature_name};
use crate::position::Position;
use ply_fit::run::{TrainError, Ui, count_table, info_json};
use ply_fit::weights::{Layout, Trainable, ValueType, WeightsError};
use std::path::Path;

/// The environment variable that names a checkers weights file.
pub use crate::engine::features::WEIGHTS_VARIABLE as WEIGHTS_VAR;

/// The layout id of the checkers weights: a hash (FNV-1a, folded to 32
/// bits) of every feature's name, in order.
#[must_use]
pub fn layout_id() -> u32 {
    layout_id_of(FEATURE_COUNT)
}

/// The layout of the first `count` features' weights (the layout id a hash
/// of their names).
fn layout_of(count: usize) -> Layout {
    Layout::new(
        "checkers",
        layout_id_of(count),
        ValueType::F32,
        &[count as u32],
    )
}

/// The hash of the first `count` features' names, in order.
fn layout_id_of(count: usize) -> u32 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for index in 0..count {
        for byte in feature_name(index).bytes().chain([0]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    (hash ^ (hash >> 32)) as u32
}

/// The checkers weights: one `f32` per feature, in centi-men per unit of
/// the feature; the row is the side-relative board's features
/// ([`features::features`]), the score [`Weights::score`] (rounded to a
/// centi-man).
impl Trainable for Weights {
    type Position = Position;
    type Value = f32;
    const GAME: &'static str = "checkers";
    const WEIGHTS_VAR: &'static str = WEIGHTS_VAR;

    fn layout() -> Layout {
        layout_of(FEATURE_COUNT)
    }

    fn values(&self) -> Vec<f32> {
        self.0.clone()
    }

    fn from_values(values: Vec<f32>) -> Weights {
        assert_eq!(values.len(), FEATURE_COUNT, "one value per feature");
        Weights(values)
    }

    /// The weights of a weights file: of this layout, or of the layout
    /// before the pattern tables (the first [`BASE_COUNT`] features; the
    /// patterns are then 0, which evaluates as those weights did).
    fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        Self::layout().decode(bytes).map(Weights).or_else(|error| {
            let mut values: Vec<f32> = layout_of(BASE_COUNT).decode(bytes).map_err(|_| error)?;
            values.resize(FEATURE_COUNT, 0.0);
            Ok(Weights(values))
        })
    }

    fn row(&self, position: &Position, out: &mut Vec<(u32, f32)>) -> bool {
        features::features(position, out);
        true
    }

    fn score(&self, position: &Position) -> f64 {
        f64::from(Weights::score(self, position.board()))
    }
}

/// Runs `ply train checkers info`: reports what the data file `path`
/// holds (games, positions, results, database values, positions by pieces).
///
/// # Errors
/// If the file cannot be read or the report printed.
pub fn info(path: &Path, ui: &dyn Ui) -> Result<(), TrainError> {
    let (header, samples) = data::read(path)?;
    let mut by_pieces = [0u64; 25];
    let mut results = [0u64; 3];
    for sample in &samples {
        by_pieces[sample.pieces().min(24) as usize] += 1;
        results[(sample.result + 1) as usize] += 1;
    }
    let known = samples.iter().filter(|s| s.database.is_some()).count();
    let scored = samples.iter().filter(|s| s.score.is_some()).count();
    let settings = header.settings;
    ui.report(
        &info_json(
            path,
            &header,
            ply_fit::serde_json::json!({
            "depth": settings.depth,
            "noise": settings.noise,
            "database_pieces": settings.database_pieces,
            "database_values": known,
            "search_scores": scored,
            "losses_draws_wins": results.to_vec(),
            "by_pieces": by_pieces.to_vec(),
            }),
        ),
        &format!(
            "{}: {} games, {} positions, {known} with database values, {scored} with search scores (seed {}, depth {}, noise {}%, {}-piece database)\n\
             results for the side to move: {} won, {} drawn, {} lost\n{}",
            path.display(),
            header.games,
            header.records,
            header.seed,
            settings.depth,
            settings.noise,
            settings.database_pieces,
            results[2],
            results[1],
            results[0],
            count_table("pieces", &by_pieces)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::features::Linear;
    use ply_fit::weights::{WeightsError, check_rows};

    /// Positions of random games.
    fn positions() -> Vec<Position> {
        ply_core::rng::random_positions(5, 60, 70)
    }

    #[test]
    fn the_rows_are_the_evaluation() {
        let weights = Weights::shipped();
        let (worst, rows) = check_rows(weights, &positions());
        assert_eq!(rows, 60);
        assert!(worst <= 0.5, "a row is {worst} centi-men off");
        // The engine's folded tables score as the weights do.
        let linear = Linear::new(weights.clone());
        for position in positions() {
            let board = position.board();
            assert!((linear.score(board) - weights.score(board)).abs() <= 1);
        }
    }

    #[test]
    fn the_weights_come_back_from_their_file_and_others_are_refused() {
        let shipped = Weights::shipped();
        let bytes = Trainable::to_bytes(shipped);
        let file: &[u8] = include_bytes!("../../weights/eval.bin");
        if file.len() < bytes.len() {
            // A file of the layout before the pattern tables: its weights
            // first, the patterns 0.
            let base: Vec<f32> = layout_of(BASE_COUNT).decode(file).unwrap();
            assert_eq!(shipped.0[..BASE_COUNT], base[..]);
            assert!(shipped.0[BASE_COUNT..].iter().all(|&w| w == 0.0));
            assert_eq!(Trainable::to_bytes(&Weights(shipped.0.clone())), bytes);
        } else {
            assert_eq!(bytes, file);
        }
        assert_eq!(
            <Weights as Trainable>::from_bytes(&bytes).as_ref(),
            Ok(shipped)
        );
        let short = <Weights as Trainable>::from_bytes(&bytes[..bytes.len() - 4]);
        assert!(matches!(short, Err(WeightsError::Length { .. })));
        let othello = Layout::new("othello", 1, ValueType::I16, &[2]).encode(&[1i16, 2]);
        let error = <Weights as Trainable>::from_bytes(&othello).unwrap_err();
        assert_eq!(error.to_string(), "weights of othello, not of checkers");
        let dir = std::env::temp_dir().join(format!("ply-checkers-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.bin");
        shipped.write_file(&path).unwrap();
        assert_eq!(&Weights::read_file(&path).unwrap(), shipped);
        std::fs::write(&path, "men 100\n").unwrap();
        let error = Weights::read_file(&path).unwrap_err().to_string();
        assert!(
            error.contains("w.bin") && error.contains("not a ply weights file"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
