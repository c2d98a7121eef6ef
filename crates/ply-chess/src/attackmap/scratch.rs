//! The neighbour tables and attack maps computed from scratch, from `board[]`
//! alone, and the comparison with the incremental ones: the seed's plan of
//! generating the maps from scratch first, then keeping them incrementally and
//! comparing the two in every node.

use super::slots::{
    self, DUMMY, KING, LEAPER_BIT, PAWNS, PRE_PROMOTED, QUEEN, QUEEN_SLOTS, ROOKS, UNDER_SLOTS,
    code, end,
};
use super::{
    AttackBoard, EMPTY, GUARD, KNIGHT_STEPS, PAWN_CAPTURES, SQUARES, STEP, TO_SQUARE, offset, rank,
    slides,
};
use crate::types::Role;

impl AttackBoard {
    /// The first occupied square or guard from `sq` in direction `d`.
    #[inline(always)]
    pub(super) fn scan(&self, sq: usize, d: usize) -> usize {
        let mut x = offset(sq, STEP[d]);
        while self.board[x] == EMPTY {
            x = offset(x, STEP[d]);
        }
        x
    }

    /// Neighbour tables: for pieces in every direction, for guards in the
    /// directions that lead onto the board; 0 everywhere else.
    pub(super) fn scratch_neighbors(&self) -> [[u8; 8]; SQUARES] {
        let mut neighbor = [[0u8; 8]; SQUARES];
        for (sq, entries) in neighbor.iter_mut().enumerate() {
            let code = self.board[sq];
            if code == EMPTY {
                continue;
            }
            for (d, entry) in entries.iter_mut().enumerate() {
                let onto_board = sq
                    .checked_add_signed(STEP[d])
                    .is_some_and(|n| n < SQUARES && TO_SQUARE[n] < 64);
                if code != GUARD || onto_board {
                    *entry = self.scan(sq, d) as u8;
                }
            }
        }
        neighbor
    }

    /// Slider attacks: each slider marks the first occupied square or guard of
    /// each of its rays with the direction the attack comes from.
    pub(super) fn scratch_slider_attacks(&self) -> [[u8; SQUARES]; 2] {
        let mut maps = [[0u8; SQUARES]; 2];
        for (c, map) in maps.iter_mut().enumerate() {
            for code in self.list(c) {
                let sq = usize::from(self.location[usize::from(code)]);
                let role = self.kind[usize::from(code)];
                for d in (0..8).filter(|&d| slides(role, d)) {
                    map[self.scan(sq, d)] |= 1 << (d ^ 2);
                }
            }
        }
        maps
    }

    /// Leaper attacks: pawns by capture direction, knights and the king by slot.
    pub(super) fn scratch_leaper_attacks(&self) -> [[u16; SQUARES]; 2] {
        let mut maps = [[0u16; SQUARES]; 2];
        for c in 0..2 {
            for code in self.list(c) {
                let sq = usize::from(self.location[usize::from(code)]);
                let bit = LEAPER_BIT[usize::from(slots::slot(code))];
                match self.kind[usize::from(code)] {
                    0 => {
                        for (i, &step) in PAWN_CAPTURES[c].iter().enumerate() {
                            maps[c][offset(sq, step)] |= 1 << i;
                        }
                    }
                    1 => {
                        for step in KNIGHT_STEPS {
                            maps[c][offset(sq, step)] |= bit;
                        }
                    }
                    5 => {
                        for step in STEP {
                            maps[c][offset(sq, step)] |= bit;
                        }
                    }
                    _ => {}
                }
            }
        }
        maps
    }

