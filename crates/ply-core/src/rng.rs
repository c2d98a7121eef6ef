//! A small, fast, seedable random generator for games (random openings,
//! random playouts, self-play): the same seed gives the same games on every
//! machine.

use crate::game::Game;
use crate::zobrist::splitmix64;

/// SplitMix64 (Steele, Lea and Flood): one 64-bit state, passes BigCrush.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (next, output) = splitmix64(self.0);
        self.0 = next;
        output
    }

    /// A number below `n` (which is not 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `count` positions of random games from `G`'s start, each after a random
/// number of random moves below `max_plies` (fewer where the game ends
/// first): every stage of the game, the same for a seed on every machine.
/// The positions the move generators' benchmarks time.
pub fn random_positions<G: Game>(seed: u64, count: usize, max_plies: usize) -> Vec<G> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let mut position = G::start();
            for _ in 0..rng.below(max_plies.max(1)) {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play_unchecked(moves[rng.below(moves.len())]);
            }
            position
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        assert_ne!(Rng::new(7).next_u64(), Rng::new(8).next_u64());
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = Rng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let n = rng.below(7);
            seen[n] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
