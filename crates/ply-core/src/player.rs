//! [`Player`]: everything that decides a move in one game, behind one call.
//!
//! A game crate has one player (`ChessPlayer`, `CheckersPlayer`,
//! `OthelloPlayer`): its search with its evaluation, and whatever else the
//! game has that answers better than a search (Othello's exact solver,
//! checkers' endgame databases). Every front end (`ply best`, `ply play`, the
//! protocols, `ply match`, training, the Python package, the web server) asks
//! the player and nothing else, so the policy of what answers when lives in
//! the game crate once. [`Thought::source`] says where the answer came from.
//!
//! A plain search with a default-constructible evaluation is a player as it
//! is: [`Engine`] implements the trait.

use crate::search::{
    Bound, Engine, Evaluator, Info, Limits, Options, PonderHit, Score, Searchable,
};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A table or solver that could not get its memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {megabytes} MiB transposition table")]
pub struct AllocationError {
    /// The size asked for.
    pub megabytes: usize,
}

/// What a player is asked to think about: the position, the game before it,
/// the limits, and the controls from outside.
#[derive(Clone, Copy)]
pub struct Request<'a, G: Searchable> {
    /// The position to move in.
    pub root: &'a G,
    /// Hashes of the positions before it, oldest first (for repetitions).
    pub history: &'a [u64],
    /// When to stop.
    pub limits: &'a Limits,
    /// The root moves to consider; all of them when empty.
    pub only: &'a [G::Move],
    /// Set from outside to stop at once (the best move so far is answered).
    pub stop: &'a AtomicBool,
    /// For a pondering search ([`Limits::ponder`]): the moment its time
    /// limits start.
    pub ponder_hit: Option<&'a PonderHit>,
}

impl<'a, G: Searchable> Request<'a, G> {
    /// Think about `root` within `limits` until done or `stop` is set, with
    /// no history, every root move, no pondering.
    #[must_use]
    pub fn new(root: &'a G, limits: &'a Limits, stop: &'a AtomicBool) -> Self {
        Request {
            root,
            history: &[],
            limits,
            only: &[],
            stop,
            ponder_hit: None,
        }
    }

    /// The same request with the game's earlier positions.
    #[must_use]
    pub fn with_history(self, history: &'a [u64]) -> Self {
        Request { history, ..self }
    }
}

/// A win, loss or draw for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses with best play.
    Loss,
    /// A draw with best play.
    Draw,
}

impl Verdict {
    /// The word: `"win"`, `"loss"`, `"draw"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a [`Thought`]'s answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The game-tree search with the evaluation: a judgement.
    Search,
    /// An exact solver searched to the end of the game: the score is the
    /// final result with perfect play (within [`Thought::bound`]: a solve
    /// for the win, loss or draw alone gives a bound beyond a draw).
    Solved,
    /// An endgame database holds the position: its value for the side to
    /// move.
    Database(Verdict),
    /// The opening book.
    Book,
}

impl Source {
    /// Whether the game's value is known, not judged: solved or from a
    /// database.
    #[must_use]
    pub fn is_exact(self) -> bool {
        matches!(self, Source::Solved | Source::Database(_))
    }
}

/// What a player found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought<M> {
    /// The move to play; `None` when the game is over at the root.
    pub best: Option<M>,
    /// The expected reply, when known.
    pub ponder: Option<M>,
    /// The value for the side to move, in centi-units.
    pub score: Score,
    /// Whether [`Thought::score`] is exact or a bound.
    pub bound: Bound,
    /// The depth of the last completed iteration, or the empty squares
    /// solved.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Positions searched, all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The best line, starting with [`Thought::best`].
    pub pv: Vec<M>,
    /// Where the answer came from.
    pub source: Source,
}

