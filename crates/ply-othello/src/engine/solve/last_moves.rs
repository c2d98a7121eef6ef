//! The last four empty squares: null-window searches specialised by the number
//! of empties, with the empties passed as square indices instead of being
//! looked up, no move generation (each empty is tried directly, after a cheap
//! test that it touches an opponent's disc), no move ordering beyond the order
//! the caller gives (parity first), and no position built for the very last
//! move: [`count_last_flips`] gives its score from the mover's discs alone.
//!
//! Every function here returns a fail-soft score for the window
//! (`alpha`, `alpha + 1`): a value `<= alpha` is an upper bound on the exact
//! score, a value `> alpha` a lower bound.

use super::board::{NEIGHBOURS, flips, game_over_score};
use super::last_flip::count_last_flips;
use super::parity::ODD_SQUARES;
use super::search::{BELOW, Search};

/// Higher than any score.
const ABOVE: i32 = 65;

impl Search<'_> {
    /// The score of `player` (to move; the opponent holds every other square
    /// but `square`) with one empty square left.
    #[inline]
    pub(super) fn solve_1(&mut self, player: u64, alpha: i32, square: usize) -> i32 {
        self.nodes += 1;
        let discs = player.count_ones() as i32;
        let flipped = count_last_flips(player, square) as i32;
        if flipped != 0 {
            // discs + flipped + 1 against 63 - discs - flipped.
            return 2 * (discs + flipped) - 62;
        }
        // The player passes. If the opponent passes too, the empty square goes
        // to the side ahead; if the opponent can play, the score only drops.
        let neither = if 2 * discs > 63 {
            2 * discs - 62
        } else {
            2 * discs - 64
        };
        if neither <= alpha {
            return neither;
        }
        let flipped = count_last_flips(!player & !(1 << square), square) as i32;
        if flipped != 0 {
            2 * (discs - flipped) - 64
        } else {
            neither
        }
    }

    /// Two empty squares, `first` tried first.
    pub(super) fn solve_2(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        first: usize,
        second: usize,
    ) -> i32 {
        self.nodes += 1;
        let mut best = BELOW;
        if NEIGHBOURS[first] & opponent != 0 {
            let f = flips(player, opponent, first);
            if f != 0 {
                best = -self.solve_1(opponent ^ f, -alpha - 1, second);
                if best > alpha {
                    return best;
                }
            }
        }
        if NEIGHBOURS[second] & opponent != 0 {
            let f = flips(player, opponent, second);
            if f != 0 {
                return best.max(-self.solve_1(opponent ^ f, -alpha - 1, first));
            }
        }
        if best != BELOW {
            return best;
        }
        // No move: the opponent plays, if it can.
        let mut best = ABOVE;
        if NEIGHBOURS[first] & player != 0 {
            let f = flips(opponent, player, first);
            if f != 0 {
                best = self.solve_1(player ^ f, alpha, second);
                if best <= alpha {
                    return best;
                }
            }
        }
        if NEIGHBOURS[second] & player != 0 {
            let f = flips(opponent, player, second);
            if f != 0 {
                return best.min(self.solve_1(player ^ f, alpha, first));
            }
        }
        if best != ABOVE {
            return best;
        }
        game_over_score(player, opponent)
    }

    /// Three empty squares, tried in the order given.
    pub(super) fn solve_3(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        squares: [usize; 3],
    ) -> i32 {
        self.nodes += 1;
        let [a, b, c] = squares;
        let mut best = BELOW;
        for (square, rest) in [(a, (b, c)), (b, (a, c)), (c, (a, b))] {
            if NEIGHBOURS[square] & opponent != 0 {
                let f = flips(player, opponent, square);
                if f != 0 {
                    let score = -self.solve_2(
                        opponent ^ f,
                        player ^ f ^ (1 << square),
                        -alpha - 1,
                        rest.0,
                        rest.1,
                    );
                    if score > best {
                        if score > alpha {
                            return score;
                        }
                        best = score;
                    }
                }
            }
        }
        if best != BELOW {
            return best;
        }
        let mut best = ABOVE;
        for (square, rest) in [(a, (b, c)), (b, (a, c)), (c, (a, b))] {
            if NEIGHBOURS[square] & player != 0 {
                let f = flips(opponent, player, square);
                if f != 0 {
                    let score = self.solve_2(
                        player ^ f,
                        opponent ^ f ^ (1 << square),
                        alpha,
                        rest.0,
                        rest.1,
                    );
                    if score < best {
                        if score <= alpha {
                            return score;
                        }
                        best = score;
                    }
                }
            }
        }
        if best != ABOVE {
            return best;
        }
        game_over_score(player, opponent)
    }

    /// Four empty squares, tried in the order given.
    pub(super) fn solve_4(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        squares: [usize; 4],
    ) -> i32 {
        self.nodes += 1;
        let [a, b, c, d] = squares;
        let mut best = BELOW;
        for (square, rest) in [
            (a, [b, c, d]),
            (b, [a, c, d]),
            (c, [a, b, d]),
            (d, [a, b, c]),
        ] {
            if NEIGHBOURS[square] & opponent != 0 {
                let f = flips(player, opponent, square);
                if f != 0 {
                    let score =
                        -self.solve_3(opponent ^ f, player ^ f ^ (1 << square), -alpha - 1, rest);
                    if score > best {
                        if score > alpha {
                            return score;
                        }
                        best = score;
                    }
                }
            }
        }
        if best != BELOW {
            return best;
        }
        let mut best = ABOVE;
        for (square, rest) in [
            (a, [b, c, d]),
            (b, [a, c, d]),
            (c, [a, b, d]),
            (d, [a, b, c]),
        ] {
            if NEIGHBOURS[square] & player != 0 {
                let f = flips(opponent, player, square);
                if f != 0 {
                    let score = self.solve_3(player ^ f, opponent ^ f ^ (1 << square), alpha, rest);
                    if score < best {
                        if score <= alpha {
                            return score;
                        }
                        best = score;
                    }
                }
            }
        }
        if best != ABOVE {
            return best;
        }
        game_over_score(player, opponent)
    }

    /// Dispatches a null-window search with 1 to 4 empties to the functions
    /// above, the empties in odd quadrants first.
    pub(super) fn solve_last(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        empty: u64,
        parity: u8,
    ) -> i32 {
        let odd = ODD_SQUARES[usize::from(parity)];
        let mut order = [0usize; 4];
        let mut count = 0;
        for set in [empty & odd, empty & !odd] {
            let mut set = set;
            while set != 0 {
                order[count & 3] = set.trailing_zeros() as usize;
                set &= set - 1;
                count += 1;
            }
        }
        match count {
            1 => {
                // The caller's view of the opponent must be every other square.
                debug_assert_eq!(opponent, !player & !empty);
                self.solve_1(player, alpha, order[0])
            }
            2 => self.solve_2(player, opponent, alpha, order[0], order[1]),
            3 => self.solve_3(player, opponent, alpha, [order[0], order[1], order[2]]),
            4 => self.solve_4(player, opponent, alpha, order),
            _ => unreachable!("solve_last takes 1 to 4 empties, got {count}"),
        }
    }
}
