//! The terms of the chess evaluation as a named feature vector, and the
//! weights that make it a score.
//!
//! Every feature counts something of one side (pieces on a square, a
//! knight with five safe squares to go to, a passed pawn on the sixth
//! rank, ...); the evaluation is White's counts less Black's, times the
//! weights. Each feature has two weights, a middle-game and an endgame one
//! ([`Pair`]), blended by the game phase (a tapered evaluation). Features
//! come in named groups ([`FeatureGroup`]): one feature per square, per
//! count, per rank, ...; [`GROUPS`] lists them in index order.
//!
//! The engine's weights ([`WEIGHTS`]) are compiled in from `weights.bin`,
//! which `ply train chess fit` writes ([`Weights::to_bytes`]): ply's one
//! weights file ([`ply_fit::weights`]) for the game `chess`, whose layout id
//! is a hash of the feature layout (so weights made for another layout are
//! refused, at compile time for the compiled-in ones), then two
//! little-endian `i16` per feature, middle game first, in centipawns
//! ([`LAYOUT`]).

use ply_fit::weights::{HEADER_BYTES, Layout, ValueType, WeightsError};

/// A middle-game and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair(pub i32, pub i32);

impl std::ops::Add for Pair {
    type Output = Pair;
    fn add(self, o: Pair) -> Pair {
        Pair(self.0 + o.0, self.1 + o.1)
    }
}

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, o: Pair) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, k: i32) -> Pair {
        Pair(self.0 * k, self.1 * k)
    }
}

/// A named run of consecutive features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureGroup {
    /// The group's name.
    pub name: &'static str,
    /// The index of its first feature.
    pub start: usize,
    /// How many features it has.
    pub len: usize,
}

impl FeatureGroup {
    const fn first(name: &'static str, len: usize) -> FeatureGroup {
        FeatureGroup {
            name,
            start: 0,
            len,
        }
    }

    const fn then(self, name: &'static str, len: usize) -> FeatureGroup {
        FeatureGroup {
            name,
            start: self.start + self.len,
            len,
        }
    }

    /// The index of the group's feature `i`.
    #[inline(always)]
    #[must_use]
    pub const fn at(self, i: usize) -> usize {
        debug_assert!(i < self.len);
        self.start + i
    }

    /// The index one past the group's last feature.
    #[must_use]
    pub const fn end(self) -> usize {
        self.start + self.len
    }
}

/// Pieces by role (pawn to queen).
pub const MATERIAL: FeatureGroup = FeatureGroup::first("material", 5);
/// Pieces by role and square, from their own side (a1 is a rook's corner
/// for both sides: Black's squares are flipped).
pub const PIECE_SQUARE: FeatureGroup = MATERIAL.then("piece_square", 6 * 64);
/// Knights by the safe squares they reach (not ours, not attacked by their
/// pawns): 0 to 8.
pub const KNIGHT_MOBILITY: FeatureGroup = PIECE_SQUARE.then("knight_mobility", 9);
/// Bishops by the safe squares they reach: 0 to 13.
pub const BISHOP_MOBILITY: FeatureGroup = KNIGHT_MOBILITY.then("bishop_mobility", 14);
/// Rooks by the safe squares they reach: 0 to 14.
pub const ROOK_MOBILITY: FeatureGroup = BISHOP_MOBILITY.then("rook_mobility", 15);
/// Queens by the safe squares they reach: 0 to 27.
pub const QUEEN_MOBILITY: FeatureGroup = ROOK_MOBILITY.then("queen_mobility", 28);
/// Two bishops or more.
pub const BISHOP_PAIR: FeatureGroup = QUEEN_MOBILITY.then("bishop_pair", 1);
/// Pawns with another of ours on their file.
pub const DOUBLED_PAWN: FeatureGroup = BISHOP_PAIR.then("doubled_pawn", 1);
/// Pawns with none of ours on the files beside them.
pub const ISOLATED_PAWN: FeatureGroup = DOUBLED_PAWN.then("isolated_pawn", 1);
/// Pawns beside or defended by one of ours.
pub const CONNECTED_PAWN: FeatureGroup = ISOLATED_PAWN.then("connected_pawn", 1);
/// Passed pawns by relative rank.
pub const PASSED_PAWN: FeatureGroup = CONNECTED_PAWN.then("passed_pawn", 8);
/// Passed pawns whose way to promotion is empty, by relative rank.
pub const PASSED_PAWN_FREE: FeatureGroup = PASSED_PAWN.then("passed_pawn_free", 8);
/// Passed pawns by relative rank, times our king's distance (in king steps)
/// to the square in front of them.
pub const PASSED_OWN_KING: FeatureGroup = PASSED_PAWN_FREE.then("passed_own_king", 8);
/// Passed pawns by relative rank, times their king's distance to the
/// square in front of them.
pub const PASSED_THEIR_KING: FeatureGroup = PASSED_OWN_KING.then("passed_their_king", 8);
/// Passed pawns that win the race to promotion: the other side has only
/// pawns and its king stands outside the pawn's square.
pub const UNSTOPPABLE_PAWN: FeatureGroup = PASSED_THEIR_KING.then("unstoppable_pawn", 1);
/// Rooks on a file without pawns.
pub const ROOK_OPEN_FILE: FeatureGroup = UNSTOPPABLE_PAWN.then("rook_open_file", 1);
/// Rooks on a file with only the other side's pawns.
pub const ROOK_HALF_OPEN_FILE: FeatureGroup = ROOK_OPEN_FILE.then("rook_half_open_file", 1);
/// Our pawns next to and in front of our king.
pub const PAWN_SHIELD: FeatureGroup = ROOK_HALF_OPEN_FILE.then("pawn_shield", 1);
/// For the king's file and the files beside it: the relative rank of our
/// nearest pawn in front of the king (0 for none).
pub const PAWN_SHELTER: FeatureGroup = PAWN_SHIELD.then("pawn_shelter", 8);
/// For the king's file and the files beside it: the relative rank (from
/// our side) of their nearest pawn coming at the king (0 for none).
pub const PAWN_STORM: FeatureGroup = PAWN_SHELTER.then("pawn_storm", 8);
/// The attack on their king, with two attacking pieces or more: the sum of
/// attack units (per square of the king's zone each piece attacks: knight
/// and bishop 2, rook 3, queen 5), 0 to 47 (more counts as 47).
pub const KING_ATTACK: FeatureGroup = PAWN_STORM.then("king_attack", 48);
/// Their pieces attacked by our pawns, by role (knight to queen).
pub const PAWN_THREAT: FeatureGroup = KING_ATTACK.then("pawn_threat", 4);
/// Their rooks and queens attacked by our knights and bishops, by role
/// (rook, queen).
pub const MINOR_THREAT: FeatureGroup = PAWN_THREAT.then("minor_threat", 2);
/// Their queens attacked by our rooks.
pub const ROOK_THREAT: FeatureGroup = MINOR_THREAT.then("rook_threat", 1);
/// Their pieces we attack and they do not defend, by role (pawn to queen).
pub const HANGING: FeatureGroup = ROOK_THREAT.then("hanging", 5);
/// Having the move.
pub const TEMPO: FeatureGroup = HANGING.then("tempo", 1);

