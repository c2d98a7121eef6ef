//! ply's Othello evaluation: pattern tables fitted to game results, as in
//! Logistello, Edax and NTest.
//!
//! - **Patterns** ([`set::PATTERNS`]): the 3x3 corner (4 instances), the 2x5
//!   corner (8), the edge with its two X-squares (4), rows and columns 2, 3
//!   and 4 counted from each edge (4 each), the two long diagonals and the
//!   diagonals of 7, 6, 5 and 4 squares (4 each), and the 10-square corner
//!   triangle a1-d1-a4 (4): 50 instances of 12 patterns. Each square is a base-3 digit: empty 0, the side to move's
//!   disc 1, the opponent's 2. Every instance of a pattern reads the same
//!   table (the board is moved by a symmetry under one canonical mask), and
//!   a configuration and its mirror image under the pattern's own symmetry
//!   share their weight.
//! - **Extra features** ([`set::Extra`]): a constant, the parity of the
//!   empty squares, the number of legal moves of each side (a table of 32
//!   entries each: mobility counts non-linearly), the disc difference (129
//!   entries), each side's potential mobility (the empty squares next to
//!   the other side's discs, 64 entries each) and the number of quadrants
//!   with an odd number of empty squares (5 entries).
//! - **Stages**: [`STAGES`] weight sets of [`EMPTIES_PER_STAGE`] empty
//!   squares each, by the number of empty squares.
//! - **In a search** the indices are updated move by move along the line
//!   ([`stack`]) rather than read afresh from the boards ([`index`]).
//!
//! The score is the sum of the weights, in centi-discs for the side to move
//! (100 per disc: the weights are fitted to final disc differences), and the
//! exact final count in a finished game.

pub mod index;
pub mod set;
pub mod stack;
pub mod symmetry;
pub mod weights;

pub use set::{Extra, INSTANCE_COUNT, INSTANCES, PATTERNS, PatternSet};
pub use weights::{
    EMPTIES_PER_STAGE, LoadError, PATTERN_SET_ID, PatternWeights, STAGES, WeightsError, stage,
};

use crate::movegen::MoveGenerator;
use crate::position::Position;
use arrayvec::ArrayVec;
use ply_core::search::{EvalStack, Evaluator, Score};
use set::MOBILITY_ENTRIES;
use std::sync::{Arc, OnceLock};

/// The weights ply ships, built into the binary (see the README for the
/// command that made them).
static SHIPPED: &[u8] = include_bytes!("../../../../weights/patterns.bin.gz");

/// The environment variable that names a weights file to play with instead
/// of the built-in weights: `PLY_OTHELLO_WEIGHTS`.
pub const WEIGHTS_VARIABLE: &str = "PLY_OTHELLO_WEIGHTS";

/// The bound of a pattern score: a full board won by one side.
const MAX_SCORE: i32 = 6400;

/// The features of one position as a fit sees them: its stage and the
/// (compact index, value) pairs of its non-zero features.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// The stage the position's weights belong to.
    pub stage: usize,
    /// Compact indices (see [`PatternSet::compact_layout`]) with their values.
    pub entries: ArrayVec<(u32, f32), { INSTANCE_COUNT + EXTRA_ENTRIES }>,
}

impl Features {
    /// The features of `player` to move against `opponent`.
    #[must_use]
    pub fn of<G: MoveGenerator>(player: u64, opponent: u64) -> Features {
        let set = PatternSet::get();
        let layout = &set.compact_layout;
        let empties = (!(player | opponent)).count_ones();
        let mut entries = ArrayVec::new();
        for (instance, index) in INSTANCES.iter().zip(index::indices(player, opponent)) {
            let p = usize::from(instance.pattern);
            let compact = layout.pattern_offsets[p] + set.compact[p][usize::from(index)] as usize;
            entries.push((compact as u32, 1.0));
        }
        let (my_moves, their_moves) = (G::moves(player, opponent), G::moves(opponent, player));
        for (extra, value) in extra_entries(player, opponent, my_moves, their_moves) {
            entries.push(((layout.extra(extra) + value) as u32, 1.0));
        }
        Features {
            stage: stage(empties),
            entries,
        }
    }
}

/// The most extra features a position uses.
const EXTRA_ENTRIES: usize = 8;

