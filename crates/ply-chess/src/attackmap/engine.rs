//! The attack-map board behind ply's game and search traits.
//!
//! The shared chess engine ([`crate::engine`]) searches it through
//! [`ChessBoard`], with the seed's staged captures as its noisy source
//! ([`VictimWalk`]): victim-first in MVV/LVA order straight from the maps,
//! one victim at a time, cut at the first futile victim in quiescence and
//! without under-promotions there. The exchange evaluation reads the maps
//! too; the evaluation is ply's, run on the board converted to a
//! [`Position`].

use super::movegen::VictimWalk;
use super::{AttackBoard, AttackBoardError};
use crate::engine::{ChessBoard, Evaluation, chess_search};
use crate::movegen::Stage;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, Piece, Square};
use ply_core::MoveList;
use ply_core::search::{Evaluator, Score};

// Make/unmake on one board, the seed's own way, is `AttackBoard::make` and
// `AttackBoard::unmake`; `Game::play` copies.
crate::game::seed_board_game!(AttackBoard, AttackBoardError);
chess_search!(AttackBoard, VictimWalk);

impl ChessBoard for AttackBoard {
    #[inline]
    fn side(&self) -> Color {
        self.side
    }

    #[inline]
    fn piece_on(&self, square: Square) -> Option<Piece> {
        AttackBoard::piece_on(self, square)
    }

    #[inline]
    fn generate(&self, stage: Stage, moves: &mut MoveList<Move>) {
        AttackBoard::generate(self, stage, moves);
    }

    #[inline]
    fn is_check(&self) -> bool {
        AttackBoard::is_check(self)
    }

    /// A look at the side to move's maps on the other king's square.
    fn mover_in_check(&self) -> bool {
        let us = self.side.index();
        let king = self.king_square(1 - us);
        self.leaper_attacks[us][king] != 0 || self.slider_attacks[us][king] != 0
    }

    fn has_pieces(&self) -> bool {
        AttackBoard::has_pieces(self, self.side.index())
    }

    fn pass(&self) -> Option<AttackBoard> {
        AttackBoard::null_move(self)
    }

    #[inline]
    fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    fn is_insufficient_material(&self) -> bool {
        AttackBoard::is_insufficient_material(self)
    }

    /// The exchange read off the attack maps.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.exchange(mv) >= threshold
    }
}

impl Evaluator<AttackBoard> for Evaluation {
    /// ply's evaluation of the same position.
    fn evaluate(&self, board: &AttackBoard) -> Score {
        Evaluator::<Position>::evaluate(self, &board.to_position())
    }
}
