//! The network's accumulators kept along a search thread's line and updated
//! incrementally: a child's pair is its parent's plus and minus the rows of
//! the pieces the move put down and took up (two to four per perspective,
//! against about thirty for a fresh computation).
//!
//! What changed is read off the two boards (the twelve piece sets of parent
//! and child compared), not decoded from the move, so captures, castling,
//! en passant and promotions need no case of their own, and a null move
//! changes nothing. The work is lazy: [`EvalStack::push`] only records the
//! change; [`EvalStack::evaluate`] applies the changes from the nearest
//! computed ancestor on, so a child cut off before it is evaluated costs a
//! comparison of twelve bitboards. Each entry remembers its position's key
//! and its parent's, and a chain that does not link up (a position the
//! stack was not told of) is computed afresh: the stack's values are the
//! network's whatever the caller does.

use super::{Nnue, feature, network_value};
use crate::board::Board;
use crate::game::ChessBoard;
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use arrayvec::ArrayVec;
use ply_core::search::{EvalStack, MAX_PLY, Score, computed_ancestor};

/// The most pieces a move puts down or takes up (castling: two each; a
/// capture with promotion takes up two and puts down one).
const MAX_CHANGES: usize = 4;

/// Pieces put down or taken up by one move.
type Changes = ArrayVec<(Piece, Square), MAX_CHANGES>;

/// What the stack knows of the position at one ply.
#[derive(Clone, Debug, Default)]
struct Entry {
    /// The position's key (`Game::hash`).
    key: u64,
    /// Its parent's key.
    parent_key: u64,
    /// Whether the entry's accumulators hold the position's.
    computed: bool,
    /// Whether the move's changes did not fit (never for a legal move):
    /// the position is computed afresh.
    overflow: bool,
    /// Pieces the move put down.
    added: Changes,
    /// Pieces the move took up.
    removed: Changes,
}

/// The accumulators of a network evaluation along one search thread's
/// line, one entry per ply (the network's `Evaluator::stack`).
#[derive(Debug)]
pub struct NnueStack {
    nnue: Nnue,
    entries: Vec<Entry>,
    /// Per entry, the White perspective's accumulator then Black's, `H`
    /// each.
    accumulators: Vec<i16>,
}

impl NnueStack {
    /// An empty stack for `nnue`'s network.
    #[must_use]
    pub fn new(nnue: Nnue) -> NnueStack {
        let plies = MAX_PLY + 2;
        let hidden = nnue.network().hidden;
        NnueStack {
            nnue,
            entries: vec![Entry::default(); plies],
            accumulators: vec![0; plies * 2 * hidden],
        }
    }

    /// The accumulators of entry `ply` (White's, Black's).
    fn pair(&self, ply: usize) -> (&[i16], &[i16]) {
        let h = self.nnue.network().hidden;
        self.accumulators[2 * h * ply..][..2 * h].split_at(h)
    }

