//! The terms of a checkers evaluation as a named feature vector, and a linear
//! evaluation over it: the groundwork for fitting the weights to game results
//! and database values (Texel-style, with the shared `ply-fit` crate).
//!
//! Every feature is a difference, the side to move's count less the other
//! side's, on the side-relative board (the side to move's men head towards
//! higher bits, row 0 is its back row): a position and the same position
//! with the colours swapped have opposite features. Terms that change with
//! the phase come twice, plain and scaled by how empty the board is
//! ([`late`]: 0 with 24 pieces, 1 with none), so that a linear model can
//! give a king (or an advanced man) one value with a full board and another
//! in the ending.
//!
//! After the named terms ([`Feature`]) come two tables of squares, the way
//! Othello programs weigh patterns of squares: one weight per square for a
//! man there ([`man_on`]) and one for a king ([`king_on`]), on the
//! side-relative board, the other side's pieces counted negatively on their
//! own side-relative squares; then one weight for each way men can stand
//! on their own back row ([`back_row`]: the bridge, the triangle of 1, 2
//! and 3, ...). Last come the pattern tables: one weight for each
//! configuration of each of the nine 4×4 regions of [`super::regions`],
//! twice (early and late: a position counts `1 - late` of the one and
//! `late` of the other, [`region_config`]), the other side's regions read
//! on its side-relative board and counted negatively.
//!
//! [`features`] lists the non-zero features of a position as `(index,
//! value)` pairs, the form `ply-fit` reads; [`Weights`] holds one weight per
//! feature in centi-men and [`Linear`] evaluates with them. The
//! [`Weights::hand_set`] are set by hand close to the hand-set evaluation
//! ([`super::HandEvaluation`]); [`Weights::shipped`] are the weights
//! fitted by `ply train checkers fit`, built into ply, and
//! [`Weights::current`] the engine's ([`super::Evaluation`]).

use super::regions::{self, CONFIGS, REGIONS};
use crate::board::{Board, SHIFTS};
use crate::movegen::{self, jump_sets};
use crate::position::Position;
use crate::types::Square;
use ply_core::search::{Evaluator, Score};
use ply_fit::Trainable;
use std::sync::OnceLock;

/// The features, in index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Feature {
    /// Men.
    Men,
    /// Kings.
    Kings,
    /// Men, scaled by [`late`].
    MenLate,
    /// Kings, scaled by [`late`].
    KingsLate,
    /// Men on their own back row, while the other side has men to crown.
    BackRank,
    /// Both squares of the bridge held (the back-row squares 1 and 3 for
    /// Black, 30 and 32 for White), while the other side has men to crown.
    Bridge,
    /// The rows men have advanced, summed (the tempo count).
    Tempo,
    /// [`Feature::Tempo`], scaled by [`late`].
    TempoLate,
    /// Pieces on the four central squares (14, 15, 18, 19).
    Centre,
    /// Pieces on the squares around the centre (10, 11, 22, 23).
    NearCentre,
    /// Kings on the central squares.
    KingCentre,
    /// Pieces on the side edges (files a and h).
    Edge,
    /// Men with a free path to the crowning row: no opposing piece in the
    /// cone of squares ahead of them.
    Runaway,
    /// Men in the dog-hole: on the edge square next to the crowning row
    /// whose only forward square holds an opposing man (Black on 28 against
    /// White on 32, White on 5 against Black on 1).
    DogHole,
    /// Legal moves (jumps when one is pending).
    Mobility,
    /// Always 1 for the side to move: what having the move is worth.
    Turn,
    /// Pieces the other side could jump if it had the move.
    Hanging,
}

impl Feature {
    /// Every feature, in index order.
    pub const ALL: [Feature; 17] = [
        Feature::Men,
        Feature::Kings,
        Feature::MenLate,
        Feature::KingsLate,
        Feature::BackRank,
        Feature::Bridge,
        Feature::Tempo,
        Feature::TempoLate,
        Feature::Centre,
        Feature::NearCentre,
        Feature::KingCentre,
        Feature::Edge,
        Feature::Runaway,
        Feature::DogHole,
        Feature::Mobility,
        Feature::Turn,
        Feature::Hanging,
    ];

