//! FEN: reading with validation, and writing.

use crate::attacks::pawn_attacks;
use crate::bitboard::Bitboard;
use crate::position::{CastlingRights, Position};
use crate::types::{Color, File, Piece, Rank, Role, Square};
use std::str::FromStr;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN could not be read, or describes a position that cannot be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Nothing was given.
    #[error("empty FEN")]
    Empty,
    /// The piece placement is not 8 ranks of 8 squares.
    #[error("bad piece placement '{0}': expected 8 ranks of 8 squares separated by '/'")]
    Placement(String),
    /// A letter that is not a piece.
    #[error("'{0}' is not a piece letter (PNBRQK for White, pnbrqk for Black)")]
    PieceLetter(char),
    /// Not exactly one king of a colour.
    #[error("{color} has {count} kings; each side needs exactly one")]
    KingCount {
        /// The colour.
        color: &'static str,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn on the first or last rank.
    #[error("a pawn stands on {0}, on the first or last rank")]
    PawnOnBackRank(Square),
    /// More pieces or pawns than a side can have.
    #[error(
        "{0} has too many pieces (at most 16, at most 8 pawns, and no more promoted pieces than missing pawns)"
    )]
    TooManyPieces(&'static str),
    /// The side to move is not `w` or `b`.
    #[error("'{0}' is not a side to move: use w or b")]
    Side(String),
    /// Bad castling field.
    #[error(
        "bad castling rights '{0}': use -, some of KQkq, or rook files (Shredder-FEN HAha, X-FEN)"
    )]
    Castling(String),
    /// A castling right whose king or rook is not where castling needs it.
    #[error(
        "castling right '{0}' needs the king on its back rank and a rook there on that side of it"
    )]
    CastlingPieces(char),
    /// Two castling rights on the same side of one king (`KH`, `HG`).
    #[error("castling rights '{0}' give one side two rooks or its king two files")]
    CastlingClash(String),
    /// Bad en passant field.
    #[error("bad en passant square '{0}': use - or a square such as e3 or e6")]
    EnPassant(String),
    /// An en passant square no double push can have just produced.
    #[error("en passant square {0} does not follow a double pawn push")]
    EnPassantImpossible(Square),
    /// Bad halfmove clock or move number.
    #[error("bad move counter '{0}': expected a number")]
    Counter(String),
    /// The side that just moved is in check.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// Three or more pieces give check.
    #[error("the side to move is in check from {0} pieces, which no move can cause")]
    TooManyCheckers(u32),
    /// Text after the six fields.
    #[error("unexpected text after the FEN: '{0}'")]
    Trailing(String),
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads a FEN (see [`Position::from_fen`]).
    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::from_fen(text)
    }
}

impl Position {
    /// The standard start position.
    #[must_use]
    pub fn start() -> Position {
        Position::from_fen(START_FEN).expect("the start position is valid")
    }

    /// Reads a FEN. The halfmove clock and move number may be left out
    /// (as in EPD); the en passant square is kept only when a pawn can capture.
    ///
    /// # Errors
    /// [`PositionError`] when the text is malformed or the position impossible.
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(PositionError::Empty)?;
        let mut position = Position::empty();
        read_placement(placement, &mut position)?;

