//! The data file of the checkers pipeline: the quiet positions of self-play
//! games, each with the game's result and, where the endgame database
//! reaches, its database value.
//!
//! Layout (all integers little-endian):
//! - a 48-byte header: the magic `PLYCTRN1`, the seed (u64), the search
//!   depth (u32), the noise percent (u32), the games played (u64), the
//!   records stored (u64) and the database's piece count (u32, 0 without
//!   one), then a reserved u32 (0);
//! - then [`RECORD_BYTES`]-byte records, one per position ([`Sample`]).
//!
//! The header is rewritten after each batch of games, so a file cut short by
//! an interrupted run is read up to the last complete batch and resumed from
//! there.

use ply_checkers::board::Board;
use ply_checkers::egdb::Value;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The first eight bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PLYCTRN1";
/// Bytes of the header.
pub const HEADER_BYTES: u64 = 48;
/// Bytes of one record.
pub const RECORD_BYTES: usize = 16;

/// The settings a data file's games were played with: a run resumes a file
/// only with the same ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The seed of the games.
    pub seed: u64,
    /// The depth of the engine's searches.
    pub depth: u32,
    /// Percent of the engine's early moves replaced by a random move.
    pub noise: u32,
    /// The most pieces of the endgame database (0: none).
    pub database_pieces: u32,
}

/// What a data file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// How its games were played.
    pub settings: Settings,
    /// Games played so far.
    pub games: u64,
    /// Records stored so far.
    pub records: u64,
}

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

    fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let mut bytes = [0u8; RECORD_BYTES];
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
        bytes
    }

    fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> Result<Sample, String> {
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

/// A failure to read or write a data file, with the file's name.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct DataError {
    /// The file.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
}

fn error(path: &Path, message: impl ToString) -> DataError {
    DataError {
        path: path.to_owned(),
        message: message.to_string(),
    }
}