    /// The number of features.
    pub const COUNT: usize = Feature::ALL.len();

    /// The feature's index in a vector.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The feature's name (`"kings_late"`), for weight files and reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Feature::Men => "men",
            Feature::Kings => "kings",
            Feature::MenLate => "men_late",
            Feature::KingsLate => "kings_late",
            Feature::BackRank => "back_rank",
            Feature::Bridge => "bridge",
            Feature::Tempo => "tempo",
            Feature::TempoLate => "tempo_late",
            Feature::Centre => "centre",
            Feature::NearCentre => "near_centre",
            Feature::KingCentre => "king_centre",
            Feature::Edge => "edge",
            Feature::Runaway => "runaway",
            Feature::DogHole => "dog_hole",
            Feature::Mobility => "mobility",
            Feature::Turn => "turn",
            Feature::Hanging => "hanging",
        }
    }

    /// The feature named `name`, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Squares of the board, each with a weight for a man and one for a king.
pub const SQUARES: usize = 32;

/// The ways men can stand on their own back row: one weight each.
pub const BACK_ROWS: usize = 16;

/// The features before the pattern tables: the named features, then a
/// man on each square, then a king on each square, then the back row's
/// patterns (the whole weight vector of ply's first fitted weights).
pub const BASE_COUNT: usize = Feature::COUNT + 2 * SQUARES + BACK_ROWS;

/// The phases of the pattern tables: early (a full board) and late (an
/// empty one), mixed by [`late`].
pub const PHASES: usize = 2;

/// The length of a weight vector: the [`BASE_COUNT`] features, then the
/// pattern tables ([`region_config`]).
pub const FEATURE_COUNT: usize = BASE_COUNT + PHASES * REGIONS * CONFIGS;

/// The index of the weight of configuration `config` of region `region` in
/// phase `phase` (0 early, 1 late).
#[must_use]
pub const fn region_config(phase: usize, region: usize, config: usize) -> usize {
    BASE_COUNT + (phase * REGIONS + region) * CONFIGS + config
}

/// The names of the phases of the pattern tables, in order.
const PHASE_NAMES: [&str; PHASES] = ["early", "late"];

/// The index of a man on the side-relative square of bit `square` (0 to 31).
#[must_use]
pub const fn man_on(square: usize) -> usize {
    Feature::COUNT + square
}

/// The index of a king on the side-relative square of bit `square`.
#[must_use]
pub const fn king_on(square: usize) -> usize {
    Feature::COUNT + SQUARES + square
}

/// The index of the back-row pattern `men`: bit `i` set for a man on the
/// side-relative square `i + 1` (Black's squares 1 to 4).
#[must_use]
pub const fn back_row(men: u32) -> usize {
    Feature::COUNT + 2 * SQUARES + (men & 0xF) as usize
}

/// The name of feature `index` (below [`FEATURE_COUNT`]): a [`Feature`]'s name;
/// `man_on_N` / `king_on_N` with `N` the side-relative square number (1 to
/// 32, as Black sees the board); `back_row_ABCD`, with `A` to `D` 1 for a
/// man on the side-relative squares 1 to 4, else 0; or
/// `region_R_PHASE_SQUARES` for a pattern weight (`region_4_late_x..o....`:
/// region 4, late, [`regions::config_text`]).
#[must_use]
pub fn feature_name(index: usize) -> String {
    if index >= BASE_COUNT {
        let table = (index - BASE_COUNT) / CONFIGS;
        let config = (index - BASE_COUNT) % CONFIGS;
        let (phase, region) = (table / REGIONS, table % REGIONS);
        format!(
            "region_{region}_{}_{}",
            PHASE_NAMES[phase],
            regions::config_text(config)
        )
    } else if index < Feature::COUNT {
        Feature::ALL[index].name().to_owned()
    } else if index < man_on(SQUARES) {
        format!("man_on_{}", index - man_on(0) + 1)
    } else if index < king_on(SQUARES) {
        format!("king_on_{}", index - king_on(0) + 1)
    } else {
        let men = index - back_row(0);
        let held: String = (0..4)
            .map(|i| if men & 1 << i != 0 { '1' } else { '0' })
            .collect();
        format!("back_row_{held}")
    }
}

