//! MakeMove and UnMake with incremental neighbour tables, attack maps and
//! piece lists.
//!
//! Three operations do all the work, each undone by its mirror image:
//!
//! - toggling a piece's own attacks (XOR: the same call adds and removes);
//! - evacuating a square: unlink it from its 4 lines and pass the slider
//!   attacks it stopped on to the square behind it;
//! - occupying a square: link it into its 4 lines (neighbours found by a
//!   mailbox scan, or given back by the undo record) and take over the slider
//!   attacks that went through it.
//!
//! A capture leaves the to-square occupied, so its lines do not change; the
//! victim only leaves its list (and comes back on UnMake, still knowing its
//! neighbours in the list). Pawns reaching their 7th rank move to their
//! pre-promoted slot behind the dummy; promotions take the first spare slot.

use super::slots::{self, DUMMY, KING, PRE_PROMOTED, code, end};
use super::{
    AttackBoard, EMPTY, KNIGHT_STEPS, PAWN_CAPTURES, PAWN_PUSH, STEP, TO_MAILBOX, offset, rank,
    slides, square,
};
use crate::moves::{Move, MoveKind};
use crate::state::GameState;
use crate::types::{Color, Role, Square};
use crate::zobrist;

/// What UnMake needs to put a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// Code of the piece that moved, as it was before the move.
    moved: u8,
    /// Code of the captured piece, or `EMPTY`.
    captured: u8,
    /// The game state before the move.
    state: GameState,
    /// Neighbours of the from-square when it was evacuated.
    from_neighbors: [u8; 8],
    /// Neighbours of the other square evacuated: the pawn taken en passant,
    /// or the castling rook's square.
    other_neighbors: [u8; 8],
}

impl AttackBoard {
    /// Toggles the attacks of piece `code` standing on `sq` in its side's maps.
    #[inline(always)]
    pub(super) fn toggle_attacks(&mut self, code: u8, sq: usize) {
        let c = usize::from(code & 1);
        let role = self.kind[usize::from(code)];
        match role {
            0 => {
                for (i, &step) in PAWN_CAPTURES[c].iter().enumerate() {
                    self.leaper_attacks[c][offset(sq, step)] ^= 1 << i;
                }
            }
            1 => {
                let bit = slots::LEAPER_BIT[usize::from(slots::slot(code))];
                for step in KNIGHT_STEPS {
                    self.leaper_attacks[c][offset(sq, step)] ^= bit;
                }
            }
            5 => {
                let bit = slots::LEAPER_BIT[usize::from(KING)];
                for step in STEP {
                    self.leaper_attacks[c][offset(sq, step)] ^= bit;
                }
            }
            _ => {
                let neighbors = self.neighbor[sq];
                for (d, &target) in neighbors.iter().enumerate() {
                    if slides(role, d) {
                        self.slider_attacks[c][usize::from(target)] ^= 1 << (d ^ 2);
                    }
                }
            }
        }
    }

    /// Unlinks `sq` from its 4 lines; slider attacks that stopped on it go on
    /// to the square behind. Returns its neighbours (cleared on the square).
    #[inline(always)]
    fn evacuate(&mut self, sq: usize) -> [u8; 8] {
        let neighbors = self.neighbor[sq];
        for d in [0, 1, 4, 5] {
            let (a, b) = (usize::from(neighbors[d]), usize::from(neighbors[d ^ 2]));
            self.neighbor[a][d ^ 2] = b as u8;
            self.neighbor[b][d] = a as u8;
            for c in 0..2 {
                let through = self.slider_attacks[c][sq];
                // From a (direction d) through sq to b, and from b back to a.
                self.slider_attacks[c][b] |= through & (1 << d);
                self.slider_attacks[c][a] |= through & (1 << (d ^ 2));
            }
        }
        self.slider_attacks[0][sq] = 0;
        self.slider_attacks[1][sq] = 0;
        self.neighbor[sq] = [0; 8];
        self.board[sq] = EMPTY;
        neighbors
    }

    /// Links the empty `sq` into its lines between the given neighbours, and
    /// cuts the slider attacks that went through it.
    #[inline(always)]
    fn occupy_between(&mut self, sq: usize, neighbors: [u8; 8]) {
        self.neighbor[sq] = neighbors;
        for d in [0, 1, 4, 5] {
            let (a, b) = (usize::from(neighbors[d]), usize::from(neighbors[d ^ 2]));
            self.neighbor[a][d ^ 2] = sq as u8;
            self.neighbor[b][d] = sq as u8;
            for c in 0..2 {
                let on_b = self.slider_attacks[c][b] & (1 << d);
                let on_a = self.slider_attacks[c][a] & (1 << (d ^ 2));
                self.slider_attacks[c][b] ^= on_b;
                self.slider_attacks[c][a] ^= on_a;
                self.slider_attacks[c][sq] |= on_b | on_a;
            }
        }
    }

