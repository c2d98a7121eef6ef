//! English (American) checkers for ply: the F8 seed's move generator on
//! side-relative 32-bit boards, the rules, PDN notation and a game history for
//! the draws that look back.
//!
//! - [`square`]: squares 1-32 (1 = b8, 32 = g1) and the seed's four directions;
//! - [`board`]: the three sets of the seed (the side to move's pieces, the
//!   other side's, the kings), turned by 180 degrees after every move, and the
//!   per-direction shifts;
//! - [`movegen`]: moves found by shifting whole boards, held as one set per
//!   direction, jumps first, multi-jumps expanded into one move per path;
//! - [`moves`], [`notation`]: moves (`11-15`, `22x15x6`) and PDN FEN;
//! - [`position`]: the rules behind [`ply_core::Game`];
//! - [`history`]: threefold repetition and the 40-move rule;
//! - [`egdb`]: endgame databases, built by retrograde analysis.
//!
//! ```
//! use ply_checkers::Checkers;
//! use ply_core::{Game, perft::perft};
//!
//! let start = Checkers::start();
//! assert_eq!(start.position_string(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
//! assert_eq!(perft(&start, 6), 36768);
//! let after = start.play(start.parse_move("11-15").unwrap());
//! assert_eq!(after.parse_move("23-18").unwrap().to_string(), "23-18");
//! ```

pub mod board;
pub mod egdb;
pub mod engine;
pub mod history;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod square;

pub use history::GameHistory;
pub use moves::Move;
pub use notation::{MoveError, PositionError};
pub use position::{Colour, Position};
pub use square::{Direction, Square};

/// A checkers position (the only implementation of [`ply_core::Game`] here).
pub type Checkers = Position;

/// The names of the move generators (`ply perft --gen`): checkers has one, the
/// seed's shifts.
pub const GENERATORS: [&str; 1] = ["shifts"];
