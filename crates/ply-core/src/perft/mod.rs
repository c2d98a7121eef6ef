//! Perft: counting the leaves of the game tree to a fixed depth, the standard
//! proof of a move generator.
//!
//! [`perft`] is the plain recursive count with bulk counting at the last ply
//! ([`Game::count_moves`]). [`run`] is the driver behind `ply perft`: it splits
//! the tree into subtrees, counts them on a pool of threads, optionally shares a
//! transposition table ([`CountTable`]) between them, reports progress, and
//! gathers per-root-move counts for `--divide`.

mod table;

pub use table::CountTable;

use crate::game::Game;
use crate::movelist::MoveList;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Counts the move paths of exactly `depth` plies from `pos` (perft(0) = 1).
///
/// A finished game below `depth` contributes nothing, because it has no moves.
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.generate_moves(&mut moves);
            if depth == 2 {
                // The last two plies in one frame: no call per counted position.
                moves
                    .iter()
                    .map(|&mv| pos.play_unchecked(mv).count_moves())
                    .sum()
            } else {
                moves
                    .iter()
                    .map(|&mv| perft(&pos.play_unchecked(mv), depth - 1))
                    .sum()
            }
        }
    }
}

/// Like [`perft`], with subtree counts of two plies or more cached in `table`.
pub fn perft_hashed<G: Game>(pos: &G, depth: u32, table: &CountTable) -> u64 {
    if depth <= 1 {
        return perft(pos, depth);
    }
    let key = pos.hash();
    if let Some(nodes) = table.probe(key, depth) {
        return nodes;
    }
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    let nodes = moves
        .iter()
        .map(|&mv| perft_hashed(&pos.play_unchecked(mv), depth - 1, table))
        .sum();
    table.store(key, depth, nodes);
    nodes
}

/// What to count and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Plies to count.
    pub depth: u32,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Size of the shared transposition table in MiB; 0 disables hashing.
    pub hash_mb: usize,
}

/// How far a [`run`] has got, passed to its progress callback after each subtree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Subtrees counted so far.
    pub done: usize,
    /// Subtrees in all.
    pub total: usize,
    /// Leaves counted so far.
    pub nodes: u64,
}

/// The result of a [`run`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report<M> {
    /// Leaves at the requested depth.
    pub nodes: u64,
    /// Each root move with the leaves below it, in move generation order
    /// (empty at depth 0).
    pub divide: Vec<(M, u64)>,
}

/// Why a [`run`] could not start.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// `threads` was 0.
    #[error("the number of threads must be at least 1")]
    NoThreads,
    /// The worker threads could not be started.
    #[error("cannot start {threads} worker threads: {message}")]
    ThreadPool {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        message: String,
    },
    /// The transposition table could not be allocated.
    #[error("cannot allocate a {0} MiB hash table")]
    HashAllocation(usize),
}

/// A subtree still to count: the root move it descends from (its index in
/// the root's legal moves), its position and the plies left below it.
#[derive(Clone, Debug)]
pub struct Subtree<G: Game> {
    /// The index of the root move among the root's legal moves.
    pub root_move: usize,
    /// The position at the top of the subtree.
    pub position: G,
    /// The plies left to count below it.
    pub depth: u32,
}

/// Subtrees are not split below this many plies: counting them whole is faster
/// than the bookkeeping.
const MIN_SPLIT_DEPTH: u32 = 3;

/// Enough subtrees per thread for the threads to finish together, and for a
/// progress bar that moves.
const SUBTREES_PER_THREAD: usize = 64;

/// Counts `options.depth` plies below `root` on `options.threads` threads, calling
/// `on_progress` (from any worker thread) each time a subtree is done.
///
/// # Errors
/// [`Error`] when the threads or the hash table cannot be set up.
pub fn run<G: Game>(
    root: &G,
    options: &Options,
    on_progress: &(dyn Fn(Progress) + Sync),
) -> Result<Report<G::Move>, Error> {
    if options.threads == 0 {
        return Err(Error::NoThreads);
    }
    if options.depth == 0 {
        return Ok(Report {
            nodes: 1,
            divide: Vec::new(),
        });
    }
    let table = if options.hash_mb > 0 {
        Some(CountTable::new(options.hash_mb).ok_or(Error::HashAllocation(options.hash_mb))?)
    } else {
        None
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| Error::ThreadPool {
            threads: options.threads,
            message: e.to_string(),
        })?;

    let root_moves = root.legal_moves();
    let subtrees = split(root, options.depth, options.threads * SUBTREES_PER_THREAD);
    let total = subtrees.len();
    let done = AtomicUsize::new(0);
    let nodes_so_far = AtomicU64::new(0);

    let counted: Vec<(usize, u64)> = pool.install(|| {
        subtrees
            .par_iter()
            .map(|subtree| {
                let nodes = match &table {
                    Some(table) => perft_hashed(&subtree.position, subtree.depth, table),
                    None => perft(&subtree.position, subtree.depth),
                };
                let nodes_now = nodes_so_far.fetch_add(nodes, Ordering::Relaxed) + nodes;
                let done_now = done.fetch_add(1, Ordering::Relaxed) + 1;
                on_progress(Progress {
                    done: done_now,
                    total,
                    nodes: nodes_now,
                });
                (subtree.root_move, nodes)
            })
            .collect()
    });

    let mut divide: Vec<(G::Move, u64)> = root_moves.iter().map(|&mv| (mv, 0)).collect();
    for (root_move, nodes) in counted {
        divide[root_move].1 += nodes;
    }
    let nodes = divide.iter().map(|&(_, nodes)| nodes).sum();
    Ok(Report { nodes, divide })
}

/// Cuts the `depth`-ply tree below `root` (`depth` at least 1) into subtrees,
/// one level at a time, until there are `wanted` of them or they get too
/// shallow to be worth cutting; in move generation order, so the same call
/// gives the same list (for checkpoints of a long count).
#[must_use]
pub fn split<G: Game>(root: &G, depth: u32, wanted: usize) -> Vec<Subtree<G>> {
    let mut subtrees: Vec<Subtree<G>> = root
        .legal_moves()
        .iter()
        .enumerate()
        .map(|(root_move, &mv)| Subtree {
            root_move,
            position: root.play_unchecked(mv),
            depth: depth - 1,
        })
        .collect();
    while !subtrees.is_empty()
        && subtrees.len() < wanted
        && subtrees.iter().all(|s| s.depth >= MIN_SPLIT_DEPTH)
    {
        let mut deeper = Vec::new();
        for subtree in &subtrees {
            let mut moves = MoveList::new();
            subtree.position.generate_moves(&mut moves);
            deeper.extend(moves.iter().map(|&mv| Subtree {
                root_move: subtree.root_move,
                position: subtree.position.play_unchecked(mv),
                depth: subtree.depth - 1,
            }));
        }
        subtrees = deeper;
    }
    subtrees
}

#[cfg(test)]
mod tests;
