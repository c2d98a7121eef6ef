//! Verification: every stored value re-derived from the stored values of its
//! successors — a win must have a move to a position lost for the opponent, a
//! loss only moves to positions won for the opponent (or none), a draw
//! neither.

use super::build::{Slices, build_order, thread_pool};
use super::table::{self, Slice};
use super::{Error, Material, Value, slice_dir};
use crate::board::Board;
use rayon::prelude::*;
use std::path::Path;
use std::sync::Mutex;

/// How many mismatches a report keeps as examples.
const EXAMPLES: usize = 10;

/// Positions one thread takes at a time.
const CHUNK: u64 = 1 << 12;

/// A stored value that its successors contradict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The position, side-relative (the side to move's men head towards
    /// higher bits, as Black's do).
    pub board: Board,
    /// The value on disk.
    pub stored: Value,
    /// The value its successors give.
    pub derived: Value,
}

/// What a verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Slices checked.
    pub slices: usize,
    /// Positions checked.
    pub positions: u64,
    /// Positions whose stored value is wrong.
    pub mismatches: u64,
    /// The first few of them.
    pub examples: Vec<Mismatch>,
}

/// Re-derives every value of the slices with up to `pieces` pieces in `dir`
/// on `threads` threads; `progress` hears of each slice checked.
///
/// # Errors
/// [`Error::Missing`] if a slice is not there, or an error reading one.
pub fn verify(
    dir: &Path,
    pieces: u32,
    threads: usize,
    progress: &(dyn Fn(Material, u64) + Sync),
) -> Result<Report, Error> {
    let pool = thread_pool(threads)?;
    let slice_dir = slice_dir(dir);
    let mut slices = Slices::default();
    let materials: Vec<Material> = build_order(pieces).into_iter().flatten().collect();
    for &material in &materials {
        if !slices.load(&slice_dir, material)? {
            return Err(Error::Missing {
                material,
                pieces: material.pieces(),
                dir: dir.to_path_buf(),
            });
        }
    }
    let mut report = Report::default();
    let examples = Mutex::new(Vec::new());
    for &material in &materials {
        let slice: &Slice = slices.get(material).expect("loaded above");
        let mismatches: u64 = pool.install(|| {
            (0..slice.size().div_ceil(CHUNK))
                .into_par_iter()
                .map(|chunk| {
                    let end = ((chunk + 1) * CHUNK).min(slice.size());
                    let mut mismatches = 0;
                    for i in chunk * CHUNK..end {
                        let board = slice.index.board(i);
                        let stored = slice.get(i);
                        let derived = slices.derive(&board);
                        if stored == derived {
                            continue;
                        }
                        mismatches += 1;
                        let mut examples = examples.lock().unwrap_or_else(|e| e.into_inner());
                        if examples.len() < EXAMPLES {
                            examples.push(Mismatch {
                                board,
                                stored: table::value(stored),
                                derived: table::value(derived),
                            });
                        }
                    }
                    mismatches
                })
                .sum()
        });
        report.slices += 1;
        report.positions += slice.size();
        report.mismatches += mismatches;
        progress(material, slice.size());
    }
    report.examples = examples.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(report)
}
