//! Endgame databases: the exact value (win, loss or draw for the side to move;
//! a repetition is a draw, there is no move-count rule) of every position with
//! a few pieces, computed by retrograde analysis and stored 2 bits a position.
//!
//! - [`Material`]: a slice, the numbers of men and kings of the side to move
//!   and of the other side; positions are side-relative (see [`crate::board`]),
//!   so one slice serves both colours;
//! - [`index`]: the gap-free numbering of a slice's positions;
//! - [`table`]: the values of a slice, 4 a byte, and their files;
//! - [`build`]: the builder, slice by slice, each slice after the slices its
//!   moves lead to;
//! - [`probe`]: a [`Database`] on disk, read slice by slice on demand;
//! - [`verify`]: every stored value re-derived from its successors;
//! - [`search`]: an evaluator that answers from the database in the search.
//!
//! ```no_run
//! use ply_checkers::egdb::{self, Database, Value};
//! use ply_core::Game;
//!
//! let dir = egdb::default_dir().unwrap();
//! egdb::build::build(&dir, 3, 2, &|_| {}).unwrap();
//! let position = ply_checkers::Checkers::parse_position("W:WK1,K3:BK32").unwrap();
//! assert_eq!(Database::open(&dir).probe(&position).unwrap(), Value::Win);
//! ```

pub mod build;
pub mod index;
pub mod probe;
pub mod search;
pub mod table;
pub mod verify;

pub use probe::Database;

use crate::board::Board;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most pieces of one side ([`crate::notation::MAX_PIECES`]).
const MAX_SIDE: u8 = 12;

/// The game-theoretic value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses with best play.
    Loss,
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The value's name: `win`, `loss` or `draw`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }

    /// The value for the other side.
    #[must_use]
    pub const fn negated(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A slice: the numbers of men and kings of the side to move ("my") and of
/// the other side ("their").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// The side to move's men.
    pub my_men: u8,
    /// The side to move's kings.
    pub my_kings: u8,
    /// The other side's men.
    pub their_men: u8,
    /// The other side's kings.
    pub their_kings: u8,
}

impl Material {
    /// The number of distinct materials [`Material::id`] tells apart.
    pub const COUNT: usize = 13 * 13 * 13 * 13;

    /// The material with these numbers of pieces.
    #[must_use]
    pub const fn new(my_men: u8, my_kings: u8, their_men: u8, their_kings: u8) -> Material {
        Material {
            my_men,
            my_kings,
            their_men,
            their_kings,
        }
    }

    /// The material of a side-relative board.
    #[inline(always)]
    #[must_use]
    pub const fn of(board: &Board) -> Material {
        Material {
            my_men: (board.mine & !board.kings).count_ones() as u8,
            my_kings: (board.mine & board.kings).count_ones() as u8,
            their_men: (board.theirs & !board.kings).count_ones() as u8,
            their_kings: (board.theirs & board.kings).count_ones() as u8,
        }
    }

    /// All pieces.
    #[must_use]
    pub const fn pieces(self) -> u32 {
        self.my_men as u32 + self.my_kings as u32 + self.their_men as u32 + self.their_kings as u32
    }

    /// The men of both sides.
    #[must_use]
    pub const fn men(self) -> u32 {
        self.my_men as u32 + self.their_men as u32
    }

    /// The same pieces with the other side to move.
    #[must_use]
    pub const fn mirrored(self) -> Material {
        Material::new(self.their_men, self.their_kings, self.my_men, self.my_kings)
    }

    /// Whether both sides have pieces: only such slices are built and stored
    /// (a side without pieces has lost).
    #[must_use]
    pub const fn is_contested(self) -> bool {
        self.my_men + self.my_kings > 0 && self.their_men + self.their_kings > 0
    }

    /// A dense number below [`Material::COUNT`] (each count at most 12).
    #[inline(always)]
    #[must_use]
    pub const fn id(self) -> usize {
        ((self.my_men as usize * 13 + self.my_kings as usize) * 13 + self.their_men as usize) * 13
            + self.their_kings as usize
    }

