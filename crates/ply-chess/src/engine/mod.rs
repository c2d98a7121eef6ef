//! The chess engine: what ply-core's search needs to know about chess
//! ([`Searchable`]), static exchange evaluation and a tapered evaluation.

pub mod eval;
pub mod see;

pub use eval::Evaluation;

use crate::bitboard::Bitboard;
use crate::movegen::Stage;
use crate::moves::Move;
use crate::position::Position;
use crate::types::Role;
use ply_core::search::{Features, NoMoves, Searchable};
use ply_core::{Game, MoveList};

/// Values for ordering captures by victim and attacker.
const ORDER_VALUE: [i32; 6] = [1, 3, 3, 5, 9, 20];

/// The ordering key of a noisy move: most valuable victim first, then least
/// valuable attacker; promotions by the piece they make. `victim` and
/// `attacker` are the roles on the move's squares.
#[must_use]
pub(crate) fn mvv_lva(mv: Move, victim: Option<Role>, attacker: Option<Role>) -> i32 {
    let victim = if mv.is_en_passant() {
        ORDER_VALUE[Role::Pawn.index()]
    } else {
        victim.map_or(0, |r| ORDER_VALUE[r.index()])
    };
    let attacker = attacker.map_or(0, |r| ORDER_VALUE[r.index()]);
    let promotion = mv.promotion().map_or(0, |r| ORDER_VALUE[r.index()] * 10);
    victim * 100 - attacker + promotion
}

impl Searchable for Position {
    const FEATURES: Features = Features::ALL;

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        self.generate(Stage::Noisy, moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    /// Most valuable victim first, then least valuable attacker; promotions by
    /// the piece they make.
    fn noisy_order(&self, mv: Move) -> i32 {
        mvv_lva(mv, self.role_on(mv.to()), self.role_on(mv.from()))
    }

    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        see::at_least(self, mv, threshold)
    }

    /// Passing is allowed when not in check and the side to move has pieces
    /// besides pawns (without them zugzwang is too common).
    fn null_move(&self) -> Option<Position> {
        let us = self.side_to_move();
        let pieces = self.color(us) - self.pieces(us, Role::Pawn) - self.pieces(us, Role::King);
        if pieces == Bitboard::EMPTY {
            return None;
        }
        Position::null_move(self)
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }

    fn no_moves_score(&self) -> NoMoves {
        if self.is_check() {
            NoMoves::Lost
        } else {
            NoMoves::Drawn
        }
    }

    fn reversible_plies(&self) -> usize {
        usize::from(self.halfmove_clock())
    }

    fn is_draw_by_rule(&self) -> bool {
        crate::game::drawn_by_rule(
            self.halfmove_clock(),
            || self.is_check() && Game::count_moves(self) == 0,
            || self.is_insufficient_material(),
        )
    }
}
