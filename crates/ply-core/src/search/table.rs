//! The search's transposition table: results of earlier searches by position
//! hash, shared by all threads without locks.
//!
//! Each slot is two 64-bit words, the key XORed with the data and the data, so
//! that a slot torn by two threads writing at once fails its check instead of
//! giving another position's result. Four slots make a bucket (one cache line);
//! a new result replaces the same position, else the least useful slot: the
//! shallowest, counting older searches' results as shallower.

use crate::score::Score;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (no move reached alpha).
    Upper,
    /// The true value is at least the score (a move reached beta).
    Lower,
    /// The score is exact.
    Exact,
}

/// A result read from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move, packed by [`Searchable::pack_move`](super::Searchable::pack_move).
    pub packed_move: Option<u16>,
    /// The score, counted from the node (see [`Score::to_table`]).
    pub score: Score,
    /// The static evaluation of the position.
    pub eval: Score,
    /// The depth searched.
    pub depth: u8,
    /// What the score means.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

// SAFETY: two atomic integers; all zero is the empty slot.
unsafe impl crate::zeroed::Zeroable for Slot {}

const SLOTS_PER_BUCKET: usize = 4;

/// The bytes of a cache line, which a bucket fills.
const CACHE_LINE: usize = 64;

/// A transposition table of a given size in MiB.
pub struct TranspositionTable {
    /// The buckets' slots, from `first` on; the slots before `first` (fewer
    /// than a bucket) only align the buckets with cache lines.
    slots: Vec<Slot>,
    /// The first slot of the first bucket: the first slot on a cache line.
    first: usize,
    buckets: u64,
    age: AtomicU8,
}

/// The first slot of `slots` that starts a cache line (the allocator aligns
/// a large table to 16 bytes only, which would split every bucket over two
/// lines).
fn first_aligned(slots: &[Slot]) -> usize {
    let misalignment = slots.as_ptr() as usize % CACHE_LINE;
    (CACHE_LINE - misalignment) % CACHE_LINE / size_of::<Slot>()
}

