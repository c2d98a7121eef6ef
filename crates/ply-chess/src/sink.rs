//! Where the seed generators put their moves: a move list, or a counter when
//! perft only needs the number (bulk counting at the last ply).

use crate::moves::Move;
use ply_core::MoveList;

/// A receiver of generated moves.
pub(crate) trait Sink {
    /// Takes one legal move.
    fn push(&mut self, mv: Move);
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
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}
