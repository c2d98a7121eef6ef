//! PDN notation: positions as PDN FEN (`B:W21,22,...:B1,2,...`) and moves as
//! `11-15` or `22x15x6`.

use crate::moves::Move;
use crate::position::{Color, Position, PositionError};
use crate::types::Square;
use ply_core::{Game, MoveNames};
use std::fmt;
use std::str::FromStr;

/// A move that could not be read, or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not squares joined by `-` or `x`.
    #[error(
        "'{0}' is not a move: expected squares 1-32 joined by - or x, such as 11-15 or 22x15x6"
    )]
    Malformed(String),
    /// Well formed, but no legal move fits.
    #[error("{played} is not legal here; legal moves: {legal}")]
    Illegal {
        /// The move as given.
        played: String,
        /// The legal moves (none when the game is over).
        legal: MoveNames,
    },
    /// Only start and end were given, and several legal moves fit.
    #[error("{played} is ambiguous here; legal moves that fit: {candidates}")]
    Ambiguous {
        /// The move as given.
        played: String,
        /// The legal moves it could mean.
        candidates: MoveNames,
    },
}

impl Position {
    /// Reads a PDN FEN: the side to move (`B` or `W`), then for each colour a list
    /// of squares after `B` or `W`, sections separated by `:`. A square may carry
    /// `K` for a king; `1-12` stands for squares 1 to 12 (`K1-4` for kings).
    /// Colours come in either order, a list may be empty, whitespace between items
    /// is ignored, and the whole may be wrapped as `[FEN "..."]`, quoted, or end
    /// with a period. Letters may be lower case.
    ///
    /// # Errors
    /// [`PositionError`] for malformed text and impossible positions: two pieces on
    /// a square, a man on its crowning row, more than 12 pieces a side.
    pub fn from_fen(text: &str) -> Result<Position, PositionError> {
        parse_fen(text)
    }

    /// Writes the canonical PDN FEN: side to move, White's squares, Black's squares,
    /// ascending, kings marked `K`: `B:W21,22,...,32:B1,2,...,12`.
    #[must_use]
    pub fn fen(&self) -> String {
        write_fen(self)
    }

    /// Reads a move: squares joined by `-` or `x` — every square of the path
    /// (`11-15`, `22x15x6`) or just start and end (`22x6`) when only one legal move
    /// fits. `x` asks for a capture; `-` is accepted for captures too.
    ///
    /// # Errors
    /// [`MoveError`]: malformed text, or no legal move fits (the error lists the
    /// legal moves), or several do (it lists those).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads a PDN FEN (see [`Position::from_fen`]).
    fn from_str(text: &str) -> Result<Position, PositionError> {
        Position::from_fen(text)
    }
}

impl fmt::Display for Position {
    /// The PDN FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.fen())
    }
}

/// At most this many characters of bad input are quoted back in an error.
const QUOTE_LIMIT: usize = 40;

/// `text` for an error message, shortened if long.
fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_LIMIT {
        text.to_owned()
    } else {
        let head: String = text.chars().take(QUOTE_LIMIT).collect();
        format!("{head}...")
    }
}

/// [`Position::from_fen`].
fn parse_fen(text: &str) -> Result<Position, PositionError> {
    let body = unwrap(text)?;
    let mut sections = body.split(':');
    let side = sections.next().unwrap_or_default().trim();
    let side = match side {
        "B" | "b" => Color::Black,
        "W" | "w" => Color::White,
        "" => {
            return Err(PositionError::Malformed(
                "the side to move is missing".to_owned(),
            ));
        }
        other => return Err(PositionError::UnknownSide(quote(other))),
    };
    // Per colour: (all pieces, kings), once listed.
    let mut lists: [Option<(u32, u32)>; 2] = [None, None];
    let mut occupied = 0u32;
    let mut any_section = false;
    for section in sections {
        any_section = true;
        let section = section.trim();
        let mut chars = section.chars();
        let color = match chars.next() {
            Some('B' | 'b') => Color::Black,
            Some('W' | 'w') => Color::White,
            Some(other) => return Err(PositionError::UnknownColour(other.to_string())),
            None => {
                return Err(PositionError::Malformed(
                    "a list of squares is empty (not even B or W)".to_owned(),
                ));
            }
        };
        if lists[color as usize].is_some() {
            return Err(PositionError::ColourTwice(color));
        }
        let (mut pieces, mut kings) = (0u32, 0u32);
        let items = chars.as_str().trim();
        if !items.is_empty() {
            for item in items.split(',') {
                let (squares, king) = parse_item(item.trim())?;
                if let Some(square) = Square::in_board(squares & (occupied | pieces)).next() {
                    return Err(PositionError::TwoPieces(square));
                }
                pieces |= squares;
                if king {
                    kings |= squares;
                }
            }
        }
        occupied |= pieces;
        lists[color as usize] = Some((pieces, kings));
    }
    if !any_section {
        return Err(PositionError::Malformed(
            "no lists of squares after the side to move".to_owned(),
        ));
    }
    let (black, black_kings) = lists[Color::Black as usize].unwrap_or_default();
    let (white, white_kings) = lists[Color::White as usize].unwrap_or_default();
    Position::from_pieces(black, white, black_kings | white_kings, side)
}

