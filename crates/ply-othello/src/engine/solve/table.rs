//! The transposition table: what earlier searches proved about a position.
//!
//! An entry holds the whole position (both bitboards, so a hit is never a
//! collision), a lower and an upper bound on its exact score, and the best move
//! found. In an endgame solver a position's depth is its number of empty
//! squares, so a bound stays true for ever: entries never go stale, they only
//! compete for room. Buckets of two entries; a new position replaces the entry
//! that cost less to find (fewer empties), preferring entries of older searches.

use super::{MAX_SCORE, MIN_SCORE};

/// No move stored.
pub const NO_MOVE: u8 = 255;

/// The precision of proved bounds; selective searches store less.
pub const EXACT: u8 = u8::MAX;

/// One stored position.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
    empties: u8,
    generation: u8,
    /// How trustworthy the bounds are: [`EXACT`] for a proof, lower for a
    /// selective search's (see [`Table::probe`]).
    precision: u8,
}

// SAFETY: integers only; all zero is `Entry::EMPTY`.
unsafe impl ply_core::zeroed::Zeroable for Entry {}

impl Entry {
    /// An unused entry: all zeros (no position has no discs), so that a new
    /// table can come straight from zeroed memory.
    const EMPTY: Entry = Entry {
        player: 0,
        opponent: 0,
        lower: 0,
        upper: 0,
        best: 0,
        empties: 0,
        generation: 0,
        precision: 0,
    };