/// The index of the feature named `name`, if there is one.
#[must_use]
pub fn feature_index(name: &str) -> Option<usize> {
    if let Some(feature) = Feature::from_name(name) {
        return Some(feature.index());
    }
    let square = |prefix: &str| {
        let n: usize = name.strip_prefix(prefix)?.parse().ok()?;
        (1..=SQUARES).contains(&n).then_some(n - 1)
    };
    let pattern = || {
        let held = name.strip_prefix("back_row_")?;
        if held.len() != 4 || !held.bytes().all(|b| b == b'0' || b == b'1') {
            return None;
        }
        let men = held
            .bytes()
            .enumerate()
            .fold(0, |men, (i, b)| men | u32::from(b == b'1') << i);
        Some(back_row(men))
    };
    let region = || {
        let mut parts = name.strip_prefix("region_")?.splitn(3, '_');
        let region: usize = parts.next()?.parse().ok()?;
        let phase_name = parts.next()?;
        let phase = PHASE_NAMES.iter().position(|&p| p == phase_name)?;
        let config = regions::config_from_text(parts.next()?)?;
        (region < REGIONS).then(|| region_config(phase, region, config))
    };
    square("man_on_")
        .map(man_on)
        .or_else(|| square("king_on_").map(king_on))
        .or_else(pattern)
        .or_else(region)
}

/// The four central squares (14, 15, 18, 19 from Black's side).
const CENTRE: u32 = 1 << 13 | 1 << 14 | 1 << 17 | 1 << 18;
/// The squares around them (10, 11, 22, 23).
const NEAR_CENTRE: u32 = 1 << 9 | 1 << 10 | 1 << 21 | 1 << 22;
/// The back row of the side to move (squares 1 to 4 from Black's side).
const BACK_ROW: u32 = 0xF;
/// The bridge: squares 1 and 3 from Black's side.
const BRIDGE: u32 = 1 << 0 | 1 << 2;

/// How empty the board is: 0 with 24 pieces or more, 1 with none.
#[must_use]
pub fn late(board: &Board) -> f32 {
    let pieces = (board.mine | board.theirs).count_ones().min(24);
    (24 - pieces) as f32 / 24.0
}

/// Squares on the side edges (files a and h), generated from the geometry.
fn edges() -> u32 {
    static EDGES: OnceLock<u32> = OnceLock::new();
    *EDGES.get_or_init(|| {
        (0..32u8)
            .map(Square::from_index)
            .filter(|s| s.file() == 0 || s.file() == 7)
            .fold(0, |board, s| board | s.bit())
    })
}

/// For each square, the cone ahead of a man there (towards higher rows): the
/// squares an opposing piece could stop it from.
fn cones() -> &'static [u32; 32] {
    static CONES: OnceLock<[u32; 32]> = OnceLock::new();
    CONES.get_or_init(|| {
        std::array::from_fn(|from| {
            let from = Square::from_index(from as u8);
            (0..32u8)
                .map(Square::from_index)
                .filter(|s| {
                    let ahead = i32::from(s.row()) - i32::from(from.row());
                    let aside = (i32::from(s.file()) - i32::from(from.file())).abs();
                    ahead > 0 && aside <= ahead
                })
                .fold(0, |board, s| board | s.bit())
        })
    })
}

