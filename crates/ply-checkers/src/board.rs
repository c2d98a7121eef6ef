//! Side-relative 32-bit boards, as the seed keeps them: the side to move's
//! pieces ("active"), the other side's ("passive") and the kings of both.
//!
//! The side to move always sits at the top of the diagram with its men going
//! down, towards higher bits. After each move the board is turned by 180
//! degrees, which maps bit `i` to bit `31 - i` — `reverse_bits` — so one code
//! path serves both colours, and active and passive swap as in the seed.
//!
//! A diagonal step moves a square's bit by 3, 4 or 5 depending on the row's
//! parity and the direction; [`Shift`] holds the two offsets of each direction
//! and the masks of the squares they apply to, all computed from the square
//! geometry in [`crate::types`] at compile time.

use crate::moves::Move;
use crate::types::{Direction, Square};

/// The squares of one row (0 = top of the side-relative diagram).
const fn row_mask(row: u32) -> u32 {
    0xF << (4 * row)
}

/// The row where the side to move's men are crowned (the bottom one).
pub const CROWNING_ROW: u32 = row_mask(7);

/// The row where the side to move's men start (the top one); the other side's
/// men are crowned there.
pub const BACK_ROW: u32 = row_mask(0);

/// How one diagonal step in a direction moves bits: squares in `even_mask` move
/// by `even`, squares in `odd_mask` by `odd` (both masks hold only the squares
/// that have a neighbour that way), and a jump of two steps moves the squares
/// of `jump_mask` by `even + odd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shift {
    /// Bit offset of a step from a square in an even row (0, 2, 4, 6).
    pub even: i32,
    /// Bit offset of a step from a square in an odd row.
    pub odd: i32,
    /// Squares in even rows with a neighbour in this direction.
    pub even_mask: u32,
    /// Squares in odd rows with a neighbour in this direction.
    pub odd_mask: u32,
    /// Squares from which a jump (two steps) stays on the board.
    pub jump_mask: u32,
}

impl Shift {
    /// The shift of `direction`, read off the square geometry.
    const fn of(direction: Direction) -> Shift {
        let mut shift = Shift {
            even: 0,
            odd: 0,
            even_mask: 0,
            odd_mask: 0,
            jump_mask: 0,
        };
        let mut index = 0;
        while index < 32 {
            let square = Square::from_index(index);
            if let Some(next) = direction.step(square) {
                let offset = next.index() as i32 - index as i32;
                if square.row().is_multiple_of(2) {
                    shift.even = offset;
                    shift.even_mask |= square.bit();
                } else {
                    shift.odd = offset;
                    shift.odd_mask |= square.bit();
                }
                if direction.step(next).is_some() {
                    shift.jump_mask |= square.bit();
                }
            }
            index += 1;
        }
        shift
    }

    /// The squares of `board` moved one step this way (those that stay on the board).
    #[inline(always)]
    #[must_use]
    pub const fn targets(&self, board: u32) -> u32 {
        shift(board & self.even_mask, self.even) | shift(board & self.odd_mask, self.odd)
    }

    /// The squares whose neighbour this way is in `board`.
    #[inline(always)]
    #[must_use]
    pub const fn sources(&self, board: u32) -> u32 {
        (shift(board, -self.even) & self.even_mask) | (shift(board, -self.odd) & self.odd_mask)
    }

    /// The squares where pieces on `board` land after a jump this way (those
    /// that stay on the board).
    #[inline(always)]
    #[must_use]
    pub const fn jump_targets(&self, board: u32) -> u32 {
        shift(board & self.jump_mask, self.even + self.odd)
    }

    /// The squares from which a jump this way lands in `board`.
    #[inline(always)]
    #[must_use]
    pub const fn jump_sources(&self, board: u32) -> u32 {
        shift(board, -(self.even + self.odd)) & self.jump_mask
    }
}

/// `board` shifted towards higher bits by `by` (towards lower bits if negative).
#[inline(always)]
const fn shift(board: u32, by: i32) -> u32 {
    if by >= 0 { board << by } else { board >> -by }
}

/// The shifts of the four directions, in [`Direction::ALL`] order.
pub const SHIFTS: [Shift; 4] = [
    Shift::of(Direction::RightForward),
    Shift::of(Direction::LeftForward),
    Shift::of(Direction::LeftBackward),
    Shift::of(Direction::RightBackward),
];

/// A side-relative position: the seed's three sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The side to move's pieces, men heading towards higher bits.
    pub mine: u32,
    /// The other side's pieces.
    pub theirs: u32,
    /// The kings of both sides.
    pub kings: u32,
}

