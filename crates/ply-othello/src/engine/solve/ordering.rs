//! Move ordering for the searches with a move list: fastest first.
//!
//! A cut-off comes soonest from the move that leaves the opponent the fewest
//! replies, so each move is scored by the opponent's mobility after it (corner
//! replies counting three times), then its potential mobility (empty squares
//! next to the mover's discs, where replies may appear later), the mover's
//! discs made safe around the corners, and whether the move is in a quadrant
//! with an odd number of empties. The move the transposition table remembers
//! goes first whatever its score, and alone: the others are scored only if it
//! fails to cut ([`children`], [`score_children`]).
//!
//! Far from the end ([`sort_depth`]) the same measure is looked at a few plies
//! further: each move is scored by a small alpha-beta search, an even number of
//! plies deep, whose leaves are scored by the opponent's options as above. Only
//! the best keys need to be exact, so each search is bounded a little above
//! the best key found so far: a move that cannot come near it is dropped as
//! soon as that is proved (FFO #40-#49: 8 times fewer leaves than searches
//! with an open window, for 10 % more nodes).
//!
//! From [`EVAL_MIN_EMPTIES`] on, the key also counts the pattern evaluation
//! ([`Evaluation`]) of the position after the move, and from
//! [`EVAL_REPLY_MIN_EMPTIES`] on that of the opponent's best reply by the
//! evaluation (one more ply, as Edax orders its endgame moves with shallow
//! midgame searches). An evaluation costs about 300 ns, so it is kept to the
//! few nodes far from the end, where a better first move saves the most:
//! FFO #40-#49 need 2.7 times fewer nodes with it, at half the time.

use super::board::{CORNERS, flips, game_over_score, moves, neighbours};
use super::parity::QUADRANT_BIT;
use crate::engine::eval::Evaluation;
use crate::movegen::BitboardGenerator;
use arrayvec::ArrayVec;

/// A legal move with what it does and how promising it looks.
#[derive(Clone, Copy, Debug)]
pub struct Child {
    /// The square played.
    pub square: u8,
    /// The discs it flips.
    pub flips: u64,
    /// Higher is tried first.
    pub key: i32,
}

/// The moves of one position (at most one per empty square).
pub type Children = ArrayVec<Child, 64>;

/// Score bonus of the move remembered by the transposition table.
const HASH_MOVE: i32 = 1 << 24;
/// Weight of one opponent reply.
const MOBILITY: i32 = 1 << 12;
/// Weight of one potential reply.
const POTENTIAL: i32 = 1 << 8;
/// Weight of one of the mover's discs made safe around a corner.
const CORNER_STABILITY: i32 = 1 << 10;
/// Bonus of a move into a quadrant with an odd number of empties.
const PARITY: i32 = 1 << 8;
/// Weight of one centi-disc of evaluation: a reply less is worth about 3.4
/// discs (FFO #51-#53 with one selective search, the depth-5 weights: 2.45 G
/// nodes at 6, 2.22 G at 10, 1.95 G at 14, 2.16 G at 20).
const EVAL: i32 = 12;
/// How far below the best key so far a move's key is still worked out
/// exactly (one reply).
const SORT_MARGIN: i32 = MOBILITY;

/// The fewest empties at which the evaluation of the position after each
/// move counts in its key.
pub const EVAL_MIN_EMPTIES: u32 = 14;
/// The fewest empties at which the evaluation looks one ply further: the
/// opponent's best reply.
pub const EVAL_REPLY_MIN_EMPTIES: u32 = 18;

/// Corner squares by the edge squares next to them, for
/// [`corner_stability`].
const A1_A8: u64 = 0x0100_0000_0000_0001;
const H1_H8: u64 = 0x8000_0000_0000_0080;
const A1_H1: u64 = 0x0000_0000_0000_0081;
const A8_H8: u64 = 0x8100_0000_0000_0000;

/// The discs of `discs` in the corners and on the edge squares next to a corner
/// they hold: a cheap count of discs that will stay.
#[inline(always)]
pub fn corner_stability(discs: u64) -> u32 {
    let corners = discs & CORNERS;
    let next = ((corners & A1_A8) << 1)
        | ((corners & H1_H8) >> 1)
        | ((corners & A1_H1) << 8)
        | ((corners & A8_H8) >> 8);
    (corners | (next & discs)).count_ones()
}

/// How good the options of `player` (to move) look: its replies (corners
/// counting three times), its potential replies, less the other side's discs
/// made safe around the corners. The mover that leaves this lowest is played
/// first.
#[inline(always)]
fn options(player: u64, opponent: u64) -> i32 {
    let replies = moves(player, opponent);
    let mobility = (replies.count_ones() + 2 * (replies & CORNERS).count_ones()) as i32;
    let empty = !(player | opponent);
    let potential = (neighbours(opponent) & empty).count_ones() as i32;
    MOBILITY * mobility + POTENTIAL * potential
        - CORNER_STABILITY * corner_stability(opponent) as i32
}

/// Beyond any [`options`] score.
const SORT_INFINITY: i32 = 1 << 30;

