//! Legal move generation and the attack test on the seed's tables.
//!
//! Pieces walk their `posdata` as the seed shows; the walk only checks
//! `color[]`. Before the walk, the rook and bishop tables are walked from our
//! king to find the checking pieces and our pinned pieces (GNU Chess's
//! `KingScan`/`BRscan` idea): a move of a pinned piece must stay on its pin
//! line, and in check a move must capture the checker or block it. King moves
//! are tested with `SqAtakd` on the tables with the king lifted off, and en
//! passant by playing it and testing the king (GNU Chess's own way for every
//! move).

use super::init::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::tables::Walk;
use super::{GnuBoard, NEUTRAL, table_type};
use crate::castling::castling_moves;
use crate::movegen::{ALL, NOISY, QUIET, Stage};
use crate::moves::{Move, MoveKind};
use crate::sink::{Counter, Sink};
use crate::types::{Color, Role, Square};
use ply_core::MoveList;

/// No square (outside 0..64).
const NONE: usize = 64;

/// Checks and pins of the side to move.
struct Safety {
    king: usize,
    checkers: u32,
    /// Squares a non-king move must go to (all when not in check).
    check_mask: u64,
    /// Our pinned pieces.
    pinned: u64,
    /// For each pinned piece, the squares of its pin line it may go to.
    pins: [(u8, u64); 8],
    pin_count: usize,
}

impl Safety {
    /// The squares the piece on `sq` may go to, as far as checks and pins tell.
    #[inline(always)]
    fn allowed(&self, sq: usize) -> u64 {
        if self.pinned & (1 << sq) == 0 {
            return self.check_mask;
        }
        let line = self.pins[..self.pin_count]
            .iter()
            .find(|&&(s, _)| usize::from(s) == sq)
            .map_or(0, |&(_, mask)| mask);
        line & self.check_mask
    }
}

#[inline(always)]
const fn bit(sq: usize) -> u64 {
    1 << (sq & 63)
}

/// Whether a piece of type `ptype` slides along the lines of table `table`
/// (ROOK or BISHOP).
#[inline(always)]
fn slides_along(ptype: usize, table: usize) -> bool {
    ptype == QUEEN || ptype == table
}

impl GnuBoard {
    /// `SqAtakd`: whether side `by` attacks `sq`, with the square `lifted`
    /// taken as empty (the king that is about to move; `NONE` for none).
    #[inline]
    fn attacked(&self, sq: usize, by: u8, lifted: usize) -> bool {
        let occupied = |u: usize| self.color[u] != NEUTRAL && u != lifted;
        let is =
            |u: usize, ptype: usize| self.color[u] == by && usize::from(self.board[u]) == ptype;
        for table in [ROOK, BISHOP] {
            let walk = Walk::new(table, sq);
            let mut u = walk.nextpos(sq);
            while u != sq {
                if occupied(u) {
                    if self.color[u] == by && slides_along(usize::from(self.board[u]), table) {
                        return true;
                    }
                    u = walk.nextdir(u);
                } else {
                    u = walk.nextpos(u);
                }
            }
        }
        for ptype in [KNIGHT, KING] {
            let walk = Walk::new(ptype, sq);
            let mut u = walk.nextpos(sq);
            while u != sq {
                if is(u, ptype) {
                    return true;
                }
                u = walk.nextpos(u);
            }
        }
        // A pawn of `by` attacks `sq` from where a pawn of the other colour
        // on `sq` would capture: that pawn's capture thread.
        let walk = Walk::new(table_type(1 - by, PAWN as u8), sq);
        let mut u = walk.nextdir(sq);
        while u != sq {
            if is(u, PAWN) {
                return true;
            }
            u = walk.nextdir(u);
        }
        false
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        crate::game::ChessBoard::is_check(self)
    }

    /// Whether the king of `color` is attacked (by the other side).
    #[inline]
    pub(super) fn is_attacked_king(&self, color: Color) -> bool {
        let c = color.index() as u8;
        self.attacked(usize::from(self.piece_list[usize::from(c)][0]), 1 - c, NONE)
    }

