//! The Othello engine: what ply-core's search needs to know about Othello
//! ([`Searchable`]) and a midgame evaluation ([`Evaluation`]).

pub mod eval;

pub use eval::Evaluation;

use crate::generators::MoveGenerator;
use crate::position::Position;
use crate::square::{Move, Square};
use ply_core::Game;
use ply_core::search::{AllNoisy, Features, NoMoves, Score, Searchable};

impl<G: MoveGenerator> Searchable for Position<G> {
    /// Othello has no captures to resolve and zugzwang is common (passing is
    /// a real move), so only late move reductions are used.
    const FEATURES: Features = Features {
        late_move_reductions: true,
        ..Features::SOUND
    };

    /// No captures: the search's stages are the table move, then every
    /// move (the quiet stage) by history.
    type Noisy = AllNoisy;

    /// The square's index plus one; 65 for the pass.
    fn pack_move(mv: Move) -> u16 {
        mv.square().map_or(65, |s| s.index() as u16 + 1)
    }

    /// A square is legal when the side to move can play it (one look at its
    /// move squares); the pass when the generator gives it.
    fn unpack_move(&self, packed: u16) -> Option<Move> {
        match packed {
            1..=64 => {
                let square = Square::new(packed as u8 - 1);
                (self.move_squares() >> square.index() & 1 != 0).then_some(Move::place(square))
            }
            65 => self
                .legal_moves()
                .contains(&Move::PASS)
                .then_some(Move::PASS),
            _ => None,
        }
    }

    fn generate_quiet(&self, moves: &mut ply_core::MoveList<Move>) {
        self.generate_moves(moves);
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.square().map_or(64, |s| s.index())
    }

    /// The game is over: the disc count decides (100 per disc).
    fn no_moves_score(&self) -> NoMoves {
        NoMoves::Final(Score(100 * self.final_score()))
    }
}
