//! The Othello engine: what ply-core's search needs to know about Othello
//! ([`Searchable`]) and a midgame evaluation ([`Evaluation`]).

pub mod eval;

pub use eval::Evaluation;

use crate::generators::MoveGenerator;
use crate::moves::Move;
use crate::position::Position;
use ply_core::search::{Features, NoMoves, Score, Searchable};

impl<G: MoveGenerator> Searchable for Position<G> {
    /// Othello has no captures to resolve and zugzwang is common (passing is
    /// a real move), so only late move reductions are used.
    const FEATURES: Features = Features {
        late_move_reductions: true,
        ..Features::SOUND
    };

    fn history_index(&self, mv: Move) -> usize {
        mv.square().map_or(64, |s| s.index())
    }

    /// The game is over: the disc count decides (100 per disc).
    fn no_moves_score(&self) -> NoMoves {
        NoMoves::Final(Score(100 * self.final_score()))
    }
}
