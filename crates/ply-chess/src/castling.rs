//! Castling rights for standard chess and Chess960: which rook may castle on
//! each side, where the king stands, and the squares that lose a right when a
//! move leaves or reaches them.
//!
//! Chess960 castling (the rules every board of ply follows; classical chess is
//! the case of a king on the e-file and rooks on the a- and h-files):
//! - the king and the castling rook stand on their back rank, the rook on
//!   either side of the king (king side: towards the h-file);
//! - after castling king side the king stands on the g-file and the rook on
//!   the f-file; queen side the king on the c-file and the rook on the d-file;
//! - every square between the king and its destination and between the rook
//!   and its destination, destinations included, is empty apart from the king
//!   and that rook themselves;
//! - the king is not in check, and no square it crosses or lands on is
//!   attacked, with the castling rook taken off the board (so a rook that
//!   shields its king along the back rank cannot castle away);
//! - a castling move is written internally and in UCI's Chess960 mode as the
//!   king taking its own rook (`Move::to` is the rook's square).

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, File, Rank, Square};

/// Castling rights: for each colour and side, whether castling is still
/// allowed and with which rook (its file), and the file of each king that may
/// castle.
///
/// Bits, as returned by [`CastlingRights::bits`]: 1 White king side, 2 White
/// queen side, 4 Black king side, 8 Black queen side. A right that is absent
/// keeps the classical files (rook on h or a, king on e), so equal rights
/// compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    bits: u8,
    /// The castling rook's file for each right (indexed by bit number).
    rook_files: [u8; 4],
    /// Each king's file (White, Black).
    king_files: [u8; 2],
    /// The kings and castling rooks of the rights present: a move from or to
    /// one of these squares loses rights.
    squares: Bitboard,
    /// For each right, the files of its back rank that must be empty (bit =
    /// file), and those the king crosses or lands on: what the move
    /// generators test first, one byte of the occupancy against another.
    empty_files: [u8; 4],
    path_files: [u8; 4],
}

impl Default for CastlingRights {
    fn default() -> Self {
        CastlingRights::NONE
    }
}

/// The classical files of absent rights.
const DEFAULT_ROOK_FILES: [u8; 4] = [7, 0, 7, 0];
const DEFAULT_KING_FILE: u8 = 4;

