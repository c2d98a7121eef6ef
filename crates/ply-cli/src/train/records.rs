//! The data files of the training pipelines: a header, then fixed-size
//! records, one per position.
//!
//! Layout (all integers little-endian):
//! - a 40-byte header: the game's magic (8 bytes), the seed (u64), one
//!   setting the games depend on (u32, the game says which), a reserved u32
//!   (0), the games played (u64) and the records stored (u64);
//! - then [`Record::BYTES`]-byte records.
//!
//! The header is rewritten after each batch of games, so a file cut short by
//! an interrupted run is read up to the last complete batch and resumed from
//! there.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Bytes of the header.
pub const HEADER_BYTES: u64 = 40;

/// One position of a data file, as it is stored.
pub trait Record: Sized {
    /// The first eight bytes of a file of these records.
    const MAGIC: &'static [u8; 8];
    /// What the file holds, for messages ("an Othello training data file").
    const KIND: &'static str;
    /// The command-line option the header's setting comes from, for messages.
    const SETTING: &'static str;
    /// Bytes of one record.
    const BYTES: usize;
    /// The record's bytes (`out` has [`Record::BYTES`] bytes).
    fn write_bytes(&self, out: &mut [u8]);
    /// The record stored in `bytes` ([`Record::BYTES`] of them).
    ///
    /// # Errors
    /// If the bytes hold no valid record.
    fn from_bytes(bytes: &[u8]) -> Result<Self, String>;
}

/// What a data file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The seed its games were played from.
    pub seed: u64,
    /// The setting its games depend on (the game's [`Record::SETTING`]).
    pub setting: u32,
    /// Games played so far.
    pub games: u64,
    /// Records stored so far.
    pub records: u64,
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

fn read_header<R: Record>(path: &Path, file: &mut File) -> Result<Header, DataError> {
    let mut bytes = [0u8; HEADER_BYTES as usize];
    file.read_exact(&mut bytes)
        .map_err(|_| error(path, format!("not {} (too short)", R::KIND)))?;
    if &bytes[0..8] != R::MAGIC {
        return Err(error(path, format!("not {} (bad magic)", R::KIND)));
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let header = Header {
        seed: u64_at(8),
        setting: u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes")),
        games: u64_at(24),
        records: u64_at(32),
    };
    let length = file.metadata().map_err(|e| error(path, e))?.len();
    if length < HEADER_BYTES + header.records * R::BYTES as u64 {
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

fn header_bytes<R: Record>(header: &Header) -> [u8; HEADER_BYTES as usize] {
    let mut bytes = [0u8; HEADER_BYTES as usize];
    bytes[0..8].copy_from_slice(R::MAGIC);
    bytes[8..16].copy_from_slice(&header.seed.to_le_bytes());
    bytes[16..20].copy_from_slice(&header.setting.to_le_bytes());
    bytes[24..32].copy_from_slice(&header.games.to_le_bytes());
    bytes[32..40].copy_from_slice(&header.records.to_le_bytes());
    bytes
}

/// Reads every record of a data file (those the header counts).
///
/// # Errors
/// If the file cannot be read or holds something else.
pub fn read<R: Record>(path: &Path) -> Result<(Header, Vec<R>), DataError> {
    let mut file = File::open(path).map_err(|e| error(path, e))?;
    let header = read_header::<R>(path, &mut file)?;
    let mut reader = BufReader::new(file);
    let mut records = Vec::with_capacity(header.records as usize);
    let mut bytes = vec![0u8; R::BYTES];
    for index in 0..header.records {
        reader.read_exact(&mut bytes).map_err(|e| error(path, e))?;
        records
            .push(R::from_bytes(&bytes).map_err(|e| error(path, format!("record {index}: {e}")))?);
    }
    Ok((header, records))
}

/// A data file open for appending games.
pub struct Writer<R: Record> {
    path: PathBuf,
    file: File,
    header: Header,
    record: PhantomData<fn(R)>,
}

impl<R: Record> Writer<R> {
    /// Opens `path` to add games played with `seed` and `setting`: a new
    /// file if there is none, else the existing one after checking it was
    /// made with the same settings (anything after its last complete batch
    /// is dropped).
    ///
    /// # Errors
    /// If the file cannot be opened or was made with other settings.
    pub fn open(path: &Path, seed: u64, setting: u32) -> Result<Writer<R>, DataError> {
        let exists = path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| error(path, e))?;
        let header = if exists {
            let header = read_header::<R>(path, &mut file)?;
            if header.seed != seed || header.setting != setting {
                return Err(error(
                    path,
                    format!(
                        "made with --seed {} {} {}: resume it with those, or write another file",
                        header.seed,
                        R::SETTING,
                        header.setting
                    ),
                ));
            }
            header
        } else {
            Header {
                seed,
                setting,
                games: 0,
                records: 0,
            }
        };
        file.set_len(HEADER_BYTES + header.records * R::BYTES as u64)
            .map_err(|e| error(path, e))?;
        let mut writer = Writer {
            path: path.to_owned(),
            file,
            header,
            record: PhantomData,
        };
        writer.write_header()?;
        Ok(writer)
    }

    /// What the file holds so far.
    #[must_use]
    pub fn header(&self) -> Header {
        self.header
    }

    /// Appends the records of `games` more games, then counts them in the
    /// header.
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn append(&mut self, games: u64, records: &[R]) -> Result<(), DataError> {
        let path = self.path.clone();
        let end = HEADER_BYTES + self.header.records * R::BYTES as u64;
        self.file
            .seek(SeekFrom::Start(end))
            .map_err(|e| error(&path, e))?;
        let mut out = BufWriter::new(&mut self.file);
        let mut bytes = vec![0u8; R::BYTES];
        for record in records {
            record.write_bytes(&mut bytes);
            out.write_all(&bytes).map_err(|e| error(&path, e))?;
        }
        out.flush().map_err(|e| error(&path, e))?;
        drop(out);
        self.file.sync_data().map_err(|e| error(&path, e))?;
        self.header.games += games;
        self.header.records += records.len() as u64;
        self.write_header()
    }

    fn write_header(&mut self) -> Result<(), DataError> {
        let path = self.path.clone();
        self.file
            .seek(SeekFrom::Start(0))
            .map_err(|e| error(&path, e))?;
        self.file
            .write_all(&header_bytes::<R>(&self.header))
            .map_err(|e| error(&path, e))?;
        self.file.sync_data().map_err(|e| error(&path, e))
    }
}
