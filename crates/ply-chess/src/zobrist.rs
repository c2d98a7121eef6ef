//! Zobrist keys for chess positions.

use crate::types::{Color, Role, Square};
use ply_core::zobrist::key_table;

const PIECE_KEYS: usize = 2 * 6 * 64;
const CASTLING_KEYS: usize = 16;
const EN_PASSANT_KEYS: usize = 8;
/// After the side key: one key per castling right (4) and rook file (8), for
/// Chess960 rights whose rook is not in its classical corner.
const ROOK_FILE_KEYS: usize = 4 * 8;
const ROOK_FILE_BASE: usize = PIECE_KEYS + CASTLING_KEYS + EN_PASSANT_KEYS + 1;

static KEYS: [u64; ROOK_FILE_BASE + ROOK_FILE_KEYS] = key_table(0xC4E5_5000);

/// The key of a `color` `role` on `square`.
#[must_use]
#[inline(always)]
pub fn piece(color: Color, role: Role, square: Square) -> u64 {
    KEYS[(color.index() * 6 + role.index()) * 64 + square.index()]
}

/// The key of a set of castling rights (4 bits).
#[must_use]
#[inline(always)]
pub fn castling(rights: u8) -> u64 {
    KEYS[PIECE_KEYS + usize::from(rights & 15)]
}

/// The key of an en passant square's file.
#[must_use]
#[inline(always)]
pub fn en_passant(square: Square) -> u64 {
    KEYS[PIECE_KEYS + CASTLING_KEYS + usize::from(square.file().index())]
}

/// The key XORed in when Black is to move.
#[must_use]
#[inline(always)]
pub fn black_to_move() -> u64 {
    KEYS[PIECE_KEYS + CASTLING_KEYS + EN_PASSANT_KEYS]
}

/// The key of castling right `right` (0..4: White king side, White queen
/// side, Black king side, Black queen side) with its rook on `file` (0..8),
/// XORed in only when the rook is not in its classical corner.
#[must_use]
#[inline(always)]
pub fn castling_rook(right: usize, file: u8) -> u64 {
    KEYS[ROOK_FILE_BASE + (right & 3) * 8 + usize::from(file & 7)]
}
