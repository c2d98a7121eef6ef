//! The book file: compact, little-endian, read back with a clear error for
//! anything that is not a whole book of the game asked for.
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `PLYBOOK` and a zero byte |
//! | 2 | version, 1 |
//! | 1 + n | the game's name: its length, then its bytes (`othello`) |
//! | 8 | the settings hash |
//! | 2 + n | the settings in words: their length, then UTF-8 |
//! | 4 | the number of records |
//! | 14 each | the records, by increasing hash: hash (8), value (2), search value (2), ply (1), flags (1) |

use super::{Record, SearchBook};
use std::path::Path;

/// The first bytes of every book file.
pub const MAGIC: [u8; 8] = *b"PLYBOOK\0";
/// The version of the file format written.
pub const VERSION: u16 = 1;
/// The size of one record in the file.
pub const RECORD_BYTES: usize = 14;

/// Why a book cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("book {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Not a book file.
    #[error("not a ply book (bad magic bytes)")]
    BadMagic,
    /// A book of a version this ply cannot read.
    #[error("book format version {0} is not supported (this ply reads version {VERSION})")]
    Version(u16),
    /// A book of another game.
    #[error("this book is for {found}, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The book's game.
        found: String,
    },
    /// The file ends too soon.
    #[error("truncated book: {0}")]
    Truncated(&'static str),
    /// Anything else wrong with the bytes.
    #[error("corrupt book: {0}")]
    Corrupt(String),
    /// A resumed build with settings other than the file's.
    #[error(
        "the book was built with other settings ({found}); resume with the same ones or start a new file"
    )]
    OtherSettings {
        /// The file's settings.
        found: String,
    },
}

/// The bytes of `book`.
#[must_use]
pub fn to_bytes(book: &SearchBook) -> Vec<u8> {
    let header = book.header();
    let game = header.game.as_bytes();
    let settings = header.settings.as_bytes();
    let game_len = game.len().min(255);
    let settings_len = settings.len().min(usize::from(u16::MAX));
    let mut out = Vec::with_capacity(32 + settings_len + book.len() * RECORD_BYTES);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(game_len as u8);
    out.extend_from_slice(&game[..game_len]);
    out.extend_from_slice(&header.settings_hash.to_le_bytes());
    out.extend_from_slice(&(settings_len as u16).to_le_bytes());
    out.extend_from_slice(&settings[..settings_len]);
    out.extend_from_slice(&(book.len() as u32).to_le_bytes());
    for r in book.records() {
        out.extend_from_slice(&r.hash.to_le_bytes());
        out.extend_from_slice(&r.value.to_le_bytes());
        out.extend_from_slice(&r.search.to_le_bytes());
        out.push(r.ply);
        out.push(r.flags);
    }
    out
}

/// A reader of the file's fields that says which one is missing.
struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], BookError> {
        if self.0.len() < n {
            return Err(BookError::Truncated(what));
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], BookError> {
        Ok(self.take(N, what)?.try_into().expect("N bytes"))
    }
}

/// Reads a book of game `game` from `bytes`.
///
/// # Errors
/// [`BookError`] for bytes that are not a whole book of `game`.
pub fn from_bytes(bytes: &[u8], game: &str) -> Result<SearchBook, BookError> {
    if !bytes.starts_with(&MAGIC) {
        return Err(if MAGIC.starts_with(bytes) {
            BookError::Truncated("no magic bytes")
        } else {
            BookError::BadMagic
        });
    }
    let mut input = Bytes(&bytes[MAGIC.len()..]);
    let version = u16::from_le_bytes(input.array("no version")?);
    if version != VERSION {
        return Err(BookError::Version(version));
    }
    let game_len = input.array::<1>("no game name")?[0];
    let found = input.take(usize::from(game_len), "the game name is cut")?;
    let found = String::from_utf8_lossy(found).into_owned();
    if found != game {
        return Err(BookError::WrongGame {
            expected: game.to_owned(),
            found,
        });
    }
    let settings_hash = u64::from_le_bytes(input.array("no settings hash")?);
    let settings_len = u16::from_le_bytes(input.array("no settings")?);
    let settings = input.take(usize::from(settings_len), "the settings are cut")?;
    let settings = String::from_utf8(settings.to_vec())
        .map_err(|_| BookError::Corrupt("the settings are not UTF-8".to_owned()))?;
    let count = u32::from_le_bytes(input.array("no record count")?) as usize;
    let expected = count.saturating_mul(RECORD_BYTES);
    if input.0.len() < expected {
        return Err(BookError::Truncated("fewer records than the header says"));
    }
    if input.0.len() > expected {
        return Err(BookError::Corrupt(format!(
            "{} bytes after the last record",
            input.0.len() - expected
        )));
    }
    let mut records = Vec::with_capacity(count);
    for chunk in input.0.chunks_exact(RECORD_BYTES) {
        let record = Record {
            hash: u64::from_le_bytes(chunk[0..8].try_into().expect("8 bytes")),
            value: i16::from_le_bytes([chunk[8], chunk[9]]),
            search: i16::from_le_bytes([chunk[10], chunk[11]]),
            ply: chunk[12],
            flags: chunk[13],
        };
        if records
            .last()
            .is_some_and(|last: &Record| last.hash >= record.hash)
        {
            return Err(BookError::Corrupt(
                "the records are not sorted by hash".to_owned(),
            ));
        }
        records.push(record);
    }
    let header = super::Header {
        game: found,
        settings_hash,
        settings,
    };
    Ok(SearchBook::new(header, records))
}

