//! Stable discs: discs that no sequence of moves can flip. A lower bound on the
//! opponent's stable discs is an upper bound on the score of the side to move
//! (every stable disc of the opponent is one the mover will not own at the
//! end), which lets the search cut a node without searching it.
//!
//! The bound is found in two steps:
//! 1. edges, exactly: a table over every content of an 8-square edge gives the
//!    discs that no sequence of moves along the edge can flip (a disc on an edge
//!    can only be flanked along the edge);
//! 2. by contact: a disc is stable when on each of its four lines (row, column,
//!    two diagonals) the line is full, or the disc touches the board's edge or a
//!    stable disc of its own colour; repeated until nothing changes.

/// Squares of the a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Squares of the h-file.
const FILE_H: u64 = FILE_A << 7;
/// Every square on the border of the board.
const BORDER: u64 = 0xFF81_8181_8181_81FF;

/// `EDGE_STABLE[mine * 256 + theirs]`: for an edge holding `mine` and `theirs`
/// (8 bits each, disjoint), the discs (of either colour) that no sequence of
/// moves on the edge can flip.
static EDGE_STABLE: [u8; 65536] = edge_table();

/// The discs a move on `cell` of an 8-cell line flips for the side holding
/// `mine` against `theirs` (only along the line).
const fn line_flips(mine: u32, theirs: u32, cell: u32) -> u32 {
    let mut flips = 0;
    let mut run = 0;
    let mut k = cell + 1;
    while k < 8 && theirs & (1 << k) != 0 {
        run |= 1 << k;
        k += 1;
    }
    if k < 8 && mine & (1 << k) != 0 {
        flips |= run;
    }
    run = 0;
    let mut k = cell as i32 - 1;
    while k >= 0 && theirs & (1 << k) != 0 {
        run |= 1 << k;
        k -= 1;
    }
    if k >= 0 && mine & (1 << k) != 0 {
        flips |= run;
    }
    flips
}

/// Fills the table by number of empty cells: a full edge is stable; otherwise a
/// disc is stable if no move on an empty cell (by either side, legal along the
/// edge or not, as it may flip along another line) flips it, and it stays stable
/// in every edge such a move leads to (which has one empty cell fewer).
const fn edge_table() -> [u8; 65536] {
    let mut table = [0u8; 65536];
    let mut empties = 0;
    while empties <= 8 {
        let mut mine = 0u32;
        while mine < 256 {
            let mut theirs = 0u32;
            while theirs < 256 {
                let empty = !(mine | theirs) & 0xFF;
                if mine & theirs == 0 && empty.count_ones() == empties {
                    let mut stable = mine | theirs;
                    let mut cell = 0;
                    while cell < 8 {
                        if empty & (1 << cell) != 0 {
                            let bit = 1 << cell;
                            // The side holding `mine` plays on the cell ...
                            let flips = line_flips(mine, theirs, cell);
                            let after = ((mine | bit | flips) * 256 + (theirs & !flips)) as usize;
                            stable &= !flips & table[after] as u32;
                            // ... or the other side does.
                            let flips = line_flips(theirs, mine, cell);
                            let after = ((mine & !flips) * 256 + (theirs | bit | flips)) as usize;
                            stable &= !flips & table[after] as u32;
                        }
                        cell += 1;
                    }
                    table[(mine * 256 + theirs) as usize] = stable as u8;
                }
                theirs += 1;
            }
            mine += 1;
        }
        empties += 1;
    }
    table
}

/// The edge-stable discs of `a` and `b` on one edge given as bytes.
#[inline(always)]
fn edge(a: u8, b: u8) -> u8 {
    EDGE_STABLE[usize::from(a) * 256 + usize::from(b)]
}

