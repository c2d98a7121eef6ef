//! A midgame evaluation of Othello positions, in centi-discs for the side to
//! move: mobility, potential mobility (frontier), corners, X- and C-squares
//! next to empty corners, stable discs on the edges, parity, and late in the
//! game the discs themselves. Weights shift with the number of empty squares.

use crate::generators::MoveGenerator;
use crate::position::Position;
use ply_core::search::{Evaluator, Score};

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares diagonally next to each corner (b2, g2, b7, g7), by corner.
const X_SQUARES: [(u64, u64); 4] = [
    (1, 1 << 9),
    (1 << 7, 1 << 14),
    (1 << 56, 1 << 49),
    (1 << 63, 1 << 54),
];
/// The squares next to each corner along the edges (b1 a2, g1 h2, a7 b8, h7 g8).
const C_SQUARES: [(u64, u64); 4] = [
    (1, 1 << 1 | 1 << 8),
    (1 << 7, 1 << 6 | 1 << 15),
    (1 << 56, 1 << 48 | 1 << 57),
    (1 << 63, 1 << 55 | 1 << 62),
];

/// The squares next to any square of `board`.
fn neighbours(board: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = ((board << 1) & NOT_A) | ((board >> 1) & NOT_H);
    let row = sideways | board;
    sideways | (row << 8) | (row >> 8)
}

/// Discs of `own` that can never be flipped because they sit on an edge in an
/// unbroken run from an owned corner (a cheap lower bound of stability).
fn edge_stable(own: u64) -> u64 {
    // Each edge as (corner square, step) runs inwards from both its corners.
    const RUNS: [(u32, i32); 8] = [
        (0, 1),
        (7, -1),
        (0, 8),
        (56, -8),
        (56, 1),
        (63, -1),
        (7, 8),
        (63, -8),
    ];
    let mut stable = 0u64;
    for (corner, step) in RUNS {
        let mut square = corner as i32;
        for _ in 0..8 {
            if own >> square & 1 == 0 {
                break;
            }
            stable |= 1 << square;
            square += step;
        }
    }
    stable
}

/// ply's Othello evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The score of `player` to move against `opponent`, in centi-discs.
    #[must_use]
    pub fn score<G: MoveGenerator>(player: u64, opponent: u64) -> i32 {
        let my_moves = G::moves(player, opponent);
        let their_moves = G::moves(opponent, player);
        let empty = !(player | opponent);
        let empties = empty.count_ones() as i32;
        if my_moves == 0 && their_moves == 0 {
            let (mine, theirs) = (player.count_ones() as i32, opponent.count_ones() as i32);
            let diff = mine - theirs;
            let final_diff = match diff.signum() {
                1 => diff + empties,
                -1 => diff - empties,
                _ => 0,
            };
            return 100 * final_diff;
        }
        // 0 at the start, 1 at the end.
        let late = (60 - empties).clamp(0, 60);

        let mobility = my_moves.count_ones() as i32 - their_moves.count_ones() as i32;
        // Empty squares next to the opponent's discs are future moves for us.
        let frontier = (neighbours(opponent) & empty).count_ones() as i32
            - (neighbours(player) & empty).count_ones() as i32;
        let corners =
            (player & CORNERS).count_ones() as i32 - (opponent & CORNERS).count_ones() as i32;
        let mut x_squares = 0;
        for (corner, x) in X_SQUARES {
            if empty & corner != 0 {
                x_squares += i32::from(player & x != 0) - i32::from(opponent & x != 0);
            }
        }
        let mut c_squares = 0;
        for (corner, c) in C_SQUARES {
            if empty & corner != 0 {
                c_squares += (player & c).count_ones() as i32 - (opponent & c).count_ones() as i32;
            }
        }
        let stable =
            edge_stable(player).count_ones() as i32 - edge_stable(opponent).count_ones() as i32;
        let discs = player.count_ones() as i32 - opponent.count_ones() as i32;
        // With an odd number of empties the side to move should get the last move.
        let parity = if empties % 2 == 1 { 1 } else { -1 };

        let mut score = 0;
        score += mobility * (90 - late / 2);
        score += frontier * 25;
        score += corners * 700;
        score -= x_squares * 450;
        score -= c_squares * 150;
        score += stable * 120;
        score += discs * (late * late / 200);
        score += parity * (late / 2);
        score
    }
}

impl<G: MoveGenerator> Evaluator<Position<G>> for Evaluation {
    fn evaluate(&self, position: &Position<G>) -> Score {
        Score(Self::score::<G>(position.player(), position.opponent()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Othello;
    use ply_core::Game;

    fn eval(text: &str) -> i32 {
        Evaluation
            .evaluate(&Othello::parse_position(text).unwrap())
            .0
    }

    #[test]
    fn start_is_balanced_and_corners_count() {
        assert_eq!(
            eval("---------------------------OX------XO--------------------------- X"),
            0
        );
        // Owning a corner is good, a lone X-square next to an empty corner bad.
        let mut corner =
            "---------------------------OX------XO---------------------------".to_owned();
        corner.replace_range(0..1, "X");
        corner.replace_range(9..10, "O");
        corner.replace_range(18..19, "X");
        assert!(eval(&format!("{corner} X")) > 500);
        assert!(eval(&format!("{corner} O")) < -500);
    }

    #[test]
    fn finished_games_score_the_final_count() {
        let half = "X".repeat(40) + &"O".repeat(24);
        assert_eq!(eval(&format!("{half} X")), 1600);
        assert_eq!(eval(&format!("{half} O")), -1600);
    }

    #[test]
    fn edge_runs_from_corners_are_stable() {
        assert_eq!(edge_stable(0b0000_0111), 0b0000_0111);
        assert_eq!(edge_stable(0b0000_0110), 0);
        assert_eq!(edge_stable(CORNERS).count_ones(), 4);
        assert_eq!(edge_stable(u64::MAX).count_ones(), 28);
    }
}