    /// Links the empty `sq` into its lines, its neighbours found by scanning
    /// the mailbox.
    #[inline(always)]
    fn occupy(&mut self, sq: usize) {
        let mut neighbors = [0u8; 8];
        for d in [0, 1, 4, 5] {
            neighbors[d] = self.scan(sq, d) as u8;
            neighbors[d ^ 2] = self.scan(sq, d ^ 2) as u8;
        }
        self.occupy_between(sq, neighbors);
    }

    /// Unlinks `code` from its list (its own links stay, for relinking).
    #[inline(always)]
    fn unlink(&mut self, code: u8) {
        let (p, n) = (self.prev[usize::from(code)], self.next[usize::from(code)]);
        self.next[usize::from(p)] = n;
        self.prev[usize::from(n)] = p;
    }

    /// Puts `code` back where it was unlinked from.
    #[inline(always)]
    fn relink(&mut self, code: u8) {
        let (p, n) = (self.prev[usize::from(code)], self.next[usize::from(code)]);
        self.next[usize::from(p)] = code;
        self.prev[usize::from(n)] = code;
    }

    /// Links `code` directly behind `after`.
    #[inline(always)]
    fn link_after(&mut self, after: u8, code: u8) {
        let n = self.next[usize::from(after)];
        self.next[usize::from(code)] = n;
        self.prev[usize::from(code)] = after;
        self.prev[usize::from(n)] = code;
        self.next[usize::from(after)] = code;
    }

    /// Unlinks `code` for good: its links and location go back to rest.
    #[inline(always)]
    fn retire(&mut self, code: u8) {
        self.unlink(code);
        self.next[usize::from(code)] = 0;
        self.prev[usize::from(code)] = 0;
        self.location[usize::from(code)] = 0;
    }

    #[inline(always)]
    fn zobrist(&self, code: u8, sq: usize) -> u64 {
        zobrist::piece(
            Color::ALL[usize::from(code & 1)],
            Role::from_index(usize::from(self.kind[usize::from(code)])),
            square(sq),
        )
    }

    /// A pawn `code` arriving on `sq`: on its 7th rank it moves to its
    /// pre-promoted slot, linked directly behind the dummy. Returns the code
    /// it now has.
    #[inline(always)]
    fn arrive(&mut self, code: u8, sq: usize) -> u8 {
        let c = usize::from(code & 1);
        let seventh = if c == 0 { 6 } else { 1 };
        if self.kind[usize::from(code)] != Role::Pawn as u8
            || rank(sq) != seventh
            || slots::slot(code) < slots::PAWNS
        {
            self.board[sq] = code;
            self.location[usize::from(code)] = sq as u8;
            return code;
        }
        let promoted = code - 2 * (slots::PAWNS - PRE_PROMOTED);
        self.unlink(code);
        self.location[usize::from(code)] = 0;
        self.link_after(code_of(DUMMY, c), promoted);
        self.board[sq] = promoted;
        self.location[usize::from(promoted)] = sq as u8;
        promoted
    }