/// The a-file of `board` as a byte, bit `r` for rank `r + 1`.
#[inline(always)]
fn file_a_byte(board: u64) -> u8 {
    ((board & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// A byte spread back onto the a-file (bit `r` to square `8 r`).
static FILE_A_SPREAD: [u64; 256] = spread_table();

const fn spread_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut rank = 0;
        while rank < 8 {
            if byte & (1 << rank) != 0 {
                table[byte] |= 1 << (8 * rank);
            }
            rank += 1;
        }
        byte += 1;
    }
    table
}

/// Discs (of both colours) that no move along the board's four edges can flip.
#[inline]
#[must_use]
pub fn edge_stable(a: u64, b: u64) -> u64 {
    let bottom = u64::from(edge(a as u8, b as u8));
    let top = u64::from(edge((a >> 56) as u8, (b >> 56) as u8)) << 56;
    let left = FILE_A_SPREAD[usize::from(edge(file_a_byte(a), file_a_byte(b)))];
    let right = FILE_A_SPREAD[usize::from(edge(file_a_byte(a >> 7), file_a_byte(b >> 7)))] << 7;
    bottom | top | left | right
}

/// The squares whose line in each of the four directions is full:
/// (rows, columns, a1-h8 diagonals, a8-h1 diagonals).
#[inline]
fn full_lines(occupied: u64) -> [u64; 4] {
    let empty = !occupied;
    // Spread the empty squares along each line both ways, 1, 2 then 4 steps;
    // the masks keep the shifts from wrapping round the board's sides.
    let mut row = empty;
    row |= ((row << 1) & 0xFEFE_FEFE_FEFE_FEFE) | ((row >> 1) & 0x7F7F_7F7F_7F7F_7F7F);
    row |= ((row << 2) & 0xFCFC_FCFC_FCFC_FCFC) | ((row >> 2) & 0x3F3F_3F3F_3F3F_3F3F);
    row |= ((row << 4) & 0xF0F0_F0F0_F0F0_F0F0) | ((row >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
    let mut column = empty;
    column |= (column << 8) | (column >> 8);
    column |= (column << 16) | (column >> 16);
    column |= column.rotate_right(32);
    let mut diagonal = empty;
    diagonal |=
        ((diagonal << 9) & 0xFEFE_FEFE_FEFE_FEFE) | ((diagonal >> 9) & 0x7F7F_7F7F_7F7F_7F7F);
    diagonal |=
        ((diagonal << 18) & 0xFCFC_FCFC_FCFC_FCFC) | ((diagonal >> 18) & 0x3F3F_3F3F_3F3F_3F3F);
    diagonal |=
        ((diagonal << 36) & 0xF0F0_F0F0_F0F0_F0F0) | ((diagonal >> 36) & 0x0F0F_0F0F_0F0F_0F0F);
    let mut anti = empty;
    anti |= ((anti << 7) & 0x7F7F_7F7F_7F7F_7F7F) | ((anti >> 7) & 0xFEFE_FEFE_FEFE_FEFE);
    anti |= ((anti << 14) & 0x3F3F_3F3F_3F3F_3F3F) | ((anti >> 14) & 0xFCFC_FCFC_FCFC_FCFC);
    anti |= ((anti << 28) & 0x0F0F_0F0F_0F0F_0F0F) | ((anti >> 28) & 0xF0F0_F0F0_F0F0_F0F0);
    [!row, !column, !diagonal, !anti]
}

/// A set of `discs` (one side's, with `other` the other side's) that can never
/// be flipped. Not every stable disc is found, but every disc found is stable.
#[must_use]
pub fn stable_discs(discs: u64, other: u64) -> u64 {
    let [row, column, diagonal, anti] = full_lines(discs | other);
    let mut stable = discs & (edge_stable(discs, other) | (row & column & diagonal & anti));
    if stable == 0 {
        return 0;
    }
    let row = row | FILE_A | FILE_H;
    let column = column | 0xFF00_0000_0000_00FF;
    let diagonal = diagonal | BORDER;
    let anti = anti | BORDER;
    loop {
        let horizontal =
            row | ((stable << 1) & 0xFEFE_FEFE_FEFE_FEFE) | ((stable >> 1) & 0x7F7F_7F7F_7F7F_7F7F);
        let vertical = column | (stable << 8) | (stable >> 8);
        let rising = diagonal
            | ((stable << 9) & 0xFEFE_FEFE_FEFE_FEFE)
            | ((stable >> 9) & 0x7F7F_7F7F_7F7F_7F7F);
        let falling = anti
            | ((stable << 7) & 0x7F7F_7F7F_7F7F_7F7F)
            | ((stable >> 7) & 0xFEFE_FEFE_FEFE_FEFE);
        let grown = stable | (discs & horizontal & vertical & rising & falling);
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// The lowest alpha for which a stability cut-off is tried: below it the
/// opponent would need too many stable discs for the cut to happen often
/// enough to pay for the test.
pub(crate) const STABILITY_ALPHA: i32 = 8;

/// An upper bound on the score of `player` if it is `<= alpha` (a cut-off):
/// 64 minus twice the opponent's stable discs.
#[inline]
pub(crate) fn stability_cut(player: u64, opponent: u64, alpha: i32) -> Option<i32> {
    if alpha < STABILITY_ALPHA {
        return None;
    }
    // The opponent's discs bound its stable discs: skip the work when even all
    // of them stable could not cut.
    let most = 64 - 2 * (opponent.count_ones() as i32);
    if most > alpha {
        return None;
    }
    let bound = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}

#[cfg(test)]
mod tests;
