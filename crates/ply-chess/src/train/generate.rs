//! `ply train chess generate`: self-play games whose quiet positions become
//! training data.
//!
//! Each game starts with a few random moves (half of `--opening-plies` to
//! all of them), then the engine plays both sides with a node (or depth)
//! limit. A position is kept when it is quiet: the side to move is not in
//! check, the engine's move is neither a capture nor a promotion, no mate is
//! in sight and there is mating material. Games end by the rules, or are
//! adjudicated: won when the engine's score has stayed beyond
//! `--adjudicate` centipawns for four plies, drawn when it has stayed
//! within 10 for ten plies after the fortieth move or when the game reaches
//! `--max-plies`. Game `i` of seed `s` is the same game on every machine and
//! with any number of threads: its randomness comes from `(s, i)` alone and
//! the engine's table is cleared before it.

use super::data::Sample;
use crate::Position;
use crate::engine::ChessPlayer;
use crate::moves::Move;
use ply_core::Player;
use ply_core::player::Request;
use ply_core::rng::Rng;
use ply_core::search::{Limits, Score};
use ply_core::{GameHistory, Outcome, Side};
use ply_fit::run::{TrainError, Ui};
use std::sync::atomic::AtomicBool;

/// Arguments of `ply train chess generate`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct GenerateArgs {
    /// The file, the games and the threads.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub run: ply_fit::run::RunOptions,
    /// Nodes of the engine's search for each move (ignored with --depth).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 5000))]
    pub nodes: u64,
    /// Search every move to this depth instead of a node count (1 to 20).
    #[cfg_attr(feature = "clap", arg(long, value_name = "D"))]
    pub depth: Option<u32>,
    /// The most random moves that open each game (at least half as many
    /// are played; 2 to 40).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 10))]
    pub opening_plies: u32,
    /// Adjudicate a game won when the score stays beyond this many
    /// centipawns (200 to 10000).
    #[cfg_attr(feature = "clap", arg(long, value_name = "CP", default_value_t = 1000))]
    pub adjudicate: u32,
    /// Adjudicate a game drawn when it reaches this many plies.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 300))]
    pub max_plies: u32,
}

/// The settings of one game, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    pub seed: u64,
    pub limit: SearchLimit,
    pub opening_plies: u32,
    pub adjudicate: i32,
    pub max_plies: u32,
}

/// How long each move is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SearchLimit {
    Nodes(u64),
    Depth(u32),
}

/// Plies after which a game may be adjudicated drawn.
const DRAW_AFTER_PLIES: usize = 80;
/// Centipawns within which a score counts as drawn.
const DRAW_SCORE: i32 = 10;
/// Plies the score must stay drawn.
const DRAW_PLIES: usize = 10;
/// Plies the score must stay won.
const WIN_PLIES: usize = 4;
/// Scores beyond this are mates in sight: such positions are not kept.
const MATE_SCORE: i32 = 20_000;

impl GenerateArgs {
    fn settings(&self) -> Result<Settings, TrainError> {
        let bad = |what: String| Err(TrainError(what));
        let limit = match self.depth {
            Some(depth) if !(1..=20).contains(&depth) => {
                return bad(format!("--depth {depth} is not in 1..=20"));
            }
            Some(depth) => SearchLimit::Depth(depth),
            None if self.nodes == 0 => return bad("--nodes must be at least 1".into()),
            None => SearchLimit::Nodes(self.nodes),
        };
        if !(2..=40).contains(&self.opening_plies) {
            return bad(format!(
                "--opening-plies {} is not in 2..=40",
                self.opening_plies
            ));
        }
        if !(200..=10_000).contains(&self.adjudicate) {
            return bad(format!(
                "--adjudicate {} is not in 200..=10000",
                self.adjudicate
            ));
        }
        if self.max_plies < 20 {
            return bad(format!("--max-plies {} is below 20", self.max_plies));
        }
        self.run.check()?;
        Ok(Settings {
            seed: self.run.seed,
            limit,
            opening_plies: self.opening_plies,
            adjudicate: self.adjudicate as i32,
            max_plies: self.max_plies,
        })
    }
}

