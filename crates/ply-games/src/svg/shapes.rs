//! The pieces as vector shapes, ply's own, drawn on a 100 x 100 square: the
//! six chess pieces as silhouettes with inner lines, checkers men and kings
//! as stacked discs (a king carries a crown), Othello discs.
//!
//! A shape is a list of [`Part`]s drawn in order: bodies are filled in the
//! piece's colour with a dark outline (overlapping bodies show where one part
//! meets the next); details are lines in the colour that contrasts with the
//! body (dark on White, light on Black) so the pieces read at any size.

use crate::diagram::Kind;

/// One part of a shape.
#[derive(Clone, Copy, Debug)]
pub enum Part {
    /// A filled and outlined path.
    Body(&'static str),
    /// A filled and outlined circle: centre x, centre y, radius.
    Disc(u8, u8, u8),
    /// A line in the contrasting colour, not filled.
    Detail(&'static str),
    /// A disc a shade darker than the body, under it (the edge of a stacked
    /// checkers piece).
    Edge(u8, u8, u8),
    /// A ring in the contrasting colour: centre x, centre y, radius.
    Ring(u8, u8, u8),
    /// A gold crown (checkers kings).
    Crown(&'static str),
}

/// A pedestal shared by the chess pieces.
const BASE: &str = "M24 89 Q24 79 34 79 H66 Q76 79 76 89 Z";

const PAWN: &[Part] = &[
    Part::Body(BASE),
    Part::Body("M38 79 Q40 62 44 50 H56 Q60 62 62 79 Z"),
    Part::Body("M36 52 Q36 45 42 44 H58 Q64 45 64 52 Z"),
    Part::Disc(50, 32, 14),
];

const KNIGHT: &[Part] = &[
    Part::Body(BASE),
    Part::Body(
        "M32 79 Q30 64 40 56 Q48 50 48 44 L42 50 Q36 55 30 56 L24 62 Q17 63 15 56 \
         Q15 50 20 46 L33 30 Q36 24 40 22 L38 11 Q44 13 48 18 L52 12 Q56 16 56 21 \
         Q72 26 76 48 Q80 66 74 79 Z",
    ),
    Part::Detail("M36 31 Q39 29 41 31"),
    Part::Detail("M20 54 L23 53"),
    Part::Detail("M56 24 Q68 32 69 52 Q70 64 66 74"),
];

const BISHOP: &[Part] = &[
    Part::Body(BASE),
    Part::Body("M35 79 L38 70 H62 L65 79 Z"),
    Part::Body("M39 70 Q28 58 36 44 Q42 34 50 26 Q58 34 64 44 Q72 58 61 70 Z"),
    Part::Disc(50, 20, 6),
    Part::Detail("M55 40 L45 52"),
    Part::Detail("M41 64 H59"),
];

const ROOK: &[Part] = &[
    Part::Body(BASE),
    Part::Body("M30 79 V71 H70 V79 Z"),
    Part::Body("M35 71 L37 42 H63 L65 71 Z"),
    Part::Body("M29 42 V20 H38 V27 H46 V20 H54 V27 H62 V20 H71 V42 Z"),
    Part::Detail("M38 48 H62"),
    Part::Detail("M38 66 H62"),
];

const QUEEN: &[Part] = &[
    Part::Body(BASE),
    Part::Body("M30 79 L19 36 L36 58 L35 27 L46 55 L50 22 L54 55 L65 27 L64 58 L81 36 L70 79 Z"),
    Part::Disc(19, 33, 5),
    Part::Disc(35, 24, 5),
    Part::Disc(50, 19, 5),
    Part::Disc(65, 24, 5),
    Part::Disc(81, 33, 5),
    Part::Detail("M33 70 Q50 64 67 70"),
];

const KING: &[Part] = &[
    Part::Body(BASE),
    Part::Body("M30 79 Q18 58 26 47 Q36 38 50 52 Q64 38 74 47 Q82 58 70 79 Z"),
    Part::Body("M50 53 Q40 42 46 34 Q50 31 54 34 Q60 42 50 53 Z"),
    Part::Body("M47 10 H53 V16 H59 V22 H53 V32 H47 V22 H41 V16 H47 Z"),
    Part::Detail("M33 70 Q50 64 67 70"),
    Part::Detail("M50 53 V76"),
];

const MAN: &[Part] = &[
    Part::Edge(50, 57, 38),
    Part::Disc(50, 47, 38),
    Part::Ring(50, 47, 27),
];

const CHECKERS_KING: &[Part] = &[
    Part::Edge(50, 62, 37),
    Part::Disc(50, 55, 37),
    Part::Edge(50, 50, 37),
    Part::Disc(50, 42, 37),
    Part::Crown("M31 53 L28 30 L40 42 L50 26 L60 42 L72 30 L69 53 Z"),
];

const DISC: &[Part] = &[Part::Disc(50, 50, 41)];

/// The parts of a piece of `kind`.
pub fn shape(kind: Kind) -> &'static [Part] {
    match kind {
        Kind::Pawn => PAWN,
        Kind::Knight => KNIGHT,
        Kind::Bishop => BISHOP,
        Kind::Rook => ROOK,
        Kind::Queen => QUEEN,
        Kind::King => KING,
        Kind::Man => MAN,
        Kind::CheckersKing => CHECKERS_KING,
        Kind::Disc => DISC,
    }
}
