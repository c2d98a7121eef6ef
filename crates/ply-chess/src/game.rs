//! [`ply_core::Game`] for every chess board, and the end-of-game rules:
//! those that a position decides on its own, and threefold repetition,
//! judged by [`ply_core::GameHistory`] through the game's hooks.
//!
//! A [`Board`] plays chess when it answers the questions of [`ChessBoard`]
//! from its own structures (its move generator, check test, exchange
//! evaluation, the [`GameState`] it keeps); [`Game`] is implemented here
//! once for all of them (the search's interface in the `engine` module).

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::fen::PositionError;
use crate::movegen::Stage;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::{CastlingRights, Position};
use crate::state::GameState;
use crate::types::{Color, Piece, Role, Square};
use ply_core::search::NoisyPurpose;
use ply_core::{Game, MoveList, NoMoves, Outcome, Side};
use std::borrow::Cow;
use std::fmt;

/// Why a game of chess ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoveRule,
    /// The same position occurred for the third time with the same side to move.
    ThreefoldRepetition,
    /// Neither side has the material to give checkmate.
    InsufficientMaterial,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::FiftyMoveRule => "fifty-move rule",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::InsufficientMaterial => "insufficient material",
        })
    }
}

/// How often one position must occur for a draw.
pub const REPETITIONS_FOR_DRAW: usize = 3;

impl Position {
    /// Whether neither side can ever checkmate: only kings and minor pieces,
    /// with at most one minor piece on the board or only bishops all on squares
    /// of one colour.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        if (self.role(Role::Pawn) | self.role(Role::Rook) | self.role(Role::Queen)).any() {
            return false;
        }
        let knights = self.role(Role::Knight);
        let bishops = self.role(Role::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty()
                || (bishops - Bitboard::LIGHT_SQUARES).is_empty())
    }
}

/// Whether a rule draws the position inside the search, with the priorities
/// of [`outcome_of`]: fifty moves, unless the hundredth half-move gave mate
/// (`mated` is asked only then), or insufficient material.
pub(crate) fn drawn_by_rule(
    halfmove_clock: u16,
    mated: impl FnOnce() -> bool,
    insufficient_material: impl FnOnce() -> bool,
) -> bool {
    (halfmove_clock >= 100 && !mated()) || insufficient_material()
}

/// The result of a position where `to_move` is to move, from what every
/// board can tell: whether it has no legal move, is in check, its halfmove
/// clock and (asked last) whether the material is insufficient.
pub(crate) fn outcome_of(
    to_move: Color,
    no_moves: bool,
    in_check: bool,
    halfmove_clock: u16,
    insufficient_material: impl FnOnce() -> bool,
) -> Option<Outcome<EndReason>> {
    if no_moves {
        return Some(if in_check {
            Outcome::Win {
                winner: side(to_move.opponent()),
                reason: EndReason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: EndReason::Stalemate,
            }
        });
    }
    if halfmove_clock >= 100 {
        return Some(Outcome::Draw {
            reason: EndReason::FiftyMoveRule,
        });
    }
    if insufficient_material() {
        return Some(Outcome::Draw {
            reason: EndReason::InsufficientMaterial,
        });
    }
    None
}

/// The result with the game's history: the position's own, else a draw by
/// threefold repetition.
pub(crate) fn outcome_in_history(
    position: Option<Outcome<EndReason>>,
    repetitions: usize,
) -> Option<Outcome<EndReason>> {
    // Mate on the hundredth half-move wins: the position's rules put mate first.
    position.or_else(|| {
        (repetitions >= REPETITIONS_FOR_DRAW).then_some(Outcome::Draw {
            reason: EndReason::ThreefoldRepetition,
        })
    })
}

/// Equal for the repetition rule: everything but the move counters.
pub(crate) fn same_position(a: &Position, b: &Position) -> bool {
    a.by_role == b.by_role
        && a.by_color == b.by_color
        && a.state.side == b.state.side
        && a.state.castling == b.state.castling
        && a.state.en_passant == b.state.en_passant
}

/// The core's side of a chess colour: White moves first.
#[must_use]
pub const fn side(color: Color) -> Side {
    match color {
        Color::White => Side::First,
        Color::Black => Side::Second,
    }
}

/// What a chess board answers from its own structures; [`Game`] and the
/// search's `Searchable` follow for it (see the [module](self)). ply's three boards
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
    /// A hash of both sides' pawns (the search's correction key), `None`
    /// without pawns; by default through [`ChessBoard::as_position`].
    fn pawn_key(&self) -> Option<u64> {
        self.as_position().pawn_key()
    }
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
/// [`NoisySource`](ply_core::search::NoisySource) once wrapped in the
/// engine's `Noisy`.
pub trait NoisyMoves<B> {
    /// Starts the generation on `board` for `purpose`.
    fn new(board: &B, purpose: NoisyPurpose) -> Self;
    /// Appends the next batch to `moves` (passed empty); `false` once the
    /// generation is over.
    fn next_batch(&mut self, board: &B, moves: &mut MoveList<Move>) -> bool;
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
