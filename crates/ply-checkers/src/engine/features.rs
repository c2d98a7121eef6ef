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
//! [`features`] lists the non-zero features of a position as `(index,
//! value)` pairs, the form `ply-fit` reads; [`Weights`] holds one weight per
//! feature in centi-men and [`Linear`] evaluates with them. The
//! [`Weights::DEFAULT`] are set by hand close to ply's evaluation
//! ([`super::Evaluation`]), which stays the engine's until fitted weights
//! beat it.

use crate::board::{Board, SHIFTS};
use crate::movegen;
use crate::position::Position;
use crate::square::Square;
use ply_core::search::{Evaluator, Score};
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
}

impl Feature {
    /// Every feature, in index order.
    pub const ALL: [Feature; 16] = [
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
        }
    }

    /// The feature named `name`, if there is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|f| f.name() == name)
    }
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
    (0..32u8)
        .map(Square::from_index)
        .filter(|s| s.file() == 0 || s.file() == 7)
        .fold(0, |board, s| board | s.bit())
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
    counts
}

/// The features of a side-relative board, dense: the side to move's counts
/// less the other side's, the phase-scaled ones scaled.
#[must_use]
pub fn dense(board: &Board) -> [f32; Feature::COUNT] {
    let mine = side_counts(board);
    let theirs = side_counts(&board.turned());
    let mut values: [f32; Feature::COUNT] = std::array::from_fn(|i| (mine[i] - theirs[i]) as f32);
    let late = late(board);
    values[Feature::MenLate.index()] = values[Feature::Men.index()] * late;
    values[Feature::KingsLate.index()] = values[Feature::Kings.index()] * late;
    values[Feature::TempoLate.index()] = values[Feature::Tempo.index()] * late;
    values[Feature::Turn.index()] = 1.0;
    values
}

/// The non-zero features of `position` as `(index, value)` pairs, in index
/// order, appended to `out` (the rows `ply-fit` reads).
pub fn features(position: &Position, out: &mut Vec<(u32, f32)>) {
    for (index, value) in dense(position.board()).into_iter().enumerate() {
        if value != 0.0 {
            out.push((index as u32, value));
        }
    }
}

/// One weight per feature, in centi-men per unit of the feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub [f32; Feature::COUNT]);

impl Weights {
    /// Weights set by hand, close to [`super::Evaluation`]'s terms.
    pub const DEFAULT: Weights = Weights([
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
    ]);

    /// The weight of `feature`.
    #[must_use]
    pub const fn get(&self, feature: Feature) -> f32 {
        self.0[feature.index()]
    }

    /// The score of `board` for the side to move, in centi-men.
    #[must_use]
    pub fn score(&self, board: &Board) -> i32 {
        let values = dense(board);
        let sum: f32 = values.iter().zip(&self.0).map(|(x, w)| x * w).sum();
        sum.round() as i32
    }
}

impl Default for Weights {
    fn default() -> Self {
        Weights::DEFAULT
    }
}

/// The linear evaluation: the features weighted by a [`Weights`] table.
#[derive(Clone, Debug, Default)]
pub struct Linear {
    /// The weights.
    pub weights: Weights,
}

impl Evaluator<Position> for Linear {
    fn evaluate(&self, position: &Position) -> Score {
        Score(self.weights.score(position.board()))
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
        // Only having the move differs (mobility is 7 a side).
        assert_eq!(sparse, vec![(Feature::Turn.index() as u32, 1.0)]);
        // The same pieces with colours and sides swapped: opposite features.
        let a = dense(position("B:W21,K22,27,30:B5,K9,14").board());
        let b = dense(position("W:WK24,19,28:B3,6,K11,12").board());
        for feature in Feature::ALL {
            let i = feature.index();
            if feature != Feature::Turn {
                assert_eq!(a[i], b[i], "{}", feature.name());
            }
        }
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
        let weights = Weights::DEFAULT;
        for fen in [
            "B:W21,K22,27,30:B5,K9,14",
            "W:W18,21,24:B6,11,12",
            "B:W32:B28",
        ] {
            let position = position(fen);
            let mut sparse = Vec::new();
            features(&position, &mut sparse);
            let sum: f32 = sparse.iter().map(|&(i, x)| weights.0[i as usize] * x).sum();
            assert_eq!(
                Linear::default().evaluate(&position),
                Score(sum.round() as i32)
            );
        }
        // A man up is worth about a man.
        let up = Linear::default().evaluate(&position("B:W21,22:B5,6,7")).0;
        assert!((80..200).contains(&up), "{up}");
    }
}
