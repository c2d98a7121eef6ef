//! The search's interface, [`Searchable`], written once for every chess
//! [`Board`] that is a [`ChessBoard`] (noisy moves most valuable victim
//! first, quiet moves, table moves and killers checked for legality
//! without generating, null moves), and the bitboard [`Position`]'s answers
//! to [`ChessBoard`].

use super::see;
use crate::board::Board;
use crate::fen::PositionError;
use crate::game::{ChessBoard, NoisyMoves};
use crate::movegen::Stage;
use crate::moves::Move;
use crate::position::Position;
use crate::state::GameState;
use crate::types::{Piece, Role, Square};
use ply_core::MoveList;
use ply_core::search::{Features, NoisyPurpose, NoisySource, Searchable};
use std::borrow::Cow;

/// The noisy moves all at once, most valuable victim first (a board
/// without a staged generator of its own).
pub struct AllNoisy {
    purpose: Option<NoisyPurpose>,
}

impl<B: ChessBoard> NoisyMoves<B> for AllNoisy {
    #[inline]
    fn new(_: &B, purpose: NoisyPurpose) -> Self {
        AllNoisy {
            purpose: Some(purpose),
        }
    }

    #[inline]
    fn next_batch(&mut self, board: &B, moves: &mut MoveList<Move>) -> bool {
        if self.purpose.take().is_none() {
            return false;
        }
        super::noisy_by_mvv_lva(board, moves);
        true
    }
}

/// A board's [`NoisyMoves`] as the search's [`NoisySource`].
pub struct Noisy<N>(N);

impl<R> NoisySource<Board<R>> for Noisy<<Board<R> as ChessBoard>::Noisy>
where
    Board<R>: ChessBoard,
{
    #[inline]
    fn new(board: &Board<R>, purpose: NoisyPurpose) -> Self {
        Noisy(NoisyMoves::new(board, purpose))
    }

    #[inline]
    fn next_batch(&mut self, board: &Board<R>, moves: &mut MoveList<Move>) -> bool {
        self.0.next_batch(board, moves)
    }
}

impl<R> Searchable for Board<R>
where
    Board<R>: ChessBoard,
{
    /// Every technique but the window reduction (checkers'; chess's search
    /// was tuned without it).
    const FEATURES: Features = Features {
        window_reduction: false,
        ..Features::ALL
    };

    type Noisy = Noisy<<Self as ChessBoard>::Noisy>;

    /// The evaluation fades with the fifty-move counter.
    #[inline]
    fn evaluation_key(&self) -> u64 {
        let clock = self.halfmove_clock();
        self.hash() ^ u64::from(clock).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Most valuable victim first, least valuable attacker first.
    fn generate_noisy(&self, moves: &mut MoveList<Move>) {
        super::noisy_by_mvv_lva(self, moves);
    }

    fn generate_quiet(&self, moves: &mut MoveList<Move>) {
        ChessBoard::generate(self, Stage::Quiet, moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        super::is_noisy(mv)
    }

    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        ChessBoard::see_at_least(self, mv, threshold)
    }

    /// The move's own 16 bits.
    #[inline]
    fn pack_move(mv: Move) -> u16 {
        mv.bits()
    }

    fn unpack_move(&self, packed: u16) -> Option<Move> {
        Move::from_bits(packed).filter(|&mv| super::is_legal(self, mv))
    }

    fn is_legal(&self, mv: Move) -> bool {
        super::is_legal(self, mv)
    }

    /// Passing, for null-move pruning: not in check, and only with pieces
    /// besides pawns (without them zugzwang is too common).
    fn null_move(&self) -> Option<Self> {
        if self.has_pieces() {
            Board::<R>::null_move(self)
        } else {
            None
        }
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        super::history_index(mv)
    }

    /// The moving piece (colour and role) and its destination: 12 × 64.
    #[inline]
    fn continuation_index(&self, mv: Move) -> usize {
        let piece = self
            .piece_on(mv.from())
            .map_or(0, |piece| piece.color.index() * 6 + piece.role.index());
        piece * 64 + mv.to().index()
    }

    /// Both sides' pawns: the static score errs alike for one structure.
    /// None without pawns, where one key would mix every ending.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        self.pawn_key()
    }
}

impl ChessBoard for Position {
    type PositionError = PositionError;
    type Noisy = AllNoisy;

    /// A copy.
    fn from_position(position: &Position) -> Result<Self, PositionError> {
        Ok(*position)
    }

    /// The board itself.
    #[inline]
    fn as_position(&self) -> Cow<'_, Position> {
        Cow::Borrowed(self)
    }

    /// An attack on the king of the side that just moved.
    #[inline]
    fn mover_in_check(&self) -> bool {
        let us = self.turn();
        self.attackers(self.king(us.opponent()), us, self.occupied())
            .any()
    }

    #[inline(always)]
    fn state(&self) -> &GameState {
        &self.state
    }

    #[inline(always)]
    fn state_mut(&mut self) -> &mut GameState {
        &mut self.state
    }

    fn has_pieces(&self) -> bool {
        let us = self.turn();
        (self.color(us) - self.pieces(us, Role::Pawn) - self.pieces(us, Role::King)).any()
    }

    #[inline]
    fn piece_on(&self, square: Square) -> Option<Piece> {
        Position::piece_on(self, square)
    }

    #[inline]
    fn pawn_key(&self) -> Option<u64> {
        Position::pawn_key(self)
    }

    #[inline]
    fn generate(&self, stage: Stage, moves: &mut MoveList<Move>) {
        Position::generate(self, stage, moves);
    }

    /// The exchange evaluation on the bitboards.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        see::at_least(self, mv, threshold)
    }

    #[inline]
    fn count_legal(&self) -> u64 {
        Position::count_legal(self)
    }

    #[inline]
    fn play_unchecked(&self, mv: Move) -> Self {
        Position::play_unchecked(self, mv)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        Position::is_insufficient_material(self)
    }

    /// The bitboards compared.
    fn same_position(&self, other: &Self) -> bool {
        crate::game::same_position(self, other)
    }
}
