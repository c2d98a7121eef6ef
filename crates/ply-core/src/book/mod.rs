//! Opening books built by ply's own searches, as Edax and Egaroucid build
//! theirs, for any [`Game`]: a tree of positions from the start (or from
//! other roots: checkers' ballots) in which every move of an inner node was
//! valued by a search, the moves within a loss limit of the best were
//! followed, and each inner node holds the negamax of its children.
//!
//! - [`SearchBook`]: the positions, keyed by [`Game::hash`] (positions
//!   reached by transposition are one record), and what a player asks of
//!   them: the book moves of a position ([`SearchBook::moves`]) and the one
//!   to play ([`SearchBook::choose`]).
//! - [`file`](mod@file): the compact binary file and its errors.
//! - [`build`]: growing a book with a [`Player`](crate::Player)'s searches,
//!   resumable from its own file.
//! - [`booked`]: [`Booked`], a player that answers from a book where the
//!   book knows the position ([`Source::Book`](crate::player::Source)) and
//!   asks the player it wraps elsewhere.

pub mod booked;
pub mod build;
pub mod file;

pub use booked::Booked;
pub use build::{BuildSettings, Builder, Progress};
pub use file::BookError;

use crate::Game;
use crate::rng::Rng;

/// A record's flag: the position is an inner node, every legal move of it
/// was valued and its children are records.
pub const EXPANDED: u8 = 1;

/// One position of a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position's [`Game::hash`].
    pub hash: u64,
    /// Its book value for the side to move, in the game's centi-units: the
    /// negamax of its children for an inner node, the search's value for a
    /// leaf.
    pub value: i16,
    /// The value the search gave it when it was reached as a child (0 for
    /// a root, which no search valued).
    pub search: i16,
    /// Plies from the nearest root at which the build first reached it.
    pub ply: u8,
    /// [`EXPANDED`], or 0 for a leaf.
    pub flags: u8,
}

impl Record {
    /// Whether the position is an inner node of the book.
    #[must_use]
    pub fn is_expanded(&self) -> bool {
        self.flags & EXPANDED != 0
    }
}

/// What a book says about a position and how it was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// A hash of the build's settings and roots: a resumed build must have
    /// the same.
    pub settings_hash: u64,
    /// The build's settings in words (`depth 8, deviation 200, ...`).
    pub settings: String,
}

/// A move of a book position with its book value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove<M> {
    /// The move.
    pub mv: M,
    /// The value of the move for the side to move (the negated value of the
    /// position after it), in centi-units.
    pub value: i32,
    /// Whether the position after the move is an inner node of the book.
    pub expanded: bool,
}

/// An opening book: records sorted by hash, found by binary search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchBook {
    header: Header,
    records: Vec<Record>,
}

impl SearchBook {
    /// A book of `records` (sorted here; one per hash).
    #[must_use]
    pub fn new(header: Header, mut records: Vec<Record>) -> SearchBook {
        records.sort_unstable_by_key(|r| r.hash);
        records.dedup_by_key(|r| r.hash);
        SearchBook { header, records }
    }

    /// Where the book comes from.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Every record, by hash.
    #[must_use]
    pub fn records(&self) -> &[Record] {
        &self.records
    }

    /// The positions of the book.
    #[must_use]
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the book has no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The inner nodes of the book.
    #[must_use]
    pub fn expanded(&self) -> usize {
        self.records.iter().filter(|r| r.is_expanded()).count()
    }

    /// The record of the position whose hash is `hash`.
    #[must_use]
    pub fn get(&self, hash: u64) -> Option<&Record> {
        self.records
            .binary_search_by_key(&hash, |r| r.hash)
            .ok()
            .map(|i| &self.records[i])
    }

    /// The book's moves in `position`, best first (ties in the order of
    /// the move generator): `None` unless the position has legal moves and
    /// the position after every one of them is in the book.
    #[must_use]
    pub fn moves<G: Game>(&self, position: &G) -> Option<Vec<BookMove<G::Move>>> {
        let legal = position.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mut moves = Vec::with_capacity(legal.len());
        for mv in legal {
            let record = self.get(position.play_unchecked(mv).hash())?;
            moves.push(BookMove {
                mv,
                value: -i32::from(record.value),
                expanded: record.is_expanded(),
            });
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.value));
        Some(moves)
    }

    /// The move to play in `position` from the book, if the book knows it:
    /// the best (the first of equals), or with `randomness` (centi-units)
    /// one drawn at random among the moves within `randomness` of the best.
    /// Only moves in `only` when it is not empty.
    pub fn choose<G: Game>(
        &self,
        position: &G,
        only: &[G::Move],
        randomness: i32,
        rng: &mut Rng,
    ) -> Option<BookMove<G::Move>> {
        let moves: Vec<_> = self
            .moves(position)?
            .into_iter()
            .filter(|m| only.is_empty() || only.contains(&m.mv))
            .collect();
        let best = moves.first()?.value;
        let within = match randomness {
            ..=0 => 1,
            _ => moves
                .iter()
                .take_while(|m| best - m.value <= randomness)
                .count(),
        };
        Some(if within > 1 {
            moves[rng.below(within)]
        } else {
            moves[0]
        })
    }

    /// The book's line from `position`: the best book move while the book
    /// knows the position, at most `max` moves.
    #[must_use]
    pub fn line<G: Game>(&self, position: &G, max: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut position = position.clone();
        while line.len() < max {
            let Some(best) = self.moves(&position).and_then(|m| m.first().copied()) else {
                break;
            };
            line.push(best.mv);
            position = position.play_unchecked(best.mv);
        }
        line
    }
}

/// A 16-bit value of a centi-unit score (clamped).
#[must_use]
pub fn clamp16(value: i32) -> i16 {
    value.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}
