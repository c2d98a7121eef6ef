//! Adjudication by the engines' scores and by a move cap (the game's own
//! rules are judged by the game's library).
//!
//! As in cutechess-cli: `-draw movenumber=N movecount=K score=S` draws a game
//! once it is past move N and both engines' scores stayed within ±S for K
//! consecutive moves each; `-resign movecount=K score=S` gives the game up
//! for an engine whose score was at or below -S for K consecutive moves of its
//! own (with `twosided=true`, only if its opponent's scores agreed, at or above
//! S); `-maxmoves N` draws a game of N moves.

use ply_core::Side;

/// Draw by score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// Not before this move number (full moves).
    pub move_number: u32,
    /// For this many consecutive moves of each side.
    pub move_count: u32,
    /// Scores within ± this (centipawns, or the game's hundredths).
    pub score: i32,
}

/// Resignation by score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// For this many consecutive moves of the losing side.
    pub move_count: u32,
    /// Scores at or below minus this.
    pub score: i32,
    /// The winner's scores must agree.
    pub two_sided: bool,
}

/// The adjudication rules of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw by score.
    pub draw: Option<DrawRule>,
    /// Resignation by score.
    pub resign: Option<ResignRule>,
    /// Draw after this many full moves.
    pub max_moves: Option<u32>,
    /// Othello: end the game by ply's exact solver at this many empty squares.
    pub solve_empties: Option<u32>,
}

/// An adjudicated result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A draw, and why.
    Draw(&'static str),
    /// `Side` loses by resignation (scores).
    Resigns(Side),
}

/// One move of the game as the adjudicator sees it: who moved and the score
/// it reported (from its own side), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The side that moved.
    pub side: Side,
    /// Its score after the search, from its own point of view.
    pub score: Option<i32>,
}

impl Adjudication {
    /// The verdict on a game whose engine moves so far are `moves` (opening
    /// moves left out), `plies` plies into the game in all.
    pub fn judge(&self, moves: &[Scored], plies: usize) -> Option<Verdict> {
        if let Some(max) = self.max_moves
            && plies >= 2 * max as usize
        {
            return Some(Verdict::Draw("the move limit"));
        }
        if let Some(rule) = self.resign {
            for side in [Side::First, Side::Second] {
                let own = last_scores(moves, side, rule.move_count);
                let losing = own.is_some_and(|s| s.iter().all(|&x| x <= -rule.score));
                let agreed = !rule.two_sided
                    || last_scores(moves, side.opponent(), rule.move_count)
                        .is_some_and(|s| s.iter().all(|&x| x >= rule.score));
                if losing && agreed {
                    return Some(Verdict::Resigns(side));
                }
            }
        }
        if let Some(rule) = self.draw
            && plies >= 2 * rule.move_number as usize
        {
            let quiet = |side| {
                last_scores(moves, side, rule.move_count)
                    .is_some_and(|s| s.iter().all(|&x| x.abs() <= rule.score))
            };
            if quiet(Side::First) && quiet(Side::Second) {
                return Some(Verdict::Draw("adjudication (scores near zero)"));
            }
        }
        None
    }
}

/// The last `count` scores of `side`, if it made that many scored moves in a
/// row (a move without a score breaks the run).
fn last_scores(moves: &[Scored], side: Side, count: u32) -> Option<Vec<i32>> {
    let scores: Vec<Option<i32>> = moves
        .iter()
        .rev()
        .filter(|m| m.side == side)
        .take(count as usize)
        .map(|m| m.score)
        .collect();
    if scores.len() < count as usize {
        return None;
    }
    scores.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(scores: &[(i32, i32)]) -> Vec<Scored> {
        scores
            .iter()
            .flat_map(|&(a, b)| {
                [
                    Scored {
                        side: Side::First,
                        score: Some(a),
                    },
                    Scored {
                        side: Side::Second,
                        score: Some(b),
                    },
                ]
            })
            .collect()
    }

    #[test]
    fn resign_draw_and_move_cap() {
        let rules = Adjudication {
            draw: Some(DrawRule {
                move_number: 3,
                move_count: 2,
                score: 10,
            }),
            resign: Some(ResignRule {
                move_count: 2,
                score: 500,
                two_sided: false,
            }),
            max_moves: Some(50),
            solve_empties: None,
        };
        let losing = game(&[(0, 0), (-600, 600), (-700, 650)]);
        assert_eq!(rules.judge(&losing, 6), Some(Verdict::Resigns(Side::First)));
        let once = game(&[(0, 0), (0, 0), (-700, 650)]);
        assert_eq!(rules.judge(&once, 6), None);
        let quiet = game(&[(100, 0), (5, -5), (0, 10)]);
        assert_eq!(rules.judge(&quiet, 5), None, "before move 3");
        assert!(matches!(rules.judge(&quiet, 6), Some(Verdict::Draw(_))));
        assert_eq!(rules.judge(&[], 100), Some(Verdict::Draw("the move limit")));
        let two_sided = Adjudication {
            resign: Some(ResignRule {
                move_count: 2,
                score: 500,
                two_sided: true,
            }),
            ..Adjudication::default()
        };
        let disagree = game(&[(-600, 100), (-700, 650)]);
        assert_eq!(two_sided.judge(&disagree, 4), None);
        let mut unscored = game(&[(-600, 600), (-700, 650)]);
        unscored[2].score = None;
        assert_eq!(rules.judge(&unscored, 4), None);
    }
}