/// The counts of one side (the side to move's pieces in `board.mine`), before
/// the other side's are taken off.
fn side_counts(board: &Board) -> [i32; Feature::COUNT] {
    let men = board.mine & !board.kings;
    let kings = board.mine & board.kings;
    let their_men = board.theirs & !board.kings;
    let mut counts = [0; Feature::COUNT];
    let count = |set: u32| set.count_ones() as i32;
    counts[Feature::Men.index()] = count(men);
    counts[Feature::Kings.index()] = count(kings);
    if their_men != 0 {
        counts[Feature::BackRank.index()] = count(men & BACK_ROW);
        counts[Feature::Bridge.index()] = i32::from(men & BRIDGE == BRIDGE);
    }
    counts[Feature::Tempo.index()] = Square::in_board(men).map(|s| i32::from(s.row())).sum();
    counts[Feature::Centre.index()] = count(board.mine & CENTRE);
    counts[Feature::NearCentre.index()] = count(board.mine & NEAR_CENTRE);
    counts[Feature::KingCentre.index()] = count(kings & CENTRE);
    counts[Feature::Edge.index()] = count(board.mine & edges());
    let cones = cones();
    counts[Feature::Runaway.index()] = Square::in_board(men)
        .filter(|s| cones[s.index()] & board.theirs == 0)
        .count() as i32;
    counts[Feature::DogHole.index()] = Square::in_board(men & 0xF << 24)
        .filter(|s| {
            let ahead = SHIFTS[0].targets(s.bit()) | SHIFTS[1].targets(s.bit());
            ahead.count_ones() == 1 && ahead & their_men != 0
        })
        .count() as i32;
    counts[Feature::Mobility.index()] = movegen::count(board) as i32;
    counts[Feature::Hanging.index()] = hanging(board);
    counts
}

/// The pieces of the side to move that the other side could jump if it had
/// the move.
fn hanging(board: &Board) -> i32 {
    let other = board.turned();
    let jumpers = jump_sets(&other);
    let jumped = (0..4).fold(0, |set, d| set | SHIFTS[d].targets(jumpers[d]));
    (jumped & other.theirs).count_ones() as i32
}

/// The first [`BASE_COUNT`] features of a side-relative board, dense: the
/// side to move's counts less the other side's, the phase-scaled ones
/// scaled, then the squares of the men and kings (+1 for the side to
/// move's, -1 for the other side's, each on its own side-relative square).
#[must_use]
pub fn dense(board: &Board) -> [f32; BASE_COUNT] {
    let turned = board.turned();
    let mine = side_counts(board);
    let theirs = side_counts(&turned);
    let mut values = [0.0; BASE_COUNT];
    for i in 0..Feature::COUNT {
        values[i] = (mine[i] - theirs[i]) as f32;
    }
    let late = late(board);
    values[Feature::MenLate.index()] = values[Feature::Men.index()] * late;
    values[Feature::KingsLate.index()] = values[Feature::Kings.index()] * late;
    values[Feature::TempoLate.index()] = values[Feature::Tempo.index()] * late;
    values[Feature::Turn.index()] = 1.0;
    for (side, sign) in [(board, 1.0), (&turned, -1.0)] {
        for square in Square::in_board(side.mine & !side.kings) {
            values[man_on(square.index())] += sign;
        }
        for square in Square::in_board(side.mine & side.kings) {
            values[king_on(square.index())] += sign;
        }
        values[back_row(side.mine & !side.kings)] += sign;
    }
    values
}

/// The non-zero features of `position` as `(index, value)` pairs, in index
/// order, appended to `out` (the rows `ply-fit` reads).
pub fn features(position: &Position, out: &mut Vec<(u32, f32)>) {
    board_features(position.board(), out);
}

/// The non-zero features of a side-relative board, as [`features`] lists
/// them (an index may come twice, when both sides' regions read the same
/// configuration: the values add up).
pub fn board_features(board: &Board, out: &mut Vec<(u32, f32)>) {
    for (index, value) in dense(board).into_iter().enumerate() {
        if value != 0.0 {
            out.push((index as u32, value));
        }
    }
    let late = late(board);
    for (side, sign) in [(*board, 1.0), (board.turned(), -1.0)] {
        for (region, config) in regions::configs(&side).into_iter().enumerate() {
            for (phase, share) in [(0, 1.0 - late), (1, late)] {
                if share != 0.0 {
                    let index = region_config(phase, region, usize::from(config));
                    out.push((index as u32, sign * share));
                }
            }
        }
    }
}

