//! The weights of every stage, compact (one per configuration up to
//! symmetry), and their file.
//!
//! The file, little-endian: the magic `PLYOPAT1`, then five `u32`: the
//! format version, the pattern set's id ([`PATTERN_SET_ID`]), the number of
//! stages, the empty squares per stage and the weights per stage; then every
//! stage's weights as `i16` in centi-discs, stage 0 (the fewest empties)
//! first.

use super::set::PatternSet;
use std::io::{self, Read, Write};

/// The stages of the game, by empty squares.
pub const STAGES: usize = 15;
/// Empty squares per stage: stage `s` holds positions with `4s + 1` to
/// `4s + 4` empty squares.
pub const EMPTIES_PER_STAGE: usize = 4;
/// The id of the pattern set and feature layout the weights belong to;
/// changed whenever the patterns or the extra features change.
pub const PATTERN_SET_ID: u32 = 1;

const MAGIC: &[u8; 8] = b"PLYOPAT1";
const VERSION: u32 = 1;
const HEADER_LEN: usize = 8 + 5 * 4;

/// The stage of a position with `empties` empty squares.
#[inline]
#[must_use]
pub fn stage(empties: u32) -> usize {
    (empties.max(1) as usize - 1).min(STAGES * EMPTIES_PER_STAGE - 1) / EMPTIES_PER_STAGE
}

/// A weights file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// Reading failed.
    #[error("cannot read the weights: {0}")]
    Io(#[from] io::Error),
    /// Not a ply pattern weights file.
    #[error("not a ply Othello pattern weights file (no PLYOPAT1 magic)")]
    Magic,
    /// Another version of the format.
    #[error("weights file version {0}, this ply reads version {VERSION}")]
    Version(u32),
    /// Weights for another pattern set or stage layout.
    #[error(
        "weights for pattern set {set} with {stages} stages of {empties} empties and {per_stage} weights each; \
         this ply has pattern set {PATTERN_SET_ID}, {STAGES} stages of {EMPTIES_PER_STAGE}, {expected} weights"
    )]
    Layout {
        /// The file's pattern set id.
        set: u32,
        /// The file's stage count.
        stages: u32,
        /// The file's empties per stage.
        empties: u32,
        /// The file's weights per stage.
        per_stage: u32,
        /// The weights per stage this build expects.
        expected: usize,
    },
    /// Cut short or with bytes left over.
    #[error("the weights file has {found} bytes, {expected} expected")]
    Length {
        /// The bytes read.
        found: usize,
        /// The bytes the header announces.
        expected: usize,
    },
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

    /// Reads weights written by [`write`](Self::write).
    ///
    /// # Errors
    /// [`WeightsError`]: unreadable, not a weights file, another version,
    /// pattern set or stage layout, or the wrong length.
    pub fn read(mut reader: impl Read) -> Result<Self, WeightsError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes)?;
        Self::from_bytes(&bytes)
    }

    /// Reads the weights file at `path`.
    ///
    /// # Errors
    /// As [`read`](Self::read).
    pub fn read_file(path: &std::path::Path) -> Result<Self, WeightsError> {
        Self::from_bytes(&std::fs::read(path)?)
    }

    /// Reads weights from the bytes of a file.
    ///
    /// # Errors
    /// As [`read`](Self::read).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, WeightsError> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().unwrap());
        let version = word(0);
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let (set, stages, empties, per_stage) = (word(1), word(2), word(3), word(4));
        let expected = Self::per_stage();
        if set != PATTERN_SET_ID
            || stages as usize != STAGES
            || empties as usize != EMPTIES_PER_STAGE
            || per_stage as usize != expected
        {
            return Err(WeightsError::Layout {
                set,
                stages,
                empties,
                per_stage,
                expected,
            });
        }
        let len = HEADER_LEN + 2 * STAGES * expected;
        if bytes.len() != len {
            return Err(WeightsError::Length {
                found: bytes.len(),
                expected: len,
            });
        }
        let values: Vec<i16> = bytes[HEADER_LEN..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        Ok(PatternWeights {
            stages: values.chunks(expected).map(<[i16]>::to_vec).collect(),
        })
    }

    /// The file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(HEADER_LEN + 2 * STAGES * Self::per_stage());
        bytes.extend_from_slice(MAGIC);
        for word in [
            VERSION,
            PATTERN_SET_ID,
            STAGES as u32,
            EMPTIES_PER_STAGE as u32,
            Self::per_stage() as u32,
        ] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        for weight in self.stages.iter().flatten() {
            bytes.extend_from_slice(&weight.to_le_bytes());
        }
        bytes
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
        assert_eq!(stage(4), 0);
        assert_eq!(stage(5), 1);
        assert_eq!(stage(60), STAGES - 1);
        assert_eq!(stage(64), STAGES - 1);
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_errors() {
        let mut weights = PatternWeights::zeros();
        weights.stage_mut(3)[17] = -1234;
        weights.stage_mut(14)[PatternWeights::per_stage() - 1] = 32_000;
        let bytes = weights.to_bytes();
        assert!(bytes.len() < 4_000_000);
        assert_eq!(PatternWeights::read(&bytes[..]).unwrap(), weights);

        assert!(matches!(
            PatternWeights::from_bytes(b"PLYOTRN1"),
            Err(WeightsError::Magic)
        ));
        assert!(matches!(
            PatternWeights::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        let mut other_set = bytes.clone();
        other_set[12] = 99;
        assert!(matches!(
            PatternWeights::from_bytes(&other_set),
            Err(WeightsError::Layout { set: 99, .. })
        ));
        let mut version = bytes;
        version[8] = 7;
        let error = PatternWeights::from_bytes(&version).unwrap_err();
        assert_eq!(
            error.to_string(),
            "weights file version 7, this ply reads version 1"
        );
    }
}
