//! The evaluation: the features of `features.rs` (material, piece-square,
//! mobility by piece, pawn structure, passed pawns and their races, king
//! safety, threats) counted for each side and weighted, middle game and
//! endgame blended by how much material is left; then the endgame knowledge
//! of `endgame.rs` (the basic mates, drawn material, the fifty-move
//! counter).
//!
//! One function lists the features ([`count_features`]); the engine sums
//! their weights as it goes ([`Evaluation`]) and the fit collects them
//! ([`LinearTerms`]), so the evaluation is exactly the linear model that
//! `ply train chess fit` fits.

use super::endgame;
use super::features::{self as f, PACKED_WEIGHTS, PackedPair, Pair, WEIGHTS, Weights};
use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::game::ChessBoard;
use crate::position::Position;
use crate::types::{Color, File, Role, Square};
use ply_core::search::{Evaluator, Score};

/// Phase weight of each piece (24 in the start position).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase with all pieces on the board.
pub const FULL_PHASE: i32 = 24;
/// King-zone attack units per attacked square, by attacker (knight,
/// bishop, rook, queen).
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];

/// Where the features of a position go: the evaluation sums their weights,
/// the fit lists them.
pub trait FeatureSink {
    /// Adds `count` (negative for Black's features) of feature `feature`.
    fn add(&mut self, feature: usize, count: i32);
}

/// The weighted sum of the features, middle game and endgame.
struct WeightedSum<'w> {
    weights: &'w Weights,
    total: Pair,
}

impl FeatureSink for WeightedSum<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.total += self.weights.0[feature] * count;
    }
}

/// The weighted sum of the features with the compiled-in weights, packed
/// (one addition per feature).
#[derive(Default)]
struct PackedSum(i64);

impl FeatureSink for PackedSum {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.0 += PACKED_WEIGHTS[feature].0 * i64::from(count);
    }
}

/// The weighted sum of the material features alone.
#[derive(Default)]
struct MaterialSum<S>(S);

impl<S: FeatureSink> FeatureSink for MaterialSum<S> {
    fn add(&mut self, feature: usize, count: i32) {
        if feature < f::MATERIAL.end() {
            self.0.add(feature, count);
        }
    }
}

/// One side's features into a sink: White's added (`SIGN` 1), Black's
/// subtracted (`SIGN` -1; a constant, so that the weights of single
/// features are added without multiplying).
struct SideSink<'s, S: FeatureSink, const SIGN: i32> {
    sink: &'s mut S,
}

impl<S: FeatureSink, const SIGN: i32> SideSink<'_, S, SIGN> {
    #[inline(always)]
    fn add(&mut self, feature: usize, count: i32) {
        self.sink.add(feature, SIGN * count);
    }
}

/// The squares `color`'s pawns on `pawns` attack.
fn pawn_attack_span(color: Color, pawns: Bitboard) -> Bitboard {
    let ahead = pawns.forward(color).0;
    Bitboard(((ahead & !Bitboard::FILE_A.0) >> 1) | ((ahead & !Bitboard::FILE_H.0) << 1))
}

/// The squares in front of a pawn (on its file and the two next to it), up to
/// the last rank: no enemy pawn there means the pawn is passed.
#[inline(always)]
fn passed_span(color: Color, square: Square) -> Bitboard {
    Bitboard(PASSED_SPAN[color.index()][square.index()])
}

/// The squares on ranks ahead of `square` for `color`.
#[inline(always)]
fn ahead(color: Color, square: Square) -> Bitboard {
    Bitboard(AHEAD[color.index()][square.index()])
}

/// The ranks ahead of each square for each side (White's up the board).
const AHEAD: [[u64; 64]; 2] = {
    let mut table = [[0; 64]; 2];
    let mut square = 0;
    while square < 64 {
        let rank = square / 8;
        if rank < 7 {
            table[0][square] = !0u64 << (8 * (rank + 1));
        }
        if rank > 0 {
            table[1][square] = !0u64 >> (8 * (8 - rank));
        }
        square += 1;
    }
    table
};