/// The back rank of a colour (0 or 7).
#[inline(always)]
const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights {
        bits: 0,
        rook_files: DEFAULT_ROOK_FILES,
        king_files: [DEFAULT_KING_FILE; 2],
        squares: Bitboard::EMPTY,
        empty_files: [0; 4],
        path_files: [0; 4],
    };
    /// All four classical rights (`KQkq`: kings on e1/e8, rooks in the corners).
    pub const ALL: CastlingRights = CastlingRights {
        bits: 15,
        rook_files: DEFAULT_ROOK_FILES,
        king_files: [DEFAULT_KING_FILE; 2],
        // a1 e1 h1 a8 e8 h8
        squares: Bitboard(0x91 | 0x91 << 56),
        // f g / b c d; the king crosses f g / d c.
        empty_files: [0x60, 0x0E, 0x60, 0x0E],
        path_files: [0x60, 0x0C, 0x60, 0x0C],
    };
    /// White may castle king side (K).
    pub const WHITE_KINGSIDE: u8 = 1;
    /// White may castle queen side (Q).
    pub const WHITE_QUEENSIDE: u8 = 2;
    /// Black may castle king side (k).
    pub const BLACK_KINGSIDE: u8 = 4;
    /// Black may castle queen side (q).
    pub const BLACK_QUEENSIDE: u8 = 8;

    /// The bit of `color`'s castling on one side.
    #[must_use]
    #[inline(always)]
    pub const fn bit(color: Color, kingside: bool) -> u8 {
        1 << (color as u8 * 2 + if kingside { 0 } else { 1 })
    }

    /// Whether `color` may still castle on that side.
    #[must_use]
    #[inline(always)]
    pub const fn has(self, color: Color, kingside: bool) -> bool {
        self.bits & Self::bit(color, kingside) != 0
    }

    /// The four bits (see the type's documentation).
    #[must_use]
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.bits
    }

    /// Whether no right is left.
    #[must_use]
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// The square of the rook that castles with `color`'s king on that side,
    /// if the right is present.
    #[must_use]
    #[inline(always)]
    pub const fn rook_square(self, color: Color, kingside: bool) -> Option<Square> {
        if self.has(color, kingside) {
            let index = color as usize * 2 + if kingside { 0 } else { 1 };
            Some(Square::new(back_rank(color) * 8 + self.rook_files[index]))
        } else {
            None
        }
    }

    /// The square of `color`'s king, if it has a right left.
    #[must_use]
    pub const fn king_square(self, color: Color) -> Option<Square> {
        if self.has(color, true) || self.has(color, false) {
            Some(Square::new(
                back_rank(color) * 8 + self.king_files[color as usize],
            ))
        } else {
            None
        }
    }

    /// The rights with one more: `color` castles on the side of `rook_file`
    /// (king side when it is beyond `king_file` towards h). The caller checks
    /// that the king and rook stand there; `None` when the files are equal or
    /// the right clashes with one already present (another rook on that side,
    /// or another king file).
    #[must_use]
    pub fn with(self, color: Color, king_file: File, rook_file: File) -> Option<CastlingRights> {
        let (king, rook) = (king_file.index(), rook_file.index());
        if king == rook {
            return None;
        }
        let kingside = rook > king;
        let bit = Self::bit(color, kingside);
        let has_color = self.has(color, true) || self.has(color, false);
        if self.bits & bit != 0 || (has_color && self.king_files[color as usize] != king) {
            return None;
        }
        let mut next = self;
        next.bits |= bit;
        let index = bit.trailing_zeros() as usize;
        next.rook_files[index] = rook;
        next.king_files[color as usize] = king;
        let castle = CastlingSquares::new(Square::new(king), Square::new(rook));
        next.empty_files[index] = castle.must_be_empty().0 as u8;
        next.path_files[index] = castle.king_path().0 as u8;
        let rank = Rank::new(back_rank(color));
        next.squares |= Bitboard::from_square(Square::from_coords(king_file, rank))
            | Bitboard::from_square(Square::from_coords(rook_file, rank));
        Some(next)
    }

    /// For `color`'s castling on one side, if the right is present and the
    /// squares it needs empty are empty in `occupied`: the rook's square and
    /// the squares the king crosses or lands on (to test for attacks). The
    /// fast test of the move generators (a byte of the occupancy).
    #[must_use]
    #[inline(always)]
    pub const fn open(
        self,
        color: Color,
        kingside: bool,
        occupied: Bitboard,
    ) -> Option<(Square, Bitboard)> {
        let index = color as usize * 2 + if kingside { 0 } else { 1 };
        let shift = back_rank(color) * 8;
        let row = (occupied.0 >> shift) as u8;
        if self.bits & (1 << index) == 0 || row & self.empty_files[index] != 0 {
            return None;
        }
        Some((
            Square::new(shift + self.rook_files[index]),
            Bitboard((self.path_files[index] as u64) << shift),
        ))
    }

    /// Whether a move from `from` to `to` loses rights (it leaves or reaches a
    /// castling king's or rook's square). Cheap: one test of a set.
    #[must_use]
    #[inline(always)]
    pub const fn touched_by(self, from: Square, to: Square) -> bool {
        self.squares.0 & (1 << from.index() | 1 << to.index()) != 0
    }

    /// The rights left after a move from `from` to `to`: a right goes when its
    /// king or its rook leaves its square or something lands there (absent
    /// rights go back to the classical files, so equal rights compare equal).
    #[must_use]
    pub fn after_move(self, from: Square, to: Square) -> CastlingRights {
        let touched = 1u64 << from.index() | 1u64 << to.index();
        if self.squares.0 & touched == 0 {
            return self;
        }
        let mut next = self;
        for color in Color::ALL {
            let c = color as usize;
            let shift = back_rank(color) * 8;
            let king_gone = touched & 1 << (shift + self.king_files[c]) != 0;
            for index in [2 * c, 2 * c + 1] {
                let rook = shift + self.rook_files[index];
                if self.bits & 1 << index != 0 && (king_gone || touched & 1 << rook != 0) {
                    next.bits &= !(1 << index);
                    next.rook_files[index] = DEFAULT_ROOK_FILES[index];
                    next.empty_files[index] = 0;
                    next.path_files[index] = 0;
                    next.squares.0 &= !(1 << rook);
                }
            }
            if next.bits & (3 << (2 * c)) == 0 {
                next.king_files[c] = DEFAULT_KING_FILE;
                next.squares.0 &= !(0xFF << shift);
            }
        }
        next
    }

    /// Whether every right is classical: king on the e-file, rooks on the a-
    /// and h-files (also true of no rights).
    #[must_use]
    pub fn is_classical(self) -> bool {
        Color::ALL.iter().all(|&color| {
            self.king_square(color)
                .is_none_or(|king| king.file().index() == DEFAULT_KING_FILE)
                && [true, false].iter().all(|&kingside| {
                    self.rook_square(color, kingside)
                        .is_none_or(|rook| rook.file().index() == if kingside { 7 } else { 0 })
                })
        })
    }

    /// The Zobrist key of these rights: the key of the four bits (as in
    /// classical chess), XORed with one key per right whose rook is not in its
    /// classical corner (so rights to different rooks hash apart).
    #[must_use]
    #[inline]
    pub fn key(self) -> u64 {
        let mut key = crate::zobrist::castling(self.bits);
        if u32::from_ne_bytes(self.rook_files) == u32::from_ne_bytes(DEFAULT_ROOK_FILES) {
            // Classical rooks (or none): the four bits say it all.
            return key;
        }
        for (index, (&file, &default)) in
            self.rook_files.iter().zip(&DEFAULT_ROOK_FILES).enumerate()
        {
            if self.bits & (1 << index) != 0 && file != default {
                key ^= crate::zobrist::castling_rook(index, file);
            }
        }
        key
    }
}