impl Settings {
    /// A code of the settings the games depend on besides the seed, kept in
    /// the data file's header so that a file is resumed only with them.
    pub(crate) fn code(&self) -> u32 {
        let (kind, amount) = match self.limit {
            SearchLimit::Nodes(n) => (1u64, n),
            SearchLimit::Depth(d) => (2, u64::from(d)),
        };
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for value in [
            kind,
            amount,
            u64::from(self.opening_plies),
            self.adjudicate as u64,
            u64::from(self.max_plies),
        ] {
            hash = (hash ^ value).wrapping_mul(0x0000_0100_0000_01b3);
        }
        (hash ^ (hash >> 32)) as u32
    }

    fn limits(&self) -> Limits {
        match self.limit {
            SearchLimit::Nodes(n) => Limits::nodes(n),
            SearchLimit::Depth(d) => Limits::depth(d),
        }
    }
}

/// What one worker thread keeps between games.
pub(crate) struct SelfPlay {
    engine: ChessPlayer,
}

/// A finished self-play game.
pub(crate) struct PlayedGame {
    /// Its quiet positions, oldest first, with White's search scores.
    pub quiet: Vec<(Position, i32)>,
    /// Who won (`None`: a draw, by the rules or adjudicated).
    pub winner: Option<Side>,
}

pub(crate) use ply_fit::run::game_rng;

/// A game from `start` with up to `plies` random moves drawn with `rng`
/// (fewer when the game ends first or reaches `max_plies`).
pub(crate) fn random_opening(
    start: Position,
    plies: usize,
    max_plies: u32,
    rng: &mut Rng,
) -> GameHistory<Position> {
    let mut history = GameHistory::new(start);
    while history.moves().len() < plies.min(max_plies as usize) && history.outcome().is_none() {
        let moves = history.position().legal_moves();
        history.push(moves[rng.below(moves.len())]);
    }
    history
}

/// How a game ended, in White's half points.
fn white_half_points(winner: Option<Side>) -> u8 {
    match winner {
        Some(Side::First) => 2,
        Some(Side::Second) => 0,
        None => 1,
    }
}

impl SelfPlay {
    pub(crate) fn new() -> Result<SelfPlay, TrainError> {
        Ok(SelfPlay {
            engine: ChessPlayer::with_hash(16).map_err(|_| {
                TrainError::new(
                    "cannot allocate a 16 MiB transposition table: ask for less with --hash",
                )
            })?,
        })
    }

    /// Plays game `index` and returns its quiet positions, oldest first.
    pub(crate) fn play(&mut self, settings: &Settings, index: u64) -> Vec<Sample> {
        let mut rng = game_rng(settings.seed, index);
        let half = settings.opening_plies / 2;
        let opening =
            (half + rng.below((settings.opening_plies - half + 1) as usize) as u32) as usize;
        let history = random_opening(Position::start(), opening, settings.max_plies, &mut rng);
        let game = self.play_game(settings, history);
        let white_half_points = white_half_points(game.winner);
        game.quiet
            .into_iter()
            .filter(|(position, _)| !position.is_insufficient_material())
            .map(|(position, _)| Sample {
                position,
                white_half_points,
            })
            .collect()
    }

    /// Plays a game on from `history` (the engine's table cleared first):
    /// the engine's moves searched with `settings.limit`, until the game
    /// ends by the rules or is adjudicated (`settings.adjudicate`,
    /// `settings.max_plies`, the plies of `history` included). Returns the
    /// quiet positions of the engine's moves with White's scores: the side
    /// to move not in check, the engine's move neither a capture nor a
    /// promotion, no mate in sight.
    pub(crate) fn play_game(
        &mut self,
        settings: &Settings,
        mut history: GameHistory<Position>,
    ) -> PlayedGame {
        self.engine.new_game();
        let mut quiet: Vec<(Position, i32)> = Vec::new();
        // White's scores of the engine's moves so far.
        let mut scores: Vec<i32> = Vec::new();
        let winner = loop {
            if let Some(outcome) = history.outcome() {
                break match outcome {
                    Outcome::Win { winner, .. } => Some(winner),
                    Outcome::Draw { .. } => None,
                };
            }
            let ply = history.moves().len();
            if ply >= settings.max_plies as usize {
                break None;
            }
            let position = *history.position();
            let (mv, score) = self.engine_move(&position, &history.earlier_hashes(), settings);
            let white = match position.turn() {
                crate::Color::White => score.0,
                crate::Color::Black => -score.0,
            };
            let noisy = mv.is_capture() || mv.promotion().is_some();
            if !(position.is_check() || noisy) && white.abs() < MATE_SCORE {
                quiet.push((position, white));
            }
            scores.push(white);
            history.push(mv);
            if let Some(winner) = adjudicated(&scores, ply, settings.adjudicate) {
                break winner;
            }
        };
        PlayedGame { quiet, winner }
    }