/// The files beside each file.
const ADJACENT_FILES: [u64; 8] = {
    let mut table = [0; 8];
    let mut file = 0;
    while file < 8 {
        if file > 0 {
            table[file] |= Bitboard::FILE_A.0 << (file - 1);
        }
        if file < 7 {
            table[file] |= Bitboard::FILE_A.0 << (file + 1);
        }
        file += 1;
    }
    table
};

/// [`passed_span`] of each side and square.
const PASSED_SPAN: [[u64; 64]; 2] = {
    let mut table = [[0; 64]; 2];
    let mut square = 0;
    while square < 64 {
        let files = ADJACENT_FILES[square % 8] | Bitboard::FILE_A.0 << (square % 8);
        table[0][square] = files & AHEAD[0][square];
        table[1][square] = files & AHEAD[1][square];
        square += 1;
    }
    table
};

/// The square of `squares` nearest to `color`'s side of the board.
fn nearest_to_home(color: Color, squares: Bitboard) -> Option<Square> {
    match color {
        Color::White => squares.first(),
        Color::Black => (squares.0 != 0).then(|| Square::new(63 - squares.0.leading_zeros() as u8)),
    }
}

/// The square of `squares` farthest from `color`'s side of the board.
fn farthest_from_home(color: Color, squares: Bitboard) -> Option<Square> {
    nearest_to_home(color.opponent(), squares)
}

/// `square` seen from `color`'s side (flipped for Black).
fn relative(color: Color, square: Square) -> Square {
    match color {
        Color::White => square,
        Color::Black => square.flip_vertical(),
    }
}

/// The pieces besides pawns and the king, each with the first feature of
/// its mobility table (a plain index: the loop over them runs at every
/// evaluation).
const PIECES: [(Role, usize); 4] = [
    (Role::Knight, f::KNIGHT_MOBILITY.start),
    (Role::Bishop, f::BISHOP_MOBILITY.start),
    (Role::Rook, f::ROOK_MOBILITY.start),
    (Role::Queen, f::QUEEN_MOBILITY.start),
];

/// What one side attacks, by kind of attacker.
#[derive(Clone, Copy, Default)]
struct AttackMaps {
    pawns: Bitboard,
    minors: Bitboard,
    rooks: Bitboard,
    all: Bitboard,
}

/// Material, piece-square, mobility, rook files and the attack on their
/// king for our knights, bishops, rooks and queens; returns what our pieces
/// and pawns attack.
fn piece_features<S: FeatureSink, const SIGN: i32>(
    position: &Position,
    us: Color,
    sink: &mut SideSink<S, SIGN>,
) -> AttackMaps {
    let them = us.opponent();
    let occupied = position.occupied();
    let our_pawns = position.pieces(us, Role::Pawn);
    let their_pawns = position.pieces(them, Role::Pawn);
    let our_pawn_attacks = pawn_attack_span(us, our_pawns);
    let their_pawn_attacks = pawn_attack_span(them, their_pawns);
    let safe = !position.color(us) & !their_pawn_attacks;
    let their_king = position.king(them);
    let king_zone = king_attacks(their_king) | Bitboard::from_square(their_king);
    let mut maps = AttackMaps {
        pawns: our_pawn_attacks,
        all: our_pawn_attacks | king_attacks(position.king(us)),
        ..AttackMaps::default()
    };
    let mut attack_units = 0;
    let mut attackers = 0;
    for (slot, &(role, mobility)) in PIECES.iter().enumerate() {
        let pieces = position.pieces(us, role);
        sink.add(f::MATERIAL.at(role.index()), pieces.count() as i32);
        for square in pieces {
            sink.add(
                f::PIECE_SQUARE.at(role.index() * 64 + relative(us, square).index()),
                1,
            );
            let reach = match role {
                Role::Knight => knight_attacks(square),
                Role::Bishop => bishop_attacks(square, occupied),
                Role::Rook => rook_attacks(square, occupied),
                _ => queen_attacks(square, occupied),
            };
            match role {
                Role::Knight | Role::Bishop => maps.minors |= reach,
                Role::Rook => maps.rooks |= reach,
                _ => {}
            }
            maps.all |= reach;
            sink.add(mobility + (reach & safe).count() as usize, 1);
            let zone_hits = (reach & king_zone).count() as i32;
            if zone_hits > 0 {
                attackers += 1;
                attack_units += ATTACK_UNITS[slot] * zone_hits;
            }
            if role == Role::Rook {
                let file = Bitboard::file(square.file());
                if (file & (our_pawns | their_pawns)).is_empty() {
                    sink.add(f::ROOK_OPEN_FILE.start, 1);
                } else if (file & our_pawns).is_empty() {
                    sink.add(f::ROOK_HALF_OPEN_FILE.start, 1);
                }
            }
        }
    }
    if position.pieces(us, Role::Bishop).count() >= 2 {
        sink.add(f::BISHOP_PAIR.start, 1);
    }
    if attackers >= 2 {
        sink.add(
            f::KING_ATTACK.at(attack_units.min(f::KING_ATTACK.len as i32 - 1) as usize),
            1,
        );
    }
    maps
}

