//! The linear evaluation as a [`Trainable`] evaluation: its feature rows
//! and its weights file (ply's one format, [`ply_fit::weights`]).
//!
//! Each feature gives two columns of a row, its count (White's less
//! Black's) times the middle-game share of the phase and times the endgame
//! share, both times the endgame scale of the position, so that the dot
//! product with the weights (each feature's middle-game weight, then its
//! endgame weight) is the evaluation: White's point of view, in centipawns
//! ([`Evaluation::white_score_with`] times the scale).

use crate::Position;
use crate::engine::eval::{Evaluation, FULL_PHASE, LinearTerms};
use crate::engine::features::{FEATURE_COUNT, LAYOUT, Pair, Weights};
use ply_fit::weights::{Layout, Trainable};

/// The environment variable that names a chess weights file.
pub use crate::engine::nnue::WEIGHTS_VAR;

impl Trainable for Weights {
    type Position = Position;
    type Value = i16;
    const GAME: &'static str = "chess";
    const WEIGHTS_VAR: &'static str = WEIGHTS_VAR;

    fn layout() -> Layout {
        LAYOUT
    }

    fn values(&self) -> Vec<i16> {
        self.values_i16()
    }

    fn from_values(values: Vec<i16>) -> Weights {
        let mut weights = Weights::ZERO;
        for (pair, v) in weights.0.iter_mut().zip(values.chunks_exact(2)) {
            *pair = Pair(i32::from(v[0]), i32::from(v[1]));
        }
        weights
    }

    fn row(&self, position: &Position, out: &mut Vec<(u32, f32)>) -> bool {
        let Some(terms) = LinearTerms::with(position, self) else {
            return false;
        };
        let full = f64::from(FULL_PHASE);
        let mg = f64::from(terms.phase) / full * terms.scale;
        let eg = f64::from(FULL_PHASE - terms.phase) / full * terms.scale;
        for (feature, count) in terms.counts {
            debug_assert!(feature < FEATURE_COUNT);
            let count = f64::from(count);
            out.push((2 * feature as u32, (count * mg) as f32));
            out.push((2 * feature as u32 + 1, (count * eg) as f32));
        }
        true
    }

    fn score(&self, position: &Position) -> f64 {
        let scale = LinearTerms::with(position, self).map_or(1.0, |t| t.scale);
        f64::from(Evaluation::white_score_with(position, self)) * scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::features::WEIGHTS;
    use ply_core::rng::Rng;
    use ply_fit::weights::check_rows;

    /// Positions of random games from the start and from a few middle
    /// games and endings.
    fn positions() -> Vec<Position> {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/8/4k3/3p4/3P4/4K3/8/8 w - - 30 60",
        ];
        let mut rng = Rng::new(7);
        let mut positions = Vec::new();
        for fen in starts {
            for _ in 0..20 {
                let mut position = Position::from_fen(fen).unwrap();
                for _ in 0..rng.below(60) {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position = position.play_unchecked(moves[rng.below(moves.len())]);
                }
                positions.push(position);
            }
        }
        positions
    }

    #[test]
    fn the_rows_are_the_evaluation() {
        let positions = positions();
        let (worst, rows) = check_rows(&WEIGHTS, &positions);
        assert!(rows > 80, "{rows} positions with rows");
        // The evaluation divides by the phase in integers: within a
        // centipawn (times the scale).
        assert!(worst <= 1.5, "a row is {worst} centipawns off");
    }

    #[test]
    fn weights_from_a_file_evaluate_as_the_built_in_ones() {
        use crate::engine::{AnyEvaluation, Evaluation, WeightedEvaluation};
        use ply_core::search::Evaluator;
        let bytes = Trainable::to_bytes(&WEIGHTS);
        let loaded = <Weights as Trainable>::from_bytes(&bytes).unwrap();
        let weighted = AnyEvaluation::Weighted(WeightedEvaluation(std::sync::Arc::new(loaded)));
        for position in positions() {
            assert_eq!(
                weighted.evaluate(&position),
                Evaluation.evaluate(&position),
                "{}",
                position.fen()
            );
        }
        let mut other = WEIGHTS.clone();
        other.0[0] = Pair(0, 0);
        let pawnless = WeightedEvaluation(std::sync::Arc::new(other));
        let start = Position::start();
        assert_eq!(pawnless.evaluate(&start), Evaluation.evaluate(&start));
        let up = Position::from_fen("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1").unwrap();
        assert_ne!(pawnless.evaluate(&up), Evaluation.evaluate(&up));
    }

    #[test]
    fn the_weights_come_back_from_their_file() {
        let bytes = Trainable::to_bytes(&WEIGHTS);
        assert_eq!(bytes, include_bytes!("../engine/weights.bin"));
        assert_eq!(
            <Weights as Trainable>::from_bytes(&bytes),
            Ok(WEIGHTS.clone())
        );
        let checkers = Layout::new("checkers", 1, ply_fit::weights::ValueType::I16, &[4]);
        let error = <Weights as Trainable>::from_bytes(&checkers.encode(&[0i16; 4])).unwrap_err();
        assert_eq!(error.to_string(), "weights of checkers, not of chess");
        let dir = std::env::temp_dir().join(format!("ply-chess-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.bin");
        WEIGHTS.write_file(&path).unwrap();
        assert_eq!(Weights::read_file(&path).unwrap(), WEIGHTS.clone());
        std::fs::write(&path, &bytes[..100]).unwrap();
        let error = Weights::read_file(&path).unwrap_err().to_string();
        assert!(
            error.contains("w.bin") && error.contains("bytes"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
