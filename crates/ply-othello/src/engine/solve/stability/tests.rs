use super::*;
use crate::Othello;
use ply_core::Game;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

/// The discs of `black` and `white` that change colour on some line of play
/// from `position`.
fn ever_flipped(position: &Othello, black: u64, white: u64) -> u64 {
    let mut changed = (black & !position.black()) | (white & !position.white());
    for mv in position.legal_moves() {
        changed |= ever_flipped(&position.play_unchecked(mv), black, white);
    }
    changed
}

#[test]
fn stable_discs_never_flip() {
    let mut rng = StdRng::seed_from_u64(21);
    let mut found = 0;
    let mut checked = 0;
    while checked < 120 {
        let mut position = Othello::start();
        let target = rng.random_range(4..=9);
        while position.empty().count_ones() > target {
            let moves = position.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            position = position.play_unchecked(mv);
        }
        let (black, white) = (position.black(), position.white());
        let stable = stable_discs(black, white) | stable_discs(white, black);
        assert_eq!(stable & !(black | white), 0);
        let changed = ever_flipped(&position, black, white);
        assert_eq!(
            stable & changed,
            0,
            "{position}: stable {stable:#x} changed {changed:#x}"
        );
        found += stable.count_ones();
        checked += 1;
    }
    // The test means something: many discs were claimed stable.
    assert!(found > 120 * 10, "{found}");
}

#[test]
fn edges_by_hand() {
    // A full edge is stable; a lone corner is; a lone disc next to it is not.
    assert_eq!(edge(0b1010_1010, 0b0101_0101), 0xFF);
    assert_eq!(edge(0b0000_0001, 0), 0b0000_0001);
    assert_eq!(edge(0b0000_0010, 0), 0);
    // a1 b1 c1 mine, d1 theirs, rest empty: the run from the corner is stable,
    // d1 can be flanked from e1.
    assert_eq!(edge(0b0000_0111, 0b0000_1000), 0b0000_0111);
    // Without the corner, nothing is stable: a1 could flank.
    assert_eq!(edge(0b0000_0110, 0b0000_1000), 0);
    // Edges of the board read the right bits.
    let corners = 0x8100_0000_0000_0081;
    assert_eq!(edge_stable(corners, 0), corners);
    assert_eq!(stable_discs(corners, 0), corners);
    assert_eq!(stable_discs(0, corners), 0);
}

#[test]
fn full_lines_by_hand() {
    let [row, column, diagonal, anti] = full_lines(0x0000_0000_0000_00FF | 0x0101_0101_0101_0101);
    assert_eq!(row, 0xFF);
    assert_eq!(column, 0x0101_0101_0101_0101);
    // The a1 corner's diagonal and the a-file squares' short anti-diagonals
    // (a1 alone, a2-b1) are full only where every square is occupied.
    assert_eq!(diagonal & 1, 0);
    assert_eq!(
        anti & 0x3,
        0x3,
        "a1 and b1 and a2 complete their anti-diagonals"
    );
    assert_eq!(full_lines(u64::MAX), [u64::MAX; 4]);
}
