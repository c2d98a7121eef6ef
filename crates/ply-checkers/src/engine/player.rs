//! [`CheckersPlayer`]: ply's checkers engine behind ply-core's [`Player`]:
//! the search with the [`Evaluation`] and the endgame databases the user
//! has built ([`CheckersPlayer::default_database`]).
//!
//! The one policy for the databases' files: a search with a time limit (a
//! move time or a clock) never waits for a slice file, which is read by a
//! thread of its own while the search goes on; any other search (to a
//! depth, a node count, or until stopped) reads the slices it needs on the
//! spot, so that what it finds does not depend on how fast the disk is.
//! When the databases hold the position searched, the answer's source is
//! [`Source::Database`] with their value.

use super::Evaluation;
use crate::egdb::search::{Probing, known_value, value_within_reach};
use crate::egdb::{self, Database, Value};
use crate::moves::Move;
use crate::position::Position;
use ply_core::player::{AllocationError, Player, Request, Source, Thought, Verdict};
use ply_core::search::{Engine, Info, Limits, Options, Score};
use std::sync::{Arc, OnceLock};

/// ply's checkers engine: the search, the evaluation and the databases.
pub struct CheckersPlayer {
    engine: Engine<Position, Probing<Evaluation>>,
}

impl std::fmt::Debug for CheckersPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckersPlayer")
            .field("options", &self.engine.options)
            .field(
                "database_pieces",
                &self.database().map(Database::max_pieces),
            )
            .finish_non_exhaustive()
    }
}

impl CheckersPlayer {
    /// A player with a `hash_mb` MiB table that consults `database` (none:
    /// the evaluation alone).
    ///
    /// # Errors
    /// [`AllocationError`] if the memory cannot be had.
    pub fn with_database(
        hash_mb: usize,
        database: Option<Arc<Database>>,
    ) -> Result<CheckersPlayer, AllocationError> {
        let evaluation = Probing::new(Evaluation, database);
        let engine =
            Engine::try_new(evaluation, hash_mb).ok_or(AllocationError { megabytes: hash_mb })?;
        Ok(CheckersPlayer { engine })
    }

    /// The databases consulted, if any.
    #[must_use]
    pub fn database(&self) -> Option<&Database> {
        self.engine.evaluator().database()
    }

    /// The databases the user has built ([`egdb::default_database`]),
    /// opened once for the whole process (`None` where none was built).
    #[must_use]
    pub fn default_database() -> Option<Arc<Database>> {
        static DATABASE: OnceLock<Option<Arc<Database>>> = OnceLock::new();
        DATABASE.get_or_init(egdb::default_database).clone()
    }

    /// The databases' value of `position`, when they hold it.
    #[must_use]
    pub fn database_value(&self, position: &Position) -> Option<Value> {
        value_within_reach(self.database()?, position)
    }
}

/// Whether a search within `limits` may wait for database files: only
/// without a time limit (the module's policy).
fn may_wait(limits: &Limits) -> bool {
    limits.movetime.is_none() && limits.clock.is_none()
}

impl From<Value> for Verdict {
    fn from(value: Value) -> Verdict {
        match value {
            Value::Win => Verdict::Win,
            Value::Loss => Verdict::Loss,
            Value::Draw => Verdict::Draw,
        }
    }
}

impl Player for CheckersPlayer {
    type Game = Position;

    /// A player with the databases the user has built, where they are.
    fn with_hash(hash_mb: usize) -> Result<Self, AllocationError> {
        CheckersPlayer::with_database(hash_mb, CheckersPlayer::default_database())
    }

    fn options(&self) -> &Options {
        &self.engine.options
    }

    fn options_mut(&mut self) -> &mut Options {
        &mut self.engine.options
    }

    fn set_hash(&mut self, hash_mb: usize) -> Result<(), AllocationError> {
        if self.engine.resize_table(hash_mb) {
            Ok(())
        } else {
            Err(AllocationError { megabytes: hash_mb })
        }
    }

    fn new_game(&mut self) {
        self.engine.clear();
    }

    fn think(
        &mut self,
        request: &Request<'_, Position>,
        on_info: &mut dyn FnMut(&Info<Move>),
    ) -> Thought<Move> {
        self.engine
            .evaluator()
            .set_waiting(may_wait(request.limits));
        let mut thought = self.engine.search_request(request, on_info);
        if let Some(value) = self.database_value(request.root) {
            thought.source = Source::Database(value.into());
        }
        thought
    }

    /// `database win` (`loss`) where the search met the databases' verdict.
    fn describe_score(&self, score: Score) -> String {
        match known_value(score) {
            Some(value) => format!("database {value}"),
            None => score.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn only_searches_without_a_time_limit_wait_for_files() {
        assert!(may_wait(&Limits::depth(10)));
        assert!(may_wait(&Limits::nodes(1000)));
        assert!(may_wait(&Limits::default()));
        assert!(!may_wait(&Limits::movetime(
            std::time::Duration::from_millis(100)
        )));
    }

    #[test]
    fn without_databases_the_player_searches() {
        let mut player = CheckersPlayer::with_database(1, None).unwrap();
        let start = Position::start();
        let limits = Limits::depth(6);
        let stop = AtomicBool::new(false);
        let thought = player.think(&Request::new(&start, &limits, &stop), &mut |_| {});
        assert_eq!(thought.source, Source::Search);
        assert_eq!(thought.depth, 6);
        assert!(start.legal_moves().contains(&thought.best.unwrap()));
        assert_eq!(player.describe_score(Score(25)), Score(25).to_string());
    }
}
