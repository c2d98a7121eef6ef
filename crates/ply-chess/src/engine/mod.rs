//! The chess engine: what ply-core's search needs to know about chess
//! ([`Searchable`](ply_core::search::Searchable)), static exchange
//! evaluation and a tapered evaluation.
//!
//! The three boards ([`Position`], the GNU board and the attack-map board)
//! share one implementation of the search interface: each board answers the
//! few questions of the crate's `ChessBoard` trait (its own move generation,
//! check test and exchange evaluation, its `GameState`), and the
//! `chess_engine!` macro turns that into `Searchable` the same way for all of
//! them: the noisy moves most valuable victim first, the quiet moves, killers
//! and table moves checked for legality without generating (`legal.rs`),
//! null moves, draws and mates by the rules of chess.

pub mod bench;
mod endgame;
pub mod eval;
pub mod features;
mod legal;
pub mod nnue;
pub mod see;

pub use eval::{Evaluation, LinearTerms, WeightedEvaluation};

/// ply's chess engine behind ply-core's [`Player`](ply_core::Player): the
/// search with the evaluation chosen at run time ([`AnyEvaluation`]: the
/// linear one unless `PLY_CHESS_NET` or `EvalFile` names a network), on the
/// bitboard [`Position`] by default (the seed boards `GnuBoard` and
/// `AttackBoard` carry the same engine).
///
/// [`Position`]: crate::Position
pub type ChessPlayer<B = crate::Position> = ply_core::search::Engine<B, AnyEvaluation>;
pub use features::{FEATURE_COUNT, GROUPS, Weights};
pub use nnue::{AnyEvaluation, NET_VAR, Nnue, env_evaluation};

use crate::movegen::Stage;
use crate::moves::Move;
use crate::position::Position;
use crate::state::GameState;
use crate::types::{Color, Piece, Role, Square};
use ply_core::{Game, MoveList};

/// Values for ordering captures by victim and attacker.
const ORDER_VALUE: [i32; 6] = [1, 3, 3, 5, 9, 20];

/// What the shared chess engine needs from a board beyond [`Game`]: each
/// board answers these from its own structures.
pub(crate) trait ChessBoard: Game<Move = Move> {
    /// Side to move, castling, en passant, counters and hash.
    fn state(&self) -> &GameState;
    /// The same, to change.
    fn state_mut(&mut self) -> &mut GameState;
    /// The side to move.
    #[inline(always)]
    fn side(&self) -> Color {
        self.state().side
    }
    /// The piece on `square`, if any.
    fn piece_on(&self, square: Square) -> Option<Piece>;
    /// Appends the legal moves of `stage`.
    fn generate(&self, stage: Stage, moves: &mut MoveList<Move>);
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// Whether the side that just moved left its own king attacked (the
    /// move that led here was not legal).
    fn mover_in_check(&self) -> bool;
    /// Whether the side to move has pieces besides pawns and the king.
    fn has_pieces(&self) -> bool;
    /// Half-moves since the last capture or pawn move.
    #[inline(always)]
    fn halfmove_clock(&self) -> u16 {
        self.state().halfmove_clock
    }
    /// Whether the exchange started by `mv` wins at least `threshold`.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool;
}

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

/// The position with the turn passed and no en passant square (a "null
/// move"); `None` in check.
pub(crate) fn pass<B: ChessBoard>(board: &B) -> Option<B> {
    if board.is_check() {
        return None;
    }
    let mut next = board.clone();
    next.state_mut().pass();
    Some(next)
}

/// Passing, for null-move pruning: not in check, and only with pieces
/// besides pawns (without them zugzwang is too common).
pub(crate) fn null_move<B: ChessBoard>(board: &B) -> Option<B> {
    if board.has_pieces() {
        pass(board)
    } else {
        None
    }
}

/// The legal move `packed` (a move's 16 bits) stands for here, if any.
pub(crate) fn unpack_move<B: ChessBoard>(board: &B, packed: u16) -> Option<Move> {
    Move::from_bits(packed).filter(|&mv| legal::is_legal(board, mv))
}

pub(crate) use legal::is_legal;

