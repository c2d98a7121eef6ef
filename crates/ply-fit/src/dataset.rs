//! A dataset of sparse rows, stored compactly (compressed sparse rows).

use crate::error::FitError;

/// Rows of sparse features `(index, value)` with a target each, in one
/// compressed-sparse-row store: a row costs 8 bytes per non-zero feature plus
/// 8 bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Dataset {
    features: u32,
    /// Where each row's entries start in `indices`/`values`; one more than rows.
    starts: Vec<u64>,
    indices: Vec<u32>,
    values: Vec<f32>,
    targets: Vec<f32>,
}

/// One row of a [`Dataset`]: its features and its target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row<'a> {
    /// The features with a value, by index.
    pub indices: &'a [u32],
    /// Their values, in the same order.
    pub values: &'a [f32],
    /// What the model should predict for this row.
    pub target: f32,
}

impl Row<'_> {
    /// The model's raw output `sum(weight[index] * value)` for this row.
    #[inline]
    #[must_use]
    pub fn dot(&self, weights: &[f32]) -> f64 {
        self.indices
            .iter()
            .zip(self.values)
            .map(|(&i, &v)| f64::from(weights[i as usize]) * f64::from(v))
            .sum()
    }
}

impl Dataset {
    /// An empty dataset over `features` features (indices `0..features`).
    #[must_use]
    pub fn new(features: u32) -> Self {
        Dataset {
            features,
            starts: vec![0],
            ..Dataset::default()
        }
    }

    /// The number of features (the length of a weight vector).
    #[must_use]
    pub fn features(&self) -> u32 {
        self.features
    }

    /// The number of rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there is no row.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The number of stored (index, value) entries over all rows.
    #[must_use]
    pub fn entries(&self) -> usize {
        self.indices.len()
    }

    /// Adds a row. An index may appear more than once (the values add up).
    ///
    /// # Errors
    /// [`FitError::FeatureOutOfRange`] for an index not below
    /// [`features`](Self::features), [`FitError::NotFinite`] for a NaN or
    /// infinite value or target; the dataset is then unchanged.
    pub fn push(&mut self, entries: &[(u32, f32)], target: f32) -> Result<(), FitError> {
        if !target.is_finite() {
            return Err(FitError::NotFinite { what: "the target" });
        }
        for &(index, value) in entries {
            if index >= self.features {
                return Err(FitError::FeatureOutOfRange {
                    index,
                    features: self.features,
                });
            }
            if !value.is_finite() {
                return Err(FitError::NotFinite {
                    what: "a feature value",
                });
            }
        }
        self.indices.extend(entries.iter().map(|&(i, _)| i));
        self.values.extend(entries.iter().map(|&(_, v)| v));
        self.starts.push(self.indices.len() as u64);
        self.targets.push(target);
        Ok(())
    }

    /// Row `i` (panics if `i >= len()`, like slice indexing).
    #[inline]
    #[must_use]
    pub fn row(&self, i: usize) -> Row<'_> {
        let (start, end) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        Row {
            indices: &self.indices[start..end],
            values: &self.values[start..end],
            target: self.targets[i],
        }
    }

    /// Every row, in order.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = Row<'_>> + '_ {
        (0..self.len()).map(|i| self.row(i))
    }

    /// How many rows use each feature (a feature that no row uses keeps its
    /// initial weight, pulled to zero by the L2 term).
    #[must_use]
    pub fn feature_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.features as usize];
        for &i in &self.indices {
            counts[i as usize] = counts[i as usize].saturating_add(1);
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_come_back_as_pushed() {
        let mut data = Dataset::new(4);
        data.push(&[(0, 1.0), (3, 2.0)], 5.0).unwrap();
        data.push(&[], -1.0).unwrap();
        data.push(&[(1, 0.5), (1, 0.5)], 0.0).unwrap();
        assert_eq!(data.len(), 3);
        assert_eq!(data.entries(), 4);
        assert_eq!(data.row(0).indices, &[0, 3]);
        assert_eq!(data.row(1).target, -1.0);
        assert_eq!(data.row(2).dot(&[0.0, 4.0, 0.0, 0.0]), 4.0);
        assert_eq!(data.feature_counts(), [1, 2, 0, 1]);
    }

    #[test]
    fn bad_rows_are_refused_and_leave_the_data_unchanged() {
        let mut data = Dataset::new(2);
        assert_eq!(
            data.push(&[(0, 1.0), (2, 1.0)], 0.0),
            Err(FitError::FeatureOutOfRange {
                index: 2,
                features: 2
            })
        );
        assert!(data.push(&[(0, f32::NAN)], 0.0).is_err());
        assert!(data.push(&[(0, 1.0)], f32::INFINITY).is_err());
        assert!(data.is_empty());
        assert_eq!(data.entries(), 0);
    }
}
