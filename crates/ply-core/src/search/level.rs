//! Levels of play, as the seed's F8 program offered them: 10 is full strength
//! under the given limits; lower levels search shallower and add a random
//! (deterministic per seed) error to each root move's score, so that a
//! beginner can win.

/// A strength from 1 (weakest) to 10 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// (deepest nominal depth, largest random error in centi-units) per level 1..=9.
const WEAKER: [(u32, i32); 9] = [
    (1, 300),
    (1, 180),
    (2, 120),
    (2, 80),
    (3, 50),
    (4, 30),
    (5, 18),
    (6, 10),
    (8, 4),
];

impl Level {
    /// Full strength.
    pub const FULL: Level = Level(10);

    /// The level `n`, if it is between 1 and 10.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 10 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// 1 to 10.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The deepest iteration this level searches, if limited.
    #[must_use]
    pub const fn max_depth(self) -> Option<u32> {
        if self.0 >= 10 {
            None
        } else {
            Some(WEAKER[self.0 as usize - 1].0)
        }
    }

    /// The largest error added to a root move's score.
    #[must_use]
    pub const fn max_error(self) -> i32 {
        if self.0 >= 10 {
            0
        } else {
            WEAKER[self.0 as usize - 1].1
        }
    }

    /// A description for help texts.
    #[must_use]
    pub fn describe(self) -> String {
        match self.max_depth() {
            None => "full strength".to_owned(),
            Some(depth) => format!(
                "at most {depth} plies, root moves misjudged by up to {:.2}",
                f64::from(self.max_error()) / 100.0
            ),
        }
    }

    /// The error added to the root move number `index` of the position with
    /// hash `key` under `seed`: the same inputs always give the same error.
    #[must_use]
    pub fn error(self, seed: u64, key: u64, index: usize) -> i32 {
        let range = self.max_error();
        if range == 0 {
            return 0;
        }
        let mut z = seed ^ key.rotate_left(17) ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % (2 * range as u64 + 1)) as i32 - range
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::FULL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_weaken_monotonically() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(11), None);
        let mut last = (0, i32::MAX);
        for n in 1..=9 {
            let level = Level::new(n).unwrap();
            let depth = level.max_depth().unwrap();
            assert!(depth >= last.0 && level.max_error() < last.1);
            last = (depth, level.max_error());
        }
        assert_eq!(Level::FULL.max_depth(), None);
        assert_eq!(Level::FULL.error(1, 2, 3), 0);
    }

    #[test]
    fn errors_are_deterministic_and_bounded() {
        let level = Level::new(2).unwrap();
        let errors: Vec<i32> = (0..200).map(|i| level.error(7, 99, i)).collect();
        assert!(errors.iter().all(|e| e.abs() <= 180));
        assert_eq!(
            errors,
            (0..200).map(|i| level.error(7, 99, i)).collect::<Vec<_>>()
        );
        assert_ne!(
            errors,
            (0..200).map(|i| level.error(8, 99, i)).collect::<Vec<_>>()
        );
        assert!(errors.iter().any(|&e| e > 90) && errors.iter().any(|&e| e < -90));
    }
}
