//! A transposition table for perft: subtree leaf counts keyed by position hash
//! and depth, shared between threads without locks.

use std::sync::atomic::{AtomicU64, Ordering};

/// One cached count. `check` holds `key ^ data` so that a slot torn by two
/// threads writing at once fails verification instead of giving a wrong count.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

// SAFETY: two atomic integers; all zero is the empty slot.
unsafe impl crate::zeroed::Zeroable for Slot {}

/// Bits of `data` holding the leaf count; the depth sits above them.
const COUNT_BITS: u32 = 56;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;

/// Slots per bucket: one kept for the deepest subtree seen, one always replaced.
const BUCKET: usize = 2;

/// Leaf counts of subtrees, looked up by (position hash, depth).
pub struct CountTable {
    slots: Vec<Slot>,
    bucket_mask: usize,
}

impl CountTable {
    /// A table of at most `megabytes` MiB (rounded down to a power of two
    /// buckets), or `None` if the memory cannot be had.
    #[must_use]
    pub fn new(megabytes: usize) -> Option<Self> {
        let bytes = megabytes.checked_mul(1 << 20)?;
        let bucket_bytes = BUCKET * size_of::<Slot>();
        let buckets = (bytes / bucket_bytes).max(1);
        let buckets = 1usize << buckets.ilog2();
        let slots = crate::zeroed::zeroed_vec(buckets * BUCKET)?;
        Some(CountTable {
            slots,
            bucket_mask: buckets - 1,
        })
    }

    /// Mixes the depth into the position hash so that one position at two
    /// depths gives two keys.
    fn key(hash: u64, depth: u32) -> u64 {
        hash ^ u64::from(depth)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(17)
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let first = (key as usize & self.bucket_mask) * BUCKET;
        &self.slots[first..first + BUCKET]
    }

    /// The count stored for `hash` at `depth`, if any.
    #[must_use]
    pub fn probe(&self, hash: u64, depth: u32) -> Option<u64> {
        let key = Self::key(hash, depth);
        self.bucket(key).iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            (slot.check.load(Ordering::Relaxed) ^ data == key).then_some(data & COUNT_MASK)
        })
    }

    /// Stores `nodes` for `hash` at `depth`. The first slot of the bucket keeps
    /// the deepest subtree, the second takes whatever does not go there.
    pub fn store(&self, hash: u64, depth: u32, nodes: u64) {
        debug_assert!(nodes <= COUNT_MASK, "leaf count too large for the table");
        let key = Self::key(hash, depth);
        let data = (u64::from(depth) << COUNT_BITS) | (nodes & COUNT_MASK);
        let bucket = self.bucket(key);
        let kept_depth = bucket[0].data.load(Ordering::Relaxed) >> COUNT_BITS;
        let slot = if u64::from(depth) >= kept_depth {
            &bucket[0]
        } else {
            &bucket[1]
        };
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_hash_and_depth() {
        let table = CountTable::new(1).unwrap();
        assert_eq!(table.probe(42, 3), None);
        table.store(42, 3, 1234);
        assert_eq!(table.probe(42, 3), Some(1234));
        assert_eq!(table.probe(42, 4), None);
        assert_eq!(table.probe(43, 3), None);
    }

    #[test]
    fn deeper_entries_survive_shallower_ones() {
        let table = CountTable::new(1).unwrap();
        let buckets = table.bucket_mask as u64 + 1;
        // Three hashes landing in one bucket (the depth changes the bucket, so
        // look for hashes whose mixed keys collide).
        let depth_key = |h: u64, d: u32| CountTable::key(h, d) & (buckets - 1);
        let target = depth_key(1, 9);
        let mut same_bucket = (2..).filter(|&h| depth_key(h, 2) == target);
        let (a, b) = (same_bucket.next().unwrap(), same_bucket.next().unwrap());
        table.store(1, 9, 900);
        table.store(a, 2, 20);
        table.store(b, 2, 21);
        assert_eq!(table.probe(1, 9), Some(900));
        assert_eq!(table.probe(b, 2), Some(21));
        assert_eq!(table.probe(a, 2), None);
    }

    #[test]
    fn huge_sizes_are_refused_not_aborted() {
        assert!(CountTable::new(usize::MAX).is_none());
    }
}