    /// The checkers and pins, from walks of the rook, bishop, knight and pawn
    /// tables from our king.
    fn safety(&self) -> Safety {
        let us = self.state.side.index() as u8;
        let them = 1 - us;
        let king = usize::from(self.piece_list[usize::from(us)][0]);
        let mut safety = Safety {
            king,
            checkers: 0,
            check_mask: 0,
            pinned: 0,
            pins: [(0, 0); 8],
            pin_count: 0,
        };
        let walk = Walk::new(KNIGHT, king);
        let mut u = walk.nextpos(king);
        while u != king {
            if self.color[u] == them && usize::from(self.board[u]) == KNIGHT {
                safety.checkers += 1;
                safety.check_mask |= bit(u);
            }
            u = walk.nextpos(u);
        }
        let walk = Walk::new(table_type(us, PAWN as u8), king);
        let mut u = walk.nextdir(king);
        while u != king {
            if self.color[u] == them && usize::from(self.board[u]) == PAWN {
                safety.checkers += 1;
                safety.check_mask |= bit(u);
            }
            u = walk.nextdir(u);
        }
        for table in [ROOK, BISHOP] {
            let walk = Walk::new(table, king);
            let mut u = walk.nextpos(king);
            // The empty squares passed in the current direction.
            let mut ray = 0u64;
            while u != king {
                if self.color[u] == NEUTRAL {
                    ray |= bit(u);
                    if walk.ends_direction(u) {
                        ray = 0;
                    }
                    u = walk.nextpos(u);
                    continue;
                }
                if self.color[u] == them {
                    if slides_along(usize::from(self.board[u]), table) {
                        safety.checkers += 1;
                        safety.check_mask |= ray | bit(u);
                    }
                } else {
                    // Our piece: is a slider of theirs behind it?
                    let mut v = u;
                    let mut beyond = 0u64;
                    let pinner = loop {
                        if walk.ends_direction(v) {
                            break NONE;
                        }
                        v = walk.nextpos(v);
                        if self.color[v] != NEUTRAL {
                            break v;
                        }
                        beyond |= bit(v);
                    };
                    if pinner != NONE
                        && self.color[pinner] == them
                        && slides_along(usize::from(self.board[pinner]), table)
                    {
                        safety.pinned |= bit(u);
                        safety.pins[safety.pin_count] = (u as u8, ray | beyond | bit(pinner));
                        safety.pin_count += 1;
                    }
                }
                ray = 0;
                u = walk.nextdir(u);
            }
        }
        if safety.checkers == 0 {
            safety.check_mask = !0;
        }
        safety
    }

