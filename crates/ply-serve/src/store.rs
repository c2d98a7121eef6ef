//! The games in progress ([`State`]) and their bounds: how many games, how
//! long an idle one lives, one search per game, how many searches at once.

use crate::Config;
use crate::error::ApiError;
use crate::tree::Tree;
use axum::http::StatusCode;
use ply_games::GameKind;
use ply_games::session::annotation::Annotation;
use ply_games::session::clock::Clock;
use ply_games::session::{self, Session};
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The server's state: the games and the search permits.
pub struct State {
    /// The bounds.
    pub config: Config,
    games: Mutex<HashMap<String, Arc<Slot>>>,
    /// One permit per search that may run at once.
    pub searches: Arc<Semaphore>,
    counter: AtomicU64,
    keys: RandomState,
    /// The matches published to the server ([`crate::publish`]).
    pub published: Arc<crate::publish::Published>,
}

/// One game in progress.
pub struct Slot {
    /// Its id in the URLs.
    pub id: String,
    game: Mutex<Box<dyn Session>>,
    touched: Mutex<Instant>,
    /// The stop flag of the search running now, if one is.
    search: Mutex<Option<Arc<AtomicBool>>>,
    /// The last annotation of the game ([`ply_games::session::annotation`]).
    annotation: Mutex<Option<Arc<Annotation>>>,
    /// The game's clocks, when it has them ([`ply_games::session::clock`]).
    clock: Mutex<Option<Clock>>,
    /// Every line played in the game ([`crate::tree`]); the session holds
    /// the one looked at.
    tree: Mutex<Tree>,
}

/// Locks `mutex`, whatever a panicking thread left behind (the data is a
/// game record that stays consistent move by move).
fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Slot {
    /// The game, locked (never across an `.await`).
    pub fn game(&self) -> MutexGuard<'_, Box<dyn Session>> {
        *lock(&self.touched) = Instant::now();
        lock(&self.game)
    }

    /// Whether a search runs now.
    pub fn searching(&self) -> bool {
        lock(&self.search).is_some()
    }

    /// Starts this game's one search: its stop flag, set when the guard is
    /// dropped (the search is over or its page went away).
    ///
    /// # Errors
    /// 409 when a search runs already.
    pub fn begin_search(self: &Arc<Self>) -> Result<SearchGuard, ApiError> {
        let mut current = lock(&self.search);
        if current.is_some() {
            return Err(ApiError::busy());
        }
        let stop = Arc::new(AtomicBool::new(false));
        *current = Some(Arc::clone(&stop));
        Ok(SearchGuard {
            slot: Arc::clone(self),
            stop,
        })
    }

    /// Stops the search running now, if any; whether there was one.
    pub fn stop(&self) -> bool {
        lock(&self.search)
            .as_ref()
            .inspect(|stop| stop.store(true, Ordering::Relaxed))
            .is_some()
    }

    /// The last annotation of the game, if it has one.
    pub fn annotation(&self) -> Option<Arc<Annotation>> {
        lock(&self.annotation).clone()
    }

    /// Keeps `annotation` as the game's last.
    pub fn set_annotation(&self, annotation: Annotation) {
        *lock(&self.annotation) = Some(Arc::new(annotation));
    }

    /// The game's clocks, locked (never across an `.await`); `None` inside
    /// for a game without clocks.
    pub fn clock(&self) -> MutexGuard<'_, Option<Clock>> {
        lock(&self.clock)
    }

    /// The game's move tree, locked (never across an `.await`; after the
    /// game when both are locked).
    pub fn tree(&self) -> MutexGuard<'_, Tree> {
        lock(&self.tree)
    }

    fn idle_for(&self) -> Duration {
        lock(&self.touched).elapsed()
    }
}

/// A game's search in progress: dropping it stops the search and frees the
/// game for the next.
pub struct SearchGuard {
    slot: Arc<Slot>,
    /// The flag the search watches.
    pub stop: Arc<AtomicBool>,
}

impl Drop for SearchGuard {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let mut current = lock(&self.slot.search);
        if current.as_ref().is_some_and(|s| Arc::ptr_eq(s, &self.stop)) {
            *current = None;
        }
    }
}

