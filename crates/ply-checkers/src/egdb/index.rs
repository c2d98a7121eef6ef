//! The index of a slice: every side-relative position with a given
//! [`Material`] gets a number in `0..size`, without gaps.
//!
//! Positions are seen by the side to move ([`crate::board`]): its men head
//! towards higher bits, so they never stand on bits 28-31 (where they are
//! crowned) and the other side's men never on bits 0-3. A slice is split into
//! parts by how many of the side to move's men stand on its back row (bits
//! 0-3, closed to the other side's men) and how many of the other side's men
//! on theirs (bits 28-31). Within a part every piece kind is ranked as a
//! combination (colex order) of the squares still open to it, in this order:
//! own men on the back row, own men on the 24 middle squares, their men on
//! their back row, their men on the middle squares left free, own kings on the
//! squares free of men, their kings on the squares left. The part's index is
//! the mixed-radix number of these ranks (kings last, so neighbouring indices
//! share their men), after the sizes of the parts before it.

use super::Material;
use crate::board::Board;

/// The side to move's back row: bits 0-3 (the other side's men never stand here).
const MY_BACK_ROW: u32 = 0x0000_000F;
/// The other side's back row: bits 28-31 (the side to move is crowned here).
const THEIR_BACK_ROW: u32 = 0xF000_0000;
/// The 24 squares between, where men of both sides may stand.
const MIDDLE: u32 = !(MY_BACK_ROW | THEIR_BACK_ROW);

/// Binomial coefficients `C(n, k)` for `n <= 32`, `k <= 32`.
static BINOMIAL: [[u64; 33]; 33] = binomials();

const fn binomials() -> [[u64; 33]; 33] {
    let mut table = [[0u64; 33]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// `C(n, k)`, 0 when `k > n`.
#[inline(always)]
#[must_use]
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// The colex rank of the squares of `set` among the squares of `open` (every
/// square of `set` must be open): the sum of `C(p_i, i)` where `p_i` is the
/// position among the open squares of the `i`-th lowest square of `set`.
#[inline(always)]
fn rank(mut set: u32, open: u32) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while set != 0 {
        let square = set.trailing_zeros();
        set &= set - 1;
        let below = open & ((1u32 << square) - 1);
        rank += BINOMIAL[below.count_ones() as usize][i];
        i += 1;
    }
    rank
}

/// The `count` squares of `open` whose colex rank is `rank`: the inverse of
/// [`rank`].
#[inline(always)]
fn unrank(mut rank: u64, count: u32, open: u32) -> u32 {
    let mut set = 0;
    let mut position = open.count_ones();
    for i in (1..=count as usize).rev() {
        // The largest position p with C(p, i) <= rank.
        position -= 1;
        while BINOMIAL[position as usize][i] > rank {
            position -= 1;
        }
        rank -= BINOMIAL[position as usize][i];
        set |= nth_square(open, position);
    }
    set
}

/// The bit of the `n`-th lowest square of `open` (counting from 0).
#[inline(always)]
fn nth_square(mut open: u32, n: u32) -> u32 {
    for _ in 0..n {
        open &= open - 1;
    }
    open & open.wrapping_neg()
}

/// One part of a slice: fixed numbers of men on the two back rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Part {
    /// The index of the part's first position.
    offset: u64,
    /// The side to move's men on its back row.
    my_back: u32,
    /// The other side's men on its back row.
    their_back: u32,
    /// The number of ranks of each piece kind, in index order.
    radices: [u64; 6],
    /// The number of positions: the product of the radices.
    size: u64,
}

/// The index of one slice: ranks and unranks its positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceIndex {
    material: Material,
    /// Parts by `my_back * 5 + their_back` (absent: size 0).
    parts: Vec<Part>,
    size: u64,
}

impl SliceIndex {
    /// The index of the positions with `material`.
    #[must_use]
    pub fn new(material: Material) -> SliceIndex {
        let Material {
            my_men,
            my_kings,
            their_men,
            their_kings,
        } = material;
        let (my_men, my_kings, their_men, their_kings) = (
            u32::from(my_men),
            u32::from(my_kings),
            u32::from(their_men),
            u32::from(their_kings),
        );
        let mut parts = Vec::with_capacity(25);
        let mut offset = 0;
        for my_back in 0..5 {
            for their_back in 0..5 {
                let my_middle = my_men.saturating_sub(my_back);
                let their_middle = their_men.saturating_sub(their_back);
                let free = 32u32.saturating_sub(my_men + their_men);
                let radices = if my_back > my_men || their_back > their_men {
                    [0; 6]
                } else {
                    [
                        binomial(4, my_back),
                        binomial(24, my_middle),
                        binomial(4, their_back),
                        binomial(24u32.saturating_sub(my_middle), their_middle),
                        binomial(free, my_kings),
                        binomial(free.saturating_sub(my_kings), their_kings),
                    ]
                };
                let size = radices.iter().product::<u64>();
                parts.push(Part {
                    offset,
                    my_back,
                    their_back,
                    radices,
                    size,
                });
                offset += size;
            }
        }
        SliceIndex {
            material,
            parts,
            size: offset,
        }
    }

