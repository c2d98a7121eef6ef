//! The databases in the search: an [`Evaluator`] that answers from the
//! database when a position is within reach and no capture is pending, and
//! asks the evaluation it wraps otherwise.
//!
//! A database win scores [`KNOWN_WIN`] plus a measure of progress, so that
//! the search keeps the win and converts it: fewer pieces for the loser,
//! kings and advanced men for the winner, and the winner's kings close to the
//! loser's pieces (to drive a lone king out of its double corner). A loss
//! scores the negation of the winner's score, a draw 0. Without a database
//! (or beyond its piece count) the wrapped evaluation answers alone.
//!
//! The values are also [`Evaluator::known`]: a search from a root beyond the
//! database stops at every position the database holds (a win nearer the
//! root worth a little more), so a conversion into a won or drawn ending
//! costs one probe and no search below it; a search from a root within the
//! database searches on, with the values at its leaves, to find the way to
//! realise the root's value. [`known_value`] reads a search score back as a
//! database win or loss, for the front ends to say so.

use super::{Database, Value};
use crate::Position;
use crate::board::Board;
use crate::types::Square;
use ply_core::search::{EvalStack, Evaluator, MAX_PLY, Score};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The score of a database win before progress is added: far above any
/// evaluation, well inside [`Score::WIN_BOUND`] (forced wins found by search).
pub const KNOWN_WIN: i32 = 20_000;

/// An evaluation that consults an endgame database first.
#[derive(Debug)]
pub struct Probing<E> {
    inner: E,
    database: Option<Arc<Database>>,
    /// Whether a probe reads a slice file it needs on the spot (a search
    /// without a time limit) rather than in a thread of its own.
    waits: AtomicBool,
}

impl<E> Probing<E> {
    /// `inner`, with `database` consulted first where it reaches.
    #[must_use]
    pub fn new(inner: E, database: Option<Arc<Database>>) -> Probing<E> {
        let database = database.filter(|d| d.max_pieces() > 0);
        Probing {
            inner,
            database,
            waits: AtomicBool::new(false),
        }
    }

    /// Like [`Probing::new`], for a search that may wait for slice files (a
    /// single search from the command line, not a game on the clock): its
    /// probes read the slices they need on the spot, so that what it finds
    /// does not depend on how fast the files come in.
    #[must_use]
    pub fn waiting(inner: E, database: Option<Arc<Database>>) -> Probing<E> {
        Probing {
            waits: AtomicBool::new(true),
            ..Probing::new(inner, database)
        }
    }

    /// Whether later probes read the slice files they need on the spot
    /// (`true`) or leave them to a thread of their own (`false`).
    pub fn set_waiting(&self, waits: bool) {
        self.waits.store(waits, Ordering::Relaxed);
    }

    /// The database, if one with slices is there.
    #[must_use]
    pub fn database(&self) -> Option<&Database> {
        self.database.as_deref()
    }

    /// The database value of `position`: `None` beyond reach, with a capture
    /// pending, or when a slice is missing, unreadable or not in memory yet.
    ///
    /// A slice not in memory yet is read by a thread of its own while the
    /// search goes on without it ([`Database::probe_in_memory`]): a search
    /// on the clock never waits for a file ([`Probing::waiting`] does).
    #[inline]
    #[must_use]
    pub fn probe(&self, position: &Position) -> Option<Value> {
        let database = self.database.as_ref()?;
        if !within_reach(database, position) {
            return None;
        }
        if self.waits.load(Ordering::Relaxed) {
            database.probe_board(position.board()).ok()
        } else {
            database.probe_in_memory(position.board())
        }
    }
}

/// Whether `database` may hold the value of `position`: few enough pieces
/// and no capture pending (the search plays captures out first).
#[inline]
fn within_reach(database: &Database, position: &Position) -> bool {
    let board = position.board();
    (board.mine | board.theirs).count_ones() <= database.max_pieces() && !position.must_capture()
}

/// The value of `position` in `database`: `None` beyond its reach, with a
/// capture pending (the search plays captures out first), or when a slice is
/// missing or unreadable.
#[inline]
#[must_use]
pub fn value_within_reach(database: &Database, position: &Position) -> Option<Value> {
    if !within_reach(database, position) {
        return None;
    }
    database.probe(position).ok()
}

impl<E: Evaluator<Position>> Evaluator<Position> for Probing<E> {
    fn evaluate(&self, position: &Position) -> Score {
        self.known(position)
            .unwrap_or_else(|| self.inner.evaluate(position))
    }

    /// The database's value as a score: a win [`KNOWN_WIN`] plus the
    /// winner's progress, a loss its negation, a draw 0.
    #[inline]
    fn known(&self, position: &Position) -> Option<Score> {
        Some(match self.probe(position)? {
            Value::Win => Score(KNOWN_WIN + progress(position.board())),
            Value::Loss => Score(-KNOWN_WIN - progress(&position.board().turned())),
            Value::Draw => Score::DRAW,
        })
    }

    /// The wrapped evaluation's stack: the search asks [`Probing::known`]
    /// before it, as [`Probing::evaluate`] does.
    fn stack(&self) -> Option<Box<dyn EvalStack<Position>>> {
        self.inner.stack()
    }
}

/// The database value a search score stands for, when it is one: a score
/// from [`KNOWN_WIN`] up to the search's own forced wins is a database win
/// (the same below for a loss). Draws (0) cannot be told from the score.
#[must_use]
pub fn known_value(score: Score) -> Option<Value> {
    if score.is_decisive() {
        None
    } else if score.0 >= KNOWN_WIN - MAX_PLY as i32 {
        Some(Value::Win)
    } else if score.0 <= -KNOWN_WIN + MAX_PLY as i32 {
        Some(Value::Loss)
    } else {
        None
    }
}

/// How far the side to move (the winner) has come: at most a few thousand.
#[must_use]
pub fn progress(board: &Board) -> i32 {
    let my_kings = board.mine & board.kings;
    let my_men = board.mine & !board.kings;
    let mut score = 400 * (12 - board.theirs.count_ones() as i32);
    score += 60 * my_kings.count_ones() as i32;
    // Men advance towards higher bits: row r of 8 earns r.
    score += Square::in_board(my_men)
        .map(|s| 4 * i32::from(s.row()))
        .sum::<i32>();
    // Kings near the other side's pieces.
    for king in Square::in_board(my_kings) {
        let nearest = Square::in_board(board.theirs)
            .map(|s| distance(king, s))
            .min()
            .unwrap_or(0);
        score -= 6 * nearest;
    }
    score
}

/// King steps between two squares (the larger of the row and file distances).
fn distance(a: Square, b: Square) -> i32 {
    let rows = (i32::from(a.row()) - i32::from(b.row())).abs();
    let files = (i32::from(a.file()) - i32::from(b.file())).abs();
    rows.max(files)
}
