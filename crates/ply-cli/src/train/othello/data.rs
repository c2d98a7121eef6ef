//! The data file of the Othello pipeline: positions from self-play games,
//! each with its exact score where the solver gave one and the game's result.
//!
//! Layout (all integers little-endian):
//! - a 40-byte header: the magic `PLYOTRN1`, the seed (u64), the exact
//!   empties (u32: positions with this many empty squares or fewer carry
//!   the solver's score), a reserved u32 (0), the games played (u64) and the
//!   records stored (u64);
//! - then [`RECORD_BYTES`]-byte records, one per position ([`Sample`]).
//!
//! The header is rewritten after each batch of games, so a file cut short by
//! an interrupted run is read up to the last complete batch and resumed from
//! there.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The first eight bytes of a data file.
pub const MAGIC: &[u8; 8] = b"PLYOTRN1";
/// Bytes of the header.
pub const HEADER_BYTES: u64 = 40;
/// Bytes of one record.
pub const RECORD_BYTES: usize = 20;

/// What a data file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The seed its games were played from.
    pub seed: u64,
    /// Positions with this many empty squares or fewer carry exact scores.
    pub exact_empties: u32,
    /// Games played so far.
    pub games: u64,
    /// Records stored so far.
    pub records: u64,
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

    fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let mut bytes = [0u8; RECORD_BYTES];
        bytes[0..8].copy_from_slice(&self.player.to_le_bytes());
        bytes[8..16].copy_from_slice(&self.opponent.to_le_bytes());
        bytes[16] = self.exact.unwrap_or(0) as u8;
        bytes[17] = u8::from(self.exact.is_some());
        bytes[18] = self.result as u8;
        bytes
    }

    fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> Result<Sample, String> {
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
        .map_err(|_| error(path, "not an Othello training data file (too short)"))?;
    if &bytes[0..8] != MAGIC {
        return Err(error(path, "not an Othello training data file (bad magic)"));
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let exact_empties = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
    let header = Header {
        seed: u64_at(8),
        exact_empties,
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
    bytes[8..16].copy_from_slice(&header.seed.to_le_bytes());
    bytes[16..20].copy_from_slice(&header.exact_empties.to_le_bytes());
    bytes[24..32].copy_from_slice(&header.games.to_le_bytes());
    bytes[32..40].copy_from_slice(&header.records.to_le_bytes());
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
    /// Opens `path` to add games played with `seed` and `exact_empties`:
    /// a new file if there is none, else the existing one after checking it
    /// was made with the same settings (anything after its last complete
    /// batch is dropped).
    ///
    /// # Errors
    /// If the file cannot be opened or was made with other settings.
    pub fn open(path: &Path, seed: u64, exact_empties: u32) -> Result<Writer, DataError> {
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
            if header.seed != seed || header.exact_empties != exact_empties {
                return Err(error(
                    path,
                    format!(
                        "made with --seed {} --exact-empties {}: resume it with those, or write another file",
                        header.seed, header.exact_empties
                    ),
                ));
            }
            header
        } else {
            Header {
                seed,
                exact_empties,
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
