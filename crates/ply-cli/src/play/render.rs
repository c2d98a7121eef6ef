//! Drawing a board in the terminal: Unicode pieces on coloured squares when
//! stdout is a terminal, plain ASCII otherwise (or with `--ascii`), with
//! coordinates on all four edges, the last move highlighted and marked squares
//! (Othello's legal moves). The board is the games layer's
//! [`ply_games::diagram::Diagram`], the same one the SVG renderer draws.

use ply_games::diagram::{Cell, Diagram, Surface};
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

const RESET: &str = "\x1b[0m";

/// Background colours (256-colour palette).
fn background(surface: Surface, cell: &Cell) -> u8 {
    match (surface, cell.last, cell.dark) {
        (Surface::Checkered, true, false) => 186,
        (Surface::Checkered, true, true) => 143,
        (Surface::Checkered, false, false) => 180,
        (Surface::Checkered, false, true) => 137,
        (Surface::Felt, true, _) => 71,
        (Surface::Felt, false, _) => 28,
    }
}

/// Draws `view` as lines of text (without the final newline).
pub fn draw(view: &Diagram, style: Style) -> String {
    let width = view.row_labels.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    let header = column_header(view, width);
    out.push_str(&header);
    out.push('\n');
    for (row, label) in view.rows.iter().zip(&view.row_labels) {
        out.push_str(&format!("{label:>width$} "));
        for cell in row {
            out.push_str(&draw_cell(view.surface, cell, style));
        }
        out.push_str(&format!(" {label}\n"));
    }
    out.push_str(&header);
    out
}

fn column_header(view: &Diagram, width: usize) -> String {
    let mut header = " ".repeat(width + 1);
    for label in &view.column_labels {
        header.push_str(&format!("{label:^3}"));
    }
    header.trim_end().to_owned()
}

fn draw_cell(surface: Surface, cell: &Cell, style: Style) -> String {
    let text = cell_text(cell, style);
    if style.color {
        let fg = match cell.glyph() {
            Some(glyph) if glyph.light => "\x1b[1;38;5;231m",
            Some(_) => "\x1b[38;5;16m",
            None if cell.marked => "\x1b[38;5;16m",
            None => "\x1b[38;5;239m",
        };
        format!("\x1b[48;5;{}m{fg}{text}{RESET}", background(surface, cell))
    } else if cell.last {
        format!("[{}]", text.trim())
    } else {
        text
    }
}

/// The three columns of a cell, without colours.
fn cell_text(cell: &Cell, style: Style) -> String {
    let symbol = match (cell.glyph(), style.unicode) {
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

    use ply_games::diagram::{Color, Kind, Piece};

    fn view() -> Diagram {
        let king = Piece::new(Color::White, Kind::King);
        let mut rows = vec![vec![Cell::default(); 2]; 2];
        rows[0][1].piece = Some(king);
        rows[0][1].last = true;
        rows[1][0].marked = true;
        rows[1][1].number = Some(12);
        Diagram {
            game: "test",
            rows,
            column_labels: vec!["a".into(), "b".into()],
            row_labels: vec!["2".into(), "1".into()],
            surface: Surface::Checkered,
            flipped: false,
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