/// The plies of [`sort_search`] behind the key of each move of a position with
/// `empties` empty squares: 0 (the plain measure) up to 15 empties, then 2, 4
/// and 6 as the subtrees grow.
#[inline]
#[must_use]
pub fn sort_depth(empties: u32) -> u32 {
    match empties {
        0..=15 => 0,
        16..=19 => 2,
        20..=23 => 4,
        _ => 6,
    }
}

/// How the leaves of a [`negamax`] search are scored.
trait Leaf {
    /// The score of `player` to move against `opponent`.
    fn score(player: u64, opponent: u64) -> i32;
    /// The score of a finished game worth `discs` (final disc difference).
    fn finished(discs: i32) -> i32;
}

/// Leaves scored by [`options`], finished games by far more than any option
/// count.
struct Mobility;

impl Leaf for Mobility {
    #[inline(always)]
    fn score(player: u64, opponent: u64) -> i32 {
        options(player, opponent)
    }
    #[inline(always)]
    fn finished(discs: i32) -> i32 {
        discs * (1 << 20)
    }
}

/// Leaves scored by the pattern evaluation, in centi-discs.
struct Evaluated;

impl Leaf for Evaluated {
    #[inline(always)]
    fn score(player: u64, opponent: u64) -> i32 {
        Evaluation::score::<BitboardGenerator>(player, opponent)
    }
    #[inline(always)]
    fn finished(discs: i32) -> i32 {
        100 * discs
    }
}

