//! [`Booked`]: a player with an opening book in front of it.
//!
//! Where the book holds every child of the position asked about, the book
//! answers at once ([`Source::Book`]): its best move, or with a randomness
//! one drawn among the moves within that loss of the best. Elsewhere, and
//! for searches that ask for more than a move (several lines, an endless
//! analysis), the wrapped player thinks. Without a book it is the wrapped
//! player itself: a player's own constructor ([`Player::with_hash`]) has no
//! book, so that benchmarks, training and every search inside ply never see
//! one; front ends give it theirs.

use super::SearchBook;
use crate::Game;
use crate::player::{AllocationError, MoveOf, Player, Request, Source, Thought};
use crate::rng::Rng;
use crate::search::{Bound, Info, Options, Score};
use std::sync::Arc;
use std::time::Instant;

/// The longest book line reported after the move.
const LINE: usize = 24;

/// A player `P` that plays from an opening book where it can.
pub struct Booked<P> {
    player: P,
    book: Option<Arc<SearchBook>>,
    randomness: i32,
    rng: Rng,
    seed: u64,
}

impl<P: Player> Booked<P> {
    /// `player` with `book` (none: the player alone).
    pub fn new(player: P, book: Option<Arc<SearchBook>>) -> Self {
        let seed = player.options().seed;
        Booked {
            player,
            book,
            randomness: 0,
            rng: Rng::new(seed),
            seed,
        }
    }

    /// The book, if any.
    #[must_use]
    pub fn book(&self) -> Option<&SearchBook> {
        self.book.as_deref()
    }

    /// Changes the book (none: the player alone).
    pub fn set_book(&mut self, book: Option<Arc<SearchBook>>) {
        self.book = book;
    }

    /// Plays any book move within `randomness` centi-units of the best (0,
    /// the default: always the best), drawn by the seed of the options.
    pub fn set_randomness(&mut self, randomness: i32) {
        self.randomness = randomness.max(0);
    }

    /// The player behind the book.
    pub fn player(&mut self) -> &mut P {
        &mut self.player
    }

    /// The book's answer to `request`, if the book has one.
    pub fn book_answer(&mut self, request: &Request<'_, P::Game>) -> Option<Thought<MoveOf<P>>> {
        let book = self.book.as_deref()?;
        let options = self.player.options();
        if request.limits.infinite || options.multipv > 1 {
            return None;
        }
        if options.seed != self.seed {
            self.seed = options.seed;
            self.rng = Rng::new(self.seed);
        }
        let start = Instant::now();
        let root = request.root;
        let choice = book.choose(root, request.only, self.randomness, &mut self.rng)?;
        let mut pv = vec![choice.mv];
        pv.extend(book.line(&root.play_unchecked(choice.mv), LINE));
        Some(Thought {
            best: Some(choice.mv),
            ponder: pv.get(1).copied(),
            score: Score(choice.value),
            bound: Bound::Exact,
            depth: pv.len() as u32,
            seldepth: pv.len() as u32,
            nodes: 0,
            time: start.elapsed(),
            pv,
            source: Source::Book,
        })
    }
}

impl<P: Player> Player for Booked<P> {
    type Game = P::Game;

    /// The player with a `hash_mb` MiB table, and no book.
    fn with_hash(hash_mb: usize) -> Result<Self, AllocationError> {
        Ok(Booked::new(P::with_hash(hash_mb)?, None))
    }

    fn options(&self) -> &Options {
        self.player.options()
    }

    fn options_mut(&mut self) -> &mut Options {
        self.player.options_mut()
    }

    fn set_hash(&mut self, hash_mb: usize) -> Result<(), AllocationError> {
        self.player.set_hash(hash_mb)
    }

    fn new_game(&mut self) {
        self.player.new_game();
    }

    /// The book's move where it has one (reported to `on_info` as one
    /// line), else the player's thought.
    fn think(
        &mut self,
        request: &Request<'_, P::Game>,
        on_info: &mut dyn FnMut(&Info<MoveOf<P>>),
    ) -> Thought<MoveOf<P>> {
        if let Some(thought) = self.book_answer(request) {
            on_info(&Info {
                depth: thought.depth,
                seldepth: thought.seldepth,
                multipv: 1,
                score: thought.score,
                bound: Bound::Exact,
                nodes: 0,
                nps: 0,
                time: thought.time,
                hashfull: 0,
                pv: thought.pv.clone(),
            });
            return thought;
        }
        self.player.think(request, on_info)
    }

    fn describe_score(&self, score: Score) -> String {
        self.player.describe_score(score)
    }
}
