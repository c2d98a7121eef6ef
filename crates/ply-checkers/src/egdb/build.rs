//! The builder: retrograde analysis slice by slice.
//!
//! A move leads from a slice to the mirrored slice (the other side to move),
//! to one with a man crowned (fewer men) or to one with pieces captured (fewer
//! pieces). So a slice is solved together with its mirror, after every slice
//! with fewer pieces and every slice with as many pieces and fewer men.
//!
//! Within such a pair the values are found in passes: a position with a
//! successor lost for the opponent is a win, one whose successors are all won
//! for the opponent (or that has no move) is a loss. The first pass derives
//! every position from its successors (generated forward, looked up by
//! index). Each later pass derives again only the positions one step before
//! a position resolved in the pass before (steps taken back: the only moves
//! that stay within the pair), so every position is derived again after each
//! change among its successors. Values only go from unknown to win or loss;
//! when a pass resolves nothing the positions still unknown are draws
//! (neither side can force a win, and repetition is a draw). Each pass splits
//! the positions among threads (rayon); each finished slice is written to its
//! file at once, and a rerun skips the pairs whose files are there.

use super::table::{DRAW, LOSS, Slice, WIN};
use super::{Error, Material, slice_dir};
use crate::board::Board;
use crate::movegen;
use crate::types::STEP;
use ply_core::MoveList;
use rayon::prelude::*;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The most pieces a build may ask for (the index handles 12 a side).
pub const MAX_PIECES: u32 = 12;

/// Positions one thread takes at a time.
const CHUNK: u64 = 1 << 12;

/// What a build reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// The build starts: `slices` slices with `positions` positions in all to
    /// solve (those already on disk not counted).
    Started {
        /// Slices to solve.
        slices: usize,
        /// Their positions.
        positions: u64,
    },
    /// A pair of slices starts.
    Solving {
        /// The slice and its mirror (one if they are the same).
        materials: &'a [Material],
    },
    /// A pass over a pair ended with `unknown` positions not known yet.
    Pass {
        /// The slice and its mirror.
        materials: &'a [Material],
        /// The pass, from 1.
        pass: u32,
        /// Positions whose value is not known yet.
        unknown: u64,
    },
    /// `positions` more positions were looked at in the first pass of a pair.
    Progress {
        /// Positions.
        positions: u64,
    },
    /// A slice is solved and written.
    Solved {
        /// The slice.
        material: Material,
        /// Its wins, losses and draws for the side to move.
        census: [u64; 3],
    },
}

/// The slices a build reads and writes, by [`Material::id`].
pub struct Slices {
    slices: Vec<Option<Arc<Slice>>>,
}

impl Default for Slices {
    fn default() -> Self {
        Slices {
            slices: vec![None; Material::COUNT],
        }
    }
}

impl Slices {
    /// The slice of `material`, if it is here.
    #[must_use]
    pub fn get(&self, material: Material) -> Option<&Arc<Slice>> {
        self.slices[material.id()].as_ref()
    }

    /// Adds (or replaces) a slice.
    pub fn insert(&mut self, slice: Arc<Slice>) {
        let id = slice.index.material().id();
        self.slices[id] = Some(slice);
    }

