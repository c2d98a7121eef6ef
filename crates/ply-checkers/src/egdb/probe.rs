//! Probing: the value of a position read from the slice files, each slice read
//! once, when first needed.

use super::table::{self, Slice};
use super::{Error, Material, Value, slice_dir};
use crate::Position;
use crate::board::Board;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// An endgame database directory, opened for probing.
#[derive(Debug)]
pub struct Database {
    /// The directory given to [`Database::open`].
    dir: PathBuf,
    /// The most pieces of a slice file found there.
    max_pieces: u32,
    /// The slices read so far.
    loaded: Mutex<HashMap<Material, Arc<Slice>>>,
}

impl Database {
    /// The database in `dir` (the directory given to a build). Nothing is read
    /// yet but the list of slice files.
    #[must_use]
    pub fn open(dir: &Path) -> Database {
        Database {
            dir: dir.to_path_buf(),
            max_pieces: stored_materials(dir)
                .iter()
                .map(|m| m.pieces())
                .max()
                .unwrap_or(0),
            loaded: Mutex::new(HashMap::new()),
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
    pub fn probe_board(&self, board: &Board) -> Result<Value, Error> {
        if board.mine == 0 {
            return Ok(Value::Loss);
        }
        if board.theirs == 0 {
            return Ok(Value::Win);
        }
        let material = Material::of(board);
        let slice = self.slice(material)?;
        Ok(table::value(slice.get(slice.index.index(board))))
    }

    /// The slice of `material`, read on first use.
    ///
    /// # Errors
    /// As [`Database::probe`].
    pub fn slice(&self, material: Material) -> Result<Arc<Slice>, Error> {
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slice) = loaded.get(&material) {
            return Ok(Arc::clone(slice));
        }
        let pieces = material.pieces();
        match Slice::load(&slice_dir(&self.dir), material)? {
            Some(slice) => {
                let slice = Arc::new(slice);
                loaded.insert(material, Arc::clone(&slice));
                Ok(slice)
            }
            None if pieces > self.max_pieces => Err(Error::TooManyPieces {
                pieces,
                available: self.max_pieces,
                dir: self.dir.clone(),
            }),
            None => Err(Error::Missing {
                material,
                pieces,
                dir: self.dir.clone(),
            }),
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