/// The squares of a castling move: king from, rook from, king to, rook to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingSquares {
    /// Where the king stands.
    pub king_from: Square,
    /// Where the castling rook stands (the move's `to`).
    pub rook_from: Square,
    /// Where the king goes: the g- or c-file.
    pub king_to: Square,
    /// Where the rook goes: the f- or d-file.
    pub rook_to: Square,
}

impl CastlingSquares {
    /// The squares of castling with the king on `king_from` and the rook on
    /// `rook_from` (same rank; king side when the rook is towards h).
    #[must_use]
    #[inline(always)]
    pub const fn new(king_from: Square, rook_from: Square) -> CastlingSquares {
        let rank = king_from.index() as u8 & !7;
        let kingside = rook_from.index() > king_from.index();
        let (king_file, rook_file) = if kingside { (6, 5) } else { (2, 3) };
        CastlingSquares {
            king_from,
            rook_from,
            king_to: Square::new(rank | king_file),
            rook_to: Square::new(rank | rook_file),
        }
    }

    /// Every square from the king to its destination and from the rook to its
    /// destination, the ends included.
    #[must_use]
    #[inline(always)]
    pub const fn spans(self) -> (Bitboard, Bitboard) {
        (
            rank_span(self.king_from, self.king_to),
            rank_span(self.rook_from, self.rook_to),
        )
    }

    /// The squares that must not be attacked (with the castling rook lifted):
    /// those the king crosses and its destination, the start left out unless
    /// the king stays there (a king not in check is not attacked on its square
    /// by anything but what the rook shields).
    #[must_use]
    #[inline(always)]
    pub const fn king_path(self) -> Bitboard {
        let (king, _) = self.spans();
        Bitboard(king.0 & !(1 << self.king_from.index()) | 1 << self.king_to.index())
    }

    /// The squares that must be empty apart from the king and the rook.
    #[must_use]
    #[inline(always)]
    pub const fn must_be_empty(self) -> Bitboard {
        let (king, rook) = self.spans();
        Bitboard((king.0 | rook.0) & !(1 << self.king_from.index() | 1 << self.rook_from.index()))
    }
}