    /// Every material with 1 to `max_pieces` pieces (at most 12 a side), one
    /// side possibly without pieces, by piece count.
    #[must_use]
    pub fn all(max_pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        for pieces in 1..=max_pieces {
            for my_men in 0..=MAX_SIDE {
                for my_kings in 0..=MAX_SIDE - my_men {
                    for their_men in 0..=MAX_SIDE {
                        for their_kings in 0..=MAX_SIDE - their_men {
                            let material = Material::new(my_men, my_kings, their_men, their_kings);
                            if material.pieces() == pieces {
                                all.push(material);
                            }
                        }
                    }
                }
            }
        }
        all
    }

    /// The slice's file name, e.g. `m2k1-m0k2.egdb`.
    #[must_use]
    pub fn file_name(self) -> String {
        format!(
            "m{}k{}-m{}k{}.egdb",
            self.my_men, self.my_kings, self.their_men, self.their_kings
        )
    }
}

impl fmt::Display for Material {
    /// `2m1k v 0m2k`: the side to move first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}m{}k v {}m{}k",
            self.my_men, self.my_kings, self.their_men, self.their_kings
        )
    }
}

/// The position of a side-relative board, its side to move as Black.
#[must_use]
pub fn position(board: &Board) -> crate::Position {
    crate::Position::from_pieces(board.mine, board.theirs, board.kings, crate::Color::Black)
        .expect("a slice holds only legal boards")
}

/// The environment variable naming the database directory.
pub const DIR_VARIABLE: &str = "PLY_EGDB_DIR";

/// The database in [`default_dir`], for engines to probe; `None` when the
/// directory holds no database.
#[must_use]
pub fn default_database() -> Option<std::sync::Arc<Database>> {
    let database = Database::open(&default_dir()?);
    (database.max_pieces() > 0).then(|| std::sync::Arc::new(database))
}

/// The database directory when none is given: `$PLY_EGDB_DIR`, else
/// `$XDG_CACHE_HOME/ply/egdb`, else `~/.cache/ply/egdb`; `None` without a home.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    let set = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(dir) = set(DIR_VARIABLE) {
        return Some(PathBuf::from(dir));
    }
    if let Some(cache) = set("XDG_CACHE_HOME") {
        return Some(Path::new(&cache).join("ply").join("egdb"));
    }
    set("HOME").map(|home| Path::new(&home).join(".cache").join("ply").join("egdb"))
}

/// Where the checkers slices lie under a database directory.
#[must_use]
pub fn slice_dir(dir: &Path) -> PathBuf {
    dir.join("checkers")
}

/// Why a database could not be built, read or probed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A file is not a slice of this database (wrong header or length).
    #[error("{path}: not a ply checkers endgame database slice ({why}); delete it and build again")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// The position has more pieces than the databases hold.
    #[error(
        "the position has {pieces} pieces; the databases in {dir} hold up to {available}: build more with `ply egdb build checkers --pieces {pieces}`"
    )]
    TooManyPieces {
        /// The pieces of the position.
        pieces: u32,
        /// The most pieces of the slices found.
        available: u32,
        /// The database directory.
        dir: PathBuf,
    },
    /// The slice of the position has not been built.
    #[error(
        "no endgame database for {material} in {dir}: build it with `ply egdb build checkers --pieces {pieces} --dir {dir}`"
    )]
    Missing {
        /// The slice.
        material: Material,
        /// Its piece count.
        pieces: u32,
        /// The database directory.
        dir: PathBuf,
    },
    /// The build was asked for a piece count it cannot do.
    #[error("--pieces must be between 1 and {max}, not {pieces}")]
    BadPieceCount {
        /// The piece count asked for.
        pieces: u32,
        /// The most the index handles.
        max: u32,
    },
    /// The thread pool could not be started.
    #[error("cannot start {threads} threads: {why}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// Why not.
        why: String,
    },
}

#[cfg(test)]
mod tests;