/// The environment variable naming a weights file to evaluate with instead
/// of the built-in weights (to try fitted weights without a rebuild):
/// `PLY_CHECKERS_WEIGHTS`.
pub const WEIGHTS_VARIABLE: &str = "PLY_CHECKERS_WEIGHTS";

/// The weights fitted by `ply train checkers fit`, built into ply: ply's
/// weights file ([`ply_fit::weights`]).
static SHIPPED: &[u8] = include_bytes!("../../weights/eval.bin");

/// One weight per feature ([`FEATURE_COUNT`] of them), in centi-men per unit of
/// the feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub Vec<f32>);

/// The hand-set weights of the named features, in [`Feature::ALL`]'s order.
const HAND_SET: [f32; Feature::COUNT] = [
    100.0, // men
    145.0, // kings
    50.0,  // men_late: a lead counts more as the board empties
    72.0,  // kings_late
    6.0,   // back_rank
    12.0,  // bridge
    2.0,   // tempo
    12.0,  // tempo_late
    6.0,   // centre
    3.0,   // near_centre
    4.0,   // king_centre
    -2.0,  // edge
    30.0,  // runaway
    -20.0, // dog_hole
    3.0,   // mobility
    3.0,   // turn
    0.0,   // hanging
];

impl Weights {
    /// Weights set by hand, close to [`super::HandEvaluation`]'s
    /// terms, the squares and patterns at 0: where a fit starts.
    #[must_use]
    pub fn hand_set() -> Weights {
        let mut weights = vec![0.0; FEATURE_COUNT];
        weights[..Feature::COUNT].copy_from_slice(&HAND_SET);
        Weights(weights)
    }

    /// The weight of `feature`.
    #[must_use]
    pub fn get(&self, feature: Feature) -> f32 {
        self.0[feature.index()]
    }

    /// The score of `board` for the side to move, in centi-men: the
    /// weighted sum of the features [`board_features`] lists.
    #[must_use]
    pub fn score(&self, board: &Board) -> i32 {
        let mut row = Vec::with_capacity(64);
        board_features(board, &mut row);
        let sum: f32 = row.iter().map(|&(i, x)| x * self.0[i as usize]).sum();
        sum.round() as i32
    }

    /// The weights as text: one `name weight` line per feature, after a
    /// comment line (a listing to read; ply loads weights from their file,
    /// [`Trainable::read_file`]).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = String::from("# ply checkers evaluation weights (centi-men per unit)\n");
        for (index, weight) in self.0.iter().enumerate() {
            text.push_str(&format!("{} {weight}\n", feature_name(index)));
        }
        text
    }

    /// The weights built into ply (fitted by `ply train checkers fit`).
    #[must_use]
    pub fn shipped() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| {
            <Weights as Trainable>::from_bytes(SHIPPED).expect("the shipped weights are tested")
        })
    }

    /// The engine's weights: those of the file named by the environment
    /// variable [`WEIGHTS_VARIABLE`] when it is set (a file that cannot be
    /// read is reported on stderr once and the built-in weights are used),
    /// else [`Weights::shipped`].
    pub fn current() -> &'static Weights {
        static CURRENT: OnceLock<Option<Weights>> = OnceLock::new();
        let from_file = CURRENT.get_or_init(|| {
            Weights::from_env()?
                .inspect_err(|error| {
                    eprintln!("{WEIGHTS_VARIABLE}={error}; using the built-in weights");
                })
                .ok()
        });
        from_file.as_ref().unwrap_or_else(|| Weights::shipped())
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::hand_set()
    }
}

