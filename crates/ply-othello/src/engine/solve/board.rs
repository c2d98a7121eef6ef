//! Small bitboard helpers shared by the solver's searches.

use crate::movegen::{BitboardGenerator, MoveGenerator};
use crate::types::Square;

/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Legal moves of `player` against `opponent`.
#[inline(always)]
pub fn moves(player: u64, opponent: u64) -> u64 {
    BitboardGenerator::moves(player, opponent)
}

/// The discs `player` flips by playing on the empty square `square` (0 if the
/// move is not legal).
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    BitboardGenerator::flips(player, opponent, Square::new((square & 63) as u8))
}

/// The squares next to each square (in any of the eight directions). A move on
/// a square can only be legal if one of them holds an opponent's disc.
pub static NEIGHBOURS: [u64; 64] = neighbour_table();

const fn neighbour_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (f, r) = (file + df, rank + dr);
                if (df != 0 || dr != 0) && f >= 0 && f < 8 && r >= 0 && r < 8 {
                    table[square] |= 1 << (r * 8 + f);
                }
                dr += 1;
            }
            df += 1;
        }
        square += 1;
    }
    table
}

/// The squares next to any square of `board`.
#[inline(always)]
pub fn neighbours(board: u64) -> u64 {
    let sideways =
        ((board << 1) & 0xFEFE_FEFE_FEFE_FEFE) | ((board >> 1) & 0x7F7F_7F7F_7F7F_7F7F) | board;
    (sideways | (sideways << 8) | (sideways >> 8)) & !board
}

/// The score of a finished game for `player`: the disc difference, with the
/// empty squares given to the side with more discs.
#[inline]
pub fn game_over_score(player: u64, opponent: u64) -> i32 {
    let mine = player.count_ones() as i32;
    let theirs = opponent.count_ones() as i32;
    let empties = 64 - mine - theirs;
    let difference = mine - theirs;
    if difference > 0 {
        difference + empties
    } else if difference < 0 {
        difference - empties
    } else {
        0
    }
}
