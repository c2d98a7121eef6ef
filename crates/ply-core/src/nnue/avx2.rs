//! The output layer's dot products with AVX2: sixteen accumulator lanes an
//! instruction, clipped, multiplied and summed in pairs (`vpmaddwd`). The
//! sums are the portable ones' to the unit: integers, summed in `i32` over
//! blocks of 128 lanes and the blocks in `i64`, as there.

use std::arch::x86_64::*;

/// Lanes a block sums in `i32` (see `super::dot`).
const BLOCK: usize = 128;

/// The eight `i32` lanes of `v` summed.
#[target_feature(enable = "avx2")]
fn sum_lanes(v: __m256i) -> i32 {
    let half = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let eighth = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
    _mm_cvtsi128_si32(eighth)
}

/// `Σ pairs(clamp(a, 0, qa), w)` over `acc` and `weights`, where `pairs`
/// gives the `i32` pair sums of one block of sixteen lanes.
#[target_feature(enable = "avx2")]
fn dot(acc: &[i16], weights: &[i16], qa: i16, pairs: impl Fn(__m256i, __m256i) -> __m256i) -> i64 {
    debug_assert!(acc.len() == weights.len() && acc.len().is_multiple_of(16));
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(qa);
    let mut total = 0;
    for (a, w) in acc.chunks(BLOCK).zip(weights.chunks(BLOCK)) {
        let mut sum = _mm256_setzero_si256();
        for (a, w) in a.chunks_exact(16).zip(w.chunks_exact(16)) {
            // SAFETY: each chunk is 16 `i16`, 32 bytes; unaligned loads.
            let (a, w) = unsafe {
                (
                    _mm256_loadu_si256(a.as_ptr().cast()),
                    _mm256_loadu_si256(w.as_ptr().cast()),
                )
            };
            let clipped = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            sum = _mm256_add_epi32(sum, pairs(clipped, w));
        }
        total += i64::from(sum_lanes(sum));
    }
    total
}

/// `Σ clamp(a, 0, qa) * w` (`super::dot_crelu`). `acc` and `weights` are
/// of one length, a multiple of 16.
#[target_feature(enable = "avx2")]
pub fn dot_crelu(acc: &[i16], weights: &[i16], qa: i16) -> i64 {
    dot(acc, weights, qa, |c, w| _mm256_madd_epi16(c, w))
}

/// `Σ clamp(a, 0, qa)² * w` (`super::dot_screlu`): `clamp(a) * w` fits in
/// `i16` for the weights a file may hold, then a multiply-add by
/// `clamp(a)`. `acc` and `weights` are of one length, a multiple of 16.
#[target_feature(enable = "avx2")]
pub fn dot_screlu(acc: &[i16], weights: &[i16], qa: i16) -> i64 {
    dot(acc, weights, qa, |c, w| {
        _mm256_madd_epi16(_mm256_mullo_epi16(c, w), c)
    })
}