/// Negamax alpha-beta `depth` plies deep (passes do not count) from
/// `player`'s side in the window (`alpha`, `beta`), fail-soft, the leaves
/// scored by `L`.
fn negamax<L: Leaf>(player: u64, opponent: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return L::score(player, opponent);
    }
    let legal = moves(player, opponent);
    if legal == 0 {
        if moves(opponent, player) == 0 {
            return L::finished(game_over_score(player, opponent));
        }
        return -negamax::<L>(opponent, player, depth, -beta, -alpha);
    }
    let mut best = -SORT_INFINITY;
    let mut remaining = legal;
    while remaining != 0 {
        let square = remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        let f = flips(player, opponent, square);
        let score = -negamax::<L>(
            opponent ^ f,
            player | f | (1 << square),
            depth - 1,
            -beta,
            -alpha,
        );
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Negamax alpha-beta `depth` plies deep from `player`'s side, the leaves
/// scored by [`options`] and finished games by far more than any option
/// count.
fn sort_search(player: u64, opponent: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
    negamax::<Mobility>(player, opponent, depth, alpha, beta)
}

/// The evaluation of `player` to move against `opponent`, in centi-discs,
/// looked at `plies` plies deep (passes do not count) by alpha-beta in the
/// window (`alpha`, `beta`), fail-soft; finished games score their final
/// count.
pub fn evaluation_search(player: u64, opponent: u64, plies: u32, alpha: i32, beta: i32) -> i32 {
    negamax::<Evaluated>(player, opponent, plies, alpha, beta)
}

/// The plies of [`evaluation_search`] behind the key of each move of a
/// position with `empties` empty squares, `None` where the evaluation does not
/// count.
#[inline]
fn evaluation_plies(empties: u32) -> Option<u32> {
    match empties {
        EVAL_REPLY_MIN_EMPTIES.. => Some(1),
        EVAL_MIN_EMPTIES.. => Some(0),
        _ => None,
    }
}

/// Fills `list` with the legal moves of `player` in `moves_mask`, each with
/// its flips, and returns whether `hash_move` (a square index, or anything
/// above 63) is among them: it then comes first, keyed [`HASH_MOVE`], and the
/// keys of the others are left for [`score_children`] once the hash move has
/// failed to cut (it usually cuts, and the keys far from the end cost
/// thousands of move generations each). Without it every key is left to
/// [`score_children`].
#[inline]
pub fn children(
    list: &mut Children,
    player: u64,
    opponent: u64,
    moves_mask: u64,
    hash_move: u8,
) -> bool {
    let hash_first = hash_move < 64 && moves_mask >> hash_move & 1 != 0;
    if hash_first {
        let square = usize::from(hash_move);
        list.push(Child {
            square: hash_move,
            flips: flips(player, opponent, square),
            key: HASH_MOVE,
        });
    }
    let mut remaining = moves_mask & !(u64::from(hash_first) << (hash_move & 63));
    while remaining != 0 {
        let square = remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        list.push(Child {
            square: square as u8,
            flips: flips(player, opponent, square),
            key: 0,
        });
    }
    hash_first
}

/// Sets the ordering key of every child in `list` (moves of `player` from a
/// position with `empties` empty squares and quadrant parity `parity`),
/// looked at [`sort_depth`]`(empties)` plies deep (and by the evaluation from
/// [`EVAL_MIN_EMPTIES`] on).
///
/// Only the keys near the best one matter (the first move usually cuts): the
/// shallow search of each move is bounded [`SORT_MARGIN`] above the best key
/// so far, so that a move that cannot come near it is dropped as soon as that
/// is proved (its key is then an upper bound, which still sorts it after the
/// best).
#[inline]
pub fn score_children(
    list: &mut [Child],
    player: u64,
    opponent: u64,
    (parity, empties): (u8, u32),
) {
    let depth = sort_depth(empties);
    let plies = evaluation_plies(empties);
    let mut best_key = -SORT_INFINITY;
    for child in list {
        let square = usize::from(child.square);
        let mover = player | child.flips | (1 << square);
        let next = opponent ^ child.flips;
        let odd = i32::from(parity & QUADRANT_BIT[square] != 0);
        let evaluation = plies.map_or(0, |plies| {
            evaluation_search(next, mover, plies, -SORT_INFINITY, SORT_INFINITY)
        });
        let base = PARITY * odd - EVAL * evaluation;
        let outlook = if depth == 0 {
            options(next, mover)
        } else {
            // The key is within the margin of the best one exactly when
            // the outlook is below this.
            let beta = (base - best_key + SORT_MARGIN).min(SORT_INFINITY);
            sort_search(next, mover, depth, -SORT_INFINITY, beta)
        };
        child.key = base - outlook;
        best_key = best_key.max(child.key);
    }
}

/// Moves the most promising child from `from` on to position `from`.
#[inline(always)]
pub fn select(list: &mut Children, from: usize) {
    let mut best = from;
    for k in from + 1..list.len() {
        if list[k].key > list[best].key {
            best = k;
        }
    }
    list.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Othello;
    use crate::engine::solve::parity::parity;
    use crate::engine::solve::table::NO_MOVE;
    use ply_core::Game;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;
    use rand::{Rng, SeedableRng};

    /// The key of `child` with an open window: the definition the bounded
    /// keys are checked against.
    fn open_key(child: &Child, player: u64, opponent: u64, (parity, empties): (u8, u32)) -> i32 {
        let square = usize::from(child.square);
        let mover = player | child.flips | (1 << square);
        let next = opponent ^ child.flips;
        let odd = i32::from(parity & QUADRANT_BIT[square] != 0);
        let evaluation = evaluation_plies(empties).map_or(0, |plies| {
            evaluation_search(next, mover, plies, -SORT_INFINITY, SORT_INFINITY)
        });
        let outlook = sort_search(
            next,
            mover,
            sort_depth(empties),
            -SORT_INFINITY,
            SORT_INFINITY,
        );
        PARITY * odd - EVAL * evaluation - outlook
    }

    #[test]
    fn bounded_keys_keep_the_best_exact_and_bound_the_others_below_it() {
        let mut rng = StdRng::seed_from_u64(15);
        let (mut checked, mut bounded) = (0, 0);
        for _ in 0..40 {
            let target = rng.random_range(16..=23);
            let mut position = Othello::start();
            while position.empty().count_ones() > target {
                let Some(&mv) = position.legal_moves().choose(&mut rng) else {
                    break;
                };
                position = position.play_unchecked(mv);
            }
            let (player, opponent) = (position.player(), position.opponent());
            let legal = moves(player, opponent);
            if legal.count_ones() < 2 {
                continue;
            }
            let empty = !(player | opponent);
            let context = (parity(empty), empty.count_ones());
            let mut list = Children::new();
            assert!(!children(&mut list, player, opponent, legal, NO_MOVE));
            score_children(&mut list, player, opponent, context);
            let exact: Vec<i32> = list
                .iter()
                .map(|child| open_key(child, player, opponent, context))
                .collect();
            let best = *exact.iter().max().unwrap();
            assert_eq!(list.iter().map(|child| child.key).max(), Some(best));
            for (child, &exact) in list.iter().zip(&exact) {
                assert!(
                    child.key == exact || (exact <= child.key && child.key <= best - SORT_MARGIN),
                    "{position}: key {} of {}, exact {exact}, best {best}",
                    child.key,
                    child.square
                );
                bounded += usize::from(child.key != exact);
            }
            checked += 1;
        }
        assert!(checked >= 30, "{checked}");
        // The bound does cut some searches short.
        assert!(bounded >= 10, "{bounded}");
    }

    #[test]
    fn the_hash_move_comes_first_and_alone_is_keyed() {
        let position = Othello::start();
        let (player, opponent) = (position.player(), position.opponent());
        let legal = moves(player, opponent);
        let first = legal.trailing_zeros() as u8;
        let last = 63 - legal.leading_zeros() as u8;
        let mut list = Children::new();
        assert!(children(&mut list, player, opponent, legal, last));
        assert_eq!(list[0].square, last);
        assert_eq!(list[0].key, HASH_MOVE);
        assert_eq!(list.len(), legal.count_ones() as usize);
        assert!(
            list[1..]
                .iter()
                .all(|child| child.key == 0 && child.square != last)
        );
        let mut unknown = Children::new();
        assert!(!children(&mut unknown, player, opponent, legal, NO_MOVE));
        assert_eq!(unknown[0].square, first);
    }
}
