//! The pattern set: which groups of squares index weight tables, their
//! symmetric instances, and the layout of one stage's weights.
//!
//! Each pattern is given by one instance, its *canonical mask*; its digits
//! are read in the order of the mask's squares (a1 first). The other
//! instances are the canonical mask on the board moved by a symmetry, so one
//! table serves all of them and a base-3 index comes out of two `pext`s. A
//! pattern that a symmetry maps onto itself (a row, a diagonal, the 3x3
//! corner, the edge) sees each configuration and its mirror image as the same
//! thing: their weights are one weight, its *compact* index.

use super::symmetry::{SYMMETRIES, map_mask, map_square};
use std::sync::OnceLock;

/// One pattern: a name and the squares of its canonical instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// A short name (Edax's where it has one).
    pub name: &'static str,
    /// The squares of the canonical instance (bit 0 = a1).
    pub mask: u64,
}

impl Pattern {
    /// The number of squares.
    #[must_use]
    pub const fn squares(&self) -> u32 {
        self.mask.count_ones()
    }

    /// The number of configurations, `3^squares`.
    #[must_use]
    pub const fn configurations(&self) -> usize {
        3usize.pow(self.squares())
    }
}

/// The patterns of Edax and Logistello: the 3x3 corner, the 2x5 corner, the
/// edge with its two X-squares, rows 2, 3 and 4 (and their columns), and the
/// diagonals of 8, 7, 6, 5 and 4 squares; and the corner triangle of NTest
/// and Egaroucid (50 instances in all).
pub const PATTERNS: [Pattern; 12] = [
    // a1 b1 c1 / a2 b2 c2 / a3 b3 c3
    Pattern {
        name: "corner3x3",
        mask: 0x0007_0707,
    },
    // a1..e1 / a2..e2
    Pattern {
        name: "corner2x5",
        mask: 0x1F1F,
    },
    // a1..h1, b2, g2
    Pattern {
        name: "edge2x",
        mask: 0x42FF,
    },
    Pattern {
        name: "hv2",
        mask: 0xFF00,
    },
    Pattern {
        name: "hv3",
        mask: 0x00FF_0000,
    },
    Pattern {
        name: "hv4",
        mask: 0xFF00_0000,
    },
    // a1, b2, .., h8
    Pattern {
        name: "diag8",
        mask: 0x8040_2010_0804_0201,
    },
    // b1, c2, .., h7
    Pattern {
        name: "diag7",
        mask: 0x0080_4020_1008_0402,
    },
    Pattern {
        name: "diag6",
        mask: 0x0000_8040_2010_0804,
    },
    Pattern {
        name: "diag5",
        mask: 0x0000_0080_4020_1008,
    },
    Pattern {
        name: "diag4",
        mask: 0x0000_0000_8040_2010,
    },
    // a1 b1 c1 d1 / a2 b2 c2 / a3 b3 / a4
    Pattern {
        name: "triangle",
        mask: 0x0103_070F,
    },
];

/// The largest pattern's squares.
pub const MAX_SQUARES: u32 = 10;

/// One place a pattern is read: its canonical mask on the board moved by
/// symmetry `symmetry`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instance {
    /// The index of the pattern in [`PATTERNS`].
    pub pattern: u8,
    /// The symmetry that moves the board under the canonical mask.
    pub symmetry: u8,
    /// The squares read on the unmoved board.
    pub squares: u64,
}

/// The number of instances of all patterns.
pub const INSTANCE_COUNT: usize = 50;

/// Every instance, pattern by pattern: for each symmetry in order, the
/// canonical mask on the moved board, unless an earlier symmetry reads the
/// same squares.
pub const INSTANCES: [Instance; INSTANCE_COUNT] = {
    let mut instances = [Instance {
        pattern: 0,
        symmetry: 0,
        squares: 0,
    }; INSTANCE_COUNT];
    let mut count = 0;
    let mut p = 0;
    while p < PATTERNS.len() {
        let first = count;
        let mut k = 0;
        while k < SYMMETRIES {
            // Square q of the board lands under the mask when map(k, q) is in it.
            let squares = inverse_image(k, PATTERNS[p].mask);
            let mut seen = false;
            let mut i = first;
            while i < count {
                seen |= instances[i].squares == squares;
                i += 1;
            }
            if !seen {
                instances[count] = Instance {
                    pattern: p as u8,
                    symmetry: k as u8,
                    squares,
                };
                count += 1;
            }
            k += 1;
        }
        p += 1;
    }
    assert!(count == INSTANCE_COUNT);
    instances
};

