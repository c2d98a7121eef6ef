//! Probing: the value of a position read from the slice files, each slice read
//! once, when first needed. Reading a slice already in memory takes no lock:
//! the search probes from several threads at every node within reach.

use super::table::{self, Slice};
use super::{Error, Material, Value, slice_dir};
use crate::Position;
use crate::board::Board;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// No slice file of this material: the mark in [`Database`]'s table of cells.
const ABSENT: u16 = u16::MAX;

/// An endgame database directory, opened for probing.
#[derive(Debug)]
pub struct Database {
    /// The directory given to [`Database::open`].
    dir: PathBuf,
    /// The most pieces of a slice file found there.
    max_pieces: u32,
    /// For each [`Material::id`], the index of its cell in `slices`, or
    /// [`ABSENT`] when the directory had no file of it when opened.
    cells: Vec<u16>,
    /// The slices of the files found, each read on first use.
    slices: Vec<OnceLock<Slice>>,
    /// Whether a thread was started to read each slice
    /// ([`Database::probe_in_memory`]).
    fetching: Vec<AtomicBool>,
    /// Held while a slice file is read, so that it is read once.
    reading: Mutex<()>,
}

impl Database {
    /// The database in `dir` (the directory given to a build). Nothing is read
    /// yet but the list of slice files; slices built later are not seen.
    #[must_use]
    pub fn open(dir: &Path) -> Database {
        let stored = stored_materials(dir);
        let mut cells = vec![ABSENT; Material::COUNT];
        for (cell, material) in stored.iter().enumerate() {
            cells[material.id()] = cell as u16;
        }
        Database {
            dir: dir.to_path_buf(),
            max_pieces: stored.iter().map(|m| m.pieces()).max().unwrap_or(0),
            cells,
            slices: stored.iter().map(|_| OnceLock::new()).collect(),
            fetching: stored.iter().map(|_| AtomicBool::new(false)).collect(),
            reading: Mutex::new(()),
        }
    }

    /// The directory.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The most pieces of a stored slice (0 if there is none): positions with
    /// up to this many pieces can be probed if all slices were built.
    #[must_use]
    pub const fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The value of `position` for the side to move.
    ///
    /// # Errors
    /// [`Error::TooManyPieces`] beyond the stored piece count,
    /// [`Error::Missing`] if the slice was not built, or an error reading it.
    pub fn probe(&self, position: &Position) -> Result<Value, Error> {
        self.probe_board(position.board())
    }

    /// The value of a side-relative board (see [`crate::board`]) for the side
    /// to move.
    ///
    /// # Errors
    /// As [`Database::probe`].
    #[inline]
    pub fn probe_board(&self, board: &Board) -> Result<Value, Error> {
        if board.mine == 0 {
            return Ok(Value::Loss);
        }
        if board.theirs == 0 {
            return Ok(Value::Win);
        }
        let slice = self.slice(Material::of(board))?;
        Ok(table::value(slice.get(slice.index.index(board))))
    }

    /// The value of a side-relative board for the side to move if its slice
    /// is in memory already; `None` otherwise, and then a thread of its own
    /// reads the slice (once), so that later probes find it. A search probes
    /// this way: reading a slice file takes far longer than a move may.
    /// A slice that cannot be read stays unread (`None`).
    #[inline]
    pub fn probe_in_memory(self: &Arc<Self>, board: &Board) -> Option<Value> {
        if board.mine == 0 {
            return Some(Value::Loss);
        }
        if board.theirs == 0 {
            return Some(Value::Win);
        }
        let material = Material::of(board);
        let cell = self.cell(material)?;
        if let Some(slice) = self.slices[cell].get() {
            return Some(table::value(slice.get(slice.index.index(board))));
        }
        if !self.fetching[cell].swap(true, Ordering::Relaxed) {
            let database = Arc::clone(self);
            // Without a thread the slice is read on a later blocking probe.
            let _ = std::thread::Builder::new()
                .name("egdb-read".to_owned())
                .spawn(move || database.slice(material).is_ok());
        }
        None
    }

    /// Reads every slice into memory now (the slices probes would read on
    /// first use).
    ///
    /// # Errors
    /// The first slice that cannot be read.
    pub fn read_all(&self) -> Result<(), Error> {
        for material in stored_materials(&self.dir) {
            if self.cell(material).is_some() {
                self.slice(material)?;
            }
        }
        Ok(())
    }

    /// The index of `material`'s cell in `slices`, if its file was found.
    #[inline]
    fn cell(&self, material: Material) -> Option<usize> {
        // Counts above 12 have no id; no file has them either.
        let counts = [
            material.my_men,
            material.my_kings,
            material.their_men,
            material.their_kings,
        ];
        if counts.iter().any(|&count| count > 12) {
            return None;
        }
        let cell = self.cells[material.id()];
        (cell != ABSENT).then_some(usize::from(cell))
    }

    /// The slice of `material`, read on first use.
    ///
    /// # Errors
    /// As [`Database::probe`].
    #[inline]
    pub fn slice(&self, material: Material) -> Result<&Slice, Error> {
        let Some(cell) = self.cell(material) else {
            return Err(self.not_stored(material));
        };
        let cell = &self.slices[cell];
        match cell.get() {
            Some(slice) => Ok(slice),
            None => self.read(material, cell),
        }
    }

    /// Reads the slice of `material` into `cell` (once, whichever thread
    /// comes first).
    #[cold]
    fn read<'a>(&self, material: Material, cell: &'a OnceLock<Slice>) -> Result<&'a Slice, Error> {
        let _reading = self.reading.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slice) = cell.get() {
            return Ok(slice);
        }
        match Slice::load(&slice_dir(&self.dir), material)? {
            Some(slice) => Ok(cell.get_or_init(|| slice)),
            None => Err(self.not_stored(material)),
        }
    }

    /// The error for a material without a slice file.
    fn not_stored(&self, material: Material) -> Error {
        let pieces = material.pieces();
        if pieces > self.max_pieces {
            Error::TooManyPieces {
                pieces,
                available: self.max_pieces,
                dir: self.dir.clone(),
            }
        } else {
            Error::Missing {
                material,
                pieces,
                dir: self.dir.clone(),
            }
        }
    }
}

/// The materials whose slice files lie in database directory `dir`, sorted.
#[must_use]
pub fn stored_materials(dir: &Path) -> Vec<Material> {
    let Ok(entries) = std::fs::read_dir(slice_dir(dir)) else {
        return Vec::new();
    };
    let mut materials: Vec<Material> = entries
        .filter_map(|entry| parse_file_name(&entry.ok()?.file_name().to_string_lossy()))
        .collect();
    materials.sort_by_key(|m| (m.pieces(), m.men(), *m));
    materials
}

/// The material of a slice file name (`m2k1-m0k2.egdb`).
pub(super) fn parse_file_name(name: &str) -> Option<Material> {
    let stem = name.strip_suffix(".egdb")?;
    let (mine, theirs) = stem.split_once('-')?;
    let side = |text: &str| -> Option<(u8, u8)> {
        let (men, kings) = text.strip_prefix('m')?.split_once('k')?;
        Some((men.parse().ok()?, kings.parse().ok()?))
    };
    let (my_men, my_kings) = side(mine)?;
    let (their_men, their_kings) = side(theirs)?;
    let material = Material::new(my_men, my_kings, their_men, their_kings);
    (material.file_name() == name
        && my_men + my_kings <= 12
        && their_men + their_kings <= 12
        && material.is_contested())
    .then_some(material)
}
