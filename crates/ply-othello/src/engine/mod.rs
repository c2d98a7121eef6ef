//! The Othello engine: what ply-core's search needs to know about Othello
//! ([`Searchable`]), and [`OthelloPlayer`], the midgame search and the exact solver
//! behind one call that chooses between them. It evaluates with
//! [`crate::engine::eval`] (re-exported here as [`Evaluation`]), which the solver's
//! move ordering uses too.

pub mod bench;
pub mod driver;
pub mod eval;
pub mod probcut;
pub mod solve;

pub use crate::engine::eval::Evaluation;
pub use driver::{OthelloPlayer, Reach};

use crate::movegen::MoveGenerator;
use crate::moves::Move;
use crate::position::Position;
use crate::types::Square;
use ply_core::Game;
use ply_core::search::{AllNoisy, Features, ProbCut, Searchable};

/// The squares of each class, best first: corners; edges but for the
/// squares next to a corner (C-squares); the centre (two or more from every
/// edge); the inner ring but for the diagonal neighbours of the corners
/// (X-squares); the C-squares; the X-squares.
const SQUARE_CLASSES: [u64; 6] = {
    let mut classes = [0u64; 6];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = (sq % 8, sq / 8);
        // Distance to the nearest edge along each axis.
        let dx = if file < 4 { file } else { 7 - file };
        let dy = if rank < 4 { rank } else { 7 - rank };
        let class = match (dx, dy) {
            (0, 0) => 0,
            (0, 1) | (1, 0) => 4,
            (1, 1) => 5,
            (0, _) | (_, 0) => 1,
            (1, _) | (_, 1) => 3,
            _ => 2,
        };
        classes[class] |= 1 << sq;
        sq += 1;
    }
    classes
};

impl<G: MoveGenerator> Searchable for Position<G> {
    /// Othello has no captures to resolve and zugzwang is common (passing is
    /// a real move), so only late move reductions are used.
    const FEATURES: Features = Features {
        late_move_reductions: true,
        ..Features::SOUND
    };

    /// No captures: the search's stages are the table move, then every
    /// move (the quiet stage) by history, starting from the game's own order.
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

    /// Every move, by square class: corners, edges, the centre, the inner
    /// ring, then the squares next to the corners: the order the search's
    /// selection by history starts from.
    fn generate_quiet(&self, moves: &mut ply_core::MoveList<Move>) {
        let squares = self.move_squares();
        if squares == 0 {
            self.generate_moves(moves);
            return;
        }
        for class in SQUARE_CLASSES {
            moves.extend(Square::in_bitboard(squares & class).map(Move::place));
        }
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.square().map_or(64, |s| s.index())
    }

    /// Multi-ProbCut's model by stage and depth, fitted for [`Evaluation`]
    /// ([`probcut`]).
    fn probcut(&self, depth: i32) -> Option<ProbCut> {
        probcut::model(self.empty().count_ones(), depth)
    }
}

#[cfg(test)]
mod tests {
    use super::SQUARE_CLASSES;

    #[test]
    fn the_square_classes_cover_the_board_once() {
        assert_eq!(SQUARE_CLASSES.iter().fold(0, |all, c| all | c), u64::MAX);
        assert_eq!(
            SQUARE_CLASSES.iter().map(|c| c.count_ones()).sum::<u32>(),
            64
        );
        assert_eq!(SQUARE_CLASSES[0], 0x8100_0000_0000_0081, "the corners");
        assert_eq!(SQUARE_CLASSES[5], 0x0042_0000_0000_4200, "the X-squares");
        assert_eq!(SQUARE_CLASSES[2], 0x0000_3C3C_3C3C_0000, "the centre");
    }
}
