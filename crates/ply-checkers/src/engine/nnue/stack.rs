//! The network's two accumulators kept along a search thread's line and
//! updated incrementally: a child's pair is its parent's plus and minus the
//! rows of the pieces the move put down and took up (two per perspective
//! for a quiet move, one more per piece a jump takes), against up to 24
//! rows per perspective for a fresh computation.
//!
//! The accumulators follow the board as the engine holds it, side-relative:
//! the first of a pair reads the board of the side to move, the second the
//! turned board (the other side's). A move hands the turn over, so a
//! child's first accumulator comes from its parent's second and its second
//! from its parent's first. What changed is read off the two boards (the
//! four piece sets of each perspective compared), not decoded from the
//! move, so jumps, crowning and a move that took a whole chain need no case
//! of their own, and a pairing that guessed wrong would only cost more rows.
//!
//! The work is lazy: [`EvalStack::push`] only records the child's board;
//! [`EvalStack::evaluate`] applies the changes from the nearest computed
//! ancestor on, so a child cut off before it is evaluated costs nothing
//! more. Each entry remembers its board and its parent's, and a chain that
//! does not link up (a position the stack was not told of) is computed
//! afresh: the stack's values are the network's whatever the caller does.

use super::{perspective_sets, read_features};
use crate::board::Board;
use crate::position::Position;
use ply_core::nnue::Network;
use ply_core::search::{EvalStack, MAX_PLY, Score, computed_ancestor};

/// What the stack knows of the position at one ply.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The position's side-relative board (all the network reads).
    board: Board,
    /// Its parent's board.
    parent: Board,
    /// Whether the entry's accumulators hold the board's.
    computed: bool,
}

const EMPTY: Board = Board {
    mine: 0,
    theirs: 0,
    kings: 0,
};

/// The accumulators of the checkers network along one search thread's line,
/// one pair per ply (the evaluation's `Evaluator::stack`).
#[derive(Debug)]
pub struct NnueStack {
    network: &'static Network,
    entries: Vec<Entry>,
    /// Per entry, the side to move's accumulator then the other side's,
    /// `H` each.
    accumulators: Vec<i16>,
}

impl NnueStack {
    /// An empty stack for `network` (a checkers network: [`super::load`]'s
    /// checks passed).
    #[must_use]
    pub fn new(network: &'static Network) -> NnueStack {
        let plies = MAX_PLY + 2;
        let entry = Entry {
            board: EMPTY,
            parent: EMPTY,
            computed: false,
        };
        NnueStack {
            network,
            entries: vec![entry; plies],
            accumulators: vec![0; plies * 2 * network.hidden],
        }
    }

    /// Computes entry `ply`'s accumulators from scratch for `board`.
    fn refresh(&mut self, ply: usize, board: &Board) {
        let network = self.network;
        let h = network.hidden;
        let (us, them) = self.accumulators[2 * h * ply..][..2 * h].split_at_mut(h);
        for (acc, view) in [(us, *board), (them, board.turned())] {
            acc.copy_from_slice(&network.feature_bias);
            let mut features = [0u16; 32];
            for &feature in read_features(&view, &mut features) {
                network.add_feature(acc, usize::from(feature));
            }
        }
        let entry = &mut self.entries[ply];
        entry.board = *board;
        entry.computed = true;
    }

    /// Computes entry `ply`'s accumulators from entry `ply - 1`'s and the
    /// move between their boards.
    fn apply(&mut self, ply: usize) {
        let network = self.network;
        let h = network.hidden;
        let (parent, child) = (self.entries[ply - 1].board, self.entries[ply].board);
        let (before, after) = self.accumulators[2 * h * (ply - 1)..][..4 * h].split_at_mut(2 * h);
        let (parent_us, parent_them) = before.split_at(h);
        let (child_us, child_them) = after.split_at_mut(h);
        // The child's side to move is its parent's other side.
        update(network, parent_them, child_us, &parent.turned(), &child);
        update(network, parent_us, child_them, &parent, &child.turned());
        self.entries[ply].computed = true;
    }

    /// Brings entry `ply` up to date for `board`: from the nearest computed
    /// ancestor its entries link up to, else afresh.
    fn bring_up_to_date(&mut self, ply: usize, board: &Board) {
        let entry = &self.entries[ply];
        if entry.board == *board && entry.computed {
            return;
        }
        if entry.board != *board || ply == 0 {
            self.refresh(ply, board);
            return;
        }
        let entries = &self.entries;
        match computed_ancestor(
            ply,
            |p| entries[p].computed,
            |p| entries[p].parent == entries[p - 1].board,
        ) {
            Some(from) => {
                for next in from + 1..=ply {
                    self.apply(next);
                }
            }
            None => self.refresh(ply, board),
        }
    }
}

