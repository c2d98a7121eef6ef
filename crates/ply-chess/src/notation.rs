//! Move notation: UCI long algebraic (`e2e4`, `e7e8q`, castling `e1g1`, or
//! `e1h1` as the king taking its rook in Chess960) and
//! SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`), read leniently and written exactly.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{File, Rank, Role, Square};
use ply_core::MoveNames;

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Neither UCI nor SAN.
    #[error("'{0}' is not a move: expected UCI (e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q)")]
    Malformed(String),
    /// Well formed, but no legal move matches.
    #[error("{played} is not legal here; legal moves: {legal}")]
    Illegal {
        /// The move as given.
        played: String,
        /// The legal moves in SAN (none when the game is over).
        legal: MoveNames,
    },
    /// Several legal moves match.
    #[error("{played} is ambiguous: it could be {}", candidates.join(", "))]
    Ambiguous {
        /// The move as given.
        played: String,
        /// The matching moves in SAN.
        candidates: MoveNames,
    },
}

impl Position {
    /// Reads a move in UCI or SAN and checks that it is legal here.
    ///
    /// # Errors
    /// [`MoveError`] when the text is neither, matches no legal move, or
    /// matches several.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if let Some(uci) = parse_uci_shape(text) {
            return self.match_uci(text, uci);
        }
        let san = parse_san_shape(text).ok_or_else(|| MoveError::Malformed(text.to_owned()))?;
        let legal = self.legal_moves();
        let matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| san.matches(self, mv))
            .collect();
        match matches.as_slice() {
            [mv] => Ok(*mv),
            [] => Err(self.illegal(text)),
            several => Err(MoveError::Ambiguous {
                played: text.to_owned(),
                candidates: MoveNames(several.iter().map(|&mv| self.san(mv)).collect()),
            }),
        }
    }

    /// Reads a UCI move and checks that it is legal here. Castling is read
    /// in both of UCI's forms whatever the mode: the king taking its own rook
    /// (`e1h1`, Chess960's form) and the king's destination (`e1g1`, standard
    /// form; in Chess960 a king move to that square, if legal, comes first).
    ///
    /// # Errors
    /// [`MoveError`] when malformed or not legal.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let uci = parse_uci_shape(text).ok_or_else(|| MoveError::Malformed(text.to_owned()))?;
        self.match_uci(text, uci)
    }

    fn match_uci(
        &self,
        text: &str,
        (from, to, promotion): (Square, Square, Option<Role>),
    ) -> Result<Move, MoveError> {
        let legal = self.legal_moves();
        let find = |test: &dyn Fn(Move) -> bool| {
            legal
                .iter()
                .copied()
                .find(|&mv| mv.from() == from && mv.promotion() == promotion && test(mv))
        };
        // The king taking its own rook, or any other move by its squares; then
        // castling by the king's destination.
        find(&|mv| mv.to() == to)
            .or_else(|| find(&|mv| mv.is_castling() && mv.king_to() == to))
            .ok_or_else(|| self.illegal(text))
    }

    fn illegal(&self, text: &str) -> MoveError {
        let legal = self.legal_moves();
        MoveError::Illegal {
            played: text.to_owned(),
            legal: MoveNames(legal.iter().map(|&mv| self.san(mv)).collect()),
        }
    }

    /// `mv` (legal here) in SAN, with `+` or `#`.
    #[must_use]
    pub fn san(&self, mv: Move) -> String {
        let mut san = self.san_without_check(mv);
        let after = self.play_unchecked(mv);
        if after.is_check() {
            san.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        san
    }

    fn san_without_check(&self, mv: Move) -> String {
        match mv.kind() {
            MoveKind::CastleKingside => return "O-O".to_owned(),
            MoveKind::CastleQueenside => return "O-O-O".to_owned(),
            _ => {}
        }
        let role = self.role_on(mv.from()).expect("a piece moves");
        let mut san = String::with_capacity(8);
        if role == Role::Pawn {
            if mv.is_capture() {
                san.push(mv.from().file().char());
            }
        } else {
            san.push(role.upper_char());
            // Other pieces of the same kind that could also go there.
            let rivals: Vec<Square> = self
                .legal_moves()
                .iter()
                .filter(|other| {
                    other.to() == mv.to()
                        && other.from() != mv.from()
                        && self.role_on(other.from()) == Some(role)
                })
                .map(|other| other.from())
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|sq| sq.file() != mv.from().file());
                let rank_unique = rivals.iter().all(|sq| sq.rank() != mv.from().rank());
                if file_unique {
                    san.push(mv.from().file().char());
                } else if rank_unique {
                    san.push(mv.from().rank().char());
                } else {
                    san.push_str(&mv.from().to_string());
                }
            }
        }
        if mv.is_capture() {
            san.push('x');
        }
        san.push_str(&mv.to().to_string());
        if let Some(promoted) = mv.promotion() {
            san.push('=');
            san.push(promoted.upper_char());
        }
        san
    }

    /// The UCI name of `mv` in standard mode: classical castling as the
    /// king's move (e1g1), Chess960 castling as the king taking its rook
    /// (see [`Move::uci`] for Chess960 mode).
    #[must_use]
    pub fn uci(&self, mv: Move) -> String {
        mv.uci(false)
    }
}