/// Every group, in index order.
pub const GROUPS: [FeatureGroup; 26] = [
    MATERIAL,
    PIECE_SQUARE,
    KNIGHT_MOBILITY,
    BISHOP_MOBILITY,
    ROOK_MOBILITY,
    QUEEN_MOBILITY,
    BISHOP_PAIR,
    DOUBLED_PAWN,
    ISOLATED_PAWN,
    CONNECTED_PAWN,
    PASSED_PAWN,
    PASSED_PAWN_FREE,
    PASSED_OWN_KING,
    PASSED_THEIR_KING,
    UNSTOPPABLE_PAWN,
    ROOK_OPEN_FILE,
    ROOK_HALF_OPEN_FILE,
    PAWN_SHIELD,
    PAWN_SHELTER,
    PAWN_STORM,
    KING_ATTACK,
    PAWN_THREAT,
    MINOR_THREAT,
    ROOK_THREAT,
    HANGING,
    TEMPO,
];

/// The number of features.
pub const FEATURE_COUNT: usize = GROUPS[GROUPS.len() - 1].end();

/// A hash of the layout: every group's name and length, in order (FNV-1a,
/// folded to 32 bits).
#[must_use]
pub const fn layout_hash() -> u32 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut g = 0;
    while g < GROUPS.len() {
        let group = GROUPS[g];
        let name = group.name.as_bytes();
        let mut i = 0;
        while i < name.len() {
            hash = (hash ^ name[i] as u64).wrapping_mul(0x0000_0100_0000_01b3);
            i += 1;
        }
        hash = (hash ^ group.len as u64).wrapping_mul(0x0000_0100_0000_01b3);
        g += 1;
    }
    (hash ^ (hash >> 32)) as u32
}

/// One [`Pair`] of weights per feature, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub [Pair; FEATURE_COUNT]);

/// The layout of a weights file: [`ply_fit::weights`]' format for the
/// game `chess`, layout [`layout_hash`], `i16` values of shape
/// `[FEATURE_COUNT, 2]` (each feature's middle-game weight, then its endgame
/// weight).
pub const LAYOUT: Layout = Layout::new(
    "chess",
    layout_hash(),
    ValueType::I16,
    &[FEATURE_COUNT as u32, 2],
);

const fn i16_at(bytes: &[u8], at: usize) -> i32 {
    i16::from_le_bytes([bytes[at], bytes[at + 1]]) as i32
}

impl Weights {
    /// Every weight 0.
    pub const ZERO: Weights = Weights([Pair(0, 0); FEATURE_COUNT]);

