//! A board to draw, whatever the game and whatever draws it: the squares in
//! the order a person sees them, the piece on each in words ([`Piece`]: its
//! colour and kind) and in text ([`Glyph`]), the square's name, the last
//! move, marked squares (legal moves or targets), square numbers, the edge
//! labels and the orientation.
//!
//! The per-game builders (`chess::diagram`, `checkers::diagram`,
//! `othello::diagram` in this crate) fill it in; the terminal of `ply play`
//! and this crate's `svg` module draw it.

/// The colour of a piece or disc as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// The light pieces: White in chess, checkers and Othello.
    White,
    /// The dark pieces: Black in chess, checkers and Othello.
    Black,
}

impl Color {
    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A chess pawn.
    Pawn,
    /// A chess knight.
    Knight,
    /// A chess bishop.
    Bishop,
    /// A chess rook.
    Rook,
    /// A chess queen.
    Queen,
    /// A chess king.
    King,
    /// A checkers man (an uncrowned piece).
    Man,
    /// A crowned checkers piece.
    CheckersKing,
    /// An Othello disc.
    Disc,
}

impl Kind {
    /// The six chess pieces in the order of their usual index (pawn first).
    pub const CHESS: [Kind; 6] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
    ];

    /// The kind in one lower-case word, unique among the kinds (`"pawn"`,
    /// `"man"`, `"checkers-king"`, `"disc"`): for CSS classes and data
    /// attributes.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::Rook => "rook",
            Kind::Queen => "queen",
            Kind::King => "king",
            Kind::Man => "man",
            Kind::CheckersKing => "checkers-king",
            Kind::Disc => "disc",
        }
    }
}

/// A piece on a square: its colour and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its colour.
    pub color: Color,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// How the piece is written as text: the letters of the game's position
    /// strings (`K`/`p` in chess, `w`/`B` in checkers, `X`/`O` in Othello)
    /// and Unicode symbols.
    pub const fn glyph(self) -> Glyph {
        let white = matches!(self.color, Color::White);
        let (ascii, solid, hollow) = match self.kind {
            Kind::Pawn => ('p', '♟', '♙'),
            Kind::Knight => ('n', '♞', '♘'),
            Kind::Bishop => ('b', '♝', '♗'),
            Kind::Rook => ('r', '♜', '♖'),
            Kind::Queen => ('q', '♛', '♕'),
            Kind::King => ('k', '♚', '♔'),
            Kind::Man if white => ('w', '●', '○'),
            Kind::Man => ('b', '●', '○'),
            Kind::CheckersKing if white => ('W', '◉', '◎'),
            Kind::CheckersKing => ('B', '◉', '◎'),
            Kind::Disc if white => ('O', '●', '○'),
            Kind::Disc => ('X', '●', '○'),
        };
        // Chess writes White in capitals; the other games' letters are fixed.
        let ascii = match self.kind {
            Kind::Man | Kind::CheckersKing | Kind::Disc => ascii,
            _ if white => ascii.to_ascii_uppercase(),
            _ => ascii,
        };
        Glyph {
            light: white,
            ascii,
            solid,
            outline: if white { hollow } else { solid },
        }
    }
}

/// A piece or disc as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// Drawn in white (else in black) on coloured squares.
    pub light: bool,
    /// The ASCII letter (`K`, `p`, `X`, `O`).
    pub ascii: char,
    /// The Unicode symbol drawn on coloured squares (a solid shape, coloured
    /// by side).
    pub solid: char,
    /// The Unicode symbol drawn without colours (hollow for White, solid for
    /// Black).
    pub outline: char,
}

/// The colouring of a board's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// Light and dark squares (chess, checkers).
    Checkered,
    /// One green felt with grid lines (Othello).
    Felt,
}

/// One square as drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The square's name in the game's notation (`"e4"`, checkers `"15"`,
    /// Othello `"d3"`); `None` for a square the game does not use (the light
    /// squares of checkers).
    pub square: Option<String>,
    /// The piece on it.
    pub piece: Option<Piece>,
    /// A dark square of a checkered board.
    pub dark: bool,
    /// Part of the last move (where it came from, went to or passed).
    pub last: bool,
    /// Marked: a legal move (Othello) or a legal target of the selected
    /// piece.
    pub marked: bool,
    /// The square whose piece's targets are marked.
    pub selected: bool,
    /// The square number to show (checkers, when asked for).
    pub number: Option<u8>,
}

