//! The checkers engine: what ply-core's search needs to know about checkers
//! ([`Searchable`]) and an evaluation ([`Evaluation`]).
//!
//! The seed's scheme — a nominal depth, extended while a jump is pending — is
//! the search's quiescence here: a position where the side to move must jump
//! is "forcing", so quiescence keeps playing the jumps until a quiet position
//! is reached, however deep.

pub mod eval;

pub use eval::Evaluation;

use crate::moves::Move;
use crate::position::Position;
use ply_core::search::{Features, NoMoves, Searchable};

/// How far back repetitions are looked for once kings are on the board.
const REPETITION_WINDOW: usize = 100;

impl Searchable for Position {
    /// Zugzwang decides many checkers endings, so no null move and no pruning
    /// by the static score; late quiet moves are reduced.
    const FEATURES: Features = Features {
        late_move_reductions: true,
        ..Features::SOUND
    };

    /// A pending jump must be played: no standing pat.
    #[inline]
    fn is_forcing(&self) -> bool {
        self.must_capture()
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// More pieces taken first, kings counting double.
    fn noisy_order(&self, mv: Move) -> i32 {
        let captured = mv.captured();
        let kings = captured & self.kings();
        (captured.count_ones() + kings.count_ones()) as i32
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.from().index() * 32 + mv.to().index()
    }

    /// A side that cannot move has lost.
    fn no_moves_score(&self) -> NoMoves {
        NoMoves::Lost
    }

    /// Men never move back, so only positions with kings can repeat; the
    /// search's repetition check (by hash) is skipped without them.
    fn reversible_plies(&self) -> usize {
        if self.kings() == 0 {
            0
        } else {
            REPETITION_WINDOW
        }
    }
}
