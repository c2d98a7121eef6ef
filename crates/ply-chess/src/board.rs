//! One chess board type over three representations, with the rules and the
//! engine written once.
//!
//! [`Board<R>`] wraps a representation `R` of the position: the bitboards
//! of [`Position`] (`Board<Bitboards>`), the GNU Chess tables of seed 002
//! ([`GnuBoard`](crate::gnu::GnuBoard)) and the attack maps of seed 004
//! ([`AttackBoard`](crate::attackmap::AttackBoard)). Each board answers the
//! few questions of [`ChessBoard`] from its own structures (its move
//! generator, check test, exchange evaluation, the [`GameState`] it keeps);
//! from those, this module implements [`Game`] (the rules of chess, FEN and
//! UCI text) and [`Searchable`] (what ply-core's search needs: noisy moves
//! most valuable victim first, quiet moves, table moves and killers checked
//! for legality without generating, null moves) once for every board.

use crate::engine::{self, see};
use crate::fen::PositionError;
use crate::game::{EndReason, drawn_by_rule, outcome_in_history, outcome_of, side};
use crate::movegen::Stage;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::{CastlingRights, Position};
use crate::state::GameState;
use crate::types::{Color, Piece, Role, Square};
use ply_core::search::{Features, NoisyPurpose, NoisySource, Searchable};
use ply_core::{Game, MoveList, NoMoves, Outcome, Side};
use std::borrow::Cow;
use std::ops::{Deref, DerefMut};

/// A chess board in representation `R`; it reads as its representation
/// (`Deref`), and plays chess by [`Game`] and the search's [`Searchable`]
/// wherever `Board<R>` is a [`ChessBoard`].
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub struct Board<R>(pub(crate) R);

impl<R> Deref for Board<R> {
    type Target = R;

    #[inline(always)]
    fn deref(&self) -> &R {
        &self.0
    }
}

impl<R> DerefMut for Board<R> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut R {
        &mut self.0
    }
}

/// What a chess board answers from its own structures; [`Game`] and
/// [`Searchable`] follow for it (see the [module](self)). ply's three boards
/// implement it; a board of another crate cannot (it would need a
/// [`GameState`], which only this crate makes).
///
/// The methods share their names with the boards' own (inherent) methods,
/// which they call; generic code names the trait (`ChessBoard::generate(b, ..)`)
/// where [`Game`] has a method of the same name.
pub trait ChessBoard: Clone + Send + Sync + 'static {
    /// Why a position cannot stand on this board (a FEN's errors among them).
    type PositionError: std::error::Error + Send + Sync + 'static + From<PositionError>;
    /// How the search gets this board's noisy moves.
    type Noisy: NoisyMoves<Self>;

    /// The same position on this board.
    ///
    /// # Errors
    /// Why this board cannot hold the position.
    fn from_position(position: &Position) -> Result<Self, Self::PositionError>;
    /// The bitboard position of the same position: the board itself for a
    /// [`Position`], a conversion for the others (their notation and
    /// evaluation are the `Position`'s).
    fn as_position(&self) -> Cow<'_, Position>;
    /// Whether the side that just moved left its own king attacked (the
    /// move that led here was not legal).
    fn mover_in_check(&self) -> bool;
    /// Side to move, castling, en passant, counters and hash.
    fn state(&self) -> &GameState;
    /// The same, to change.
    fn state_mut(&mut self) -> &mut GameState;
    /// Whether the side to move has pieces besides pawns and the king.
    fn has_pieces(&self) -> bool;
    /// The piece on `square`, if any.
    fn piece_on(&self, square: Square) -> Option<Piece>;
    /// Appends the legal moves of `stage`.
    fn generate(&self, stage: Stage, moves: &mut MoveList<Move>);
    /// Whether the exchange started by `mv` wins at least `threshold`.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool;
    /// The number of legal moves.
    fn count_legal(&self) -> u64;
    /// The board after `mv`, which must be legal here.
    #[must_use]
    fn play_unchecked(&self, mv: Move) -> Self;
    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;
    /// Whether neither side can ever checkmate.
    fn is_insufficient_material(&self) -> bool;
    /// Equal for the repetition rule: same pieces, side to move, castling
    /// rights and en passant square.
    fn same_position(&self, other: &Self) -> bool {
        crate::game::same_position(&self.as_position(), &other.as_position())
    }
}

/// A board's staged generation of noisy moves, the search's
/// [`NoisySource`] once wrapped in [`Noisy`].
pub trait NoisyMoves<B> {
    /// Starts the generation on `board` for `purpose`.
    fn new(board: &B, purpose: NoisyPurpose) -> Self;
    /// Appends the next batch to `moves` (passed empty); `false` once the
    /// generation is over.
    fn next_batch(&mut self, board: &B, moves: &mut MoveList<Move>) -> bool;
}

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
        engine::noisy_by_mvv_lva(board, moves);
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

