//! Moves: 16 bits holding the from-square, the to-square and the kind.

use crate::types::{Role, Square};
use std::fmt;

/// What a move does besides going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A move to an empty square.
    Quiet = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// Castling on the king's side (the move is the king's).
    CastleKingside = 2,
    /// Castling on the queen's side (the move is the king's).
    CastleQueenside = 3,
    /// A capture on the to-square.
    Capture = 4,
    /// A pawn capturing en passant.
    EnPassant = 5,
    /// Promotion to a knight.
    PromoteKnight = 8,
    /// Promotion to a bishop.
    PromoteBishop = 9,
    /// Promotion to a rook.
    PromoteRook = 10,
    /// Promotion to a queen.
    PromoteQueen = 11,
    /// Capture and promotion to a knight.
    CapturePromoteKnight = 12,
    /// Capture and promotion to a bishop.
    CapturePromoteBishop = 13,
    /// Capture and promotion to a rook.
    CapturePromoteRook = 14,
    /// Capture and promotion to a queen.
    CapturePromoteQueen = 15,
}

impl MoveKind {
    const ALL: [Option<MoveKind>; 16] = [
        Some(MoveKind::Quiet),
        Some(MoveKind::DoublePush),
        Some(MoveKind::CastleKingside),
        Some(MoveKind::CastleQueenside),
        Some(MoveKind::Capture),
        Some(MoveKind::EnPassant),
        None,
        None,
        Some(MoveKind::PromoteKnight),
        Some(MoveKind::PromoteBishop),
        Some(MoveKind::PromoteRook),
        Some(MoveKind::PromoteQueen),
        Some(MoveKind::CapturePromoteKnight),
        Some(MoveKind::CapturePromoteBishop),
        Some(MoveKind::CapturePromoteRook),
        Some(MoveKind::CapturePromoteQueen),
    ];

    /// The promotion kind for `role` (knight to queen), capturing or not.
    #[must_use]
    #[inline(always)]
    pub const fn promotion(role: Role, capture: bool) -> MoveKind {
        let code = 8 + (role as u8 - Role::Knight as u8) + if capture { 4 } else { 0 };
        match MoveKind::ALL[code as usize] {
            Some(kind) => kind,
            None => MoveKind::Quiet,
        }
    }
}

/// A move: from-square, to-square and [`MoveKind`] in 16 bits. Castling is
/// the king taking its own rook (`to` is the rook's square, e1h1), as
/// Stockfish and python-chess hold it; [`Move::king_to`] is where the king
/// lands, and [`Move::uci`] writes either form.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    /// A move of `kind` from `from` to `to`.
    #[must_use]
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    /// The square the piece leaves.
    #[must_use]
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// The square the piece goes to (for castling, the castling rook's square;
    /// see [`Move::king_to`]).
    #[must_use]
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// The kind of move.
    #[must_use]
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match MoveKind::ALL[(self.0 >> 12) as usize] {
            Some(kind) => kind,
            None => MoveKind::Quiet,
        }
    }

    /// The 4-bit kind code.
    #[inline(always)]
    const fn code(self) -> u16 {
        self.0 >> 12
    }

    /// Whether the move captures (en passant included).
    #[must_use]
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.code() & 4 != 0
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[must_use]
    #[inline(always)]
    pub const fn promotion(self) -> Option<Role> {
        if self.code() & 8 != 0 {
            Some(Role::from_index(
                Role::Knight as usize + (self.code() & 3) as usize,
            ))
        } else {
            None
        }
    }

    /// Whether the move is castling.
    #[must_use]
    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        matches!(self.code(), 2 | 3)
    }

    /// Where the moving piece lands: `to`, except for castling, where the
    /// king lands on the g- or c-file of its rank.
    #[must_use]
    #[inline(always)]
    pub const fn king_to(self) -> Square {
        let to = self.to();
        match self.code() {
            2 => Square::new(to.index() as u8 & !7 | 6),
            3 => Square::new(to.index() as u8 & !7 | 2),
            _ => to,
        }
    }

    /// The move in UCI long algebraic notation. Castling in Chess960 mode
    /// (`chess960`, UCI's `UCI_Chess960`) is the king taking its rook
    /// (`e1h1`, `b1a1`); in standard mode classical castling (king on the
    /// e-file, rook in a corner) is the king's two-square move (`e1g1`), and
    /// any other castling stays king-takes-rook, which cannot be mistaken for
    /// a king move (as python-chess writes it).
    #[must_use]
    pub fn uci(self, chess960: bool) -> String {
        let mut text = String::with_capacity(5);
        let to = if !chess960
            && self.is_castling()
            && self.from().file().index() == 4
            && matches!(self.to().file().index(), 0 | 7)
        {
            self.king_to()
        } else {
            self.to()
        };
        text.push_str(&self.from().to_string());
        text.push_str(&to.to_string());
        if let Some(role) = self.promotion() {
            text.push(role.upper_char().to_ascii_lowercase());
        }
        text
    }

    /// Whether the move is an en passant capture.
    #[must_use]
    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.code() == 5
    }

    /// The raw 16 bits (for hashing and transposition tables).
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move from its raw bits, if they hold a valid kind.
    #[must_use]
    pub const fn from_bits(bits: u16) -> Option<Move> {
        match MoveKind::ALL[(bits >> 12) as usize] {
            Some(_) => Some(Move(bits)),
            None => None,
        }
    }
}

impl fmt::Display for Move {
    /// UCI long algebraic in standard mode ([`Move::uci`] with `false`):
    /// `e2e4`, `e7e8q`, classical castling `e1g1`, Chess960 castling as the
    /// king taking its rook.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.uci(false))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}({:?})", self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let e7: Square = "e7".parse().unwrap();
        let d8: Square = "d8".parse().unwrap();
        for code in 0..16u16 {
            let Some(kind) = MoveKind::ALL[code as usize] else {
                continue;
            };
            let mv = Move::new(e7, d8, kind);
            assert_eq!((mv.from(), mv.to(), mv.kind()), (e7, d8, kind));
            assert_eq!(Move::from_bits(mv.bits()), Some(mv));
        }
        let promo = Move::new(e7, d8, MoveKind::promotion(Role::Rook, true));
        assert_eq!(promo.kind(), MoveKind::CapturePromoteRook);
        assert_eq!(promo.promotion(), Some(Role::Rook));
        assert!(promo.is_capture());
        assert_eq!(promo.to_string(), "e7d8r");
        assert_eq!(
            MoveKind::promotion(Role::Knight, false),
            MoveKind::PromoteKnight
        );
        assert_eq!(Move::from_bits(6 << 12), None);
        assert!(Move::new(e7, d8, MoveKind::EnPassant).is_capture());
        assert!(!Move::new(e7, d8, MoveKind::DoublePush).is_capture());
    }
}
