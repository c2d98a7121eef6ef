//! The exact endgame solver: the final disc difference with perfect play by
//! both sides, the best move and the best line.
//!
//! ```
//! use ply_core::Game;
//! use ply_othello::Othello;
//! use ply_othello::engine::solve::{Bound, Solver};
//!
//! // FFO #1 ... a position with 14 empties; black to move wins by 18 with g8.
//! let position = Othello::parse_position(
//!     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
//! ).unwrap();
//! let mut solver = Solver::new(16).unwrap();
//! let solution = solver.solve(&position);
//! assert_eq!(solution.score, 18);
//! assert_eq!(solution.bound, Bound::Exact);
//! assert_eq!(solution.best_move.unwrap().to_string(), "g8");
//! assert_eq!(solution.pv[0].to_string(), "g8");
//! ```
//!
//! # How it searches
//!
//! Negamax alpha-beta on the two bitboards of the position (the side to move's
//! discs and the other side's), in layers by the number of empty squares:
//!
//! - a principal variation search at the root and along the best line
//!   (`search.rs`), the other moves proved worse by null-window searches;
//! - null-window searches down to 5 empties with fastest-first move ordering,
//!   helped far from the end by the pattern evaluation (`ordering.rs`),
//!   stability cut-offs (`stability.rs`), and from 7 empties the
//!   transposition table (`table.rs`), with an enhanced transposition cut-off
//!   at 12 empties and more;
//! - from 18 empties, two selective searches first, whose probable cut-offs
//!   (ProbCut on a 2-ply search of the pattern evaluation, 4 then 9 discs
//!   beyond the window) make them quick: the best moves of each, kept in the
//!   table, order the next, and the exact search that follows uses none of
//!   their bounds;
//! - for the last four empties, functions specialised by the number of
//!   empties that test each empty square directly, odd quadrants first
//!   (`last_moves.rs`, `parity.rs`), the very
//!   last move scored by counting its flips from a table (`last_flip.rs`).
//!
//! # Scores
//!
//! A score is the final disc difference for the side to move, empty squares
//! going to the winner (as in [`Position::final_score`]): from -64 to 64. A
//! finished game scores its [`Position::final_score`] and has no best move; a
//! position where the side to move must pass has the best move
//! [`Move::PASS`].
//!
//! # Use from an engine or a protocol
//!
//! Keep one [`Solver`] for a game: its transposition table holds facts about
//! positions (bounds on their exact scores), which stay true from one search to
//! the next, so later searches reuse earlier work. [`Solver::search`] takes
//! [`Options`]: a window (for a win/loss/draw answer, or to test a bound
//! cheaply) and a stop flag that another thread may set to abandon the search.

mod board;
mod last_flip;
mod last_moves;
mod ordering;
mod parity;
mod search;
pub mod stability;
mod table;

#[cfg(test)]
mod tests;

pub use last_flip::count_last_flips;

use crate::movegen::MoveGenerator;
use crate::moves::Move;
use crate::position::Position;
use search::Search;
use std::sync::atomic::AtomicBool;
use table::Table;

/// The lowest score: every disc the opponent's.
pub const MIN_SCORE: i32 = -64;
/// The highest score: every disc the mover's.
pub const MAX_SCORE: i32 = 64;

/// Transposition table size of [`Solver::default`], in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The fewest empties at which [`Solver::search`] first searches selectively
/// (each of [`SELECTIVE_PASSES`]), then exactly.
const SELECTIVE_MIN_EMPTIES: u32 = 18;

/// The probable cut-offs of the selective searches before the exact one,
/// least sure first: from 14 empties, a 2-ply evaluation search 4 discs, then
/// 9 discs, beyond the window. Each stores its results at its own precision,
/// so that the surer one takes only the quicker one's best moves, and its
/// own best moves order the exact search (FFO #51-#53: 1.63 G nodes against
/// 1.95 G with the 9-disc search alone).
const SELECTIVE_PASSES: [search::EndgameProbCut; 2] = [
    search::EndgameProbCut {
        min_empties: 14,
        plies: 2,
        margin: 400,
        precision: 1,
    },
    search::EndgameProbCut {
        min_empties: 14,
        plies: 2,
        margin: 900,
        precision: 2,
    },
];

/// Half the width of the window the exact search starts with round the
/// last selective search's score (FFO #57: 2 discs failed low, and with the
/// search again below it took 1.70 G nodes against 1.29 G).
const ASPIRATION: i32 = 4;

