//! `ply train checkers generate`: self-play games from the ACF ballots whose
//! quiet positions become training data.
//!
//! Game `i` starts from position `i mod n` of the `n` of the deck it is
//! given: the command line's is the 156 ballots of the ACF tournament deck
//! (so 312 games play every ballot twice, each time with other random moves; the
//! engine plays both colours), then the engine plays at a fixed depth,
//! probing the endgame database, with a share of its moves in the first
//! `--noisy-plies` plies replaced by a random move (`--noise`). A game ends by the rules (no move, the 40-move rule,
//! threefold repetition), at `--max-plies` (a draw), or as soon as a quiet
//! position is within the database's reach: the database's value is then
//! the game's result, exact. Every quiet position (no capture pending) is
//! recorded with the game's result for its side to move, the score of the
//! search that chose its move (none for a random or lone move), and the
//! database's value where the database reaches.
//!
//! Game `i` of seed `s` is the same game on every machine and with any number
//! of threads: its randomness comes from `(s, i)` alone, the engine's tables
//! are cleared before it, and the database is read on the spot (a search
//! never goes on without a slice that is still loading).

use super::data::{MAX_PLY, Sample, Settings};
use crate::egdb::search::value_within_reach;
use crate::egdb::{self, Database, Value};
use crate::engine::CheckersPlayer;
use crate::{Checkers, Move};
use ply_core::Player;
use ply_core::player::{Request, Thought};
use ply_core::search::Limits;
use ply_core::{Game, GameHistory, Outcome};
use ply_fit::run::{TrainError, Ui};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The largest score magnitude stored (the record's i16 keeps its lowest
/// value for "no score").
const MAX_STORED: i32 = i16::MAX as i32;

/// Arguments of `ply train checkers generate`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct GenerateArgs {
    /// The file, the games, the seed, the threads and the batches.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub run: ply_fit::run::RunOptions,
    /// Depth of the engine's searches (1 to 20).
    #[cfg_attr(feature = "clap", arg(long, value_name = "D", default_value_t = 8))]
    pub depth: u32,
    /// Percent of the engine's moves in the first --noisy-plies plies
    /// replaced by a random move.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "PERCENT", default_value_t = 10)
    )]
    pub noise: u32,
    /// The plies from the ballot during which --noise applies.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 30))]
    pub noisy_plies: u32,
    /// A game still going after this many plies is a draw (at most 1023).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 300))]
    pub max_plies: u32,
    /// The endgame database directory (default: `$PLY_EGDB_DIR`, else the
    /// cache directory `ply egdb` builds in); none found, none is used.
    #[cfg_attr(feature = "clap", arg(long, value_name = "DIR"))]
    pub egdb: Option<PathBuf>,
    /// Play without the endgame database.
    #[cfg_attr(feature = "clap", arg(long))]
    pub no_egdb: bool,
}

/// How every game of a run is played, checked.
#[derive(Clone, Copy, Debug)]
struct Plan {
    seed: u64,
    settings: Settings,
    noisy_plies: u32,
    max_plies: u32,
}

impl GenerateArgs {
    fn plan(&self, database: Option<&Database>) -> Result<Plan, TrainError> {
        let bad = |what: String| Err(TrainError(what));
        if !(1..=20).contains(&self.depth) {
            return bad(format!("--depth {} is not in 1..=20", self.depth));
        }
        if self.noise > 100 {
            return bad(format!(
                "--noise {} is not a percentage (0 to 100)",
                self.noise
            ));
        }
        if !(1..=u32::from(MAX_PLY)).contains(&self.max_plies) {
            return bad(format!(
                "--max-plies {} is not in 1..={MAX_PLY}",
                self.max_plies
            ));
        }
        self.run.check()?;
        Ok(Plan {
            seed: self.run.seed,
            settings: Settings {
                depth: self.depth,
                noise: self.noise,
                database_pieces: database.map_or(0, Database::max_pieces),
                scores: true,
            },
            noisy_plies: self.noisy_plies,
            max_plies: self.max_plies,
        })
    }

    fn database(&self) -> Result<Option<Arc<Database>>, TrainError> {
        if self.no_egdb {
            return Ok(None);
        }
        match &self.egdb {
            Some(dir) => {
                let database = Database::open(dir);
                if database.max_pieces() == 0 {
                    return Err(TrainError(format!(
                        "--egdb {}: no endgame database there (ply egdb builds one)",
                        dir.display()
                    )));
                }
                Ok(Some(Arc::new(database)))
            }
            None => Ok(egdb::default_database()),
        }
    }
}

/// What one worker thread keeps between games.
struct SelfPlay {
    player: CheckersPlayer,
    database: Option<Arc<Database>>,
}

impl SelfPlay {
    fn new(database: Option<Arc<Database>>) -> Result<SelfPlay, TrainError> {
        Ok(SelfPlay {
            player: CheckersPlayer::with_database(8, database.clone()).map_err(|_| {
                TrainError::new(
                    "cannot allocate a 8 MiB transposition table: ask for less with --hash",
                )
            })?,
            database,
        })
    }

