//! Setting up a position by hand: the pieces a set-up editor offers for a
//! game ([`palette`]: each with its letter and its picture from the
//! [`crate::svg`] renderer), the pieces of a position ([`pieces_of`]), a
//! board drawn from pieces on squares ([`diagram`]) and the game's position
//! string written from them ([`position_from`]), checked by the game's own
//! reader.
//!
//! ```
//! use ply_games::session::setup::{self, Extras};
//! use ply_games::GameKind;
//! let pieces = [("e1".to_owned(), 'K'), ("e8".to_owned(), 'k'), ("d1".to_owned(), 'Q')];
//! let fen = setup::position_from(GameKind::Chess, &pieces, true, &Extras::default()).unwrap();
//! assert_eq!(fen, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
//! assert!(setup::position_from(GameKind::Chess, &pieces[1..], true, &Extras::default()).is_err());
//! ```

use crate::diagram::{Cell, Color, Diagram, Kind, Piece};
use crate::registry::GameKind;
use crate::svg;
use serde::Serialize;

/// A piece a set-up editor puts on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PalettePiece {
    /// Its letter in the game's position strings (`K`, `p`, `w`, `B`, `X`):
    /// how [`position_from`] takes it.
    pub symbol: char,
    /// Its name in words (`"white king"`, `"black man"`).
    pub name: String,
    /// Its picture: a square with the piece, a standalone SVG document.
    pub svg: String,
}

/// What a set-up editor of a game offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Palette {
    /// The pieces, first player's first.
    pub pieces: Vec<PalettePiece>,
    /// The castling rights there are (chess: `K` with "White O-O", ...);
    /// none in the other games.
    pub castling: Vec<(char, &'static str)>,
    /// Whether a set-up names an en passant square (chess).
    pub en_passant: bool,
    /// Whether a set-up gives the move number and the half-move clock
    /// (chess: FEN's last two fields).
    pub move_number: bool,
}

/// What a position holds besides its pieces and the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The castling rights, as FEN writes them (`KQkq`; empty: none).
    pub castling: String,
    /// The square a pawn may be taken en passant on (`e3`).
    pub en_passant: Option<String>,
    /// Chess: the number of the move to play, 1 to [`MAX_MOVE_NUMBER`]
    /// (none: 1).
    pub fullmove_number: Option<u32>,
    /// Chess: the half-moves since the last capture or pawn move, 0 to
    /// [`MAX_HALFMOVE_CLOCK`] (none: 0).
    pub halfmove_clock: Option<u32>,
}

/// The highest move number a set-up takes.
pub const MAX_MOVE_NUMBER: u32 = 9999;
/// The highest half-move clock a set-up takes (the 75-move rule's end).
pub const MAX_HALFMOVE_CLOCK: u32 = 150;

/// The pieces of a position: each square with a piece and the piece's
/// letter, the side to move and the [`Extras`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetUp {
    /// `(square, symbol)` for each piece, as the diagram lists them.
    pub pieces: Vec<(String, char)>,
    /// Whether the first player is to move.
    pub first_to_move: bool,
    /// Castling rights and the en passant square.
    pub extras: Extras,
}

fn kinds(kind: GameKind) -> Vec<Kind> {
    match kind {
        GameKind::Chess => Kind::CHESS.to_vec(),
        GameKind::Checkers => vec![Kind::Man, Kind::CheckersKing],
        GameKind::Othello => vec![Kind::Disc],
    }
}

/// The pieces of `kind` by colour, the first player's colour first.
fn pieces(kind: GameKind) -> Vec<Piece> {
    let first = if super::facts(kind).first == "White" {
        [Color::White, Color::Black]
    } else {
        [Color::Black, Color::White]
    };
    first
        .into_iter()
        .flat_map(|color| kinds(kind).into_iter().map(move |k| Piece::new(color, k)))
        .collect()
}

fn piece_of(kind: GameKind, symbol: char) -> Option<Piece> {
    pieces(kind).into_iter().find(|p| p.glyph().ascii == symbol)
}

