//! The solver's searches above the last few empties: a principal variation
//! search for the exact score and the best line ([`Search::pvs`]), and the
//! null-window search that does nearly all the work ([`Search::nws`]), both
//! with fastest-first move ordering and stability cut-offs, and from
//! [`TABLE_MIN_EMPTIES`] on the transposition table. At four empties they hand
//! over to the last-moves functions.

use super::board::{game_over_score, moves};
use super::ordering::{Children, children, evaluation_search, score_children, select, sort_depth};
use super::parity::QUADRANT_BIT;
use super::stability::stability_cut;
use super::table::{EXACT, NO_MOVE, Table};
use super::{MAX_SCORE, MIN_SCORE};
use crate::moves::Move;
use crate::types::Square;
use std::sync::atomic::{AtomicBool, Ordering};

/// Lower than any score.
pub const BELOW: i32 = -65;

/// The most empties that the last-moves functions ([`Search::solve_last`])
/// search; above it [`Search::nws`] takes over.
const LAST_MOVES_MAX: u32 = 4;

/// The fewest empties at which [`Search::nws`] uses the transposition table.
/// At 5 and 6 empties it sorts its moves fastest-first like everywhere else,
/// but a lookup and a store cost more than the few nodes they would save
/// (FFO #53: 1,065 M nodes in 84 s with the table from 7 empties, 1,016 M in
/// 91 s from 6, 974 M in 108 s from 5; moves tried by parity at 5 and 6
/// empties, without sorting: 1,323 M in 79 s).
const TABLE_MIN_EMPTIES: u32 = 7;

/// Nodes between two looks at the stop flag.
const POLL_INTERVAL: u64 = 1 << 14;

/// Empties from which [`Search::nws`] looks up each move's position in the
/// table before searching any (enhanced transposition cut-off).
const ETC_MIN: u32 = 12;

/// The state of one search: the table, the node count and the stop flag.
pub struct Search<'a> {
    pub(super) table: &'a mut Table,
    pub(super) nodes: u64,
    stop: Option<&'a AtomicBool>,
    /// Set once the stop flag was seen: every search then unwinds at once and
    /// its results are meaningless.
    pub(super) stopped: bool,
    next_poll: u64,
    /// The probable cut-offs of a selective search; `None` in an exact one.
    pub(super) probcut: Option<EndgameProbCut>,
}

/// The probable cut-offs of a selective search (ProbCut, Buro 1995): at
/// `min_empties` empties and more, a null-window search of the pattern
/// evaluation `plies` deep that lands `margin` centi-discs beyond the window
/// cuts the node. Its results are stored at `precision` (below [`EXACT`]),
/// where an exact search takes only their best moves.
#[derive(Clone, Copy, Debug)]
pub struct EndgameProbCut {
    /// The fewest empties a cut is tried at.
    pub min_empties: u32,
    /// The plies of the evaluation search.
    pub plies: u32,
    /// How far beyond the window the evaluation search must be, in
    /// centi-discs.
    pub margin: i32,
    /// The precision of the results.
    pub precision: u8,
}