    /// Compares every incremental structure with its from-scratch value and
    /// checks the piece lists; the first difference found, described.
    ///
    /// # Errors
    /// A description of the first difference.
    pub fn verify(&self) -> Result<(), String> {
        for c in 0..2 {
            self.verify_list(c)?;
        }
        let neighbor = self.scratch_neighbors();
        if let Some(sq) = (0..SQUARES).find(|&sq| neighbor[sq] != self.neighbor[sq]) {
            return Err(format!(
                "neighbours of mailbox square {sq}: {:?}, from scratch {:?}",
                self.neighbor[sq], neighbor[sq]
            ));
        }
        let sliders = self.scratch_slider_attacks();
        let leapers = self.scratch_leaper_attacks();
        for c in 0..2 {
            if let Some(sq) = (0..SQUARES).find(|&sq| sliders[c][sq] != self.slider_attacks[c][sq])
            {
                return Err(format!(
                    "slider attacks of side {c} on mailbox square {sq}: {:08b}, from scratch {:08b}",
                    self.slider_attacks[c][sq], sliders[c][sq]
                ));
            }
            if let Some(sq) = (0..SQUARES).find(|&sq| leapers[c][sq] != self.leaper_attacks[c][sq])
            {
                return Err(format!(
                    "leaper attacks of side {c} on mailbox square {sq}: {:013b}, from scratch {:013b}",
                    self.leaper_attacks[c][sq], leapers[c][sq]
                ));
            }
        }
        let from_scratch = self.to_position().hash_from_scratch();
        if from_scratch != self.state.hash {
            return Err(format!(
                "hash {:#x}, from scratch {from_scratch:#x}",
                self.state.hash
            ));
        }
        Ok(())
    }

    /// One side's list: linked both ways, in the slot scheme's order, each
    /// piece where the board says, every piece of the side in it once.
    fn verify_list(&self, c: usize) -> Result<(), String> {
        let mut seen = 0;
        let mut previous = code(KING, c);
        if self.board[usize::from(self.location[usize::from(previous)])] != previous {
            return Err(format!("side {c}: the king is not where the list says"));
        }
        // Which stretch of the list we are in: 0 promotion queens, 1 pieces,
        // 2 under-promoted pieces, 3 pre-promoted pawns, 4 pawns.
        let mut stretch = 0;
        let mut last_piece_slot = QUEEN;
        let mut code = self.next[usize::from(previous)];
        let mut dummy = false;
        while code != end(c) {
            if seen > 40 || usize::from(code) >= self.next.len() - 2 || usize::from(code) & 1 != c {
                return Err(format!("side {c}: list broken at code {code}"));
            }
            if self.prev[usize::from(code)] != previous {
                return Err(format!("side {c}: prev of code {code} is wrong"));
            }
            let slot = slots::slot(code);
            let role = self.kind[usize::from(code)];
            if slot == DUMMY {
                dummy = true;
                stretch = 3;
            } else {
                let sq = usize::from(self.location[usize::from(code)]);
                if self.board[sq] != code {
                    return Err(format!(
                        "side {c}: code {code} is not on mailbox square {sq}"
                    ));
                }
                let (wanted_stretch, role_ok) = match slot {
                    QUEEN_SLOTS..ROOKS => (0, role == Role::Queen as u8),
                    QUEEN..QUEEN_SLOTS | ROOKS..UNDER_SLOTS | slots::BISHOPS..PRE_PROMOTED => {
                        (1, role == super::resting_kind(slot))
                    }
                    UNDER_SLOTS..slots::BISHOPS => (2, (1..=3).contains(&role)),
                    PRE_PROMOTED..PAWNS => (3, role == 0 && relative_rank(sq, c) == 6),
                    _ => (4, role == 0 && relative_rank(sq, c) != 6),
                };
                if !role_ok {
                    return Err(format!("side {c}: slot {slot} holds role {role} on {sq}"));
                }
                if wanted_stretch < stretch || (wanted_stretch == 1 && slot < last_piece_slot) {
                    return Err(format!("side {c}: slot {slot} out of order"));
                }
                if wanted_stretch == 1 {
                    last_piece_slot = slot;
                }
                stretch = wanted_stretch;
                if (stretch >= 3) != dummy {
                    return Err(format!(
                        "side {c}: slot {slot} on the wrong side of the dummy"
                    ));
                }
                seen += 1;
            }
            previous = code;
            code = self.next[usize::from(code)];
        }
        if !dummy {
            return Err(format!("side {c}: no dummy in the list"));
        }
        let on_board = self
            .board
            .iter()
            .filter(|&&b| b < EMPTY && usize::from(b) & 1 == c)
            .count();
        if on_board != seen + 1 {
            return Err(format!(
                "side {c}: {on_board} pieces on the board, {} in the list",
                seen + 1
            ));
        }
        Ok(())
    }
}

/// The rank of mailbox square `sq` seen from colour index `c`.
fn relative_rank(sq: usize, c: usize) -> usize {
    if c == 0 { rank(sq) } else { 7 - rank(sq) }
}
