//! ply's checkers evaluation, [`Evaluation`]: the network of [`super::nnue`]
//! (built in, or the file `PLY_CHECKERS_NET` names), or the linear
//! evaluation of [`super::features`] with the weights fitted by `ply train
//! checkers fit` (`PLY_CHECKERS_NET=linear`, or `PLY_CHECKERS_WEIGHTS`
//! naming weights); and the evaluation
//! set by hand before it, [`HandEvaluation`]: material (men and kings),
//! advancement of men, the back-rank guard, centre control, mobility, and
//! trading down when ahead. Both score in centi-men for the side to move.
//!
//! It works on the side-relative board of the seed: the side to move's men
//! head towards higher bits (row 0 is its back row, row 7 its crowning row),
//! the other side's men towards lower bits.

use super::features::Linear;
use super::nnue;
use crate::board::Board;
use crate::movegen;
use crate::position::Position;
use ply_core::search::{EvalStack, Evaluator, Score};

const MAN: i32 = 100;
const KING: i32 = 145;
/// The back-row squares that guard against crowning (1 and 3 for Black).
const OWN_GUARD: u32 = 1 << 0 | 1 << 2;
const THEIR_GUARD: u32 = 1 << 29 | 1 << 31;
/// The four central squares (14, 15, 18, 19) and the ring around them.
const CENTRE: u32 = 1 << 13 | 1 << 14 | 1 << 17 | 1 << 18;
const NEAR_CENTRE: u32 = 1 << 9 | 1 << 10 | 1 << 21 | 1 << 22;
/// Rows of a 32-square board, 0 to 7 (4 squares each).
const fn row(r: u32) -> u32 {
    0xF << (4 * r)
}

/// Advancement of men of the side whose men head towards higher bits.
fn advancement(men: u32) -> i32 {
    (1..7)
        .map(|r| r as i32 * (men & row(r)).count_ones() as i32)
        .sum()
}

/// The number of moves of the side to move on `board`.
fn mobility(board: &Board) -> i32 {
    movegen::count(board) as i32
}

/// ply's checkers evaluation: the network of [`super::nnue::current`] (the
/// built-in one unless `PLY_CHECKERS_NET` names another), or the fitted
/// linear evaluation with [`super::features::Weights::current`] where the
/// environment chooses it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The score of the side to move on a side-relative board.
    #[must_use]
    pub fn score(board: &Board) -> i32 {
        match nnue::current() {
            Some(network) => nnue::score(network, board),
            None => Linear::current().score(board),
        }
    }
}

impl Evaluator<Position> for Evaluation {
    fn evaluate(&self, position: &Position) -> Score {
        Score(Self::score(position.board()))
    }

    /// The network's accumulators along the line, updated incrementally
    /// ([`nnue::NnueStack`]); none for the linear evaluation.
    fn stack(&self) -> Option<Box<dyn EvalStack<Position>>> {
        nnue::current()
            .map(|network| Box::new(nnue::NnueStack::new(network)) as Box<dyn EvalStack<Position>>)
    }
}

/// The evaluation set by hand, ply's until the fitted one replaced it.
#[derive(Clone, Copy, Debug, Default)]
pub struct HandEvaluation;

impl HandEvaluation {
    /// The score of the side to move on a side-relative board.
    #[must_use]
    pub fn score(board: &Board) -> i32 {
        let (mine, theirs, kings) = (board.mine, board.theirs, board.kings);
        let (my_men, my_kings) = (mine & !kings, mine & kings);
        let (their_men, their_kings) = (theirs & !kings, theirs & kings);
        let my_material = MAN * my_men.count_ones() as i32 + KING * my_kings.count_ones() as i32;
        let their_material =
            MAN * their_men.count_ones() as i32 + KING * their_kings.count_ones() as i32;
        let pieces = (mine | theirs).count_ones() as i32;
        // 0 with a full board, 24 with an empty one: endgame weight.
        let late = 24 - pieces.min(24);

        let mut score = my_material - their_material;
        // Trade down when ahead: the same lead counts more with fewer pieces.
        score += (my_material - their_material) * late / 48;

        // Men closer to the crown, more so as the board empties.
        let advance = advancement(my_men) - advancement(their_men.reverse_bits());
        score += advance * (2 + late / 4);

        // Keep the back-rank guard while the opponent still has men to crown.
        if their_men != 0 {
            score += 12 * (my_men & OWN_GUARD).count_ones() as i32;
        }
        if my_men != 0 {
            score -= 12 * (their_men & THEIR_GUARD).count_ones() as i32;
        }

        score += 6 * ((mine & CENTRE).count_ones() as i32 - (theirs & CENTRE).count_ones() as i32);
        score += 3
            * ((mine & NEAR_CENTRE).count_ones() as i32
                - (theirs & NEAR_CENTRE).count_ones() as i32);
        score += 4
            * ((my_kings & CENTRE).count_ones() as i32
                - (their_kings & CENTRE).count_ones() as i32);

        score += 3 * (mobility(board) - mobility(&board.turned()));
        score
    }
}

impl Evaluator<Position> for HandEvaluation {
    fn evaluate(&self, position: &Position) -> Score {
        Score(Self::score(position.board()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::features::Feature;
    use ply_core::Game;

    fn eval(fen: &str) -> i32 {
        HandEvaluation
            .evaluate(&Position::parse_position(fen).unwrap())
            .0
    }

    fn fitted(fen: &str) -> i32 {
        Evaluation
            .evaluate(&Position::parse_position(fen).unwrap())
            .0
    }

    #[test]
    fn the_fitted_evaluation_sees_material_and_symmetry() {
        let start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
        assert!(fitted(start).abs() < 30, "{}", fitted(start));
        assert_eq!(fitted(start), fitted(&start.replacen("B:", "W:", 1)));
        assert!(fitted("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12") > 50);
        assert!(fitted("W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12") < -50);
        // A king is worth more than a man, whatever the phase.
        let weights = crate::engine::features::Weights::shipped();
        let value = |plain, late| {
            [0.0, 0.5, 1.0].map(|phase| weights.get(plain) + phase * weights.get(late))
        };
        let (men, kings) = (
            value(Feature::Men, Feature::MenLate),
            value(Feature::Kings, Feature::KingsLate),
        );
        assert!(
            men.iter().zip(&kings).all(|(m, k)| k > m),
            "{men:?} {kings:?}"
        );
        assert_eq!(
            fitted("B:W21,22,27:B9,12,15"),
            fitted("W:W18,21,24:B6,11,12")
        );
    }

    #[test]
    fn start_is_even_and_material_counts() {
        let start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
        assert_eq!(eval(start), 0);
        assert_eq!(eval(&start.replacen("B:", "W:", 1)), 0);
        // A man up.
        assert!(eval("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12") > 80);
        assert!(eval("W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12") < -80);
        // A king beats a man.
        assert!(eval("B:W20:BK13") > eval("B:W20:B13"));
    }

    #[test]
    fn advanced_men_and_guards_count() {
        assert!(eval("B:W29:B25") > eval("B:W29:B5"), "closer to the crown");
        assert!(
            eval("B:W21,22,23:B1,3,9") > eval("B:W21,22,23:B5,8,9"),
            "the guard holds"
        );
        // Mirror images score alike for the side to move.
        assert_eq!(eval("B:W21,22,27:B9,12,15"), eval("W:W18,21,24:B6,11,12"));
    }
}
