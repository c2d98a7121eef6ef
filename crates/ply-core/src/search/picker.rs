//! The staged move source of the search (Stockfish's `MovePicker`, Ethereal's
//! movepicker): a node asks for its moves one at a time and the game
//! generates them only when a stage needs them, so that a cut-off by the
//! table move or an early capture costs no generation of the rest.
//!
//! The stages of a search node:
//! 1. [`Stage::TableMove`]: the transposition table's move, checked against
//!    the position ([`Searchable::unpack_move`]) before anything is generated;
//! 2. [`Stage::Noisy`]: captures and promotions batch by batch from the game's
//!    [`NoisySource`], in the order the game gives them;
//! 3. [`Stage::Killers`]: the two killers of the ply and, where the game
//!    asks for it ([`Features::counter_moves`](super::Features)), the
//!    counter move of the opponent's last move, when legal here
//!    ([`Searchable::is_legal`]) and quiet;
//! 4. [`Stage::Quiet`]: the quiet moves ([`Searchable::generate_quiet`]),
//!    best history score first;
//! 5. [`Stage::LosingNoisy`]: where the game asks for it
//!    ([`Features::losing_captures_last`](super::Features)), the noisy
//!    moves that stage 2 found to lose material by exchange
//!    ([`Searchable::see_at_least`]), in their order there.
//!
//! Later stages skip the moves an earlier one gave (the table move, the
//! killers). Quiescence uses stage 2 alone, or, where the position is
//! forcing (check, a compulsory capture), stages 2 and 4 in generation order.

use super::{NoisyPurpose, NoisySource, Searchable};
use crate::movelist::{MAX_MOVES, MoveList};
use arrayvec::ArrayVec;

/// Where a [`MovePicker`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// The table move, if it is legal here.
    TableMove,
    /// Noisy moves, batch by batch from the game.
    Noisy,
    /// The killers and the counter move (index of the next one).
    Killers(usize),
    /// The quiet moves are to be generated.
    GenerateQuiet,
    /// Quiet moves, by history (or in generation order).
    Quiet,
    /// The losing noisy moves put off by stage 2 (index of the next one).
    LosingNoisy(usize),
    /// Nothing left.
    Done,
}

/// The moves of one node, stage by stage (see the module documentation).
pub(super) struct MovePicker<G: Searchable> {
    stage: Stage,
    table_move: Option<G::Move>,
    killers: [Option<G::Move>; REFUTATIONS],
    /// Whether the quiet stages run (not in plain quiescence).
    quiets: bool,
    /// Whether quiet moves are ordered by history (not in forced quiescence).
    by_history: bool,
    noisy: G::Noisy,
    /// The current batch of noisy moves, or the quiet moves.
    moves: MoveList<G::Move>,
    /// History scores of the quiet moves, parallel to `moves`.
    scores: ArrayVec<i32, MAX_MOVES>,
    /// The next move of `moves` to give.
    next: usize,
    /// Whether noisy moves that lose material wait until after the quiets.
    defer_losing: bool,
    /// The noisy moves put off for losing material.
    losing: ArrayVec<G::Move, MAX_DEFERRED>,
    /// Whether the move given last was found not to lose material by
    /// exchange ([`Searchable::see_at_least`] with 0).
    last_keeps_material: bool,
}

/// How many quiet refutations a node tries before its other quiet moves:
/// two killers and a counter move.
pub(super) const REFUTATIONS: usize = 3;

/// How many losing noisy moves a node puts off at most (the rest are given
/// in their place).
const MAX_DEFERRED: usize = 32;

impl<G: Searchable> MovePicker<G> {
    /// The picker of a search node: the packed table move (if any), then the
    /// noisy moves, the killers and counter move and the quiet moves.
    pub(super) fn new(
        position: &G,
        table_move: Option<u16>,
        killers: [Option<G::Move>; REFUTATIONS],
    ) -> Self {
        let table_move = table_move.and_then(|packed| position.unpack_move(packed));
        Self::with(
            position,
            table_move,
            killers,
            NoisyPurpose::Search,
            true,
            true,
        )
    }

    /// The picker of quiescence in a quiet position whose static evaluation
    /// is `gap` below alpha: noisy moves only.
    pub(super) fn quiescence(position: &G, gap: i32) -> Self {
        Self::with(
            position,
            None,
            [None; REFUTATIONS],
            NoisyPurpose::Quiescence { gap },
            false,
            false,
        )
    }