    /// The weights stored in `bytes` (a weights file of [`LAYOUT`]); a
    /// `const fn`, so that the built-in weights are checked when ply is
    /// compiled.
    ///
    /// # Errors
    /// If the bytes are no chess weights file of this layout.
    pub const fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if let Err(error) = LAYOUT.check(bytes) {
            return Err(error);
        }
        let mut weights = [Pair(0, 0); FEATURE_COUNT];
        let mut f = 0;
        while f < FEATURE_COUNT {
            let at = HEADER_BYTES + 4 * f;
            weights[f] = Pair(i16_at(bytes, at), i16_at(bytes, at + 2));
            f += 1;
        }
        Ok(Weights(weights))
    }

    /// The weights file of these weights (each weight clamped to `i16`).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        LAYOUT.encode(&self.values_i16())
    }

    /// The weights as the file stores them: each feature's middle-game and
    /// endgame weight, clamped to `i16`.
    #[must_use]
    pub fn values_i16(&self) -> Vec<i16> {
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        self.0
            .iter()
            .flat_map(|pair| [clamp(pair.0), clamp(pair.1)])
            .collect()
    }

    /// The group and index within it of feature `f`, for reports.
    #[must_use]
    pub fn name(f: usize) -> (FeatureGroup, usize) {
        let group = GROUPS
            .iter()
            .copied()
            .find(|g| (g.start..g.end()).contains(&f))
            .expect("a feature index below FEATURE_COUNT");
        (group, f - group.start)
    }
}

/// `weights.bin`, checked at compile time.
const COMPILED: Weights = match Weights::from_bytes(include_bytes!("weights.bin")) {
    Ok(weights) => weights,
    Err(_) => panic!("weights.bin is no weights file for this feature layout"),
};

/// The engine's weights: `weights.bin`, checked at compile time.
pub static WEIGHTS: Weights = COMPILED;

/// A middle-game and an endgame value in one `i64` (the middle game in the
/// high 32 bits, the endgame in the low 32 bits, borrowing from the high
/// half when negative), so that one addition or multiplication by a count
/// adds or scales both; exact while both sums fit in an `i32`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PackedPair(pub i64);

impl PackedPair {
    /// `pair` packed.
    #[must_use]
    pub const fn pack(pair: Pair) -> PackedPair {
        PackedPair(((pair.0 as i64) << 32) + pair.1 as i64)
    }

    /// The pair packed in `self`.
    #[must_use]
    pub const fn unpack(self) -> Pair {
        let eg = self.0 as i32;
        let mg = ((self.0 - eg as i64) >> 32) as i32;
        Pair(mg, eg)
    }
}

/// [`WEIGHTS`] packed ([`PackedPair`]), for the engine's sum.
pub static PACKED_WEIGHTS: [PackedPair; FEATURE_COUNT] = {
    let mut packed = [PackedPair(0); FEATURE_COUNT];
    let mut f = 0;
    while f < FEATURE_COUNT {
        packed[f] = PackedPair::pack(COMPILED.0[f]);
        f += 1;
    }
    packed
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_features() {
        let mut next = 0;
        for group in GROUPS {
            assert_eq!(group.start, next, "{}", group.name);
            assert!(group.len > 0);
            next = group.end();
        }
        assert_eq!(next, FEATURE_COUNT);
        assert_eq!(Weights::name(PASSED_PAWN.at(3)), (PASSED_PAWN, 3));
    }

    #[test]
    fn weights_come_back_from_their_bytes() {
        let bytes = WEIGHTS.to_bytes();
        assert_eq!(bytes, include_bytes!("weights.bin"));
        assert_eq!(Weights::from_bytes(&bytes), Ok(WEIGHTS.clone()));
        let mut other = bytes.clone();
        other[20] ^= 1;
        assert!(matches!(
            Weights::from_bytes(&other),
            Err(WeightsError::OtherLayout { .. })
        ));
        other = bytes.clone();
        other[0] = b'X';
        assert_eq!(Weights::from_bytes(&other), Err(WeightsError::BadMagic));
        assert!(matches!(
            Weights::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::Length { .. })
        ));
        assert!(matches!(
            Weights::from_bytes(&bytes[..20]),
            Err(WeightsError::TooShort { found: 20 })
        ));
        let mut big = Weights::ZERO;
        big.0[0] = Pair(100_000, -100_000);
        let clamped = Weights::from_bytes(&big.to_bytes()).unwrap();
        assert_eq!(clamped.0[0], Pair(32_767, -32_768));
    }

    #[test]
    fn packed_pairs_add_and_scale_both_halves() {
        for (a, b, k) in [
            (Pair(3, -5), Pair(-7, 2), 3),
            (Pair(-32_768, 32_767), Pair(-1, -1), -9),
            (Pair(0, -1), Pair(1, 0), 1),
        ] {
            let packed = PackedPair(PackedPair::pack(a).0 * i64::from(k) + PackedPair::pack(b).0);
            assert_eq!(packed.unpack(), a * k + b);
        }
        for (f, pair) in WEIGHTS.0.iter().enumerate() {
            assert_eq!(PACKED_WEIGHTS[f].unpack(), *pair);
        }
    }
}