/// What a search proved about the score: exact (inside the window), at
/// least the score (at or above beta), at most the score (at or below
/// alpha); the search's own bound type.
pub use ply_core::search::Bound;

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final disc difference for the side to move (or a bound on it, see
    /// [`bound`](Self::bound)).
    pub score: i32,
    /// Whether [`score`](Self::score) is exact or a bound.
    pub bound: Bound,
    /// The best move: [`Move::PASS`] when the side to move must pass, `None`
    /// when the game is over. With a [`Bound::Lower`] result it is a move that
    /// reaches the bound; with [`Bound::Upper`] it is only the move that
    /// looked best.
    pub best_move: Option<Move>,
    /// The best line from the position, passes included (empty when the game
    /// is over). Complete with an exact score; with a bound it may stop early.
    pub pv: Vec<Move>,
    /// Positions searched.
    pub nodes: u64,
    /// Empty squares in the position.
    pub empties: u32,
}

/// How to search: the window and a stop flag.
#[derive(Clone, Copy, Debug)]
pub struct Options<'a> {
    /// Scores at or below `alpha` are only proved as upper bounds.
    pub alpha: i32,
    /// Scores at or above `beta` are only proved as lower bounds.
    pub beta: i32,
    /// When set (by another thread, say), the search stops as soon as it looks
    /// (every few thousand nodes) and returns [`SolveError::Stopped`].
    pub stop: Option<&'a AtomicBool>,
}

impl Default for Options<'_> {
    /// The exact score, no stop flag.
    fn default() -> Self {
        Options::exact()
    }
}

impl<'a> Options<'a> {
    /// The exact score: the full window (-65, 65).
    #[must_use]
    pub const fn exact() -> Options<'a> {
        Options {
            alpha: MIN_SCORE - 1,
            beta: MAX_SCORE + 1,
            stop: None,
        }
    }

    /// Win, loss or draw only: the window (-1, 1). The score is then 0 for a
    /// draw, a lower bound >= 1 for a win, an upper bound <= -1 for a loss.
    #[must_use]
    pub const fn win_loss_draw() -> Options<'a> {
        Options {
            alpha: -1,
            beta: 1,
            stop: None,
        }
    }

    /// The window (`alpha`, `beta`), which must hold at least one score
    /// (`alpha < beta - 1`) or be a null window (`beta == alpha + 1`).
    #[must_use]
    pub const fn window(alpha: i32, beta: i32) -> Options<'a> {
        Options {
            alpha,
            beta,
            stop: None,
        }
    }

    /// The same options with a stop flag.
    #[must_use]
    pub const fn with_stop(self, stop: &'a AtomicBool) -> Options<'a> {
        Options {
            stop: Some(stop),
            ..self
        }
    }
}

/// A search that did not finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The stop flag was set.
    #[error("the search was stopped after {nodes} nodes")]
    Stopped {
        /// Positions searched before the search noticed.
        nodes: u64,
    },
    /// `alpha >= beta`.
    #[error("empty search window ({alpha}, {beta})")]
    EmptyWindow {
        /// The lower end given.
        alpha: i32,
        /// The upper end given.
        beta: i32,
    },
}

/// The transposition table could not be allocated (the error of every
/// player's tables).
pub use ply_core::player::AllocationError;

/// An endgame solver: a transposition table and the searches that use it.
///
/// One thread at a time (it is `Send`: move it to a search thread and back).
pub struct Solver {
    table: Table,
    megabytes: usize,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("hash_mb", &self.megabytes)
            .finish_non_exhaustive()
    }
}

impl Default for Solver {
    /// A solver with a [`DEFAULT_HASH_MB`] MiB table.
    ///
    /// # Panics
    /// If that memory cannot be had.
    fn default() -> Self {
        Solver::new(DEFAULT_HASH_MB).expect("memory for the default transposition table")
    }
}

impl Solver {
    /// A solver with a transposition table of about `hash_mb` MiB (0 gives the
    /// smallest table, two entries; 16 to 256 MiB suit 20 to 30 empties).
    ///
    /// # Errors
    /// [`AllocationError`] if the memory cannot be had.
    pub fn new(hash_mb: usize) -> Result<Solver, AllocationError> {
        let table = Table::new(hash_mb).map_err(|megabytes| AllocationError { megabytes })?;
        Ok(Solver {
            table,
            megabytes: hash_mb,
        })
    }