/// Their pieces our pawns and pieces attack, and those left undefended.
fn threat_features<S: FeatureSink, const SIGN: i32>(
    position: &Position,
    us: Color,
    ours: &AttackMaps,
    theirs: &AttackMaps,
    sink: &mut SideSink<S, SIGN>,
) {
    let them = us.opponent();
    for (slot, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        let targets = position.pieces(them, role);
        let by_pawns = (targets & ours.pawns).count() as i32;
        if by_pawns > 0 {
            sink.add(f::PAWN_THREAT.at(slot), by_pawns);
        }
    }
    for (slot, role) in [Role::Rook, Role::Queen].into_iter().enumerate() {
        let by_minors = (position.pieces(them, role) & ours.minors).count() as i32;
        if by_minors > 0 {
            sink.add(f::MINOR_THREAT.at(slot), by_minors);
        }
    }
    let queens_by_rooks = (position.pieces(them, Role::Queen) & ours.rooks).count() as i32;
    if queens_by_rooks > 0 {
        sink.add(f::ROOK_THREAT.start, queens_by_rooks);
    }
    let hanging = position.color(them) & ours.all & !theirs.all;
    if hanging.any() {
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            let n = (hanging & position.pieces(them, role)).count() as i32;
            if n > 0 {
                sink.add(f::HANGING.at(role.index()), n);
            }
        }
    }
}

/// The pawn structure of `us`: pawn material and squares, doubled,
/// isolated and connected pawns, passed pawns by rank. These read the pawns
/// alone (the evaluation keeps them by pawns: [`PawnCache`]); returns our
/// passed pawns.
fn pawn_structure_features<S: FeatureSink, const SIGN: i32>(
    position: &Position,
    us: Color,
    sink: &mut SideSink<S, SIGN>,
) -> Bitboard {
    let them = us.opponent();
    let our_pawns = position.pieces(us, Role::Pawn);
    let their_pawns = position.pieces(them, Role::Pawn);
    sink.add(f::MATERIAL.at(Role::Pawn.index()), our_pawns.count() as i32);
    for square in our_pawns {
        sink.add(f::PIECE_SQUARE.at(relative(us, square).index()), 1);
    }
    // The structure of all pawns at once, by shifts (no loop over them).
    let pawns = our_pawns.0;
    let doubled = pawns & (north_fill(pawns << 8) | south_fill(pawns >> 8));
    add_count(sink, f::DOUBLED_PAWN.start, doubled);
    let files = north_fill(south_fill(pawns));
    let isolated = pawns & !beside(files);
    add_count(sink, f::ISOLATED_PAWN.start, isolated);
    // A pawn beside or defended by one of ours has neighbours: not isolated.
    let connected = pawns & (beside(pawns) | pawn_attack_span(us, our_pawns).0);
    add_count(sink, f::CONNECTED_PAWN.start, connected);
    // Where their pawns stop or take our pawns on the way: the files
    // beside and theirs, behind them (from their side).
    let barred = match us {
        Color::White => south_fill(their_pawns.0 >> 8),
        Color::Black => north_fill(their_pawns.0 << 8),
    };
    let passed = our_pawns - Bitboard(barred | beside(barred));
    for square in passed {
        let rank = square.rank().relative(us).index() as usize;
        sink.add(f::PASSED_PAWN.at(rank), 1);
    }
    passed
}

