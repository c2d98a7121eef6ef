//! The chess position: piece bitboards by role and by colour, a mailbox, side
//! to move, castling rights, en passant square, move counters and an
//! incrementally updated Zobrist hash. Moves are played by copy-make.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::state::GameState;
use crate::types::{Color, Piece, Role, Square};
use crate::zobrist;

pub use crate::castling::{CastlingRights, CastlingSquares};

/// Mailbox code of an empty square.
const EMPTY: u8 = 0;

/// A chess position: the [`Board`] over bitboards, ply's main board.
pub type Position = Board<Bitboards>;

/// The bitboard representation of a chess position ([`Position`]): piece
/// sets by role and by colour and a mailbox, beside the [`GameState`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Bitboards {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    /// Role index + 1 of the piece on each square, 0 when empty.
    pub(crate) mailbox: [u8; 64],
    /// Side to move, castling, en passant, counters and hash.
    pub(crate) state: GameState,
}

impl Position {
    /// An empty board, White to move, for building positions piece by piece.
    #[must_use]
    pub(crate) fn empty() -> Position {
        Board(Bitboards {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [EMPTY; 64],
            state: GameState::EMPTY,
        })
    }

    /// Puts `piece` on the empty `square` (the hash is recomputed by the caller).
    pub(crate) fn put(&mut self, piece: Piece, square: Square) {
        debug_assert_eq!(self.mailbox[square.index()], EMPTY);
        let bit = Bitboard::from_square(square);
        self.by_role[piece.role.index()] |= bit;
        self.by_color[piece.color.index()] |= bit;
        self.mailbox[square.index()] = piece.role as u8 + 1;
    }

    /// Every piece of `color`.
    #[must_use]
    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Every piece of `role`, both colours.
    #[must_use]
    #[inline(always)]
    pub fn role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The pieces of `color` and `role`.
    #[must_use]
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[must_use]
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The role of the piece on `square`, if any.
    #[must_use]
    #[inline(always)]
    pub fn role_on(&self, square: Square) -> Option<Role> {
        match self.mailbox[square.index()] {
            EMPTY => None,
            code => Some(Role::from_index(usize::from(code - 1))),
        }
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        let role = self.role_on(square)?;
        let color = if self.by_color[0].contains(square) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }

    /// A hash of both sides' pawns (pawn structures that differ give
    /// different keys with high probability), `None` without pawns.
    #[must_use]
    #[inline]
    pub fn pawn_key(&self) -> Option<u64> {
        let white = self.pieces(Color::White, Role::Pawn).0;
        let black = self.pieces(Color::Black, Role::Pawn).0;
        if white | black == 0 {
            return None;
        }
        let mixed = (white ^ black.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Some(mixed ^ (mixed >> 29))
    }

    /// The king square of `color`.
    #[must_use]
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).lowest()
    }

    /// Bishops and queens of `color`.
    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()])
            & self.by_color[color.index()]
    }

    /// Rooks and queens of `color`.
    #[inline(always)]
    pub(crate) fn straight_sliders(&self, color: Color) -> Bitboard {
        (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()])
            & self.by_color[color.index()]
    }

    /// The pieces of `by` attacking `square`, with `occupied` blocking sliders.
    #[must_use]
    #[inline(always)]
    pub fn attackers(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        ((knight_attacks(square) & self.by_role[Role::Knight.index()])
            | (king_attacks(square) & self.by_role[Role::King.index()])
            | (pawn_attacks(by.opponent(), square) & self.by_role[Role::Pawn.index()])
            | (rook_attacks(square, occupied)
                & (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()]))
            | (bishop_attacks(square, occupied)
                & (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()])))
            & self.by_color[by.index()]
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(
            self.king(self.state.side),
            self.state.side.opponent(),
            self.occupied(),
        )
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The Zobrist hash computed from scratch (equal to [`Position::hash`]).
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for square in self.occupied() {
            let piece = self.piece_on(square).expect("occupied");
            hash ^= zobrist::piece(piece.color, piece.role, square);
        }
        hash ^= self.state.castling.key();
        if let Some(square) = self.state.en_passant {
            hash ^= zobrist::en_passant(square);
        }
        if self.state.side == Color::Black {
            hash ^= zobrist::black_to_move();
        }
        hash
    }

    /// Sets the en passant square after a double push to `target` if a pawn of
    /// the side now to move attacks it.
    #[inline(always)]
    fn set_en_passant(&mut self, target: Square) {
        // `self.state.side` is still the mover here: a pawn of the other side on a
        // square the mover's pawn would attack from `target` can capture.
        let mover = self.state.side;
        let capturers = pawn_attacks(mover, target) & self.pieces(mover.opponent(), Role::Pawn);
        if capturers.any() {
            self.state.set_en_passant(target);
        }
    }

    #[inline(always)]
    fn remove_piece(&mut self, color: Color, role: Role, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_role[role.index()] ^= bit;
        self.by_color[color.index()] ^= bit;
        self.mailbox[square.index()] = EMPTY;
        self.state.hash ^= zobrist::piece(color, role, square);
    }

    #[inline(always)]
    fn add_piece(&mut self, color: Color, role: Role, square: Square) {
        let bit = Bitboard::from_square(square);
        self.by_role[role.index()] ^= bit;
        self.by_color[color.index()] ^= bit;
        self.mailbox[square.index()] = role as u8 + 1;
        self.state.hash ^= zobrist::piece(color, role, square);
    }

    #[inline(always)]
    fn move_piece(&mut self, color: Color, role: Role, from: Square, to: Square) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[role.index()] ^= bits;
        self.by_color[color.index()] ^= bits;
        self.mailbox[from.index()] = EMPTY;
        self.mailbox[to.index()] = role as u8 + 1;
        self.state.hash ^= zobrist::piece(color, role, from) ^ zobrist::piece(color, role, to);
    }

    /// The position after `mv`, which must be legal here.
    #[must_use]
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let mut next = *self;
        next.apply(mv);
        next
    }

    /// Plays `mv` (legal here) on this position.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        let us = self.state.side;
        let them = us.opponent();
        let (from, to) = (mv.from(), mv.to());
        let role = Role::from_index(usize::from(self.mailbox[from.index()]) - 1);

        self.state.begin_move();

        match mv.kind() {
            MoveKind::Quiet => self.move_piece(us, role, from, to),
            MoveKind::DoublePush => {
                self.move_piece(us, role, from, to);
                self.set_en_passant(Square::new(((from.index() + to.index()) / 2) as u8));
            }
            MoveKind::Capture => {
                let victim = Role::from_index(usize::from(self.mailbox[to.index()]) - 1);
                self.remove_piece(them, victim, to);
                self.move_piece(us, role, from, to);
                self.state.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let captured = Square::new(((to.index() as u8) & 7) | ((from.index() as u8) & !7));
                self.remove_piece(them, Role::Pawn, captured);
                self.move_piece(us, Role::Pawn, from, to);
            }
            MoveKind::CastleKingside | MoveKind::CastleQueenside => {
                // The king takes its own rook: both leave, then both land (in
                // Chess960 a destination may be the other's start).
                let castle = CastlingSquares::new(from, to);
                self.remove_piece(us, Role::King, from);
                self.remove_piece(us, Role::Rook, to);
                self.add_piece(us, Role::King, castle.king_to);
                self.add_piece(us, Role::Rook, castle.rook_to);
            }
            _ => {
                let promoted = mv.promotion().expect("the remaining kinds are promotions");
                if mv.is_capture() {
                    let victim = Role::from_index(usize::from(self.mailbox[to.index()]) - 1);
                    self.remove_piece(them, victim, to);
                }
                self.remove_piece(us, Role::Pawn, from);
                self.add_piece(us, promoted, to);
            }
        }
        if role == Role::Pawn {
            self.state.halfmove_clock = 0;
        }

        self.state.finish_move(from, to);
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl std::fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen())
    }
}
