//! Othello for ply: bitboard positions, the position strings and move names of
//! ply's contract, forced passes and game end, and two move generators behind
//! one API — the seed's line tables ([`generators::Lines`]) and direct bitboard
//! shifts ([`generators::Bitboard`], the default).
//!
//! ```
//! use ply_core::{Game, perft::perft};
//! use ply_othello::Othello;
//!
//! let start = Othello::start();
//! assert_eq!(perft(&start, 4), 244);
//! let after = start.play(start.parse_move("d3").unwrap());
//! assert_eq!(after.position_string(), "-------------------X-------XX------XO--------------------------- O");
//! ```

pub mod engine;
pub mod generators;
pub mod ggf;
pub mod moves;
pub mod position;
pub mod solve;
pub mod square;

pub use generators::{Bitboard, Lines, MoveGenerator};
pub use position::{EndReason, MoveError, Position, PositionError};
pub use moves::Move;
pub use square::{Square, SquareError};

/// Othello with the default (fastest) move generator.
pub type Othello = Position<Bitboard>;
