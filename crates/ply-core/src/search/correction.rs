//! Correction history (Stockfish's, after Weiss): how far the searches of
//! recent nodes landed from their static scores, by side to move and by a
//! key of the part of the position whose evaluation errs alike (chess: the
//! pawns, [`Searchable::correction_key`](super::Searchable::correction_key)).
//! The search adds the remembered error to each static score it prunes by.

/// Slots per side (a power of two).
const SLOTS: usize = 1 << 14;

/// Fixed-point units of an entry per centi-unit of score.
const GRAIN: i32 = 256;

/// The weight of a new observation is `min(depth + 1, MAX_WEIGHT)` out of
/// `WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;

/// An entry corrects by at most this many centi-units either way.
pub(super) const MAX_CORRECTION: i32 = 32;

/// The mean error of the static score, per side and key.
pub(super) struct CorrectionHistory {
    table: Vec<i32>,
}

impl CorrectionHistory {
    pub(super) fn new() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * SLOTS],
        }
    }

    #[inline]
    fn slot(side: usize, key: u64) -> usize {
        side * SLOTS + (key as usize & (SLOTS - 1))
    }

    /// The correction, in centi-units, for a static score of `side` with
    /// correction key `key`.
    #[inline]
    pub(super) fn get(&self, side: usize, key: u64) -> i32 {
        self.table[Self::slot(side, key)] / GRAIN
    }

    /// Moves the entry towards `error` (a search's score less the static
    /// score, in centi-units), the more the deeper the search (`depth`).
    pub(super) fn update(&mut self, side: usize, key: u64, error: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let entry = &mut self.table[Self::slot(side, key)];
        let target = error.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        *entry = (*entry * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_moves_towards_the_errors_and_stays_within_bounds() {
        let mut c = CorrectionHistory::new();
        assert_eq!(c.get(0, 5), 0);
        c.update(0, 5, 100, 30);
        // One deep observation moves it a sixteenth of the bounded error.
        assert_eq!(c.get(0, 5), MAX_CORRECTION / 16);
        for _ in 0..500 {
            c.update(0, 5, 1000, 30);
        }
        assert!(c.get(0, 5) <= MAX_CORRECTION && c.get(0, 5) >= MAX_CORRECTION - 1);
        // Other sides and keys are untouched; a slot is shared by keys that
        // agree in their low bits.
        assert_eq!(c.get(1, 5), 0);
        assert_eq!(c.get(0, 6), 0);
        assert_eq!(c.get(0, 5 + SLOTS as u64), c.get(0, 5));
        // A shallow observation weighs 1/256: it takes thousands to turn it.
        for _ in 0..500 {
            c.update(0, 5, -1000, 0);
        }
        assert!(c.get(0, 5) > -MAX_CORRECTION + 4);
        for _ in 0..3000 {
            c.update(0, 5, -1000, 0);
        }
        assert!(c.get(0, 5) >= -MAX_CORRECTION && c.get(0, 5) <= -MAX_CORRECTION + 1);
    }
}
