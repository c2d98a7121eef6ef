//! Uniformly random legal actions drawn from a mask of NumPy bools (bytes 0
//! or 1), one per game, in either layout: `env.sample_actions(mask)`.

use super::NO_ACTION;

/// How many of `row`'s bytes are 1 (eight at a time: a 0-or-1 byte is one
/// set bit).
fn count(row: &[u8]) -> usize {
    let mut chunks = row.chunks_exact(8);
    let mut total = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        total += word.count_ones() as usize;
    }
    total
        + chunks
            .remainder()
            .iter()
            .map(|&b| usize::from(b))
            .sum::<usize>()
}

/// The index of the `k`-th (from 0) byte of `row` that is 1 (there are more
/// than `k`).
fn nth(row: &[u8], mut k: usize) -> usize {
    let mut start = 0;
    for chunk in row.chunks(8) {
        let ones = count(chunk);
        if k < ones {
            for (offset, &byte) in chunk.iter().enumerate() {
                if byte != 0 {
                    if k == 0 {
                        return start + offset;
                    }
                    k -= 1;
                }
            }
        }
        k -= ones;
        start += chunk.len();
    }
    unreachable!("the row has fewer legal actions than counted")
}

/// The low bits of eight bytes (0 or 1 each) as eight bits: byte `j` to bit
/// `j` (a multiply gathers them into the top byte).
fn gather(chunk: &[u8]) -> u64 {
    let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) & 0x0101_0101_0101_0101;
    word.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The first 64 bytes of `row` (0 or 1 each) as bits, byte `j` to bit `j`,
/// eight at a time.
fn bits64(row: &[u8]) -> u64 {
    let mut chunks = row.chunks_exact(8);
    let mut bits = 0;
    for (k, chunk) in (&mut chunks).enumerate() {
        bits |= gather(chunk) << (8 * k);
    }
    let done = row.len() - chunks.remainder().len();
    for (j, &byte) in chunks.remainder().iter().enumerate() {
        bits |= u64::from(byte & 1) << (done + j);
    }
    bits
}

/// The first 128 bytes of `row` (0 or 1 each) as bits, byte `j` to bit `j`.
fn bits(row: &[u8]) -> u128 {
    let (low, high) = row.split_at(row.len().min(64));
    u128::from(bits64(low)) | u128::from(bits64(high)) << 64
}

/// The `k`-th (from 0) lowest set bit of `bits` (which has more than `k`).
fn nth_bit(mut bits: u128, k: u32) -> i64 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    i64::from(bits.trailing_zeros())
}

/// Draws from a mask laid out game by game (`actions` bytes per game):
/// `draw(counts)` replaces each game's number of legal actions (when not 0)
/// by a number below it, the rank of the game's action among its legal
/// ones; -1 for a game with none.
pub fn by_game(mask: &[u8], actions: usize, draw: impl FnOnce(&mut [u32]), out: &mut [i64]) {
    let rows = mask.chunks_exact(actions);
    if actions <= 128 {
        let legal: Vec<u128> = rows.map(bits).collect();
        let mut ranks: Vec<u32> = legal.iter().map(|bits| bits.count_ones()).collect();
        draw(&mut ranks);
        for ((&bits, &rank), action) in legal.iter().zip(&ranks).zip(out) {
            *action = if bits == 0 {
                NO_ACTION
            } else {
                nth_bit(bits, rank)
            };
        }
    } else {
        let mut ranks: Vec<u32> = rows.clone().map(|row| count(row) as u32).collect();
        let empty: Vec<bool> = ranks.iter().map(|&count| count == 0).collect();
        draw(&mut ranks);
        for (((row, &rank), &empty), action) in rows.zip(&ranks).zip(&empty).zip(out) {
            *action = if empty {
                NO_ACTION
            } else {
                nth(row, rank as usize) as i64
            };
        }
    }
}

/// Draws from a mask laid out action by action (`games` bytes per action),
/// as [`by_game`]: a column at a time, every game together.
pub fn by_action(mask: &[u8], games: usize, draw: impl FnOnce(&mut [u32]), out: &mut [i64]) {
    let mut left = vec![0u32; games];
    for column in mask.chunks_exact(games) {
        for (total, &byte) in left.iter_mut().zip(column) {
            *total += u32::from(byte);
        }
    }
    let empty: Vec<bool> = left.iter().map(|&count| count == 0).collect();
    draw(&mut left);
    // From here, how many more legal actions to pass before the drawn one:
    // the action where it is 0 on a legal action is the draw (and it wraps
    // below 0 after, never 0 again); u32::MAX for a game with none.
    for ((left, action), &empty) in left.iter_mut().zip(out.iter_mut()).zip(&empty) {
        *action = NO_ACTION;
        if empty {
            *left = u32::MAX;
        }
    }
    for (number, column) in mask.chunks_exact(games).enumerate() {
        for ((left, action), &byte) in left.iter_mut().zip(out.iter_mut()).zip(column) {
            if byte != 0 && *left == 0 {
                *action = number as i64;
            }
            *left = left.wrapping_sub(u32::from(byte));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_layouts_draw_the_same_ranks() {
        let rows: [&[u8]; 3] = [&[0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 1], &[0; 11], &[1; 11]];
        let mut by_rows = Vec::new();
        for row in rows {
            by_rows.extend_from_slice(row);
        }
        let mut by_columns = vec![0u8; 33];
        for (game, row) in rows.iter().enumerate() {
            for (action, &byte) in row.iter().enumerate() {
                by_columns[action * 3 + game] = byte;
            }
        }
        for rank in 0..5u32 {
            let draw = |counts: &mut [u32]| {
                for count in counts.iter_mut().filter(|count| **count > 0) {
                    *count = rank % *count;
                }
            };
            let (mut a, mut b) = ([0i64; 3], [0i64; 3]);
            by_game(&by_rows, 11, draw, &mut a);
            by_action(&by_columns, 3, draw, &mut b);
            assert_eq!(a, b);
            assert_eq!(a[0], [1, 3, 4, 9, 10][rank as usize]);
            assert_eq!(a[1], NO_ACTION);
            assert_eq!(a[2], i64::from(rank));
            // Wider than 128 actions: counted and found byte by byte.
            let wide: Vec<u8> = by_rows
                .chunks(11)
                .flat_map(|row| [row, &[0; 140]].concat())
                .collect();
            let mut c = [0i64; 3];
            by_game(&wide, 151, draw, &mut c);
            assert_eq!(a, c);
        }
    }
}