impl Cell {
    /// The text glyph of the piece on it.
    pub fn glyph(&self) -> Option<Glyph> {
        self.piece.map(Piece::glyph)
    }
}

/// A board ready to draw: rows from top to bottom and columns from left to
/// right as the viewer sees the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The game's name (`"chess"`, `"checkers"`, `"othello"`).
    pub game: &'static str,
    /// The squares, `rows[0]` at the top.
    pub rows: Vec<Vec<Cell>>,
    /// Labels of the columns, left to right.
    pub column_labels: Vec<String>,
    /// Labels of the rows, top to bottom.
    pub row_labels: Vec<String>,
    /// How the squares are coloured.
    pub surface: Surface,
    /// Turned by 180 degrees from the game's usual orientation (chess and
    /// checkers: White at the bottom; Othello: a1 at the top left).
    pub flipped: bool,
}

impl Diagram {
    /// The board turned by 180 degrees (seen from the other side).
    #[must_use]
    pub fn flipped(mut self) -> Diagram {
        self.rows.reverse();
        for row in &mut self.rows {
            row.reverse();
        }
        self.column_labels.reverse();
        self.row_labels.reverse();
        self.flipped = !self.flipped;
        self
    }

    /// The cells with their positions, `(row, column, cell)`, row by row from
    /// the top.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, &Cell)> {
        self.rows
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, cell)| (r, c, cell)))
    }

    /// The cell of the square called `name`, with its row and column.
    pub fn find(&self, name: &str) -> Option<(usize, usize, &Cell)> {
        self.cells()
            .find(|(_, _, cell)| cell.square.as_deref() == Some(name))
    }
}

/// A game's position that can be drawn: the one call a front end generic
/// over the game makes (the builders of each game take more options).
pub trait Draw: ply_core::Game {
    /// The diagram in the game's usual orientation, `last` (the move played
    /// into this position) highlighted, square numbers shown where the game
    /// has them and `numbers` asks for them, Othello's legal moves marked.
    fn diagram(&self, last: Option<Self::Move>, numbers: bool) -> Diagram;
}

/// An 8x8 diagram built square by square: `cell(row, column)` with row 0 at
/// the top, columns a-h, rows labelled `row_labels` from the top.
pub(crate) fn build(
    game: &'static str,
    surface: Surface,
    row_labels: impl Iterator<Item = char>,
    mut cell: impl FnMut(u8, u8) -> Cell,
) -> Diagram {
    Diagram {
        game,
        rows: (0..8u8)
            .map(|row| (0..8u8).map(|column| cell(row, column)).collect())
            .collect(),
        column_labels: ('a'..='h').map(String::from).collect(),
        row_labels: row_labels.map(String::from).collect(),
        surface,
        flipped: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_follow_the_games_letters() {
        let glyph = |color, kind| Piece::new(color, kind).glyph();
        assert_eq!(glyph(Color::White, Kind::King).ascii, 'K');
        assert_eq!(glyph(Color::Black, Kind::Knight).ascii, 'n');
        assert_eq!(glyph(Color::White, Kind::Queen).outline, '♕');
        assert_eq!(glyph(Color::Black, Kind::Queen).outline, '♛');
        assert_eq!(glyph(Color::White, Kind::Man).ascii, 'w');
        assert_eq!(glyph(Color::Black, Kind::CheckersKing).ascii, 'B');
        assert_eq!(glyph(Color::White, Kind::CheckersKing).outline, '◎');
        assert_eq!(glyph(Color::Black, Kind::Disc).ascii, 'X');
        assert_eq!(glyph(Color::White, Kind::Disc).ascii, 'O');
        assert!(glyph(Color::White, Kind::Disc).light && !glyph(Color::Black, Kind::Pawn).light);
    }

    #[test]
    fn flipping_twice_gives_the_same_diagram() {
        let diagram = build("test", Surface::Checkered, ('1'..='8').rev(), |r, c| Cell {
            square: Some(format!("{r}{c}")),
            ..Cell::default()
        });
        let flipped = diagram.clone().flipped();
        assert!(flipped.flipped);
        assert_eq!(flipped.find("00").map(|(r, c, _)| (r, c)), Some((7, 7)));
        assert_eq!(flipped.row_labels[0], "1");
        assert_eq!(flipped.column_labels[0], "h");
        assert_eq!(flipped.flipped(), diagram);
    }
}
