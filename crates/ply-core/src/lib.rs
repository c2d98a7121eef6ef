//! The shared core of ply: the [`Game`] trait every game implements, fixed-capacity
//! move lists, Zobrist helpers and the generic perft driver.
//!
//! Everything here is generic over [`Game`] and monomorphised per game, so the hot
//! paths (move generation, copy-make, counting) never go through dynamic dispatch.

pub mod cpu;
pub mod game;
pub mod movelist;
pub mod perft;
pub mod search;
pub mod zeroed;
pub mod zobrist;

pub use game::{EndReason, Game, Outcome, Side};
pub use movelist::{MAX_MOVES, MoveList};