    /// Plays game `index` from `deck` and returns its quiet positions, oldest
    /// first.
    fn play(&mut self, plan: &Plan, deck: &[Checkers], index: u64) -> Vec<Sample> {
        self.player.new_game();
        let mut rng = ply_fit::run::game_rng(plan.seed, index);
        let mut game = GameHistory::new(deck[(index % deck.len() as u64) as usize]);
        let mut samples: Vec<(Sample, ply_core::Side)> = Vec::with_capacity(128);
        // The winner, `None` for a draw.
        let winner = loop {
            let position = *game.position();
            let ply = game.moves().len() as u32;
            if let Some(outcome) = game.outcome() {
                break match outcome {
                    Outcome::Win { winner, .. } => Some(winner),
                    Outcome::Draw { .. } => None,
                };
            }
            if ply >= plan.max_plies {
                break None;
            }
            let known = self
                .database
                .as_deref()
                .and_then(|database| value_within_reach(database, &position));
            if !position.must_capture() {
                samples.push((
                    Sample {
                        board: *position.board(),
                        result: 0,
                        database: known,
                        ply: ply as u16,
                        score: None,
                    },
                    position.side_to_move(),
                ));
            }
            if let Some(value) = known {
                let mover = position.side_to_move();
                break match value {
                    Value::Win => Some(mover),
                    Value::Loss => Some(mover.opponent()),
                    Value::Draw => None,
                };
            }
            let moves = position.legal_moves();
            let random = moves[rng.below(moves.len())];
            let noisy = ply < plan.noisy_plies && rng.below(100) < plan.settings.noise as usize;
            let chosen = if noisy || moves.len() == 1 {
                random
            } else {
                let thought = self.engine_move(&game, plan.settings.depth);
                if let Some((sample, _)) = samples.last_mut()
                    && u32::from(sample.ply) == ply
                {
                    sample.score = Some(thought.score.0.clamp(-MAX_STORED, MAX_STORED) as i16);
                }
                thought.best.unwrap_or(random)
            };
            game.push(chosen);
        };
        samples
            .into_iter()
            .map(|(sample, side)| Sample {
                result: match winner {
                    None => 0,
                    Some(winner) if winner == side => 1,
                    Some(_) => -1,
                },
                ..sample
            })
            .collect()
    }

    fn engine_move(&mut self, game: &GameHistory<Checkers>, depth: u32) -> Thought<Move> {
        let stop = AtomicBool::new(false);
        let history = game.earlier_hashes();
        let limits = Limits::depth(depth);
        let request = Request::new(game.position(), &limits, &stop).with_history(&history);
        self.player.think(&request, &mut |_| {})
    }
}

/// Runs `ply train checkers generate`: games from the positions of `deck`
/// (the command line gives the ACF ballots).
///
/// # Errors
/// For bad arguments, an empty deck, a data file that cannot be written or
/// was made with other settings, or a database that is not there.
pub fn run(args: &GenerateArgs, deck: &[Checkers], ui: &dyn Ui) -> Result<(), TrainError> {
    if deck.is_empty() {
        return Err(TrainError::new("no positions to start the games from"));
    }
    let database = args.database()?;
    let plan = args.plan(database.as_deref())?;
    if database.is_none() && !args.no_egdb {
        ui.warn("no endgame database found: the games are played without one");
    }
    ply_fit::run::generate(
        &args.run,
        plan.settings,
        || SelfPlay::new(database.clone()),
        ui,
        |player, game| player.play(&plan, deck, game),
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A few openings: the start and the positions two plies on.
    pub(crate) fn deck() -> Vec<Checkers> {
        let start = Checkers::start();
        let mut deck = vec![start];
        for first in start.legal_moves() {
            let next = start.play_unchecked(first);
            deck.extend(next.legal_moves().iter().map(|&m| next.play_unchecked(m)));
        }
        deck
    }

    fn plan() -> Plan {
        Plan {
            seed: 3,
            settings: Settings {
                depth: 3,
                noise: 10,
                database_pieces: 0,
                scores: true,
            },
            noisy_plies: 30,
            max_plies: 300,
        }
    }

    #[test]
    fn a_game_is_the_same_from_its_seed_and_index_alone() {
        let deck = deck();
        let mut player = SelfPlay::new(None).unwrap();
        let first = player.play(&plan(), &deck, 5);
        player.play(&plan(), &deck, 6);
        assert_eq!(player.play(&plan(), &deck, 5), first);
        assert_ne!(player.play(&plan(), &deck, 7), first);
        // Quiet positions only, one result for each side, from the ballot.
        assert_eq!(first[0].ply, 0);
        let position = |s: &Sample| crate::egdb::position(&s.board);
        assert!(first.iter().all(|s| !position(s).must_capture()));
        assert!(first.iter().all(|s| s.database.is_none()));
        let results: std::collections::HashSet<_> = first
            .iter()
            .map(|s| s.result * if s.ply % 2 == 0 { 1 } else { -1 })
            .collect();
        assert_eq!(results.len(), 1, "one result seen from both sides");
        // The searched moves carry their search's score, the lone ones none.
        for sample in &first {
            let lone = position(sample).legal_moves().len() == 1;
            if lone {
                assert_eq!(sample.score, None);
            } else if u32::from(sample.ply) >= plan().noisy_plies {
                assert!(sample.score.is_some(), "{sample:?}");
            }
        }
        assert!(first.iter().any(|s| s.score.is_some()));
    }
}
