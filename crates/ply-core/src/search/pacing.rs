//! How much of its soft budget a move under a clock should take, judged
//! after each completed iteration: more while the best move keeps changing or
//! the score falls, less once one move has stayed best for many iterations.

use crate::score::Score;

/// The main thread starts no new iteration once this fraction of the scaled
/// soft budget is spent: the next iteration would likely take at least as
/// long as all before it, and end past the budget.
pub(super) const NEXT_ITERATION_FRACTION: f64 = 0.6;

/// The most and the least a move's soft budget is scaled by.
const MAX_SCALE: f64 = 2.5;
const MIN_SCALE: f64 = 0.5;

/// What the completed iterations of one search tell about its stability.
#[derive(Clone, Debug)]
pub(super) struct Pacing {
    /// The score of the previous search in this game, for the same side.
    previous_search: Option<Score>,
    /// The best move (packed) of the last completed iteration.
    best: Option<u16>,
    /// Changes of the best move, each older one counting half as much.
    changes: f64,
    /// Completed iterations in a row with the same best move.
    stable: u32,
    /// The best score of each completed iteration.
    scores: Vec<Score>,
}

impl Pacing {
    /// Pacing for a search whose previous search (the side's last move) scored
    /// `previous_search`.
    pub(super) fn new(previous_search: Option<Score>) -> Pacing {
        Pacing {
            previous_search,
            best: None,
            changes: 0.0,
            stable: 0,
            scores: Vec::new(),
        }
    }

    /// Records a completed iteration: its best move (packed) and score.
    pub(super) fn record(&mut self, best: u16, score: Score) {
        self.changes /= 2.0;
        if self.best.is_some_and(|previous| previous != best) {
            self.changes += 1.0;
            self.stable = 0;
        } else {
            self.stable += 1;
        }
        self.best = Some(best);
        self.scores.push(score);
    }

    /// The factor to scale the soft budget by, between [`MIN_SCALE`] and
    /// [`MAX_SCALE`]: the product of the best move's instability (1 to 2),
    /// the fall of the score (1 to 1.5, down to 0.9 when it rises) and the
    /// best move's stability (1 down to 0.6 after ten iterations unchanged).
    pub(super) fn scale(&self) -> f64 {
        let instability = 1.0 + self.changes.min(1.0);
        let stability = (1.1 - 0.05 * f64::from(self.stable)).clamp(0.6, 1.0);
        (instability * stability * self.falling()).clamp(MIN_SCALE, MAX_SCALE)
    }

    /// How much longer to think for a score that has fallen (since the
    /// previous move, or over the last iterations): 1 + 0.4% per centi-unit
    /// of the larger fall, between 0.9 and 1.5; 1 for decisive scores.
    fn falling(&self) -> f64 {
        let Some(&now) = self.scores.last() else {
            return 1.0;
        };
        let earlier = self
            .scores
            .len()
            .checked_sub(4)
            .map(|index| self.scores[index]);
        let references = [self.previous_search, earlier];
        let drops = references
            .iter()
            .flatten()
            .filter(|reference| !reference.is_decisive() && !now.is_decisive())
            .map(|reference| reference.0 - now.0);
        match drops.max() {
            Some(drop) => (1.0 + 0.004 * f64::from(drop)).clamp(0.9, 1.5),
            None => 1.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iterations(moves_and_scores: &[(u16, i32)], previous: Option<i32>) -> Pacing {
        let mut pacing = Pacing::new(previous.map(Score));
        for &(mv, score) in moves_and_scores {
            pacing.record(mv, Score(score));
        }
        pacing
    }

    #[test]
    fn a_settled_search_takes_less_than_its_share() {
        let settled = iterations(&[(7, 20); 12], Some(20));
        assert!((settled.scale() - 0.6).abs() < 1e-9, "{}", settled.scale());
        let young = iterations(&[(7, 20); 2], Some(20));
        assert!((young.scale() - 1.0).abs() < 1e-9, "{}", young.scale());
    }

    #[test]
    fn a_changing_best_move_takes_more() {
        let flipping = iterations(&[(1, 20), (2, 20), (1, 20), (2, 20)], None);
        assert!(flipping.scale() > 1.7, "{}", flipping.scale());
        // An old change counts less than a new one.
        let old = iterations(&[(1, 20), (2, 20), (2, 20), (2, 20), (2, 20)], None);
        assert!(old.scale() < flipping.scale());
    }

    #[test]
    fn a_falling_score_takes_more_and_a_rising_one_less() {
        let steady = iterations(&[(1, 30); 6], Some(30));
        let fallen = iterations(&[(1, 30); 6], Some(130));
        assert!(fallen.scale() > 1.3 * steady.scale());
        // A fall over the last iterations counts too.
        let falling = iterations(&[(1, 100), (1, 100), (1, 60), (1, 20), (1, 0)], None);
        assert!(falling.scale() > 1.2 * steady.scale());
        let risen = iterations(&[(1, 130); 3], Some(30));
        assert!(risen.scale() < iterations(&[(1, 30); 3], Some(30)).scale());
        // Mate scores say nothing about a fall.
        let mated = iterations(&[(1, 30); 6], Some(Score::WIN.0 - 5));
        assert_eq!(mated.scale(), steady.scale());
    }

    #[test]
    fn the_scale_stays_within_its_bounds() {
        let wild = iterations(&[(1, 500), (2, -500), (3, 500), (4, -900)], Some(900));
        assert!((MIN_SCALE..=MAX_SCALE).contains(&wild.scale()));
        assert!((Pacing::new(None).scale() - 1.0).abs() < 1e-9);
    }
}