impl<'a> Search<'a> {
    pub(super) fn new(table: &'a mut Table, stop: Option<&'a AtomicBool>) -> Search<'a> {
        Search {
            table,
            nodes: 0,
            stop,
            stopped: false,
            next_poll: POLL_INTERVAL,
            probcut: None,
        }
    }

    /// Looks at the stop flag every [`POLL_INTERVAL`] nodes, and at every
    /// node of `empties` whose moves are ordered by shallow searches (each
    /// costs thousands of evaluations, so that the interval would be far too
    /// long a time there).
    #[inline(always)]
    fn poll(&mut self, empties: u32) -> bool {
        if self.nodes >= self.next_poll || sort_depth(empties) > 0 {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if let Some(stop) = self.stop {
                self.stopped |= stop.load(Ordering::Relaxed);
            }
        }
        self.stopped
    }

    /// A null-window search of any position with `empties` empty squares and
    /// quadrant parity `parity`: a fail-soft score for the window
    /// (`alpha`, `alpha + 1`).
    #[inline]
    pub(super) fn nws_any(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        empties: u32,
        parity: u8,
    ) -> i32 {
        match empties {
            0 => {
                self.nodes += 1;
                game_over_score(player, opponent)
            }
            1..=LAST_MOVES_MAX => {
                self.solve_last(player, opponent, alpha, !(player | opponent), parity)
            }
            _ => self.nws(player, opponent, alpha, empties, parity),
        }
    }

    /// The null-window search above [`LAST_MOVES_MAX`] empties.
    pub(super) fn nws(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        empties: u32,
        parity: u8,
    ) -> i32 {
        debug_assert!(empties > LAST_MOVES_MAX);
        self.nodes += 1;
        if self.poll(empties) {
            return 0;
        }
        if let Some(bound) = stability_cut(player, opponent, alpha) {
            return bound;
        }
        let with_table = empties >= TABLE_MIN_EMPTIES;
        let mut hash_move = NO_MOVE;
        if with_table && let Some(stored) = self.table.probe(player, opponent, self.precision()) {
            if stored.lower > alpha {
                return stored.lower;
            }
            if stored.upper <= alpha {
                return stored.upper;
            }
            hash_move = stored.best;
        }
        if let Some(score) = self.probable_cut(player, opponent, alpha, empties) {
            return score;
        }
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return game_over_score(player, opponent);
            }
            return -self.nws(opponent, player, -alpha - 1, empties, parity);
        }
        let mut list = Children::new();
        let hash_first = children(&mut list, player, opponent, legal, hash_move);
        if !hash_first {
            score_children(&mut list, player, opponent, (parity, empties));
        }
        if empties > TABLE_MIN_EMPTIES && empties < ETC_MIN {
            for child in &list {
                let square = usize::from(child.square);
                self.table
                    .prefetch(opponent ^ child.flips, player ^ child.flips ^ (1 << square));
            }
        }
        if empties >= ETC_MIN {
            for child in &list {
                let square = usize::from(child.square);
                let next = opponent ^ child.flips;
                let mover = player ^ child.flips ^ (1 << square);
                if let Some(stored) = self.table.probe(next, mover, self.precision())
                    && -stored.upper > alpha
                {
                    return -stored.upper;
                }
            }
        }
        let mut best = BELOW;
        let mut best_move = NO_MOVE;
        for k in 0..list.len() {
            if k == 1 && hash_first {
                score_children(&mut list[1..], player, opponent, (parity, empties));
            }
            select(&mut list, k);
            let child = list[k];
            let square = usize::from(child.square);
            let score = -self.nws_any(
                opponent ^ child.flips,
                player ^ child.flips ^ (1 << square),
                -alpha - 1,
                empties - 1,
                parity ^ QUADRANT_BIT[square],
            );
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = child.square;
                if score > alpha {
                    break;
                }
            }
        }
        if with_table {
            self.table.store(
                player,
                opponent,
                empties,
                (alpha, alpha + 1),
                best,
                best_move,
                self.precision_at(empties),
            );
        }
        best
    }

    /// The precision of the bounds this search may use: [`EXACT`] unless it
    /// is selective.
    #[inline(always)]
    fn precision(&self) -> u8 {
        self.probcut.map_or(EXACT, |probcut| probcut.precision)
    }

    /// The precision of the results at `empties` (below the probable cuts,
    /// every result is exact).
    #[inline(always)]
    fn precision_at(&self, empties: u32) -> u8 {
        match self.probcut {
            Some(probcut) if empties >= probcut.min_empties => probcut.precision,
            _ => EXACT,
        }
    }

    /// A probable cut-off of the null-window search (`alpha`, `alpha + 1`)
    /// in a selective search: `alpha + 1` when the evaluation search lands far
    /// enough above the window, `alpha` when far enough below.
    fn probable_cut(&self, player: u64, opponent: u64, alpha: i32, empties: u32) -> Option<i32> {
        let probcut = self.probcut.filter(|p| empties >= p.min_empties)?;
        let beta = alpha + 1;
        let high = 100 * beta + probcut.margin;
        if high < 100 * MAX_SCORE
            && evaluation_search(player, opponent, probcut.plies, high - 1, high) >= high
        {
            return Some(beta);
        }
        let low = 100 * alpha - probcut.margin;
        if low > 100 * MIN_SCORE
            && evaluation_search(player, opponent, probcut.plies, low, low + 1) <= low
        {
            return Some(alpha);
        }
        None
    }

    /// A principal variation search in the window (`alpha`, `beta`): the exact
    /// score if it is inside, else a bound (fail-soft). `line` receives the best
    /// line found when the score is inside the window.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pvs(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        parity: u8,
        line: &mut Vec<Move>,
    ) -> i32 {
        line.clear();
        self.nodes += 1;
        if self.poll(empties) {
            return 0;
        }
        if empties == 0 {
            return game_over_score(player, opponent);
        }
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return game_over_score(player, opponent);
            }
            let mut rest = Vec::new();
            let score = -self.pvs(opponent, player, -beta, -alpha, empties, parity, &mut rest);
            line.push(Move::PASS);
            line.append(&mut rest);
            return score;
        }
        let hash_move = self
            .table
            .probe(player, opponent, self.precision())
            .map_or(NO_MOVE, |stored| stored.best);
        let mut list = Children::new();
        let hash_first = children(&mut list, player, opponent, legal, hash_move);
        score_children(
            &mut list[usize::from(hash_first)..],
            player,
            opponent,
            (parity, empties),
        );
        let original_alpha = alpha;
        let mut best = BELOW;
        let mut best_move = NO_MOVE;
        let mut rest = Vec::new();
        for k in 0..list.len() {
            select(&mut list, k);
            let child = list[k];
            let square = usize::from(child.square);
            let (next, mover) = (opponent ^ child.flips, player ^ child.flips ^ (1 << square));
            let child_parity = parity ^ QUADRANT_BIT[square];
            let mut score;
            if k == 0 {
                score = -self.pvs(
                    next,
                    mover,
                    -beta,
                    -alpha,
                    empties - 1,
                    child_parity,
                    &mut rest,
                );
            } else {
                score = -self.nws_any(next, mover, -alpha - 1, empties - 1, child_parity);
                if !self.stopped && score > alpha && score < beta {
                    score = -self.pvs(
                        next,
                        mover,
                        -beta,
                        -alpha,
                        empties - 1,
                        child_parity,
                        &mut rest,
                    );
                } else {
                    rest.clear();
                }
            }
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = child.square;
                if score > alpha {
                    alpha = score;
                    line.clear();
                    line.push(Move::place(Square::new(child.square)));
                    line.extend_from_slice(&rest);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.table.store(
            player,
            opponent,
            empties,
            (original_alpha, beta),
            best,
            best_move,
            self.precision_at(empties),
        );
        best
    }
}