    /// Every legal move of `STAGE` into `sink`.
    fn generate_stage<S: Sink, const STAGE: u8>(&self, sink: &mut S) {
        let captures = STAGE != QUIET;
        let quiets = STAGE != NOISY;
        let us = self.state.side.index() as u8;
        let them = 1 - us;
        let safety = self.safety();
        let king = safety.king;

        // The king: its table, each square tested with the king lifted.
        let walk = Walk::new(KING, king);
        let mut u = walk.nextpos(king);
        while u != king {
            let c = self.color[u];
            if ((c == NEUTRAL && quiets) || (c == them && captures))
                && !self.attacked(u, them, king)
            {
                let kind = if c == them {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                sink.push(Move::new(
                    Square::new(king as u8),
                    Square::new(u as u8),
                    kind,
                ));
            }
            u = walk.nextpos(u);
        }
        if safety.checkers > 1 {
            return;
        }

        let list = &self.piece_list[usize::from(us)];
        for &from in &list[1..usize::from(self.piece_count[usize::from(us)])] {
            let from = usize::from(from);
            let ptype = self.board[from];
            let allowed = safety.allowed(from);
            if allowed == 0 {
                continue;
            }
            let from_square = Square::new(from as u8);
            if usize::from(ptype) == PAWN {
                self.pawn_moves::<S, STAGE>(sink, from, allowed);
                continue;
            }
            // The seed's loop.
            let walk = Walk::new(usize::from(ptype), from);
            let mut u = walk.nextpos(from);
            while u != from {
                if self.color[u] == NEUTRAL {
                    if quiets && allowed & bit(u) != 0 {
                        sink.push(Move::new(
                            from_square,
                            Square::new(u as u8),
                            MoveKind::Quiet,
                        ));
                    }
                    u = walk.nextpos(u);
                } else {
                    if captures && self.color[u] == them && allowed & bit(u) != 0 {
                        sink.push(Move::new(
                            from_square,
                            Square::new(u as u8),
                            MoveKind::Capture,
                        ));
                    }
                    u = walk.nextdir(u);
                }
            }
        }

        if captures && let Some(target) = self.state.en_passant {
            self.en_passant_moves(sink, target.index());
        }
        if quiets && safety.checkers == 0 {
            self.castling_moves(sink, king);
        }
    }

    /// A pawn's pushes (through `nextpos`) and captures (through `nextdir`).
    #[inline(always)]
    fn pawn_moves<S: Sink, const STAGE: u8>(&self, sink: &mut S, from: usize, allowed: u64) {
        let captures = STAGE != QUIET;
        let quiets = STAGE != NOISY;
        let us = self.color[from];
        let them = 1 - us;
        let walk = Walk::new(table_type(us, PAWN as u8), from);
        let from_square = Square::new(from as u8);
        let last_rank = |u: usize| !(8..56).contains(&u);
        let u = walk.nextpos(from);
        if self.color[u] == NEUTRAL {
            if last_rank(u) {
                if captures && allowed & bit(u) != 0 {
                    push_promotions(sink, from_square, u, false);
                }
            } else if quiets {
                if allowed & bit(u) != 0 {
                    sink.push(Move::new(
                        from_square,
                        Square::new(u as u8),
                        MoveKind::Quiet,
                    ));
                }
                // From the home rank the thread goes on; elsewhere it comes
                // back to the pawn's own square, which is not neutral.
                let two = walk.nextpos(u);
                if self.color[two] == NEUTRAL && allowed & bit(two) != 0 {
                    sink.push(Move::new(
                        from_square,
                        Square::new(two as u8),
                        MoveKind::DoublePush,
                    ));
                }
            }
        }
        if captures {
            let mut u = walk.nextdir(from);
            while u != from {
                if self.color[u] == them && allowed & bit(u) != 0 {
                    if last_rank(u) {
                        push_promotions(sink, from_square, u, true);
                    } else {
                        sink.push(Move::new(
                            from_square,
                            Square::new(u as u8),
                            MoveKind::Capture,
                        ));
                    }
                }
                u = walk.nextdir(u);
            }
        }
    }

    /// En passant captures onto `target`, each tested by playing it.
    fn en_passant_moves<S: Sink>(&self, sink: &mut S, target: usize) {
        let us = self.state.side.index() as u8;
        // Our pawns that attack `target` stand where a pawn of theirs on
        // `target` would capture.
        let walk = Walk::new(table_type(1 - us, PAWN as u8), target);
        let mut u = walk.nextdir(target);
        while u != target {
            if self.color[u] == us && usize::from(self.board[u]) == PAWN {
                let mv = Move::new(
                    Square::new(u as u8),
                    Square::new(target as u8),
                    MoveKind::EnPassant,
                );
                let after = self.play_unchecked(mv);
                let king = usize::from(after.piece_list[usize::from(us)][0]);
                if !after.attacked(king, 1 - us, NONE) {
                    sink.push(mv);
                }
            }
            u = walk.nextdir(u);
        }
    }

    /// Castling (Chess960 rules, see [`crate::castling`]): the rights, the
    /// squares the king and rook cross and land on empty but for them, and no
    /// attack on the king's path with the castling rook lifted (the caller
    /// checked for check). The move is the king taking its rook.
    fn castling_moves<S: Sink>(&self, sink: &mut S, king: usize) {
        let us = self.state.side;
        let them = 1 - us.index() as u8;
        castling_moves(
            self.state.castling,
            us,
            Square::new(king as u8),
            |sq| self.color[sq.index()] == NEUTRAL,
            |sq, rook| !self.attacked(sq.index(), them, rook.index()),
            |mv| sink.push(mv),
        );
    }

    /// Appends the legal moves of `stage` to `moves`.
    pub fn generate(&self, stage: Stage, moves: &mut MoveList<Move>) {
        match stage {
            Stage::All => self.generate_stage::<_, ALL>(moves),
            Stage::Noisy => self.generate_stage::<_, NOISY>(moves),
            Stage::Quiet => self.generate_stage::<_, QUIET>(moves),
        }
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        self.generate_stage::<_, ALL>(&mut moves);
        moves
    }

    /// The number of legal moves (the generator with a counter for a list).
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter::default();
        self.generate_stage::<_, ALL>(&mut counter);
        counter.0
    }
}

/// The four promotions of a pawn reaching `to`, queen first.
#[inline(always)]
fn push_promotions<S: Sink>(sink: &mut S, from: Square, to: usize, capture: bool) {
    for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
        sink.push(Move::new(
            from,
            Square::new(to as u8),
            MoveKind::promotion(role, capture),
        ));
    }
}