/// What our passed pawns (`passed`) gain from the rest of the board: a
/// free path, the kings' distances, and the race against a king without
/// pieces.
fn passed_pawn_features<S: FeatureSink, const SIGN: i32>(
    position: &Position,
    us: Color,
    passed: Bitboard,
    sink: &mut SideSink<S, SIGN>,
) {
    let them = us.opponent();
    let occupied = position.occupied();
    let (our_king, their_king) = (position.king(us), position.king(them));
    // Whether they have only pawns besides their king (for the pawn races).
    let their_pieces = position.color(them)
        - position.pieces(them, Role::Pawn)
        - position.pieces(them, Role::King);
    let them_to_move = position.turn() == them;
    for square in passed {
        let file = Bitboard::file(square.file());
        let rank = square.rank().relative(us).index() as usize;
        let path = file & ahead(us, square);
        if (path & occupied).is_empty() {
            sink.add(f::PASSED_PAWN_FREE.at(rank), 1);
        }
        let stop = square.offset(if us == Color::White { 8 } else { -8 });
        sink.add(
            f::PASSED_OWN_KING.at(rank),
            endgame::king_distance(our_king, stop),
        );
        sink.add(
            f::PASSED_THEIR_KING.at(rank),
            endgame::king_distance(their_king, stop),
        );
        if their_pieces.is_empty() && (path & occupied).is_empty() {
            // The rule of the square: the pawn's moves to promotion (a
            // first double step counts once) against the king's.
            let promotion = farthest_from_home(us, path).unwrap_or(square);
            let steps = (7 - rank).min(5) as i32;
            let king_steps =
                endgame::king_distance(their_king, promotion) - i32::from(them_to_move);
            if steps < king_steps {
                sink.add(f::UNSTOPPABLE_PAWN.start, 1);
            }
        }
    }
}

/// `squares` and every square above them on their files.
#[inline(always)]
fn north_fill(mut squares: u64) -> u64 {
    squares |= squares << 8;
    squares |= squares << 16;
    squares | squares << 32
}

/// `squares` and every square below them on their files.
#[inline(always)]
fn south_fill(mut squares: u64) -> u64 {
    squares |= squares >> 8;
    squares |= squares >> 16;
    squares | squares >> 32
}

/// The squares beside `squares` on their ranks.
#[inline(always)]
fn beside(squares: u64) -> u64 {
    ((squares & !Bitboard::FILE_A.0) >> 1) | ((squares & !Bitboard::FILE_H.0) << 1)
}

/// Adds feature `feature` once per square of `squares`, if any.
#[inline(always)]
fn add_count<S: FeatureSink, const SIGN: i32>(
    sink: &mut SideSink<S, SIGN>,
    feature: usize,
    squares: u64,
) {
    if squares != 0 {
        sink.add(feature, squares.count_ones() as i32);
    }
}

/// The king's square, its pawn shield, and the shelter and storm on its
/// files.
fn king_features<S: FeatureSink, const SIGN: i32>(
    position: &Position,
    us: Color,
    sink: &mut SideSink<S, SIGN>,
) {
    let king = position.king(us);
    let (our_pawns, their_pawns) = (
        position.pieces(us, Role::Pawn),
        position.pieces(us.opponent(), Role::Pawn),
    );
    sink.add(
        f::PIECE_SQUARE.at(Role::King.index() * 64 + relative(us, king).index()),
        1,
    );
    let shield = king_attacks(king) & our_pawns & passed_span(us, king);
    sink.add(f::PAWN_SHIELD.start, shield.count() as i32);
    // The king's file and its neighbours, moved in from the edge.
    let centre_file = king.file().index().clamp(1, 6);
    let in_front = ahead(us, king) | Bitboard::rank(king.rank());
    for file in centre_file - 1..=centre_file + 1 {
        let file = Bitboard::file(File::new(file));
        let nearest = |pawns: Bitboard| {
            let on_file = pawns & file & in_front;
            nearest_to_home(us, on_file).map_or(0, |sq| sq.rank().relative(us).index() as usize)
        };
        sink.add(f::PAWN_SHELTER.at(nearest(our_pawns)), 1);
        sink.add(f::PAWN_STORM.at(nearest(their_pawns)), 1);
    }
}

