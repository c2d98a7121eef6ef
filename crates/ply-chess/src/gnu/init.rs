//! GNU Chess's `Initialize_moves` (Sandström, 1989): the `posdata` tables of
//! the seed, computed from the piece directions on a 10x12 mailbox.
//!
//! This file is compiled by `build.rs`, which writes the tables into
//! `$OUT_DIR/gnu_posdata.bin`; the crate reads them back in `gnu/tables.rs`.
//! It must stay plain code with no dependencies.
//!
//! For each piece type, from-square and square `u`, the entry holds two squares:
//!
//! - `nextpos`: where to look next if `u` was empty: the next square in the
//!   same direction, or the first square of the next direction when the
//!   direction ends at `u`;
//! - `nextdir`: where to look next if `u` was occupied: the first square of
//!   the next direction.
//!
//! The entry for `u` = the from-square starts the walk (`nextpos` is the first
//! square to look at), and every walk ends when it comes back to the
//! from-square. Directions without any square on the board are left out.
//!
//! Pawns have two threads, as in GNU Chess: `nextpos` chains the pushes (two
//! squares from the pawn's home rank, one elsewhere) and `nextdir` chains the
//! capture squares; both end on the from-square.

/// GNU Chess piece types: `ptype` indexes the tables.
pub const NO_PIECE: usize = 0;
/// White pawn (moves up the board).
pub const PAWN: usize = 1;
/// Knight.
pub const KNIGHT: usize = 2;
/// Bishop.
pub const BISHOP: usize = 3;
/// Rook.
pub const ROOK: usize = 4;
/// Queen.
pub const QUEEN: usize = 5;
/// King.
pub const KING: usize = 6;
/// Black pawn (moves down the board): `ptype[black][pawn]`.
pub const BPAWN: usize = 7;
/// Number of piece types (`posdata[8][64][64]`).
pub const PTYPES: usize = 8;

/// Mailbox steps of each piece type on a board 10 squares wide, in GNU
/// Chess's order (`direc[8][8]`; 0 ends the list).
const DIREC: [[i32; 8]; PTYPES] = [
    [0, 0, 0, 0, 0, 0, 0, 0],
    [10, 9, 11, 0, 0, 0, 0, 0],
    [8, -8, 12, -12, 19, -19, 21, -21],
    [9, 11, -9, -11, 0, 0, 0, 0],
    [1, 10, -1, -10, 0, 0, 0, 0],
    [1, 10, -1, -10, 9, 11, -9, -11],
    [1, 10, -1, -10, 9, 11, -9, -11],
    [-10, -9, -11, 0, 0, 0, 0, 0],
];

/// The most steps in one direction (`max_steps[8]`).
const MAX_STEPS: [usize; PTYPES] = [0, 2, 1, 7, 7, 7, 1, 2];

/// The 64-square number of a 10x12 mailbox square, or -1 off the board
/// (`nunmap[120]`).
fn nunmap(mailbox: i32) -> i32 {
    let (row, column) = (mailbox / 10, mailbox % 10);
    if (2..10).contains(&row) && (1..9).contains(&column) {
        (row - 2) * 8 + (column - 1)
    } else {
        -1
    }
}

/// The index of the `(nextpos, nextdir)` pair of `ptype`, from-square `from`
/// and square `u` in the interleaved table.
#[must_use]
pub const fn entry(ptype: usize, from: usize, u: usize) -> usize {
    ((ptype * 64 + from) * 64 + u) * 2
}

/// Whether a pawn on `square` stands on its home rank (`Stboard[sq] == pawn`):
/// only there may it advance two squares.
fn on_home_rank(ptype: usize, square: i32) -> bool {
    let rank = square / 8;
    (ptype == PAWN && rank == 1) || (ptype == BPAWN && rank == 6)
}

/// The interleaved tables: `posdata[ptype][from][u]` as two bytes, `nextpos`
/// then `nextdir`, `8 * 64 * 64 * 2` bytes in all.
#[must_use]
pub fn initialize_moves() -> Vec<u8> {
    let mut posdata = vec![0u8; PTYPES * 64 * 64 * 2];
    // Every walk ends on the from-square: that is the default of every entry.
    for ptype in 0..PTYPES {
        for from in 0..64 {
            for u in 0..64 {
                posdata[entry(ptype, from, u)] = from as u8;
                posdata[entry(ptype, from, u) + 1] = from as u8;
            }
        }
    }
    for ptype in 1..PTYPES {
        for mailbox in 21..99 {
            let from = nunmap(mailbox);
            if from < 0 {
                continue;
            }
            // dest[d][s]: the square s + 1 steps from `from` in direction d.
            let mut dest = [[0i32; 7]; 8];
            let mut steps = [0usize; 8];
            for d in 0..8 {
                let delta = DIREC[ptype][d];
                if delta == 0 {
                    continue;
                }
                let mut p0 = mailbox;
                let mut s = 0;
                while s < MAX_STEPS[ptype] {
                    p0 += delta;
                    let square = nunmap(p0);
                    let pawn = ptype == PAWN || ptype == BPAWN;
                    // Off the board, or a pawn's second step anywhere but on a
                    // push from its home rank.
                    if square < 0 || (pawn && s > 0 && (d > 0 || !on_home_rank(ptype, from))) {
                        break;
                    }
                    dest[d][s] = square;
                    s += 1;
                }
                steps[d] = s;
            }
            let at = |u: i32| entry(ptype, from as usize, u as usize);
            if ptype == PAWN || ptype == BPAWN {
                // The no-capture thread through nextpos...
                let mut p0 = from;
                for &square in &dest[0][..steps[0]] {
                    posdata[at(p0)] = square as u8;
                    p0 = square;
                }
                // ...and the capture thread through nextdir.
                let mut p0 = from;
                for d in 1..3 {
                    if steps[d] > 0 {
                        posdata[at(p0) + 1] = dest[d][0] as u8;
                        p0 = dest[d][0];
                    }
                }
            } else {
                let directions: Vec<usize> = (0..8).filter(|&d| steps[d] > 0).collect();
                let mut p0 = from;
                if let Some(&first) = directions.first() {
                    posdata[at(p0) + 1] = dest[first][0] as u8;
                }
                for (i, &d) in directions.iter().enumerate() {
                    for &square in &dest[d][..steps[d]] {
                        posdata[at(p0)] = square as u8;
                        p0 = square;
                        if let Some(&next) = directions.get(i + 1) {
                            posdata[at(p0) + 1] = dest[next][0] as u8;
                        }
                    }
                }
            }
        }
    }
    posdata
}
