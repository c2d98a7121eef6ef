//! The buffers a reset or step fills, and the fast ways to fill them:
//! bits spread to bytes by arithmetic or to floats by table, and masks laid out action by
//! action written a block of environments at a time.

/// The observation buffer, `PLANES * 64` values per environment, in the
/// number type the caller chose.
pub enum Planes<'a> {
    /// Floats (the default).
    F32(&'a mut [f32]),
    /// Bytes, for games whose planes hold only 0 and 1: a quarter of the
    /// memory to write and read.
    U8(&'a mut [u8]),
}

/// The buffers one call fills, one entry (or row) per environment.
pub struct Outputs<'a> {
    /// Observations.
    pub obs: Planes<'a>,
    /// Legal actions (1, else 0: NumPy's bools as bytes), `ACTIONS` per
    /// environment: row by row (environment `i`'s action `a` at
    /// `i * ACTIONS + a`), or action by action when `mask_by_action` (at
    /// `a * num_envs + i`).
    pub mask: &'a mut [u8],
    /// Whether the mask is laid out action by action.
    pub mask_by_action: bool,
    /// Whether the buffers are new (uninitialised): every entry must be
    /// written, none read (the mask cleared whole, not only where the last
    /// call marked it).
    pub fresh: bool,
    /// The reward of the step for the player who chose the action.
    pub reward: &'a mut [f32],
    /// Whether the game ended by the rules with this step.
    pub terminated: &'a mut [bool],
    /// Whether the game was cut at the step limit with this step.
    pub truncated: &'a mut [bool],
    /// The side to move in the new observation (0 first, 1 second).
    pub to_play: &'a mut [i8],
}

/// One environment's row of the mask buffer, wherever its entries lie.
pub struct MaskRow<'a> {
    /// The buffer (or the row).
    data: &'a mut [u8],
    /// Where action 0 is.
    start: usize,
    /// How far apart consecutive actions are.
    stride: usize,
}

impl<'a> MaskRow<'a> {
    /// Environment `index`'s row of `mask` (`actions` per environment, laid
    /// out action by action when `by_action`; see [`Outputs::mask`]).
    pub fn of(mask: &'a mut [u8], by_action: bool, index: usize, actions: usize) -> Self {
        if by_action {
            let stride = mask.len() / actions;
            MaskRow {
                data: mask,
                start: index,
                stride,
            }
        } else {
            MaskRow {
                data: &mut mask[index * actions..][..actions],
                start: 0,
                stride: 1,
            }
        }
    }

    /// Marks `action` legal or not.
    pub fn set(&mut self, action: usize, legal: bool) {
        self.data[self.start + action * self.stride] = u8::from(legal);
    }

    /// Writes the first `actions` entries from `bits` (bit `a`: action `a`).
    pub fn write_bits(&mut self, bits: u128, actions: usize) {
        if self.stride == 1 {
            spread_to_bytes(&mut self.data[self.start..][..actions], bits);
        } else {
            for action in 0..actions {
                self.set(action, (bits >> action) & 1 != 0);
            }
        }
    }

    /// Marks the first `actions` actions illegal.
    pub fn clear(&mut self, actions: usize) {
        if self.stride == 1 {
            self.data[self.start..][..actions].fill(0);
        } else {
            for action in 0..actions {
                self.set(action, false);
            }
        }
    }
}

/// Writes one observation of `values` floats into environment `index`'s
/// place in `obs`, through `scratch` when `obs` holds bytes (the planes are
/// then binary: see [`Glue::BINARY_PLANES`](crate::glue::Glue::BINARY_PLANES)).
pub fn write_obs(
    obs: &mut Planes<'_>,
    index: usize,
    scratch: &mut Vec<f32>,
    values: usize,
    fill: impl FnOnce(&mut [f32]),
) {
    match obs {
        Planes::F32(obs) => fill(&mut obs[index * values..][..values]),
        Planes::U8(obs) => {
            scratch.resize(values, 0.0);
            fill(scratch);
            for (byte, &value) in obs[index * values..][..values]
                .iter_mut()
                .zip(scratch.iter())
            {
                *byte = u8::from(value != 0.0);
            }
        }
    }
}

/// The bits of `byte` spread to the bytes of a `u64` (little-endian: bit
/// `j` to byte `j`), 0 or 1 each, by arithmetic (a table would be read by a
/// slow vector gather): `byte` copied into every byte, byte `j` keeping
/// only bit `j`, then each byte that is not 0 made 1 (adding 0x7f sets its
/// top bit, without a carry into the next byte).
fn spread_byte(byte: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let kept = (u64::from(byte) * ONES) & 0x8040_2010_0804_0201;
    ((kept + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080) >> 7
}

/// Each byte's bits as eight floats, 0.0 or 1.0 each.
static FLOAT_SPREAD: [[f32; 8]; 256] = {
    let mut table = [[0.0f32; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte][bit] = 1.0;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Writes the first `out.len()` (at most 128) bits of `bits` as bytes, 0
/// or 1 each: with AVX2 where the CPU has it (32 bytes at a time), else by
/// arithmetic on 64-bit halves.
#[inline]
pub fn spread_to_bytes(out: &mut [u8], bits: u128) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked above).
        unsafe { spread_to_bytes_avx2(out, bits) };
        return;
    }
    spread_to_bytes_scalar(out, bits);
}

