//! The seed's piece list: piece numbers in decreasing value, and the slot
//! scheme for promotions.
//!
//! A piece's number (its *code*) is `2 * slot + colour`, even for White and
//! odd for Black, as in the seed. Slots are ordered by value so that a slot
//! number alone says whether capturing the piece can be futile:
//!
//! | slot | piece | list position |
//! |---|---|---|
//! | 0 | king | head of the list |
//! | 1 | queen | |
//! | 2..10 | promotion queens (`qSlots`) | linked directly behind the king |
//! | 10, 11 | rooks | |
//! | 12..20 | under-promotion slots (`nSlots`), any of knight, bishop, rook | linked directly before the dummy |
//! | 20, 21 | bishops | |
//! | 22, 23 | knights | |
//! | 24..32 | pre-promoted pawns (a pawn on its 7th rank, slot = its pawn slot - 8) | linked directly behind the dummy |
//! | 32..40 | pawns | |
//! | 40 | the dummy, always present | between the minors and the pawns |
//!
//! The spare promotion slots are kept in two free lists (through the same
//! `next` links); a promotion unlinks the first one. The seed had 3 queen and
//! 2 under-promotion slots to keep its sets within a byte on the Gigatron;
//! here there are 8 of each, enough for every position a game can reach, and
//! the sets are 16 and 32 bits wide.
//!
//! Attackers are found in sets, least valuable first (lowest bit):
//!
//! - the leaper set stored per square: bits 0-1 the two capture directions of
//!   the pawns, 2-3 the knights, 4-11 the under-promotion slots (knights made
//!   by promotion), 12 the king: extracted pawns, knights, king, as the seed
//!   does;
//! - the slider attackers set built from the direction-wise slider attacks:
//!   bit `21 - slot` for slots 1..=21, so bishops come first, then the
//!   under-promoted pieces, rooks and the queens.

/// Slots per side, the dummy included.
pub(super) const SLOTS: usize = 41;
/// Piece codes (`2 * slot + colour`) and the two list ends.
pub(super) const CODES: usize = 2 * SLOTS + 2;

/// The king, head of its side's list.
pub(super) const KING: u8 = 0;
/// The queen of the start position.
pub(super) const QUEEN: u8 = 1;
/// The first promotion-queen slot.
pub(super) const QUEEN_SLOTS: u8 = 2;
/// The rooks.
pub(super) const ROOKS: u8 = 10;
/// The first under-promotion slot.
pub(super) const UNDER_SLOTS: u8 = 12;
/// The bishops.
pub(super) const BISHOPS: u8 = 20;
/// The knights.
pub(super) const KNIGHTS: u8 = 22;
/// The first pre-promoted pawn slot (a pawn on its 7th rank).
pub(super) const PRE_PROMOTED: u8 = 24;
/// The first pawn slot.
pub(super) const PAWNS: u8 = 32;
/// The dummy cell between the minors and the pawns.
pub(super) const DUMMY: u8 = 40;
/// Spare slots of each promotion kind.
pub(super) const SPARE: u8 = 8;

/// The code of `slot` for colour index `color`.
#[inline(always)]
pub(super) const fn code(slot: u8, color: usize) -> u8 {
    slot * 2 + color as u8
}

/// The slot of a piece code.
#[inline(always)]
pub(super) const fn slot(code: u8) -> u8 {
    code >> 1
}

/// The end of colour `color`'s list (a sentinel code past the pieces).
#[inline(always)]
pub(super) const fn end(color: usize) -> u8 {
    (2 * SLOTS + color) as u8
}

/// Leaper-set bits of the two pawn capture directions.
pub(super) const PAWN_BITS: u16 = 0b11;

/// The leaper-set bit of a slot that can hold a knight or the king (0 for the others).
pub(super) const LEAPER_BIT: [u16; SLOTS] = {
    let mut bits = [0u16; SLOTS];
    bits[KNIGHTS as usize] = 1 << 2;
    bits[KNIGHTS as usize + 1] = 1 << 3;
    let mut s = 0;
    while s < SPARE as usize {
        bits[UNDER_SLOTS as usize + s] = 1 << (4 + s);
        s += 1;
    }
    bits[KING as usize] = 1 << 12;
    bits
};

/// `set2leaper`: the slot of each leaper-set bit from 2 up.
pub(super) const LEAPER_SLOT: [u8; 16] = {
    let mut slots = [0u8; 16];
    let mut s = 0;
    while s < SLOTS {
        if LEAPER_BIT[s] != 0 {
            slots[LEAPER_BIT[s].trailing_zeros() as usize] = s as u8;
        }
        s += 1;
    }
    slots
};

/// Slots 1..=21 can hold a slider.
const LAST_SLIDER_SLOT: u8 = 21;

