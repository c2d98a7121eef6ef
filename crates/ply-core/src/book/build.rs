//! Growing a book with a player's searches, as Edax's `book deviate`.
//!
//! The build goes ply by ply from its roots (breadth first, so that a
//! position reached by transposition is expanded once, at the first ply it
//! is reached). At each position of a ply below [`BuildSettings::depth`]
//! every legal move is valued by a search of the position after it (a
//! fresh table for each search, so the values do not depend on the order of
//! the searches, nor on a resumption); the moves whose value is within
//! [`BuildSettings::deviation`] of the best go on to the next ply. Leaves
//! keep their search value; inner nodes get the negamax of their children.
//!
//! A build can be stopped (a search budget, or killed) and resumed from its
//! last checkpoint: the file holds every value found, and a resumed build
//! redoes the same walk, searching only what the file lacks, so that it ends
//! with the same file as a build that never stopped (with depth or node
//! limits; a time limit makes every search depend on the machine).

use super::file::BookError;
use super::{EXPANDED, Header, Record, SearchBook, clamp16};
use crate::player::{Player, Request};
use crate::search::{Level, Limits, Options, Score};
use crate::{Game, NoMoves};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A record's flag: the search valued the position (a root need not be).
const SEARCHED: u8 = 2;

/// How a book is built.
#[derive(Clone, Debug)]
pub struct BuildSettings {
    /// Plies from the roots to the deepest inner node's children.
    pub depth: u32,
    /// The loss, in centi-units, within which a move of an inner node is
    /// followed (0: only the best).
    pub deviation: i32,
    /// The limits of each search.
    pub limits: Limits,
    /// The strength of the searches.
    pub level: Level,
    /// Searches at once, one player each (the values do not depend on it).
    pub threads: usize,
    /// How often the build hands its book to be saved.
    pub checkpoint: Duration,
}

impl BuildSettings {
    /// The settings that make the book, in words (the threads and the
    /// checkpoints do not change it).
    #[must_use]
    pub fn describe(&self) -> String {
        let mut search = Vec::new();
        if let Some(depth) = self.limits.depth {
            search.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.limits.nodes {
            search.push(format!("nodes {nodes}"));
        }
        if let Some(time) = self.limits.movetime {
            search.push(format!("time {} ms", time.as_millis()));
        }
        format!(
            "book depth {}, deviation {}, search {}, level {}",
            self.depth,
            self.deviation,
            search.join(" "),
            self.level.get()
        )
    }
}

/// How far a build is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Searches run by this build (not those of the file it resumed).
    pub searches: u64,
    /// Positions in the book.
    pub positions: usize,
    /// Inner nodes.
    pub expanded: usize,
    /// The ply being expanded.
    pub ply: u32,
    /// Positions of that ply done.
    pub done: usize,
    /// Positions of that ply.
    pub total: usize,
}

/// A book being built from `roots` with players of type `P`.
pub struct Builder<P: Player> {
    players: Vec<P>,
    roots: Vec<P::Game>,
    settings: BuildSettings,
    header: Header,
    records: HashMap<u64, Record>,
    progress: Progress,
    finished: bool,
}

