//! Move generators: functions from a (player, opponent) pair of bitboards to the
//! legal moves, and from a move to the discs it flips.
//!
//! Two implementations sit behind [`MoveGenerator`]: [`LineTableGenerator`], the seed's line
//! tables, and [`BitboardGenerator`], direct parallel shifts (AVX2 where the build has
//! it). [`Position`](crate::Position) is generic over the generator, so perft
//! and search are compiled once per generator with no dispatch per node.

pub mod bitboard;
pub mod lines;

pub use bitboard::BitboardGenerator;
pub use lines::LineTableGenerator;

use crate::types::Square;

/// A move generator for Othello bitboards (bit 0 = a1, bit 7 = h1, bit 63 = h8).
pub trait MoveGenerator: Copy + Default + Send + Sync + std::fmt::Debug + 'static {
    /// The name `--gen` selects it by.
    const NAME: &'static str;

    /// The empty squares where `player` may move: each flanks at least one line
    /// of `opponent` discs ending on a `player` disc. `player` and `opponent`
    /// must not overlap.
    fn moves(player: u64, opponent: u64) -> u64;

    /// The number of squares in [`moves`](Self::moves).
    #[inline]
    fn count_moves(player: u64, opponent: u64) -> u32 {
        Self::moves(player, opponent).count_ones()
    }

    /// The `opponent` discs flipped when `player` plays on `square`, which must be
    /// empty (0 when the move is not legal).
    fn flips(player: u64, opponent: u64, square: Square) -> u64;
}

/// The names of every generator, fastest first.
pub const NAMES: [&str; 2] = [BitboardGenerator::NAME, LineTableGenerator::NAME];
