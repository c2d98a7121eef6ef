//! The weights of every stage, compact (one per configuration up to
//! symmetry), and their file.
//!
//! The file is ply's one weights file ([`ply_fit::weights`]) for the game
//! `othello`: layout id [`PATTERN_SET_ID`], `i16` values in centi-discs of
//! shape `[STAGES, per_stage]`, stage 0 (the fewest empties) first, each
//! stage in the compact layout (the `train` module implements
//! [`ply_fit::Trainable`] for it).

use super::set::PatternSet;
use ply_fit::weights::{Layout, ValueType};
pub use ply_fit::weights::{LoadError, WeightsError};
use std::io::{self, Read, Write};

/// The stages of the game, by empty squares.
pub const STAGES: usize = 30;
/// Empty squares per stage: stage `s` holds positions with `2s + 1` and
/// `2s + 2` empty squares.
pub const EMPTIES_PER_STAGE: usize = 2;
/// The id of the pattern set and feature layout the weights belong to;
/// changed whenever the patterns or the extra features change.
pub const PATTERN_SET_ID: u32 = 3;

/// The stage of a position with `empties` empty squares.
#[inline]
#[must_use]
pub fn stage(empties: u32) -> usize {
    (empties.max(1) as usize - 1).min(STAGES * EMPTIES_PER_STAGE - 1) / EMPTIES_PER_STAGE
}

/// The compact weights of every stage, in centi-discs.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternWeights {
    stages: Vec<Vec<i16>>,
}

impl std::fmt::Debug for PatternWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PatternWeights({} stages of {})",
            self.stages.len(),
            Self::per_stage()
        )
    }
}

impl PatternWeights {
    /// The number of weights of one stage (the compact layout's length).
    #[must_use]
    pub fn per_stage() -> usize {
        PatternSet::get().compact_layout.len
    }

    /// All weights zero.
    #[must_use]
    pub fn zeros() -> Self {
        PatternWeights {
            stages: vec![vec![0; Self::per_stage()]; STAGES],
        }
    }

    /// Stage `s`'s weights, in the compact layout.
    #[must_use]
    pub fn stage(&self, s: usize) -> &[i16] {
        &self.stages[s]
    }

    /// Stage `s`'s weights, to change.
    pub fn stage_mut(&mut self, s: usize) -> &mut [i16] {
        &mut self.stages[s]
    }

    /// The layout of the weights file.
    #[must_use]
    pub fn layout() -> Layout {
        Layout::new(
            "othello",
            PATTERN_SET_ID,
            ValueType::I16,
            &[STAGES as u32, Self::per_stage() as u32],
        )
    }

    /// Reads the weights file at `path`.
    ///
    /// # Errors
    /// If it cannot be read or is no Othello weights file of this pattern
    /// set and stages.
    pub fn read_file(path: &std::path::Path) -> Result<Self, LoadError> {
        <Self as ply_fit::Trainable>::read_file(path)
    }

    /// Reads weights from the bytes of a file.
    ///
    /// # Errors
    /// If they are no Othello weights file of this pattern set and stages.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, WeightsError> {
        let values: Vec<i16> = Self::layout().decode(bytes)?;
        Ok(Self::from_flat(&values))
    }

    /// The weights of every stage, one after the other.
    pub(crate) fn from_flat(values: &[i16]) -> Self {
        PatternWeights {
            stages: values
                .chunks(Self::per_stage())
                .map(<[i16]>::to_vec)
                .collect(),
        }
    }

    /// The weights of every stage, one after the other.
    pub(crate) fn flat(&self) -> Vec<i16> {
        self.stages.concat()
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        Self::layout().encode(&self.flat())
    }

    /// Reads weights written by [`write`](Self::write).
    ///
    /// # Errors
    /// If reading fails (the reason in an `io::Error`) or the bytes are no
    /// weights file ([`from_bytes`](Self::from_bytes)).
    pub fn read(mut reader: impl Read) -> io::Result<Self> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes)?;
        Self::from_bytes(&bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
    }

    /// Writes the weights file.
    ///
    /// # Errors
    /// When writing fails.
    pub fn write(&self, mut writer: impl Write) -> io::Result<()> {
        writer.write_all(&self.to_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_cover_the_game() {
        assert_eq!(stage(0), 0);
        assert_eq!(stage(1), 0);
        assert_eq!(stage(2), 0);
        assert_eq!(stage(3), 1);
        assert_eq!(stage(59), STAGES - 1);
        assert_eq!(stage(60), STAGES - 1);
        assert_eq!(stage(64), STAGES - 1);
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_errors() {
        let mut weights = PatternWeights::zeros();
        weights.stage_mut(3)[17] = -1234;
        weights.stage_mut(14)[PatternWeights::per_stage() - 1] = 32_000;
        let bytes = weights.to_bytes();
        assert_eq!(PatternWeights::read(&bytes[..]).unwrap(), weights);

        assert!(matches!(
            PatternWeights::from_bytes(b"PLYOTRN1"),
            Err(WeightsError::TooShort { found: 8 })
        ));
        assert!(matches!(
            PatternWeights::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        let mut other_set = bytes.clone();
        other_set[20] = 99;
        assert!(matches!(
            PatternWeights::from_bytes(&other_set),
            Err(WeightsError::OtherLayout { found: 99, .. })
        ));
        let mut version = bytes;
        version[16] = 7;
        let error = PatternWeights::from_bytes(&version).unwrap_err();
        assert_eq!(
            error.to_string(),
            "weights file format version 7; this ply reads version 1"
        );
    }
}
