//! A small cache of static evaluations by position, one per search thread
//! ([`Features::eval_cache`](super::Features)): where the evaluation costs
//! more than a probe of a table that fits in the processor's cache, a
//! position met again (a re-search, a transposition, the next iteration)
//! is not evaluated again.

use crate::score::Score;

/// Entries of an evaluation cache (a power of two).
const SLOTS: usize = 1 << 14;
/// The bits of a key that the slot's index stands for; an entry keeps the
/// score there, offset by [`OFFSET`].
const LOW_BITS: u64 = SLOTS as u64 - 1;
/// What makes a kept score non-negative: scores from -8192 to 8190 are kept
/// (the all-ones low bits mark an empty slot).
const OFFSET: i32 = SLOTS as i32 / 2;

/// Static evaluations by key, direct-mapped: the slot's index holds the
/// key's low bits and the entry its high bits and the score, so a hit
/// matches the whole 64-bit key.
pub(super) struct EvalCache {
    entries: Vec<u64>,
}

impl EvalCache {
    /// An empty cache.
    pub(super) fn new() -> Self {
        EvalCache {
            entries: vec![u64::MAX; SLOTS],
        }
    }

    /// The score kept for `key`, if any.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<Score> {
        let entry = self.entries[key as usize & (SLOTS - 1)];
        ((entry ^ key) & !LOW_BITS == 0 && entry & LOW_BITS != LOW_BITS)
            .then(|| Score((entry & LOW_BITS) as i32 - OFFSET))
    }

    /// Keeps `score` for `key` in place of what its slot held; a score
    /// beyond the kept range is not kept.
    #[inline]
    pub(super) fn put(&mut self, key: u64, score: Score) {
        let stored = score.0 + OFFSET;
        if (0..LOW_BITS as i32).contains(&stored) {
            self.entries[key as usize & (SLOTS - 1)] = (key & !LOW_BITS) | stored as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_score_comes_back_for_its_key_alone() {
        let mut cache = EvalCache::new();
        let key = 0x0123_4567_89AB_CDEF_u64;
        for score in [-8192, -8191, -1, 0, 1, 300, 8189, 8190] {
            cache.put(key, Score(score));
            assert_eq!(cache.get(key), Some(Score(score)), "{score}");
            // Any other key, whether of the same slot or not, misses.
            for bit in 0..64 {
                assert_eq!(cache.get(key ^ (1 << bit)), None, "{score} bit {bit}");
            }
        }
    }

    #[test]
    fn scores_out_of_range_and_empty_slots_are_misses() {
        let mut cache = EvalCache::new();
        for key in [0, u64::MAX, LOW_BITS, !LOW_BITS, 12_345] {
            assert_eq!(cache.get(key), None, "{key:#x}");
        }
        for score in [8191, 8192, 20_000, -8193, -29_000] {
            cache.put(77, Score(score));
            assert_eq!(cache.get(77), None, "{score}");
        }
        // The newer score of a slot replaces the older one.
        cache.put(77, Score(5));
        cache.put(77 + (1 << 20), Score(6));
        assert_eq!(cache.get(77), None);
        assert_eq!(cache.get(77 + (1 << 20)), Some(Score(6)));
    }
}
