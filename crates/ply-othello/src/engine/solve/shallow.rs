//! Null-window search a few empties from the end ([`SHALLOW_MAX`] down to 5):
//! too close to the end for a transposition table or a sorted move list to pay
//! for themselves, so moves are tried straight from the move bitboard, those in
//! odd quadrants first and, within each parity, safe squares before the squares
//! next to an empty corner.

use super::board::{flips, game_over_score, moves};
use super::parity::{ODD_SQUARES, QUADRANT_BIT};
use super::search::{BELOW, SHALLOW_MAX, Search};
use super::stability::stability_cut;

/// X- and C-squares: next to a corner, usually poor while the corner is empty.
const NEAR_CORNERS: u64 = 0x42C3_0000_0000_C342;

impl Search<'_> {
    /// A null-window search of a position with 5 to [`SHALLOW_MAX`] empties.
    pub(super) fn shallow(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        empties: u32,
        parity: u8,
    ) -> i32 {
        debug_assert!((5..=SHALLOW_MAX).contains(&empties));
        self.nodes += 1;
        if let Some(bound) = stability_cut(player, opponent, alpha) {
            return bound;
        }
        let legal = moves(player, opponent);
        if legal == 0 {
            if moves(opponent, player) == 0 {
                return game_over_score(player, opponent);
            }
            return -self.shallow(opponent, player, -alpha - 1, empties, parity);
        }
        let odd = ODD_SQUARES[usize::from(parity)];
        let poor = NEAR_CORNERS;
        let mut best = BELOW;
        for set in [
            legal & odd & !poor,
            legal & odd & poor,
            legal & !odd & !poor,
            legal & !odd & poor,
        ] {
            let mut set = set;
            while set != 0 {
                let square = set.trailing_zeros() as usize;
                set &= set - 1;
                let f = flips(player, opponent, square);
                let next = opponent ^ f;
                let mover = player ^ f ^ (1 << square);
                let child_parity = parity ^ QUADRANT_BIT[square];
                let score = if empties == 5 {
                    -self.solve_last(next, mover, -alpha - 1, !(next | mover), child_parity)
                } else {
                    -self.shallow(next, mover, -alpha - 1, empties - 1, child_parity)
                };
                if score > best {
                    if score > alpha {
                        return score;
                    }
                    best = score;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve::board::CORNERS;

    #[test]
    fn near_corner_squares_are_the_x_and_c_squares() {
        let names: Vec<String> = crate::types::Square::in_bitboard(NEAR_CORNERS)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            names,
            [
                "b1", "g1", "a2", "b2", "g2", "h2", "a7", "b7", "g7", "h7", "b8", "g8"
            ]
        );
        assert_eq!(NEAR_CORNERS & CORNERS, 0);
    }
}