/// The game's empty board: its diagram with no pieces and nothing marked.
fn empty_board(kind: GameKind) -> Diagram {
    let mut diagram = match super::new(kind, None) {
        Ok(game) => game.diagram(false, None),
        Err(_) => unreachable!("every game starts"),
    };
    for cell in diagram.rows.iter_mut().flatten() {
        *cell = Cell {
            piece: None,
            last: false,
            marked: false,
            selected: false,
            ..cell.clone()
        };
    }
    diagram
}

/// What a set-up editor of `kind` offers.
#[must_use]
pub fn palette(kind: GameKind) -> Palette {
    let board = empty_board(kind);
    let pieces = pieces(kind)
        .into_iter()
        .map(|piece| {
            let square = Diagram {
                rows: vec![vec![Cell {
                    piece: Some(piece),
                    dark: board.surface == crate::diagram::Surface::Checkered,
                    ..Cell::default()
                }]],
                column_labels: Vec::new(),
                row_labels: Vec::new(),
                ..board.clone()
            };
            let name = match piece.kind {
                Kind::CheckersKing => "king",
                other => other.name(),
            };
            PalettePiece {
                symbol: piece.glyph().ascii,
                name: format!("{} {name}", piece.color.name()),
                svg: svg::render(
                    &square,
                    &svg::Options {
                        coordinates: false,
                        ..svg::Options::default()
                    },
                ),
            }
        })
        .collect();
    let chess = kind == GameKind::Chess;
    Palette {
        pieces,
        castling: if chess {
            vec![
                ('K', "White O-O"),
                ('Q', "White O-O-O"),
                ('k', "Black O-O"),
                ('q', "Black O-O-O"),
            ]
        } else {
            Vec::new()
        },
        en_passant: chess,
        move_number: chess,
    }
}

/// The board of `kind` with `pieces` (`(square, symbol)`) on it, legal or
/// not, to draw while setting up.
///
/// # Errors
/// The reason, on one line, for a square the game has not, a symbol that is
/// not one of its pieces or a square given twice.
pub fn diagram(kind: GameKind, pieces: &[(String, char)]) -> Result<Diagram, String> {
    let mut board = empty_board(kind);
    for (square, symbol) in pieces {
        let piece = piece_of(kind, *symbol)
            .ok_or_else(|| format!("'{symbol}' is not a piece of {kind}"))?;
        let cell = board
            .rows
            .iter_mut()
            .flatten()
            .find(|cell| cell.square.as_deref() == Some(square.as_str()))
            .ok_or_else(|| {
                let shown: String = square.chars().take(12).collect();
                format!("'{shown}' is not a square of {kind}")
            })?;
        if cell.piece.is_some() {
            return Err(format!("square {square} is given twice"));
        }
        cell.piece = Some(piece);
    }
    Ok(board)
}

