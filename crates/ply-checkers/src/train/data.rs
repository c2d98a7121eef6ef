//! The data file of the checkers pipeline: the quiet positions of self-play
//! games, each with the game's result, the score of the search that chose
//! its move and, where the endgame database reaches, its database value.
//!
//! A [`ply_fit::records`] file with the magic `PLYKTRN1`; its
//! header's settings besides the seed are the search depth (u16), the noise
//! percent (u16), the database's piece count (u8, 0 without one) and 1 in
//! the next byte where the records carry search scores (files made before
//! November 2026 have 0 there and no scores); then [`RECORD_BYTES`]-byte
//! records, one per position ([`Sample`]):
//! - bytes 0-11: the side-relative board (`mine`, `theirs`, `kings`, u32
//!   each);
//! - with scores: bytes 12-13 hold the ply (bits 0-9), the result plus one
//!   (bits 10-11) and the database value (bits 12-13: 0 none, 1 win, 2
//!   draw, 3 loss); bytes 14-15 the score (i16, centi-men for the side to
//!   move, [`NO_SCORE`] where no search chose the move);
//! - without: byte 12 the result (i8), byte 13 the database value, bytes
//!   14-15 the ply (u16).

use crate::board::Board;
use crate::egdb::Value;
pub use ply_fit::records::DataError;
use ply_fit::records::{self, Record, SETTINGS_BYTES};
use std::path::Path;

/// The first eight bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PLYKTRN1";
/// Bytes of one record.
pub const RECORD_BYTES: usize = 16;
/// The stored score of a position whose move no search chose (a random
/// opening move, a lone legal move).
pub const NO_SCORE: i16 = i16::MIN;
/// The most plies a record with scores can count (10 bits).
pub const MAX_PLY: u16 = 1023;

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
    /// Whether the records carry the search's scores.
    pub scores: bool,
}

impl records::Settings for Settings {
    fn to_bytes(&self) -> [u8; SETTINGS_BYTES] {
        let mut bytes = [0u8; SETTINGS_BYTES];
        bytes[0..2].copy_from_slice(&(self.depth as u16).to_le_bytes());
        bytes[2..4].copy_from_slice(&(self.noise as u16).to_le_bytes());
        bytes[4] = self.database_pieces as u8;
        bytes[5] = u8::from(self.scores);
        bytes
    }

    fn from_bytes(bytes: &[u8; SETTINGS_BYTES]) -> Settings {
        let u16_at = |at: usize| u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
        Settings {
            depth: u16_at(0),
            noise: u16_at(2),
            database_pieces: u32::from(bytes[4]),
            scores: bytes[5] == 1,
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
    /// The score of the search that chose this position's move, in
    /// centi-men for the side to move (`None` where no search chose it, or
    /// the file has no scores).
    pub score: Option<i16>,
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
        // Files without scores never get here: see `not_resumable`.
        format!(
            "--depth {} --noise {} and a {}-piece database",
            settings.depth, settings.noise, settings.database_pieces,
        )
    }

    fn not_resumable(settings: &Settings) -> Option<String> {
        (!settings.scores).then(|| "an older file, without scores".to_owned())
    }

    fn write_bytes(&self, bytes: &mut [u8], settings: &Settings) {
        bytes.fill(0);
        bytes[0..4].copy_from_slice(&self.board.mine.to_le_bytes());
        bytes[4..8].copy_from_slice(&self.board.theirs.to_le_bytes());
        bytes[8..12].copy_from_slice(&self.board.kings.to_le_bytes());
        let database: u8 = match self.database {
            None => 0,
            Some(Value::Win) => 1,
            Some(Value::Draw) => 2,
            Some(Value::Loss) => 3,
        };
        if settings.scores {
            let packed = self.ply.min(MAX_PLY)
                | ((self.result + 1) as u16) << 10
                | u16::from(database) << 12;
            bytes[12..14].copy_from_slice(&packed.to_le_bytes());
            bytes[14..16].copy_from_slice(&self.score.unwrap_or(NO_SCORE).to_le_bytes());
        } else {
            bytes[12] = self.result as u8;
            bytes[13] = database;
            bytes[14..16].copy_from_slice(&self.ply.to_le_bytes());
        }
    }

    fn from_bytes(bytes: &[u8], settings: &Settings) -> Result<Sample, String> {
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let board = Board {
            mine: word(0),
            theirs: word(4),
            kings: word(8),
        };
        let half = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let (result, database, ply, score) = if settings.scores {
            let packed = half(12);
            let score = half(14) as i16;
            (
                ((packed >> 10) & 3) as i8 - 1,
                (packed >> 12) as u8,
                packed & MAX_PLY,
                (score != NO_SCORE).then_some(score),
            )
        } else {
            (bytes[12] as i8, bytes[13], half(14), None)
        };
        let database = match database {
            0 => None,
            1 => Some(Value::Win),
            2 => Some(Value::Draw),
            3 => Some(Value::Loss),
            kind => return Err(format!("unknown database value {kind}")),
        };
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
            ply,
            score,
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
            score: [None, Some(-1), Some(i16::MAX), Some(-i16::MAX), Some(25)][n as usize % 5],
        }
    }

    fn settings(depth: u32) -> Settings {
        Settings {
            depth,
            noise: 5,
            database_pieces: 6,
            scores: true,
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
        let mut long = sample(5);
        long.ply = MAX_PLY;
        writer.append(1, &[long]).unwrap();
        assert_eq!(read(&path).unwrap().1[4], long);
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

    /// A file as the generator wrote them before scores: the result in
    /// byte 12, the database value in byte 13, the ply in bytes 14-15.
    #[test]
    fn files_without_scores_still_read() {
        let dir = ply_fit::run::scratch_dir("checkers-data-v1");
        let path = dir.join("old.bin");
        let mut bytes = b"PLYKTRN1".to_vec();
        bytes.extend(31u64.to_le_bytes()); // seed
        bytes.extend([10, 0, 0, 0, 5, 0, 0, 0]); // depth 10, noise 0, 5 pieces (u32)
        bytes.extend(1u64.to_le_bytes()); // games
        bytes.extend(2u64.to_le_bytes()); // records
        for (board, result, database, ply) in [
            ([1u32, 1 << 31, 0], -1i8, 0u8, 300u16),
            ([2, 4, 4], 1, 3, 2),
        ] {
            board
                .iter()
                .for_each(|word| bytes.extend(word.to_le_bytes()));
            bytes.extend([result as u8, database]);
            bytes.extend(ply.to_le_bytes());
        }
        std::fs::write(&path, &bytes).unwrap();
        let (header, samples) = read(&path).unwrap();
        assert_eq!(
            header.settings,
            Settings {
                depth: 10,
                noise: 0,
                database_pieces: 5,
                scores: false
            }
        );
        let board = |mine, theirs, kings| Board {
            mine,
            theirs,
            kings,
        };
        assert_eq!(
            samples,
            vec![
                Sample {
                    board: board(1, 1 << 31, 0),
                    result: -1,
                    database: None,
                    ply: 300,
                    score: None,
                },
                Sample {
                    board: board(2, 4, 4),
                    result: 1,
                    database: Some(Value::Loss),
                    ply: 2,
                    score: None,
                },
            ]
        );
        // Such a file is not resumed by a run that writes scores.
        let error = records::Writer::<Sample>::open(
            &path,
            31,
            Settings {
                scores: true,
                ..header.settings
            },
        )
        .err()
        .unwrap()
        .to_string();
        assert!(error.contains("without scores"), "{error}");
        assert!(error.contains("write another file"), "{error}");
        assert!(!error.contains("resume it with"), "{error}");
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
