//! [`ply_core::Game`] for chess positions, and the end-of-game rules: those
//! that a position decides on its own, and threefold repetition, judged by
//! [`ply_core::GameHistory`] through the game's hooks.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role};
use ply_core::{Outcome, Side};
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
