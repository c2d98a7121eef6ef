//! The game state every chess board keeps besides its pieces: the side to
//! move, castling rights, en passant square, move counters and the Zobrist
//! hash, with the bookkeeping of a move and of a null move that is the same
//! on every board.

use crate::castling::CastlingRights;
use crate::types::{Color, Square};
use crate::zobrist;

/// The side to move, castling rights, en passant square, counters and hash
/// of a chess position, as [`Position`](crate::Position) and the seed boards
/// all keep them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    /// The side to move.
    pub(crate) side: Color,
    /// The castling rights.
    pub(crate) castling: CastlingRights,
    /// Set only when a pawn of the side to move can capture there.
    pub(crate) en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move (fifty-move rule).
    pub(crate) halfmove_clock: u16,
    /// The move number, from 1, increased after Black's move.
    pub(crate) fullmove_number: u16,
    /// The Zobrist hash of the whole position, pieces included (each board
    /// adds its pieces' keys as it moves them).
    pub(crate) hash: u64,
}

impl GameState {
    /// White to move, no rights, no en passant, move 1, hash 0: the state of
    /// an empty board.
    pub(crate) const EMPTY: GameState = GameState {
        side: Color::White,
        castling: CastlingRights::NONE,
        en_passant: None,
        halfmove_clock: 0,
        fullmove_number: 1,
        hash: 0,
    };

    /// The start of every move: the en passant square expires and the
    /// halfmove clock ticks (the board resets it for a capture or a pawn
    /// move). The counters stop at `u16::MAX`: a FEN may start them there,
    /// and a GUI may send a game of more than 65535 moves.
    #[inline(always)]
    pub(crate) fn begin_move(&mut self) {
        if let Some(square) = self.en_passant.take() {
            self.hash ^= zobrist::en_passant(square);
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
    }

    /// Opens en passant on `target` (the board checked that a pawn of the
    /// side about to move can take there).
    #[inline(always)]
    pub(crate) fn set_en_passant(&mut self, target: Square) {
        self.en_passant = Some(target);
        self.hash ^= zobrist::en_passant(target);
    }

    /// The end of a move from `from` to `to`: the castling rights it touches
    /// are lost, the move number advances after Black's move, and the turn
    /// passes.
    #[inline(always)]
    pub(crate) fn finish_move(&mut self, from: Square, to: Square) {
        if self.castling.touched_by(from, to) {
            let kept = self.castling.after_move(from, to);
            self.hash ^= self.castling.key() ^ kept.key();
            self.castling = kept;
        }
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.switch_side();
    }

    /// A null move: the en passant square expires, the clock ticks and the
    /// other side is to move (the move number stays).
    pub(crate) fn pass(&mut self) {
        self.begin_move();
        self.switch_side();
    }

    #[inline(always)]
    fn switch_side(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= zobrist::black_to_move();
    }
}