/// Reads the book file `path` of game `game`.
///
/// # Errors
/// [`BookError`] for a file that cannot be read or is not a whole book of
/// `game`.
pub fn read(path: &Path, game: &str) -> Result<SearchBook, BookError> {
    let bytes = std::fs::read(path).map_err(|source| BookError::Io {
        path: path.display().to_string(),
        source,
    })?;
    from_bytes(&bytes, game)
}

/// Writes `book` to `path` whole or not at all (through a file beside it,
/// renamed over it).
///
/// # Errors
/// [`BookError::Io`] if the file cannot be written.
pub fn write(path: &Path, book: &SearchBook) -> Result<(), BookError> {
    let io = |source| BookError::Io {
        path: path.display().to_string(),
        source,
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    std::fs::write(&partial, to_bytes(book)).map_err(io)?;
    std::fs::rename(&partial, path).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Header;

    fn book() -> SearchBook {
        let header = Header {
            game: "othello".to_owned(),
            settings_hash: 0x1234,
            settings: "depth 2".to_owned(),
        };
        let record = |hash, value| Record {
            hash,
            value,
            search: value,
            ply: 1,
            flags: 0,
        };
        SearchBook::new(header, vec![record(9, -5), record(3, 7), record(5, 0)])
    }

    #[test]
    fn books_read_back_and_find_their_positions() {
        let book = book();
        let bytes = to_bytes(&book);
        assert_eq!(bytes.len(), 8 + 2 + 8 + 8 + 2 + 7 + 4 + 3 * RECORD_BYTES);
        let back = from_bytes(&bytes, "othello").unwrap();
        assert_eq!(back, book);
        assert_eq!(back.get(3).unwrap().value, 7);
        assert_eq!(back.get(4), None);
    }

    #[test]
    fn bad_files_give_clear_errors() {
        let bytes = to_bytes(&book());
        let err = |bytes: &[u8]| from_bytes(bytes, "othello").unwrap_err().to_string();
        assert_eq!(err(b"hello"), "not a ply book (bad magic bytes)");
        assert_eq!(err(b"PLYB"), "truncated book: no magic bytes");
        assert_eq!(err(b"GIF89a.........."), "not a ply book (bad magic bytes)");
        assert_eq!(
            from_bytes(&bytes, "checkers").unwrap_err().to_string(),
            "this book is for othello, not checkers"
        );
        assert_eq!(
            err(&bytes[..bytes.len() - 1]),
            "truncated book: fewer records than the header says"
        );
        assert_eq!(err(&bytes[..12]), "truncated book: the game name is cut");
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(err(&longer), "corrupt book: 1 bytes after the last record");
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(err(&version).starts_with("book format version 9"));
        let mut unsorted = bytes;
        let first = unsorted.len() - 3 * RECORD_BYTES;
        unsorted[first..first + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(
            err(&unsorted),
            "corrupt book: the records are not sorted by hash"
        );
        // Every cut of a good file is an error, never a panic.
        let good = to_bytes(&book());
        for end in 0..good.len() {
            assert!(from_bytes(&good[..end], "othello").is_err());
        }
    }
}
