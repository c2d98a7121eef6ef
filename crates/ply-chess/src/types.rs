//! The basic chess types: colours, piece roles, pieces, files, ranks and squares.

use std::fmt;
use std::str::FromStr;

/// A side: White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
    #[must_use]
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'w'` or `'b'`, as in FEN.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `"white"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// The kind of a piece, regardless of colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// 0 (pawn) to 5 (king).
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with this index (0..6).
    #[must_use]
    pub const fn from_index(index: usize) -> Role {
        Role::ALL[index]
    }

    /// Upper-case letter: `P N B R Q K`.
    #[must_use]
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of a letter in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece::new(
                if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            )),
            None => None,
        }
    }
}

/// A file or a rank: a coordinate of the board named by a character from
/// `FIRST` on, the files `a`-`h` ([`File`]) and the ranks `1`-`8`
/// ([`Rank`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coordinate<const FIRST: u8>(u8);

/// A file, a to h.
pub type File = Coordinate<b'a'>;

/// A rank, 1 to 8.
pub type Rank = Coordinate<b'1'>;

impl<const FIRST: u8> Coordinate<FIRST> {
    /// The coordinate with index 0 (file a, rank 1) to 7 (file h, rank 8).
    #[must_use]
    pub const fn new(index: u8) -> Coordinate<FIRST> {
        assert!(index < 8);
        Coordinate(index)
    }

    /// 0 (file a, rank 1) to 7 (file h, rank 8).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// `'a'` to `'h'` for a file, `'1'` to `'8'` for a rank.
    #[must_use]
    pub const fn char(self) -> char {
        (FIRST + self.0) as char
    }

    /// The coordinate of a character (`a`-`h` for a file, `1`-`8` for a rank).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Coordinate<FIRST>> {
        let code = c as u32;
        if code >= FIRST as u32 && code < FIRST as u32 + 8 {
            Some(Coordinate((code - FIRST as u32) as u8))
        } else {
            None
        }
    }
}

impl Rank {
    /// This rank seen from `color`'s side: rank 1 for White is rank 8 for Black.
    #[must_use]
    pub const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Coordinate(7 - self.0),
        }
    }
}

/// A square: 0 = a1, 1 = b1, ..., 7 = h1, 8 = a2, ..., 63 = h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with this index (0..64).
    #[must_use]
    #[inline(always)]
    pub const fn new(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// The square at `file` and `rank`.
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    /// 0..64.
    #[must_use]
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    #[must_use]
    pub const fn file(self) -> File {
        Coordinate(self.0 & 7)
    }

    /// The rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Coordinate(self.0 >> 3)
    }

    /// The square reflected top to bottom (a1 <-> a8).
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `delta` indices away (callers keep it on the board).
    #[must_use]
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8 & 63)
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// A square name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a square: expected a file a-h and a rank 1-8, such as e4")]
pub struct SquareError(pub String);

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Square, SquareError> {
        let mut chars = text.chars();
        match (
            chars.next().and_then(File::from_char),
            chars.next().and_then(Rank::from_char),
            chars.next(),
        ) {
            (Some(file), Some(rank), None) => Ok(Square::from_coords(file, rank)),
            _ => Err(SquareError(text.to_owned())),
        }
    }
}

/// Named squares, for readable code and tests.
#[allow(missing_docs)]
pub mod squares {
    use super::Square;
    macro_rules! named {
        ($($name:ident = $index:literal),*) => { $(pub const $name: Square = Square::new($index);)* };
    }
    named!(
        A1 = 0,
        B1 = 1,
        C1 = 2,
        D1 = 3,
        E1 = 4,
        F1 = 5,
        G1 = 6,
        H1 = 7,
        A8 = 56,
        B8 = 57,
        C8 = 58,
        D8 = 59,
        E8 = 60,
        F8 = 61,
        G8 = 62,
        H8 = 63
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("e4".parse::<Square>().unwrap().index(), 28);
        for bad in ["", "e", "e9", "i4", "e44", "E4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn pieces_and_letters() {
        for c in "PNBRQKpnbrqk".chars() {
            assert_eq!(Piece::from_fen_char(c).unwrap().fen_char(), c);
        }
        assert_eq!(Piece::from_fen_char('x'), None);
        assert_eq!(Rank::new(0).relative(Color::Black), Rank::new(7));
        assert_eq!(Color::White.opponent(), Color::Black);
    }
}
