//! The data file of the checkers pipeline: the quiet positions of self-play
//! games, each with the game's result and, where the endgame database
//! reaches, its database value.
//!
//! A [`ply_fit::records`] file with the magic `PLYKTRN1`; its
//! header's settings besides the seed are the search depth (u16), the noise
//! percent (u16) and the database's piece count (u32, 0 without one); then
//! [`RECORD_BYTES`]-byte records, one per position ([`Sample`]).

use crate::board::Board;
use crate::egdb::Value;
pub use ply_fit::records::DataError;
use ply_fit::records::{self, Record, SETTINGS_BYTES};
use std::path::Path;

/// The first eight bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PLYKTRN1";
/// Bytes of one record.
pub const RECORD_BYTES: usize = 16;

/// The settings besides the seed a data file's games were played with: a
/// run resumes a file only with the same ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The depth of the engine's searches (stored in 16 bits).
    pub depth: u32,
    /// Percent of the engine's early moves replaced by a random move
    /// (stored in 16 bits).
    pub noise: u32,
    /// The most pieces of the endgame database (0: none).
    pub database_pieces: u32,
}

impl records::Settings for Settings {
    fn to_bytes(&self) -> [u8; SETTINGS_BYTES] {
        let mut bytes = [0u8; SETTINGS_BYTES];
        bytes[0..2].copy_from_slice(&(self.depth as u16).to_le_bytes());
        bytes[2..4].copy_from_slice(&(self.noise as u16).to_le_bytes());
        bytes[4..8].copy_from_slice(&self.database_pieces.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8; SETTINGS_BYTES]) -> Settings {
        let u16_at = |at: usize| u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
        Settings {
            depth: u16_at(0),
            noise: u16_at(2),
            database_pieces: u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")),
        }
    }
}

/// What a data file says about itself.
pub type Header = records::Header<Settings>;

/// One quiet position of a self-play game (no capture pending).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The side-relative board: the side to move's pieces in `mine`, its men
    /// heading towards higher bits.
    pub board: Board,
    /// How the game ended for the side to move here: 1 won, 0 drawn, -1 lost.
    pub result: i8,
    /// The endgame database's value, where it reaches.
    pub database: Option<Value>,
    /// The plies played from the ballot's position.
    pub ply: u16,
}

impl Sample {
    /// The pieces on the board.
    #[must_use]
    pub fn pieces(&self) -> u32 {
        (self.board.mine | self.board.theirs).count_ones()
    }

    /// What the fit aims at, as a share of a win for the side to move: the
    /// database's value where there is one, else the game's result.
    #[must_use]
    pub fn target(&self) -> f32 {
        match self.database {
            Some(Value::Win) => 1.0,
            Some(Value::Draw) => 0.5,
            Some(Value::Loss) => 0.0,
            None => (f32::from(self.result) + 1.0) / 2.0,
        }
    }
}

impl Record for Sample {
    type Settings = Settings;
    const MAGIC: &'static [u8; 8] = MAGIC;
    const KIND: &'static str = "a checkers training data file";
    const BYTES: usize = RECORD_BYTES;

    fn describe(settings: &Settings) -> String {
        format!(
            "--depth {} --noise {} and a {}-piece database",
            settings.depth, settings.noise, settings.database_pieces
        )
    }

    fn write_bytes(&self, bytes: &mut [u8]) {
        bytes.fill(0);
        bytes[0..4].copy_from_slice(&self.board.mine.to_le_bytes());
        bytes[4..8].copy_from_slice(&self.board.theirs.to_le_bytes());
        bytes[8..12].copy_from_slice(&self.board.kings.to_le_bytes());
        bytes[12] = self.result as u8;
        bytes[13] = match self.database {
            None => 0,
            Some(Value::Win) => 1,
            Some(Value::Draw) => 2,
            Some(Value::Loss) => 3,
        };
        bytes[14..16].copy_from_slice(&self.ply.to_le_bytes());
    }

    fn from_bytes(bytes: &[u8]) -> Result<Sample, String> {
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let board = Board {
            mine: word(0),
            theirs: word(4),
            kings: word(8),
        };
        let database = match bytes[13] {
            0 => None,
            1 => Some(Value::Win),
            2 => Some(Value::Draw),
            3 => Some(Value::Loss),
            kind => return Err(format!("unknown database value {kind}")),
        };
        let result = bytes[12] as i8;
        let pieces_fit = board.mine & board.theirs == 0
            && board.kings & !(board.mine | board.theirs) == 0
            && board.mine.count_ones() <= 12
            && board.theirs.count_ones() <= 12;
        if !pieces_fit || !(-1..=1).contains(&result) {
            return Err("a record that is no checkers position".into());
        }
        Ok(Sample {
            board,
            result,
            database,
            ply: u16::from_le_bytes([bytes[14], bytes[15]]),
        })
    }
}

/// Reads every sample of a data file (those the header counts).
///
/// # Errors
/// If the file cannot be read or holds something else.
pub fn read(path: &Path) -> Result<(Header, Vec<Sample>), DataError> {
    records::read(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: u32) -> Sample {
        Sample {
            board: Board {
                mine: 1 << n,
                theirs: 1 << (n + 8),
                kings: 1 << (n + 8),
            },
            result: (n % 3) as i8 - 1,
            database: [None, Some(Value::Win), Some(Value::Draw), Some(Value::Loss)]
                [n as usize % 4],
            ply: n as u16 * 7,
        }
    }

    fn settings(depth: u32) -> Settings {
        Settings {
            depth,
            noise: 5,
            database_pieces: 6,
        }
    }

    #[test]
    fn samples_come_back_as_written_and_runs_resume() {
        type Writer = records::Writer<Sample>;
        let dir = ply_fit::run::scratch_dir("checkers-data");
        let path = dir.join("data.bin");
        let mut writer = Writer::open(&path, 7, settings(6)).unwrap();
        writer.append(2, &[sample(1), sample(2)]).unwrap();
        drop(writer);
        let mut writer = Writer::open(&path, 7, settings(6)).unwrap();
        assert_eq!(writer.header().games, 2);
        writer.append(1, &[sample(3), sample(4)]).unwrap();
        let (header, samples) = read(&path).unwrap();
        assert_eq!((header.seed, header.games), (7, 3));
        assert_eq!(header.settings, settings(6));
        assert_eq!(samples, vec![sample(1), sample(2), sample(3), sample(4)]);
        let error = Writer::open(&path, 7, settings(8))
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains("--seed 7 --depth 6 --noise 5"), "{error}");
        assert!(Writer::open(&path, 8, settings(6)).is_err(), "another seed");
        std::fs::write(&path, b"PLYKTRN1 but short").unwrap();
        assert!(read(&path).is_err());
        let mut chess = [0u8; 60];
        chess[0..8].copy_from_slice(b"PLYCTRN1");
        std::fs::write(&path, chess).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("bad magic"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn targets_prefer_the_database_to_the_result() {
        let mut s = sample(0);
        assert_eq!((s.database, s.result, s.target()), (None, -1, 0.0));
        s.result = 1;
        assert_eq!(s.target(), 1.0);
        s.database = Some(Value::Draw);
        assert_eq!(s.target(), 0.5);
        s.database = Some(Value::Loss);
        assert_eq!(s.target(), 0.0);
    }
}
