//! Static exchange evaluation read off the attack maps: the attackers of a
//! square are in the maps already (leapers by piece or pawn direction,
//! sliders by direction), and the X-ray behind an attacker that has taken
//! is its neighbour further along the same ray, one table lookup away.
//!
//! The exchange is played exactly as [`crate::engine::see`] plays it on
//! bitboards (least valuable attacker first, lowest square among equals,
//! the king only when nothing defends), so both give the same values.

use super::slots::{LEAPER_SLOT, code};
use super::{
    AttackBoard, EMPTY, PAWN_CAPTURES, PAWN_PUSH, STEP, TO_MAILBOX, TO_SQUARE, offset, slides,
};
use crate::engine::see::{SwapList, VALUE};
use crate::moves::Move;
use crate::types::Role;

/// The direction from `to` to the piece on `sq`, when they share a ray.
fn direction(to: usize, sq: usize) -> Option<usize> {
    let delta = sq as isize - to as isize;
    STEP.iter().position(|&step| {
        delta % step == 0 && delta / step > 0 && delta / step <= 8 && {
            // Walk it: rays never wrap round the 10-wide mailbox.
            let mut x = to;
            (0..delta / step).all(|_| {
                x = offset(x, step);
                TO_SQUARE[x] < 64
            })
        }
    })
}

/// One attacker in the exchange.
#[derive(Clone, Copy)]
struct Attacker {
    /// Mailbox square.
    sq: usize,
    role: u8,
    color: usize,
    /// Direction from the target, when on a ray (its X-ray opens there).
    ray: Option<usize>,
}

impl AttackBoard {
    /// The pieces (of both sides) attacking `to`, leaving out `from` (the
    /// piece that takes first) and `taken` (a pawn taken en passant), with
    /// the piece behind `from` on its ray.
    fn exchange_attackers(&self, to: usize, from: usize, taken: usize) -> Vec<Attacker> {
        let mut found = Vec::with_capacity(16);
        let mut add = |board: &AttackBoard, sq: usize, ray: Option<usize>| {
            let code = board.board[sq];
            found.push(Attacker {
                sq,
                role: board.kind[usize::from(code)],
                color: usize::from(code & 1),
                ray,
            });
        };
        for (c, captures) in PAWN_CAPTURES.iter().enumerate() {
            let mut leaps = self.leaper_attacks[c][to];
            while leaps != 0 {
                let b = leaps.trailing_zeros() as usize;
                leaps &= leaps - 1;
                let sq = if b < 2 {
                    offset(to, -captures[b])
                } else {
                    usize::from(self.location[usize::from(code(LEAPER_SLOT[b], c))])
                };
                if sq != from && sq != taken {
                    add(self, sq, direction(to, sq));
                }
            }
        }
        // Sliders: by the maps on an occupied square, by scanning (with the
        // mover and the pawn taken en passant lifted) on an empty one.
        let slider_at = |sq: usize, d: usize| {
            let code = self.board[sq];
            code < EMPTY && slides(self.kind[usize::from(code)], d)
        };
        if self.board[to] == EMPTY {
            for (d, &step) in STEP.iter().enumerate() {
                let mut x = offset(to, step);
                while self.board[x] == EMPTY || x == from || x == taken {
                    x = offset(x, step);
                }
                if slider_at(x, d) {
                    add(self, x, Some(d));
                }
            }
        } else {
            for c in 0..2 {
                let mut slides = self.slider_attacks[c][to];
                while slides != 0 {
                    let d = slides.trailing_zeros() as usize;
                    slides &= slides - 1;
                    let sq = usize::from(self.neighbor[to][d]);
                    if sq != from {
                        add(self, sq, Some(d));
                    }
                }
            }
            if let Some(d) = direction(to, from) {
                let behind = usize::from(self.neighbor[from][d]);
                if slider_at(behind, d) {
                    add(self, behind, Some(d));
                }
            }
        }
        found
    }

    /// The material won by `mv` (legal here) and the best sequence of
    /// recaptures on its square, each side free to stop.
    #[must_use]
    pub fn exchange(&self, mv: Move) -> i32 {
        if mv.is_castling() {
            return 0;
        }
        let from = usize::from(TO_MAILBOX[mv.from().index()]);
        let to = usize::from(TO_MAILBOX[mv.to().index()]);
        let mover = self.kind[usize::from(self.board[from])];
        let us = self.state.side.index();
        let (captured, taken) = if mv.is_en_passant() {
            (VALUE[Role::Pawn.index()], offset(to, -PAWN_PUSH[us]))
        } else {
            let victim = self.board[to];
            let value = if victim < EMPTY {
                VALUE[usize::from(self.kind[usize::from(victim)])]
            } else {
                0
            };
            (value, usize::MAX)
        };
        let mut swaps = SwapList::new(mv, Role::from_index(usize::from(mover)), captured);
        let mut attackers = self.exchange_attackers(to, from, taken);
        let mut side = 1 - us;
        while let Some(pick) = attackers
            .iter()
            .enumerate()
            .filter(|(_, a)| a.color == side)
            .min_by_key(|(_, a)| (a.role, TO_SQUARE[a.sq]))
            .map(|(i, _)| i)
        {
            let attacker = attackers.swap_remove(pick);
            if attacker.role == Role::King as u8 && attackers.iter().any(|a| a.color != side) {
                // The king cannot take a defended piece.
                break;
            }
            swaps.recapture(Role::from_index(usize::from(attacker.role)));
            // The X-ray behind it (not behind a king, as on bitboards).
            if attacker.role != Role::King as u8
                && let Some(d) = attacker.ray
            {
                let mut behind = usize::from(self.neighbor[attacker.sq][d]);
                if behind == taken {
                    behind = self.scan(behind, d);
                }
                let code = self.board[behind];
                if code < EMPTY && slides(self.kind[usize::from(code)], d) {
                    attackers.push(Attacker {
                        sq: behind,
                        role: self.kind[usize::from(code)],
                        color: usize::from(code & 1),
                        ray: Some(d),
                    });
                }
            }
            side = 1 - side;
        }
        swaps.result()
    }
}