/// The castling moves of `color` under `rights`, with its king on `king`
/// (not in check), for a board that answers square by square: `is_empty`
/// tells an empty square, `is_safe(square, rook)` a square the opponent
/// does not attack once the castling `rook` is lifted. Each move found (the
/// king taking its rook) goes to `push`. The bitboard board tests the same
/// rules with whole masks ([`CastlingRights::open`]).
#[inline]
pub(crate) fn castling_moves(
    rights: CastlingRights,
    color: Color,
    king: Square,
    is_empty: impl Fn(Square) -> bool,
    is_safe: impl Fn(Square, Square) -> bool,
    mut push: impl FnMut(Move),
) {
    for (kingside, kind) in [
        (true, MoveKind::CastleKingside),
        (false, MoveKind::CastleQueenside),
    ] {
        let Some(rook) = rights.rook_square(color, kingside) else {
            continue;
        };
        let castle = CastlingSquares::new(king, rook);
        if castle.must_be_empty().all(&is_empty) && castle.king_path().all(|sq| is_safe(sq, rook)) {
            push(Move::new(king, rook, kind));
        }
    }
}

/// The squares from `a` to `b` on one rank, both included.
#[inline(always)]
const fn rank_span(a: Square, b: Square) -> Bitboard {
    let (low, high) = if a.index() < b.index() {
        (a.index(), b.index())
    } else {
        (b.index(), a.index())
    };
    // Bit `high + 1` is lost for h8 (63): wrapping keeps the right mask.
    Bitboard((2u64 << high).wrapping_sub(1u64 << low))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_destinations() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let c = CastlingSquares::new(sq("e1"), sq("h1"));
        assert_eq!((c.king_to, c.rook_to), (sq("g1"), sq("f1")));
        assert_eq!(
            c.must_be_empty(),
            Bitboard::from_square(sq("f1")) | Bitboard::from_square(sq("g1"))
        );
        let c = CastlingSquares::new(sq("e8"), sq("a8"));
        assert_eq!((c.king_to, c.rook_to), (sq("c8"), sq("d8")));
        assert_eq!(c.must_be_empty().count(), 3);
        // King and rook swap: nothing else must be empty.
        let c = CastlingSquares::new(sq("f1"), sq("g1"));
        assert_eq!(c.must_be_empty(), Bitboard::EMPTY);
        // King already on g1.
        let c = CastlingSquares::new(sq("g1"), sq("h1"));
        assert_eq!(c.must_be_empty(), Bitboard::from_square(sq("f1")));
        assert_eq!(c.king_path(), Bitboard::from_square(sq("g1")));
        let c = CastlingSquares::new(sq("b1"), sq("h1"));
        assert_eq!(c.king_path().count(), 5);
    }

    #[test]
    fn rights_are_lost_by_king_and_rook_moves() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let rights = CastlingRights::NONE
            .with(Color::White, File::new(1), File::new(7))
            .unwrap()
            .with(Color::White, File::new(1), File::new(0))
            .unwrap();
        assert!(
            rights
                .with(Color::White, File::new(1), File::new(6))
                .is_none()
        );
        assert!(
            rights
                .with(Color::White, File::new(2), File::new(0))
                .is_none()
        );
        assert_eq!(rights.rook_square(Color::White, true), Some(sq("h1")));
        assert_eq!(rights.after_move(sq("h1"), sq("h5")).bits(), 2);
        assert_eq!(rights.after_move(sq("b1"), sq("c1")).bits(), 0);
        assert_eq!(rights.after_move(sq("a1"), sq("a2")).bits(), 1);
        assert_eq!(rights.after_move(sq("c1"), sq("d2")), rights);
        assert_eq!(
            rights
                .after_move(sq("h1"), sq("h5"))
                .after_move(sq("a1"), sq("a2")),
            CastlingRights::NONE
        );
        assert!(!rights.is_classical());
        assert!(CastlingRights::ALL.is_classical());
        let classical = [(7, true), (0, false)]
            .iter()
            .fold(CastlingRights::NONE, |r, &(f, _)| {
                r.with(Color::White, File::new(4), File::new(f)).unwrap()
            })
            .with(Color::Black, File::new(4), File::new(7))
            .unwrap()
            .with(Color::Black, File::new(4), File::new(0))
            .unwrap();
        assert_eq!(classical, CastlingRights::ALL);
        assert_eq!(classical.key(), crate::zobrist::castling(15));
    }
}