    /// MakeMove: plays `mv` (legal here) and returns what UnMake needs.
    pub fn make(&mut self, mv: Move) -> Undo {
        let us = self.state.side.index();
        let from = usize::from(TO_MAILBOX[mv.from().index()]);
        let to = usize::from(TO_MAILBOX[mv.to().index()]);
        let moved = self.board[from];
        let mut undo = Undo {
            moved,
            captured: EMPTY,
            state: self.state,
            from_neighbors: [0; 8],
            other_neighbors: [0; 8],
        };
        // UnMake restores the whole state, counters included.
        self.state.begin_move();
        let kind = mv.kind();
        match kind {
            MoveKind::Quiet | MoveKind::DoublePush => {
                self.toggle_attacks(moved, from);
                undo.from_neighbors = self.evacuate(from);
                self.occupy(to);
                let now = self.arrive(moved, to);
                self.toggle_attacks(now, to);
                self.state.hash ^= self.zobrist(moved, from) ^ self.zobrist(now, to);
                if kind == MoveKind::DoublePush {
                    self.set_en_passant((from + to) / 2, to);
                }
            }
            MoveKind::Capture => {
                let victim = self.board[to];
                undo.captured = victim;
                self.toggle_attacks(moved, from);
                self.toggle_attacks(victim, to);
                undo.from_neighbors = self.evacuate(from);
                self.unlink(victim);
                self.location[usize::from(victim)] = 0;
                self.state.hash ^= self.zobrist(victim, to);
                let now = self.arrive(moved, to);
                self.toggle_attacks(now, to);
                self.state.hash ^= self.zobrist(moved, from) ^ self.zobrist(now, to);
                self.state.halfmove_clock = 0;
            }
            MoveKind::EnPassant => {
                let taken = offset(to, -PAWN_PUSH[us]);
                let victim = self.board[taken];
                undo.captured = victim;
                self.toggle_attacks(moved, from);
                self.toggle_attacks(victim, taken);
                undo.from_neighbors = self.evacuate(from);
                undo.other_neighbors = self.evacuate(taken);
                self.unlink(victim);
                self.location[usize::from(victim)] = 0;
                self.occupy(to);
                self.board[to] = moved;
                self.location[usize::from(moved)] = to as u8;
                self.toggle_attacks(moved, to);
                self.state.hash ^= self.zobrist(victim, taken)
                    ^ self.zobrist(moved, from)
                    ^ self.zobrist(moved, to);
            }
            MoveKind::CastleKingside | MoveKind::CastleQueenside => {
                // Both leave before either lands (in Chess960 a destination
                // may be the other's start).
                let (rook_from, to, rook_to) = castling_squares(mv);
                let rook = self.board[rook_from];
                self.toggle_attacks(moved, from);
                self.toggle_attacks(rook, rook_from);
                undo.from_neighbors = self.evacuate(from);
                undo.other_neighbors = self.evacuate(rook_from);
                self.occupy(to);
                self.board[to] = moved;
                self.location[usize::from(moved)] = to as u8;
                self.occupy(rook_to);
                self.board[rook_to] = rook;
                self.location[usize::from(rook)] = rook_to as u8;
                self.toggle_attacks(moved, to);
                self.toggle_attacks(rook, rook_to);
                self.state.hash ^= self.zobrist(moved, from)
                    ^ self.zobrist(moved, to)
                    ^ self.zobrist(rook, rook_from)
                    ^ self.zobrist(rook, rook_to);
            }
            _ => {
                let role = mv.promotion().expect("the remaining kinds are promotions");
                if mv.is_capture() {
                    let victim = self.board[to];
                    undo.captured = victim;
                    self.toggle_attacks(victim, to);
                    self.unlink(victim);
                    self.location[usize::from(victim)] = 0;
                    self.state.hash ^= self.zobrist(victim, to);
                    self.state.halfmove_clock = 0;
                }
                self.toggle_attacks(moved, from);
                self.state.hash ^= self.zobrist(moved, from);
                undo.from_neighbors = self.evacuate(from);
                if !mv.is_capture() {
                    self.occupy(to);
                }
                let piece = self.promote(moved, role);
                self.board[to] = piece;
                self.location[usize::from(piece)] = to as u8;
                self.toggle_attacks(piece, to);
                self.state.hash ^= self.zobrist(piece, to);
            }
        }
        if self.kind[usize::from(moved)] == Role::Pawn as u8 {
            self.state.halfmove_clock = 0;
        }
        self.state.finish_move(mv.from(), mv.to());
        self.check_consistency();
        undo
    }

    /// Takes the first spare slot for a pawn `pawn` promoting to `role`: a
    /// queen goes directly behind the king, other pieces directly before the
    /// dummy. The pawn leaves its list.
    #[inline(always)]
    fn promote(&mut self, pawn: u8, role: Role) -> u8 {
        let c = usize::from(pawn & 1);
        // Through the maps themselves: two of their fields at once.
        let maps = &mut self.0;
        let free = if role == Role::Queen {
            &mut maps.queen_slots[c]
        } else {
            &mut maps.under_slots[c]
        };
        let piece = *free;
        debug_assert_ne!(
            piece,
            end(c),
            "a spare slot for every promotion a game can have"
        );
        *free = maps.next[usize::from(piece)];
        self.unlink(pawn);
        self.location[usize::from(pawn)] = 0;
        self.kind[usize::from(piece)] = role as u8;
        if role == Role::Queen {
            self.link_after(code_of(KING, c), piece);
        } else {
            let before = self.prev[usize::from(code_of(DUMMY, c))];
            self.link_after(before, piece);
        }
        piece
    }

