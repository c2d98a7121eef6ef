//! [`ply_core::Game`] for chess positions, and the end-of-game rules: those
//! that a position decides on its own, and threefold repetition, judged by
//! [`ply_core::GameHistory`] through the game's hooks.

use crate::bitboard::Bitboard;
use crate::fen::PositionError;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;
use crate::types::{Color, Role};
use ply_core::{Game, MoveList, Outcome, Side};
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

    /// The result if the position alone ends the game: checkmate, stalemate,
    /// the fifty-move rule (100 half-moves without capture or pawn move, unless
    /// the last of them mated) or insufficient material. Threefold repetition
    /// needs the game's history (see [`ply_core::GameHistory`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome<EndReason>> {
        outcome_of(
            self.turn(),
            self.count_legal() == 0,
            self.is_check(),
            self.halfmove_clock(),
            || self.is_insufficient_material(),
        )
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

/// The rule queries of [`Game`] for a chess board (the bitboard position
/// and the seed boards alike: each has `state`, `is_check` and
/// `is_insufficient_material` of its own).
macro_rules! chess_rule_queries {
    () => {
        #[inline]
        fn in_check(&self) -> bool {
            self.is_check()
        }

        /// Checkmate loses, stalemate draws.
        fn no_moves_score(&self) -> ply_core::NoMoves {
            if self.is_check() {
                ply_core::NoMoves::Lost
            } else {
                ply_core::NoMoves::Drawn
            }
        }

        fn reversible_plies(&self) -> usize {
            usize::from(self.state.halfmove_clock)
        }

        /// Fifty moves (unless the hundredth half-move mated) or
        /// insufficient material.
        fn is_draw_by_rule(&self) -> bool {
            crate::game::drawn_by_rule(
                self.state.halfmove_clock,
                || self.is_check() && ply_core::Game::count_moves(self) == 0,
                || self.is_insufficient_material(),
            )
        }
    };
}
pub(crate) use chess_rule_queries;

impl Game for Position {
    type Move = Move;
    type PositionError = PositionError;
    type MoveError = MoveError;
    type EndReason = EndReason;

    const NAME: &'static str = "chess";

    fn start() -> Self {
        Position::start()
    }

    chess_rule_queries!();

    fn side_to_move(&self) -> Side {
        side(self.turn())
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        self.generate(crate::movegen::Stage::All, moves);
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        self.count_legal()
    }

    #[inline]
    fn play_unchecked(&self, mv: Move) -> Self {
        Position::play_unchecked(self, mv)
    }

    fn outcome(&self) -> Option<Outcome<EndReason>> {
        Position::outcome(self)
    }

    /// The position's own result, else threefold repetition.
    fn outcome_in_history(&self, _: u32, repetitions: usize) -> Option<Outcome<EndReason>> {
        outcome_in_history(Position::outcome(self), repetitions)
    }

    /// A capture or a pawn move: what resets the halfmove clock.
    fn is_irreversible(&self, mv: Move) -> bool {
        Position::play_unchecked(self, mv).halfmove_clock() == 0
    }

    /// Same pieces, side to move, castling rights and en passant square.
    fn repeats(&self, earlier: &Self) -> bool {
        self.hash() == earlier.hash() && same_position(self, earlier)
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        Position::from_fen(text)
    }

    fn position_string(&self) -> String {
        self.fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    /// UCI notation (`e2e4`, castling `e1g1`), as perft divides and engines print.
    fn move_name(&self, mv: Move) -> String {
        self.uci(mv)
    }
}

/// `Game` for a seed board (`$board`, whose FEN errors are `$error`): its own
/// generator, `play`, hash and counters, and the notations of the converted
/// [`Position`](crate::Position) (whose legal moves are the board's: the
/// cross-check tests hold them equal).
macro_rules! seed_board_game {
    ($board:ty, $error:ty) => {
        impl $board {
            /// The side to move.
            #[must_use]
            pub fn turn(&self) -> crate::types::Color {
                self.state.side
            }

            /// The Zobrist hash, equal to the [`Position`](crate::Position)
            /// hash of the same position.
            #[must_use]
            pub fn hash(&self) -> u64 {
                self.state.hash
            }

            /// Half-moves since the last capture or pawn move.
            #[must_use]
            pub fn halfmove_clock(&self) -> u16 {
                self.state.halfmove_clock
            }
        }

        impl ply_core::Game for $board {
            type Move = crate::moves::Move;
            type PositionError = $error;
            type MoveError = crate::notation::MoveError;
            type EndReason = crate::game::EndReason;

            const NAME: &'static str = "chess";

            fn start() -> Self {
                <$board>::start()
            }

            crate::game::chess_rule_queries!();

            fn side_to_move(&self) -> ply_core::Side {
                crate::game::side(self.state.side)
            }

            #[inline]
            fn generate_moves(&self, moves: &mut ply_core::MoveList<crate::moves::Move>) {
                self.generate(crate::movegen::Stage::All, moves);
            }

            #[inline]
            fn count_moves(&self) -> u64 {
                self.count_legal()
            }

            /// A copy of the board with the move made on it.
            #[inline]
            fn play_unchecked(&self, mv: crate::moves::Move) -> Self {
                <$board>::play_unchecked(self, mv)
            }

            fn outcome(&self) -> Option<ply_core::Outcome<crate::game::EndReason>> {
                crate::game::outcome_of(
                    self.state.side,
                    self.count_legal() == 0,
                    self.is_check(),
                    self.state.halfmove_clock,
                    || self.is_insufficient_material(),
                )
            }

            fn outcome_in_history(
                &self,
                _: u32,
                repetitions: usize,
            ) -> Option<ply_core::Outcome<crate::game::EndReason>> {
                crate::game::outcome_in_history(ply_core::Game::outcome(self), repetitions)
            }

            fn is_irreversible(&self, mv: crate::moves::Move) -> bool {
                <$board>::play_unchecked(self, mv).state.halfmove_clock == 0
            }

            fn repeats(&self, earlier: &Self) -> bool {
                self.state.hash == earlier.state.hash
                    && crate::game::same_position(&self.to_position(), &earlier.to_position())
            }

            fn hash(&self) -> u64 {
                self.state.hash
            }

            fn parse_position(text: &str) -> Result<Self, $error> {
                <$board>::from_fen(text)
            }

            fn position_string(&self) -> String {
                self.to_position().fen()
            }

            fn parse_move(
                &self,
                text: &str,
            ) -> Result<crate::moves::Move, crate::notation::MoveError> {
                self.to_position().parse_move(text)
            }

            fn move_name(&self, mv: crate::moves::Move) -> String {
                mv.to_string()
            }
        }
    };
}
pub(crate) use seed_board_game;
