//! The attack-map board as a [`ChessBoard`].
//!
//! The shared chess engine searches it with the seed's staged captures as
//! its noisy moves ([`VictimWalk`]): victim-first in MVV/LVA order straight
//! from the maps, one victim at a time, cut at the first futile victim in
//! quiescence and without under-promotions there. The exchange evaluation
//! reads the maps too; the evaluation is ply's, run on the board converted
//! to a [`Position`].
//!
//! Make/unmake on one board, the seed's own way, is `AttackBoard::make` and
//! `AttackBoard::unmake`; `Game::play_unchecked` copies.

use super::movegen::VictimWalk;
use super::{AttackBoard, AttackBoardError};
use crate::game::ChessBoard;
use crate::movegen::Stage;
use crate::moves::Move;
use crate::position::Position;
use crate::state::GameState;
use crate::types::{Piece, Square};
use ply_core::MoveList;
use std::borrow::Cow;

impl ChessBoard for AttackBoard {
    type PositionError = AttackBoardError;
    type Noisy = VictimWalk;

    /// Refused where the promoted pieces outnumber the missing pawns.
    fn from_position(position: &Position) -> Result<Self, AttackBoardError> {
        AttackBoard::from_position(position)
    }

    /// The board converted.
    fn as_position(&self) -> Cow<'_, Position> {
        Cow::Owned(self.to_position())
    }

    /// A look at the side to move's maps on the other king's square.
    #[inline]
    fn mover_in_check(&self) -> bool {
        let us = self.state.side.index();
        let king = self.king_square(1 - us);
        self.leaper_attacks[us][king] != 0 || self.slider_attacks[us][king] != 0
    }

    #[inline(always)]
    fn state(&self) -> &GameState {
        &self.state
    }

    #[inline(always)]
    fn state_mut(&mut self) -> &mut GameState {
        &mut self.state
    }

    /// From the piece slots.
    fn has_pieces(&self) -> bool {
        AttackBoard::has_pieces(self, self.state.side.index())
    }

    #[inline]
    fn piece_on(&self, square: Square) -> Option<Piece> {
        AttackBoard::piece_on(self, square)
    }

    #[inline]
    fn generate(&self, stage: Stage, moves: &mut MoveList<Move>) {
        AttackBoard::generate(self, stage, moves);
    }

    /// The exchange read off the attack maps.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.exchange(mv) >= threshold
    }

    fn count_legal(&self) -> u64 {
        AttackBoard::count_legal(self)
    }

    /// A copy of the board with the move made on it.
    #[inline]
    fn play_unchecked(&self, mv: Move) -> Self {
        AttackBoard::play_unchecked(self, mv)
    }

    /// A look at the opponent's maps on the king's square.
    #[inline]
    fn is_check(&self) -> bool {
        let us = self.state.side.index();
        let king = self.king_square(us);
        self.leaper_attacks[1 - us][king] != 0 || self.slider_attacks[1 - us][king] != 0
    }

    fn is_insufficient_material(&self) -> bool {
        AttackBoard::is_insufficient_material(self)
    }
}