impl<R> Board<R>
where
    Board<R>: ChessBoard,
{
    /// The side to move.
    #[must_use]
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.state().side
    }

    /// The castling rights.
    #[must_use]
    pub fn castling_rights(&self) -> CastlingRights {
        self.state().castling
    }

    /// The en passant target square, when a pawn of the side to move could
    /// capture there.
    #[must_use]
    pub fn en_passant(&self) -> Option<Square> {
        self.state().en_passant
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[must_use]
    pub fn halfmove_clock(&self) -> u16 {
        self.state().halfmove_clock
    }

    /// The move number, starting at 1 and increased after Black's move.
    #[must_use]
    pub fn fullmove_number(&self) -> u16 {
        self.state().fullmove_number
    }

    /// The Zobrist hash, kept up to date move by move (equal on every board
    /// for the same position).
    #[must_use]
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.state().hash
    }

    /// The result if the position alone ends the game: checkmate, stalemate,
    /// the fifty-move rule (100 half-moves without capture or pawn move, unless
    /// the last of them mated) or insufficient material. Threefold repetition
    /// needs the game's history (see [`ply_core::GameHistory`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<EndReason>> {
        outcome_of(
            self.turn(),
            ChessBoard::count_legal(self) == 0,
            ChessBoard::is_check(self),
            self.halfmove_clock(),
            || ChessBoard::is_insufficient_material(self),
        )
    }

    /// The position with the other side to move and no en passant square (a
    /// "null move", for search); `None` when the side to move is in check.
    #[must_use]
    pub fn null_move(&self) -> Option<Self> {
        if ChessBoard::is_check(self) {
            return None;
        }
        let mut next = self.clone();
        next.state_mut().pass();
        Some(next)
    }
}

impl<R> Game for Board<R>
where
    Board<R>: ChessBoard,
{
    type Move = Move;
    type PositionError = <Self as ChessBoard>::PositionError;
    type MoveError = MoveError;
    type EndReason = EndReason;

    const NAME: &'static str = "chess";

    fn start() -> Self {
        Self::from_position(&Position::start()).expect("every board holds the start position")
    }

    #[inline]
    fn in_check(&self) -> bool {
        ChessBoard::is_check(self)
    }

    /// Checkmate loses, stalemate draws.
    fn no_moves_score(&self) -> NoMoves {
        if ChessBoard::is_check(self) {
            NoMoves::Lost
        } else {
            NoMoves::Drawn
        }
    }

    fn reversible_plies(&self) -> usize {
        usize::from(self.halfmove_clock())
    }

    /// Fifty moves (unless the hundredth half-move mated) or insufficient
    /// material.
    fn is_draw_by_rule(&self) -> bool {
        drawn_by_rule(
            self.halfmove_clock(),
            || ChessBoard::is_check(self) && ChessBoard::count_legal(self) == 0,
            || ChessBoard::is_insufficient_material(self),
        )
    }

    fn side_to_move(&self) -> Side {
        side(self.turn())
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        ChessBoard::generate(self, Stage::All, moves);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        ChessBoard::count_legal(self)
    }

    #[inline]
    fn play_unchecked(&self, mv: Move) -> Self {
        ChessBoard::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Outcome<EndReason>> {
        Board::outcome(self)
    }

    /// The position's own result, else threefold repetition.
    fn outcome_in_history(&self, _: u32, repetitions: usize) -> Option<Outcome<EndReason>> {
        outcome_in_history(Board::outcome(self), repetitions)
    }

    /// A capture or a pawn move: what resets the halfmove clock.
    fn is_irreversible(&self, mv: Move) -> bool {
        ChessBoard::play_unchecked(self, mv).halfmove_clock() == 0
    }

    /// Same pieces, side to move, castling rights and en passant square.
    fn repeats(&self, earlier: &Self) -> bool {
        self.hash() == earlier.hash() && self.same_position(earlier)
    }

    fn hash(&self) -> u64 {
        Board::hash(self)
    }

    fn parse_position(text: &str) -> Result<Self, Self::PositionError> {
        Self::from_position(&Position::from_fen(text)?)
    }

    fn position_string(&self) -> String {
        self.as_position().fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.as_position().parse_move(text)
    }

    /// UCI notation (`e2e4`, castling `e1g1`), as perft divides and engines print.
    fn move_name(&self, mv: Move) -> String {
        mv.uci(false)
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
        engine::noisy_by_mvv_lva(self, moves);
    }

    fn generate_quiet(&self, moves: &mut MoveList<Move>) {
        ChessBoard::generate(self, Stage::Quiet, moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        engine::is_noisy(mv)
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
        Move::from_bits(packed).filter(|&mv| engine::is_legal(self, mv))
    }

    fn is_legal(&self, mv: Move) -> bool {
        engine::is_legal(self, mv)
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
        engine::history_index(mv)
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