/// The features of `us` that need only its own attacks, given our passed
/// pawns; returns the attacks.
#[inline(always)]
fn side_features<S: FeatureSink, const SIGN: i32>(
    position: &Position,
    us: Color,
    passed: Bitboard,
    sink: &mut SideSink<S, SIGN>,
) -> AttackMaps {
    let maps = piece_features(position, us, sink);
    passed_pawn_features(position, us, passed, sink);
    king_features(position, us, sink);
    maps
}

/// Lists every feature of `position` into `sink`, White's counts positive
/// and Black's negative.
pub fn count_features<S: FeatureSink>(position: &Position, sink: &mut S) {
    let passed = count_pawn_structure(position, sink);
    count_features_beyond_pawn_structure(position, passed, sink);
}

/// The pawn structure features of both sides into `sink`; returns the
/// passed pawns, White's and Black's.
fn count_pawn_structure<S: FeatureSink>(position: &Position, sink: &mut S) -> [Bitboard; 2] {
    [
        pawn_structure_features(position, Color::White, &mut SideSink::<S, 1> { sink }),
        pawn_structure_features(position, Color::Black, &mut SideSink::<S, -1> { sink }),
    ]
}

/// Every feature but the pawn structure, given the passed pawns (White's
/// and Black's).
fn count_features_beyond_pawn_structure<S: FeatureSink>(
    position: &Position,
    [white_passed, black_passed]: [Bitboard; 2],
    sink: &mut S,
) {
    let white = side_features(
        position,
        Color::White,
        white_passed,
        &mut SideSink::<S, 1> { sink },
    );
    let black = side_features(
        position,
        Color::Black,
        black_passed,
        &mut SideSink::<S, -1> { sink },
    );
    threat_features(
        position,
        Color::White,
        &white,
        &black,
        &mut SideSink::<S, 1> { sink },
    );
    threat_features(
        position,
        Color::Black,
        &black,
        &white,
        &mut SideSink::<S, -1> { sink },
    );
    let to_move = match position.turn() {
        Color::White => 1,
        Color::Black => -1,
    };
    sink.add(f::TEMPO.start, to_move);
}

/// The game phase: 24 with all pieces on the board, 0 with only pawns and kings.
#[must_use]
pub fn phase(position: &Position) -> i32 {
    let weight: i32 = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|r| PHASE[r.index()] * position.role(r).count() as i32)
        .sum();
    weight.min(FULL_PHASE)
}

/// A middle-game and endgame pair blended by the phase.
fn tapered(pair: Pair, phase: i32) -> i32 {
    (pair.0 * phase + pair.1 * (FULL_PHASE - phase)) / FULL_PHASE
}

/// A position's evaluation as the fit sees it: White's score is
/// `scale * (phase * Σ mg·count + (24 - phase) * Σ eg·count) / 24` over
/// `counts`, where the evaluation is linear (see [`LinearTerms::of`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinearTerms {
    /// The features' counts (White's less Black's), by feature; a feature
    /// may come more than once (the counts add up).
    pub counts: Vec<(usize, i32)>,
    /// The game phase, 0 to [`FULL_PHASE`].
    pub phase: i32,
    /// What the endgame knowledge and the fifty-move counter multiply the
    /// score by (1 for most positions).
    pub scale: f64,
}

impl FeatureSink for Vec<(usize, i32)> {
    fn add(&mut self, feature: usize, count: i32) {
        if count != 0 {
            self.push((feature, count));
        }
    }
}

impl LinearTerms {
    /// The terms of `position`, or `None` where the evaluation is no
    /// linear function of the features: no mating material, or a bare
    /// king being mated.
    #[must_use]
    pub fn of(position: &Position) -> Option<LinearTerms> {
        Self::with(position, &WEIGHTS)
    }

    /// [`LinearTerms::of`] where `weights` decide which side is stronger
    /// (the endgame scale depends on it).
    #[must_use]
    pub fn with(position: &Position, weights: &Weights) -> Option<LinearTerms> {
        if position.is_insufficient_material() || endgame::mating_drive(position) != 0 {
            return None;
        }
        let mut counts = Vec::with_capacity(64);
        count_features(position, &mut counts);
        let white = Evaluation::white_score_with(position, weights);
        let stronger = if white >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let scale = f64::from(endgame::scale(position, stronger)) / f64::from(endgame::FULL_SCALE)
            * f64::from(endgame::fifty_move_faded(
                1 << 16,
                position.halfmove_clock(),
            ))
            / f64::from(1 << 16);
        Some(LinearTerms {
            counts,
            phase: phase(position),
            scale,
        })
    }
}

