//! The Othello position: two bitboards (the side to move's discs and the
//! other side's), who is to move, and the rules on top of a [`MoveGenerator`].

use crate::movegen::{BitboardGenerator, MoveGenerator};
use crate::moves::Move;
use crate::notation::PositionError;
use crate::types::Square;
use ply_core::{Game, Side};
use std::fmt;
use std::marker::PhantomData;

/// The four centre squares d4, e4, d5, e5: occupied from the start, never emptied.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// An Othello position. Black ([`Side::First`]) moves first.
///
/// `G` is the move generator; it changes nothing but speed. Positions are small
/// and `Copy`: [`Game::play_unchecked`] returns a new one.
pub struct Position<G: MoveGenerator = BitboardGenerator> {
    /// Discs of the side to move.
    pub(crate) player: u64,
    /// Discs of the other side.
    pub(crate) opponent: u64,
    /// The side to move.
    pub(crate) side: Side,
    pub(crate) generator: PhantomData<G>,
}

impl<G: MoveGenerator> Clone for Position<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: MoveGenerator> Copy for Position<G> {}

impl<G: MoveGenerator> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        (self.player, self.opponent, self.side) == (other.player, other.opponent, other.side)
    }
}

impl<G: MoveGenerator> Eq for Position<G> {}

impl<G: MoveGenerator> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?}, {})", self.position_string(), G::NAME)
    }
}

impl<G: MoveGenerator> Position<G> {
    /// The position with `black` and `white` discs and `side` to move, checked
    /// like a position string.
    ///
    /// # Errors
    /// [`PositionError`] if the discs overlap or could not arise in a game.
    pub fn from_discs(black: u64, white: u64, side: Side) -> Result<Self, PositionError> {
        if black & white != 0 {
            return Err(PositionError::Overlap(
                Square::in_bitboard(black & white).next().unwrap(),
            ));
        }
        let (player, opponent) = match side {
            Side::First => (black, white),
            Side::Second => (white, black),
        };
        let position = Position {
            player,
            opponent,
            side,
            generator: PhantomData,
        };
        position.check_reachable()?;
        Ok(position)
    }

    /// Discs are placed next to discs and never removed, so the centre is full
    /// and every disc is connected to it.
    fn check_reachable(&self) -> Result<(), PositionError> {
        let occupied = self.player | self.opponent;
        if let Some(empty) = Square::in_bitboard(CENTRE & !occupied).next() {
            return Err(PositionError::EmptyCentre(empty));
        }
        let mut connected = CENTRE;
        loop {
            let grown = (connected | neighbours(connected)) & occupied;
            if grown == connected {
                break;
            }
            connected = grown;
        }
        match Square::in_bitboard(occupied & !connected).next() {
            Some(square) => Err(PositionError::Disconnected(square)),
            None => Ok(()),
        }
    }

    /// The same position with another move generator.
    #[must_use]
    pub fn with_generator<H: MoveGenerator>(self) -> Position<H> {
        Position {
            player: self.player,
            opponent: self.opponent,
            side: self.side,
            generator: PhantomData,
        }
    }

    /// Black's discs.
    #[must_use]
    pub fn black(&self) -> u64 {
        match self.side {
            Side::First => self.player,
            Side::Second => self.opponent,
        }
    }

    /// White's discs.
    #[must_use]
    pub fn white(&self) -> u64 {
        match self.side {
            Side::First => self.opponent,
            Side::Second => self.player,
        }
    }

    /// Discs of the side to move.
    #[must_use]
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[must_use]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// Empty squares.
    #[must_use]
    pub fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The squares the side to move can play (a pass is not in it).
    #[must_use]
    pub fn move_squares(&self) -> u64 {
        G::moves(self.player, self.opponent)
    }

    /// The discs `square` would flip for the side to move (0 if not legal).
    #[must_use]
    pub fn flips(&self, square: Square) -> u64 {
        if self.empty() & square.bit() == 0 {
            return 0;
        }
        G::flips(self.player, self.opponent, square)
    }

    /// Whether the side to move must pass: no move, while the opponent has one.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.move_squares() == 0 && G::moves(self.opponent, self.player) != 0
    }

    /// Whether neither side can move.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.move_squares() == 0 && G::moves(self.opponent, self.player) == 0
    }

    /// The disc difference for the side to move as the game would be scored if it
    /// ended now: empty squares go to the side with more discs.
    #[must_use]
    pub fn final_score(&self) -> i32 {
        let mine = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        let empties = 64 - mine - theirs;
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => mine - theirs + empties,
            std::cmp::Ordering::Less => mine - theirs - empties,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The discs of (Black, White) as a game ending here is scored: the empty
    /// squares go to the side with more discs.
    #[must_use]
    pub fn final_disc_counts(&self) -> (u32, u32) {
        let black = self.black().count_ones();
        let white = self.white().count_ones();
        let empty = 64 - black - white;
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => (black + empty, white),
            std::cmp::Ordering::Less => (black, white + empty),
            std::cmp::Ordering::Equal => (black, white),
        }
    }

    /// The position after placing a disc on `square` (a legal move) or passing.
    #[inline]
    pub(crate) fn after(&self, mv: Move) -> Self {
        match mv.square() {
            None => Position {
                player: self.opponent,
                opponent: self.player,
                side: self.side.opponent(),
                generator: PhantomData,
            },
            Some(square) => {
                let flipped = G::flips(self.player, self.opponent, square);
                debug_assert!(flipped != 0, "{mv} is not legal in {self:?}");
                Position {
                    player: self.opponent ^ flipped,
                    opponent: self.player | flipped | square.bit(),
                    side: self.side.opponent(),
                    generator: PhantomData,
                }
            }
        }
    }
}

/// The squares next to any square of `board`.
fn neighbours(board: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = ((board << 1) & NOT_A) | ((board >> 1) & NOT_H) | board;
    sideways | (sideways << 8) | (sideways >> 8)
}

/// Zobrist keys by byte: for each colour and each of the 8 bytes of its
/// bitboard, a key per byte value (tabulation hashing), plus one for the side.
pub(crate) static ZOBRIST: [u64; 2 * 8 * 256 + 1] = ply_core::zobrist::key_table(0x07E1_1000);

pub(crate) fn hash_board(board: u64, colour: usize) -> u64 {
    board
        .to_le_bytes()
        .iter()
        .enumerate()
        .fold(0, |hash, (k, &byte)| {
            hash ^ ZOBRIST[(colour * 8 + k) * 256 + usize::from(byte)]
        })
}

#[cfg(test)]
mod tests;
