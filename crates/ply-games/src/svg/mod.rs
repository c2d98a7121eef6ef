//! A [`Diagram`] as a standalone SVG document: a `viewBox` (it scales to any
//! size), ply's own vector pieces ([`shapes`]), no fonts but the viewer's
//! sans-serif for the labels, no images, no scripts.
//!
//! Colours are presentation attributes chosen by the [`Theme`], so the file
//! looks right in any viewer; every element also carries classes, which a
//! page's CSS can restyle (CSS wins over presentation attributes):
//!
//! - the root `svg.ply-board.ply-<game>.ply-<theme>` with `data-game` and
//!   `data-flipped`;
//! - `rect.square` (`.light`/`.dark`, `.last`) with `data-square` (the
//!   game's name of the square: `e4`, checkers `15`, Othello `d3`; the light
//!   squares of checkers have none);
//! - `rect.selected`, `g.piece.<colour>.<kind>` with `data-square` and
//!   `data-piece` (the piece's letter), `circle.mark` (`.capture` around a
//!   piece) with `data-square`, `circle.last-disc` (Othello's last move);
//! - `text.number` (checkers square numbers) with `data-square`,
//!   `text.coord` (the edge labels).

pub mod shapes;

use crate::diagram::{Cell, Color, Diagram, Kind, Piece, Surface};
use shapes::Part;
use std::fmt::{self, Write};
use std::str::FromStr;

/// The side of a square in the SVG's units.
pub const SQUARE: u32 = 100;
/// The margin that holds the coordinates, in the SVG's units.
pub const MARGIN: u32 = 40;