/// The position string of `kind` (FEN, PDN FEN, Othello's) with `pieces`
/// (`(square, symbol)`: the squares as the game names them, the symbols of
/// [`palette`]) on the board, the first player to move when
/// `first_to_move`, and `extras` where the game has them, checked by the
/// game's reader.
///
/// # Errors
/// The reason, on one line: a bad square or symbol, or a position the game
/// refuses (no king, pawns on the last rank, a bad castling right...).
pub fn position_from(
    kind: GameKind,
    pieces: &[(String, char)],
    first_to_move: bool,
    extras: &Extras,
) -> Result<String, String> {
    let board = diagram(kind, pieces)?;
    let at = |name: &str| board.find(name).and_then(|(_, _, cell)| cell.piece);
    let letter = |name: &str| at(name).map(|p| p.glyph().ascii);
    let text = match kind {
        GameKind::Chess => {
            let mut ranks = Vec::new();
            for rank in (1..=8).rev() {
                let mut row = String::new();
                let mut empty = 0;
                for file in 'a'..='h' {
                    match letter(&format!("{file}{rank}")) {
                        Some(symbol) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(symbol);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                ranks.push(row);
            }
            let castling: String = ['K', 'Q', 'k', 'q']
                .into_iter()
                .filter(|c| extras.castling.contains(*c))
                .collect();
            if let Some(bad) = extras.castling.chars().find(|c| !"KQkq-".contains(*c)) {
                return Err(format!("'{bad}' is not a castling right (KQkq)"));
            }
            let en_passant = match extras.en_passant.as_deref().map(str::trim) {
                None | Some("" | "-") => "-".to_owned(),
                Some(square)
                    if square.len() == 2
                        && at(square).is_none()
                        && board.find(square).is_some() =>
                {
                    square.to_owned()
                }
                Some(square) => {
                    let shown: String = square.chars().take(12).collect();
                    return Err(format!("'{shown}' cannot be the en passant square"));
                }
            };
            let number = extras.fullmove_number.unwrap_or(1);
            if !(1..=MAX_MOVE_NUMBER).contains(&number) {
                return Err(format!("the move number must be 1 to {MAX_MOVE_NUMBER}"));
            }
            let clock = extras.halfmove_clock.unwrap_or(0);
            if clock > MAX_HALFMOVE_CLOCK {
                return Err(format!(
                    "the half-move clock must be 0 to {MAX_HALFMOVE_CLOCK}"
                ));
            }
            format!(
                "{} {} {} {en_passant} {clock} {number}",
                ranks.join("/"),
                if first_to_move { 'w' } else { 'b' },
                if castling.is_empty() { "-" } else { &castling },
            )
        }
        GameKind::Checkers => {
            let list = |color: Color| {
                let mut squares: Vec<(u32, bool)> = board
                    .cells()
                    .filter_map(|(_, _, cell)| {
                        let piece = cell.piece.filter(|p| p.color == color)?;
                        let number = cell.square.as_deref()?.parse::<u32>().ok()?;
                        Some((number, piece.kind == Kind::CheckersKing))
                    })
                    .collect();
                squares.sort_unstable();
                squares
                    .iter()
                    .map(|&(n, king)| if king { format!("K{n}") } else { n.to_string() })
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!(
                "{}:W{}:B{}",
                if first_to_move { 'B' } else { 'W' },
                list(Color::White),
                list(Color::Black)
            )
        }
        GameKind::Othello => {
            let discs: String = ply_othello::Square::all()
                .map(|square| letter(&square.to_string()).unwrap_or('-'))
                .collect();
            format!("{discs} {}", if first_to_move { 'X' } else { 'O' })
        }
    };
    let game = super::new(kind, Some(&text)).map_err(|e| format!("not a legal position: {e}"))?;
    Ok(game.position())
}

/// The pieces of `position` (a position string of `kind`; none: the
/// start), the side to move and the extras: what a set-up editor starts
/// from.
///
/// # Errors
/// The reason, on one line, when the position cannot be read.
pub fn pieces_of(kind: GameKind, position: Option<&str>) -> Result<SetUp, String> {
    let game = super::new(kind, position)?;
    let board = game.diagram(false, None);
    let pieces = board
        .cells()
        .filter_map(|(_, _, cell)| Some((cell.square.clone()?, cell.glyph()?.ascii)))
        .collect();
    let mut extras = Extras::default();
    if kind == GameKind::Chess {
        let text = game.position();
        let fields: Vec<&str> = text.split_whitespace().collect();
        if let [_, _, castling, en_passant, ..] = fields[..] {
            extras.castling = castling.replace('-', "");
            extras.en_passant = (en_passant != "-").then(|| en_passant.to_owned());
        }
        extras.halfmove_clock = fields.get(4).and_then(|f| f.parse().ok());
        extras.fullmove_number = fields.get(5).and_then(|f| f.parse().ok());
    }
    Ok(SetUp {
        pieces,
        first_to_move: game.first_to_move(),
        extras,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(kind: GameKind, position: &str) {
        let set_up = pieces_of(kind, Some(position)).unwrap();
        let written =
            position_from(kind, &set_up.pieces, set_up.first_to_move, &set_up.extras).unwrap();
        let again = super::super::new(kind, Some(position)).unwrap().position();
        // A set-up starts the move counters of chess afresh.
        let fields = |text: &str| {
            text.split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(fields(&written), fields(&again), "{kind}");
    }

    #[test]
    fn positions_come_back_from_their_pieces() {
        for kind in GameKind::ALL {
            let start = super::super::new(kind, None).unwrap().position();
            round_trip(kind, &start);
        }
        round_trip(
            GameKind::Chess,
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3",
        );
        round_trip(GameKind::Chess, "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
        round_trip(GameKind::Checkers, "W:WK3,21,22:B1,K30");
        let mut game = super::super::new(GameKind::Othello, None).unwrap();
        game.play("d3").unwrap();
        round_trip(GameKind::Othello, &game.position());
    }

    #[test]
    fn palettes_hold_each_games_pieces() {
        assert_eq!(palette(GameKind::Chess).pieces.len(), 12);
        assert_eq!(palette(GameKind::Checkers).pieces.len(), 4);
        let othello = palette(GameKind::Othello);
        assert_eq!(othello.pieces.len(), 2);
        assert_eq!(othello.pieces[0].symbol, 'X');
        assert!(othello.pieces[0].svg.starts_with("<svg"));
        assert!(othello.castling.is_empty() && !othello.en_passant);
        assert_eq!(palette(GameKind::Chess).castling.len(), 4);
    }

    #[test]
    fn bad_set_ups_give_a_reason() {
        let none = Extras::default();
        let p = |s: &str, c: char| (s.to_owned(), c);
        type Case = (GameKind, Vec<(String, char)>, Extras);
        let cases: Vec<Case> = vec![
            (GameKind::Chess, vec![p("e1", 'K')], none.clone()),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e8", 'k'), p("a8", 'P')],
                none.clone(),
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e9", 'k')],
                none.clone(),
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e1", 'k')],
                none.clone(),
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e8", 'w')],
                none.clone(),
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e8", 'k')],
                Extras {
                    castling: "KX".to_owned(),
                    ..Extras::default()
                },
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e8", 'k')],
                Extras {
                    en_passant: Some("e1".to_owned()),
                    ..Extras::default()
                },
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e8", 'k')],
                Extras {
                    fullmove_number: Some(0),
                    ..Extras::default()
                },
            ),
            (
                GameKind::Chess,
                vec![p("e1", 'K'), p("e8", 'k')],
                Extras {
                    halfmove_clock: Some(151),
                    ..Extras::default()
                },
            ),
            (GameKind::Checkers, vec![p("33", 'b')], none.clone()),
            (GameKind::Checkers, vec![p("a1", 'b')], none.clone()),
            (GameKind::Checkers, vec![p("1", 'K')], none.clone()),
            (GameKind::Othello, vec![p("a1", 'B')], none.clone()),
            (GameKind::Othello, vec![p("z1", 'X')], none.clone()),
        ];
        for (kind, pieces, extras) in cases {
            let error = position_from(kind, &pieces, true, &extras).unwrap_err();
            assert!(!error.is_empty() && !error.contains('\n'), "{error}");
        }
        let fen = position_from(
            GameKind::Checkers,
            &[p("5", 'w'), p("9", 'B')],
            false,
            &none,
        )
        .unwrap();
        assert_eq!(fen, "W:W5:BK9");
        let counted = Extras {
            fullmove_number: Some(23),
            halfmove_clock: Some(7),
            ..Extras::default()
        };
        let fen = position_from(
            GameKind::Chess,
            &[p("e1", 'K'), p("e8", 'k')],
            false,
            &counted,
        );
        assert_eq!(fen.unwrap(), "4k3/8/8/8/8/8/8/4K3 b - - 7 23");
        let back = pieces_of(GameKind::Chess, Some("4k3/8/8/8/8/8/8/4K3 b - - 7 23")).unwrap();
        assert_eq!(back.extras, counted);
    }
}
