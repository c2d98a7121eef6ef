//! The games of a match in order: pairings (two engines, a gauntlet or a
//! round robin), rounds, games per pairing, colours and openings.

use super::options::{MatchOptions, Tournament};

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// Its number, from 1.
    pub number: usize,
    /// Its round, from 1.
    pub round: u32,
    /// The engines: the one that moves first, then the other.
    pub engines: [usize; 2],
    /// The opening, as an index into the opening list (wrapping round).
    pub opening: usize,
    /// Games with the same pair key are one opening played with both colours.
    pub pair: Option<usize>,
}

/// The pairs of engines that meet.
pub fn pairings(engines: usize, tournament: Tournament) -> Vec<[usize; 2]> {
    match tournament {
        Tournament::Gauntlet => (1..engines).map(|i| [0, i]).collect(),
        Tournament::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| [i, j]))
            .collect(),
    }
}

/// Every game of the match, in playing order.
pub fn jobs(options: &MatchOptions) -> Vec<Job> {
    let pairs = pairings(options.engines.len(), options.tournament);
    let mut jobs = Vec::new();
    let mut opening = 0;
    let mut pair_key = 0;
    for round in 1..=options.rounds {
        for pairing in &pairs {
            for game in 0..options.games {
                let swapped = game % 2 == 1;
                let engines = if swapped {
                    [pairing[1], pairing[0]]
                } else {
                    *pairing
                };
                let pair =
                    (options.repeat && options.games >= 2).then(|| pair_key + game as usize / 2);
                jobs.push(Job {
                    number: jobs.len() + 1,
                    round,
                    engines,
                    opening,
                    pair,
                });
                if !options.repeat {
                    opening += 1;
                }
            }
            if options.repeat {
                opening += 1;
                pair_key += (options.games as usize).div_ceil(2);
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robins_and_gauntlets() {
        assert_eq!(
            pairings(3, Tournament::RoundRobin),
            [[0, 1], [0, 2], [1, 2]]
        );
        assert_eq!(pairings(3, Tournament::Gauntlet), [[0, 1], [0, 2]]);
    }
}
