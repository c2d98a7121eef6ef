//! The pattern indices kept along a search thread's line and updated
//! incrementally, as Edax updates its features: a child's indices are its
//! parent's with the digits of the squares the move changed (the disc put
//! down and the discs flipped, about six instances each) moved by their
//! powers of three, where a fresh computation reads all 50 instances off
//! the moved boards.
//!
//! Each entry keeps the indices of both views of its position (the side to
//! move's discs as digit 1, and as digit 2): a move hands the turn over, so
//! a child's side-to-move view comes from its parent's other view. What
//! changed is read off the two positions' boards, so a pass (nothing
//! changes, the views swap) needs no case of its own. The work is lazy as in
//! the chess network's stack: [`EvalStack::push`] records the child's boards;
//! [`EvalStack::evaluate`] applies the changes from the nearest computed
//! ancestor on, and computes afresh where the chain of boards breaks (a
//! position the stack was not told of), so its values are the evaluation's
//! whatever the caller does.

use super::PatternEvaluation;
use super::index;
use super::set::{INSTANCE_COUNT, INSTANCES, PATTERNS};
use super::symmetry::map_square;
use crate::movegen::MoveGenerator;
use crate::position::Position;
use ply_core::search::{EvalStack, MAX_PLY, Score};
use std::marker::PhantomData;

/// Indices kept per view: the 50 instances' and unused lanes up to a
/// multiple of the vector width, so that a square's change is one vector
/// operation per group of lanes.
const LANES: usize = 64;

/// The index of every instance in one view, padded to [`LANES`].
type Indices = [u16; LANES];

/// `POWERS[q][i]`: the worth of square `q`'s digit in instance `i`'s index,
/// `3^j` where the instance reads `q` as digit `j` (its symmetry moves `q`
/// to the `j`-th square of the canonical mask, a1 first, as
/// [`index::indices`] reads it), 0 where it does not read `q`.
static POWERS: [Indices; 64] = {
    let mut table = [[0u16; LANES]; 64];
    let mut i = 0;
    while i < INSTANCE_COUNT {
        let instance = INSTANCES[i];
        let mask = PATTERNS[instance.pattern as usize].mask;
        let mut q = 0;
        while q < 64 {
            if instance.squares >> q & 1 != 0 {
                let canonical = map_square(instance.symmetry as usize, q);
                let j = (mask & ((1u64 << canonical) - 1)).count_ones();
                table[q as usize][i] = 3u16.pow(j);
            }
            q += 1;
        }
        i += 1;
    }
    table
};

/// Adds `times` (a digit's change, -2 to 2) times the square's `powers` to
/// `view`, lane by lane (modulo 2^16: the true indices stay in range).
#[inline(always)]
fn add_scaled(view: &mut Indices, powers: &Indices, times: i32) {
    let times = times as u16;
    for (index, power) in view.iter_mut().zip(powers) {
        *index = index.wrapping_add(power.wrapping_mul(times));
    }
}

/// A square's digit with `mine` as the side to move's discs (1) and
/// `theirs` as the other side's (2).
#[inline(always)]
fn digit(mine: u64, theirs: u64, square: u32) -> i32 {
    (mine >> square & 1) as i32 + 2 * (theirs >> square & 1) as i32
}

/// What the stack knows of the position at one ply.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The position's boards: the side to move's discs, the other side's.
    boards: (u64, u64),
    /// The boards of the position it was made from.
    parent: (u64, u64),
    /// Whether `indices` hold the position's.
    computed: bool,
    /// The index of every instance with the side to move's discs as digit
    /// 1 (`index::indices(player, opponent)`), then as digit 2
    /// (`index::indices(opponent, player)`).
    indices: [Indices; 2],
}

impl Entry {
    const EMPTY: Entry = Entry {
        boards: (0, 0),
        parent: (0, 0),
        computed: false,
        indices: [[0; LANES]; 2],
    };
}

/// The pattern indices of the positions along one search thread's line, one
/// entry per ply (the pattern evaluation's [`ply_core::search::Evaluator::stack`]).
#[derive(Debug)]
pub struct PatternStack<G: MoveGenerator> {
    evaluation: PatternEvaluation,
    line: Line,
    generator: PhantomData<fn() -> G>,
}

