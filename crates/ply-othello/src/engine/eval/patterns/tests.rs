use super::*;
use crate::Othello;
use crate::movegen::BitboardGenerator;
use ply_core::Game;

/// Positions from seeded random games, every stage.
fn positions(count: usize) -> Vec<Othello> {
    let mut x = 0x1234_5678_9ABC_DEF1u64;
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = Othello::start();
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(position);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            position = position.play_unchecked(moves[(x % moves.len() as u64) as usize]);
        }
        out.push(position);
    }
    out
}

/// Weights with every entry different, from a seed.
pub(super) fn noisy_weights(seed: u64) -> PatternWeights {
    let mut weights = PatternWeights::zeros();
    let mut x = seed;
    for s in 0..STAGES {
        for w in weights.stage_mut(s) {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            *w = ((x >> 40) % 201) as i16 - 100;
        }
    }
    weights
}

/// The evaluation `weights` should give `p` to move against `o`: the sum of
/// the weights of the features the fit sees, within the score's range.
fn feature_sum(weights: &PatternWeights, p: u64, o: u64) -> i32 {
    let features = Features::of::<BitboardGenerator>(p, o);
    let stage = weights.stage(features.stage);
    let sum: i32 = features
        .entries
        .iter()
        .map(|&(i, v)| i32::from(stage[i as usize]) * v as i32)
        .sum();
    sum.clamp(-6399, 6399)
}

#[test]
fn the_score_is_the_sum_of_the_fitted_features() {
    let weights = noisy_weights(3);
    let evaluation = PatternEvaluation::new(&weights);
    for position in positions(400) {
        let (p, o) = (position.player(), position.opponent());
        if position.is_game_over() {
            continue;
        }
        let features = Features::of::<BitboardGenerator>(p, o);
        assert_eq!(
            evaluation.score::<BitboardGenerator>(p, o),
            feature_sum(&weights, p, o),
            "{position}"
        );
        assert_eq!(
            features.entries.len(),
            INSTANCE_COUNT + 7 + (position.empty().count_ones() % 2) as usize
        );
    }
}

#[test]
fn the_score_is_the_same_on_every_symmetric_board() {
    let evaluation = PatternEvaluation::new(&noisy_weights(5));
    for position in positions(200) {
        let (p, o) = (position.player(), position.opponent());
        let score = evaluation.score::<BitboardGenerator>(p, o);
        for k in 1..symmetry::SYMMETRIES {
            let (sp, so) = (symmetry::map_board(k, p), symmetry::map_board(k, o));
            assert_eq!(
                evaluation.score::<BitboardGenerator>(sp, so),
                score,
                "{position} symmetry {k}"
            );
        }
    }
}

#[test]
fn finished_games_score_the_final_count() {
    let evaluation = PatternEvaluation::shipped();
    let half = "X".repeat(40) + &"O".repeat(24);
    let won: Othello = format!("{half} X").parse().unwrap();
    assert_eq!(evaluation.evaluate(&won).0, 1600);
    let lost: Othello = format!("{half} O").parse().unwrap();
    assert_eq!(evaluation.evaluate(&lost).0, -1600);
}

#[test]
fn the_shipped_weights_predict_exact_scores_near_the_end() {
    let evaluation = PatternEvaluation::shipped();
    assert!(evaluation.evaluate(&Othello::start()).0.abs() < 300);
    // Positions of random games with 9 to 11 empty squares, against the solver.
    let (mut agree, mut error, mut count) = (0, 0, 0);
    for position in positions(3000)
        .into_iter()
        .filter(|p| (9..=11).contains(&p.empty().count_ones()) && !p.is_game_over())
        .take(100)
    {
        let exact = crate::engine::solve::solve(&position).score;
        let predicted = evaluation.evaluate(&position).0;
        agree += i32::from((predicted > 0) == (exact > 0) || exact == 0);
        error += (predicted - 100 * exact).abs();
        count += 1;
    }
    assert!(count >= 50, "{count} positions");
    assert!(agree * 10 >= count * 8, "{agree} of {count} signs right");
    assert!(
        error / count < 1000,
        "mean error {} centi-discs",
        error / count
    );
}

#[test]
fn neighbours_stop_at_the_edges() {
    // a1: b1, a2, b2.
    assert_eq!(neighbours(1), 0x0302);
    // h8: g8, h7, g7.
    assert_eq!(neighbours(1 << 63), 0x40C0_0000_0000_0000);
    // d4 (bit 27): the 8 squares around it.
    assert_eq!(neighbours(1 << 27), 0x0000_001C_141C_0000);
}

#[test]
fn the_extra_features_of_the_start_position() {
    let start = Othello::start();
    let (p, o) = (start.player(), start.opponent());
    let moves = |a, b| BitboardGenerator::moves(a, b);
    let entries = extra_entries(p, o, moves(p, o), moves(o, p));
    let value = |extra: Extra| entries.iter().find(|e| e.0 == extra).map(|e| e.1);
    assert_eq!(value(Extra::Bias), Some(0));
    // 60 empties: even.
    assert_eq!(value(Extra::Parity), None);
    assert_eq!(value(Extra::Mobility), Some(4));
    assert_eq!(value(Extra::OpponentMobility), Some(4));
    assert_eq!(value(Extra::DiscDifference), Some(64));
    // The empty squares around the two opponent discs: 10.
    assert_eq!(value(Extra::PotentialMobility), Some(10));
    assert_eq!(value(Extra::OpponentPotentialMobility), Some(10));
    // Each quadrant holds one centre disc: 15 empties each.
    assert_eq!(value(Extra::OddQuadrants), Some(4));
    // Every entry is inside its table.
    for (extra, value) in entries {
        assert!(value < extra.entries(), "{extra:?} {value}");
    }
}

#[test]
fn weights_of_the_first_feature_layout_are_refused() {
    let mut bytes = PatternWeights::zeros().to_bytes();
    bytes[20..24].copy_from_slice(&1u32.to_le_bytes());
    let error = PatternWeights::from_bytes(&bytes).unwrap_err().to_string();
    assert!(error.contains("layout"), "{error}");
}

#[test]
fn board_counts_are_skipped_only_where_their_weights_are_all_zero() {
    // Weights with the board-count features all zero (as weights fitted
    // before them are): the evaluation does not count them, and scores as
    // the full sum.
    let board_features = [
        Extra::DiscDifference,
        Extra::PotentialMobility,
        Extra::OpponentPotentialMobility,
        Extra::OddQuadrants,
    ];
    let compact = &PatternSet::get().compact_layout;
    let mut weights = noisy_weights(5);
    for s in 0..STAGES {
        let stage = weights.stage_mut(s);
        for extra in board_features {
            stage[compact.extra(extra)..][..extra.entries()].fill(0);
        }
    }
    let without = PatternEvaluation::new(&weights);
    assert!(!without.counts_board);
    for position in positions(100) {
        let (p, o) = (position.player(), position.opponent());
        if position.is_game_over() {
            continue;
        }
        assert_eq!(
            without.score::<BitboardGenerator>(p, o),
            feature_sum(&weights, p, o)
        );
    }
    // Any non-zero weight there turns them on: the shipped weights (the
    // depth-5 fit) weigh them.
    assert!(PatternEvaluation::new(&noisy_weights(3)).counts_board);
    assert!(PatternEvaluation::shipped().counts_board);
}