/// The pawn structure's weighted sum and passed pawns, by the pawns of
/// both sides: pawns move seldom, so most evaluations find theirs here
/// (Stockfish's pawn hash table). One per thread.
struct PawnCache {
    entries: Vec<PawnEntry>,
}

/// One position's pawns and what [`count_pawn_structure`] makes of them.
#[derive(Clone, Copy, Default)]
struct PawnEntry {
    pawns: [Bitboard; 2],
    sum: i64,
    passed: [Bitboard; 2],
}

/// Entries of a [`PawnCache`] (a power of two).
const PAWN_CACHE_SLOTS: usize = 1 << 12;

thread_local! {
    static PAWN_CACHE: std::cell::RefCell<PawnCache> = const {
        std::cell::RefCell::new(PawnCache {
            entries: Vec::new(),
        })
    };
}

impl PawnCache {
    /// Adds the pawn structure of `position` to `sum` (from the cache, or
    /// counted and kept); returns the passed pawns, White's and Black's.
    #[inline]
    fn structure(&mut self, position: &Position, sum: &mut PackedSum) -> [Bitboard; 2] {
        if self.entries.is_empty() {
            // A zeroed entry is the right one for no pawns at all.
            self.entries = vec![PawnEntry::default(); PAWN_CACHE_SLOTS];
        }
        let pawns = [
            position.pieces(Color::White, Role::Pawn),
            position.pieces(Color::Black, Role::Pawn),
        ];
        // The pawn key's high bits pick the slot; the entry holds the sets
        // themselves, so a hit is exact.
        let key = position.pawn_key().unwrap_or(0);
        let entry = &mut self.entries[(key >> (64 - PAWN_CACHE_SLOTS.trailing_zeros())) as usize];
        if entry.pawns != pawns {
            let mut structure = PackedSum::default();
            let passed = count_pawn_structure(position, &mut structure);
            *entry = PawnEntry {
                pawns,
                sum: structure.0,
                passed,
            };
        }
        sum.0 += entry.sum;
        entry.passed
    }
}

/// ply's chess evaluation, with the compiled-in [`WEIGHTS`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The weighted features from White's point of view, tapered, in
    /// centipawns (before the endgame knowledge).
    #[must_use]
    pub fn white_score(position: &Position) -> i32 {
        let mut sum = PackedSum::default();
        let passed = PAWN_CACHE.with_borrow_mut(|cache| cache.structure(position, &mut sum));
        count_features_beyond_pawn_structure(position, passed, &mut sum);
        tapered(PackedPair(sum.0).unpack(), phase(position))
    }

    /// [`Evaluation::white_score`] with other weights.
    #[must_use]
    pub fn white_score_with(position: &Position, weights: &Weights) -> i32 {
        let mut sum = WeightedSum {
            weights,
            total: Pair::default(),
        };
        count_features(position, &mut sum);
        tapered(sum.total, phase(position))
    }
}

impl<R> Evaluator<Board<R>> for Evaluation
where
    Board<R>: ChessBoard,
{
    fn evaluate(&self, board: &Board<R>) -> Score {
        let position = &*board.as_position();
        linear_score(position, Self::white_score, |position| {
            let mut sum = MaterialSum(PackedSum::default());
            count_features(position, &mut sum);
            PackedPair(sum.0.0).unpack()
        })
    }
}

