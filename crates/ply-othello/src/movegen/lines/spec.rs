//! The board lines of the seed's table scheme, exactly as the seed lists them.
//!
//! This file is shared by the crate and by `build.rs`, which turns it into the
//! lookup tables: it must stay plain data with no dependencies.
//!
//! Each line is one byte. A line is made of one or two *segments*, runs of
//! squares along a row, column or diagonal; the short diagonals (4, 5 and 3
//! squares long) are paired so that every byte is used. The seed's ordering rule
//! gives the bit of each square: the westmost square of a segment is its lowest
//! bit, and on a column, where every square is equally west, the northmost one
//! is. The seed's square map puts its squares 00-07 on the north edge with a1
//! as square 00, so north is rank 1 and a column's bit 0 is its rank-1 square
//! (`Va`: a1 in bit 0, a8 in bit 7).
//! Diagonals shorter than three squares hold no move and have no line.
//!
//! The seed spells out the bit ranges of the first pair of each kind
//! (`D44_1`: e1-h4 in bits 4-7, a5-d8 in bits 0-3; `D53_1`: d1-h5 in bits 3-7,
//! f1-h3 in bits 0-2) and lists the other pairs of that kind in the same form,
//! so their first segment takes the same high bits and their second the low ones.

/// A run of squares from `ends.0` to `ends.1` (square names such as `"d1"`),
/// stored from bit `first_bit` upwards in the order given by the seed's rule.
#[derive(Clone, Copy, Debug)]
pub struct SegmentSpec {
    /// The two end squares, as the seed writes them.
    pub ends: (&'static str, &'static str),
    /// The bit of the line byte that holds the segment's first square.
    pub first_bit: u32,
}

/// One line byte of the seed: its table name and its segments.
#[derive(Clone, Copy, Debug)]
pub struct LineSpec {
    /// The seed's table name (`"H1"`, `"D53_2"`, ...).
    pub name: &'static str,
    /// One segment, or two for the paired short diagonals.
    pub segments: &'static [SegmentSpec],
}

macro_rules! segments {
    ($(($from:literal, $to:literal, $bit:literal)),+) => {
        &[$(SegmentSpec { ends: ($from, $to), first_bit: $bit }),+]
    };
}

#[rustfmt::skip]
/// The 32 line bytes: 8 rows, 8 columns, the two long diagonals, and the
/// diagonals of 3 to 7 squares, short ones paired, in the seed's order.
pub const LINES: [LineSpec; 32] = [
    LineSpec { name: "H1", segments: segments!(("a1", "h1", 0)) },
    LineSpec { name: "H2", segments: segments!(("a2", "h2", 0)) },
    LineSpec { name: "H3", segments: segments!(("a3", "h3", 0)) },
    LineSpec { name: "H4", segments: segments!(("a4", "h4", 0)) },
    LineSpec { name: "H5", segments: segments!(("a5", "h5", 0)) },
    LineSpec { name: "H6", segments: segments!(("a6", "h6", 0)) },
    LineSpec { name: "H7", segments: segments!(("a7", "h7", 0)) },
    LineSpec { name: "H8", segments: segments!(("a8", "h8", 0)) },
    LineSpec { name: "Va", segments: segments!(("a1", "a8", 0)) },
    LineSpec { name: "Vb", segments: segments!(("b1", "b8", 0)) },
    LineSpec { name: "Vc", segments: segments!(("c1", "c8", 0)) },
    LineSpec { name: "Vd", segments: segments!(("d1", "d8", 0)) },
    LineSpec { name: "Ve", segments: segments!(("e1", "e8", 0)) },
    LineSpec { name: "Vf", segments: segments!(("f1", "f8", 0)) },
    LineSpec { name: "Vg", segments: segments!(("g1", "g8", 0)) },
    LineSpec { name: "Vh", segments: segments!(("h1", "h8", 0)) },
    LineSpec { name: "D80_1", segments: segments!(("a1", "h8", 0)) },
    LineSpec { name: "D80_2", segments: segments!(("a8", "h1", 0)) },
    LineSpec { name: "D44_1", segments: segments!(("e1", "h4", 4), ("a5", "d8", 0)) },
    LineSpec { name: "D44_2", segments: segments!(("a4", "d1", 4), ("e8", "h5", 0)) },
    LineSpec { name: "D53_1", segments: segments!(("d1", "h5", 3), ("f1", "h3", 0)) },
    LineSpec { name: "D53_2", segments: segments!(("a5", "e1", 3), ("a3", "c1", 0)) },
    LineSpec { name: "D53_3", segments: segments!(("a4", "e8", 3), ("a6", "c8", 0)) },
    LineSpec { name: "D53_4", segments: segments!(("d8", "h4", 3), ("f8", "h6", 0)) },
    LineSpec { name: "D60_1", segments: segments!(("c1", "h6", 0)) },
    LineSpec { name: "D60_2", segments: segments!(("a6", "f1", 0)) },
    LineSpec { name: "D60_3", segments: segments!(("a3", "f8", 0)) },
    LineSpec { name: "D60_4", segments: segments!(("c8", "h3", 0)) },
    LineSpec { name: "D70_1", segments: segments!(("b1", "h7", 0)) },
    LineSpec { name: "D70_2", segments: segments!(("a7", "g1", 0)) },
    LineSpec { name: "D70_3", segments: segments!(("a2", "g8", 0)) },
    LineSpec { name: "D70_4", segments: segments!(("b8", "h2", 0)) },
];
