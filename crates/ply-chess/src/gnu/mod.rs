//! The GNU Chess move generator of seed 002 (Hans Eric Sandström, 1989).
//!
//! Every possible move of every piece type from every square, ignoring the
//! other pieces, is precomputed into `posdata[ptype][from][to]`: `nextpos` (the
//! next square to look at if `to` was empty) and `nextdir` (the first square
//! of the next direction if `to` was occupied). Generating moves then only
//! checks collisions:
//!
//! ```text
//! u = posdata[ptype][sq][sq].nextpos;
//! do {
//!     if (color[u] == neutral) { LinkMove(sq, u); u = posdata[ptype][sq][u].nextpos; }
//!     else { if (color[u] == xside) LinkMove(sq, u); u = posdata[ptype][sq][u].nextdir; }
//! } while (u != sq);
//! ```
//!
//! The tables are built by `build.rs` with GNU Chess's own `Initialize_moves`
//! (`gnu/init.rs`); pawns of each colour have their own tables
//! (`ptype[side][piece]`), with the pushes chained through `nextpos` and the
//! captures through `nextdir`.
//!
//! [`GnuBoard`] is GNU Chess's board: `board[64]` (piece types), `color[64]`
//! (white, black or neutral) and a piece list per side with the king first.
//! Moves are played by copy-make. The generator is legal: the attack test
//! (`SqAtakd`) walks the same tables, checks and pins are found by walking the
//! rook and bishop tables from the king, and the few moves whose legality
//! those do not settle (king moves, en passant) are tested on the board.

mod engine;
#[allow(dead_code)] // `initialize_moves` runs in build.rs; the crate uses the constants.
mod init;
mod movegen;
mod tables;

use crate::board::Board;
use crate::castling::CastlingSquares;
use crate::fen::PositionError;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::state::GameState;
use crate::types::{Color, Piece, Role, Square};
use crate::zobrist;
use init::{BPAWN, KING, NO_PIECE, PAWN};

/// `color[]` of an empty square.
const NEUTRAL: u8 = 2;

/// A chess position on GNU Chess's board, moved by the seed's tables: the
/// [`Board`] over [`GnuTables`].
pub type GnuBoard = Board<GnuTables>;

/// GNU Chess's board: pieces by square and in lists, beside the
/// [`GameState`] (see [`GnuBoard`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct GnuTables {
    /// Piece type on each square (`init::PAWN`..`init::KING`, pawns of both
    /// colours as `PAWN`), `NO_PIECE` when empty.
    board: [u8; 64],
    /// 0 white, 1 black, `NEUTRAL` empty.
    color: [u8; 64],
    /// Squares of each side's pieces; the king is always first.
    piece_list: [[u8; 16]; 2],
    /// Pieces in each list.
    piece_count: [u8; 2],
    /// Index of the piece on each square in its side's list (`Pindex`).
    index: [u8; 64],
    /// Side to move, castling, en passant (set only when a pawn of the side
    /// to move attacks it, as in [`Position`]), counters and hash.
    state: GameState,
}

/// The GNU piece type of a role (`no_piece, pawn, knight, ..., king`).
#[inline(always)]
const fn ptype_of(role: Role) -> u8 {
    role as u8 + 1
}

/// The role of a GNU piece type (not `NO_PIECE`).
#[inline(always)]
const fn role_of(ptype: u8) -> Role {
    Role::from_index(ptype as usize - 1)
}

/// `ptype[side][piece]`: the table of a piece of `color`, black pawns apart.
#[inline(always)]
const fn table_type(color: u8, ptype: u8) -> usize {
    if ptype as usize == PAWN && color == 1 {
        BPAWN
    } else {
        ptype as usize
    }
}

impl GnuBoard {
    /// The standard start position.
    #[must_use]
    pub fn start() -> GnuBoard {
        GnuBoard::from_position(&Position::start())
    }

    /// Reads a FEN (validated as [`Position::from_fen`] does).
    ///
    /// # Errors
    /// [`PositionError`] when the text is malformed or the position impossible.
    pub fn from_fen(fen: &str) -> Result<GnuBoard, PositionError> {
        Position::from_fen(fen).map(|p| GnuBoard::from_position(&p))
    }