/// The squares `q` with `map_square(k, q)` in `mask`.
const fn inverse_image(k: usize, mask: u64) -> u64 {
    let mut squares = 0;
    let mut q = 0;
    while q < 64 {
        if mask >> map_square(k, q) & 1 != 0 {
            squares |= 1 << q;
        }
        q += 1;
    }
    squares
}

/// The extra features after the patterns, each a small table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// A constant: the stage's mean.
    Bias,
    /// 1 when the number of empty squares is odd (the side to move would
    /// get the last move if nobody passed).
    Parity,
    /// The side to move's number of legal moves, 0..=31 (more counts as 31).
    Mobility,
    /// The opponent's number of legal moves, 0..=31.
    OpponentMobility,
    /// The disc difference, the side to move's discs minus the opponent's,
    /// -64..=64 (entry `difference + 64`): near the end of the game the
    /// final score is mostly the current count.
    DiscDifference,
    /// The side to move's potential mobility: the empty squares next to an
    /// opponent's disc, 0..=63.
    PotentialMobility,
    /// The opponent's potential mobility, 0..=63.
    OpponentPotentialMobility,
    /// The number of quadrants (4x4 corners) with an odd number of empty
    /// squares, 0..=4 (the parity of the regions the endgame is played in).
    OddQuadrants,
}

impl Extra {
    /// Every extra feature, in layout order.
    pub const ALL: [Extra; 8] = [
        Extra::Bias,
        Extra::Parity,
        Extra::Mobility,
        Extra::OpponentMobility,
        Extra::DiscDifference,
        Extra::PotentialMobility,
        Extra::OpponentPotentialMobility,
        Extra::OddQuadrants,
    ];

    /// The entries of its table.
    #[must_use]
    pub const fn entries(self) -> usize {
        match self {
            Extra::Bias | Extra::Parity => 1,
            Extra::Mobility | Extra::OpponentMobility => MOBILITY_ENTRIES,
            Extra::DiscDifference => DISC_DIFFERENCE_ENTRIES,
            Extra::PotentialMobility | Extra::OpponentPotentialMobility => {
                POTENTIAL_MOBILITY_ENTRIES
            }
            Extra::OddQuadrants => QUADRANT_ENTRIES,
        }
    }
}

/// Mobility counts at or above this minus one share the last entry.
pub const MOBILITY_ENTRIES: usize = 32;
/// The disc differences -64..=64.
pub const DISC_DIFFERENCE_ENTRIES: usize = 129;
/// Potential mobilities 0..=63.
pub const POTENTIAL_MOBILITY_ENTRIES: usize = 64;
/// Odd quadrants 0..=4.
pub const QUADRANT_ENTRIES: usize = 5;

/// A stage's weights, in order: the tables of the patterns, then the extra
/// features, each at its offset. Two layouts exist: *full* (one entry per
/// configuration, what the evaluation reads) and *compact* (one per
/// configuration up to symmetry, what is fitted and stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Where each pattern's table starts.
    pub pattern_offsets: [usize; PATTERNS.len()],
    /// Where each extra feature's table starts (as in [`Extra::ALL`]).
    pub extra_offsets: [usize; Extra::ALL.len()],
    /// The weights of one stage.
    pub len: usize,
}

impl Layout {
    fn new(pattern_sizes: impl Fn(usize) -> usize) -> Layout {
        let mut pattern_offsets = [0; PATTERNS.len()];
        let mut len = 0;
        for (p, offset) in pattern_offsets.iter_mut().enumerate() {
            *offset = len;
            len += pattern_sizes(p);
        }
        let mut extra_offsets = [0; Extra::ALL.len()];
        for (extra, offset) in Extra::ALL.iter().zip(&mut extra_offsets) {
            *offset = len;
            len += extra.entries();
        }
        Layout {
            pattern_offsets,
            extra_offsets,
            len,
        }
    }

    /// Where `extra`'s table starts.
    #[must_use]
    pub fn extra(&self, extra: Extra) -> usize {
        self.extra_offsets[extra as usize]
    }
}

/// The symmetry tables of the pattern set, built once.
#[derive(Debug)]
pub struct PatternSet {
    /// For each pattern, the compact index of each configuration.
    pub compact: [Vec<u32>; PATTERNS.len()],
    /// One entry per configuration.
    pub full: Layout,
    /// One entry per configuration up to symmetry.
    pub compact_layout: Layout,
}

impl PatternSet {
    /// The pattern set's tables (built on first use, in a few milliseconds).
    pub fn get() -> &'static PatternSet {
        static SET: OnceLock<PatternSet> = OnceLock::new();
        SET.get_or_init(PatternSet::build)
    }

    fn build() -> PatternSet {
        let compact: [Vec<u32>; PATTERNS.len()] =
            std::array::from_fn(|p| compact_indices(&PATTERNS[p]));
        let full = Layout::new(|p| PATTERNS[p].configurations());
        let compact_layout =
            Layout::new(|p| compact[p].iter().max().map_or(0, |&m| m as usize + 1));
        PatternSet {
            compact,
            full,
            compact_layout,
        }
    }
}

