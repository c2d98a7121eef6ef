//! The shared core of ply: the [`Game`] trait every game implements, the game
//! history with its draw rules ([`GameHistory`]), fixed-capacity move lists,
//! Zobrist helpers and the generic perft driver.
//!
//! Everything here is generic over [`Game`] and monomorphised per game, so the hot
//! paths (move generation, copy-make, counting) never go through dynamic dispatch.

pub mod book;
pub mod cpu;
pub mod game;
pub mod history;
pub mod movelist;
pub mod nnue;
pub mod perft;
pub mod player;
pub mod record;
pub mod rng;
pub mod score;
pub mod search;
#[cfg(test)]
mod toy;
pub mod zeroed;
pub mod zobrist;

pub use game::{Game, IllegalMove, MoveNames, NoMoves, Outcome, Side};
pub use history::{GameHistory, ReplayError};
pub use movelist::{MAX_MOVES, MoveList};
pub use player::Player;
