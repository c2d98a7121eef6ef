//! Multi-ProbCut for Othello (Buro 1995, 1997): the models behind
//! [`Searchable::probcut`](ply_core::search::Searchable::probcut), one per
//! stage of the game and search depth, and the fit that produces them.
//!
//! At depth `d` the search first tries a null-window search
//! [`shallow_depth`]`(d)` plies deep, shifted by the regression of deep
//! scores on shallow ones (`v_d ≈ slope · v_shallow + offset`, error `sigma`),
//! and cuts when the shallow score is [`THRESHOLD`] sigmas beyond the bound.
//! The regressions depend on the evaluation: [`fit`] measures them on
//! positions from noisy self-play, searched without ProbCut, and
//! `cargo run --release -p ply-othello --example probcut -- --write` writes
//! them into `probcut_table.rs`. Rerun it whenever the evaluation changes.

use super::Evaluation;
use crate::Othello;
use ply_core::Game;
use ply_core::rng::Rng;
use ply_core::search::{self, Limits, ProbCut};
use std::sync::atomic::AtomicBool;

mod table {
    include!("probcut_table.rs");
}

/// The shallowest depth that ProbCut prunes at.
pub const MIN_DEPTH: i32 = 3;
/// The deepest depth with a model of its own; deeper searches use its model.
pub const MAX_DEPTH: i32 = 11;
/// Number of stages of the game, by empty squares ([`stage`]).
pub const STAGES: usize = 4;
/// The sigmas of certainty a cut needs.
pub const THRESHOLD: f32 = 1.5;

/// The depth of the shallow search that predicts a search `depth` deep:
/// half of it, rounded down.
#[must_use]
pub const fn shallow_depth(depth: i32) -> i32 {
    depth / 2
}

/// The stage of a position with `empties` empty squares: 14-23 empties, 24-33,
/// 34-43, then 44 and more (fewer than 14 count with the first).
#[must_use]
pub fn stage(empties: u32) -> usize {
    ((empties.max(14) - 14) / 10).min(STAGES as u32 - 1) as usize
}

/// A regression of deep scores on shallow ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Slope.
    pub slope: f32,
    /// Offset, in centi-discs.
    pub offset: f32,
    /// Standard deviation of the error, in centi-discs.
    pub sigma: f32,
    /// Positions it was fitted on.
    pub samples: u32,
}

/// The model of a search `depth` deep (at least [`MIN_DEPTH`]) in a position
/// with `empties` empty squares, from the fitted table.
#[must_use]
pub fn model(empties: u32, depth: i32) -> Option<ProbCut> {
    if depth < MIN_DEPTH {
        return None;
    }
    let depth = depth.min(MAX_DEPTH);
    let [slope, offset, sigma] = table::MODELS[stage(empties)][(depth - MIN_DEPTH) as usize];
    (slope > 0.0 && sigma > 0.0).then_some(ProbCut {
        shallow_depth: shallow_depth(depth),
        slope,
        offset,
        sigma,
        threshold: THRESHOLD,
    })
}

/// The scores of one position searched to each depth, 0 (the evaluation)
/// to [`MAX_DEPTH`].
#[derive(Clone, Debug)]
pub struct Sample {
    /// Empty squares of the position.
    pub empties: u32,
    /// The score of each depth, by depth.
    pub scores: Vec<i32>,
}

/// Positions from `games` games of noisy self-play from `seed`: each game
/// opens with 2 to 9 random moves, then plays the best move of a 2-ply search
/// or, one time in six, a random one; one position of each stage is kept.
#[must_use]
pub fn positions(games: usize, seed: u64) -> Vec<Othello> {
    let mut rng = Rng::new(seed);
    let mut engine = search::Engine::new(Evaluation, 1);
    engine.set_selective(false);
    let stop = AtomicBool::new(false);
    let mut kept = Vec::new();
    for _ in 0..games {
        let mut position = Othello::start();
        let opening = 2 + rng.below(8);
        let mut by_stage: Vec<Vec<Othello>> = vec![Vec::new(); STAGES];
        let mut ply = 0;
        while position.outcome().is_none() {
            let empties = position.empty().count_ones();
            if empties >= 14 && !position.must_pass() {
                by_stage[stage(empties)].push(position);
            }
            let moves = position.legal_moves();
            let mv = if ply < opening || rng.below(6) == 0 {
                moves[rng.below(moves.len())]
            } else {
                engine
                    .search(&position, &[], &Limits::depth(2), &stop, &mut |_| {})
                    .best
                    .unwrap_or(moves[0])
            };
            position = position.play_unchecked(mv);
            ply += 1;
        }
        for candidates in by_stage.iter().filter(|c| !c.is_empty()) {
            kept.push(candidates[rng.below(candidates.len())]);
        }
    }
    kept
}

/// Searches `position` without ProbCut to `depth` (at most [`MAX_DEPTH`])
/// with a fresh `hash_mb` MiB table: the score of every depth.
#[must_use]
pub fn sample(position: &Othello, depth: u32, hash_mb: usize) -> Sample {
    let depth = depth.min(MAX_DEPTH as u32);
    let mut engine = search::Engine::new(Evaluation, hash_mb);
    engine.set_selective(false);
    let stop = AtomicBool::new(false);
    let mut scores = vec![ply_core::search::Evaluator::evaluate(&Evaluation, position).0];
    engine.search(position, &[], &Limits::depth(depth), &stop, &mut |info| {
        if info.multipv == 1 && info.depth as usize == scores.len() {
            scores.push(info.score.0);
        }
    });
    // A game decided before the last depth: the deeper scores are the same.
    while scores.len() <= depth as usize {
        scores.push(*scores.last().expect("the evaluation is there"));
    }
    Sample {
        empties: position.empty().count_ones(),
        scores,
    }
}