impl Bound {
    /// The bound of a node's result `best` searched in the window from
    /// `alpha` (before any move raised it) to `beta`.
    #[must_use]
    pub fn of(best: Score, alpha: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Entry {
    /// The stored score, `ply` plies from the root, where its bound settles
    /// the window from `alpha` to `beta` (no search can do better there);
    /// `None` where it does not.
    #[must_use]
    pub fn settles(&self, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let score = self.score.from_table(ply);
        let settled = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settled.then_some(score)
    }

    fn pack(self, age: u8) -> u64 {
        let bound = match self.bound {
            Bound::Upper => 1u64,
            Bound::Lower => 2,
            Bound::Exact => 3,
        };
        u64::from(self.packed_move.unwrap_or(0))
            | u64::from(self.score.0 as i16 as u16) << 16
            | u64::from(self.eval.0 as i16 as u16) << 32
            | u64::from(self.depth) << DEPTH_SHIFT
            | bound << 56
            | u64::from(age & 63) << AGE_SHIFT
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match data >> 56 & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        let packed = data as u16;
        Some(Entry {
            packed_move: (packed != 0).then_some(packed),
            score: Score(i32::from((data >> 16) as u16 as i16)),
            eval: Score(i32::from((data >> 32) as u16 as i16)),
            depth: (data >> DEPTH_SHIFT) as u8,
            bound,
        })
    }
}

/// Where the depth and the age sit in a slot's data word (the packed move,
/// score and evaluation take the low 48 bits, the bound two bits at 56).
const DEPTH_SHIFT: u32 = 48;
const AGE_SHIFT: u32 = 58;

fn age_of(data: u64) -> u8 {
    (data >> AGE_SHIFT & 63) as u8
}

impl TranspositionTable {
    /// A table of `megabytes` MiB (at least one bucket).
    ///
    /// # Panics
    /// If the memory cannot be allocated; use [`TranspositionTable::try_new`]
    /// to handle that.
    #[must_use]
    pub fn new(megabytes: usize) -> TranspositionTable {
        Self::try_new(megabytes).expect("transposition table allocation")
    }

    /// A table of `megabytes` MiB, or `None` if the memory cannot be had.
    #[must_use]
    pub fn try_new(megabytes: usize) -> Option<TranspositionTable> {
        let bytes = megabytes.checked_mul(1 << 20)?;
        let buckets = (bytes / (SLOTS_PER_BUCKET * size_of::<Slot>())).max(1);
        // One bucket more, for the alignment.
        let slots = crate::zeroed::zeroed_vec((buckets + 1) * SLOTS_PER_BUCKET)?;
        Some(TranspositionTable {
            first: first_aligned(&slots),
            slots,
            buckets: buckets as u64,
            age: AtomicU8::new(0),
        })
    }

    /// The size in MiB.
    #[must_use]
    pub fn megabytes(&self) -> usize {
        (self.buckets as usize * SLOTS_PER_BUCKET * size_of::<Slot>()) >> 20
    }

    /// Forgets everything. The slots are replaced by fresh zeroed memory
    /// when it can be had, so that clearing a large table touches none of it
    /// (writing zeros into a 64 GiB table, as `ucinewgame` after the largest
    /// `Hash` did, made the process commit all of it); otherwise they are
    /// zeroed one by one.
    pub fn clear(&mut self) {
        match crate::zeroed::zeroed_vec(self.slots.len()) {
            Some(fresh) => {
                self.first = first_aligned(&fresh);
                self.slots = fresh;
            }
            None => self.slots.fill_with(Slot::default),
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older results lose priority.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let index = ((u128::from(key) * u128::from(self.buckets)) >> 64) as usize;
        let start = self.first + index * SLOTS_PER_BUCKET;
        &self.slots[start..start + SLOTS_PER_BUCKET]
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a
    /// [`probe`](Self::probe) soon after does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint, valid for any address (this
            // one is in the table); SSE, which it needs, is part of every
            // x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The stored result for `key`, if any.
    #[must_use]
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            if slot.check.load(Ordering::Relaxed) ^ data == key {
                Entry::unpack(data)
            } else {
                None
            }
        })
    }

    /// Stores a result for `key`. A result without a best move keeps the one
    /// stored for the same position.
    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let bucket = self.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_value = i32::MAX;
        for slot in bucket {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key {
                if entry.packed_move.is_none()
                    && let Some(old) = Entry::unpack(data)
                {
                    entry.packed_move = old.packed_move;
                }
                victim = slot;
                break;
            }
            let stale = i32::from(age.wrapping_sub(age_of(data)) & 63);
            let value = if data == 0 {
                i32::MIN
            } else {
                i32::from((data >> DEPTH_SHIFT) as u8) - 8 * stale
            };
            if value < victim_value {
                victim_value = value;
                victim = slot;
            }
        }
        let data = entry.pack(age);
        victim.check.store(key ^ data, Ordering::Relaxed);
        victim.data.store(data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots used by the current search (UCI hashfull).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let slots = &self.slots[self.first..];
        let sample = slots.len().min(1000);
        let used = slots[..sample]
            .iter()
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                data != 0 && age_of(data) == age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(depth: u8, score: i32) -> Entry {
        Entry {
            packed_move: Some(0xBEEF),
            score: Score(score),
            eval: Score(-12),
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn buckets_start_on_cache_lines() {
        for megabytes in [1, 3] {
            let mut table = TranspositionTable::new(megabytes);
            assert_eq!(table.megabytes(), megabytes);
            for round in 0..2 {
                for key in [0, 1, u64::MAX, 0x9E37_79B9_7F4A_7C15] {
                    let bucket = table.bucket(key);
                    assert_eq!(bucket.as_ptr() as usize % CACHE_LINE, 0, "{key} {round}");
                    assert_eq!(bucket.len(), SLOTS_PER_BUCKET);
                }
                table.clear();
            }
        }
    }

    #[test]
    fn stores_and_finds_entries() {
        let table = TranspositionTable::new(1);
        assert_eq!(table.probe(99), None);
        table.store(99, entry(5, -250));
        assert_eq!(table.probe(99), Some(entry(5, -250)));
        let mate = Entry {
            score: Score::won_at(3),
            bound: Bound::Exact,
            packed_move: None,
            ..entry(9, 0)
        };
        table.store(99, mate);
        let found = table.probe(99).unwrap();
        assert_eq!(found.score, Score::won_at(3));
        assert_eq!(found.packed_move, Some(0xBEEF), "the old best move is kept");
    }

    #[test]
    fn full_buckets_keep_the_deepest_results() {
        let table = TranspositionTable::new(1);
        // Keys in one bucket: the index uses the high bits of key * buckets.
        let step = u64::MAX / table.buckets + 1;
        let keys: Vec<u64> = (0..6).map(|i| 5 * step + i).collect();
        assert!(
            keys.iter()
                .all(|&k| std::ptr::eq(table.bucket(k), table.bucket(keys[0])))
        );
        for (i, &key) in keys.iter().enumerate() {
            table.store(key, entry(10 + i as u8, 0));
        }
        // Six results in four slots: the two shallowest are gone.
        assert_eq!(table.probe(keys[0]), None);
        assert_eq!(table.probe(keys[1]), None);
        assert!(keys[2..].iter().all(|&k| table.probe(k).is_some()));
        assert!(table.hashfull() > 0);
    }

    #[test]
    fn older_searches_give_way() {
        let table = TranspositionTable::new(1);
        let step = u64::MAX / table.buckets + 1;
        let keys: Vec<u64> = (0..5).map(|i| 9 * step + i).collect();
        for &key in &keys[..4] {
            table.store(key, entry(20, 0));
        }
        for _ in 0..4 {
            table.new_search();
        }
        table.store(keys[4], entry(2, 0));
        assert!(
            table.probe(keys[4]).is_some(),
            "a fresh shallow result beats stale deep ones"
        );
    }

    #[test]
    fn clear_forgets_everything() {
        let mut table = TranspositionTable::new(1);
        table.store(99, entry(5, -250));
        table.new_search();
        table.clear();
        assert_eq!(table.probe(99), None);
        assert_eq!(table.megabytes(), 1);
        assert_eq!(table.hashfull(), 0);
        table.store(99, entry(5, -250));
        assert_eq!(table.probe(99), Some(entry(5, -250)));
    }

    /// The resident memory of this process in KiB.
    #[cfg(target_os = "linux")]
    fn resident_kib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// Clearing a large table touches none of its memory. Found while looking
    /// into the `uci` fuzz target's slow inputs (`ucinewgame` took 130 ms)
    /// and confirmed through it: `setoption name Hash value 6000` then
    /// `ucinewgame` ran out of the fuzzer's 4 GiB (the largest `Hash`, 65536,
    /// would have committed 64 GiB).
    #[cfg(target_os = "linux")]
    #[test]
    fn clearing_a_large_table_costs_no_memory() {
        let Some(mut table) = TranspositionTable::try_new(2048) else {
            return; // no address space for it here
        };
        let before = resident_kib();
        table.clear();
        let grown = resident_kib().saturating_sub(before);
        assert!(
            grown < 512 * 1024,
            "clearing 2 GiB made {grown} KiB resident"
        );
        assert_eq!(table.probe(12345), None);
    }
}
