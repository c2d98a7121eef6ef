//! Move ordering state: killer moves per ply, history scores, and the late
//! move reduction table.

use super::{CONTINUATION_SIZE, HISTORY_SIZE};
use crate::score::MAX_PLY;

/// Two quiet moves per ply that recently caused a cut-off.
pub(super) struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Killers<M> {
    pub(super) fn new() -> Self {
        Killers {
            slots: vec![[None, None]; MAX_PLY + 2],
        }
    }

    pub(super) fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots[ply]
    }

    pub(super) fn add(&mut self, ply: usize, mv: M) {
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    pub(super) fn clear_ply(&mut self, ply: usize) {
        self.slots[ply] = [None, None];
    }
}

/// The quiet move that last refuted each move (by side to reply and the
/// history index of the move replied to).
pub(super) struct CounterMoves<M> {
    table: Vec<Option<M>>,
}

impl<M: Copy> CounterMoves<M> {
    pub(super) fn new() -> Self {
        CounterMoves {
            table: vec![None; 2 * HISTORY_SIZE],
        }
    }

    /// The reply that last refuted the move of history index `previous`.
    pub(super) fn get(&self, side: usize, previous: usize) -> Option<M> {
        self.table[side * HISTORY_SIZE + previous]
    }

    pub(super) fn set(&mut self, side: usize, previous: usize, mv: M) {
        self.table[side * HISTORY_SIZE + previous] = Some(mv);
    }
}

/// How often each quiet move (by side and history index) caused a cut-off,
/// decayed towards zero so that old successes fade.
pub(super) struct History {
    table: Vec<i32>,
}

/// History scores stay within ±this.
const HISTORY_MAX: i32 = 16_384;

impl History {
    pub(super) fn new() -> Self {
        History {
            table: vec![0; 2 * HISTORY_SIZE],
        }
    }

    pub(super) fn get(&self, side: usize, index: usize) -> i32 {
        self.table[side * HISTORY_SIZE + index]
    }

    /// Adds `bonus` (negative for a malus) with gravity: the closer to the
    /// bound, the less it moves.
    pub(super) fn update(&mut self, side: usize, index: usize, bonus: i32) {
        let entry = &mut self.table[side * HISTORY_SIZE + index];
        *entry = with_gravity(*entry, bonus);
    }
}

/// `value` moved by `bonus` (bounded to ±[`HISTORY_MAX`]) with gravity: the
/// closer `value` is to the bound the bonus pushes towards, the less it
/// moves, so that it stays within ±[`HISTORY_MAX`].
#[inline]
fn with_gravity(value: i32, bonus: i32) -> i32 {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

/// How each quiet move fared after each earlier move: by the
/// [continuation index](super::Searchable::continuation_index) of a move
/// played one or two plies before and that of the reply. One table serves
/// both distances, as in Stockfish; entries stay within ±[`HISTORY_MAX`]
/// with the same gravity as [`History`].
pub(super) struct ContinuationHistory {
    table: Vec<i16>,
}

impl ContinuationHistory {
    pub(super) fn new() -> Self {
        ContinuationHistory {
            table: vec![0; CONTINUATION_SIZE * CONTINUATION_SIZE],
        }
    }

    /// The score of the move of index `index` after the move of index
    /// `earlier`, or 0 where there was no earlier move (the root, a null
    /// move).
    #[inline]
    pub(super) fn get(&self, earlier: Option<usize>, index: usize) -> i32 {
        earlier.map_or(0, |earlier| {
            i32::from(self.table[earlier * CONTINUATION_SIZE + index])
        })
    }

    /// Adds `bonus` (negative for a malus) with gravity, as
    /// [`History::update`] does; nothing where there was no earlier move.
    pub(super) fn update(&mut self, earlier: Option<usize>, index: usize, bonus: i32) {
        if let Some(earlier) = earlier {
            let entry = &mut self.table[earlier * CONTINUATION_SIZE + index];
            *entry = with_gravity(i32::from(*entry), bonus) as i16;
        }
    }
}

/// Late move reductions by depth and move number: about
/// `0.75 + ln(depth) * ln(moves) / 2.25` plies.
pub(super) struct Reductions {
    table: Vec<[u8; 64]>,
}

impl Reductions {
    pub(super) fn new() -> Self {
        let table = (0..=MAX_PLY)
            .map(|depth| {
                let mut row = [0u8; 64];
                for (moves, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        let value = 0.75 + (depth as f64).ln() * (moves as f64).ln() / 2.25;
                        *r = value.max(0.0) as u8;
                    }
                }
                row
            })
            .collect();
        Reductions { table }
    }

    pub(super) fn get(&self, depth: i32, moves: usize) -> i32 {
        i32::from(self.table[depth.clamp(0, MAX_PLY as i32) as usize][moves.min(63)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut k = Killers::new();
        k.add(3, 1);
        k.add(3, 1);
        assert_eq!(k.get(3), [Some(1), None]);
        k.add(3, 2);
        k.add(3, 5);
        assert_eq!(k.get(3), [Some(5), Some(2)]);
        k.clear_ply(3);
        assert_eq!(k.get(3), [None, None]);
    }

    #[test]
    fn counter_moves_remember_the_last_refutation_per_side() {
        let mut c = CounterMoves::new();
        assert_eq!(c.get(0, 9), None);
        c.set(0, 9, 4);
        c.set(0, 9, 5);
        assert_eq!(c.get(0, 9), Some(5));
        assert_eq!(c.get(1, 9), None);
    }

    #[test]
    fn history_saturates() {
        let mut h = History::new();
        for _ in 0..1000 {
            h.update(0, 7, 400);
        }
        assert!(h.get(0, 7) <= HISTORY_MAX && h.get(0, 7) > HISTORY_MAX / 2);
        assert_eq!(h.get(1, 7), 0);
        h.update(0, 7, -HISTORY_MAX);
        assert!(h.get(0, 7) < 0);
    }

    #[test]
    fn continuation_history_saturates_and_ignores_a_missing_earlier_move() {
        let mut c = ContinuationHistory::new();
        c.update(None, 7, 400);
        assert_eq!(c.get(None, 7), 0);
        for _ in 0..1000 {
            c.update(Some(3), 7, HISTORY_MAX);
        }
        assert_eq!(c.get(Some(3), 7), HISTORY_MAX);
        assert_eq!(c.get(Some(7), 3), 0);
        for _ in 0..1000 {
            c.update(Some(3), 7, -HISTORY_MAX);
        }
        assert_eq!(c.get(Some(3), 7), -HISTORY_MAX);
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let r = Reductions::new();
        assert_eq!(r.get(1, 1), 0);
        assert!(r.get(10, 30) > r.get(3, 4));
        assert!(r.get(20, 60) <= 8);
    }
}
