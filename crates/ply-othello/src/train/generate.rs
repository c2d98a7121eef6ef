//! `ply train othello generate`: self-play games whose positions become
//! training data.
//!
//! Each game starts with a few random moves (4 to `--opening-plies`), then
//! the engine plays at a fixed depth with a share of random moves
//! (`--noise`); from `--exact-empties` empty squares on, every position is
//! solved exactly and the solver's best move is played (or, as often as
//! `--endgame-noise` says, a random move, so the endgame positions vary
//! too). Game `i` of seed `s` is the same game on every machine and with any
//! number of threads: its randomness comes from `(s, i)` alone and the
//! engine's and solver's tables are cleared before it.

use super::data::Sample;
use ply_fit::run::{TrainError, Ui};

/// What a player whose table cannot be had says.
const HASH_4: &str = "cannot allocate a 4 MiB transposition table: ask for less with --hash";
use crate::Othello;
use crate::engine::Evaluation;
use crate::engine::solve::Solver;
use crate::moves::Move;
use ply_core::search::{Engine, Limits};
use ply_core::{Game, Side};
use std::sync::atomic::AtomicBool;

/// Arguments of `ply train othello generate`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct GenerateArgs {
    /// The file, the games and the threads.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub run: ply_fit::run::RunOptions,
    /// Positions with this many empty squares or fewer are solved exactly
    /// (0 to 24).
    #[cfg_attr(feature = "clap", arg(long, value_name = "E", default_value_t = 18))]
    pub exact_empties: u32,
    /// Depth of the engine's searches before the exact phase (1 to 12).
    #[cfg_attr(feature = "clap", arg(long, value_name = "D", default_value_t = 4))]
    pub depth: u32,
    /// The most random moves that open each game (at least 4 are played).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 14))]
    pub opening_plies: u32,
    /// Percent of the engine's moves replaced by a random move.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "PERCENT", default_value_t = 10)
    )]
    pub noise: u32,
    /// Percent of the solver's moves replaced by a random move.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "PERCENT", default_value_t = 20)
    )]
    pub endgame_noise: u32,
}

/// The settings of one game, checked.
#[derive(Clone, Copy, Debug)]
struct Settings {
    seed: u64,
    exact_empties: u32,
    depth: u32,
    opening_plies: u32,
    noise: u32,
    endgame_noise: u32,
}

impl GenerateArgs {
    fn settings(&self) -> Result<Settings, TrainError> {
        let bad = |what: String| Err(TrainError(what));
        if self.exact_empties > 24 {
            return bad(format!(
                "--exact-empties {} is more than 24: the solver would take hours",
                self.exact_empties
            ));
        }
        if !(1..=12).contains(&self.depth) {
            return bad(format!("--depth {} is not in 1..=12", self.depth));
        }
        if !(4..=60).contains(&self.opening_plies) {
            return bad(format!(
                "--opening-plies {} is not in 4..=60",
                self.opening_plies
            ));
        }
        if self.noise > 100 || self.endgame_noise > 100 {
            return bad("--noise and --endgame-noise are percentages (0 to 100)".into());
        }
        self.run.check()?;
        Ok(Settings {
            seed: self.run.seed,
            exact_empties: self.exact_empties,
            depth: self.depth,
            opening_plies: self.opening_plies,
            noise: self.noise,
            endgame_noise: self.endgame_noise,
        })
    }
}

/// What one worker thread keeps between games.
struct Player {
    engine: Engine<Othello, Evaluation>,
    solver: Solver,
}

impl Player {
    fn new() -> Result<Player, TrainError> {
        Ok(Player {
            engine: Engine::try_new(Evaluation, 4).ok_or_else(|| TrainError::new(HASH_4))?,
            solver: Solver::new(4).map_err(TrainError::new)?,
        })
    }

    /// Plays game `index` and returns its positions, oldest first.
    fn play(&mut self, settings: &Settings, index: u64) -> Vec<Sample> {
        self.engine.clear();
        self.solver.clear();
        let mut rng = ply_fit::run::game_rng(settings.seed, index);
        let opening = 4 + rng.below(settings.opening_plies as usize - 3) as u32;
        let mut position = Othello::start();
        let mut samples: Vec<(Sample, Side)> = Vec::with_capacity(64);
        let mut ply = 0;
        while !position.is_game_over() {
            let moves = position.legal_moves();
            let random = moves[rng.below(moves.len())];
            let empties = position.empty().count_ones();
            let mut exact = None;
            let chosen = if ply < opening {
                random
            } else if empties <= settings.exact_empties {
                let solution = self.solver.solve(&position);
                exact = Some(solution.score as i8);
                let best = solution.best_move.unwrap_or(Move::PASS);
                if rng.below(100) < settings.endgame_noise as usize {
                    random
                } else {
                    best
                }
            } else if rng.below(100) < settings.noise as usize {
                random
            } else {
                self.engine_move(&position, settings.depth)
                    .unwrap_or(random)
            };
            samples.push((
                Sample {
                    player: position.player(),
                    opponent: position.opponent(),
                    exact,
                    result: 0,
                },
                position.side_to_move(),
            ));
            position = position.play_unchecked(chosen);
            ply += 1;
        }
        let last_side = position.side_to_move();
        let final_score = position.final_score() as i8;
        samples
            .into_iter()
            .map(|(sample, side)| Sample {
                result: if side == last_side {
                    final_score
                } else {
                    -final_score
                },
                ..sample
            })
            .collect()
    }

    fn engine_move(&mut self, position: &Othello, depth: u32) -> Option<Move> {
        let stop = AtomicBool::new(false);
        self.engine
            .search(position, &[], &Limits::depth(depth), &stop, &mut |_| {})
            .best
    }
}

/// Runs `ply train othello generate`.
pub fn run(args: &GenerateArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    let settings = args.settings()?;
    ply_fit::run::generate(
        &args.run,
        settings.exact_empties,
        Player::new,
        ui,
        |player, game| player.play(&settings, game),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            seed: 3,
            exact_empties: 10,
            depth: 2,
            opening_plies: 10,
            noise: 10,
            endgame_noise: 20,
        }
    }

    #[test]
    fn a_game_is_the_same_from_its_seed_and_index_alone() {
        let mut player = Player::new().unwrap();
        let first = player.play(&settings(), 5);
        player.play(&settings(), 6);
        assert_eq!(player.play(&settings(), 5), first);
        assert_ne!(player.play(&settings(), 7), first);
    }

    #[test]
    fn endgame_positions_carry_exact_scores_and_perfect_play_keeps_them() {
        let mut player = Player::new().unwrap();
        let perfect = Settings {
            endgame_noise: 0,
            ..settings()
        };
        let game = player.play(&perfect, 1);
        assert!(game.len() >= 50, "a whole game: {} positions", game.len());
        for sample in &game {
            assert_eq!(sample.exact.is_some(), sample.empties() <= 10, "{sample:?}");
            if let Some(score) = sample.exact {
                let position =
                    Othello::from_discs(sample.player, sample.opponent, Side::First).unwrap();
                assert_eq!(
                    i32::from(score),
                    crate::engine::solve::solve(&position).score
                );
                // Perfect play from here on ends with the exact score.
                assert_eq!(sample.result, score, "{sample:?}");
            }
        }
    }
}
