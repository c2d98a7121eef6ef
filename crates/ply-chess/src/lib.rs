//! Chess for ply: types, attack tables, positions with FEN, UCI and SAN
//! notation, the complete rules, and three move generators behind the same
//! API: the strictly legal bitboard generator of [`Position`], and the two
//! designs of the project's seeds, [`gnu::GnuBoard`] (GNU Chess's
//! `nextpos`/`nextdir` tables) and [`attackmap::AttackBoard`] (the Gigatron
//! attack-map board).

pub mod attackmap;
pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod engine;
pub mod types;

pub use bitboard::Bitboard;
pub use types::{Color, File, Piece, Rank, Role, Square};
pub mod fen;
pub mod game;
pub mod gnu;
pub mod history;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
mod sink;
pub mod state;
pub mod zobrist;

/// The move generators, by their command-line names (`--gen`), the default
/// first: the bitboard [`Position`], [`gnu::GnuBoard`], [`attackmap::AttackBoard`].
pub const GENERATORS: [&str; 3] = ["bitboard", "gnu", "attackmap"];

pub use fen::{FenError, START_FEN};
pub use history::GameHistory;
pub use movegen::Stage;
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use position::{CastlingRights, Position};