    /// White's score of the position `history` ends in, searched with
    /// `settings.limit` on a cleared table.
    pub(crate) fn score(&mut self, settings: &Settings, history: &GameHistory<Position>) -> i32 {
        self.engine.new_game();
        let position = *history.position();
        let (_, score) = self.engine_move(&position, &history.earlier_hashes(), settings);
        match position.turn() {
            crate::Color::White => score.0,
            crate::Color::Black => -score.0,
        }
    }

    fn engine_move(
        &mut self,
        position: &Position,
        history: &[u64],
        settings: &Settings,
    ) -> (Move, Score) {
        let stop = AtomicBool::new(false);
        let limits = settings.limits();
        let request = Request::new(position, &limits, &stop).with_history(history);
        let result = self.engine.think(&request, &mut |_| {});
        let mv = result.best.unwrap_or_else(|| position.legal_moves()[0]);
        (mv, result.score)
    }
}

/// The adjudicated result after the engine's move at `ply` (`Some(None)` a
/// draw), from White's scores of the engine's moves so far.
fn adjudicated(scores: &[i32], ply: usize, win: i32) -> Option<Option<Side>> {
    let last = |n: usize| scores.len() >= n;
    if last(WIN_PLIES) {
        let recent = &scores[scores.len() - WIN_PLIES..];
        if recent.iter().all(|&s| s >= win) {
            return Some(Some(Side::First));
        }
        if recent.iter().all(|&s| s <= -win) {
            return Some(Some(Side::Second));
        }
    }
    if ply >= DRAW_AFTER_PLIES
        && last(DRAW_PLIES)
        && scores[scores.len() - DRAW_PLIES..]
            .iter()
            .all(|s| s.abs() <= DRAW_SCORE)
    {
        return Some(None);
    }
    None
}

/// Runs `ply train chess generate`.
pub fn run(args: &GenerateArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    let settings = args.settings()?;
    ply_fit::run::generate(
        &args.run,
        settings.code(),
        SelfPlay::new,
        ui,
        |player, game| player.play(&settings, game),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_needs_agreeing_scores() {
        assert_eq!(
            adjudicated(&[0, 700, 800, 900, 1000], 30, 600),
            Some(Some(Side::First))
        );
        assert_eq!(adjudicated(&[0, -700, 800, 900, 1000], 30, 600), None);
        assert_eq!(adjudicated(&[-700; 4], 30, 600), Some(Some(Side::Second)));
        assert_eq!(adjudicated(&[5; 10], 30, 600), None, "too early for a draw");
        assert_eq!(adjudicated(&[5; 10], 90, 600), Some(None));
    }

    fn settings() -> Settings {
        Settings {
            seed: 3,
            limit: SearchLimit::Nodes(300),
            opening_plies: 8,
            adjudicate: 600,
            max_plies: 120,
        }
    }

    #[test]
    fn a_game_is_the_same_from_its_seed_and_index_alone() {
        let mut player = SelfPlay::new().unwrap();
        let first = player.play(&settings(), 5);
        assert!(!first.is_empty());
        player.play(&settings(), 6);
        assert_eq!(player.play(&settings(), 5), first);
        assert_ne!(player.play(&settings(), 7), first);
        for sample in &first {
            assert!(!sample.position.is_check());
        }
    }

    #[test]
    fn settings_are_checked_and_coded() {
        let args = |depth, opening_plies| GenerateArgs {
            run: ply_fit::run::RunOptions {
                out: std::path::PathBuf::from("x"),
                games: 1,
                seed: 1,
                threads: 1,
                batch: 1,
            },
            nodes: 100,
            depth,
            opening_plies,
            adjudicate: 1000,
            max_plies: 300,
        };
        assert!(args(Some(0), 10).settings().is_err());
        assert!(args(None, 1).settings().is_err());
        let nodes = args(None, 10).settings().unwrap();
        let depth = args(Some(3), 10).settings().unwrap();
        assert_ne!(nodes.code(), depth.code());
    }
}
