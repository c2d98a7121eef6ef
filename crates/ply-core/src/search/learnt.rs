//! What one search thread learns about moves and static scores as it
//! searches: the tables of history, counter moves, continuation history and
//! correction history. Where the game asks for it
//! ([`Features::keep_learnt`](super::Features)) the engine keeps each
//! thread's tables from one search to the next, as Stockfish and Ethereal
//! do, until [`Engine::clear`](super::Engine::clear) (a new game); otherwise
//! every search starts afresh.

use super::Searchable;
use super::correction::CorrectionHistory;
use super::ordering::{ContinuationHistory, CounterMoves, History};

/// One search thread's learnt tables.
pub(super) struct Learnt<M> {
    pub(super) history: History,
    pub(super) counter_moves: CounterMoves<M>,
    /// Where the game asks for it ([`Features::continuation_history`](super::Features)).
    pub(super) continuation_history: Option<ContinuationHistory>,
    /// Where the game asks for it ([`Features::correction_history`](super::Features)).
    pub(super) correction_history: Option<CorrectionHistory>,
}

impl<M: Copy> Learnt<M> {
    /// How well the quiet move `mv` of `side` has done: its history and,
    /// where kept, its continuation history after the `earlier` moves (the
    /// [continuation indices](Searchable::continuation_index) of the
    /// opponent's last move and the side's own before it).
    #[inline]
    pub(super) fn quiet_score<G: Searchable<Move = M>>(
        &self,
        position: &G,
        side: usize,
        earlier: [Option<usize>; 2],
        mv: M,
    ) -> i32 {
        let mut score = self.history.get(side, position.history_index(mv));
        if let Some(continuation) = &self.continuation_history {
            let index = position.continuation_index(mv);
            score += continuation.get(earlier[0], index) + continuation.get(earlier[1], index);
        }
        score
    }

    /// Adds `bonus` (negative for a malus) to the histories of the quiet
    /// move `mv` of `side` after the `earlier` moves.
    pub(super) fn reward_quiet<G: Searchable<Move = M>>(
        &mut self,
        position: &G,
        side: usize,
        earlier: [Option<usize>; 2],
        mv: M,
        bonus: i32,
    ) {
        self.history.update(side, position.history_index(mv), bonus);
        if let Some(continuation) = &mut self.continuation_history {
            let index = position.continuation_index(mv);
            for before in earlier {
                continuation.update(before, index, bonus);
            }
        }
    }

    /// Empty tables, those of `G`'s features.
    pub(super) fn new<G: Searchable<Move = M>>() -> Self {
        Learnt {
            history: History::new(),
            counter_moves: CounterMoves::new(),
            continuation_history: G::FEATURES
                .continuation_history
                .then(ContinuationHistory::new),
            correction_history: G::FEATURES.correction_history.then(CorrectionHistory::new),
        }
    }
}