    /// The picker of quiescence in a forcing position: every legal move,
    /// noisy ones first, in generation order.
    pub(super) fn forced(position: &G) -> Self {
        Self::with(
            position,
            None,
            [None; REFUTATIONS],
            NoisyPurpose::Search,
            true,
            false,
        )
    }

    fn with(
        position: &G,
        table_move: Option<G::Move>,
        killers: [Option<G::Move>; REFUTATIONS],
        purpose: NoisyPurpose,
        quiets: bool,
        by_history: bool,
    ) -> Self {
        MovePicker {
            stage: Stage::TableMove,
            table_move,
            killers,
            quiets,
            by_history,
            noisy: G::Noisy::new(position, purpose),
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
            defer_losing: G::FEATURES.losing_captures_last && by_history,
            losing: ArrayVec::new(),
            last_keeps_material: false,
        }
    }

    /// Whether `mv` was given by an earlier stage.
    #[inline]
    fn given_before(&self, mv: G::Move) -> bool {
        Some(mv) == self.table_move || self.killers.contains(&Some(mv))
    }

    /// Gives no more quiet moves (the killers and counter move included):
    /// late move pruning has skipped the rest. Noisy moves deferred as
    /// losing still come.
    pub(super) fn skip_quiets(&mut self) {
        if matches!(
            self.stage,
            Stage::Killers(_) | Stage::GenerateQuiet | Stage::Quiet
        ) {
            self.stage = Stage::LosingNoisy(0);
        }
    }

    /// Whether the move [`MovePicker::next`] gave last is known not to lose
    /// material by exchange (a noisy move this picker has weighed already),
    /// so that the search need not weigh it again.
    pub(super) fn last_keeps_material(&self) -> bool {
        self.last_keeps_material
    }

    /// The next move to search, or `None` when the node has no more.
    /// `quiet_score` (the history scores) orders the quiet moves, best
    /// first.
    pub(super) fn next(
        &mut self,
        position: &G,
        quiet_score: impl Fn(G::Move) -> i32,
    ) -> Option<G::Move> {
        self.last_keeps_material = false;
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = Stage::Noisy;
                    if self.table_move.is_some() {
                        return self.table_move;
                    }
                }
                Stage::Noisy => {
                    if let Some(&mv) = self.moves.get(self.next) {
                        self.next += 1;
                        if Some(mv) == self.table_move {
                            continue;
                        }
                        if self.defer_losing && !self.losing.is_full() {
                            if !position.see_at_least(mv, 0) {
                                self.losing.push(mv);
                                continue;
                            }
                            self.last_keeps_material = true;
                        }
                        return Some(mv);
                    }
                    self.moves.clear();
                    self.next = 0;
                    if !self.noisy.next_batch(position, &mut self.moves) {
                        self.stage = if self.quiets {
                            Stage::Killers(0)
                        } else {
                            Stage::Done
                        };
                    }
                }
                Stage::Killers(i) => {
                    let Some(&killer) = self.killers.get(i) else {
                        self.stage = Stage::GenerateQuiet;
                        continue;
                    };
                    self.stage = Stage::Killers(i + 1);
                    let usable = killer.is_some_and(|k| {
                        Some(k) != self.table_move
                            && !self.killers[..i].contains(&Some(k))
                            && !position.is_noisy(k)
                            && position.is_legal(k)
                    });
                    if usable {
                        return killer;
                    }
                    // A killer not given here is not skipped later.
                    self.killers[i] = None;
                }
                Stage::GenerateQuiet => {
                    self.moves.clear();
                    self.next = 0;
                    position.generate_quiet(&mut self.moves);
                    if self.by_history {
                        self.scores.clear();
                        self.scores
                            .extend(self.moves.iter().map(|&mv| quiet_score(mv)));
                    }
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => {
                    if self.next >= self.moves.len() {
                        self.stage = Stage::LosingNoisy(0);
                        continue;
                    }
                    if self.by_history {
                        // Selection: the best remaining history score.
                        let n = self.next;
                        let mut best = n;
                        for j in n + 1..self.scores.len() {
                            if self.scores[j] > self.scores[best] {
                                best = j;
                            }
                        }
                        self.moves.swap(n, best);
                        self.scores.swap(n, best);
                    }
                    let mv = self.moves[self.next];
                    self.next += 1;
                    if !self.given_before(mv) {
                        return Some(mv);
                    }
                }
                Stage::LosingNoisy(i) => {
                    let Some(&mv) = self.losing.get(i) else {
                        self.stage = Stage::Done;
                        continue;
                    };
                    self.stage = Stage::LosingNoisy(i + 1);
                    return Some(mv);
                }
                Stage::Done => return None,
            }
        }
    }
}