fn read_header(path: &Path, file: &mut File) -> Result<Header, DataError> {
    let mut bytes = [0u8; HEADER_BYTES as usize];
    file.read_exact(&mut bytes)
        .map_err(|_| error(path, "not a checkers training data file (too short)"))?;
    if &bytes[0..8] != MAGIC {
        return Err(error(path, "not a checkers training data file (bad magic)"));
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let header = Header {
        settings: Settings {
            seed: u64_at(8),
            depth: u32_at(16),
            noise: u32_at(20),
            database_pieces: u32_at(40),
        },
        games: u64_at(24),
        records: u64_at(32),
    };
    let length = file.metadata().map_err(|e| error(path, e))?.len();
    if length < HEADER_BYTES + header.records * RECORD_BYTES as u64 {
        return Err(error(
            path,
            format!(
                "the header counts {} records, the file is shorter",
                header.records
            ),
        ));
    }
    Ok(header)
}

fn header_bytes(header: &Header) -> [u8; HEADER_BYTES as usize] {
    let mut bytes = [0u8; HEADER_BYTES as usize];
    bytes[0..8].copy_from_slice(MAGIC);
    bytes[8..16].copy_from_slice(&header.settings.seed.to_le_bytes());
    bytes[16..20].copy_from_slice(&header.settings.depth.to_le_bytes());
    bytes[20..24].copy_from_slice(&header.settings.noise.to_le_bytes());
    bytes[24..32].copy_from_slice(&header.games.to_le_bytes());
    bytes[32..40].copy_from_slice(&header.records.to_le_bytes());
    bytes[40..44].copy_from_slice(&header.settings.database_pieces.to_le_bytes());
    bytes
}

/// Reads every sample of a data file (those the header counts).
///
/// # Errors
/// If the file cannot be read or holds something else.
pub fn read(path: &Path) -> Result<(Header, Vec<Sample>), DataError> {
    let mut file = File::open(path).map_err(|e| error(path, e))?;
    let header = read_header(path, &mut file)?;
    let mut reader = BufReader::new(file);
    let mut samples = Vec::with_capacity(header.records as usize);
    let mut bytes = [0u8; RECORD_BYTES];
    for index in 0..header.records {
        reader.read_exact(&mut bytes).map_err(|e| error(path, e))?;
        samples.push(
            Sample::from_bytes(&bytes).map_err(|e| error(path, format!("record {index}: {e}")))?,
        );
    }
    Ok((header, samples))
}

/// A data file open for appending games.
pub struct Writer {
    path: PathBuf,
    file: File,
    header: Header,
}

impl Writer {
    /// Opens `path` to add games played with `settings`: a new file if there
    /// is none, else the existing one after checking it was made with the
    /// same settings (anything after its last complete batch is dropped).
    ///
    /// # Errors
    /// If the file cannot be opened or was made with other settings.
    pub fn open(path: &Path, settings: Settings) -> Result<Writer, DataError> {
        let exists = path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| error(path, e))?;
        let header = if exists {
            let header = read_header(path, &mut file)?;
            let made = header.settings;
            if made != settings {
                return Err(error(
                    path,
                    format!(
                        "made with --seed {} --depth {} --noise {} and a {}-piece database: resume it with those, or write another file",
                        made.seed, made.depth, made.noise, made.database_pieces
                    ),
                ));
            }
            header
        } else {
            Header {
                settings,
                games: 0,
                records: 0,
            }
        };
        file.set_len(HEADER_BYTES + header.records * RECORD_BYTES as u64)
            .map_err(|e| error(path, e))?;
        let mut writer = Writer {
            path: path.to_owned(),
            file,
            header,
        };
        writer.write_header()?;
        Ok(writer)
    }

    /// What the file holds so far.
    #[must_use]
    pub fn header(&self) -> Header {
        self.header
    }

    /// Appends the samples of `games` more games, then records them in the
    /// header.
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn append(&mut self, games: u64, samples: &[Sample]) -> Result<(), DataError> {
        let path = self.path.clone();
        let end = HEADER_BYTES + self.header.records * RECORD_BYTES as u64;
        self.file
            .seek(SeekFrom::Start(end))
            .map_err(|e| error(&path, e))?;
        let mut out = BufWriter::new(&mut self.file);
        for sample in samples {
            out.write_all(&sample.to_bytes())
                .map_err(|e| error(&path, e))?;
        }
        out.flush().map_err(|e| error(&path, e))?;
        drop(out);
        self.file.sync_data().map_err(|e| error(&path, e))?;
        self.header.games += games;
        self.header.records += samples.len() as u64;
        self.write_header()
    }

    fn write_header(&mut self) -> Result<(), DataError> {
        let path = self.path.clone();
        self.file
            .seek(SeekFrom::Start(0))
            .map_err(|e| error(&path, e))?;
        self.file
            .write_all(&header_bytes(&self.header))
            .map_err(|e| error(&path, e))?;
        self.file.sync_data().map_err(|e| error(&path, e))
    }
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

    fn settings(seed: u64) -> Settings {
        Settings {
            seed,
            depth: 6,
            noise: 5,
            database_pieces: 6,
        }
    }

    #[test]
    fn samples_come_back_as_written_and_runs_resume() {
        let dir = std::env::temp_dir().join(format!("ply-train-checkers-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("data.bin");
        let _ = std::fs::remove_file(&path);
        let mut writer = Writer::open(&path, settings(7)).unwrap();
        writer.append(2, &[sample(1), sample(2)]).unwrap();
        drop(writer);
        let mut writer = Writer::open(&path, settings(7)).unwrap();
        assert_eq!(writer.header().games, 2);
        writer.append(1, &[sample(3), sample(4)]).unwrap();
        let (header, samples) = read(&path).unwrap();
        assert_eq!(header.games, 3);
        assert_eq!(header.settings, settings(7));
        assert_eq!(samples, vec![sample(1), sample(2), sample(3), sample(4)]);
        let error = Writer::open(&path, settings(8)).err().unwrap().to_string();
        assert!(error.contains("--seed 7"), "{error}");
        std::fs::write(&path, b"PLYCTRN1 but short").unwrap();
        assert!(read(&path).is_err());
        std::fs::write(&path, [0u8; 60]).unwrap();
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