/// The linear evaluation: the features weighted by a [`Weights`] table.
///
/// It scores with the weights folded into tables of squares: a man on a
/// square is worth its own weight plus those of the terms it counts in
/// (men, tempo, centre, edge...), early and late in the game, and the same
/// for a king; the terms that are not sums over pieces (back rank, bridge,
/// runaways, dog-holes, mobility, hanging pieces) are counted as
/// [`Weights::score`] counts them, and each region's configuration looks
/// up its early and late weights side by side. The score is the same as
/// [`Weights::score`]'s up to the rounding of the floating-point sums.
#[derive(Clone, Debug)]
pub struct Linear {
    weights: Weights,
    /// Per square: a man's worth with a full board, and what is added to it
    /// times [`late`].
    men: [[f32; SQUARES]; 2],
    /// The same for a king.
    kings: [[f32; SQUARES]; 2],
    /// Per region and configuration (`region * CONFIGS + config`): the
    /// early weight, and what is added to it times [`late`], of the side to
    /// move's configuration less that of the other side's region that reads
    /// the same squares turned ([`regions::turned`]), so that one lookup per
    /// region scores both sides; empty when every pattern weight is 0.
    regions: Vec<[f32; 2]>,
}

impl Linear {
    /// The evaluation with `weights`.
    #[must_use]
    pub fn new(weights: Weights) -> Linear {
        let w = |feature: Feature| weights.get(feature);
        let bit = |set: u32, square: usize| if set & 1 << square != 0 { 1.0 } else { 0.0 };
        let mut men = [[0.0; SQUARES]; 2];
        let mut kings = [[0.0; SQUARES]; 2];
        for square in 0..SQUARES {
            let row = f32::from(Square::from_index(square as u8).row());
            let placed = w(Feature::Centre) * bit(CENTRE, square)
                + w(Feature::NearCentre) * bit(NEAR_CENTRE, square)
                + w(Feature::Edge) * bit(edges(), square);
            men[0][square] =
                w(Feature::Men) + w(Feature::Tempo) * row + placed + weights.0[man_on(square)];
            men[1][square] = w(Feature::MenLate) + w(Feature::TempoLate) * row;
            kings[0][square] = w(Feature::Kings)
                + w(Feature::KingCentre) * bit(CENTRE, square)
                + placed
                + weights.0[king_on(square)];
            kings[1][square] = w(Feature::KingsLate);
        }
        let patterns = &weights.0[BASE_COUNT..];
        let regions = if patterns.iter().all(|&w| w == 0.0) {
            Vec::new()
        } else {
            let weight = |region: usize, config: usize| {
                let early = patterns[region * CONFIGS + config];
                [
                    early,
                    patterns[REGIONS * CONFIGS + region * CONFIGS + config] - early,
                ]
            };
            (0..REGIONS * CONFIGS)
                .map(|i| {
                    let (region, config) = (i / CONFIGS, i % CONFIGS);
                    let mine = weight(region, config);
                    let theirs = weight(REGIONS - 1 - region, regions::turned(config));
                    [mine[0] - theirs[0], mine[1] - theirs[1]]
                })
                .collect()
        };
        Linear {
            weights,
            men,
            kings,
            regions,
        }
    }