        position.state.side = match fields.next() {
            None | Some("w" | "W") => Color::White,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(PositionError::Side(other.to_owned())),
        };
        position.state.castling = read_castling(fields.next().unwrap_or("-"), &position)?;
        let en_passant = read_en_passant(fields.next().unwrap_or("-"), &position)?;
        position.state.halfmove_clock = read_counter(fields.next().unwrap_or("0"))?;
        position.state.fullmove_number = read_counter(fields.next().unwrap_or("1"))?.max(1);
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(PositionError::Trailing(rest.join(" ")));
        }

        check_material(&position)?;
        let them = position.state.side.opponent();
        if position
            .attackers(
                position.king(them),
                position.state.side,
                position.occupied(),
            )
            .any()
        {
            return Err(PositionError::OpponentInCheck);
        }
        let checkers = position.checkers().count();
        if checkers > 2 {
            return Err(PositionError::TooManyCheckers(checkers));
        }
        if let Some(target) = en_passant {
            let capturers =
                pawn_attacks(them, target) & position.pieces(position.state.side, Role::Pawn);
            if capturers.any() {
                position.state.en_passant = Some(target);
            }
        }
        position.state.hash = position.hash_from_scratch();
        Ok(position)
    }

    /// The FEN of the position, castling rights in X-FEN as python-chess's
    /// `Board.fen()` writes them: `KQkq` for a castling rook that is the
    /// outermost rook on its side of the king (always so in classical chess),
    /// otherwise the rook's file letter (`B`, `g`).
    #[must_use]
    pub fn fen(&self) -> String {
        self.fen_with(false)
    }

    /// The FEN with castling rights in Shredder-FEN, the rooks' file letters
    /// (`HAha` for the classical start), as Stockfish writes them in Chess960
    /// mode and python-chess's `Board.shredder_fen()`.
    #[must_use]
    pub fn shredder_fen(&self) -> String {
        self.fen_with(true)
    }

    /// The castling field: `-`, X-FEN, or Shredder-FEN (`shredder`); White's
    /// rights first, king side first.
    #[must_use]
    pub fn castling_field(&self, shredder: bool) -> String {
        let mut field = String::new();
        for color in Color::ALL {
            let back_rank = Bitboard::rank(Rank::new(if color == Color::White { 0 } else { 7 }));
            let rooks = self.pieces(color, Role::Rook) & back_rank;
            for kingside in [true, false] {
                let Some(rook) = self.state.castling.rook_square(color, kingside) else {
                    continue;
                };
                let outer = rooks
                    .into_iter()
                    .filter(|other| {
                        if kingside {
                            other.index() > rook.index()
                        } else {
                            other.index() < rook.index()
                        }
                    })
                    .count()
                    > 0;
                let c = if shredder || outer {
                    rook.file().char()
                } else if kingside {
                    'k'
                } else {
                    'q'
                };
                field.push(if color == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        if field.is_empty() {
            field.push('-');
        }
        field
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut fen = placement(|square| self.piece_on(square));
        fen.push(' ');
        fen.push(self.state.side.fen_char());
        fen.push(' ');
        fen.push_str(&self.castling_field(shredder));
        fen.push(' ');
        match self.state.en_passant {
            Some(square) => fen.push_str(&square.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(
            " {} {}",
            self.state.halfmove_clock, self.state.fullmove_number
        ));
        fen
    }
}

fn read_placement(placement: &str, position: &mut Position) -> Result<(), PositionError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::Placement(placement.to_owned()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - row as u8);
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(gap) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += gap as u8;
            } else {
                let piece = Piece::from_fen_char(c).ok_or(PositionError::PieceLetter(c))?;
                if file >= 8 {
                    return Err(PositionError::Placement(placement.to_owned()));
                }
                position.put(piece, Square::from_coords(File::new(file), rank));
                file += 1;
            }
            if file > 8 {
                return Err(PositionError::Placement(placement.to_owned()));
            }
        }
        if file != 8 {
            return Err(PositionError::Placement(placement.to_owned()));
        }
    }
    Ok(())
}

fn check_material(position: &Position) -> Result<(), PositionError> {
    for color in Color::ALL {
        let kings = position.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(PositionError::KingCount {
                color: color.name(),
                count: kings,
            });
        }
        let pawns = position.pieces(color, Role::Pawn).count();
        // Pieces beyond the starting set can only come from promotions, one
        // pawn each.
        let promoted: u32 = [
            (Role::Knight, 2),
            (Role::Bishop, 2),
            (Role::Rook, 2),
            (Role::Queen, 1),
        ]
        .iter()
        .map(|&(role, start)| position.pieces(color, role).count().saturating_sub(start))
        .sum();
        if position.color(color).count() > 16 || pawns > 8 || promoted > 8 - pawns {
            return Err(PositionError::TooManyPieces(color.name()));
        }
    }
    if let Some(square) = (position.role(Role::Pawn) & Bitboard::BACK_RANKS).first() {
        return Err(PositionError::PawnOnBackRank(square));
    }
    Ok(())
}