    /// Computes entry `ply`'s accumulators from scratch for `position`.
    fn refresh(&mut self, ply: usize, position: &Position, key: u64) {
        let network = &*self.nnue.network;
        let h = network.hidden;
        let (white, black) = self.accumulators[2 * h * ply..][..2 * h].split_at_mut(h);
        white.copy_from_slice(&network.feature_bias);
        black.copy_from_slice(&network.feature_bias);
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                for square in position.pieces(color, role) {
                    network.add_feature(white, feature(Color::White, piece, square));
                    network.add_feature(black, feature(Color::Black, piece, square));
                }
            }
        }
        let entry = &mut self.entries[ply];
        entry.key = key;
        entry.computed = true;
    }

    /// Computes entry `ply`'s accumulators from entry `ply - 1`'s and the
    /// move's changes.
    fn apply(&mut self, ply: usize) {
        let network = &*self.nnue.network;
        let h = network.hidden;
        let entry = &self.entries[ply];
        let (before, after) = self.accumulators[2 * h * (ply - 1)..][..4 * h].split_at_mut(2 * h);
        for (perspective, offset) in [(Color::White, 0), (Color::Black, h)] {
            let features = |changes: &Changes| {
                let mut out = [0; MAX_CHANGES];
                for (slot, &(piece, square)) in out.iter_mut().zip(changes) {
                    *slot = feature(perspective, piece, square);
                }
                (out, changes.len())
            };
            let (added, added_count) = features(&entry.added);
            let (removed, removed_count) = features(&entry.removed);
            network.update(
                &before[offset..offset + h],
                &mut after[offset..offset + h],
                &added[..added_count],
                &removed[..removed_count],
            );
        }
        self.entries[ply].computed = true;
    }

    /// Brings entry `ply` up to date for `position` (whose key is `key`):
    /// from the nearest computed ancestor its entries link up to, else
    /// afresh.
    fn bring_up_to_date(&mut self, ply: usize, position: &Position, key: u64) {
        let entry = &self.entries[ply];
        if entry.key == key && entry.computed {
            return;
        }
        if entry.key != key || ply == 0 {
            self.refresh(ply, position, key);
            return;
        }
        let entries = &self.entries;
        match computed_ancestor(
            ply,
            |p| entries[p].computed,
            |p| !entries[p].overflow && entries[p].parent_key == entries[p - 1].key,
        ) {
            Some(from) => {
                for next in from + 1..=ply {
                    self.apply(next);
                }
            }
            None => self.refresh(ply, position, key),
        }
    }
}

/// The pieces the move took up and put down, read off the squares whose
/// contents differ between `before` and `after` (a square whose piece did
/// not change is not read); `false` if they do not fit.
fn differences(before: &Position, after: &Position, entry: &mut Entry) -> bool {
    let mut changed = (before.color(Color::White) ^ after.color(Color::White))
        | (before.color(Color::Black) ^ after.color(Color::Black));
    for role in Role::ALL {
        changed |= before.role(role) ^ after.role(role);
    }
    for square in changed {
        if let Some(piece) = before.piece_on(square)
            && entry.removed.try_push((piece, square)).is_err()
        {
            return false;
        }
        if let Some(piece) = after.piece_on(square)
            && entry.added.try_push((piece, square)).is_err()
        {
            return false;
        }
    }
    true
}