/// [`spread_to_bytes`] by arithmetic on 64-bit halves.
fn spread_to_bytes_scalar(out: &mut [u8], bits: u128) {
    let (low, high) = out.split_at_mut(out.len().min(64));
    spread64(low, bits as u64);
    spread64(high, (bits >> 64) as u64);
}

/// [`spread_to_bytes`] with AVX2: each 32 bits broadcast, each byte given
/// its bit's byte by a shuffle, masked to its own bit and made 0 or 1 by
/// an unsigned minimum with 1 (five instructions for 32 bytes, where the
/// arithmetic takes about twenty).
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn spread_to_bytes_avx2(out: &mut [u8], bits: u128) {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_min_epu8, _mm256_set1_epi8, _mm256_set1_epi32,
        _mm256_set1_epi64x, _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_storeu_si256,
    };
    let spread = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let own_bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
    let one = _mm256_set1_epi8(1);
    let whole = out.len().min(128) / 32;
    for k in 0..whole {
        let word = (bits >> (32 * k)) as u32;
        let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(word as i32), spread);
        let bytes = _mm256_min_epu8(_mm256_and_si256(bytes, own_bit), one);
        // SAFETY: out has 32 bytes from 32 * k (k < out.len() / 32).
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().add(32 * k).cast::<__m256i>(), bytes) };
    }
    // The rest (Othello's pass action, say) a byte at a time.
    for (j, byte) in out.iter_mut().enumerate().skip(whole * 32) {
        *byte = ((bits >> j) & 1) as u8;
    }
}

/// Writes the first `out.len()` (at most 64) bits of `bits` as bytes, 0 or
/// 1 each (on 64-bit halves: shifts of a `u128` cost more).
fn spread64(out: &mut [u8], bits: u64) {
    let done = out.len() / 8 * 8;
    let mut chunks = out.chunks_exact_mut(8);
    for (k, chunk) in (&mut chunks).enumerate() {
        chunk.copy_from_slice(&spread_byte((bits >> (8 * k)) as u8).to_le_bytes());
    }
    for (j, byte) in chunks.into_remainder().iter_mut().enumerate() {
        *byte = ((bits >> (done + j)) & 1) as u8;
    }
}

/// Writes the 64 bits of `board` as floats, 0.0 or 1.0 each.
pub fn spread_to_floats(out: &mut [f32], board: u64) {
    for (k, chunk) in out[..64].chunks_exact_mut(8).enumerate() {
        chunk.copy_from_slice(&FLOAT_SPREAD[usize::from((board >> (8 * k)) as u8)]);
    }
}

/// Writes a mask laid out action by action (`mask[a * n + i]` for
/// environment `i` of `n = bits.len()`) from each environment's legal
/// actions as bits. A block of environments at a time: their bits split
/// into halves of 64, then each action's stretch of the row written from
/// one half in a loop the compiler vectorises (writing environment by
/// environment would touch a cache line per action for each, lines a power
/// of two apart).
pub fn write_mask_by_action(bits: &[u128], actions: usize, mask: &mut [u8]) {
    const BLOCK: usize = 256;
    let n = bits.len();
    let (mut low, mut high) = ([0u64; BLOCK], [0u64; BLOCK]);
    for start in (0..n).step_by(BLOCK) {
        let block = &bits[start..n.min(start + BLOCK)];
        let len = block.len();
        for ((low, high), &legal) in low.iter_mut().zip(&mut high).zip(block) {
            (*low, *high) = (legal as u64, (legal >> 64) as u64);
        }
        for action in 0..actions {
            let row = &mut mask[action * n + start..][..len];
            let (half, shift) = if action < 64 {
                (&low, action)
            } else {
                (&high, action - 64)
            };
            for (byte, &legal) in row.iter_mut().zip(&half[..len]) {
                *byte = ((legal >> shift) & 1) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_of_spreading_bits_writes_the_same_bytes() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..200 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let bits = u128::from(state) << 64 | u128::from(state.rotate_left(17) ^ round);
            for len in 0..=128usize {
                let expected: Vec<u8> = (0..len).map(|j| ((bits >> j) & 1) as u8).collect();
                let mut out = vec![7u8; len];
                spread_to_bytes_scalar(&mut out, bits);
                assert_eq!(out, expected, "scalar, {len} bytes");
                let mut out = vec![7u8; len];
                spread_to_bytes(&mut out, bits);
                assert_eq!(out, expected, "dispatched, {len} bytes");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("avx2") {
                    let mut out = vec![7u8; len];
                    // SAFETY: the CPU has AVX2 (checked above).
                    unsafe { spread_to_bytes_avx2(&mut out, bits) };
                    assert_eq!(out, expected, "AVX2, {len} bytes");
                }
            }
        }
    }
}
