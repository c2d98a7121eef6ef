//! The data files of the training pipelines: a header, then fixed-size
//! records, one per position.
//!
//! Layout (all integers little-endian):
//! - a 40-byte header: the game's magic (8 bytes), the seed (u64), the
//!   other settings the games were played with ([`SETTINGS_BYTES`] bytes,
//!   laid out by the game's [`Settings`]), the games played (u64) and the
//!   records stored (u64);
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

/// Bytes of the settings in the header, after the seed.
pub const SETTINGS_BYTES: usize = 8;

/// The settings besides the seed that a data file's games were played
/// with, as its header keeps them: a run resumes a file only with the same
/// ones.
pub trait Settings: Copy + PartialEq {
    /// The settings as the header stores them.
    fn to_bytes(&self) -> [u8; SETTINGS_BYTES];
    /// The settings a header stores.
    fn from_bytes(bytes: &[u8; SETTINGS_BYTES]) -> Self;
}

/// One number: the first four bytes (little-endian), the others 0.
impl Settings for u32 {
    fn to_bytes(&self) -> [u8; SETTINGS_BYTES] {
        let mut bytes = [0u8; SETTINGS_BYTES];
        bytes[0..4].copy_from_slice(&self.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8; SETTINGS_BYTES]) -> u32 {
        u32::from_le_bytes(bytes[0..4].try_into().expect("4 bytes"))
    }
}

/// One position of a data file, as it is stored.
pub trait Record: Sized {
    /// The settings the header keeps besides the seed.
    type Settings: Settings;
    /// The first eight bytes of a file of these records.
    const MAGIC: &'static [u8; 8];
    /// What the file holds, for messages ("an Othello training data file").
    const KIND: &'static str;
    /// Bytes of one record.
    const BYTES: usize;
    /// The settings as command-line options, for messages
    /// (`--exact-empties 18`).
    fn describe(settings: &Self::Settings) -> String;
    /// Why no run can add games to a file made with `settings` (an older
    /// layout that today's generator no longer writes), if none can.
    fn not_resumable(_settings: &Self::Settings) -> Option<String> {
        None
    }
    /// The record's bytes (`out` has [`Record::BYTES`] bytes) in a file
    /// made with `settings` (where the layout depends on them).
    fn write_bytes(&self, out: &mut [u8], settings: &Self::Settings);
    /// The record stored in `bytes` ([`Record::BYTES`] of them) of a file
    /// made with `settings`.
    ///
    /// # Errors
    /// If the bytes hold no valid record.
    fn from_bytes(bytes: &[u8], settings: &Self::Settings) -> Result<Self, String>;
}

/// What a data file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header<S> {
    /// The seed its games were played from.
    pub seed: u64,
    /// The other settings its games were played with.
    pub settings: S,
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

fn read_header<R: Record>(path: &Path, file: &mut File) -> Result<Header<R::Settings>, DataError> {
    let mut bytes = [0u8; HEADER_BYTES as usize];
    file.read_exact(&mut bytes)
        .map_err(|_| error(path, format!("not {} (too short)", R::KIND)))?;
    if &bytes[0..8] != R::MAGIC {
        return Err(error(path, format!("not {} (bad magic)", R::KIND)));
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let header = Header {
        seed: u64_at(8),
        settings: R::Settings::from_bytes(&bytes[16..24].try_into().expect("8 bytes")),
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

fn header_bytes<R: Record>(header: &Header<R::Settings>) -> [u8; HEADER_BYTES as usize] {
    let mut bytes = [0u8; HEADER_BYTES as usize];
    bytes[0..8].copy_from_slice(R::MAGIC);
    bytes[8..16].copy_from_slice(&header.seed.to_le_bytes());
    bytes[16..24].copy_from_slice(&header.settings.to_bytes());
    bytes[24..32].copy_from_slice(&header.games.to_le_bytes());
    bytes[32..40].copy_from_slice(&header.records.to_le_bytes());
    bytes
}

/// Reads every record of a data file (those the header counts).
///
/// # Errors
/// If the file cannot be read or holds something else.
pub fn read<R: Record>(path: &Path) -> Result<(Header<R::Settings>, Vec<R>), DataError> {
    let mut file = File::open(path).map_err(|e| error(path, e))?;
    let header = read_header::<R>(path, &mut file)?;
    let mut reader = BufReader::new(file);
    let mut records = Vec::with_capacity(header.records as usize);
    let mut bytes = vec![0u8; R::BYTES];
    for index in 0..header.records {
        reader.read_exact(&mut bytes).map_err(|e| error(path, e))?;
        records.push(
            R::from_bytes(&bytes, &header.settings)
                .map_err(|e| error(path, format!("record {index}: {e}")))?,
        );
    }
    Ok((header, records))
}

/// A data file open for appending games.
pub struct Writer<R: Record> {
    path: PathBuf,
    file: File,
    header: Header<R::Settings>,
    record: PhantomData<fn(R)>,
}

impl<R: Record> Writer<R> {
    /// Opens `path` to add games played with `seed` and `settings`: a new
    /// file if there is none, else the existing one after checking it was
    /// made with the same settings (anything after its last complete batch
    /// is dropped).
    ///
    /// # Errors
    /// If the file cannot be opened or was made with other settings.
    pub fn open(path: &Path, seed: u64, settings: R::Settings) -> Result<Writer<R>, DataError> {
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
            if let Some(reason) = R::not_resumable(&header.settings) {
                return Err(error(
                    path,
                    format!(
                        "{reason}: training still reads it, but no run adds to it; write another file"
                    ),
                ));
            }
            if header.seed != seed || header.settings != settings {
                return Err(error(
                    path,
                    format!(
                        "made with --seed {} {}: resume it with those, or write another file",
                        header.seed,
                        R::describe(&header.settings)
                    ),
                ));
            }
            header
        } else {
            Header {
                seed,
                settings,
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
    pub fn header(&self) -> Header<R::Settings> {
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
            record.write_bytes(&mut bytes, &self.header.settings);
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