impl<G: MoveGenerator> PatternStack<G> {
    /// An empty stack for `evaluation`.
    #[must_use]
    pub fn new(evaluation: PatternEvaluation) -> PatternStack<G> {
        PatternStack {
            evaluation,
            line: Line {
                entries: vec![Entry::EMPTY; MAX_PLY + 2],
            },
            generator: PhantomData,
        }
    }
}

/// The entries of the line, one per ply.
#[derive(Debug)]
struct Line {
    entries: Vec<Entry>,
}

impl Line {
    /// Computes entry `ply`'s indices from its boards.
    fn refresh(&mut self, ply: usize) {
        let entry = &mut self.entries[ply];
        let (player, opponent) = entry.boards;
        for (view, (mine, theirs)) in entry
            .indices
            .iter_mut()
            .zip([(player, opponent), (opponent, player)])
        {
            view[..INSTANCE_COUNT].copy_from_slice(&index::indices(mine, theirs));
        }
        entry.computed = true;
    }

    /// Computes entry `ply`'s indices from entry `ply - 1`'s: the child's
    /// side-to-move view is the parent's other view, and the other way
    /// round, with the digits of every square that changed moved.
    fn apply(&mut self, ply: usize) {
        let (before, after) = self.entries.split_at_mut(ply);
        let (parent, child) = (&before[ply - 1], &mut after[0]);
        let (player, opponent) = parent.boards;
        let (child_player, child_opponent) = child.boards;
        let [mut mover_view, mut other_view] = [parent.indices[1], parent.indices[0]];
        let mut changed = (child_player ^ opponent) | (child_opponent ^ player);
        while changed != 0 {
            let square = changed.trailing_zeros();
            changed &= changed - 1;
            let powers = &POWERS[square as usize];
            let mover_change =
                digit(child_player, child_opponent, square) - digit(opponent, player, square);
            let other_change =
                digit(child_opponent, child_player, square) - digit(player, opponent, square);
            add_scaled(&mut mover_view, powers, mover_change);
            add_scaled(&mut other_view, powers, other_change);
        }
        child.indices = [mover_view, other_view];
        child.computed = true;
    }

    /// Brings entry `ply` up to date for the boards `boards`: from the
    /// nearest computed ancestor its entries link up to, or from the first
    /// entry of the chain computed afresh.
    fn bring_up_to_date(&mut self, ply: usize, boards: (u64, u64)) {
        let entry = &self.entries[ply];
        if entry.boards != boards {
            self.entries[ply].boards = boards;
            self.refresh(ply);
            return;
        }
        if entry.computed {
            return;
        }
        let mut from = ply;
        while from > 0
            && !self.entries[from].computed
            && self.entries[from].parent == self.entries[from - 1].boards
        {
            from -= 1;
        }
        if !self.entries[from].computed {
            self.refresh(from);
        }
        for next in from + 1..=ply {
            self.apply(next);
        }
    }
}

impl<G: MoveGenerator> EvalStack<Position<G>> for PatternStack<G> {
    fn push(&mut self, ply: usize, parent: &Position<G>, child: &Position<G>) {
        let parent = (parent.player(), parent.opponent());
        let entries = &mut self.line.entries;
        if ply == 1 && entries[0].boards != parent {
            entries[0].boards = parent;
            entries[0].computed = false;
        }
        let entry = &mut entries[ply];
        entry.boards = (child.player(), child.opponent());
        entry.parent = parent;
        entry.computed = false;
    }