/// Writes to `to` the accumulator `from` (of the perspective board `old`)
/// moved to the perspective board `new`: the rows of the pieces on `new`
/// and not on `old` added, those on `old` and not on `new` taken away.
fn update(network: &Network, from: &[i16], to: &mut [i16], old: &Board, new: &Board) {
    let (old, new) = (perspective_sets(old), perspective_sets(new));
    // At most 32 squares hold a piece: neither list can overflow.
    let mut added = [0usize; 32];
    let mut removed = [0usize; 32];
    let (mut adds, mut removes) = (0, 0);
    for kind in 0..4 {
        let mut put = new[kind] & !old[kind];
        while put != 0 {
            added[adds] = 32 * kind + put.trailing_zeros() as usize;
            adds += 1;
            put &= put - 1;
        }
        let mut taken = old[kind] & !new[kind];
        while taken != 0 {
            removed[removes] = 32 * kind + taken.trailing_zeros() as usize;
            removes += 1;
            taken &= taken - 1;
        }
    }
    network.update(from, to, &added[..adds], &removed[..removes]);
}

impl EvalStack<Position> for NnueStack {
    fn push(&mut self, ply: usize, parent: &Position, child: &Position) {
        let parent = *parent.board();
        if ply == 1 && self.entries[0].board != parent {
            self.refresh(0, &parent);
        }
        self.entries[ply] = Entry {
            board: *child.board(),
            parent,
            computed: false,
        };
    }

    fn evaluate(&mut self, ply: usize, position: &Position) -> Score {
        let board = position.board();
        self.bring_up_to_date(ply, board);
        let h = self.network.hidden;
        let (us, them) = self.accumulators[2 * h * ply..][..2 * h].split_at(h);
        Score(self.network.evaluate(us, them, super::pieces(board)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Evaluation;
    use ply_core::Game;
    use ply_core::rng::Rng;
    use ply_core::search::{Engine, Evaluator, Limits};
    use std::sync::atomic::AtomicBool;

    /// The start, a middle game with kings, and positions with multiple
    /// jumps and crownings to come.
    const FENS: [&str; 4] = [
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:W18,21,22,K30,31:B6,9,K11,13,14",
        "B:W6,7,14,15,22,23,K30:B1,K2,10,18",
        "W:WK1,5,9,10,18,19:BK32,K24,21,23,26,27",
    ];

    fn network() -> &'static Network {
        super::super::built_in()
    }

    /// Walks random lines down and back up as a search does (evaluating now
    /// and then, sometimes skipping a push so the chain breaks) and checks
    /// every value against a fresh evaluation.
    #[test]
    fn the_stack_gives_the_fresh_evaluation_along_random_lines() {
        let network = network();
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for fen in FENS {
            let root = Position::parse_position(fen).expect("a legal position");
            let mut stack = NnueStack::new(network);
            let mut line = vec![root];
            for _ in 0..3000 {
                let ply = line.len() - 1;
                let position = line[ply];
                let moves = position.legal_moves();
                let go_up = ply > 0 && (moves.is_empty() || ply > 20 || rng.below(3) == 0);
                if go_up {
                    let back = 1 + rng.below(ply);
                    line.truncate(line.len() - back);
                } else if !moves.is_empty() {
                    let child = position.play_unchecked(moves[rng.below(moves.len())]);
                    if rng.below(50) != 0 {
                        stack.push(ply + 1, &position, &child);
                    }
                    line.push(child);
                }
                if rng.below(2) == 0 {
                    let ply = line.len() - 1;
                    let position = &line[ply];
                    let expected = super::super::score(network, position.board());
                    assert_eq!(stack.evaluate(ply, position), Score(expected), "{fen}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000, "{checked}");
    }

    /// The network without its stack: every position evaluated afresh.
    struct Fresh;

    impl Evaluator<Position> for Fresh {
        fn evaluate(&self, position: &Position) -> Score {
            Score(super::super::score(network(), position.board()))
        }
    }

    /// A search with the stack visits the same tree as one that evaluates
    /// afresh: same nodes, score and move.
    #[test]
    fn a_search_with_the_stack_is_the_search_without() {
        let stop = AtomicBool::new(false);
        assert!(
            Evaluation.stack().is_some(),
            "the built-in network keeps a stack"
        );
        for fen in FENS {
            let root = Position::parse_position(fen).expect("a legal position");
            let mut incremental = Engine::new(Evaluation, 1);
            let mut fresh = Engine::new(Fresh, 1);
            let limits = Limits::depth(9);
            let a = incremental.search(&root, &[], &limits, &stop, &mut |_| {});
            let b = fresh.search(&root, &[], &limits, &stop, &mut |_| {});
            assert_eq!(
                (a.best, a.score, a.nodes),
                (b.best, b.score, b.nodes),
                "{fen}"
            );
        }
    }
}