/// The colours of the board around the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Warm wood on a light page.
    #[default]
    Light,
    /// Slate squares on a dark page.
    Dark,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// `"light"` or `"dark"`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn palette(self) -> &'static Palette {
        match self {
            Theme::Light => &LIGHT,
            Theme::Dark => &DARK,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name that is not one of [`Theme::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown theme '{}': expected light or dark", self.0)
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(text: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|theme| theme.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownTheme(text.to_owned()))
    }
}

/// How to render.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The colours.
    pub theme: Theme,
    /// Labels of the files and ranks around the board.
    pub coordinates: bool,
    /// A width and height in pixels; `None` leaves the size to the page (the
    /// `viewBox` alone: the image fills its container).
    pub size: Option<u32>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            theme: Theme::Light,
            coordinates: true,
            size: None,
        }
    }
}

/// The colours of one theme.
struct Palette {
    page: &'static str,
    label: &'static str,
    border: &'static str,
    light: &'static str,
    dark: &'static str,
    last_light: &'static str,
    last_dark: &'static str,
    felt: &'static str,
    felt_last: &'static str,
    grid: &'static str,
    number: &'static str,
    selected: &'static str,
}

const LIGHT: Palette = Palette {
    page: "#f6f3ec",
    label: "#4a4033",
    border: "#5c4a36",
    light: "#f0d9b5",
    dark: "#b58863",
    last_light: "#cdd26a",
    last_dark: "#aaa23a",
    felt: "#2e8a4c",
    felt_last: "#4aa866",
    grid: "#123d22",
    number: "#fff8e8",
    selected: "#14551e",
};

const DARK: Palette = Palette {
    page: "#1c1f22",
    label: "#c9ced3",
    border: "#0c0e10",
    light: "#b9c4cc",
    dark: "#6e8494",
    last_light: "#c5cc86",
    last_dark: "#8f9a4d",
    felt: "#216b3a",
    felt_last: "#37894f",
    grid: "#08260f",
    number: "#eef3f6",
    selected: "#0e3d15",
};

/// The colours of a piece: body, outline, contrasting detail, the darker
/// edge of a stacked disc.
struct Ink {
    body: &'static str,
    outline: &'static str,
    detail: &'static str,
    edge: &'static str,
}

fn ink(color: Color, checkers: bool) -> Ink {
    match (color, checkers) {
        (Color::White, false) => Ink {
            body: "#fcfcfc",
            outline: "#161616",
            detail: "#161616",
            edge: "#c8c8c8",
        },
        (Color::Black, false) => Ink {
            body: "#262626",
            outline: "#050505",
            detail: "#ececec",
            edge: "#000000",
        },
        (Color::White, true) => Ink {
            body: "#f5ecd6",
            outline: "#3a3124",
            detail: "#a8976e",
            edge: "#c5b58e",
        },
        (Color::Black, true) => Ink {
            body: "#2c2c2c",
            outline: "#000000",
            detail: "#8a8a8a",
            edge: "#101010",
        },
    }
}

/// Renders `diagram` as a standalone SVG document.
pub fn render(diagram: &Diagram, options: &Options) -> String {
    let palette = options.theme.palette();
    let rows = diagram.rows.len() as u32;
    let columns = diagram.rows.first().map_or(0, Vec::len) as u32;
    let margin = if options.coordinates { MARGIN } else { 0 };
    let width = columns * SQUARE + 2 * margin;
    let height = rows * SQUARE + 2 * margin;
    let mut out = String::with_capacity(32 * 1024);
    let size = options
        .size
        .map(|px| {
            let h = u64::from(px) * u64::from(height) / u64::from(width.max(1));
            format!(r#" width="{px}" height="{h}""#)
        })
        .unwrap_or_default();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"{size} class="ply-board ply-{game} ply-{theme}" data-game="{game}" data-flipped="{flipped}" role="img" aria-label="{game} board" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#,
        game = escape(diagram.game),
        theme = options.theme.name(),
        flipped = diagram.flipped,
    );
    let _ = write!(out, "<title>{} board</title>", escape(diagram.game));
    let _ = write!(
        out,
        r#"<rect class="page" width="{width}" height="{height}" fill="{}"/>"#,
        palette.page
    );
    // Squares.
    let _ = write!(
        out,
        r#"<g class="squares" transform="translate({margin} {margin})">"#
    );
    for (row, column, cell) in diagram.cells() {
        square(&mut out, diagram.surface, palette, at(row, column), cell);
    }
    if diagram.surface == Surface::Felt {
        felt_points(&mut out, palette, rows, columns);
    }
    let _ = write!(
        out,
        r#"<rect class="border" width="{w}" height="{h}" fill="none" stroke="{}" stroke-width="4"/>"#,
        palette.border,
        w = columns * SQUARE,
        h = rows * SQUARE,
    );
    out.push_str("</g>");
    // Pieces, marks and numbers.
    let _ = write!(
        out,
        r#"<g class="pieces" transform="translate({margin} {margin})">"#
    );
    for (row, column, cell) in diagram.cells() {
        let (x, y) = at(row, column);
        if cell.selected {
            let _ = write!(
                out,
                r#"<rect class="selected"{} x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}" fill-opacity="0.45"/>"#,
                data_square(cell),
                palette.selected
            );
        }
        if let Some(piece) = cell.piece {
            draw_piece(&mut out, cell, piece, x, y);
        }
        if cell.last && diagram.surface == Surface::Felt {
            let _ = write!(
                out,
                r##"<circle class="last-disc"{} cx="{}" cy="{}" r="7" fill="#e0352b" stroke="#5a0f0a" stroke-width="1.5"/>"##,
                data_square(cell),
                x + SQUARE / 2,
                y + SQUARE / 2,
            );
        }
        if cell.marked {
            mark(&mut out, diagram.surface, cell, x, y);
        }
        if let Some(number) = cell.number {
            let _ = write!(
                out,
                r##"<text class="number"{} x="{}" y="{}" font-size="18" font-weight="bold" fill="{}" stroke="#000000" stroke-opacity="0.45" stroke-width="2.5" paint-order="stroke">{number}</text>"##,
                data_square(cell),
                x + 4,
                y + 19,
                palette.number,
            );
        }
    }
    out.push_str("</g>");
    if options.coordinates {
        coordinates(&mut out, diagram, palette, rows, columns);
    }
    out.push_str("</svg>");
    out
}

/// The top left corner of the square in `row` and `column`, inside the
/// board.
fn at(row: usize, column: usize) -> (u32, u32) {
    (column as u32 * SQUARE, row as u32 * SQUARE)
}

/// ` data-square="e4"`, or nothing for a square without a name.
fn data_square(cell: &Cell) -> String {
    cell.square
        .as_deref()
        .map(|name| format!(r#" data-square="{}""#, escape(name)))
        .unwrap_or_default()
}

fn square(out: &mut String, surface: Surface, palette: &Palette, (x, y): (u32, u32), cell: &Cell) {
    let (class, fill, stroke) = match surface {
        Surface::Checkered => {
            let class = if cell.dark { "dark" } else { "light" };
            let fill = match (cell.dark, cell.last) {
                (false, false) => palette.light,
                (true, false) => palette.dark,
                (false, true) => palette.last_light,
                (true, true) => palette.last_dark,
            };
            (class, fill, String::new())
        }
        Surface::Felt => {
            let fill = if cell.last {
                palette.felt_last
            } else {
                palette.felt
            };
            let stroke = format!(r#" stroke="{}" stroke-width="2.5""#, palette.grid);
            ("felt", fill, stroke)
        }
    };
    let last = if cell.last { " last" } else { "" };
    let _ = write!(
        out,
        r#"<rect class="square {class}{last}"{} x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"{stroke}/>"#,
        data_square(cell),
    );
}

/// The four dots where the central 4x4 block's corners meet the grid, as on
/// an Othello board.
fn felt_points(out: &mut String, palette: &Palette, rows: u32, columns: u32) {
    if rows != 8 || columns != 8 {
        return;
    }
    for (x, y) in [(2, 2), (6, 2), (2, 6), (6, 6)] {
        let _ = write!(
            out,
            r#"<circle class="point" cx="{}" cy="{}" r="7" fill="{}"/>"#,
            x * SQUARE,
            y * SQUARE,
            palette.grid
        );
    }
}

fn draw_piece(out: &mut String, cell: &Cell, piece: Piece, x: u32, y: u32) {
    let checkers = matches!(piece.kind, Kind::Man | Kind::CheckersKing);
    let ink = ink(piece.color, checkers);
    let (outline_width, disc) = match piece.kind {
        Kind::Disc => ("2.5", true),
        _ => ("3", false),
    };
    // The chess shapes are drawn a little small: grow them about the centre.
    let transform = if checkers || disc {
        format!("translate({x} {y})")
    } else {
        format!(
            "translate({} {}) scale(1.1)",
            f64::from(x) - 5.0,
            f64::from(y) - 5.0
        )
    };
    let body = if disc && piece.color == Color::Black {
        "#141414"
    } else {
        ink.body
    };
    let _ = write!(
        out,
        r#"<g class="piece {} {}"{} data-piece="{}" transform="{transform}" stroke-linejoin="round" stroke-linecap="round">"#,
        piece.color.name(),
        piece.kind.name(),
        data_square(cell),
        escape_char(piece.glyph().ascii),
    );
    for part in shapes::shape(piece.kind) {
        let _ = match *part {
            Part::Body(d) => write!(
                out,
                r#"<path d="{d}" fill="{body}" stroke="{}" stroke-width="{outline_width}"/>"#,
                ink.outline
            ),
            Part::Disc(cx, cy, r) => write!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{body}" stroke="{}" stroke-width="{outline_width}"/>"#,
                ink.outline
            ),
            Part::Edge(cx, cy, r) => write!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{}" stroke="{}" stroke-width="{outline_width}"/>"#,
                ink.edge, ink.outline
            ),
            Part::Detail(d) => write!(
                out,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="3"/>"#,
                ink.detail
            ),
            Part::Ring(cx, cy, r) => write!(
                out,
                r#"<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{}" stroke-width="3"/>"#,
                ink.detail
            ),
            Part::Crown(d) => write!(
                out,
                r##"<path d="{d}" fill="#e3b21c" stroke="#5b4300" stroke-width="2.5"/>"##
            ),
        };
    }
    out.push_str("</g>");
}

/// A dot on an empty marked square; a ring around a piece that can be taken.
fn mark(out: &mut String, surface: Surface, cell: &Cell, x: u32, y: u32) {
    let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
    let data = data_square(cell);
    let _ = if cell.piece.is_some() {
        write!(
            out,
            r##"<circle class="mark capture"{data} cx="{cx}" cy="{cy}" r="45" fill="none" stroke="#000000" stroke-opacity="0.35" stroke-width="7"/>"##
        )
    } else {
        // On the felt a darker, larger dot: the green is darker than wood.
        let (r, opacity) = if surface == Surface::Felt {
            (11, "0.5")
        } else {
            (14, "0.35")
        };
        write!(
            out,
            r##"<circle class="mark"{data} cx="{cx}" cy="{cy}" r="{r}" fill="#000000" fill-opacity="{opacity}"/>"##
        )
    };
}

/// The edge labels: columns above and below, rows left and right.
fn coordinates(out: &mut String, diagram: &Diagram, palette: &Palette, rows: u32, columns: u32) {
    let _ = write!(
        out,
        r#"<g class="coords" font-size="24" font-weight="bold" fill="{}" text-anchor="middle">"#,
        palette.label
    );
    let board_bottom = MARGIN + rows * SQUARE;
    for (column, label) in diagram.column_labels.iter().enumerate() {
        let x = MARGIN + column as u32 * SQUARE + SQUARE / 2;
        for y in [MARGIN / 2 + 8, board_bottom + MARGIN / 2 + 8] {
            let _ = write!(
                out,
                r#"<text class="coord file" x="{x}" y="{y}">{}</text>"#,
                escape(label)
            );
        }
    }
    let board_right = MARGIN + columns * SQUARE;
    for (row, label) in diagram.row_labels.iter().enumerate() {
        let y = MARGIN + row as u32 * SQUARE + SQUARE / 2 + 8;
        for x in [MARGIN / 2, board_right + MARGIN / 2] {
            let _ = write!(
                out,
                r#"<text class="coord rank" x="{x}" y="{y}">{}</text>"#,
                escape(label)
            );
        }
    }
    out.push_str("</g>");
}

/// `text` with the five XML special characters escaped.
fn escape(text: &str) -> String {
    text.chars().map(escape_char).collect()
}

fn escape_char(c: char) -> String {
    match c {
        '&' => "&amp;".to_owned(),
        '<' => "&lt;".to_owned(),
        '>' => "&gt;".to_owned(),
        '"' => "&quot;".to_owned(),
        '\'' => "&apos;".to_owned(),
        c => c.to_string(),
    }
}