    /// The same position on GNU Chess's board.
    #[must_use]
    pub fn from_position(position: &Position) -> GnuBoard {
        let mut board = Board(GnuTables {
            board: [NO_PIECE as u8; 64],
            color: [NEUTRAL; 64],
            piece_list: [[0; 16]; 2],
            piece_count: [0; 2],
            index: [0; 64],
            state: position.state,
        });
        // King first, then the pieces in decreasing value, as GNU Chess sorts them.
        for color in Color::ALL {
            for role in [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                for square in position.pieces(color, role) {
                    let c = color.index();
                    let sq = square.index();
                    board.board[sq] = ptype_of(role);
                    board.color[sq] = c as u8;
                    board.index[sq] = board.piece_count[c];
                    let slot = usize::from(board.piece_count[c]);
                    board.piece_list[c][slot] = sq as u8;
                    board.piece_count[c] += 1;
                }
            }
        }
        board
    }

    /// The same position as a [`Position`] (for FEN, notation and evaluation).
    #[must_use]
    pub fn to_position(&self) -> Position {
        let mut position = Position::empty();
        for c in 0..2 {
            let color = Color::ALL[c];
            for &sq in &self.piece_list[c][..usize::from(self.piece_count[c])] {
                let role = role_of(self.board[usize::from(sq)]);
                position.put(Piece::new(color, role), Square::new(sq));
            }
        }
        position.state = self.state;
        debug_assert_eq!(position.state.hash, position.hash_from_scratch());
        position
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        let sq = square.index();
        match self.board[sq] {
            0 => None,
            ptype => Some(Piece::new(
                Color::ALL[usize::from(self.color[sq])],
                role_of(ptype),
            )),
        }
    }

