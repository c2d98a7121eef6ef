//! Where the seed generators put their moves: a move list, or a counter when
//! perft only needs the number (bulk counting at the last ply).

use crate::moves::Move;
use ply_core::MoveList;

/// A receiver of generated moves.
pub(crate) trait Sink {
    /// Whether the sink only counts, so that a generator may add up a run
    /// of moves without making them.
    const COUNTING: bool = false;

    /// Takes one legal move.
    fn push(&mut self, mv: Move);

    /// Takes `n` legal moves at once (called only when [`Sink::COUNTING`]).
    #[inline(always)]
    fn add(&mut self, n: u64) {
        debug_assert!(Self::COUNTING, "only counting sinks take bare numbers");
        let _ = n;
    }
}

impl Sink for MoveList<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
}

/// Counts the moves instead of listing them.
#[derive(Default)]
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    const COUNTING: bool = true;

    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.0 += n;
    }
}