impl<M> From<crate::search::SearchResult<M>> for Thought<M> {
    /// A search's answer.
    fn from(result: crate::search::SearchResult<M>) -> Thought<M> {
        Thought {
            best: result.best,
            ponder: result.ponder,
            score: result.score,
            bound: Bound::Exact,
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            time: result.time,
            pv: result.pv,
            source: Source::Search,
        }
    }
}

/// The move type of player `P`'s game.
pub type MoveOf<P> = <<P as Player>::Game as crate::Game>::Move;

/// Everything that decides a move in one game.
pub trait Player: Send + 'static {
    /// The board the player thinks on.
    type Game: Searchable;

    /// A player at full strength with a `hash_mb` MiB transposition table
    /// (and whatever else the game's player loads: databases, a solver).
    ///
    /// # Errors
    /// [`AllocationError`] if the memory cannot be had.
    fn with_hash(hash_mb: usize) -> Result<Self, AllocationError>
    where
        Self: Sized;

    /// The options of the next searches: threads, level, seed, lines.
    fn options(&self) -> &Options;

    /// The options, to change.
    fn options_mut(&mut self) -> &mut Options;

    /// Replaces the transposition table with one of `hash_mb` MiB (the old
    /// one is kept on error).
    ///
    /// # Errors
    /// [`AllocationError`] if the memory cannot be had.
    fn set_hash(&mut self, hash_mb: usize) -> Result<(), AllocationError>;

    /// Forgets everything learnt: a new game.
    fn new_game(&mut self);

    /// Thinks about `request` and answers; each completed search iteration
    /// (and each line with MultiPV) is reported to `on_info` as it comes.
    fn think(
        &mut self,
        request: &Request<'_, Self::Game>,
        on_info: &mut dyn FnMut(&Info<MoveOf<Self>>),
    ) -> Thought<MoveOf<Self>>;

    /// A score of this player's in words, as front ends show it (`+1.25`,
    /// `win in 3`; a game whose scores carry more says so: checkers'
    /// `database win`).
    fn describe_score(&self, score: Score) -> String {
        score.to_string()
    }
}

/// Thinks about each of `positions` as a new game (a fresh table) within
/// `limits`, and returns the nodes of all: the measure of `ply bench` and
/// of the games' search benchmarks.
pub fn bench_nodes<P: Player>(player: &mut P, positions: &[P::Game], limits: &Limits) -> u64 {
    let stop = AtomicBool::new(false);
    positions
        .iter()
        .map(|position| {
            player.new_game();
            player
                .think(&Request::new(position, limits, &stop), &mut |_| {})
                .nodes
        })
        .sum()
}

/// A plain search is a player: the search with its evaluation, nothing
/// else.
impl<G, E> Player for Engine<G, E>
where
    G: Searchable + 'static,
    E: Evaluator<G> + Default + 'static,
{
    type Game = G;

    fn with_hash(hash_mb: usize) -> Result<Self, AllocationError> {
        Engine::try_new(E::default(), hash_mb).ok_or(AllocationError { megabytes: hash_mb })
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn options_mut(&mut self) -> &mut Options {
        &mut self.options
    }

    fn set_hash(&mut self, hash_mb: usize) -> Result<(), AllocationError> {
        if self.resize_table(hash_mb) {
            Ok(())
        } else {
            Err(AllocationError { megabytes: hash_mb })
        }
    }

    fn new_game(&mut self) {
        self.clear();
    }

    fn think(
        &mut self,
        request: &Request<'_, G>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Thought<G::Move> {
        self.search_request(request, on_info)
    }
}

impl<G: Searchable, E: Evaluator<G>> Engine<G, E> {
    /// Searches `request` ([`Engine::search_pondering`] with its parts): the
    /// whole of a plain search's [`Player::think`], for players built on a
    /// search.
    pub fn search_request(
        &mut self,
        request: &Request<'_, G>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Thought<G::Move> {
        Thought::from(self.search_pondering(
            request.root,
            request.history,
            request.limits,
            request.only,
            request.stop,
            request.ponder_hit,
            on_info,
        ))
    }
}