/// The chess engine for a board (`$board`) whose noisy moves come from
/// `$noisy`: [`ChessBoard`] from the board's own methods of the same names
/// (`piece_on`, `generate`, `is_check`, `mover_in_check`,
/// `side_has_pieces`, `exchange_at_least`) and
/// its `state` field, then `Searchable` through the shared functions of this
/// module: one implementation for the three boards. With `converted`, ply's
/// evaluation runs on the board converted to a [`Position`] (`to_position`).
macro_rules! chess_engine {
    ($board:ty, $noisy:ty, converted) => {
        crate::engine::chess_engine!($board, $noisy);

        impl ply_core::search::Evaluator<$board> for crate::engine::Evaluation {
            /// ply's evaluation of the same position.
            fn evaluate(&self, board: &$board) -> ply_core::search::Score {
                ply_core::search::Evaluator::<crate::position::Position>::evaluate(
                    self,
                    &board.to_position(),
                )
            }
        }

        impl ply_core::search::Evaluator<$board> for crate::engine::AnyEvaluation {
            /// The chosen evaluation of the same position.
            fn evaluate(&self, board: &$board) -> ply_core::search::Score {
                ply_core::search::Evaluator::<crate::position::Position>::evaluate(
                    self,
                    &board.to_position(),
                )
            }
        }
    };
    ($board:ty, $noisy:ty) => {
        impl crate::engine::ChessBoard for $board {
            #[inline(always)]
            fn state(&self) -> &crate::state::GameState {
                &self.state
            }

            #[inline(always)]
            fn state_mut(&mut self) -> &mut crate::state::GameState {
                &mut self.state
            }

            #[inline]
            fn piece_on(&self, square: crate::types::Square) -> Option<crate::types::Piece> {
                <$board>::piece_on(self, square)
            }

            #[inline]
            fn generate(
                &self,
                stage: crate::movegen::Stage,
                moves: &mut ply_core::MoveList<crate::moves::Move>,
            ) {
                <$board>::generate(self, stage, moves);
            }

            #[inline]
            fn is_check(&self) -> bool {
                <$board>::is_check(self)
            }

            #[inline]
            fn mover_in_check(&self) -> bool {
                <$board>::mover_in_check(self)
            }

            fn has_pieces(&self) -> bool {
                <$board>::side_has_pieces(self)
            }

            fn see_at_least(&self, mv: crate::moves::Move, threshold: i32) -> bool {
                <$board>::exchange_at_least(self, mv, threshold)
            }
        }

        impl ply_core::search::Searchable for $board {
            /// Every technique but the window reduction (checkers'; chess's
            /// search was tuned without it).
            const FEATURES: ply_core::search::Features = ply_core::search::Features {
                window_reduction: false,
                ..ply_core::search::Features::ALL
            };

            type Noisy = $noisy;

            /// The evaluation fades with the fifty-move counter.
            #[inline]
            fn evaluation_key(&self) -> u64 {
                let clock = crate::engine::ChessBoard::halfmove_clock(self);
                self.hash() ^ u64::from(clock).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            }

            /// Most valuable victim first, least valuable attacker first.
            fn generate_noisy(&self, moves: &mut ply_core::MoveList<crate::moves::Move>) {
                crate::engine::noisy_by_mvv_lva(self, moves);
            }

            fn generate_quiet(&self, moves: &mut ply_core::MoveList<crate::moves::Move>) {
                crate::engine::ChessBoard::generate(self, crate::movegen::Stage::Quiet, moves);
            }

            #[inline]
            fn is_noisy(&self, mv: crate::moves::Move) -> bool {
                crate::engine::is_noisy(mv)
            }

            fn see_at_least(&self, mv: crate::moves::Move, threshold: i32) -> bool {
                crate::engine::ChessBoard::see_at_least(self, mv, threshold)
            }

            /// The move's own 16 bits.
            #[inline]
            fn pack_move(mv: crate::moves::Move) -> u16 {
                mv.bits()
            }

            fn unpack_move(&self, packed: u16) -> Option<crate::moves::Move> {
                crate::engine::unpack_move(self, packed)
            }

            fn is_legal(&self, mv: crate::moves::Move) -> bool {
                crate::engine::is_legal(self, mv)
            }

            fn null_move(&self) -> Option<Self> {
                crate::engine::null_move(self)
            }

            #[inline]
            fn history_index(&self, mv: crate::moves::Move) -> usize {
                crate::engine::history_index(mv)
            }
        }
    };
}
pub(crate) use chess_engine;

impl Position {
    /// Whether the side that just moved left its king attacked.
    fn mover_in_check(&self) -> bool {
        let us = self.turn();
        self.attackers(self.king(us.opponent()), us, self.occupied())
            .any()
    }

    /// Whether the side to move has pieces besides pawns and the king.
    fn side_has_pieces(&self) -> bool {
        let us = self.turn();
        (self.color(us) - self.pieces(us, Role::Pawn) - self.pieces(us, Role::King)).any()
    }

    /// The exchange evaluation on the bitboards.
    fn exchange_at_least(&self, mv: Move, threshold: i32) -> bool {
        see::at_least(self, mv, threshold)
    }
}

chess_engine!(Position, ply_core::search::AllNoisy);
