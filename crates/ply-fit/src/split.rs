//! The held-out split: which rows train and which measure.

/// A row's share of the split, from a hash of the seed and the row's index:
/// the same rows are held out for a seed whatever else changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// Rows the fit learns from, in order.
    pub train: Vec<u32>,
    /// Rows it only measures, in order.
    pub holdout: Vec<u32>,
}

/// SplitMix64's finaliser: a well-mixed 64-bit hash.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Split {
    /// Holds out about `fraction` of `rows` rows, chosen by `seed`.
    #[must_use]
    pub fn new(rows: usize, fraction: f64, seed: u64) -> Self {
        // A row is held out when its hash falls below the fraction of 2^64.
        let threshold = (fraction.clamp(0.0, 1.0) * 2f64.powi(64)) as u64;
        let key = mix(seed ^ 0x5EED_5EED_5EED_5EED);
        let (holdout, train) = (0..rows as u32).partition(|&i| mix(key ^ u64::from(i)) < threshold);
        Split { train, holdout }
    }
}

impl Split {
    /// Holds out about `fraction` of the groups (e.g. the games the rows
    /// come from), chosen by `seed`: row `i` belongs to group `groups[i]`,
    /// and a group's rows are all held out or all trained on.
    #[must_use]
    pub fn by_group(groups: &[u32], fraction: f64, seed: u64) -> Self {
        let threshold = (fraction.clamp(0.0, 1.0) * 2f64.powi(64)) as u64;
        let key = mix(seed ^ 0x5EED_5EED_5EED_5EED);
        let (holdout, train) = (0..groups.len() as u32)
            .partition(|&i| mix(key ^ u64::from(groups[i as usize])) < threshold);
        Split { train, holdout }
    }
}

/// A seeded permutation of `items` (Fisher-Yates on SplitMix64), for the
/// minibatch order of an epoch.
pub(crate) fn shuffle(items: &mut [u32], seed: u64) {
    let mut state = seed;
    for i in (1..items.len()).rev() {
        state = mix(state);
        let j = ((u128::from(state) * (i as u128 + 1)) >> 64) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_split_keeps_each_group_on_one_side() {
        let groups: Vec<u32> = (0..10_000).map(|i| i / 7).collect();
        let split = Split::by_group(&groups, 0.2, 3);
        let held: std::collections::HashSet<u32> =
            split.holdout.iter().map(|&i| groups[i as usize]).collect();
        assert!(
            split
                .train
                .iter()
                .all(|&i| !held.contains(&groups[i as usize]))
        );
        assert_eq!(split.train.len() + split.holdout.len(), groups.len());
        let share = split.holdout.len() as f64 / groups.len() as f64;
        assert!((0.15..0.25).contains(&share), "{share}");
        assert_eq!(split, Split::by_group(&groups, 0.2, 3));
    }

    #[test]
    fn the_split_is_fixed_by_the_seed_and_near_the_fraction() {
        let a = Split::new(10_000, 0.2, 7);
        assert_eq!(a, Split::new(10_000, 0.2, 7));
        assert_ne!(a, Split::new(10_000, 0.2, 8));
        assert_eq!(a.train.len() + a.holdout.len(), 10_000);
        assert!(
            (1_800..2_200).contains(&a.holdout.len()),
            "{}",
            a.holdout.len()
        );
        // More rows do not move the first rows between the halves.
        let b = Split::new(20_000, 0.2, 7);
        assert!(b.holdout.starts_with(&a.holdout));
        assert!(Split::new(100, 0.0, 1).holdout.is_empty());
    }

    #[test]
    fn shuffle_permutes() {
        let mut items: Vec<u32> = (0..100).collect();
        shuffle(&mut items, 3);
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }
}
