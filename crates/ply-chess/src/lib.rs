//! Chess for ply: types, attack tables, positions with FEN, UCI and SAN
//! notation, the complete rules, and a strictly legal bitboard move generator.

pub mod attacks;
pub mod bitboard;
pub mod engine;
pub mod types;

pub use bitboard::Bitboard;
pub use types::{Color, File, Piece, Rank, Role, Square};
pub mod fen;
pub mod game;
pub mod history;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod zobrist;

pub use fen::{FenError, START_FEN};
pub use history::GameHistory;
pub use movegen::Stage;
pub use moves::{Move, MoveKind};
pub use notation::MoveError;
pub use position::{CastlingRights, Position};