/// The quadrants: the 4x4 corners a1-d4, e1-h4, a5-d8, e5-h8.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The squares next to (one of the 8 directions from) a square of `bits`.
#[inline]
fn neighbours(bits: u64) -> u64 {
    const NOT_FILE_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_FILE_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = ((bits << 1) & NOT_FILE_A) | ((bits >> 1) & NOT_FILE_H);
    let row = bits | sideways;
    sideways | (row << 8) | (row >> 8)
}

/// The entry of each extra feature's table that `player` to move against
/// `opponent` uses (parity only when the empties are odd).
#[inline]
fn extra_entries(
    player: u64,
    opponent: u64,
    my_moves: u64,
    their_moves: u64,
) -> ArrayVec<(Extra, usize), EXTRA_ENTRIES> {
    let mut entries = move_entries(player, opponent, my_moves, their_moves);
    board_entries(player, opponent, &mut entries);
    entries
}

/// The entries of the extra features read off the moves: the bias, parity
/// and both sides' mobility.
#[inline]
fn move_entries(
    player: u64,
    opponent: u64,
    my_moves: u64,
    their_moves: u64,
) -> ArrayVec<(Extra, usize), EXTRA_ENTRIES> {
    let empty = !(player | opponent);
    let mut entries = ArrayVec::new();
    entries.push((Extra::Bias, 0));
    if empty.count_ones() % 2 == 1 {
        entries.push((Extra::Parity, 0));
    }
    let mobility = |moves: u64| (moves.count_ones() as usize).min(MOBILITY_ENTRIES - 1);
    entries.push((Extra::Mobility, mobility(my_moves)));
    entries.push((Extra::OpponentMobility, mobility(their_moves)));
    entries
}

/// Appends the entries of the extra features counted on the board: the disc
/// difference, both sides' potential mobility and the odd quadrants.
#[inline]
fn board_entries(
    player: u64,
    opponent: u64,
    entries: &mut ArrayVec<(Extra, usize), EXTRA_ENTRIES>,
) {
    let empty = !(player | opponent);
    let difference = player.count_ones() as i32 - opponent.count_ones() as i32;
    entries.push((Extra::DiscDifference, (difference + 64) as usize));
    let potential = |other: u64| (empty & neighbours(other)).count_ones() as usize;
    entries.push((Extra::PotentialMobility, potential(opponent).min(63)));
    entries.push((Extra::OpponentPotentialMobility, potential(player).min(63)));
    let odd = QUADRANTS
        .iter()
        .filter(|&&q| (empty & q).count_ones() % 2 == 1)
        .count();
    entries.push((Extra::OddQuadrants, odd));
}

/// The evaluation tables of every stage, in the full layout (one weight per
/// configuration, for a lookup per instance). Clones share the tables.
#[derive(Clone)]
pub struct PatternEvaluation {
    tables: Arc<[i16]>,
    stage_len: usize,
    /// Whether any weight of the board-count features (disc difference,
    /// potential mobility, odd quadrants) is non-zero: where none is, they
    /// are not counted (weights fitted before them).
    counts_board: bool,
    /// Where each instance's table starts in a stage's (the full layout's
    /// offset of its pattern).
    instance_offsets: [usize; INSTANCE_COUNT],
    /// Where each extra feature's table starts in a stage's.
    extra_offsets: [usize; Extra::ALL.len()],
}

impl std::fmt::Debug for PatternEvaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PatternEvaluation({} stages)",
            self.tables.len() / self.stage_len
        )
    }
}

impl PatternEvaluation {
    /// The evaluation with `weights`.
    #[must_use]
    pub fn new(weights: &PatternWeights) -> Self {
        let set = PatternSet::get();
        let (full, compact) = (&set.full, &set.compact_layout);
        let mut tables = vec![0; STAGES * full.len];
        for (s, table) in tables.chunks_mut(full.len).enumerate() {
            let stage = weights.stage(s);
            for (p, map) in set.compact.iter().enumerate() {
                let (to, from) = (full.pattern_offsets[p], compact.pattern_offsets[p]);
                for (entry, &c) in map.iter().enumerate() {
                    table[to + entry] = stage[from + c as usize];
                }
            }
            let extras = compact.extra(Extra::ALL[0]);
            table[full.extra(Extra::ALL[0])..].copy_from_slice(&stage[extras..]);
        }
        let board_features = Extra::ALL.iter().filter(|extra| {
            !matches!(
                extra,
                Extra::Bias | Extra::Parity | Extra::Mobility | Extra::OpponentMobility
            )
        });
        let counts_board = tables.chunks(full.len).any(|table| {
            board_features.clone().any(|&extra| {
                table[full.extra(extra)..][..extra.entries()]
                    .iter()
                    .any(|&w| w != 0)
            })
        });
        PatternEvaluation {
            tables: tables.into(),
            stage_len: full.len,
            counts_board,
            instance_offsets: std::array::from_fn(|i| {
                full.pattern_offsets[usize::from(INSTANCES[i].pattern)]
            }),
            extra_offsets: full.extra_offsets,
        }
    }

