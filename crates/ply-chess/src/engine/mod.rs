//! The chess engine: what ply-core's search needs to know about chess
//! ([`Searchable`](ply_core::search::Searchable)), static exchange
//! evaluation and a tapered evaluation.
//!
//! The three boards ([`Position`](crate::Position), the GNU board and the attack-map board)
//! share one implementation of the search interface, in [`searchable`]:
//! each board answers the few questions of [`ChessBoard`] and gets
//! `Searchable` from them. This module holds what that implementation
//! uses: move ordering keys, legality checks without generating
//! (`legal.rs`), the exchange evaluation, and the evaluations.
//!
//! [`ChessBoard`]: crate::game::ChessBoard

pub mod bench;
mod endgame;
pub mod eval;
pub mod features;
mod legal;
pub mod nnue;
pub mod searchable;
pub mod see;

pub use eval::{Evaluation, LinearTerms, WeightedEvaluation};

/// ply's chess engine behind ply-core's [`Player`](ply_core::Player): the
/// search with the evaluation chosen at run time ([`AnyEvaluation`]: the
/// built-in network unless `PLY_CHESS_NET` or `EvalFile` names another or
/// the linear evaluation), on the
/// bitboard [`Position`] by default (the seed boards `GnuBoard` and
/// `AttackBoard` carry the same engine).
///
/// [`Position`]: crate::Position
pub type ChessPlayer<B = crate::Position> = ply_core::search::Engine<B, AnyEvaluation>;
pub use features::{FEATURE_COUNT, GROUPS, Weights};
pub use nnue::{
    AnyEvaluation, BUILT_IN_NAME, LINEAR_NAME, NET_VAR, Nnue, NnueStack, env_evaluation,
};
pub use searchable::{AllNoisy, Noisy};

use crate::game::ChessBoard;
use crate::movegen::Stage;
use crate::moves::Move;
use crate::types::Role;
use ply_core::MoveList;

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

/// The noisy moves of `board` most valuable victim first, least valuable
/// attacker first (a stable insertion sort: the lists are short).
pub(crate) fn noisy_by_mvv_lva<B: ChessBoard>(board: &B, moves: &mut MoveList<Move>) {
    let start = moves.len();
    board.generate(Stage::Noisy, moves);
    let role = |sq| board.piece_on(sq).map(|p| p.role);
    let noisy = &mut moves[start..];
    // Insertion sort by key, the keys alongside (the lists are short; no
    // list is built or moved).
    let mut keys: MoveList<i32> = MoveList::new();
    for i in 0..noisy.len() {
        let mv = noisy[i];
        let key = mvv_lva(mv, role(mv.to()), role(mv.from()));
        keys.push(key);
        let mut j = i;
        while j > 0 && keys[j - 1] < key {
            keys[j] = keys[j - 1];
            noisy[j] = noisy[j - 1];
            j -= 1;
        }
        keys[j] = key;
        noisy[j] = mv;
    }
}

/// Whether `mv` captures or promotes.
#[inline(always)]
pub(crate) const fn is_noisy(mv: Move) -> bool {
    mv.is_capture() || mv.promotion().is_some()
}

/// The history index of `mv`: from and to squares.
#[inline(always)]
pub(crate) const fn history_index(mv: Move) -> usize {
    mv.from().index() * 64 + mv.to().index()
}

pub(crate) use legal::is_legal;