    /// The square of `color`'s king (`PieceList[side][0]`).
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        Square::new(self.piece_list[color.index()][0])
    }

    /// Whether neither side has mating material (see
    /// [`Position::is_insufficient_material`]), from the piece lists.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let mut minors = 0;
        let mut knights = 0;
        let mut bishop_colors = [false; 2];
        for c in 0..2 {
            for &sq in &self.piece_list[c][1..usize::from(self.piece_count[c])] {
                match role_of(self.board[usize::from(sq)]) {
                    Role::Knight => {
                        minors += 1;
                        knights += 1;
                    }
                    Role::Bishop => {
                        minors += 1;
                        bishop_colors[usize::from((sq ^ (sq >> 3)) & 1)] = true;
                    }
                    _ => return false,
                }
            }
        }
        minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
    }

    /// The position after `mv`, which must be legal here.
    #[must_use]
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> GnuBoard {
        let mut next = *self;
        next.apply(mv);
        next
    }

    /// Moves the piece on `from` to the empty `to` (`UpdatePieceList` for a move).
    #[inline(always)]
    fn move_piece(&mut self, from: usize, to: usize) {
        let (ptype, c) = (self.board[from], self.color[from]);
        self.board[to] = ptype;
        self.color[to] = c;
        self.board[from] = NO_PIECE as u8;
        self.color[from] = NEUTRAL;
        let i = self.index[from];
        self.index[to] = i;
        self.piece_list[usize::from(c)][usize::from(i)] = to as u8;
        self.state.hash ^= zobrist::piece(
            Color::ALL[usize::from(c)],
            role_of(ptype),
            Square::new(from as u8),
        ) ^ zobrist::piece(
            Color::ALL[usize::from(c)],
            role_of(ptype),
            Square::new(to as u8),
        );
    }

    /// Takes the piece on `sq` off the board and out of its list (the last
    /// piece of the list fills the hole; the king, first, never leaves).
    #[inline(always)]
    fn remove_piece(&mut self, sq: usize) {
        let (ptype, c) = (self.board[sq], usize::from(self.color[sq]));
        self.state.hash ^= zobrist::piece(Color::ALL[c], role_of(ptype), Square::new(sq as u8));
        let i = usize::from(self.index[sq]);
        let last = usize::from(self.piece_count[c]) - 1;
        let moved = self.piece_list[c][last];
        self.piece_list[c][i] = moved;
        self.index[usize::from(moved)] = i as u8;
        self.piece_count[c] -= 1;
        self.board[sq] = NO_PIECE as u8;
        self.color[sq] = NEUTRAL;
    }

    /// Castling, the king taking its rook (`mv.to()`): the two pieces move in
    /// an order that never lands on an occupied square, since in Chess960 a
    /// destination may be the other piece's start (or both, a swap).
    fn castle(&mut self, mv: Move) {
        let castle = CastlingSquares::new(mv.from(), mv.to());
        let (king_from, rook_from) = (castle.king_from.index(), castle.rook_from.index());
        let (king_to, rook_to) = (castle.king_to.index(), castle.rook_to.index());
        if king_to == rook_from && rook_to == king_from {
            // King and rook swap squares: their types and list entries swap.
            let c = usize::from(self.color[king_from]);
            self.board.swap(king_from, rook_from);
            self.index.swap(king_from, rook_from);
            let (king_slot, rook_slot) = (self.index[king_to], self.index[rook_to]);
            self.piece_list[c][usize::from(king_slot)] = king_to as u8;
            self.piece_list[c][usize::from(rook_slot)] = rook_to as u8;
            let color = Color::ALL[c];
            self.state.hash ^= zobrist::piece(color, Role::King, castle.king_from)
                ^ zobrist::piece(color, Role::King, castle.king_to)
                ^ zobrist::piece(color, Role::Rook, castle.rook_from)
                ^ zobrist::piece(color, Role::Rook, castle.rook_to);
        } else if king_to == rook_from {
            self.move_piece(rook_from, rook_to);
            self.move_piece(king_from, king_to);
        } else {
            if king_to != king_from {
                self.move_piece(king_from, king_to);
            }
            if rook_to != rook_from {
                self.move_piece(rook_from, rook_to);
            }
        }
    }

    /// Plays `mv` (legal here) on this board.
    pub fn apply(&mut self, mv: Move) {
        let us = self.state.side;
        let (from, to) = (mv.from().index(), mv.to().index());
        let moving = self.board[from];
        self.state.begin_move();
        match mv.kind() {
            MoveKind::Quiet => self.move_piece(from, to),
            MoveKind::DoublePush => {
                self.move_piece(from, to);
                self.set_en_passant((from + to) / 2, to);
            }
            MoveKind::Capture => {
                self.remove_piece(to);
                self.move_piece(from, to);
                self.state.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                self.remove_piece((to & 7) | (from & !7));
                self.move_piece(from, to);
            }
            MoveKind::CastleKingside | MoveKind::CastleQueenside => self.castle(mv),
            _ => {
                let promoted = mv.promotion().expect("the remaining kinds are promotions");
                if mv.is_capture() {
                    self.remove_piece(to);
                }
                self.move_piece(from, to);
                self.board[to] = ptype_of(promoted);
                self.state.hash ^= zobrist::piece(us, Role::Pawn, Square::new(to as u8))
                    ^ zobrist::piece(us, promoted, Square::new(to as u8));
            }
        }
        if moving as usize == PAWN {
            self.state.halfmove_clock = 0;
        }
        self.state.finish_move(mv.from(), mv.to());
    }

    /// After a double push to `pawn` over `target`: the en passant square is
    /// kept only when a pawn of the side about to move stands next to `pawn`.
    #[inline(always)]
    fn set_en_passant(&mut self, target: usize, pawn: usize) {
        let capturer = 1 - self.color[pawn];
        let file = pawn & 7;
        let beside = |sq: usize| self.board[sq] as usize == PAWN && self.color[sq] == capturer;
        if (file > 0 && beside(pawn - 1)) || (file < 7 && beside(pawn + 1)) {
            self.state.set_en_passant(Square::new(target as u8));
        }
    }

    /// Whether `color` has a piece other than pawns and the king.
    fn has_pieces(&self, color: Color) -> bool {
        let c = color.index();
        self.piece_list[c][1..usize::from(self.piece_count[c])]
            .iter()
            .any(|&sq| !matches!(usize::from(self.board[usize::from(sq)]), PAWN | KING))
    }
}

impl std::fmt::Debug for GnuBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GnuBoard({})", self.to_position().fen())
    }
}

#[cfg(test)]
mod tests;