/// `attBit`: the slider-attackers-set bit of a slider's slot.
#[inline(always)]
pub(super) const fn slider_bit(slot: u8) -> u32 {
    1 << (LAST_SLIDER_SLOT - slot)
}

/// `set2slider`: the slot of a slider-attackers-set bit.
#[inline(always)]
pub(super) const fn slider_slot(bit: u32) -> u8 {
    LAST_SLIDER_SLOT - bit as u8
}

/// What a capture of a piece in each slot is worth to the futility test, in
/// centipawns: non-increasing with the slot, so the first futile victim ends
/// the victims worth trying. Under-promoted pieces count as minors (a rook
/// made by under-promotion is short-changed, as the seed accepts).
pub(super) const fn slot_value(slot: u8) -> i32 {
    match slot {
        KING => 20_000,
        QUEEN..ROOKS => 950,
        ROOKS..UNDER_SLOTS => 500,
        UNDER_SLOTS..KNIGHTS => 330,
        KNIGHTS..PRE_PROMOTED => 320,
        PRE_PROMOTED..PAWNS => 200,
        PAWNS..DUMMY => 100,
        _ => 0,
    }
}

/// Margin for what a capture may gain besides the victim (positional swing).
pub(super) const FUTILITY_MARGIN: i32 = 200;
/// Width of one bucket of `alpha - eval` in the futility table (the seed's
/// "high byte").
pub(super) const FUTILITY_BUCKET: i32 = 32;
/// Buckets in the futility table; larger gaps use the last one.
const FUTILITY_BUCKETS: usize = 64;

/// `futilityThreshold`: for each bucket of `alpha - eval`, the first slot
/// whose capture cannot make up the gap (every slot from it on is futile).
pub(super) const FIRST_FUTILE_SLOT: [u8; FUTILITY_BUCKETS] = {
    let mut table = [0u8; FUTILITY_BUCKETS];
    let mut bucket = 0;
    while bucket < FUTILITY_BUCKETS {
        let gap = bucket as i32 * FUTILITY_BUCKET;
        let mut first = 1u8;
        while first < DUMMY && slot_value(first) + FUTILITY_MARGIN > gap {
            first += 1;
        }
        table[bucket] = first;
        bucket += 1;
    }
    table
};

/// The first futile victim slot when the static evaluation is `gap` below
/// alpha (`DUMMY` when no victim is futile).
#[inline(always)]
pub(super) fn first_futile_slot(gap: i32) -> u8 {
    let bucket = (gap.max(0) / FUTILITY_BUCKET) as usize;
    FIRST_FUTILE_SLOT[bucket.min(FUTILITY_BUCKETS - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_extract_the_least_valuable_first() {
        // Sliders: bishops, under-promotion slots, rooks, queen, promotion queens.
        let order: Vec<u8> = {
            let mut set: u32 = (1..=21).map(slider_bit).fold(0, |a, b| a | b);
            let mut order = Vec::new();
            while set != 0 {
                order.push(slider_slot(set.trailing_zeros()));
                set &= set - 1;
            }
            order
        };
        assert_eq!(&order[..2], &[BISHOPS + 1, BISHOPS]);
        assert_eq!(&order[10..12], &[ROOKS + 1, ROOKS]);
        assert_eq!(order[20], QUEEN);
        // Leapers: knights, under-promoted knights, then the king.
        let mut set = (0..SLOTS).map(|s| LEAPER_BIT[s]).fold(0, |a, b| a | b);
        assert_eq!(set & PAWN_BITS, 0, "the pawn bits are free");
        let mut order = Vec::new();
        while set != 0 {
            order.push(LEAPER_SLOT[set.trailing_zeros() as usize]);
            set &= set - 1;
        }
        assert_eq!(order.first(), Some(&KNIGHTS));
        assert_eq!(order.last(), Some(&KING));
        assert_eq!(order.len(), 2 + SPARE as usize + 1);
    }

    #[test]
    fn futility_cuts_by_victim_value() {
        // Nothing is futile when alpha is at the evaluation.
        assert_eq!(first_futile_slot(0), DUMMY);
        assert_eq!(first_futile_slot(-500), DUMMY);
        // 350 below alpha: pawns (100 + 200) cannot make it up, pre-promoted
        // pawns (200 + 200) can.
        assert_eq!(first_futile_slot(352), PAWNS);
        // 600 below: only rooks and queens.
        assert_eq!(first_futile_slot(608), UNDER_SLOTS);
        // Far below: only the queens are worth trying, and then not even they.
        assert_eq!(first_futile_slot(1100), ROOKS);
        assert_eq!(first_futile_slot(100_000), QUEEN);
        let mut last = DUMMY;
        for gap in (0..3000).step_by(7) {
            let first = first_futile_slot(gap);
            assert!(first <= last, "monotone");
            last = first;
        }
    }
}
