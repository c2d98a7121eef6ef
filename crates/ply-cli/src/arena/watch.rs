//! What a match shows to those who watch it: the referee and the match loop
//! tell a [`Watcher`] each game's start, moves, the engines' thinking lines,
//! the end and the running score. [`Feed`] hands it all to the page of
//! `ply match -serve` (ply-serve's [`MatchFeed`]) or posts it to a running
//! `ply serve` (`-publish`, ply-serve's [`Publisher`]); without either
//! nobody watches ([`Nobody`]).
//!
//! The arena knows nothing of HTTP: the server only reads what is published
//! here, and nothing it receives reaches the engines or starts a program.

use super::clock::Clock;
use super::game::MatchGame;
use super::played::Played;
use super::schedule::Job;
use super::tally::Tally;
use ply_core::record::{Ending, MoveClock};
use ply_core::{GameHistory, Side};
use ply_games::playable::openings::Opening;
use ply_serve::publish::Publisher;
use ply_serve::watch::{FeedEvent, GameEnd, GameStart, MatchFeed, MatchInfo, MovePlayed};
use std::sync::Arc;
use std::time::Duration;

/// Someone following the match. Every method may be called from any of the
/// match's threads.
pub trait Watcher<G: MatchGame>: Sync {
    /// Game `job` starts from `record` (the opening played), with `clocks`
    /// (the first mover's first).
    fn game_started(
        &self,
        job: &Job,
        opening: &Opening<G>,
        record: &GameHistory<G>,
        clocks: [Option<Duration>; 2],
    );
    /// A move was played in game `number`: `record` ends with it; `clock`
    /// is its time (`None`: a forced pass), `clocks` both clocks after it.
    fn moved(
        &self,
        number: usize,
        record: &GameHistory<G>,
        clock: Option<MoveClock>,
        clocks: [Option<Duration>; 2],
    );
    /// The engine playing `side` in game `number` wrote a thinking line.
    fn engine_line(&self, number: usize, side: Side, line: &str);
    /// Game `job` ended; `record` is its record file.
    fn game_ended(&self, job: &Job, played: &Played<G>, record: &str);
    /// The results so far.
    fn score(&self, tally: &Tally);
    /// The match ended (`interrupted`: before its last game).
    fn finished(&self, interrupted: bool);
}

/// Nobody watches: every event is dropped.
pub struct Nobody;

impl<G: MatchGame> Watcher<G> for Nobody {
    fn game_started(&self, _: &Job, _: &Opening<G>, _: &GameHistory<G>, _: [Option<Duration>; 2]) {}
    fn moved(&self, _: usize, _: &GameHistory<G>, _: Option<MoveClock>, _: [Option<Duration>; 2]) {}
    fn engine_line(&self, _: usize, _: Side, _: &str) {}
    fn game_ended(&self, _: &Job, _: &Played<G>, _: &str) {}
    fn score(&self, _: &Tally) {}
    fn finished(&self, _: bool) {}
}

/// Where the events go: the page of `ply match -serve` (its
/// [`MatchFeed`]), or a running `ply serve` (`-publish`, its
/// [`Publisher`]).
pub enum Feed {
    /// The feed of the server beside the match.
    Local(Arc<MatchFeed>),
    /// The events posted to a running server.
    Remote(Publisher),
}

/// What a match of `G` between `engines`, `games` games long, is.
pub fn match_info<G: MatchGame>(
    kind: &str,
    engines: Vec<String>,
    games: usize,
    event: &str,
) -> MatchInfo {
    MatchInfo {
        game: kind.to_owned(),
        engines,
        games,
        event: event.to_owned(),
        sides: [
            G::side_name(Side::First).to_owned(),
            G::side_name(Side::Second).to_owned(),
        ],
    }
}

impl Feed {
    /// The feed of a match of `G` between `engines`, `games` games long.
    pub fn new<G: MatchGame>(kind: &str, engines: Vec<String>, games: usize, event: &str) -> Feed {
        Feed::Local(Arc::new(MatchFeed::new(
            match_info::<G>(kind, engines, games, event),
            ply_serve::watch::FeedLimits::default(),
        )))
    }

    fn emit(&self, event: FeedEvent) {
        match self {
            Feed::Local(feed) => feed.apply(event),
            Feed::Remote(publisher) => publisher.send(event),
        }
    }
}

/// Milliseconds of a clock.
fn millis(time: Option<Duration>) -> Option<u64> {
    time.map(|t| u64::try_from(t.as_millis()).unwrap_or(u64::MAX))
}

/// The moves of `record` as people read them (SAN in chess).
fn move_names<G: MatchGame>(record: &GameHistory<G>) -> Vec<String> {
    record
        .positions()
        .iter()
        .zip(record.moves())
        .map(|(position, &mv)| position.display_move(mv))
        .collect()
}

impl<G: MatchGame> Watcher<G> for Feed {
    fn game_started(
        &self,
        job: &Job,
        opening: &Opening<G>,
        record: &GameHistory<G>,
        clocks: [Option<Duration>; 2],
    ) {
        self.emit(FeedEvent::Game {
            game: GameStart {
                number: job.number,
                round: job.round,
                engines: job.engines,
                opening: opening.name.clone(),
                start: record.start().position_string(),
                moves: move_names(record),
                position: record.position().position_string(),
                clocks: clocks.map(millis),
                to_move: record.position().side_to_move().index(),
            },
        });
    }

    fn moved(
        &self,
        number: usize,
        record: &GameHistory<G>,
        clock: Option<MoveClock>,
        clocks: [Option<Duration>; 2],
    ) {
        // The positions run from the start to the current one: the one
        // before the last move is the last but one.
        let before = record.positions().iter().rev().nth(1);
        let (Some(&mv), Some(before)) = (record.moves().last(), before) else {
            return;
        };
        self.emit(FeedEvent::Move {
            number,
            played: MovePlayed {
                notation: before.display_move(mv),
                position: record.position().position_string(),
                clocks: clocks.map(millis),
                used_ms: clock.and_then(|c| millis(Some(c.used))),
                to_move: record.position().side_to_move().index(),
            },
        });
    }

    fn engine_line(&self, number: usize, side: Side, line: &str) {
        self.emit(FeedEvent::Line {
            number,
            side: side.index(),
            text: line.to_owned(),
        });
    }

    fn game_ended(&self, job: &Job, played: &Played<G>, record: &str) {
        let reason = match &played.ending {
            Ending::Rules(outcome) => played.record.position().describe_outcome(*outcome),
            Ending::Decided { reason, .. } => reason.clone(),
        };
        self.emit(FeedEvent::End {
            number: job.number,
            end: GameEnd {
                result: ply_core::record::pgn::ending_marker(Some(&played.ending)).to_owned(),
                winner: played.ending.winner().map(Side::index),
                reason,
                termination: played.termination.tag().to_owned(),
                record: record.to_owned(),
            },
        });
    }

    fn score(&self, tally: &Tally) {
        self.emit(FeedEvent::Score {
            score: tally.json(false),
        });
    }

    fn finished(&self, interrupted: bool) {
        self.emit(FeedEvent::Over { interrupted });
    }
}

/// Both clocks' time left, the first mover's first.
pub fn clocks_left(clocks: &[Clock; 2]) -> [Option<Duration>; 2] {
    [clocks[0].remaining(), clocks[1].remaining()]
}