    fn evaluate(&mut self, ply: usize, position: &Position<G>) -> Score {
        let boards = (position.player(), position.opponent());
        let line = &mut self.line;
        let score = self
            .evaluation
            .score_with_indices::<G, _>(boards.0, boards.1, move || {
                line.bring_up_to_date(ply, boards);
                &line.entries[ply].indices[0]
            });
        Score(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Othello;
    use crate::engine::eval::patterns::tests::noisy_weights;
    use ply_core::Game;
    use ply_core::rng::Rng;
    use ply_core::search::{Engine, Evaluator, Limits};
    use std::sync::atomic::AtomicBool;

    /// Every instance reads each of its squares as one digit, each digit
    /// once, and no square outside it; the padding lanes stay zero.
    #[test]
    fn every_square_is_each_instance_digit_it_is_read_as() {
        for (i, instance) in INSTANCES.iter().enumerate() {
            let mut powers: Vec<u16> = (0..64)
                .filter(|&q| instance.squares >> q & 1 != 0)
                .map(|q| POWERS[q][i])
                .collect();
            powers.sort_unstable();
            let expected: Vec<u16> = (0..instance.squares.count_ones())
                .map(|j| 3u16.pow(j))
                .collect();
            assert_eq!(powers, expected, "instance {i}");
            let outside = (0..64).filter(|&q| instance.squares >> q & 1 == 0);
            assert!(
                outside.into_iter().all(|q| POWERS[q][i] == 0),
                "instance {i}"
            );
        }
        assert!(
            POWERS
                .iter()
                .all(|p| p[INSTANCE_COUNT..].iter().all(|&w| w == 0))
        );
    }

    /// Walks random lines down and back up as a search does (moves and
    /// passes, evaluating now and then, sometimes not telling the stack of a
    /// position so that the chain breaks) and checks the indices of both
    /// views and the value against a fresh computation.
    #[test]
    fn the_stack_gives_the_fresh_evaluation_along_random_lines() {
        let evaluation = PatternEvaluation::new(&noisy_weights(7));
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..20 {
            let root = Othello::start();
            let mut stack: PatternStack<_> = PatternStack::new(evaluation.clone());
            let mut line = vec![root];
            for _ in 0..2000 {
                let ply = line.len() - 1;
                let position = line[ply];
                let moves = position.legal_moves();
                let go_up = ply > 0 && (moves.is_empty() || ply > 40 || rng.below(4) == 0);
                if go_up {
                    let back = 1 + rng.below(ply.min(6));
                    line.truncate(line.len() - back);
                } else {
                    let child = position.play_unchecked(moves[rng.below(moves.len())]);
                    if rng.below(50) != 0 {
                        EvalStack::push(&mut stack, ply + 1, &position, &child);
                    }
                    line.push(child);
                }
                if rng.below(2) == 0 {
                    let ply = line.len() - 1;
                    let position = &line[ply];
                    let (player, opponent) = (position.player(), position.opponent());
                    let expected = evaluation.evaluate(position);
                    assert_eq!(stack.evaluate(ply, position), expected, "{position:?}");
                    if !position.is_game_over() {
                        let [mover, other] = &stack.line.entries[ply].indices;
                        assert_eq!(
                            (&mover[..INSTANCE_COUNT], &other[..INSTANCE_COUNT]),
                            (
                                &index::indices(player, opponent)[..],
                                &index::indices(opponent, player)[..]
                            ),
                            "{position:?}"
                        );
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The evaluation without its stack: every position evaluated afresh.
    struct Fresh(PatternEvaluation);

    impl Evaluator<Othello> for Fresh {
        fn evaluate(&self, position: &Othello) -> Score {
            self.0.evaluate(position)
        }
    }

    /// A search with the stack visits the same tree as one that evaluates
    /// afresh: same nodes, score and move.
    #[test]
    fn a_search_with_the_stack_is_the_search_without() {
        let stop = AtomicBool::new(false);
        let evaluation = PatternEvaluation::new(&noisy_weights(8));
        let mut rng = Rng::new(9);
        for _ in 0..6 {
            let mut root = Othello::start();
            for _ in 0..rng.below(30) {
                let moves = root.legal_moves();
                if moves.is_empty() {
                    break;
                }
                root = root.play_unchecked(moves[rng.below(moves.len())]);
            }
            let mut incremental = Engine::new(evaluation.clone(), 1);
            let mut fresh = Engine::new(Fresh(evaluation.clone()), 1);
            let limits = Limits::depth(7);
            let a = incremental.search(&root, &[], &limits, &stop, &mut |_| {});
            let b = fresh.search(&root, &[], &limits, &stop, &mut |_| {});
            assert_eq!(
                (a.best, a.score, a.nodes),
                (b.best, b.score, b.nodes),
                "{root:?}"
            );
        }
    }
}
