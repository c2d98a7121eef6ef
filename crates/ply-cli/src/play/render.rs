//! Drawing a board in the terminal: Unicode pieces on coloured squares when
//! stdout is a terminal, plain ASCII otherwise (or with `--ascii`), with
//! coordinates on all four edges, the last move highlighted and marked squares
//! (Othello's legal moves).

use std::io::IsTerminal;

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Unicode pieces (else ASCII letters).
    pub unicode: bool,
    /// ANSI colours (else brackets mark the last move).
    pub color: bool,
}

impl Style {
    /// Plain ASCII, no colours: for pipes, files and `--ascii`.
    pub const ASCII: Style = Style {
        unicode: false,
        color: false,
    };

    /// The style for stdout: ASCII when asked or when stdout is not a terminal;
    /// colours unless `NO_COLOR` is set or the terminal is dumb.
    pub fn detect(ascii: bool) -> Style {
        if ascii || !std::io::stdout().is_terminal() {
            return Style::ASCII;
        }
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Style {
            unicode: !dumb,
            color: !no_color && !dumb,
        }
    }
}

/// A piece or disc as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// Drawn in white (else in black) on coloured squares.
    pub light: bool,
    /// The ASCII letter (`K`, `p`, `X`, `O`).
    pub ascii: char,
    /// The Unicode symbol drawn on coloured squares (a solid shape, coloured
    /// by side).
    pub solid: char,
    /// The Unicode symbol drawn without colours (hollow for one side, solid for
    /// the other).
    pub outline: char,
}

/// The colouring of a board's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// Light and dark squares (chess, checkers).
    Checkered,
    /// One green felt (Othello).
    Felt,
}

/// One square as drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// The piece on it.
    pub glyph: Option<Glyph>,
    /// A dark square of a checkered board (drawn darker in colour).
    pub dark: bool,
    /// Part of the last move.
    pub last: bool,
    /// Marked (a legal move).
    pub marked: bool,
    /// A number to show on the empty square (checkers square numbers).
    pub number: Option<u8>,
}

/// A board ready to draw: rows from top to bottom and columns from left to
/// right as the first player sees the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// The squares, `rows[0]` at the top.
    pub rows: Vec<Vec<Cell>>,
    /// Labels of the columns, left to right.
    pub column_labels: Vec<String>,
    /// Labels of the rows, top to bottom.
    pub row_labels: Vec<String>,
    /// How the squares are coloured.
    pub board: Board,
}

impl BoardView {
    /// The board turned by 180 degrees (seen from the other side).
    pub fn flipped(mut self) -> BoardView {
        self.rows.reverse();
        for row in &mut self.rows {
            row.reverse();
        }
        self.column_labels.reverse();
        self.row_labels.reverse();
        self
    }
}

const RESET: &str = "\x1b[0m";

/// Background colours (256-colour palette).
fn background(board: Board, cell: &Cell) -> u8 {
    match (board, cell.last, cell.dark) {
        (Board::Checkered, true, false) => 186,
        (Board::Checkered, true, true) => 143,
        (Board::Checkered, false, false) => 180,
        (Board::Checkered, false, true) => 137,
        (Board::Felt, true, _) => 71,
        (Board::Felt, false, _) => 28,
    }
}

/// Draws `view` as lines of text (without the final newline).
pub fn draw(view: &BoardView, style: Style) -> String {
    let width = view.row_labels.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    let header = column_header(view, width);
    out.push_str(&header);
    out.push('\n');
    for (row, label) in view.rows.iter().zip(&view.row_labels) {
        out.push_str(&format!("{label:>width$} "));
        for cell in row {
            out.push_str(&draw_cell(view.board, cell, style));
        }
        out.push_str(&format!(" {label}\n"));
    }
    out.push_str(&header);
    out
}

fn column_header(view: &BoardView, width: usize) -> String {
    let mut header = " ".repeat(width + 1);
    for label in &view.column_labels {
        header.push_str(&format!("{label:^3}"));
    }
    header.trim_end().to_owned()
}

fn draw_cell(board: Board, cell: &Cell, style: Style) -> String {
    let text = cell_text(cell, style);
    if style.color {
        let fg = match cell.glyph {
            Some(glyph) if glyph.light => "\x1b[1;38;5;231m",
            Some(_) => "\x1b[38;5;16m",
            None if cell.marked => "\x1b[38;5;16m",
            None => "\x1b[38;5;239m",
        };
        format!("\x1b[48;5;{}m{fg}{text}{RESET}", background(board, cell))
    } else if cell.last {
        format!("[{}]", text.trim())
    } else {
        text
    }
}

/// The three columns of a cell, without colours.
fn cell_text(cell: &Cell, style: Style) -> String {
    let symbol = match (cell.glyph, style.unicode) {
        (Some(glyph), false) => glyph.ascii.to_string(),
        (Some(glyph), true) if style.color => glyph.solid.to_string(),
        (Some(glyph), true) => glyph.outline.to_string(),
        (None, unicode) => {
            if cell.marked {
                if unicode { "·" } else { "*" }.to_owned()
            } else if let Some(number) = cell.number.filter(|_| style.color || !cell.last) {
                // Without colours the last move's brackets take the room.
                return format!("{number:>2} ");
            } else if style.color {
                " ".to_owned()
            } else {
                ".".to_owned()
            }
        }
    };
    format!(" {symbol} ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> BoardView {
        let king = Glyph {
            light: true,
            ascii: 'K',
            solid: '♚',
            outline: '♔',
        };
        let mut rows = vec![vec![Cell::default(); 2]; 2];
        rows[0][1].glyph = Some(king);
        rows[0][1].last = true;
        rows[1][0].marked = true;
        rows[1][1].number = Some(12);
        BoardView {
            rows,
            column_labels: vec!["a".into(), "b".into()],
            row_labels: vec!["2".into(), "1".into()],
            board: Board::Checkered,
        }
    }

    #[test]
    fn ascii_has_coordinates_pieces_and_marks() {
        let text = draw(&view(), Style::ASCII);
        assert_eq!(text, "   a  b\n2  . [K] 2\n1  * 12  1\n   a  b", "\n{text}");
    }

    #[test]
    fn flipping_turns_the_board_around() {
        let text = draw(&view().flipped(), Style::ASCII);
        assert_eq!(text, "   b  a\n1 12  *  1\n2 [K] .  2\n   b  a", "\n{text}");
    }

    #[test]
    fn colours_use_ansi_backgrounds_and_solid_pieces() {
        let style = Style {
            unicode: true,
            color: true,
        };
        let text = draw(&view(), style);
        assert!(text.contains("\x1b[48;5;186m"), "{text:?}");
        assert!(text.contains('♚') && !text.contains("[♚]") && text.contains(RESET));
        let plain = draw(
            &view(),
            Style {
                unicode: true,
                color: false,
            },
        );
        assert!(plain.contains("[♔]") && plain.contains('·'), "{plain}");
    }
}