/// FNV-1a, 64 bits: the settings hash.
fn fnv(bytes: impl IntoIterator<Item = u8>, mut hash: u64) -> u64 {
    for byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

impl<P: Player> Builder<P> {
    /// A build from `roots` (duplicates counted once) by `players` (one
    /// per thread; at least one).
    ///
    /// # Panics
    /// If `players` or `roots` is empty.
    pub fn new(mut players: Vec<P>, roots: Vec<P::Game>, settings: BuildSettings) -> Self {
        assert!(!players.is_empty(), "a build needs a player");
        assert!(!roots.is_empty(), "a build needs a root");
        players.truncate(settings.threads.max(1));
        for player in &mut players {
            *player.options_mut() = Options {
                threads: 1,
                level: settings.level,
                seed: 0,
                multipv: 1,
            };
        }
        let describe = settings.describe();
        let mut hash = fnv(
            <P::Game as Game>::NAME.bytes().chain(describe.bytes()),
            0xcbf2_9ce4_8422_2325,
        );
        for root in &roots {
            hash = fnv(root.hash().to_le_bytes(), hash);
        }
        let mut records = HashMap::new();
        for root in &roots {
            records.entry(root.hash()).or_insert(Record {
                hash: root.hash(),
                value: 0,
                search: 0,
                ply: 0,
                flags: 0,
            });
        }
        let header = Header {
            game: <P::Game as Game>::NAME.to_owned(),
            settings_hash: hash,
            settings: format!("{describe}, {} roots", roots.len()),
        };
        Builder {
            players,
            roots,
            settings,
            header,
            records,
            progress: Progress::default(),
            finished: false,
        }
    }

    /// The header the book will have.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// How far the build is.
    #[must_use]
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Whether [`Builder::run`] ran to the end (not stopped by its budget).
    #[must_use]
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// Takes up the values of `book`, a checkpoint of a build with the same
    /// settings and roots.
    ///
    /// # Errors
    /// [`BookError::WrongGame`] or [`BookError::OtherSettings`] for a book
    /// built otherwise.
    pub fn resume(&mut self, book: &SearchBook) -> Result<(), BookError> {
        let theirs = book.header();
        if theirs.game != self.header.game {
            return Err(BookError::WrongGame {
                expected: self.header.game.clone(),
                found: theirs.game.clone(),
            });
        }
        if theirs.settings_hash != self.header.settings_hash {
            return Err(BookError::OtherSettings {
                found: theirs.settings.clone(),
            });
        }
        for record in book.records() {
            self.records.insert(record.hash, *record);
        }
        Ok(())
    }

    /// Builds until done, or until `budget` searches have run (a stopped
    /// build: its checkpoint resumes it); `on_progress` hears of each
    /// position expanded, `checkpoint` gets the book every
    /// [`BuildSettings::checkpoint`] and at the end. The finished (or
    /// stopped) book.
    ///
    /// # Errors
    /// What `checkpoint` returns.
    pub fn run(
        &mut self,
        budget: Option<u64>,
        on_progress: &mut dyn FnMut(&Progress),
        checkpoint: &mut dyn FnMut(&SearchBook) -> Result<(), BookError>,
    ) -> Result<SearchBook, BookError> {
        let mut last_save = Instant::now();
        let mut stopped = false;
        let mut queued: HashSet<u64> = HashSet::new();
        let mut level: Vec<P::Game> = Vec::new();
        for root in &self.roots {
            if queued.insert(root.hash()) {
                level.push(root.clone());
            }
        }
        'plies: for ply in 0..self.settings.depth {
            let mut next = Vec::new();
            self.progress.ply = ply;
            self.progress.total = level.len();
            for (index, position) in level.iter().enumerate() {
                let hash = position.hash();
                if !self.records[&hash].is_expanded() {
                    if budget.is_some_and(|b| self.progress.searches >= b) {
                        stopped = true;
                        break 'plies;
                    }
                    self.expand(position, ply);
                }
                for child in self.chosen_children(position) {
                    if queued.insert(child.hash()) {
                        next.push(child);
                    }
                }
                self.progress.done = index + 1;
                self.progress.positions = self.records.len();
                on_progress(&self.progress);
                if last_save.elapsed() >= self.settings.checkpoint {
                    checkpoint(&self.book())?;
                    last_save = Instant::now();
                }
            }
            level = next;
        }
        self.finished = !stopped;
        let book = self.book();
        checkpoint(&book)?;
        Ok(book)
    }

    /// Values every move of `position` (at `ply`) that the book lacks and
    /// marks it expanded.
    fn expand(&mut self, position: &P::Game, ply: u32) {
        let children: Vec<P::Game> = position
            .legal_moves()
            .into_iter()
            .map(|mv| position.play_unchecked(mv))
            .filter(|child| {
                self.records
                    .get(&child.hash())
                    .is_none_or(|r| r.flags & SEARCHED == 0)
            })
            .collect();
        let mut unique = HashSet::new();
        let children: Vec<P::Game> = children
            .into_iter()
            .filter(|c| unique.insert(c.hash()))
            .collect();
        let values = self.values(&children);
        self.progress.searches += children.len() as u64;
        for (child, value) in children.iter().zip(values) {
            let record = self.records.entry(child.hash()).or_insert(Record {
                hash: child.hash(),
                value: 0,
                search: 0,
                ply: (ply + 1).min(255) as u8,
                flags: 0,
            });
            record.search = value;
            record.value = value;
            record.flags |= SEARCHED;
        }
        let record = self
            .records
            .get_mut(&position.hash())
            .expect("a position is recorded before it is expanded");
        record.flags |= EXPANDED;
        self.progress.expanded += 1;
    }

    /// The search values of `positions`, shared out among the players.
    fn values(&mut self, positions: &[P::Game]) -> Vec<i16> {
        let limits = &self.settings.limits;
        let threads = self.players.len().min(positions.len()).max(1);
        let mut values = vec![0; positions.len()];
        if threads == 1 {
            let player = &mut self.players[0];
            for (value, position) in values.iter_mut().zip(positions) {
                *value = search_value(player, position, limits);
            }
            return values;
        }
        std::thread::scope(|scope| {
            let mut slots: Vec<Vec<(usize, &mut i16)>> = (0..threads).map(|_| Vec::new()).collect();
            for (i, value) in values.iter_mut().enumerate() {
                slots[i % threads].push((i, value));
            }
            for (player, slot) in self.players.iter_mut().zip(slots) {
                scope.spawn(move || {
                    for (i, value) in slot {
                        *value = search_value(player, &positions[i], limits);
                    }
                });
            }
        });
        values
    }

    /// The children of `position` the build follows: if it is expanded,
    /// those whose search value is within the deviation of the best, and
    /// not finished games.
    fn chosen_children(&self, position: &P::Game) -> Vec<P::Game> {
        if !self.records[&position.hash()].is_expanded() {
            return Vec::new();
        }
        let children: Vec<(P::Game, i32)> = position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let child = position.play_unchecked(mv);
                let value = -i32::from(self.records[&child.hash()].search);
                (child, value)
            })
            .collect();
        let Some(best) = children.iter().map(|(_, v)| *v).max() else {
            return Vec::new();
        };
        children
            .into_iter()
            .filter(|(child, value)| {
                best - value <= self.settings.deviation && child.outcome().is_none()
            })
            .map(|(child, _)| child)
            .collect()
    }

    /// The book as it stands, inner nodes valued by negamax.
    #[must_use]
    pub fn book(&self) -> SearchBook {
        let mut values = HashMap::new();
        let mut path = HashSet::new();
        for root in &self.roots {
            self.negamax(root, &mut values, &mut path);
        }
        let records = self
            .records
            .values()
            .map(|r| Record {
                value: values.get(&r.hash).copied().unwrap_or(r.value),
                ..*r
            })
            .collect();
        SearchBook::new(self.header.clone(), records)
    }

    /// The negamax value of `position` over the book (a position met again
    /// on its own path keeps its search value).
    fn negamax(
        &self,
        position: &P::Game,
        values: &mut HashMap<u64, i16>,
        path: &mut HashSet<u64>,
    ) -> i16 {
        let hash = position.hash();
        if let Some(&value) = values.get(&hash) {
            return value;
        }
        let record = self.records[&hash];
        if !record.is_expanded() || !path.insert(hash) {
            return record.search;
        }
        let best = position
            .legal_moves()
            .into_iter()
            .map(|mv| -i32::from(self.negamax(&position.play_unchecked(mv), values, path)))
            .max()
            .unwrap_or(i32::from(record.search));
        path.remove(&hash);
        let value = clamp16(best);
        values.insert(hash, value);
        value
    }
}

/// The value of `position` for its side to move: the game's own score when
/// it is over, else a fresh search's.
fn search_value<P: Player>(player: &mut P, position: &P::Game, limits: &Limits) -> i16 {
    if position.outcome().is_some() || position.legal_moves().is_empty() {
        let score = match position.no_moves_score() {
            NoMoves::Lost => Score::lost_at(0),
            NoMoves::Drawn => Score::DRAW,
            NoMoves::Final(score) => score,
        };
        return clamp16(score.0);
    }
    let stop = AtomicBool::new(false);
    player.new_game();
    let thought = player.think(&Request::new(position, limits, &stop), &mut |_| {});
    clamp16(thought.score.0)
}
