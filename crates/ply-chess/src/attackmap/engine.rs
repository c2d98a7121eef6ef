//! The attack-map board behind ply's game and search traits.
//!
//! Its staged captures are the search's capture source: quiescence gets them
//! victim-first in MVV/LVA order from the maps, cut at the first futile
//! victim (`generate_noisy_within`), and `noisy_order` ranks moves the same
//! way (victim slot, then attacker in extraction order), so the search tries
//! them in the order the seed generates them. The exchange evaluation reads
//! the maps too; the evaluation is ply's, run on the board converted to a
//! [`Position`].

use super::slots::{DUMMY, LEAPER_BIT, PAWNS, PRE_PROMOTED, slider_bit, slot};
use super::{AttackBoard, AttackBoardError, TO_MAILBOX};
use crate::engine::Evaluation;
use crate::movegen::Stage;
use crate::moves::Move;
use crate::position::Position;
use ply_core::search::{Evaluator, Features, NoMoves, Score, Searchable};
use ply_core::{Game, MoveList};

// Make/unmake on one board, the seed's own way, is `AttackBoard::make` and
// `AttackBoard::unmake`; `Game::play` copies.
crate::game::seed_board_game!(AttackBoard, AttackBoardError);

/// The rank of the piece `code` among the attackers of a square, in the
/// seed's extraction order: pawns, knights, the king, then the sliders
/// least valuable first.
fn attacker_rank(board: &AttackBoard, code: u8) -> i32 {
    let s = slot(code);
    match board.kind[usize::from(code)] {
        0 => 0,
        1 | 5 => LEAPER_BIT[usize::from(s)].trailing_zeros() as i32,
        _ => 16 + slider_bit(s).trailing_zeros() as i32,
    }
}

impl Searchable for AttackBoard {
    const FEATURES: Features = Features::ALL;

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
    }

    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        self.generate(Stage::Noisy, moves);
    }

    /// The seed's staged captures with futility by victim.
    fn generate_noisy_within(&self, gap: i32, moves: &mut MoveList<Move>) {
        AttackBoard::generate_noisy_within(self, gap, moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture() || mv.promotion().is_some()
    }

    /// The generation order as a key: captures of pieces by victim slot and
    /// attacker rank, then promotions, then captures of pawns.
    fn noisy_order(&self, mv: Move) -> i32 {
        let from = usize::from(TO_MAILBOX[mv.from().index()]);
        let to = usize::from(TO_MAILBOX[mv.to().index()]);
        let attacker = attacker_rank(self, self.board[from]);
        let promotion = mv.promotion().map_or(0, |r| r as i32);
        if !mv.is_capture() {
            return 10_000 + promotion;
        }
        let victim = if mv.is_en_passant() {
            PAWNS
        } else {
            slot(self.board[to])
        };
        let stage = if victim < PRE_PROMOTED { 20_000 } else { 5_000 };
        stage - 200 * i32::from(victim.min(DUMMY)) - 4 * attacker + promotion
    }

    /// The exchange read off the attack maps.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.exchange(mv) >= threshold
    }

    /// As on [`Position`]: not in check, and with pieces besides pawns.
    fn null_move(&self) -> Option<AttackBoard> {
        if !self.has_pieces(self.side.index()) {
            return None;
        }
        AttackBoard::null_move(self)
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
        usize::from(self.halfmove_clock)
    }

    fn is_draw_by_rule(&self) -> bool {
        crate::game::drawn_by_rule(
            self.halfmove_clock,
            || self.is_check() && Game::count_moves(self) == 0,
            || self.is_insufficient_material(),
        )
    }
}

impl Evaluator<AttackBoard> for Evaluation {
    /// ply's evaluation of the same position.
    fn evaluate(&self, board: &AttackBoard) -> Score {
        Evaluator::<Position>::evaluate(self, &board.to_position())
    }
}
