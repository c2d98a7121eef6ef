//! Sets of squares as 64-bit words: bit `i` is square `i` (a1 = bit 0).

use crate::types::{Color, File, Rank, Square};
use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const ALL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 1.
    pub const RANK_1: Bitboard = Bitboard(0xFF);
    /// Rank 8.
    pub const RANK_8: Bitboard = Bitboard(0xFF << 56);
    /// Ranks 1 and 8, where pawns never stand.
    pub const BACK_RANKS: Bitboard = Bitboard(0xFF | 0xFF << 56);
    /// The light squares (h1 is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

    /// The set holding just `square`.
    #[must_use]
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// Every square of `file`.
    #[must_use]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(Self::FILE_A.0 << file.index())
    }

    /// Every square of `rank`.
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(Self::RANK_1.0 << (8 * rank.index()))
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set is not empty.
    #[must_use]
    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether `square` is in the set.
    #[must_use]
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// The number of squares.
    #[must_use]
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    #[must_use]
    #[inline(always)]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[must_use]
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::new(self.0.trailing_zeros() as u8))
        }
    }

    /// The lowest square of a set that must not be empty.
    #[must_use]
    #[inline(always)]
    pub const fn lowest(self) -> Square {
        debug_assert!(self.0 != 0);
        Square::new(self.0.trailing_zeros() as u8)
    }

    /// The set moved one rank forward for `color` (up for White, down for Black).
    #[must_use]
    #[inline(always)]
    pub const fn forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => Bitboard(self.0 << 8),
            Color::Black => Bitboard(self.0 >> 8),
        }
    }

    /// The set with `square` added or removed.
    #[must_use]
    #[inline(always)]
    pub const fn toggled(self, square: Square) -> Bitboard {
        Bitboard(self.0 ^ (1 << square.index()))
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Takes the lowest square out of the set.
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        let square = self.first()?;
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! binary_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

binary_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Sub for Bitboard {
    type Output = Bitboard;

    /// Set difference.
    #[inline(always)]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl Shl<u32> for Bitboard {
    type Output = Bitboard;

    #[inline(always)]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

impl Shr<u32> for Bitboard {
    type Output = Bitboard;

    #[inline(always)]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

impl From<Square> for Bitboard {
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq))
    }
}

impl fmt::Debug for Bitboard {
    /// The board as 8 rows, rank 8 first: `x` in the set, `.` not.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::new(rank * 8 + file);
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_and_iteration() {
        let e4: Square = "e4".parse().unwrap();
        let d5: Square = "d5".parse().unwrap();
        let set = Bitboard::from_square(e4) | Bitboard::from_square(d5);
        assert_eq!(set.count(), 2);
        assert!(set.contains(e4) && set.has_several());
        assert_eq!(set.collect::<Vec<_>>(), [e4, d5]);
        assert_eq!((set - Bitboard::from_square(e4)).first(), Some(d5));
        assert_eq!(Bitboard::file(File::new(0)), Bitboard::FILE_A);
        assert_eq!(Bitboard::rank(Rank::new(7)), Bitboard::RANK_8);
        assert_eq!(
            Bitboard::from_square(e4)
                .forward(Color::Black)
                .first()
                .unwrap()
                .to_string(),
            "e3"
        );
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::new(7)));
        assert!(!Bitboard::LIGHT_SQUARES.contains(Square::new(0)));
    }
}
