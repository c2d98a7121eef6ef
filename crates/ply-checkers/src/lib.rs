//! English (American) checkers for ply: the F8 seed's move generator on
//! side-relative 32-bit boards, the rules, PDN notation and a game history for
//! the draws that look back.
//!
//! - [`types`]: squares 1-32 (1 = b8, 32 = g1) and the seed's four directions;
//! - [`board`]: the three sets of the seed (the side to move's pieces, the
//!   other side's, the kings), turned by 180 degrees after every move, and the
//!   per-direction shifts;
//! - [`movegen`]: moves found by shifting whole boards, held as one set per
//!   direction, jumps first, multi-jumps expanded into one move per path;
//! - [`moves`], [`notation`]: moves (`11-15`, `22x15x6`) and PDN FEN;
//! - [`position`]: the position and its rules;
//! - [`game`]: [`ply_core::Game`] for it, the end of a game, and the hooks by
//!   which [`ply_core::GameHistory`] judges threefold repetition and the
//!   40-move rule;
//! - [`egdb`]: endgame databases, built by retrograde analysis.
//!
//! Positions read and write PDN FEN ([`Position`] is `FromStr` and
//! `Display`), moves are read by their position ([`Position::parse_move`]:
//! `11-15`, `22x15x6` or just `22x6`) and written by `Display`, the end of a
//! game is [`EndReason`], and [`pdn`] reads and writes game records; a game in
//! progress is a [`ply_core::GameHistory`], which also judges the draws that
//! look back.
//!
//! ```
//! use ply_checkers::{Position, pdn};
//! use ply_core::Game;
//! use ply_core::record::{Header, Players};
//!
//! // A position from its PDN FEN, and its legal moves.
//! let position: Position = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12".parse()?;
//! assert_eq!(position.legal_moves().len(), 7);
//! // Play a move, and write it.
//! let mv = position.parse_move("11-15")?;
//! assert_eq!(mv.to_string(), "11-15");
//! let after = position.play_unchecked(mv);
//! assert_eq!(after.to_string(), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
//! // Read a game record and write it back.
//! let game = pdn::read("[Event \"club\"]\n1. 11-15 23-19 2. 8-11 22-17 *")?;
//! assert_eq!(game.moves().len(), 4);
//! assert_eq!(game.outcome(), None);
//! let players = Players { first: "Ann".into(), second: "Bob".into() };
//! let text = pdn::write(&game, &Header::new(players, "club"), None);
//! assert!(text.ends_with("1. 11-15 23-19 2. 8-11 22-17 *\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use ply_checkers::Checkers;
//! use ply_core::{Game, perft::perft};
//!
//! let start = Checkers::start();
//! assert_eq!(start.position_string(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
//! assert_eq!(perft(&start, 6), 36768);
//! let after = start.play_unchecked(start.parse_move("11-15").unwrap());
//! assert_eq!(after.parse_move("23-18").unwrap().to_string(), "23-18");
//! ```

pub mod board;
pub mod egdb;
pub mod engine;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod position;
pub mod train;
pub mod types;

pub use game::EndReason;
pub use moves::Move;
pub use notation::MoveError;
pub use position::{Color, Position, PositionError};
pub use types::{Direction, Square};

/// A checkers position (the only implementation of [`ply_core::Game`] here).
pub type Checkers = Position;

/// The names of the move generators (`ply perft --gen`): checkers has one, the
/// seed's shifts.
pub const GENERATORS: [&str; 1] = ["shifts"];
