//! The data files of the training pipelines: a header, then records of one
//! fixed size, one per position.
//!
//! Header (40 bytes, integers little-endian): the file's magic (8 bytes), the
//! settings its games were played with (16 bytes, laid out by the pipeline),
//! the games played (u64) and the records stored (u64). The header is
//! rewritten after each batch of games, so a file cut short by an
//! interrupted run is read up to the last complete batch and resumed from
//! there.

use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};

/// Bytes of the header.
pub const HEADER_BYTES: u64 = 40;

/// Bytes of the settings in the header.
pub const SETTINGS_BYTES: usize = 16;

/// The settings a data file's games were played with, as its header keeps
/// them: a run resumes a file only with the same ones.
pub trait Settings: Copy + PartialEq {
    /// The settings as the header stores them.
    fn to_bytes(&self) -> [u8; SETTINGS_BYTES];

    /// The settings a header stores.
    fn from_bytes(bytes: &[u8; SETTINGS_BYTES]) -> Self;

    /// The settings as command-line options, for messages
    /// (`--seed 1 --exact-empties 18`).
    fn describe(&self) -> String;
}

/// One record of a data file.
pub trait Record: Sized {
    /// The settings in the file's header.
    type Settings: Settings;
    /// The first eight bytes of a file of these records.
    const MAGIC: &'static [u8; 8];
    /// What such a file is, for messages ("an Othello training data file").
    const KIND: &'static str;
    /// Bytes of one record.
    const BYTES: usize;

    /// Writes the record into `out` (`BYTES` long, zeroed).
    fn write(&self, out: &mut [u8]);

    /// Reads a record from `bytes` (`BYTES` long).
    ///
    /// # Errors
    /// What is wrong with the bytes.
    fn read(bytes: &[u8]) -> Result<Self, String>;
}

/// What a data file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header<S> {
    /// The settings its games were played with.
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
        settings: R::Settings::from_bytes(&bytes[8..24].try_into().expect("16 bytes")),
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
        records.push(R::read(&bytes).map_err(|e| error(path, format!("record {index}: {e}")))?);
    }
    Ok((header, records))
}

/// A data file open for appending games.
pub struct Writer<R: Record> {
    path: PathBuf,
    file: File,
    header: Header<R::Settings>,
    records: PhantomData<R>,
}

impl<R: Record> Writer<R> {
    /// Opens `path` to add games played with `settings`: a new file if there
    /// is none, else the existing one after checking it was made with the
    /// same settings (anything after its last complete batch is dropped).
    ///
    /// # Errors
    /// If the file cannot be opened or was made with other settings.
    pub fn open(path: &Path, settings: R::Settings) -> Result<Writer<R>, DataError> {
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
            if header.settings != settings {
                return Err(error(
                    path,
                    format!(
                        "made with {}: resume it with those, or write another file",
                        header.settings.describe()
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
        file.set_len(HEADER_BYTES + header.records * R::BYTES as u64)
            .map_err(|e| error(path, e))?;
        let mut writer = Writer {
            path: path.to_owned(),
            file,
            header,
            records: PhantomData,
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
            bytes.fill(0);
            record.write(&mut bytes);
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
        let mut bytes = [0u8; HEADER_BYTES as usize];
        bytes[0..8].copy_from_slice(R::MAGIC);
        bytes[8..24].copy_from_slice(&self.header.settings.to_bytes());
        bytes[24..32].copy_from_slice(&self.header.games.to_le_bytes());
        bytes[32..40].copy_from_slice(&self.header.records.to_le_bytes());
        self.file
            .seek(SeekFrom::Start(0))
            .map_err(|e| error(&path, e))?;
        self.file.write_all(&bytes).map_err(|e| error(&path, e))?;
        self.file.sync_data().map_err(|e| error(&path, e))
    }
}