    /// UnMake: takes back `mv`, the last move made, with its undo record.
    pub fn unmake(&mut self, mv: Move, undo: &Undo) {
        self.state.side = self.state.side.opponent();
        let us = self.state.side.index();
        let from = usize::from(TO_MAILBOX[mv.from().index()]);
        let to = usize::from(TO_MAILBOX[mv.to().index()]);
        let moved = undo.moved;
        let kind = mv.kind();
        match kind {
            MoveKind::Quiet | MoveKind::DoublePush => {
                let now = self.board[to];
                self.toggle_attacks(now, to);
                self.depart(now, moved);
                self.evacuate(to);
                self.occupy_between(from, undo.from_neighbors);
                self.place(moved, from);
            }
            MoveKind::Capture => {
                let now = self.board[to];
                self.toggle_attacks(now, to);
                self.depart(now, moved);
                self.occupy_between(from, undo.from_neighbors);
                self.place(moved, from);
                self.relink(undo.captured);
                self.place(undo.captured, to);
            }
            MoveKind::EnPassant => {
                let taken = offset(to, -PAWN_PUSH[us]);
                self.toggle_attacks(moved, to);
                self.evacuate(to);
                self.occupy_between(taken, undo.other_neighbors);
                self.relink(undo.captured);
                self.place(undo.captured, taken);
                self.occupy_between(from, undo.from_neighbors);
                self.place(moved, from);
            }
            MoveKind::CastleKingside | MoveKind::CastleQueenside => {
                let (rook_from, to, rook_to) = castling_squares(mv);
                let rook = self.board[rook_to];
                self.toggle_attacks(moved, to);
                self.toggle_attacks(rook, rook_to);
                self.evacuate(rook_to);
                self.evacuate(to);
                self.occupy_between(rook_from, undo.other_neighbors);
                self.place(rook, rook_from);
                self.occupy_between(from, undo.from_neighbors);
                self.place(moved, from);
            }
            _ => {
                let piece = self.board[to];
                self.toggle_attacks(piece, to);
                // The slot goes back to the head of its free list.
                let c = usize::from(piece & 1);
                self.retire(piece);
                let maps = &mut self.0;
                let free = if maps.kind[usize::from(piece)] == Role::Queen as u8 {
                    &mut maps.queen_slots[c]
                } else {
                    &mut maps.under_slots[c]
                };
                maps.next[usize::from(piece)] = *free;
                *free = piece;
                self.kind[usize::from(piece)] = super::resting_kind(slots::slot(piece));
                self.relink(moved);
                if mv.is_capture() {
                    self.relink(undo.captured);
                    self.place(undo.captured, to);
                } else {
                    self.evacuate(to);
                }
                self.occupy_between(from, undo.from_neighbors);
                self.place(moved, from);
            }
        }
        self.state = undo.state;
        self.check_consistency();
    }

    /// UnMake of a pawn's arrival: a pre-promoted pawn goes back to its pawn
    /// slot (`now` is its code on the to-square, `moved` its code before).
    #[inline(always)]
    fn depart(&mut self, now: u8, moved: u8) {
        if now != moved {
            self.retire(now);
            self.relink(moved);
        }
    }

    /// Puts piece `code` on the (linked-in) square `sq` and turns its attacks on.
    #[inline(always)]
    fn place(&mut self, code: u8, sq: usize) {
        self.board[sq] = code;
        self.location[usize::from(code)] = sq as u8;
        self.toggle_attacks(code, sq);
    }

    /// After a double push to `pawn` over `target`: the en passant square is
    /// kept only when a pawn of the side about to move stands next to `pawn`.
    #[inline(always)]
    fn set_en_passant(&mut self, target: usize, pawn: usize) {
        let them = 1 - usize::from(self.board[pawn] & 1);
        let beside = |sq: usize| {
            let code = self.board[sq];
            code < EMPTY && usize::from(code & 1) == them && self.kind[usize::from(code)] == 0
        };
        if beside(pawn - 1) || beside(pawn + 1) {
            self.state.set_en_passant(square(target));
        }
    }

    /// Perft the seed's way: make and unmake on this one board, no copies
    /// (the [`ply_core::Game`] perft copies the board at every move). The
    /// board comes back unchanged.
    pub fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                let mut nodes = 0;
                for mv in self.legal_moves() {
                    let undo = self.make(mv);
                    nodes += self.perft(depth - 1);
                    self.unmake(mv, &undo);
                }
                nodes
            }
        }
    }

    /// The board after `mv`: a copy, made on (the [`ply_core::Game`] way).
    #[must_use]
    pub fn play_unchecked(&self, mv: Move) -> AttackBoard {
        let mut next = self.clone();
        next.make(mv);
        next
    }
}

/// The code of `slot` for colour index `c` (re-exported for brevity).
#[inline(always)]
const fn code_of(slot: u8, c: usize) -> u8 {
    code(slot, c)
}

/// The mailbox squares of castling `mv` (the king taking its rook): the
/// rook's start, the king's destination and the rook's destination.
#[inline(always)]
fn castling_squares(mv: Move) -> (usize, usize, usize) {
    let castle = crate::castling::CastlingSquares::new(mv.from(), mv.to());
    let mailbox = |sq: Square| usize::from(TO_MAILBOX[sq.index()]);
    (
        mailbox(castle.rook_from),
        mailbox(castle.king_to),
        mailbox(castle.rook_to),
    )
}