    /// The material of the slice.
    #[must_use]
    pub const fn material(&self) -> Material {
        self.material
    }

    /// The number of positions (placements with the side to move fixed).
    #[must_use]
    pub const fn size(&self) -> u64 {
        self.size
    }

    /// The index of `board`, which must have this slice's material.
    #[inline]
    #[must_use]
    pub fn index(&self, board: &Board) -> u64 {
        debug_assert_eq!(Material::of(board), self.material);
        let my_men = board.mine & !board.kings;
        let their_men = board.theirs & !board.kings;
        let my_kings = board.mine & board.kings;
        let their_kings = board.theirs & board.kings;
        let my_back = (my_men & MY_BACK_ROW).count_ones();
        let their_back = (their_men & THEIR_BACK_ROW).count_ones();
        let part = &self.parts[(my_back * 5 + their_back) as usize];
        let free = !(my_men | their_men);
        let ranks = [
            rank(my_men & MY_BACK_ROW, MY_BACK_ROW),
            rank(my_men & MIDDLE, MIDDLE),
            rank(their_men & THEIR_BACK_ROW, THEIR_BACK_ROW),
            rank(their_men & MIDDLE, MIDDLE & !my_men),
            rank(my_kings, free),
            rank(their_kings, free & !my_kings),
        ];
        let mut index = 0;
        for (rank, radix) in ranks.iter().zip(part.radices) {
            index = index * radix + rank;
        }
        part.offset + index
    }

    /// The position with index `index` (below [`SliceIndex::size`]).
    #[must_use]
    pub fn board(&self, index: u64) -> Board {
        debug_assert!(index < self.size);
        let part = self
            .parts
            .iter()
            .rev()
            .find(|part| part.offset <= index && part.size != 0)
            .expect("index below the size");
        let mut rest = index - part.offset;
        let mut ranks = [0; 6];
        for k in (0..6).rev() {
            ranks[k] = rest % part.radices[k];
            rest /= part.radices[k];
        }
        let m = self.material;
        let my_men = u32::from(m.my_men);
        let their_men = u32::from(m.their_men);
        let my_back = unrank(ranks[0], part.my_back, MY_BACK_ROW);
        let my_middle = unrank(ranks[1], my_men - part.my_back, MIDDLE);
        let mine_men = my_back | my_middle;
        let their_back = unrank(ranks[2], part.their_back, THEIR_BACK_ROW);
        let their_middle = unrank(ranks[3], their_men - part.their_back, MIDDLE & !mine_men);
        let theirs_men = their_back | their_middle;
        let free = !(mine_men | theirs_men);
        let my_kings = unrank(ranks[4], u32::from(m.my_kings), free);
        let their_kings = unrank(ranks[5], u32::from(m.their_kings), free & !my_kings);
        Board {
            mine: mine_men | my_kings,
            theirs: theirs_men | their_kings,
            kings: my_kings | their_kings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_the_combinations() {
        let open = 0b1011_0110_1101u32;
        let count = 3;
        let total = binomial(open.count_ones(), count);
        let mut seen = vec![false; total as usize];
        let mut set = 0u32;
        // Every 3-subset of the open squares.
        for a in 0..32 {
            for b in a + 1..32 {
                for c in b + 1..32 {
                    let bits = (1u32 << a) | (1 << b) | (1 << c);
                    if bits & !open != 0 {
                        continue;
                    }
                    let r = rank(bits, open);
                    assert!(!seen[r as usize]);
                    seen[r as usize] = true;
                    assert_eq!(unrank(r, count, open), bits);
                    set |= bits;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(set, open);
    }

    #[test]
    fn every_index_of_small_slices_comes_back() {
        for material in Material::all(3) {
            let index = SliceIndex::new(material);
            for i in 0..index.size() {
                let board = index.board(i);
                assert_eq!(Material::of(&board), material);
                assert_eq!(board.mine & board.theirs, 0);
                assert_eq!(board.mine & !board.kings & THEIR_BACK_ROW, 0);
                assert_eq!(board.theirs & !board.kings & MY_BACK_ROW, 0);
                assert_eq!(index.index(&board), i, "{material} {i}");
            }
        }
    }

    #[test]
    fn indices_of_a_large_slice_come_back() {
        let material = Material::new(2, 1, 2, 1);
        let index = SliceIndex::new(material);
        let step = index.size() / 10_007;
        for i in (0..index.size()).step_by(step as usize) {
            assert_eq!(index.index(&index.board(i)), i);
        }
        assert_eq!(
            index.index(&index.board(index.size() - 1)),
            index.size() - 1
        );
    }
}