/// `e2e4` / `e7e8q` shape: from, to, optional promotion letter.
fn parse_uci_shape(text: &str) -> Option<(Square, Square, Option<Role>)> {
    if !(4..=5).contains(&text.len()) || !text.is_ascii() {
        return None;
    }
    let from: Square = text[0..2].parse().ok()?;
    let to: Square = text[2..4].parse().ok()?;
    let promotion = match text.as_bytes().get(4) {
        None => None,
        Some(&c) => match Role::from_char(char::from(c)) {
            Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
            _ => return None,
        },
    };
    Some((from, to, promotion))
}

/// What a SAN string says about a move.
struct SanShape {
    castle: Option<MoveKind>,
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
}

impl SanShape {
    fn matches(&self, position: &Position, mv: Move) -> bool {
        if let Some(kind) = self.castle {
            return mv.kind() == kind;
        }
        if mv.is_castling() {
            // "Kg1" for castling is also understood when the king moves two
            // squares (never a king's step then).
            return self.role == Role::King
                && mv.king_to() == self.to
                && mv.from().index().abs_diff(mv.king_to().index()) == 2
                && self.from_file.is_none()
                && self.from_rank.is_none();
        }
        position.role_on(mv.from()) == Some(self.role)
            && mv.to() == self.to
            && mv.promotion() == self.promotion
            && self.from_file.is_none_or(|f| mv.from().file() == f)
            && self.from_rank.is_none_or(|r| mv.from().rank() == r)
            && (!self.capture || mv.is_capture())
    }
}

/// Reads SAN leniently: `0-0`, `O-O-O`, `e8Q`, `e8=q`, `exd6e.p.`, annotations
/// and missing or extra `+`/`#`.
fn parse_san_shape(text: &str) -> Option<SanShape> {
    let mut s = text.trim_end_matches(['+', '#', '!', '?']);
    s = s.strip_suffix("e.p.").unwrap_or(s).trim_end();
    let castle = match s {
        "O-O" | "0-0" | "o-o" => Some(MoveKind::CastleKingside),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(MoveKind::CastleQueenside),
        _ => None,
    };
    if castle.is_some() {
        return Some(SanShape {
            castle,
            role: Role::King,
            from_file: None,
            from_rank: None,
            capture: false,
            to: Square::new(0),
            promotion: None,
        });
    }
    if !s.is_ascii() || s.len() < 2 {
        return None;
    }
    let mut chars: Vec<char> = s.chars().collect();
    // Promotion at the end: "=Q", "Q" or "q" after the destination square.
    let mut promotion = None;
    if let Some(&last) = chars.last()
        && let Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) =
            Role::from_char(last)
        && chars.len() >= 3
        && (chars[chars.len() - 2].is_ascii_digit() || chars[chars.len() - 2] == '=')
    {
        promotion = Some(role);
        chars.pop();
    }
    if chars.last() == Some(&'=') {
        chars.pop();
    }
    if chars.len() < 2 {
        return None;
    }
    let to_text: String = chars[chars.len() - 2..].iter().collect();
    let to: Square = to_text.parse().ok()?;
    let mut head = &chars[..chars.len() - 2];
    let role = match head.first() {
        Some(&c) if "NBRQK".contains(c) => {
            head = &head[1..];
            Role::from_char(c)?
        }
        _ => Role::Pawn,
    };
    let mut capture = false;
    if head.last().is_some_and(|&c| c == 'x' || c == ':') {
        capture = true;
        head = &head[..head.len() - 1];
    }
    let (mut from_file, mut from_rank) = (None, None);
    for &c in head {
        if let Some(file) = File::from_char(c) {
            if from_file.replace(file).is_some() {
                return None;
            }
        } else if let Some(rank) = Rank::from_char(c) {
            if from_rank.replace(rank).is_some() {
                return None;
            }
        } else if c != '-' {
            return None;
        }
    }
    if promotion.is_some() && role != Role::Pawn {
        return None;
    }
    Some(SanShape {
        castle: None,
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}