    /// The weights.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The engine's evaluation: [`Weights::current`], folded once.
    #[must_use]
    pub fn current() -> &'static Linear {
        static CURRENT: OnceLock<Linear> = OnceLock::new();
        CURRENT.get_or_init(|| Linear::new(Weights::current().clone()))
    }

    /// The side to move's share of the score (the other side's is this on
    /// the turned board).
    #[inline]
    fn side(&self, board: &Board, late: f32) -> f32 {
        let men = board.mine & !board.kings;
        let kings = board.mine & board.kings;
        let their_men = board.theirs & !board.kings;
        let w = |feature: Feature| self.weights.get(feature);
        let mut score = 0.0;
        for square in Square::in_board(men) {
            let i = square.index();
            score += self.men[0][i] + late * self.men[1][i];
        }
        for square in Square::in_board(kings) {
            let i = square.index();
            score += self.kings[0][i] + late * self.kings[1][i];
        }
        score += self.weights.0[back_row(men)];
        if their_men != 0 {
            score += w(Feature::BackRank) * (men & BACK_ROW).count_ones() as f32;
            if men & BRIDGE == BRIDGE {
                score += w(Feature::Bridge);
            }
        }
        let cones = cones();
        let runaways = Square::in_board(men)
            .filter(|s| cones[s.index()] & board.theirs == 0)
            .count();
        score += w(Feature::Runaway) * runaways as f32;
        let dog_holes = Square::in_board(men & 0xF << 24)
            .filter(|s| {
                let ahead = SHIFTS[0].targets(s.bit()) | SHIFTS[1].targets(s.bit());
                ahead.count_ones() == 1 && ahead & their_men != 0
            })
            .count();
        score += w(Feature::DogHole) * dog_holes as f32;
        score += w(Feature::Mobility) * movegen::count(board) as f32;
        score += w(Feature::Hanging) * hanging(board) as f32;
        score
    }

    /// Both sides' pattern terms: the side to move's less the other side's.
    #[inline]
    fn patterns(&self, board: &Board, late: f32) -> f32 {
        if self.regions.is_empty() {
            return 0.0;
        }
        (0..REGIONS)
            .map(|region| {
                let [early, later] =
                    self.regions[region * CONFIGS + regions::config(board, region)];
                early + late * later
            })
            .sum()
    }

    /// The score of `board` for the side to move, in centi-men.
    #[must_use]
    pub fn score(&self, board: &Board) -> i32 {
        let late = late(board);
        let score = self.side(board, late) - self.side(&board.turned(), late)
            + self.patterns(board, late)
            + self.weights.get(Feature::Turn);
        score.round() as i32
    }
}

impl Default for Linear {
    fn default() -> Self {
        Linear::new(Weights::hand_set())
    }
}

