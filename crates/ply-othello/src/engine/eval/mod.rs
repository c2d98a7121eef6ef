//! ply's Othello evaluation, [`Evaluation`]: the pattern evaluation
//! ([`patterns`]) with the weights built into ply (or those named by
//! `PLY_OTHELLO_WEIGHTS`), in centi-discs for the side to move.

use crate::movegen::MoveGenerator;
use crate::position::Position;
use ply_core::search::{EvalStack, Evaluator, Score};

pub mod patterns;

pub use patterns::{PatternEvaluation, PatternWeights};

/// ply's Othello evaluation: patterns with the weights of
/// [`PatternEvaluation::current`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The score of `player` to move against `opponent`, in centi-discs (the
    /// exact final disc difference times 100 when neither side can move).
    #[must_use]
    pub fn score<G: MoveGenerator>(player: u64, opponent: u64) -> i32 {
        PatternEvaluation::current().score::<G>(player, opponent)
    }
}

impl<G: MoveGenerator> Evaluator<Position<G>> for Evaluation {
    fn evaluate(&self, position: &Position<G>) -> Score {
        Score(Self::score::<G>(position.player(), position.opponent()))
    }

    /// The pattern indices kept along the line ([`patterns::stack`]).
    fn stack(&self) -> Option<Box<dyn EvalStack<Position<G>>>> {
        Evaluator::<Position<G>>::stack(PatternEvaluation::current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Othello;
    use ply_core::Game;

    fn eval(text: &str) -> i32 {
        Evaluation
            .evaluate(&Othello::parse_position(text).unwrap())
            .0
    }

    #[test]
    fn finished_games_score_the_final_count() {
        let half = "X".repeat(40) + &"O".repeat(24);
        assert_eq!(eval(&format!("{half} X")), 1600);
        assert_eq!(eval(&format!("{half} O")), -1600);
    }

    #[test]
    fn the_start_is_near_balanced() {
        let start = eval("---------------------------OX------XO--------------------------- X");
        assert!(start.abs() < 300, "{start}");
    }
}
