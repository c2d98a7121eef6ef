//! Moves: a step (`11-15`) or a capture with every landing square (`22x15x6`).

use crate::types::{Direction, LANDING, Square};
use std::fmt;

/// A legal move in some position: compact and `Copy`.
///
/// It holds its squares as the move generator saw them, from the mover's side of
/// the board, with a flag for the mover's colour, so that [`crate::Position`]
/// plays it without translation; the accessors give the real squares. A capture
/// records its path (the direction of each jump), so that two ways round the same
/// ring of pieces are two moves, as perft counts them, and print differently.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Pieces taken, side-relative.
    captured: u32,
    /// The same pieces seen from the other side (the board turned).
    captured_turned: u32,
    /// Direction of each jump, two bits each, the first jump lowest.
    path: u32,
    /// Start square, side-relative index.
    from: u8,
    /// End square, side-relative index.
    to: u8,
    /// Number of jumps (0 for a step).
    jumps: u8,
    /// Whether White moves (the relative squares are then turned).
    white: bool,
}

/// At most 9 pieces can be taken in one move (the squares a piece can jump over
/// from one landing lattice), so a path fits in 18 bits.
pub const MAX_JUMPS: usize = 9;

impl Move {
    /// A step from `from` to `to` (side-relative indices).
    #[inline(always)]
    #[must_use]
    pub(crate) const fn step(from: u32, to: u32, white: bool) -> Move {
        Move {
            captured: 0,
            captured_turned: 0,
            path: 0,
            from: from as u8,
            to: to as u8,
            jumps: 0,
            white,
        }
    }

    /// A capture from `from` ending on `to`, taking `captured`, its jumps' directions
    /// in `path` (side-relative).
    #[inline(always)]
    #[must_use]
    pub(crate) const fn capture(
        from: u32,
        to: u32,
        captured: u32,
        path: u32,
        jumps: u32,
        white: bool,
    ) -> Move {
        Move {
            captured,
            captured_turned: captured.reverse_bits(),
            path,
            from: from as u8,
            to: to as u8,
            jumps: jumps as u8,
            white,
        }
    }

    /// A capture of the one piece on `over` (a board), from `from` to `to` in
    /// `direction`: [`Move::capture`] without reversing a whole board.
    #[inline(always)]
    #[must_use]
    pub(crate) const fn single_jump(
        from: u32,
        over: u32,
        to: u32,
        direction: u32,
        white: bool,
    ) -> Move {
        Move {
            captured: over,
            captured_turned: 0x8000_0000 >> over.trailing_zeros(),
            path: direction,
            from: from as u8,
            to: to as u8,
            jumps: 1,
            white,
        }
    }

    #[inline(always)]
    pub(crate) const fn relative_from(self) -> u32 {
        self.from as u32
    }

    #[inline(always)]
    pub(crate) const fn relative_to(self) -> u32 {
        self.to as u32
    }

    #[inline(always)]
    pub(crate) const fn relative_captured(self) -> u32 {
        self.captured
    }

    #[inline(always)]
    pub(crate) const fn turned_captured(self) -> u32 {
        self.captured_turned
    }

    /// A side-relative square as the real one.
    const fn absolute(self, index: u32) -> Square {
        let square = Square::from_index(index as u8);
        if self.white { square.rotated() } else { square }
    }

    /// Whether White makes this move (Black otherwise).
    #[must_use]
    pub const fn is_white(self) -> bool {
        self.white
    }

    /// The square the piece leaves.
    #[must_use]
    pub const fn from(self) -> Square {
        self.absolute(self.from as u32)
    }

    /// The square the piece ends on (the start square again when a king's
    /// jumps come full circle).
    #[must_use]
    pub const fn to(self) -> Square {
        self.absolute(self.to as u32)
    }

    /// Whether the move captures.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.jumps > 0
    }

    /// The number of pieces captured.
    #[must_use]
    pub const fn jumps(self) -> usize {
        self.jumps as usize
    }

    /// The captured pieces as a board (bit `n - 1` for square `n`).
    #[must_use]
    pub const fn captured(self) -> u32 {
        if self.white {
            self.captured_turned
        } else {
            self.captured
        }
    }

    /// The direction of each jump, as seen by the mover (empty for a step).
    pub fn directions(self) -> impl Iterator<Item = Direction> {
        (0..u32::from(self.jumps)).map(move |k| Direction::from_index(self.path >> (2 * k)))
    }

    /// The squares the piece lands on, in order: the end square of a step, or
    /// every landing square of a capture.
    pub fn landings(self) -> impl Iterator<Item = Square> {
        let mut at = self.from as usize;
        let steps = if self.jumps == 0 { 1 } else { self.jumps };
        let to = self.to;
        (0..steps).map(move |k| {
            if self.jumps == 0 {
                return self.absolute(u32::from(to));
            }
            let direction = (self.path >> (2 * u32::from(k))) & 3;
            at = LANDING[direction as usize][at].trailing_zeros() as usize;
            self.absolute(at as u32)
        })
    }

    /// The start square followed by the landing squares.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        std::iter::once(self.from()).chain(self.landings())
    }
}

impl fmt::Display for Move {
    /// `11-15` for a step, `22x15x6` for a capture (every landing square).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}", self.from())?;
        for square in self.landings() {
            write!(f, "{separator}{square}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({self} {})",
            if self.white { "white" } else { "black" }
        )
    }
}
