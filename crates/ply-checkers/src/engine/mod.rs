//! The checkers engine: what ply-core's search needs to know about checkers
//! ([`Searchable`]) and an evaluation ([`Evaluation`]).
//!
//! The seed's scheme — a nominal depth, extended while a jump is pending — is
//! the search's quiescence here: a position where the side to move must jump
//! is "forcing", so quiescence keeps playing the jumps until a quiet position
//! is reached, however deep.
//!
//! In the search's stages, captures are mandatory: where a jump exists the
//! noisy stage gives the jumps (most pieces taken first) and the quiet stage
//! nothing; elsewhere the noisy stage is empty and the quiet stage gives the
//! plain moves.

pub mod eval;

pub use eval::Evaluation;

use crate::moves::Move;
use crate::position::Position;
use ply_core::search::{AllNoisy, Features, NoMoves, Searchable};
use ply_core::{Game, MoveList};

/// How far back repetitions are looked for once kings are on the board.
const REPETITION_WINDOW: usize = 100;

impl Searchable for Position {
    /// Zugzwang decides many checkers endings, so no null move and no pruning
    /// by the static score; late quiet moves are reduced.
    const FEATURES: Features = Features {
        late_move_reductions: true,
        ..Features::SOUND
    };

    type Noisy = AllNoisy;

    /// A pending jump must be played: no standing pat.
    #[inline]
    fn is_forcing(&self) -> bool {
        self.must_capture()
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    /// The jumps, if any, more pieces taken first, kings counting double.
    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        if !self.must_capture() {
            return;
        }
        self.generate_moves(moves);
        let kings = self.kings();
        moves.sort_by_key(|mv| {
            let captured = mv.captured();
            std::cmp::Reverse(captured.count_ones() + (captured & kings).count_ones())
        });
    }

    /// The plain moves, when no jump is pending.
    fn generate_quiet(&self, moves: &mut MoveList<Move>) {
        if !self.must_capture() {
            self.generate_moves(moves);
        }
    }

    /// The squares, the number of jumps and a bit that keeps it from 0 (a
    /// king's jumps may end where they began); two jump paths between the
    /// same squares with as many jumps share a packing, and the first one
    /// generated stands for both.
    fn pack_move(mv: Move) -> u16 {
        (mv.from().index() | mv.to().index() << 5 | mv.jumps().min(15) << 10 | 1 << 15) as u16
    }

    /// A plain move where a jump is pending, or a jump where none is, is
    /// not legal; otherwise a look through the legal moves.
    fn is_legal(&self, mv: Move) -> bool {
        mv.is_capture() == self.must_capture() && self.legal_moves().contains(&mv)
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