impl Evaluator<Position> for Linear {
    fn evaluate(&self, position: &Position) -> Score {
        Score(self.score(position.board()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Game;

    fn position(fen: &str) -> Position {
        Position::parse_position(fen).unwrap()
    }

    fn value(fen: &str, feature: Feature) -> f32 {
        dense(position(fen).board())[feature.index()]
    }

    #[test]
    fn names_are_unique_and_read_back() {
        for (index, feature) in Feature::ALL.into_iter().enumerate() {
            assert_eq!(feature.index(), index);
            assert_eq!(Feature::from_name(feature.name()), Some(feature));
        }
        assert_eq!(Feature::from_name("nothing"), None);
    }

    #[test]
    fn the_start_is_even_and_colours_swap_signs() {
        let start = Position::start();
        let mut sparse = Vec::new();
        features(&start, &mut sparse);
        // Only having the move differs (mobility is 7 a side): each
        // region's configuration is the other side's region's, and they
        // cancel.
        let (named, patterns) = sparse.split_at(1);
        assert_eq!(named, [(Feature::Turn.index() as u32, 1.0)]);
        let mut sums = std::collections::BTreeMap::new();
        for &(index, value) in patterns {
            *sums.entry(index).or_insert(0.0) += value;
        }
        assert_eq!(patterns.len(), 2 * REGIONS, "early only, both sides");
        assert!(sums.values().all(|&sum| sum == 0.0), "{sums:?}");
        // The same pieces with colours and sides swapped: opposite features.
        let (a, b) = (
            position("B:W21,K22,27,30:B5,K9,14"),
            position("W:WK24,19,28:B3,6,K11,12"),
        );
        let mut rows = [Vec::new(), Vec::new()];
        features(&a, &mut rows[0]);
        features(&b, &mut rows[1]);
        let [a, b] = rows.map(|row| {
            let mut values = vec![0.0; FEATURE_COUNT];
            for (index, value) in row {
                values[index as usize] += value;
            }
            values
        });
        assert!(a[BASE_COUNT..].iter().any(|&value| value != 0.0));
        for i in 0..FEATURE_COUNT {
            if i != Feature::Turn.index() {
                assert_eq!(a[i], b[i], "{}", feature_name(i));
            }
        }
        // Black's men on 1 and 3, White's on 30: back-row patterns.
        let rows = dense(position("B:W30,21:B1,3,9").board());
        assert_eq!(rows[back_row(0b0101)], 1.0);
        assert_eq!(rows[back_row(0b0100)], -1.0, "White's 30 is its square 3");
        assert_eq!(feature_name(back_row(0b0101)), "back_row_1010");
    }

    #[test]
    fn terms_count_what_they_say() {
        assert_eq!(value("B:W32:BK1,K3,5", Feature::Kings), 2.0);
        assert_eq!(value("B:W32:BK1,K3,5", Feature::Men), 0.0);
        // Black's bridge (1 and 3) against White's men.
        assert_eq!(value("B:W21:B1,3", Feature::Bridge), 1.0);
        assert_eq!(value("B:W21:B1,4", Feature::Bridge), 0.0);
        // A Black man on 28 with White on 32 is in the dog-hole.
        assert_eq!(value("B:W32:B28", Feature::DogHole), 1.0);
        assert_eq!(value("B:W31:B28", Feature::DogHole), 0.0);
        // Nothing ahead of Black's man on 22; White's man on 10 is blocked.
        assert_eq!(value("B:W10:B22,7", Feature::Runaway), 1.0);
        assert_eq!(value("W:W10:B22,7", Feature::Runaway), -1.0);
        assert_eq!(value("B:W31:B13", Feature::Edge), 1.0);
        // The ending weighs kings more.
        assert!(value("B:W32:BK1", Feature::KingsLate) > 0.9);
    }

    #[test]
    fn the_linear_score_is_the_weighted_sum_of_the_features() {
        let weights = Weights::hand_set();
        for fen in [
            "B:W21,K22,27,30:B5,K9,14",
            "W:W18,21,24:B6,11,12",
            "B:W32:B28",
        ] {
            let position = position(fen);
            let mut sparse = Vec::new();
            features(&position, &mut sparse);
            let sum: f32 = sparse.iter().map(|&(i, x)| weights.0[i as usize] * x).sum();
            let linear = Linear::default().evaluate(&position).0;
            assert!((linear - sum.round() as i32).abs() <= 1, "{linear} {sum}");
        }
        // A man up is worth about a man.
        let up = Linear::default().evaluate(&position("B:W21,22:B5,6,7")).0;
        assert!((80..200).contains(&up), "{up}");
    }

    #[test]
    fn the_folded_tables_score_as_the_weights_do() {
        let mut weights = Weights::hand_set();
        for (i, w) in weights.0.iter_mut().enumerate().skip(Feature::COUNT) {
            *w = (i % 7) as f32 - 3.0;
        }
        weights.0[Feature::Hanging.index()] = -25.0;
        let linear = Linear::new(weights.clone());
        let mut rng = ply_core::rng::Rng::new(5);
        for _ in 0..30 {
            let mut position = Position::start();
            for _ in 0..80 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let board = position.board();
                let (fast, slow) = (linear.score(board), weights.score(board));
                assert!((fast - slow).abs() <= 1, "{position}: {fast} {slow}");
                position = position.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
    }

    #[test]
    fn squares_and_hanging_pieces_count() {
        // Black's man on 5 (bit 4), White's on 28 (its side-relative 5).
        let values = dense(position("B:W28,32:B5,K19").board());
        assert_eq!(values[man_on(4)], 0.0);
        assert_eq!(values[man_on(0)], -1.0, "White's 32 is its square 1");
        assert_eq!(values[king_on(18)], 1.0);
        // White on 18 could jump Black's man on 14 (Black's jump back is
        // blocked by White's 23), unless Black holds 9 and 10 behind it.
        assert_eq!(value("B:W18,23:B14,1", Feature::Hanging), 1.0);
        assert_eq!(value("B:W18,23:B14,9,10", Feature::Hanging), 0.0);
    }

    #[test]
    fn feature_names_read_back_and_the_shipped_weights_load() {
        for index in 0..FEATURE_COUNT {
            assert_eq!(feature_index(&feature_name(index)), Some(index));
        }
        assert_eq!(feature_index("man_on_33"), None);
        assert!(Weights::hand_set().to_text().contains("\nmen 100\n"));
        assert_eq!(Weights::shipped().0.len(), FEATURE_COUNT);
    }
}