/// The digit permutation of a symmetry that maps `pattern`'s mask onto
/// itself, other than the identity; `None` if there is none.
fn self_symmetry(pattern: &Pattern) -> Option<Vec<usize>> {
    let squares: Vec<u32> = (0..64).filter(|&q| pattern.mask >> q & 1 != 0).collect();
    (1..SYMMETRIES).find_map(|k| {
        if map_mask(k, pattern.mask) != pattern.mask {
            return None;
        }
        let permutation: Vec<usize> = squares
            .iter()
            .map(|&q| squares.iter().position(|&s| s == map_square(k, q)).unwrap())
            .collect();
        (permutation.iter().enumerate().any(|(i, &j)| i != j)).then_some(permutation)
    })
}

/// The compact index of each configuration of `pattern`: configurations that
/// are mirror images under the pattern's own symmetry share one, numbered in
/// order of their smaller base-3 index.
fn compact_indices(pattern: &Pattern) -> Vec<u32> {
    let n = pattern.squares() as usize;
    let size = pattern.configurations();
    let Some(permutation) = self_symmetry(pattern) else {
        return (0..size as u32).collect();
    };
    let powers: Vec<usize> = (0..n).map(|i| 3usize.pow(i as u32)).collect();
    let mirror = |index: usize| -> usize {
        (0..n)
            .map(|i| (index / powers[i] % 3) * powers[permutation[i]])
            .sum()
    };
    let mut compact = vec![u32::MAX; size];
    let mut next = 0;
    for index in 0..size {
        let twin = mirror(index);
        if twin < index {
            compact[index] = compact[twin];
        } else {
            compact[index] = next;
            next += 1;
        }
    }
    compact
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares of each instance of pattern `p`, in instance order.
    fn instances_of(p: usize) -> Vec<u64> {
        INSTANCES
            .iter()
            .filter(|i| usize::from(i.pattern) == p)
            .map(|i| i.squares)
            .collect()
    }

    #[test]
    fn instances_are_those_of_edax_and_the_triangles() {
        let per_pattern: Vec<usize> = (0..PATTERNS.len()).map(|p| instances_of(p).len()).collect();
        assert_eq!(per_pattern, [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4, 4]);
        for instance in INSTANCES {
            assert_eq!(
                instance.squares.count_ones(),
                PATTERNS[usize::from(instance.pattern)].squares()
            );
        }
        // The four edges with their X-squares, the two long diagonals.
        let edges = instances_of(2);
        assert!(edges.contains(&0x42FF) && edges.contains(&0xFF42_0000_0000_0000));
        assert!(edges.contains(&(0x0101_0101_0101_0101 | 1 << 9 | 1 << 49)));
        let diagonals = instances_of(6).into_iter().fold(0, |a, b| a | b);
        assert_eq!(diagonals, 0x8142_2418_1824_4281);
        // The four corner triangles: a1-d1-a4, h1-e1-h4, a8-d8-a5, h8-e8-h5.
        let triangles = instances_of(11);
        assert!(triangles.contains(&0x0103_070F) && triangles.contains(&0x80C0_E0F0));
        assert!(triangles.contains(&0x0F07_0301_0000_0000));
        assert!(triangles.contains(&0xF0E0_C080_0000_0000));
    }

    #[test]
    fn compact_tables_merge_mirror_images() {
        let set = PatternSet::get();
        let sizes: Vec<usize> = (0..PATTERNS.len())
            .map(|p| set.compact[p].iter().max().map_or(0, |&m| m as usize + 1))
            .collect();
        // (3^n + 3^fixed) / 2 for the symmetric patterns; the 2x5 corner has no symmetry.
        assert_eq!(
            sizes,
            [
                10_206, 59_049, 29_646, 3_321, 3_321, 3_321, 3_321, 1_134, 378, 135, 45, 29_889
            ]
        );
        // hv2 read a2..h2: a2 alone is the mirror image of h2 alone.
        assert_eq!(set.compact[3][1], set.compact[3][3usize.pow(7)]);
        assert_ne!(set.compact[3][1], set.compact[3][3]);
        assert_eq!(set.full.len, 226_314 + 328);
        assert_eq!(set.compact_layout.len, 143_766 + 328);
        assert_eq!(set.compact_layout.extra(Extra::Bias), 143_766);
    }
}