    /// The evaluation with the weights built into ply.
    ///
    /// # Panics
    /// If the built-in weights do not fit this pattern set (a test checks it).
    pub fn shipped() -> &'static PatternEvaluation {
        static SHIPPED_EVALUATION: OnceLock<PatternEvaluation> = OnceLock::new();
        SHIPPED_EVALUATION.get_or_init(|| {
            let weights = PatternWeights::from_bytes(SHIPPED)
                .expect("the built-in weights fit the pattern set");
            PatternEvaluation::new(&weights)
        })
    }

    /// The evaluation ply plays with: the weights file named by the
    /// environment variable [`WEIGHTS_VARIABLE`] when it is set (to try
    /// fitted weights without a rebuild; a file that cannot be read is
    /// reported on stderr once and the built-in weights are used), else
    /// [`shipped`](Self::shipped).
    pub fn current() -> &'static PatternEvaluation {
        static CURRENT: OnceLock<Option<PatternEvaluation>> = OnceLock::new();
        let from_file =
            CURRENT.get_or_init(
                || match <PatternWeights as ply_fit::Trainable>::from_env()? {
                    Ok(weights) => Some(PatternEvaluation::new(&weights)),
                    Err(error) => {
                        eprintln!("{WEIGHTS_VARIABLE}={error}; using the built-in weights");
                        None
                    }
                },
            );
        from_file.as_ref().unwrap_or_else(|| Self::shipped())
    }

    /// The score of `player` to move against `opponent`, in centi-discs: the
    /// final disc difference when neither side can move.
    #[must_use]
    pub fn score<G: MoveGenerator>(&self, player: u64, opponent: u64) -> i32 {
        self.score_with_indices::<G, _>(player, opponent, || index::indices(player, opponent))
    }

    /// [`score`](Self::score) with the pattern indices of the position (as
    /// [`index::indices`] gives them, in a slice of at least
    /// [`INSTANCE_COUNT`]) from `indices`, which is not called for a
    /// finished game.
    #[inline]
    pub(crate) fn score_with_indices<G: MoveGenerator, I: AsRef<[u16]>>(
        &self,
        player: u64,
        opponent: u64,
        indices: impl FnOnce() -> I,
    ) -> i32 {
        let my_moves = G::moves(player, opponent);
        let their_moves = G::moves(opponent, player);
        let empties = (!(player | opponent)).count_ones();
        if my_moves == 0 && their_moves == 0 {
            return 100 * final_difference(player, opponent, empties);
        }
        let start = stage(empties) * self.stage_len;
        let table = &self.tables[start..start + self.stage_len];
        let mut score = 0i32;
        let indices = indices();
        for (&offset, &index) in self.instance_offsets.iter().zip(indices.as_ref()) {
            score += i32::from(table[offset + usize::from(index)]);
        }
        let mut extras = move_entries(player, opponent, my_moves, their_moves);
        if self.counts_board {
            board_entries(player, opponent, &mut extras);
        }
        for (extra, value) in extras {
            score += i32::from(table[self.extra_offsets[extra as usize] + value]);
        }
        score.clamp(-MAX_SCORE + 1, MAX_SCORE - 1)
    }
}

/// The final disc difference for `player`, the empty squares going to the winner.
fn final_difference(player: u64, opponent: u64, empties: u32) -> i32 {
    let diff = player.count_ones() as i32 - opponent.count_ones() as i32;
    diff + diff.signum() * empties as i32
}

impl<G: MoveGenerator> Evaluator<Position<G>> for PatternEvaluation {
    fn evaluate(&self, position: &Position<G>) -> Score {
        Score(self.score::<G>(position.player(), position.opponent()))
    }

    /// The pattern indices kept along the line ([`stack::PatternStack`]).
    fn stack(&self) -> Option<Box<dyn EvalStack<Position<G>>>> {
        Some(Box::new(stack::PatternStack::new(self.clone())))
    }
}

#[cfg(test)]
mod tests;