impl Board {
    /// Empty squares.
    #[inline(always)]
    #[must_use]
    pub const fn empty(&self) -> u32 {
        !(self.mine | self.theirs)
    }

    /// The same position seen from the other side: turned by 180 degrees, the
    /// other side to move.
    #[inline(always)]
    #[must_use]
    pub const fn turned(&self) -> Board {
        // One 64-bit reversal turns both sets and swaps them.
        let both = (self.mine as u64 | (self.theirs as u64) << 32).reverse_bits();
        Board {
            mine: both as u32,
            theirs: (both >> 32) as u32,
            kings: self.kings.reverse_bits(),
        }
    }

    /// The board after `mv` (legal here), still from the mover's point of view.
    #[inline(always)]
    #[must_use]
    pub const fn after_move(&self, mv: Move) -> Board {
        let from = 1u32 << mv.relative_from();
        let to = 1u32 << mv.relative_to();
        let captured = mv.relative_captured();
        // A king keeps its crown; a man that ends on the crowning row gets one.
        let crown = (0u32.wrapping_sub((self.kings >> mv.relative_from()) & 1)) | CROWNING_ROW;
        Board {
            // `from` may equal `to` when a king's jumps come full circle.
            mine: (self.mine ^ from) | to,
            theirs: self.theirs & !captured,
            kings: (self.kings & !(captured | from)) | (to & crown),
        }
    }

    /// The board after `mv` by the other side (legal for it), from this side's
    /// point of view: [`Board::after_move`] on the turned board, without turning.
    #[inline(always)]
    #[must_use]
    pub const fn after_opponent_move(&self, mv: Move) -> Board {
        // Square i of the mover is square 31 - i here.
        let from = 0x8000_0000u32 >> mv.relative_from();
        let to = 0x8000_0000u32 >> mv.relative_to();
        let captured = mv.turned_captured();
        let crown = (0u32.wrapping_sub((self.kings & from != 0) as u32)) | BACK_ROW;
        Board {
            mine: self.mine & !captured,
            theirs: (self.theirs ^ from) | to,
            kings: (self.kings & !(captured | from)) | (to & crown),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{LANDING, STEP};

    #[test]
    fn shifts_are_the_seeds_three_four_and_five() {
        let offsets: Vec<(i32, i32)> = SHIFTS.iter().map(|s| (s.even, s.odd)).collect();
        assert_eq!(offsets, [(5, 4), (4, 3), (-4, -5), (-3, -4)]);
        // Every square but those on an edge has a neighbour each way.
        for shift in SHIFTS {
            assert_eq!(shift.even_mask & shift.odd_mask, 0);
            let steps = (shift.even_mask | shift.odd_mask).count_ones();
            assert!(steps == 24 || steps == 25, "{steps}");
        }
    }

    #[test]
    fn shifts_agree_with_the_square_tables() {
        for (d, shift) in SHIFTS.iter().enumerate() {
            for index in 0..32 {
                let bit = 1u32 << index;
                assert_eq!(shift.targets(bit), STEP[d][index], "d{d} {index}");
                let landing = LANDING[d][index];
                assert_eq!(
                    shift.jump_sources(landing),
                    if landing == 0 { 0 } else { bit }
                );
                assert_eq!(shift.jump_targets(bit), landing);
                if STEP[d][index] != 0 {
                    assert_eq!(shift.sources(STEP[d][index]), bit);
                }
            }
            assert_eq!(shift.sources(u32::MAX), shift.even_mask | shift.odd_mask);
        }
    }

    #[test]
    fn no_forward_jump_leaves_the_crowning_row() {
        // So a man crowned by a jump cannot jump on as a man: its move ends.
        for shift in &SHIFTS[..2] {
            assert_eq!(shift.jump_mask & (CROWNING_ROW | row_mask(6)), 0);
        }
        for shift in &SHIFTS[2..] {
            assert_eq!(shift.jump_mask & (BACK_ROW | row_mask(1)), 0);
        }
    }

    #[test]
    fn turning_twice_gives_the_board_back() {
        let board = Board {
            mine: 0x0000_0FFF,
            theirs: 0xFFF0_0000,
            kings: 0x8000_0001,
        };
        let turned = board.turned();
        assert_eq!(turned.mine, 0x0000_0FFF, "the start position is symmetric");
        assert_eq!(turned.theirs, 0xFFF0_0000);
        assert_eq!(turned.kings, 0x8000_0001);
        let odd = Board {
            mine: 0b1011,
            theirs: 1 << 20,
            kings: 0b10,
        };
        assert_eq!(odd.turned().mine, 1 << 11);
        assert_eq!(odd.turned().theirs, 0b1101 << 28);
        assert_eq!(odd.turned().turned(), odd);
    }
}