/// Reads the castling field: `-`, `KQkq` (X-FEN: the outermost rook on that
/// side of the king), or file letters (Shredder-FEN and X-FEN: the rook on
/// that file; upper case for White), in any order and mixed.
fn read_castling(text: &str, position: &Position) -> Result<CastlingRights, PositionError> {
    if text == "-" {
        return Ok(CastlingRights::NONE);
    }
    // The letters first: only KQkq and files, none twice.
    let letters: Vec<char> = text.chars().collect();
    if letters.iter().enumerate().any(|(i, &c)| {
        !matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h') || letters[..i].contains(&c)
    }) {
        return Err(PositionError::Castling(text.to_owned()));
    }
    let mut rights = CastlingRights::NONE;
    for c in letters {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = Rank::new(if color == Color::White { 0 } else { 7 });
        let king = king_on_rank(position, color, rank);
        let rooks = position.pieces(color, Role::Rook) & Bitboard::rank(rank);
        let rook_file = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                let king = king.ok_or(PositionError::CastlingPieces(c))?;
                let kingside = c.eq_ignore_ascii_case(&'k');
                let side = rooks
                    .into_iter()
                    .filter(|rook| (rook.index() > king.index()) == kingside);
                let outermost = if kingside { side.max() } else { side.min() };
                outermost.ok_or(PositionError::CastlingPieces(c))?.file()
            }
            letter @ 'a'..='h' => {
                let file = File::from_char(letter).expect("a file letter");
                if !rooks.contains(Square::from_coords(file, rank)) || king.is_none() {
                    return Err(PositionError::CastlingPieces(c));
                }
                file
            }
            _ => return Err(PositionError::Castling(text.to_owned())),
        };
        let king = king.ok_or(PositionError::CastlingPieces(c))?;
        rights = rights
            .with(color, king.file(), rook_file)
            .ok_or_else(|| PositionError::CastlingClash(text.to_owned()))?;
    }
    Ok(rights)
}

/// `color`'s king if it stands on `rank`.
fn king_on_rank(position: &Position, color: Color, rank: Rank) -> Option<Square> {
    (position.pieces(color, Role::King) & Bitboard::rank(rank)).first()
}

fn read_en_passant(text: &str, position: &Position) -> Result<Option<Square>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    let target: Square = text
        .parse()
        .map_err(|_| PositionError::EnPassant(text.to_owned()))?;
    let us = position.state.side;
    let them = us.opponent();
    // The pawn that just moved two squares stands in front of the target (from
    // the mover's view), and the squares it crossed are empty.
    let (expected_rank, pawn_step, origin_step): (u8, i8, i8) = match us {
        Color::White => (5, -8, 8),
        Color::Black => (2, 8, -8),
    };
    if target.rank().index() != expected_rank {
        // The sixth rank with White to move, the third with Black.
        return Err(PositionError::EnPassantImpossible(target));
    }
    let pawn = target.offset(pawn_step);
    let origin = target.offset(origin_step);
    let occupied = position.occupied();
    if !position.pieces(them, Role::Pawn).contains(pawn)
        || occupied.contains(target)
        || occupied.contains(origin)
    {
        return Err(PositionError::EnPassantImpossible(target));
    }
    Ok(Some(target))
}

fn read_counter(text: &str) -> Result<u16, PositionError> {
    text.parse()
        .map_err(|_| PositionError::Counter(text.to_owned()))
}

/// The first field of a FEN: the pieces `piece_on` gives, rank 8 first.
#[must_use]
pub fn placement(piece_on: impl Fn(Square) -> Option<Piece>) -> String {
    let mut fen = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut gap = 0;
        for file in 0..8 {
            match piece_on(Square::from_coords(File::new(file), Rank::new(rank))) {
                None => gap += 1,
                Some(piece) => {
                    if gap > 0 {
                        fen.push(char::from(b'0' + gap));
                        gap = 0;
                    }
                    fen.push(piece.fen_char());
                }
            }
        }
        if gap > 0 {
            fen.push(char::from(b'0' + gap));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}
