//! Search scores: evaluations in centi-units (100 = one pawn, man or disc),
//! and won or lost games scored by their distance in plies.

use std::fmt;

/// A score from the side to move's view. Ordinary values are evaluations in
/// centi-units; values beyond [`Score::WIN_BOUND`] are forced wins (and below
/// its negation forced losses), larger the sooner they come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

/// The deepest ply a search goes (main search and quiescence together).
pub const MAX_PLY: usize = 128;

impl Score {
    /// The score of a win on the spot (a mate delivered at the root).
    pub const WIN: Score = Score(30_000);
    /// Wins and losses lie beyond this bound.
    pub const WIN_BOUND: Score = Score(30_000 - MAX_PLY as i32);
    /// Larger than any score: the initial window.
    pub const INFINITE: Score = Score(31_000);
    /// A drawn position.
    pub const DRAW: Score = Score(0);

    /// Losing at `ply` plies from the root (the side to move has lost).
    #[must_use]
    pub const fn lost_at(ply: usize) -> Score {
        Score(-Self::WIN.0 + ply as i32)
    }

    /// Winning at `ply` plies from the root.
    #[must_use]
    pub const fn won_at(ply: usize) -> Score {
        Score(Self::WIN.0 - ply as i32)
    }

    /// Whether this is a forced win or loss.
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.0 > Self::WIN_BOUND.0 || self.0 < -Self::WIN_BOUND.0
    }

    /// For a decisive score, the number of moves (of the winning side, as UCI's
    /// `mate N`) to the end: positive when winning, negative when losing.
    #[must_use]
    pub const fn moves_to_win(self) -> Option<i32> {
        if self.0 > Self::WIN_BOUND.0 {
            Some((Self::WIN.0 - self.0 + 1) / 2)
        } else if self.0 < -Self::WIN_BOUND.0 {
            Some(-(Self::WIN.0 + self.0) / 2)
        } else {
            None
        }
    }

    /// The score as stored in a transposition table: decisive scores counted
    /// from the node (`ply` plies from the root) instead of from the root.
    #[must_use]
    pub const fn to_table(self, ply: usize) -> Score {
        if self.0 > Self::WIN_BOUND.0 {
            Score(self.0 + ply as i32)
        } else if self.0 < -Self::WIN_BOUND.0 {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// The inverse of [`Score::to_table`].
    #[must_use]
    pub const fn from_table(self, ply: usize) -> Score {
        if self.0 > Self::WIN_BOUND.0 {
            Score(self.0 - ply as i32)
        } else if self.0 < -Self::WIN_BOUND.0 {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+1.25`, `-0.40`, `win in 3`, `loss in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.moves_to_win() {
            Some(n) if n > 0 => write!(f, "win in {n}"),
            Some(n) => write!(f, "loss in {}", -n),
            None => write!(f, "{:+.2}", f64::from(self.0) / 100.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisive_scores_count_moves() {
        assert_eq!(Score::won_at(1).moves_to_win(), Some(1));
        assert_eq!(Score::won_at(3).moves_to_win(), Some(2));
        assert_eq!(Score::lost_at(2).moves_to_win(), Some(-1));
        assert_eq!(Score::lost_at(0).moves_to_win(), Some(0));
        assert_eq!(Score(150).moves_to_win(), None);
        assert!(Score::won_at(MAX_PLY - 1).is_decisive());
        assert!(!Score(29_000).is_decisive());
        assert_eq!(Score::won_at(5).to_string(), "win in 3");
        assert_eq!(Score(-40).to_string(), "-0.40");
    }

    #[test]
    fn table_scores_round_trip_and_shift_by_ply() {
        for score in [Score(10), Score::won_at(7), Score::lost_at(4)] {
            assert_eq!(score.to_table(3).from_table(3), score);
        }
        // A mate found 7 plies from the root is 4 plies from a node at ply 3.
        assert_eq!(Score::won_at(7).to_table(3), Score::won_at(4));
    }
}