    /// Reads the slice of `material` from `dir` unless it is here already;
    /// `Ok(false)` if there is no file.
    ///
    /// # Errors
    /// As [`Slice::load`].
    pub fn load(&mut self, dir: &Path, material: Material) -> Result<bool, Error> {
        if self.get(material).is_some() {
            return Ok(true);
        }
        match Slice::load(dir, material)? {
            Some(slice) => {
                self.insert(Arc::new(slice));
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// The value code of a side-relative position, for the side to move. A
    /// side without pieces has lost.
    ///
    /// # Panics
    /// If the position's slice is not here (the build order makes sure it is).
    #[inline(always)]
    #[must_use]
    pub fn code(&self, board: &Board) -> u8 {
        if board.mine == 0 {
            return LOSS;
        }
        if board.theirs == 0 {
            return WIN;
        }
        let material = Material::of(board);
        let slice = self.slices[material.id()]
            .as_deref()
            .unwrap_or_else(|| panic!("the slice {material} is needed before it is built"));
        slice.get(slice.index.index(board))
    }

    /// The value code of `board` as its successors make it: a win if a move
    /// leads to a loss for the opponent, a loss if every move leads to a win
    /// for the opponent (or there is none), else 0 (draw, or not known yet).
    #[inline]
    #[must_use]
    pub fn derive(&self, board: &Board) -> u8 {
        let mut moves = MoveList::new();
        movegen::generate(board, false, &mut moves);
        let mut all_won = true;
        for &mv in &moves {
            let next = board.after_move(mv).turned();
            match self.code(&next) {
                LOSS => return WIN,
                WIN => {}
                _ => all_won = false,
            }
        }
        if all_won { LOSS } else { DRAW }
    }
}

/// The slices a move from a position of `material` can lead to, seen by the
/// next side to move: the mirror, with a man crowned, with pieces captured.
#[must_use]
pub fn successor_materials(material: Material) -> Vec<Material> {
    let mut movers = vec![(material.my_men, material.my_kings)];
    if material.my_men > 0 {
        movers.push((material.my_men - 1, material.my_kings + 1));
    }
    let mut successors = Vec::new();
    for (men, kings) in movers {
        for left_men in 0..=material.their_men {
            for left_kings in 0..=material.their_kings {
                let next = Material::new(left_men, left_kings, men, kings);
                if next.is_contested() {
                    successors.push(next);
                }
            }
        }
    }
    successors
}

/// The pairs of slices (a slice and its mirror) with up to `pieces` pieces
/// in the order a build solves them: by pieces, then by men.
#[must_use]
pub fn build_order(pieces: u32) -> Vec<Vec<Material>> {
    let mut pairs: Vec<Vec<Material>> = Material::all(pieces)
        .into_iter()
        .filter(|m| m.is_contested() && *m <= m.mirrored())
        .map(|m| {
            if m == m.mirrored() {
                vec![m]
            } else {
                vec![m, m.mirrored()]
            }
        })
        .collect();
    pairs.sort_by_key(|pair| (pair[0].pieces(), pair[0].men(), pair[0]));
    pairs
}

/// What a build did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Slices solved now.
    pub solved: usize,
    /// Slices found on disk and skipped.
    pub skipped: usize,
    /// Positions solved now.
    pub positions: u64,
}

/// Builds every slice with up to `pieces` pieces in `dir` (under
/// [`slice_dir`]) on `threads` threads, skipping slices already there.
///
/// # Errors
/// [`Error::BadPieceCount`], [`Error::Threads`], or an error reading or
/// writing a slice.
pub fn build(
    dir: &Path,
    pieces: u32,
    threads: usize,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> Result<Summary, Error> {
    if !(1..=MAX_PIECES).contains(&pieces) {
        return Err(Error::BadPieceCount {
            pieces,
            max: MAX_PIECES,
        });
    }
    let pool = thread_pool(threads)?;
    let dir = slice_dir(dir);
    let order = build_order(pieces);
    let done = |pair: &[Material]| {
        pair.iter()
            .all(|&m| Slice::path(&dir, m).try_exists().unwrap_or(false))
    };
    let to_do: Vec<&Vec<Material>> = order.iter().filter(|pair| !done(pair)).collect();
    let mut summary = Summary {
        skipped: order.iter().map(Vec::len).sum::<usize>()
            - to_do.iter().map(|p| p.len()).sum::<usize>(),
        ..Summary::default()
    };
    let sizes = |pair: &[Material]| -> u64 {
        pair.iter()
            .map(|&m| super::index::SliceIndex::new(m).size())
            .sum()
    };
    report(Event::Started {
        slices: to_do.iter().map(|p| p.len()).sum(),
        positions: to_do.iter().map(|p| sizes(p)).sum(),
    });
    let mut slices = Slices::default();
    for pair in to_do {
        report(Event::Solving { materials: pair });
        for &material in pair {
            for successor in successor_materials(material) {
                if !pair.contains(&successor) && !slices.load(&dir, successor)? {
                    unreachable!("the build order solves {successor} before {material}");
                }
            }
        }
        let solved: Vec<Arc<Slice>> = pair.iter().map(|&m| Arc::new(Slice::new(m))).collect();
        for slice in &solved {
            slices.insert(Arc::clone(slice));
        }
        pool.install(|| solve_pair(&slices, &solved, pair, report));
        for slice in &solved {
            slice.save(&dir)?;
            summary.solved += 1;
            summary.positions += slice.size();
            report(Event::Solved {
                material: slice.index.material(),
                census: slice.census(),
            });
        }
    }
    Ok(summary)
}

/// A rayon pool of `threads` threads (0: one per core).
///
/// # Errors
/// [`Error::Threads`] if the pool cannot start.
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|err| Error::Threads {
            threads,
            why: err.to_string(),
        })
}

/// Solves `solved` (a slice and its mirror, already in `slices`): a first
/// pass derives every position from its successors; after that only the
/// positions with a successor resolved in the pass before are derived again,
/// found by taking back the steps that lead to it; until a pass resolves
/// nothing.
fn solve_pair(
    slices: &Slices,
    solved: &[Arc<Slice>],
    materials: &[Material],
    report: &(dyn Fn(Event<'_>) + Sync),
) {
    let mut fresh: Vec<Bits> = solved.iter().map(|s| Bits::new(s.size())).collect();
    let mut unknown = 0;
    for (slice, fresh) in solved.iter().zip(&fresh) {
        unknown += first_pass(slices, slice, fresh, report);
    }
    report(Event::Pass {
        materials,
        pass: 1,
        unknown,
    });
    // The positions one step before those of solved[k] lie in its mirror.
    let mirror = |k: usize| if solved.len() == 2 { 1 - k } else { 0 };
    for pass in 2.. {
        let next: Vec<Bits> = solved.iter().map(|s| Bits::new(s.size())).collect();
        let mut resolved = 0;
        for (k, slice) in solved.iter().enumerate() {
            let earlier = &solved[mirror(k)];
            resolved += fresh[k].par_for_each(|i| {
                let mut resolved = 0;
                for_each_unstep(&slice.index.board(i), |before| {
                    let j = earlier.index.index(&before);
                    if earlier.get(j) == DRAW {
                        let code = slices.derive(&before);
                        if code != DRAW && earlier.set(j, code) {
                            next[mirror(k)].set(j);
                            resolved += 1;
                        }
                    }
                });
                resolved
            });
        }
        unknown -= resolved;
        report(Event::Pass {
            materials,
            pass,
            unknown,
        });
        if resolved == 0 {
            return;
        }
        fresh = next;
    }
}

/// Derives every position of `slice` from its successors, marking those
/// resolved in `fresh`; returns the number left unknown.
fn first_pass(
    slices: &Slices,
    slice: &Slice,
    fresh: &Bits,
    report: &(dyn Fn(Event<'_>) + Sync),
) -> u64 {
    let chunks = slice.size().div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let start = chunk * CHUNK;
            let end = (start + CHUNK).min(slice.size());
            let mut open = 0;
            for i in start..end {
                if slice.get(i) != DRAW {
                    continue;
                }
                let code = slices.derive(&slice.index.board(i));
                if code == DRAW {
                    open += 1;
                } else if slice.set(i, code) {
                    fresh.set(i);
                }
            }
            report(Event::Progress {
                positions: end - start,
            });
            open
        })
        .sum()
}

/// Calls `f` with every position (seen by its side to move) from which a
/// step — not a capture, not a crowning — leads to `board`: the other side's
/// pieces of `board` moved back one square, a man only backwards. Some of
/// these positions have a capture, so the step was not legal there;
/// deriving them again does no harm.
#[inline]
pub fn for_each_unstep(board: &Board, mut f: impl FnMut(Board)) {
    let empty = board.empty();
    let mut pieces = board.theirs;
    while pieces != 0 {
        let to = pieces.trailing_zeros() as usize;
        let to_bit = pieces & pieces.wrapping_neg();
        pieces &= pieces - 1;
        let king = board.kings & to_bit != 0;
        // The other side's men head towards lower bits: they came from higher
        // ones, the directions in which the side to move's men go.
        let directions = if king { 4 } else { 2 };
        for step in &STEP[..directions] {
            let from_bit = step[to] & empty;
            if from_bit != 0 {
                let moved = to_bit | from_bit;
                let before = Board {
                    mine: board.mine,
                    theirs: board.theirs ^ moved,
                    kings: if king {
                        board.kings ^ moved
                    } else {
                        board.kings
                    },
                };
                f(before.turned());
            }
        }
    }
}

/// A set of positions of a slice, one bit each, that threads add to at once.
struct Bits {
    words: Vec<AtomicU64>,
}

impl Bits {
    /// The empty set for `size` positions.
    fn new(size: u64) -> Bits {
        Bits {
            words: (0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Adds position `i`.
    fn set(&self, i: u64) {
        self.words[(i / 64) as usize].fetch_or(1 << (i % 64), Ordering::Relaxed);
    }

    /// Calls `f` on every position in the set, spread over threads; the sum
    /// of what the calls return.
    fn par_for_each(&self, f: impl Fn(u64) -> u64 + Sync) -> u64 {
        self.words
            .par_chunks(CHUNK as usize / 64)
            .enumerate()
            .map(|(chunk, words)| {
                let mut sum = 0;
                for (k, word) in words.iter().enumerate() {
                    let mut bits = word.load(Ordering::Relaxed);
                    let base = (chunk as u64 * CHUNK / 64 + k as u64) * 64;
                    while bits != 0 {
                        sum += f(base + u64::from(bits.trailing_zeros()));
                        bits &= bits - 1;
                    }
                }
                sum
            })
            .sum()
    }
}
