//! What the bindings need to know about each game beyond [`ply_core::Game`]:
//! its engine, its action encoding and its observation planes. Each game's
//! glue lives in one module, so that a rename in a game crate touches one
//! place.

pub mod checkers;
pub mod chess;
pub mod othello;

use ply_core::Player;
use ply_core::search::Searchable;
use ply_core::{GameHistory, MoveList, Outcome};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

/// Python strings of move names by [`Glue::name_key`], made once each.
pub type NameCache = PyOnceLock<Vec<PyOnceLock<Py<PyString>>>>;

/// Squares of the 8x8 grid every game's planes are drawn on.
pub const GRID: usize = 64;

/// A game as the Python bindings drive it.
pub trait Glue: Searchable {
    /// What `best_move` and the environments' opponent think with: the
    /// game's player (its search, evaluation, solver and databases).
    type Player: Player<Game = Self> + Sync;

    /// The game's name in Python (`"chess"`).
    const PY_NAME: &'static str;
    /// Whether the side that moves first in the start position is White
    /// (chess) rather than Black (checkers, Othello): Python's colours are
    /// `WHITE = True`, `BLACK = False` in every game.
    const FIRST_IS_WHITE: bool = false;
    /// How many actions the environments know (the length of the mask).
    const ACTIONS: usize;
    /// How many 8x8 planes an observation has.
    const PLANES: usize;
    /// Whether [`Glue::write_planes`] writes every value of the observation
    /// (then the caller need not zero it first).
    const WRITES_WHOLE_PLANES: bool = false;
    /// Whether every value of every plane is 0 or 1 (so that the planes can
    /// be written as bytes).
    const BINARY_PLANES: bool = true;

    /// `mv` (legal here) in the game's standard algebraic notation: SAN in
    /// chess, the move's own name in the other games.
    fn san(&self, mv: Self::Move) -> String {
        self.move_name(mv)
    }

    /// Reads a move in the game's engine notation (UCI in chess, the move's
    /// own name in the other games), checked to be legal here.
    ///
    /// # Errors
    /// The reason, when it cannot be read or is not legal.
    fn parse_uci(&self, text: &str) -> Result<Self::Move, Self::MoveError> {
        self.parse_move(text)
    }

    /// The name of the square numbered `number` as Python numbers squares:
    /// a1 = 0 ... h8 = 63 in chess and Othello (python-chess's numbers), the
    /// PDN number 1..32 in checkers; `None` off the board.
    fn square_name(number: i64) -> Option<String> {
        (0..64).contains(&number).then(|| {
            let file = char::from(b'a' + (number % 8) as u8);
            format!("{file}{}", number / 8 + 1)
        })
    }

    /// The number of actions (environment steps) that make up `mv`: one,
    /// except for a checkers multi-jump (one per jump).
    fn steps(mv: Self::Move) -> usize {
        let _ = mv;
        1
    }

    /// The action of step `step` of `mv`, below [`Glue::ACTIONS`].
    fn action(&self, mv: Self::Move, step: usize) -> usize;

    /// A number below [`Glue::ACTIONS`] that only moves of this name get,
    /// in any position, so that the name's Python string is made once
    /// (`None`: the name is written each time).
    fn name_key(&self, mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// The cache of move names of the game (used when [`Glue::name_key`]
    /// gives keys).
    fn name_cache() -> &'static NameCache;

    /// Writes the observation of this position into `planes` (`PLANES * 64`
    /// values, zeroed by the caller unless [`Glue::WRITES_WHOLE_PLANES`]); `partial` is the move under way and the
    /// number of its steps already taken, while a multi-step move is under way.
    fn write_planes(&self, partial: Option<(Self::Move, usize)>, planes: &mut [f32]);

    /// Lists the legal moves of the current position of `record` into
    /// `moves` (which the caller passes empty) and returns the outcome if
    /// the game is over (then it lists none). Games where "no legal moves"
    /// means "over" override this to generate the moves once.
    fn moves_and_outcome(
        record: &GameHistory<Self>,
        moves: &mut MoveList<Self::Move>,
    ) -> Option<Outcome<Self::EndReason>> {
        let outcome = record.outcome();
        if outcome.is_none() {
            record.position().generate_moves(moves);
        }
        outcome
    }
}

/// The player of `G` with a `hash_mb` MiB table, or `None` without the
/// memory.
pub fn player<G: Glue>(hash_mb: usize) -> Option<G::Player> {
    G::Player::with_hash(hash_mb).ok()
}

/// Writes `board` (bit `i` = grid square `i`) as a whole plane of 0s and
/// 1s, without branches (the compiler vectorises it).
pub fn write_plane(plane: &mut [f32], board: u64) {
    for (square, value) in plane[..GRID].iter_mut().enumerate() {
        *value = ((board >> square) & 1) as f32;
    }
}

/// Sets the bit planes of `board` (bit `i` = grid square `i`) in `plane`.
pub fn fill_plane(plane: &mut [f32], mut board: u64) {
    while board != 0 {
        plane[board.trailing_zeros() as usize] = 1.0;
        board &= board - 1;
    }
}

/// The name of `mv` (legal in `position`) as a Python string, from the
/// game's cache when the move has a key.
pub fn move_name<'py, G: Glue>(py: Python<'py>, position: &G, mv: G::Move) -> Bound<'py, PyString> {
    match position.name_key(mv) {
        Some(key) => G::name_cache()
            .get_or_init(py, || (0..G::ACTIONS).map(|_| PyOnceLock::new()).collect())[key]
            .get_or_init(py, || PyString::new(py, &position.move_name(mv)).unbind())
            .bind(py)
            .clone(),
        None => PyString::new(py, &position.move_name(mv)),
    }
}

/// The legal move of `position` whose cached name is the very string object
/// `name` (a name [`move_name`] handed out, as `legal_moves()` does), found
/// by identity without reading the text; `None` for any other object.
pub fn move_by_cached_name<G: Glue>(
    py: Python<'_>,
    position: &G,
    name: &Bound<'_, PyAny>,
) -> Option<G::Move> {
    let cache = G::name_cache().get(py)?;
    position.legal_moves().into_iter().find(|&mv| {
        position
            .name_key(mv)
            .and_then(|key| cache[key].get(py))
            .is_some_and(|cached| cached.as_ptr() == name.as_ptr())
    })
}