    /// The table size asked for, in MiB.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.megabytes
    }

    /// Empties the transposition table (results stay correct without this: it
    /// only makes runs independent of earlier ones, for timing).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact score, best move and best line of `position`.
    pub fn solve<G: MoveGenerator>(&mut self, position: &Position<G>) -> Solution {
        self.search(position, &Options::exact())
            .expect("a search without a stop flag and with the full window finishes")
    }

    /// Searches `position` with the window and stop flag of `options`.
    ///
    /// # Errors
    /// [`SolveError::Stopped`] if the stop flag was set before the search
    /// finished; [`SolveError::EmptyWindow`] if `alpha >= beta`.
    pub fn search<G: MoveGenerator>(
        &mut self,
        position: &Position<G>,
        options: &Options<'_>,
    ) -> Result<Solution, SolveError> {
        let (alpha, beta) = (options.alpha, options.beta);
        if alpha >= beta {
            return Err(SolveError::EmptyWindow { alpha, beta });
        }
        // Scores outside -64..=64 cannot happen: narrow the window to what can.
        let (alpha, beta) = (
            alpha.clamp(MIN_SCORE - 1, MAX_SCORE),
            beta.clamp(MIN_SCORE, MAX_SCORE + 1),
        );
        let (player, opponent) = (position.player(), position.opponent());
        let empty = position.empty();
        let empties = empty.count_ones();
        self.table.new_search();
        let mut search = Search::new(&mut self.table, options.stop);
        let mut pv = Vec::new();
        let mut window = (alpha, beta);
        let passes = if empties >= SELECTIVE_MIN_EMPTIES {
            &SELECTIVE_PASSES[..]
        } else {
            &[]
        };
        for &pass in passes {
            // Selective searches first, each surer than the last: their best
            // moves order the next, and the exact one starts with a window
            // round the last score.
            search.probcut = Some(pass);
            let guess = search.pvs(
                player,
                opponent,
                alpha,
                beta,
                empties,
                parity::parity(empty),
                &mut pv,
            );
            search.probcut = None;
            window = (
                (guess - ASPIRATION).clamp(alpha, beta - 1),
                (guess + ASPIRATION).clamp(alpha + 1, beta),
            );
        }
        let mut score;
        loop {
            score = search.pvs(
                player,
                opponent,
                window.0,
                window.1,
                empties,
                parity::parity(empty),
                &mut pv,
            );
            if search.stopped {
                break;
            }
            // Outside the window: search again on that side of it.
            if score <= window.0 && score > alpha {
                window = (alpha, score + 1);
            } else if score >= window.1 && score < beta {
                window = (score - 1, beta);
            } else {
                break;
            }
        }
        let nodes = search.nodes;
        if search.stopped {
            return Err(SolveError::Stopped { nodes });
        }
        let bound = if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let best_move = if position.is_game_over() {
            None
        } else if position.move_squares() == 0 {
            Some(Move::PASS)
        } else if let Some(&first) = pv.first() {
            Some(first)
        } else {
            self.table
                .probe(player, opponent, table::EXACT)
                .and_then(|stored| (stored.best < 64).then_some(stored.best))
                .map(|square| Move::place(crate::types::Square::new(square)))
        };
        Ok(Solution {
            score,
            bound,
            best_move,
            pv,
            nodes,
            empties,
        })
    }

    /// The exact score of every legal move of `position` (the score of the
    /// position after it, from the mover's side), best first; a single
    /// [`Move::PASS`] when the side to move must pass, nothing when the game is
    /// over. `stop` works as in [`Options::stop`].
    ///
    /// # Errors
    /// [`SolveError::Stopped`] if the stop flag was set before the end.
    pub fn score_moves<G: MoveGenerator>(
        &mut self,
        position: &Position<G>,
        stop: Option<&AtomicBool>,
    ) -> Result<Vec<(Move, i32)>, SolveError> {
        use ply_core::Game;
        let mut scores = Vec::new();
        let options = Options {
            stop,
            ..Options::exact()
        };
        for mv in position.legal_moves() {
            let after = position.play_unchecked(mv);
            let solution = self.search(&after, &options)?;
            scores.push((mv, -solution.score));
        }
        scores.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
        Ok(scores)
    }
}

/// Solves `position` exactly with a fresh 16 MiB table (for one-off use; keep
/// a [`Solver`] to solve several positions).
///
/// # Panics
/// If 16 MiB cannot be allocated.
#[must_use]
pub fn solve<G: MoveGenerator>(position: &Position<G>) -> Solution {
    Solver::new(16)
        .expect("16 MiB for the transposition table")
        .solve(position)
}