impl State {
    /// No games yet.
    pub fn new(config: Config) -> State {
        State {
            searches: Arc::new(Semaphore::new(config.max_searches.max(1))),
            config,
            games: Mutex::new(HashMap::new()),
            counter: AtomicU64::new(0),
            keys: RandomState::new(),
            published: Arc::new(crate::publish::Published::new()),
        }
    }

    /// Starts a game of `kind` from `position` (the start when `None`).
    ///
    /// # Errors
    /// 422 for a position the game cannot read, 503 when every place is
    /// taken by a searching game.
    pub fn create(&self, kind: GameKind, position: Option<&str>) -> Result<Arc<Slot>, ApiError> {
        let game = session::new(kind, position)
            .map_err(|e| ApiError::refused(format!("bad {kind} position: {e}")))?;
        self.keep(game)
    }

    /// Starts a game of `kind` from the game at `index` (from 0) of a record
    /// file (set at its start, its moves ahead, its variations in the
    /// game's tree).
    ///
    /// # Errors
    /// 422 for a record the game cannot read or without that game, 503 as
    /// [`State::create`].
    pub fn load(&self, kind: GameKind, record: &str, index: usize) -> Result<Arc<Slot>, ApiError> {
        let game = session::records::game(kind, record, index)
            .map_err(|e| ApiError::refused(format!("bad {kind} record: {e}")))?;
        let variations = session::records::variations(kind, record, index);
        let slot = self.keep(game)?;
        if variations.iter().any(|beside| !beside.is_empty()) {
            let game = slot.game();
            let mut main = game.history();
            main.extend(game.future());
            crate::tree::graft(&mut slot.tree(), game.as_ref(), &main, &variations);
        }
        Ok(slot)
    }

    /// Keeps `game`, making room if needed.
    fn keep(&self, game: Box<dyn Session>) -> Result<Arc<Slot>, ApiError> {
        let mut games = lock(&self.games);
        if games.len() >= self.config.max_sessions {
            let oldest = games
                .values()
                .filter(|slot| !slot.searching())
                .max_by_key(|slot| slot.idle_for())
                .map(|slot| slot.id.clone());
            match oldest {
                Some(id) => {
                    games.remove(&id);
                }
                None => {
                    return Err(ApiError {
                        status: StatusCode::SERVICE_UNAVAILABLE,
                        reason: "the server is full: try again later".to_owned(),
                    });
                }
            }
        }
        let id = self.new_id();
        let mut line = game.history();
        line.extend(game.future());
        line.truncate(crate::tree::MAX_NODES);
        let slot = Arc::new(Slot {
            id: id.clone(),
            game: Mutex::new(game),
            touched: Mutex::new(Instant::now()),
            search: Mutex::new(None),
            annotation: Mutex::new(None),
            clock: Mutex::new(None),
            tree: Mutex::new(Tree::of_line(&line)),
        });
        games.insert(id, Arc::clone(&slot));
        Ok(slot)
    }

    /// The game `id`.
    ///
    /// # Errors
    /// 404 when there is none.
    pub fn get(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        lock(&self.games)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::no_game(id))
    }

    /// Drops the game `id` (stopping its search); whether there was one.
    pub fn remove(&self, id: &str) -> bool {
        let slot = lock(&self.games).remove(id);
        slot.inspect(|slot| {
            slot.stop();
        })
        .is_some()
    }

    /// How many games are kept.
    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    /// Whether no game is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops the games idle longer than the configured time (stopping their
    /// searches); how many.
    pub fn expire(&self) -> usize {
        let limit = self.config.idle_timeout;
        let mut games = lock(&self.games);
        let before = games.len();
        games.retain(|_, slot| {
            let keep = slot.idle_for() < limit;
            if !keep {
                slot.stop();
            }
            keep
        });
        before - games.len()
    }

    /// A fresh id: 16 hex digits that do not repeat and are hard to guess.
    fn new_id(&self) -> String {
        let count = self.counter.fetch_add(1, Ordering::Relaxed);
        let key = self.keys.hash_one((count, Instant::now()));
        format!("{key:016x}")
    }
}

/// Drops idle games every few seconds, for ever.
pub async fn sweep(state: Arc<State>) {
    let period =
        (state.config.idle_timeout / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
    let mut interval = tokio::time::interval(period);
    loop {
        interval.tick().await;
        state.expire();
    }
}
