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

/// Every row's bits (as [`bits`]), with BMI2's `pext` gathering eight bytes'
/// low bits at once.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn all_bits_bmi2<'a>(rows: impl Iterator<Item = &'a [u8]>) -> Vec<u128> {
    use std::arch::x86_64::_pext_u64;
    rows.map(|row| {
        let mut bits = 0u128;
        let mut chunks = row.chunks_exact(8);
        for (k, chunk) in (&mut chunks).enumerate() {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            bits |= u128::from(_pext_u64(word, 0x0101_0101_0101_0101)) << (8 * k);
        }
        let done = row.len() - chunks.remainder().len();
        for (j, &byte) in chunks.remainder().iter().enumerate() {
            bits |= u128::from(byte & 1) << (done + j);
        }
        bits
    })
    .collect()
}

/// Every row's bits (as [`bits`]), with AVX2 gathering 32 bytes' low bits
/// at once (a shift puts each byte's bit 0 at its top, a `movemask` collects
/// the tops).
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn all_bits_avx2<'a>(rows: impl Iterator<Item = &'a [u8]>) -> Vec<u128> {
    use std::arch::x86_64::{__m256i, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_slli_epi16};
    let mut all = Vec::with_capacity(rows.size_hint().0);
    for row in rows {
        let mut words = [0u32; 4];
        let mut chunks = row.chunks_exact(32);
        for (word, chunk) in words.iter_mut().zip(&mut chunks) {
            // SAFETY: the chunk has 32 bytes.
            let bytes = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast::<__m256i>()) };
            *word = _mm256_movemask_epi8(_mm256_slli_epi16::<7>(bytes)) as u32;
        }
        let low = u64::from(words[0]) | u64::from(words[1]) << 32;
        let high = u64::from(words[2]) | u64::from(words[3]) << 32;
        let mut bits = u128::from(low) | u128::from(high) << 64;
        let done = row.len() - chunks.remainder().len();
        for (j, &byte) in chunks.remainder().iter().enumerate() {
            bits |= u128::from(byte & 1) << (done + j);
        }
        all.push(bits);
    }
    all
}

/// Every row's bits (as [`bits`]).
fn all_bits<'a>(rows: impl Iterator<Item = &'a [u8]>) -> Vec<u128> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked above).
        return unsafe { all_bits_avx2(rows) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has BMI2 (checked above).
        return unsafe { all_bits_bmi2(rows) };
    }
    rows.map(bits).collect()
}

/// The `k`-th (from 0) lowest set bit of `bits` (which has more than `k`),
/// clearing the lowest bit `k` times.
fn nth_bit(mut bits: u128, k: u32) -> i64 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    i64::from(bits.trailing_zeros())
}

/// [`nth_bit`] with BMI2's `pdep` (the `k`-th set bit of a half deposited
/// at once), with no loop to mispredict.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn nth_bit_bmi2(bits: u128, k: u32) -> i64 {
    use std::arch::x86_64::_pdep_u64;
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    let below = low.count_ones();
    if k < below {
        i64::from(_pdep_u64(1 << k, low).trailing_zeros())
    } else {
        64 + i64::from(_pdep_u64(1 << (k - below), high).trailing_zeros())
    }
}

/// The `k`-th (from 0) lowest set bit of `bits` (which has more than `k`):
/// with BMI2's `pdep` where the CPU has it, else clearing bits.
#[inline]
pub fn nth_set_bit(bits: u128, k: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        // SAFETY: the CPU has BMI2 (checked above).
        return unsafe { nth_bit_bmi2(bits, k) } as usize;
    }
    nth_bit(bits, k) as usize
}

/// Each game's action of rank `ranks[i]` among its legal ones (`legal[i]`
/// as bits), -1 for a game with none.
fn pick(legal: &[u128], ranks: &[u32], out: &mut [i64]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("bmi2") {
        for ((&bits, &rank), action) in legal.iter().zip(ranks).zip(out) {
            // SAFETY: the CPU has BMI2 (checked above).
            *action = if bits == 0 {
                NO_ACTION
            } else {
                unsafe { nth_bit_bmi2(bits, rank) }
            };
        }
        return;
    }
    for ((&bits, &rank), action) in legal.iter().zip(ranks).zip(out) {
        *action = if bits == 0 {
            NO_ACTION
        } else {
            nth_bit(bits, rank)
        };
    }
}

/// Draws from a mask laid out game by game (`actions` bytes per game):
/// `draw(counts)` replaces each game's number of legal actions (when not 0)
/// by a number below it, the rank of the game's action among its legal
/// ones; -1 for a game with none.
pub fn by_game(mask: &[u8], actions: usize, draw: impl FnOnce(&mut [u32]), out: &mut [i64]) {
    let rows = mask.chunks_exact(actions);
    if actions <= 128 {
        let legal = all_bits(rows);
        let mut ranks: Vec<u32> = legal.iter().map(|bits| bits.count_ones()).collect();
        draw(&mut ranks);
        pick(&legal, &ranks, out);
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
            let legal = [0b1011_0000u128 | 1 << 70 | 1 << 127, 0, 1];
            let mut d = [0i64; 3];
            for k in 0..5 {
                let mut e = [0i64; 3];
                for (i, bits) in legal.iter().enumerate() {
                    e[i] = if *bits == 0 {
                        NO_ACTION
                    } else {
                        nth_bit(*bits, k.min(bits.count_ones() - 1))
                    };
                }
                let ranks: Vec<u32> = legal
                    .iter()
                    .map(|b| k.min(b.count_ones().max(1) - 1))
                    .collect();
                pick(&legal, &ranks, &mut d);
                assert_eq!(d, e);
            }
            assert_eq!(nth_bit(legal[0], 4), 127);
            let rows: Vec<Vec<u8>> = (0..130u32)
                .map(|n| (0..129).map(|j| u8::from((j * 7 + n) % 5 == 0)).collect())
                .collect();
            let rows: Vec<&[u8]> = rows
                .iter()
                .map(|r| &r[..(r.len() - rows.len() % 3)])
                .collect();
            let expected: Vec<u128> = rows.iter().map(|r| bits(&r[..r.len().min(128)])).collect();
            let short: Vec<&[u8]> = rows.iter().map(|r| &r[..r.len().min(128)]).collect();
            assert_eq!(all_bits(short.iter().copied()), expected);
            let scalar: Vec<u128> = short.iter().map(|r| bits(r)).collect();
            assert_eq!(scalar, expected);
            #[cfg(target_arch = "x86_64")]
            {
                if std::arch::is_x86_feature_detected!("bmi2") {
                    // SAFETY: the CPU has BMI2 (checked above).
                    assert_eq!(unsafe { all_bits_bmi2(short.iter().copied()) }, expected);
                    for (i, &bits) in expected.iter().enumerate().filter(|(_, b)| **b != 0) {
                        let k = (i as u32 * 7) % bits.count_ones();
                        assert_eq!(nth_set_bit(bits, k) as i64, nth_bit(bits, k));
                    }
                }
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2 (checked above).
                    assert_eq!(unsafe { all_bits_avx2(short.iter().copied()) }, expected);
                }
            }
        }
    }
}
