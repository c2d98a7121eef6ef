//! The values of one slice, 2 bits a position (4 a byte), and their files.
//!
//! A value is 0 for a draw (while building: not known yet), 1 for a win and
//! 2 for a loss of the side to move. A build only ever turns 0 into 1 or 2, so
//! threads set values with one atomic `or` and read them without locks.
//!
//! A slice file is a 24-byte header — the magic `PLYEGDB1`, the material's
//! four counts (side to move's men and kings, the other side's), 4 reserved
//! zero bytes and the number of positions as a little-endian `u64` — then the
//! values, position `i` in bits `2 (i mod 4)` of byte `i / 4`. Files are
//! written under a temporary name and renamed, so a file that exists is whole.

use super::index::SliceIndex;
use super::{Error, Material, Value};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};

/// The first bytes of every slice file.
const MAGIC: &[u8; 8] = b"PLYEGDB1";
/// The header's length.
const HEADER: usize = 24;

/// The code of a draw (or an unknown value during a build).
pub const DRAW: u8 = 0;
/// The code of a win for the side to move.
pub const WIN: u8 = 1;
/// The code of a loss for the side to move.
pub const LOSS: u8 = 2;

/// The value of a code.
#[must_use]
pub const fn value(code: u8) -> Value {
    match code {
        WIN => Value::Win,
        LOSS => Value::Loss,
        _ => Value::Draw,
    }
}

/// The code of a value.
#[must_use]
pub const fn code(value: Value) -> u8 {
    match value {
        Value::Win => WIN,
        Value::Loss => LOSS,
        Value::Draw => DRAW,
    }
}

/// A slice: its index and its values.
#[derive(Debug)]
pub struct Slice {
    /// The numbering of the positions.
    pub index: SliceIndex,
    values: Vec<AtomicU8>,
}

impl Slice {
    /// A slice of `material` with every value 0 (draw, or not known yet).
    #[must_use]
    pub fn new(material: Material) -> Slice {
        let index = SliceIndex::new(material);
        let bytes = index.size().div_ceil(4) as usize;
        Slice {
            index,
            values: (0..bytes).map(|_| AtomicU8::new(0)).collect(),
        }
    }

    /// The code of position `i`.
    #[inline(always)]
    #[must_use]
    pub fn get(&self, i: u64) -> u8 {
        (self.values[(i / 4) as usize].load(Ordering::Relaxed) >> (2 * (i % 4))) & 3
    }

    /// Sets the code of position `i` if it is 0 so far; whether it was (a
    /// thread that finds it set by another computed the same value).
    #[inline(always)]
    pub fn set(&self, i: u64, code: u8) -> bool {
        let shift = 2 * (i % 4);
        let before = self.values[(i / 4) as usize].fetch_or(code << shift, Ordering::Relaxed);
        debug_assert!((before >> shift) & 3 == DRAW || (before >> shift) & 3 == code);
        (before >> shift) & 3 == DRAW
    }

    /// The number of positions.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.index.size()
    }

    /// The number of wins, losses and draws.
    #[must_use]
    pub fn census(&self) -> [u64; 3] {
        let mut counts = [0; 3];
        for i in 0..self.size() {
            match self.get(i) {
                WIN => counts[0] += 1,
                LOSS => counts[1] += 1,
                _ => counts[2] += 1,
            }
        }
        counts
    }

    /// Writes the slice to its file in `dir` (created if need be).
    ///
    /// # Errors
    /// [`Error::Io`] if the directory or file cannot be written.
    pub fn save(&self, dir: &Path) -> Result<(), Error> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| Error::Io { path, source }
        };
        fs::create_dir_all(dir).map_err(io(dir))?;
        let material = self.index.material();
        let path = dir.join(material.file_name());
        let temporary = dir.join(format!("{}.part", material.file_name()));
        let mut bytes = Vec::with_capacity(HEADER + self.values.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&[
            material.my_men,
            material.my_kings,
            material.their_men,
            material.their_kings,
            0,
            0,
            0,
            0,
        ]);
        bytes.extend_from_slice(&self.size().to_le_bytes());
        bytes.extend(self.values.iter().map(|byte| byte.load(Ordering::Relaxed)));
        let mut file = fs::File::create(&temporary).map_err(io(&temporary))?;
        file.write_all(&bytes).map_err(io(&temporary))?;
        file.sync_all().map_err(io(&temporary))?;
        fs::rename(&temporary, &path).map_err(io(&path))
    }

    /// Reads the slice of `material` from `dir`; `Ok(None)` if there is no file.
    ///
    /// # Errors
    /// [`Error::Io`] if the file cannot be read, [`Error::BadFile`] if it is
    /// not this slice.
    pub fn load(dir: &Path, material: Material) -> Result<Option<Slice>, Error> {
        let path = dir.join(material.file_name());
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(Error::Io { path, source }),
        };
        let bad = |why: String| Error::BadFile {
            path: path.clone(),
            why,
        };
        let index = SliceIndex::new(material);
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(bad("no PLYEGDB1 header".into()));
        }
        let counts = [
            material.my_men,
            material.my_kings,
            material.their_men,
            material.their_kings,
        ];
        if bytes[8..12] != counts {
            return Err(bad(format!("it holds material {:?}", &bytes[8..12])));
        }
        let size = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let expected = index.size().div_ceil(4) as usize;
        if size != index.size() || bytes.len() - HEADER != expected {
            return Err(bad(format!(
                "{} value bytes for {size} positions, expected {expected} for {}",
                bytes.len() - HEADER,
                index.size()
            )));
        }
        Ok(Some(Slice {
            index,
            values: bytes[HEADER..].iter().map(|&b| AtomicU8::new(b)).collect(),
        }))
    }

    /// The file of `material` in `dir`.
    #[must_use]
    pub fn path(dir: &Path, material: Material) -> PathBuf {
        dir.join(material.file_name())
    }
}
