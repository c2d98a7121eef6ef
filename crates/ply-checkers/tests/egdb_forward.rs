//! The endgame databases against an independent solution: every position with
//! up to 3 pieces solved by a plain forward search over the game graph (the
//! `Game` moves, no index, no slices), with repetition a draw found as a fixed
//! point, then compared with a freshly built database.

use ply_checkers::egdb::{Database, Value, build};
use ply_checkers::{Checkers, Color};
use ply_core::{Game, MoveList};
use std::collections::HashMap;

/// A piece kind: black man, black king, white man, white king.
const KINDS: usize = 4;

/// Every legal position with 1 to `max` pieces, both sides to move.
fn positions(max: usize) -> Vec<Checkers> {
    let mut all = Vec::new();
    let mut squares = Vec::new();
    placements(0, max, &mut squares, &mut all);
    all
}

/// Adds the positions with the pieces `chosen` (square, kind) plus more on
/// squares from `from` on, up to `max` pieces.
fn placements(from: u32, max: usize, chosen: &mut Vec<(u32, usize)>, all: &mut Vec<Checkers>) {
    if !chosen.is_empty() {
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        for &(square, kind) in chosen.iter() {
            let bit = 1 << square;
            if kind < 2 {
                black |= bit;
            } else {
                white |= bit;
            }
            if kind % 2 == 1 {
                kings |= bit;
            }
        }
        for color in [Color::Black, Color::White] {
            // Men on their crowning row are refused: not a placement.
            if let Ok(position) = Checkers::from_pieces(black, white, kings, color) {
                all.push(position);
            }
        }
    }
    if chosen.len() == max {
        return;
    }
    for square in from..32 {
        for kind in 0..KINDS {
            chosen.push((square, kind));
            placements(square + 1, max, chosen, all);
            chosen.pop();
        }
    }
}

/// The values of `positions` (closed under moves) for the side to move: wins
/// and losses by iteration to a fixed point, the rest draws.
fn solve(positions: &[Checkers]) -> Vec<Value> {
    let number: HashMap<Checkers, usize> =
        positions.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let successors: Vec<Vec<usize>> = positions
        .iter()
        .map(|position| {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| number[&position.play_unchecked(mv)])
                .collect()
        })
        .collect();
    let mut value: Vec<Option<Value>> = vec![None; positions.len()];
    loop {
        let mut changed = false;
        for i in 0..positions.len() {
            if value[i].is_some() {
                continue;
            }
            let next = &successors[i];
            if next.iter().any(|&j| value[j] == Some(Value::Loss)) {
                value[i] = Some(Value::Win);
                changed = true;
            } else if next.iter().all(|&j| value[j] == Some(Value::Win)) {
                // Also when there is no move: the side to move has lost.
                value[i] = Some(Value::Loss);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    value
        .into_iter()
        .map(|v| v.unwrap_or(Value::Draw))
        .collect()
}

#[test]
fn the_database_agrees_with_a_forward_search_up_to_three_pieces() {
    let all = positions(3);
    // 120 + 6,972 + 261,224 placements, each with either side to move.
    assert_eq!(all.len(), 2 * 268_316);
    let values = solve(&all);

    let dir = std::env::temp_dir().join(format!("ply-egdb-forward-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::build(&dir, 3, 2, &|_| {}).expect("build");
    let database = Database::open(&dir);
    let mut counts = HashMap::new();
    for (position, &value) in all.iter().zip(&values) {
        assert_eq!(
            database.probe(position).expect("probe"),
            value,
            "{position}"
        );
        *counts.entry(value).or_insert(0) += 1;
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
    // Every kind of value occurs (a test that cannot fail trivially).
    assert!(counts.len() == 3, "{counts:?}");
}