/// The least-squares regression of `y` on `x`, with the error's standard
/// deviation; `None` with fewer than 3 points or no spread in `x`.
#[must_use]
pub fn regress(points: &[(f64, f64)]) -> Option<Model> {
    let n = points.len() as f64;
    if points.len() < 3 {
        return None;
    }
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    let offset = mean_y - slope * mean_x;
    let residuals: f64 = points
        .iter()
        .map(|p| (p.1 - slope * p.0 - offset).powi(2))
        .sum();
    Some(Model {
        slope: slope as f32,
        offset: offset as f32,
        sigma: (residuals / (n - 2.0)).sqrt() as f32,
        samples: points.len() as u32,
    })
}

/// The models of every stage and depth ([`MIN_DEPTH`] to [`MAX_DEPTH`]) from
/// `samples`: `None` where a stage has too few samples searched that deep.
#[must_use]
pub fn fit(samples: &[Sample]) -> Vec<Vec<Option<Model>>> {
    (0..STAGES)
        .map(|s| {
            let in_stage: Vec<&Sample> = samples.iter().filter(|x| stage(x.empties) == s).collect();
            (MIN_DEPTH..=MAX_DEPTH)
                .map(|depth| {
                    let shallow = shallow_depth(depth) as usize;
                    let points: Vec<(f64, f64)> = in_stage
                        .iter()
                        .filter(|x| x.scores.len() > depth as usize)
                        .map(|x| {
                            (
                                f64::from(x.scores[shallow]),
                                f64::from(x.scores[depth as usize]),
                            )
                        })
                        .collect();
                    regress(&points)
                })
                .collect()
        })
        .collect()
}

/// The source of `probcut_table.rs` for `models` (from [`fit`]), with a note
/// of how they were made.
#[must_use]
pub fn table_source(models: &[Vec<Option<Model>>], note: &str) -> String {
    let mut text = String::new();
    text.push_str(
        "// Generated by `cargo run --release -p ply-othello --example probcut -- --write`:\n",
    );
    text.push_str(&format!("// {note}. Do not edit: rerun it.\n"));
    text.push_str(
        "// [slope, offset, sigma] of each stage (14-23, 24-33, 34-43, 44+ empties), then\n",
    );
    text.push_str("// each depth from MIN_DEPTH to MAX_DEPTH; a zero slope is no model.\n");
    text.push_str(&format!(
        "pub const MODELS: [[[f32; 3]; {}]; {}] = [\n",
        MAX_DEPTH - MIN_DEPTH + 1,
        STAGES
    ));
    for stage in models {
        text.push_str("    [\n");
        for model in stage {
            let [slope, offset, sigma] = model.map_or([0.0; 3], |m| [m.slope, m.offset, m.sigma]);
            text.push_str(&format!("        [{slope:.4}, {offset:.2}, {sigma:.2}],\n"));
        }
        text.push_str("    ],\n");
    }
    text.push_str("];\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regression_finds_a_line_and_its_noise() {
        let points: Vec<(f64, f64)> = (0..100)
            .map(|i| {
                let x = f64::from(i);
                let noise = if i % 2 == 0 { 10.0 } else { -10.0 };
                (x, 2.0 * x + 5.0 + noise)
            })
            .collect();
        let model = regress(&points).unwrap();
        assert!((model.slope - 2.0).abs() < 0.01, "{model:?}");
        assert!((model.offset - 5.0).abs() < 1.0, "{model:?}");
        assert!((model.sigma - 10.0).abs() < 0.2, "{model:?}");
        assert!(regress(&points[..2]).is_none());
        assert!(regress(&[(1.0, 1.0), (1.0, 2.0), (1.0, 3.0)]).is_none());
    }

    #[test]
    fn cut_bounds_shift_by_the_model() {
        let model = ProbCut {
            shallow_depth: 2,
            slope: 1.0,
            offset: 10.0,
            sigma: 100.0,
            threshold: 1.5,
        };
        assert_eq!(model.high_bound(ply_core::search::Score(0)).0, 140);
        assert_eq!(model.low_bound(ply_core::search::Score(0)).0, -160);
    }

    #[test]
    fn a_tiny_fit_runs_end_to_end() {
        let positions = positions(2, 1);
        assert!(positions.len() >= 4, "{}", positions.len());
        let samples: Vec<Sample> = positions.iter().map(|p| sample(p, 4, 1)).collect();
        assert!(samples.iter().all(|s| s.scores.len() == 5));
        let models = fit(&samples);
        assert_eq!(models.len(), STAGES);
        assert!(
            models
                .iter()
                .all(|stage| stage[(5 - MIN_DEPTH) as usize].is_none())
        );
        let source = table_source(&models, "test");
        assert!(source.contains("pub const MODELS"));
        assert_eq!(stage(10), 0);
        assert_eq!(stage(33), 1);
        assert_eq!(stage(60), 3);
    }

    #[test]
    fn the_shipped_table_has_a_model_for_every_stage_and_depth() {
        for empties in [14, 24, 34, 50] {
            for depth in MIN_DEPTH..=MAX_DEPTH + 3 {
                let model = model(empties, depth).expect("a fitted model");
                assert!(model.sigma > 0.0 && model.slope > 0.5, "{model:?}");
                assert!(model.shallow_depth < depth);
            }
        }
        assert!(model(30, MIN_DEPTH - 1).is_none());
    }
}
