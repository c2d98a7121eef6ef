//! The data file of the Othello pipeline: positions from self-play games,
//! each with its exact score where the solver gave one and the game's result.
//!
//! The file is a [`ply_fit::records`] file: its header's
//! settings are the exact empties (positions with this many empty squares or
//! fewer carry the solver's score), then [`RECORD_BYTES`]-byte records, one
//! per position ([`Sample`]).

use ply_fit::records::{self, DataError, Record};
use std::path::Path;

/// What a data file says about itself; its settings are the exact empties.
pub type Header = records::Header<u32>;

/// The first eight bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PLYOTRN1";
/// Bytes of one record.
pub const RECORD_BYTES: usize = 20;

/// Reads every sample of a data file (those the header counts).
///
/// # Errors
/// If the file cannot be read or holds something else.
pub fn read(path: &Path) -> Result<(Header, Vec<Sample>), DataError> {
    records::read(path)
}

/// One position of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The discs of the side to move (bit `i` is square `i`, a1 = 0, h8 = 63).
    pub player: u64,
    /// The discs of the other side.
    pub opponent: u64,
    /// The final disc difference with perfect play, for the side to move
    /// (empty squares to the winner), when the solver gave it.
    pub exact: Option<i8>,
    /// The final disc difference the self-play game ended with, for the side
    /// to move here.
    pub result: i8,
}

impl Sample {
    /// Empty squares.
    #[must_use]
    pub fn empties(&self) -> u32 {
        (!(self.player | self.opponent)).count_ones()
    }
}

impl Record for Sample {
    const MAGIC: &'static [u8; 8] = MAGIC;
    const KIND: &'static str = "an Othello training data file";
    type Settings = u32;
    const BYTES: usize = RECORD_BYTES;

    fn describe(exact_empties: &u32) -> String {
        format!("--exact-empties {exact_empties}")
    }

    fn write_bytes(&self, bytes: &mut [u8], _: &u32) {
        bytes.fill(0);
        bytes[0..8].copy_from_slice(&self.player.to_le_bytes());
        bytes[8..16].copy_from_slice(&self.opponent.to_le_bytes());
        bytes[16] = self.exact.unwrap_or(0) as u8;
        bytes[17] = u8::from(self.exact.is_some());
        bytes[18] = self.result as u8;
    }

    fn from_bytes(bytes: &[u8], _: &u32) -> Result<Sample, String> {
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let (player, opponent) = (word(0), word(8));
        let exact = match bytes[17] {
            0 => None,
            1 => Some(bytes[16] as i8),
            kind => return Err(format!("unknown label kind {kind}")),
        };
        let result = bytes[18] as i8;
        let scores_in_range =
            exact.is_none_or(|s| (-64..=64).contains(&s)) && (-64..=64).contains(&result);
        if player & opponent != 0 || !scores_in_range {
            return Err("a record that is no Othello position".into());
        }
        Ok(Sample {
            player,
            opponent,
            exact,
            result,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Writer = records::Writer<Sample>;

    fn sample(n: u64) -> Sample {
        Sample {
            player: n,
            opponent: n << 32,
            exact: n.is_multiple_of(2).then_some(-(n as i8)),
            result: n as i8,
        }
    }

    #[test]
    fn samples_come_back_as_written_and_runs_resume() {
        let dir = std::env::temp_dir().join(format!("ply-train-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let _ = std::fs::remove_file(&path);
        let mut writer = Writer::open(&path, 7, 18).unwrap();
        writer.append(2, &[sample(1), sample(2)]).unwrap();
        drop(writer);
        let mut writer = Writer::open(&path, 7, 18).unwrap();
        assert_eq!(writer.header().games, 2);
        writer.append(1, &[sample(3)]).unwrap();
        let (header, samples) = read(&path).unwrap();
        assert_eq!(header.games, 3);
        assert_eq!(samples, vec![sample(1), sample(2), sample(3)]);
        assert!(Writer::open(&path, 8, 18).is_err(), "another seed");
        std::fs::write(&path, b"PLYOTRN1 but short").unwrap();
        assert!(read(&path).is_err());
        std::fs::write(&path, [0u8; 60]).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("bad magic"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
