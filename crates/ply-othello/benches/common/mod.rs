//! What the Othello benchmarks share.

use ply_core::Game;
use ply_othello::Othello;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// Positions from random games, all stages of the game.
pub fn sample_positions(count: usize) -> Vec<Othello> {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut position = Othello::start();
        let plies = rng.random_range(0..60);
        for _ in 0..plies {
            let moves = position.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            position = position.play(mv);
        }
        positions.push(position);
    }
    positions
}
