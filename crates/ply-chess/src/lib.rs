//! Chess for ply: types, attack tables, positions with FEN, UCI and SAN
//! notation, the complete rules, and three move generators behind the same
//! API: the strictly legal bitboard generator of [`Position`], and the two
//! designs of the project's seeds, [`gnu::GnuBoard`] (GNU Chess's
//! `nextpos`/`nextdir` tables) and [`attackmap::AttackBoard`] (the Gigatron
//! attack-map board).
//!
//! Positions read and write FEN ([`Position`] is `FromStr` and `Display`),
//! moves are read in SAN or UCI by their position ([`Position::parse_move`])
//! and written in UCI by `Display` (SAN needs the position: [`Position::san`]),
//! the end of a game is [`EndReason`], and [`pgn`] reads and writes game
//! records; a game in progress is a [`ply_core::GameHistory`].
//!
//! ```
//! use ply_chess::{EndReason, Position, pgn};
//! use ply_core::Game;
//! use ply_core::record::{Ending, Header, Players};
//!
//! // A position from its FEN, and its legal moves.
//! let position: Position = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse()?;
//! assert_eq!(position.legal_moves().len(), 20);
//! // Play a move read in SAN, and write it.
//! let mv = position.parse_move("Nf6")?;
//! assert_eq!(mv.to_string(), "g8f6");
//! assert_eq!(position.san(mv), "Nf6");
//! let after = position.play_unchecked(mv);
//! assert_eq!(after.to_string(), "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
//! // Read a game record, see how it ended, and write it back.
//! let game = pgn::read("[Event \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1")?;
//! assert_eq!(game.moves().len(), 4);
//! let outcome = game.outcome();
//! assert_eq!(outcome.map(|o| o.reason()), Some(EndReason::Checkmate));
//! let players = Players { first: "Ann".into(), second: "Bob".into() };
//! let header = Header { ending: outcome.map(Ending::Rules), ..Header::new(players, "club") };
//! assert!(pgn::write(&game, &header, None).ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod attackmap;
pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod castling;
pub mod engine;
pub mod types;

pub use bitboard::Bitboard;
pub use board::Board;
pub use game::{ChessBoard, EndReason};
pub use types::{Color, Coordinate, File, Piece, Rank, Role, Square};
pub mod fen;
pub mod game;
pub mod gnu;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod pgn;
pub mod position;
mod sink;
mod state;
pub mod train;
mod zobrist;

/// The move generators, by their command-line names (`--gen`), the default
/// first: the bitboard [`Position`], [`gnu::GnuBoard`], [`attackmap::AttackBoard`].
pub const GENERATORS: [&str; 3] = ["bitboard", "gnu", "attackmap"];

pub use fen::{PositionError, START_FEN};
pub use movegen::Stage;
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use position::{Bitboards, CastlingRights, Position};
pub use state::GameState;
