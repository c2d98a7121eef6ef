//! The attack-map board behind ply's game and search traits.
//!
//! The shared chess engine ([`crate::engine`]) searches it with the seed's
//! staged captures as its noisy source ([`VictimWalk`]): victim-first in
//! MVV/LVA order straight from the maps, one victim at a time, cut at the
//! first futile victim in quiescence and without under-promotions there.
//! The exchange evaluation reads the maps too; the evaluation is ply's, run
//! on the board converted to a [`Position`](crate::Position).

use super::movegen::VictimWalk;
use super::{AttackBoard, AttackBoardError};
use crate::engine::chess_engine;
use crate::moves::Move;

// Make/unmake on one board, the seed's own way, is `AttackBoard::make` and
// `AttackBoard::unmake`; `Game::play_unchecked` copies.
crate::game::seed_board_game!(AttackBoard, AttackBoardError);
chess_engine!(AttackBoard, VictimWalk, converted);

impl AttackBoard {
    /// Whether the side that just moved left its king attacked: a look at
    /// the side to move's maps on that king's square.
    fn mover_in_check(&self) -> bool {
        let us = self.state.side.index();
        let king = self.king_square(1 - us);
        self.leaper_attacks[us][king] != 0 || self.slider_attacks[us][king] != 0
    }

    /// Whether the side to move has pieces besides pawns and the king.
    fn side_has_pieces(&self) -> bool {
        self.has_pieces(self.state.side.index())
    }

    /// The exchange read off the attack maps.
    fn exchange_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.exchange(mv) >= threshold
    }
}