/// The FEN inside its optional `[FEN "..."]` wrapper or quotes, without a final period.
fn unwrap(text: &str) -> Result<&str, PositionError> {
    let mut body = text.trim();
    if let Some(tag) = body.strip_prefix('[') {
        let tag = tag
            .strip_suffix(']')
            .ok_or_else(|| PositionError::Malformed(format!("'{}' has no closing ]", quote(text))))?
            .trim_start();
        body = match tag.get(..3) {
            Some(name) if name.eq_ignore_ascii_case("FEN") => tag[3..].trim(),
            _ => {
                return Err(PositionError::Malformed(format!(
                    "'{}' is not a [FEN \"...\"] tag",
                    quote(text)
                )));
            }
        };
    }
    if let Some(quoted) = body.strip_prefix('"') {
        body = quoted.strip_suffix('"').ok_or_else(|| {
            PositionError::Malformed(format!("'{}' has no closing quote", quote(text)))
        })?;
    }
    let body = body.trim();
    Ok(body.strip_suffix('.').unwrap_or(body).trim_end())
}

/// One list item: `5`, `K5`, `1-12` or `K1-4`, as a board and whether kings.
fn parse_item(item: &str) -> Result<(u32, bool), PositionError> {
    let (king, squares) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest.trim_start()),
        None => (false, item),
    };
    let square = |text: &str| {
        let text = text.trim();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(PositionError::BadSquare(quote(item)));
        }
        // Digits beyond u32 are out of range too.
        text.parse::<u32>()
            .ok()
            .and_then(Square::from_number)
            .ok_or_else(|| PositionError::SquareOutOfRange(quote(text)))
    };
    let board = match squares.split_once('-') {
        None => square(squares)?.bit(),
        Some((first, last)) => {
            let (first, last) = (square(first)?, square(last)?);
            if first > last {
                return Err(PositionError::BadSquare(quote(item)));
            }
            // Squares first..=last.
            (u32::MAX >> (31 - last.index())) & !(first.bit() - 1)
        }
    };
    Ok((board, king))
}

/// A square number, if `text` is one (digits, 1 to 32).
fn parse_square(text: &str) -> Option<Square> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>().ok().and_then(Square::from_number)
}

/// [`Position::fen`].
fn write_fen(position: &Position) -> String {
    let side = match position.turn() {
        Color::Black => 'B',
        Color::White => 'W',
    };
    let list = |pieces: u32| {
        Square::in_board(pieces)
            .map(|square| {
                if position.kings() & square.bit() != 0 {
                    format!("K{square}")
                } else {
                    square.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{side}:W{}:B{}",
        list(position.white()),
        list(position.black())
    )
}

/// [`Position::parse_move`].
fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    let played = text.trim();
    let malformed = || MoveError::Malformed(quote(played));
    let capture = played.contains(['x', 'X']);
    let squares: Vec<Square> = played
        .split(['-', 'x', 'X'])
        .map(|part| parse_square(part.trim()))
        .collect::<Option<_>>()
        .ok_or_else(malformed)?;
    if squares.len() < 2 {
        return Err(malformed());
    }
    let legal = position.legal_moves();
    let fits = |mv: &Move| {
        (mv.is_capture() || !capture)
            && (mv.squares().eq(squares.iter().copied())
                || (squares.len() == 2 && mv.from() == squares[0] && mv.to() == squares[1]))
    };
    let candidates: Vec<Move> = legal.iter().copied().filter(fits).collect();
    match candidates.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::Illegal {
            played: quote(played),
            legal: names(&legal),
        }),
        several => {
            // A full path names one move; only a short form can be ambiguous.
            let exact: Vec<&Move> = several
                .iter()
                .filter(|mv| mv.squares().eq(squares.iter().copied()))
                .collect();
            match exact.as_slice() {
                [mv] => Ok(**mv),
                _ => Err(MoveError::Ambiguous {
                    played: quote(played),
                    candidates: names(several),
                }),
            }
        }
    }
}

/// Moves in notation, space separated.
fn names(moves: &[Move]) -> MoveNames {
    MoveNames(moves.iter().map(Move::to_string).collect())
}

#[cfg(test)]
mod tests;