/// The linear evaluation of `position` for the side to move, from the
/// weighted features `white` (White's view, tapered) and the weighted
/// material `material` (middle game and endgame): the endgame knowledge on
/// top.
#[inline(always)]
fn linear_score(
    position: &Position,
    white: impl FnOnce(&Position) -> i32,
    material: impl FnOnce(&Position) -> Pair,
) -> Score {
    // Without mating material the score shrinks towards a draw.
    if position.is_insufficient_material() {
        return Score(0);
    }
    // Pieces against a bare king: only the material and the drive to
    // mate count (the fit leaves these positions out; with pawns, their
    // advance counts too).
    let drive = endgame::mating_drive(position);
    let white = if drive == 0 || position.role(Role::Pawn).any() {
        white(position) + drive
    } else {
        tapered(material(position), phase(position)) + drive
    };
    let stronger = if white >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let score = match position.turn() {
        Color::White => white,
        Color::Black => -white,
    };
    let scaled = score * endgame::scale(position, stronger) / endgame::FULL_SCALE;
    Score(endgame::fifty_move_faded(scaled, position.halfmove_clock()))
}

/// ply's linear evaluation with weights chosen at run time (a weights file
/// named by `PLY_CHESS_WEIGHTS`): the same terms and endgame knowledge as
/// [`Evaluation`], the weights summed as they are (no packed table, no pawn
/// cache), so the same scores for the same weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedEvaluation(pub std::sync::Arc<Weights>);