impl<R> EvalStack<Board<R>> for NnueStack
where
    Board<R>: ChessBoard,
{
    fn push(&mut self, ply: usize, parent: &Board<R>, child: &Board<R>) {
        let (before, after) = (parent.as_position(), child.as_position());
        let parent_key = parent.hash();
        if ply == 1 && self.entries[0].key != parent_key {
            self.refresh(0, &before, parent_key);
        }
        let entry = &mut self.entries[ply];
        entry.key = child.hash();
        entry.parent_key = parent_key;
        entry.computed = false;
        entry.added.clear();
        entry.removed.clear();
        entry.overflow = !differences(&before, &after, entry);
    }

    fn evaluate(&mut self, ply: usize, board: &Board<R>) -> Score {
        let position = board.as_position();
        self.bring_up_to_date(ply, &position, board.hash());
        let (white, black) = self.pair(ply);
        let (us, them) = match position.turn() {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        let pieces = position.occupied().count() as usize;
        let raw = self.nnue.network().evaluate(us, them, pieces);
        network_value(&position, raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nnue::tests::random_bucketed_network;
    use ply_core::rng::Rng;
    use ply_core::search::{Engine, Evaluator, Limits};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    /// Positions with castling, en passant and promotions (with and without
    /// capture) to come.
    const FENS: [&str; 5] = [
        crate::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ];

    /// A network of 8 output buckets: captures along the lines change the
    /// bucket.
    fn nnue() -> Nnue {
        Nnue::new(random_bucketed_network(64)).expect("a chess network")
    }

    /// Walks random lines down and back up as a search does (moves and null
    /// moves, evaluating now and then, sometimes skipping a push so the
    /// chain breaks) and checks every value against a fresh evaluation.
    #[test]
    fn the_stack_gives_the_fresh_evaluation_along_random_lines() {
        let nnue = nnue();
        let mut rng = Rng::new(3);
        let mut checked = 0;
        for fen in FENS {
            let root = Position::from_fen(fen).expect("a legal FEN");
            let mut stack = NnueStack::new(nnue.clone());
            let mut line = vec![root];
            for _ in 0..3000 {
                let ply = line.len() - 1;
                let position = line[ply];
                let moves = position.legal_moves();
                let go_up = ply > 0 && (moves.is_empty() || ply > 12 || rng.below(3) == 0);
                if go_up {
                    let back = 1 + rng.below(ply);
                    line.truncate(line.len() - back);
                } else {
                    let child = if rng.below(10) == 0 {
                        position.null_move().unwrap_or(position)
                    } else {
                        position.play_unchecked(moves[rng.below(moves.len())])
                    };
                    if rng.below(50) != 0 {
                        EvalStack::push(&mut stack, ply + 1, &position, &child);
                    }
                    line.push(child);
                }
                if rng.below(2) == 0 {
                    let ply = line.len() - 1;
                    let position = &line[ply];
                    let expected = nnue.evaluate(position);
                    assert_eq!(stack.evaluate(ply, position), expected, "{position}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000);
    }

    /// The network's stack, watched: counts the children pushed from a
    /// parent other than the position last pushed one ply up (which the
    /// stack then evaluates afresh).
    struct Watched {
        stack: NnueStack,
        keys: Vec<u64>,
        unlinked: Arc<AtomicU64>,
    }

    impl<R> EvalStack<Board<R>> for Watched
    where
        Board<R>: ChessBoard,
    {
        fn push(&mut self, ply: usize, parent: &Board<R>, child: &Board<R>) {
            if ply >= 2 && self.keys[ply - 1] != parent.hash() {
                self.unlinked.fetch_add(1, Ordering::Relaxed);
            }
            self.keys[ply] = child.hash();
            self.stack.push(ply, parent, child);
        }

        fn evaluate(&mut self, ply: usize, board: &Board<R>) -> Score {
            self.stack.evaluate(ply, board)
        }
    }

    /// The network with the watched stack.
    struct Watching(Nnue, Arc<AtomicU64>);

    impl Evaluator<Position> for Watching {
        fn evaluate(&self, position: &Position) -> Score {
            self.0.evaluate(position)
        }

        fn stack(&self) -> Option<Box<dyn EvalStack<Position>>> {
            Some(Box::new(Watched {
                stack: NnueStack::new(self.0.clone()),
                keys: vec![0; MAX_PLY + 2],
                unlinked: self.1.clone(),
            }))
        }
    }

    /// The search tells the stack of every position on its line, ply by
    /// ply, also after the singular extension's search of the other moves
    /// (which makes their children at the same ply as the move's): no
    /// position is evaluated afresh but the root.
    #[test]
    fn the_search_keeps_the_stack_on_its_line() {
        let stop = AtomicBool::new(false);
        let unlinked = Arc::new(AtomicU64::new(0));
        for fen in FENS {
            let root = Position::from_fen(fen).expect("a legal FEN");
            let mut engine = Engine::new(Watching(nnue(), unlinked.clone()), 1);
            engine.search(&root, &[], &Limits::depth(10), &stop, &mut |_| {});
        }
        assert_eq!(unlinked.load(Ordering::Relaxed), 0);
    }

    /// The network without its stack: every position evaluated afresh.
    struct Fresh(Nnue);

    impl Evaluator<Position> for Fresh {
        fn evaluate(&self, position: &Position) -> Score {
            self.0.evaluate(position)
        }
    }

    /// A search with the stack visits the same tree as one that evaluates
    /// afresh: same nodes, score and move.
    #[test]
    fn a_search_with_the_stack_is_the_search_without() {
        let stop = AtomicBool::new(false);
        for fen in FENS {
            let root = Position::from_fen(fen).expect("a legal FEN");
            let mut incremental = Engine::new(nnue(), 1);
            let mut fresh = Engine::new(Fresh(nnue()), 1);
            let limits = Limits::depth(6);
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
