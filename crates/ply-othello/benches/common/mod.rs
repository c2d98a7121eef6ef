//! What the Othello benchmarks share.

use ply_othello::Othello;

/// Positions from random games, all stages of the game.
pub fn sample_positions(count: usize) -> Vec<Othello> {
    ply_core::rng::random_positions(2024, count, 60)
}