    /// A fresh entry for a position: nothing known yet.
    const fn new(player: u64, opponent: u64, empties: u8) -> Entry {
        Entry {
            player,
            opponent,
            lower: MIN_SCORE as i8,
            upper: MAX_SCORE as i8,
            best: NO_MOVE,
            empties,
            generation: 0,
            precision: EXACT,
        }
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best move found (a square index), or [`NO_MOVE`].
    pub best: u8,
}

/// A fixed-size table of positions with bounds on their scores.
pub struct Table {
    entries: Vec<Entry>,
    /// Number of buckets (two entries each).
    buckets: u64,
    generation: u8,
}

/// The size of one entry in bytes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket).
    ///
    /// # Errors
    /// The size as given if the memory cannot be had.
    pub fn new(megabytes: usize) -> Result<Table, usize> {
        let bytes = megabytes.checked_mul(1 << 20).ok_or(megabytes)?;
        let buckets = (bytes / (2 * ENTRY_BYTES)).max(1);
        let entries = zeroed_entries(2 * buckets).ok_or(megabytes)?;
        Ok(Table {
            entries,
            buckets: buckets as u64,
            generation: 0,
        })
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search: entries stored from now on are kept in
    /// preference to older ones.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The first entry of the position's bucket.
    #[inline(always)]
    fn bucket(&self, player: u64, opponent: u64) -> usize {
        let hash = (player ^ opponent.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        // Map the hash onto 0..buckets by a multiply (no power of two needed).
        2 * ((u128::from(hash) * u128::from(self.buckets)) >> 64) as usize
    }

    /// Asks the processor to bring the position's bucket into the cache, ahead
    /// of a [`probe`](Self::probe) or [`store`](Self::store).
    #[inline(always)]
    pub fn prefetch(&self, player: u64, opponent: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let index = self.bucket(player, opponent);
            let pointer = self.entries[index..].as_ptr().cast::<i8>();
            // SAFETY: prefetching is a hint that never faults; the pointer is
            // inside the entries vector.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(pointer);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (player, opponent);
    }

    /// What is stored about the position, if anything. Bounds are given
    /// only to a search of `precision` or lower (an exact search, of
    /// [`EXACT`] precision, sees only the best move of a selective search's
    /// entry, with the widest bounds).
    #[inline]
    pub fn probe(&self, player: u64, opponent: u64, precision: u8) -> Option<Stored> {
        let index = self.bucket(player, opponent);
        for entry in &self.entries[index..index + 2] {
            if entry.player == player && entry.opponent == opponent {
                if entry.precision < precision {
                    return Some(Stored {
                        lower: MIN_SCORE,
                        upper: MAX_SCORE,
                        best: entry.best,
                    });
                }
                return Some(Stored {
                    lower: i32::from(entry.lower),
                    upper: i32::from(entry.upper),
                    best: entry.best,
                });
            }
        }
        None
    }

    /// Records that a search of the position with `empties` empty squares and
    /// the window `(alpha, beta)` returned `score` (fail-soft), with `best` the
    /// best move found (or [`NO_MOVE`]), at `precision` ([`EXACT`] unless
    /// the result may rest on probable cut-offs). More precise bounds
    /// replace less precise ones; less precise ones leave more precise ones
    /// alone (only the best move is kept).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        player: u64,
        opponent: u64,
        empties: u32,
        (alpha, beta): (i32, i32),
        score: i32,
        best: u8,
        precision: u8,
    ) {
        let index = self.bucket(player, opponent);
        let generation = self.generation;
        let [first, second] = &mut self.entries[index..index + 2] else {
            unreachable!("buckets hold two entries")
        };
        let entry = if first.player == player && first.opponent == opponent {
            first
        } else if second.player == player && second.opponent == opponent {
            second
        } else {
            // Replace the entry of an older search, else the cheaper one.
            let keep_first = (first.generation == generation, first.empties)
                >= (second.generation == generation, second.empties);
            let entry = if keep_first { second } else { first };
            *entry = Entry::new(player, opponent, empties as u8);
            entry.precision = precision;
            entry
        };
        if entry.precision != precision {
            if entry.precision > precision {
                // Exact bounds stay; the selective result only suggests a move.
                if best != NO_MOVE {
                    entry.best = best;
                }
                entry.generation = generation;
                return;
            }
            entry.precision = precision;
            entry.lower = MIN_SCORE as i8;
            entry.upper = MAX_SCORE as i8;
        }
        // Tighten the bounds the result proves. Selective bounds are guesses
        // that may contradict each other: the newer one wins.
        let score8 = score as i8;
        if score < beta && score8 < entry.upper {
            entry.upper = score8;
            if entry.lower > score8 {
                debug_assert!(precision < EXACT, "inconsistent exact bounds");
                entry.lower = MIN_SCORE as i8;
            }
        }
        if score > alpha && score8 > entry.lower {
            entry.lower = score8;
            if entry.upper < score8 {
                debug_assert!(precision < EXACT, "inconsistent exact bounds");
                entry.upper = MAX_SCORE as i8;
            }
        }
        if best != NO_MOVE {
            entry.best = best;
        }
        entry.generation = generation;
    }
}

/// `count` empty entries from zeroed memory (no cost until they are used),
/// asked to be backed by huge pages.
fn zeroed_entries(count: usize) -> Option<Vec<Entry>> {
    // Backed by huge pages where Linux allows (see `zeroed_vec`).
    ply_core::zeroed::zeroed_vec::<Entry>(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_accumulate_and_positions_never_collide() {
        let mut table = Table::new(1).unwrap();
        assert_eq!(table.probe(1, 2, EXACT), None);
        table.store(1, 2, 10, (-5, 5), 8, 19, EXACT);
        assert_eq!(
            table.probe(1, 2, EXACT),
            Some(Stored {
                lower: 8,
                upper: MAX_SCORE,
                best: 19
            })
        );
        table.store(1, 2, 10, (9, 10), 9, NO_MOVE, EXACT);
        assert_eq!(
            table.probe(1, 2, EXACT),
            Some(Stored {
                lower: 8,
                upper: 9,
                best: 19
            })
        );
        table.store(1, 2, 10, (-64, 64), 9, 20, EXACT);
        assert_eq!(
            table.probe(1, 2, EXACT),
            Some(Stored {
                lower: 9,
                upper: 9,
                best: 20
            })
        );
        assert_eq!(table.probe(2, 1, EXACT), None, "the side to move matters");
        table.clear();
        assert_eq!(table.probe(1, 2, EXACT), None);
    }

    #[test]
    fn selective_bounds_serve_only_selective_searches() {
        let mut table = Table::new(1).unwrap();
        table.store(1, 2, 20, (4, 5), 7, 19, 1);
        let any = |lower, upper, best| Some(Stored { lower, upper, best });
        assert_eq!(table.probe(1, 2, 1), any(7, MAX_SCORE, 19));
        assert_eq!(table.probe(1, 2, EXACT), any(MIN_SCORE, MAX_SCORE, 19));
        // An exact result replaces the selective bounds ...
        table.store(1, 2, 20, (2, 3), 2, 21, EXACT);
        assert_eq!(table.probe(1, 2, EXACT), any(MIN_SCORE, 2, 21));
        // ... which a selective one then leaves alone, but for the move.
        table.store(1, 2, 20, (4, 5), 9, 22, 1);
        assert_eq!(table.probe(1, 2, 1), any(MIN_SCORE, 2, 22));
        // Contradicting selective bounds: the newer one wins.
        table.store(3, 4, 20, (4, 5), 7, 19, 1);
        table.store(3, 4, 20, (2, 3), 2, 19, 1);
        assert_eq!(table.probe(3, 4, 1), any(MIN_SCORE, 2, 19));
    }

    #[test]
    fn a_new_table_is_empty() {
        let table = Table::new(1).unwrap();
        assert!(table.entries.len() > 40_000);
        assert!(
            table
                .entries
                .iter()
                .all(|e| e.player == 0 && e.opponent == 0)
        );
        assert_eq!(
            table.probe(0x0000_0008_1000_0000, 0x0000_0010_0800_0000, EXACT),
            None
        );
        assert!(Table::new(usize::MAX / 2).is_err());
    }

    #[test]
    fn a_tiny_table_keeps_the_costlier_entry() {
        let mut table = Table::new(0).unwrap();
        assert_eq!(table.entries.len(), 2);
        table.store(1, 0, 20, (0, 1), 5, NO_MOVE, EXACT);
        table.store(2, 0, 10, (0, 1), 5, NO_MOVE, EXACT);
        table.store(3, 0, 12, (0, 1), 5, NO_MOVE, EXACT);
        assert!(table.probe(1, 0, EXACT).is_some());
        assert!(table.probe(2, 0, EXACT).is_none());
        assert!(table.probe(3, 0, EXACT).is_some());
    }
}
