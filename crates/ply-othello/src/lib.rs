//! Othello for ply: bitboard positions, the position strings and move names of
//! ply's contract, forced passes and game end, and two move generators behind
//! one API — the seed's line tables ([`movegen::LineTableGenerator`]) and direct bitboard
//! shifts ([`movegen::BitboardGenerator`], the default).
//!
//! Positions read and write the position string ([`Position`] is `FromStr`
//! and `Display`), moves are read by their position
//! ([`ply_core::Game::parse_move`], which checks them) or alone ([`Move`] is
//! `FromStr`) and written by `Display` (`d3`, `pass`), the end of a game is
//! [`EndReason`], and [`ggf`] reads and writes game records; a game in
//! progress is a [`ply_core::GameHistory`].
//!
//! ```
//! use ply_core::Game;
//! use ply_core::record::{Ending, Header, Players};
//! use ply_othello::{Othello, ggf};
//!
//! // A position from its string (a1..h8, then the side to move), and its legal moves.
//! let position: Othello = "-------------------X-------XX------XO--------------------------- O".parse()?;
//! let moves: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["c3", "e3", "c5"]);
//! // Play a move, and write it.
//! let mv = position.parse_move("c5")?;
//! assert_eq!(mv.to_string(), "c5");
//! let after = position.play_unchecked(mv);
//! assert_eq!(after.to_string(), "-------------------X-------XX-----OOO--------------------------- X");
//! // Read a game record (GGF) and write it back.
//! let game = ggf::read("(;GM[Othello]PB[Ann]PW[Bob]TY[8]B[d3]W[c5];)")?;
//! assert_eq!(game.position(), &after);
//! let players = Players { first: "Ann".into(), second: "Bob".into() };
//! let text = ggf::write(&game, &Header::new(players, "club"));
//! assert!(text.ends_with("B[D3]W[C5];)\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use ply_core::{Game, perft::perft};
//! use ply_othello::Othello;
//!
//! let start = Othello::start();
//! assert_eq!(perft(&start, 4), 244);
//! let after = start.play_unchecked(start.parse_move("d3").unwrap());
//! assert_eq!(after.position_string(), "-------------------X-------XX------XO--------------------------- O");
//! ```

pub mod engine;
pub mod game;
pub mod ggf;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod train;
pub mod types;

pub use game::EndReason;
pub use movegen::{BitboardGenerator, LineTableGenerator, MoveGenerator};
pub use moves::Move;
pub use notation::{MoveError, PositionError};
pub use position::Position;
pub use types::{Square, SquareError};

/// Othello with the default (fastest) move generator.
pub type Othello = Position<BitboardGenerator>;