impl<R> Evaluator<Board<R>> for WeightedEvaluation
where
    Board<R>: ChessBoard,
{
    fn evaluate(&self, board: &Board<R>) -> Score {
        let position = &*board.as_position();
        let weights = &*self.0;
        linear_score(
            position,
            |position| Evaluation::white_score_with(position, weights),
            |position| {
                let mut sum = MaterialSum(WeightedSum {
                    weights,
                    total: Pair::default(),
                });
                count_features(position, &mut sum);
                sum.0.total
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        Evaluation.evaluate(&Position::from_fen(fen).unwrap()).0
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let tempo = tapered(WEIGHTS.0[f::TEMPO.start], FULL_PHASE);
        assert_eq!(eval(crate::START_FEN), tempo);
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            tempo
        );
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
    }

    #[test]
    fn material_and_structure_count() {
        // An extra queen is worth a lot.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A passed pawn on the seventh beats one on the second.
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
        // Doubled isolated pawns are worse than healthy ones.
        assert!(eval("4k3/8/8/8/8/P7/P7/4K3 w - - 0 1") < eval("4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"));
        // Bare kings are a draw.
        assert_eq!(eval("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0);
    }

    #[test]
    fn the_evaluation_is_the_linear_model_of_its_terms() {
        for fen in [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 37 1",
            "2b1k3/p4p2/8/8/8/8/P4PP1/2B1K3 w - - 0 1",
            "r1bq1rk1/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 4 7",
        ] {
            let position = Position::from_fen(fen).unwrap();
            let terms = LinearTerms::of(&position).unwrap();
            let mut pair = (0.0, 0.0);
            for &(feature, count) in &terms.counts {
                pair.0 += f64::from(WEIGHTS.0[feature].0 * count);
                pair.1 += f64::from(WEIGHTS.0[feature].1 * count);
            }
            let phase = f64::from(terms.phase);
            let full = f64::from(FULL_PHASE);
            let white = terms.scale * (pair.0 * phase + pair.1 * (full - phase)) / full;
            let score = f64::from(Evaluation.evaluate(&position).0);
            let score = match position.turn() {
                Color::White => score,
                Color::Black => -score,
            };
            assert!(
                (white - score).abs() <= 2.0,
                "{fen}: {white} against {score}"
            );
        }
    }

    #[test]
    fn features_see_passed_pawn_races_shelter_and_threats() {
        let counts = |fen: &str| {
            let mut counts = Vec::new();
            count_features(&Position::from_fen(fen).unwrap(), &mut counts);
            counts
        };
        // The a-pawn outruns the king on f8; with Black to move it does not.
        let race = counts("5k2/8/8/8/P7/8/8/K7 w - - 0 1");
        assert!(race.contains(&(f::UNSTOPPABLE_PAWN.start, 1)), "{race:?}");
        let caught = counts("5k2/8/8/8/P7/8/8/K7 b - - 0 1");
        assert!(
            !caught
                .iter()
                .any(|&(feature, _)| feature == f::UNSTOPPABLE_PAWN.start)
        );
        // A knight attacked by a pawn, and hanging.
        let threat = counts("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        assert!(threat.contains(&(f::PAWN_THREAT.at(0), 1)), "{threat:?}");
        assert!(threat.contains(&(f::HANGING.at(Role::Knight.index()), 1)));
        // A castled king behind f2-g2-h2 has its pawns on the second rank;
        // the bare king on a8 has none.
        let castled = counts("k7/8/8/8/8/8/5PPP/6K1 w - - 0 1");
        let total = |feature| -> i32 {
            castled
                .iter()
                .filter(|&&(f, _)| f == feature)
                .map(|&(_, n)| n)
                .sum()
        };
        assert_eq!(total(f::PAWN_SHELTER.at(1)), 3, "{castled:?}");
        assert_eq!(total(f::PAWN_SHELTER.at(0)), -3, "{castled:?}");
    }

    #[test]
    fn the_packed_sum_is_the_sum_of_the_weights() {
        for fen in [
            crate::START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 37 1",
            "5k2/8/8/8/P7/8/8/K7 w - - 0 1",
            "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
        ] {
            let position = Position::from_fen(fen).unwrap();
            assert_eq!(
                Evaluation::white_score(&position),
                Evaluation::white_score_with(&position, &WEIGHTS),
                "{fen}"
            );
        }
    }

    #[test]
    fn the_pawn_cache_changes_no_score() {
        // Random games: most positions share their pawns with earlier ones
        // (found in the cache) and differ in the pieces and kings.
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        let mut evaluated = 0;
        for _ in 0..20 {
            let mut position = Position::from_fen(crate::START_FEN).unwrap();
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for _ in 0..2 {
                    assert_eq!(
                        Evaluation::white_score(&position),
                        Evaluation::white_score_with(&position, &WEIGHTS),
                        "{}",
                        position.fen()
                    );
                }
                evaluated += 1;
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position = position.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(evaluated > 1_000, "{evaluated}");
    }

    #[test]
    fn pawn_structure_by_shifts_is_pawn_structure_by_squares() {
        use crate::attacks::pawn_attacks;
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/pp3p1p/2p1p3/P2pP1P1/1P1P4/2P4P/5P2/4K3 w - - 0 1",
            "4k3/1p1p4/1p1p2pp/8/P6P/P3P1P1/4P3/4K3 b - - 0 1",
        ] {
            let position = Position::from_fen(fen).unwrap();
            let mut counts = Vec::new();
            count_features(&position, &mut counts);
            let total = |feature| -> i32 {
                counts
                    .iter()
                    .filter(|&&(f, _)| f == feature)
                    .map(|&(_, n)| n)
                    .sum()
            };
            let mut expected = [0; 4];
            let mut passed = [0; 8];
            for (us, sign) in [(Color::White, 1), (Color::Black, -1)] {
                let ours = position.pieces(us, Role::Pawn);
                let theirs = position.pieces(us.opponent(), Role::Pawn);
                for square in ours {
                    let file = Bitboard::file(square.file());
                    let beside = Bitboard(super::beside(file.0));
                    if (file & ours).has_several() {
                        expected[0] += sign;
                    }
                    if (beside & ours).is_empty() {
                        expected[1] += sign;
                    } else if (beside & ours & Bitboard::rank(square.rank())).any()
                        || (pawn_attacks(us.opponent(), square) & ours).any()
                    {
                        expected[2] += sign;
                    }
                    if (passed_span(us, square) & theirs).is_empty() {
                        passed[square.rank().relative(us).index() as usize] += sign;
                    }
                }
            }
            assert_eq!(total(f::DOUBLED_PAWN.start), expected[0], "{fen}");
            assert_eq!(total(f::ISOLATED_PAWN.start), expected[1], "{fen}");
            assert_eq!(total(f::CONNECTED_PAWN.start), expected[2], "{fen}");
            for (rank, &n) in passed.iter().enumerate() {
                assert_eq!(total(f::PASSED_PAWN.at(rank)), n, "{fen} rank {rank}");
            }
        }
    }

    #[test]
    fn passed_span_covers_the_way_ahead() {
        let sq: Square = "e4".parse().unwrap();
        assert_eq!(passed_span(Color::White, sq).count(), 12);
        assert_eq!(passed_span(Color::Black, sq).count(), 9);
        let a7: Square = "a7".parse().unwrap();
        assert_eq!(passed_span(Color::White, a7).count(), 2);
    }
}
