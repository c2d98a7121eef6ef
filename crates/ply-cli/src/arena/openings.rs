//! The openings of `ply match`: the games layer's openings
//! ([`ply_games::playable::openings`]: the game's book or a file in one of
//! its formats) as `-openings` asks for them: cut to a number of plies,
//! shuffled with the match's seed, starting at a given one.

use super::options::OpeningSpec;
use ply_games::playable::Playable;
use ply_games::playable::book::Rng;
use ply_games::playable::openings::{self, Opening};

/// The openings `spec` asks for, in playing order.
pub fn load<G: Playable>(spec: &OpeningSpec, seed: u64) -> Result<Vec<Opening<G>>, String> {
    let mut openings = match &spec.file {
        None => openings::book::<G>(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read openings {}: {e}", path.display()))?;
            let format = spec.format.clone().unwrap_or_else(|| {
                path.extension()
                    .map(|e| e.to_string_lossy().to_ascii_lowercase())
                    .unwrap_or_default()
            });
            openings::parse::<G>(&text, &format)
                .map_err(|e| format!("openings {}: {e}", path.display()))?
        }
    };
    if openings.is_empty() {
        return Err("the opening file holds no opening".to_owned());
    }
    if let Some(plies) = spec.plies {
        for opening in &mut openings {
            opening.moves.truncate(plies);
        }
    }
    if spec.random {
        let mut rng = Rng::new(seed);
        for i in (1..openings.len()).rev() {
            openings.swap(i, rng.below(i + 1));
        }
    }
    let skip = spec.start.saturating_sub(1) % openings.len();
    openings.rotate_left(skip);
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameEntry;
    type Checkers = <crate::games::checkers::Checkers as GameEntry>::Board;
    type Chess = <crate::games::chess::Chess as GameEntry>::Board;
    type Othello = <crate::games::othello::Othello as GameEntry>::Board;

    #[test]
    fn default_sets_for_every_game() {
        let spec = OpeningSpec {
            start: 1,
            ..OpeningSpec::default()
        };
        assert_eq!(load::<Checkers>(&spec, 0).unwrap().len(), 156);
        assert!(load::<Chess>(&spec, 0).unwrap().len() >= 20);
        assert!(load::<Othello>(&spec, 0).unwrap().len() >= 20);
        let random = OpeningSpec {
            random: true,
            plies: Some(2),
            ..spec
        };
        let a = load::<Checkers>(&random, 5).unwrap();
        let b = load::<Checkers>(&random, 5).unwrap();
        assert_eq!(a[0].name, b[0].name);
        assert!(a.iter().all(|o| o.moves.len() == 2));
    }
}
