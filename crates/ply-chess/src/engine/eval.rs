//! A tapered evaluation: middle-game and end-game scores for material,
//! piece-square bonuses, mobility, pawn structure and king safety, blended by
//! how much material is left; then the endgame knowledge of `endgame.rs`
//! (the basic mates, drawn material, the fifty-move counter).
//!
//! The piece-square tables are built by `const fn` from a few rules
//! (centralise knights, advance pawns, keep the king sheltered until the
//! endgame) rather than typed in.

use super::endgame;
use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role, Square};
use ply_core::search::{Evaluator, Score};

/// A middle-game and an end-game value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Pair(i32, i32);

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

impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, o: Pair) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, k: i32) -> Pair {
        Pair(self.0 * k, self.1 * k)
    }
}

/// Material, middle game and end game.
const MATERIAL: [Pair; 6] = [
    Pair(82, 94),
    Pair(337, 281),
    Pair(365, 297),
    Pair(477, 512),
    Pair(1025, 936),
    Pair(0, 0),
];
/// Phase weight of each piece (24 in the start position).
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// Distance from the centre in king steps (0 for d4, e4, d5, e5; 3 on the edge).
const fn centre_distance(square: usize) -> i32 {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    if df > dr { df } else { dr }
}

/// Piece-square bonus for a White piece (Black uses the mirrored square).
const fn square_bonus(role: usize, square: usize) -> Pair {
    let file = (square % 8) as i32;
    let rank = (square / 8) as i32;
    let centre = 3 - centre_distance(square);
    match role {
        0 => {
            // Pawns: advance, and hold the centre in the middle game.
            let central = if (file == 3 || file == 4) && (rank == 3 || rank == 4) {
                20
            } else {
                0
            };
            let wing_start = if rank == 1 && (file == 3 || file == 4) {
                -10
            } else {
                0
            };
            Pair(3 * rank + central + wing_start, 8 * rank * rank / 3)
        }
        1 => Pair(12 * centre - 25, 10 * centre - 20),
        2 => {
            let on_long_diagonal = if file == rank || file + rank == 7 {
                8
            } else {
                0
            };
            Pair(5 * centre - 8 + on_long_diagonal, 5 * centre - 8)
        }
        3 => {
            let seventh = if rank == 6 { 20 } else { 0 };
            let central_file = if file >= 2 && file <= 5 { 5 } else { 0 };
            Pair(seventh + central_file, seventh / 2)
        }
        4 => Pair(2 * centre - 5, 8 * centre - 15),
        _ => {
            // King: tucked away on the back rank early, central late.
            let shelter = match (rank, file) {
                (0, 1) | (0, 2) | (0, 6) => 25,
                (0, 0) | (0, 7) => 15,
                (0, _) => 0,
                (1, _) => -15,
                _ => -25 * rank,
            };
            Pair(shelter, 12 * centre - 20)
        }
    }
}

const fn square_table() -> [[Pair; 64]; 6] {
    let mut table = [[Pair(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut square = 0;
        while square < 64 {
            let b = square_bonus(role, square);
            table[role][square] = Pair(MATERIAL[role].0 + b.0, MATERIAL[role].1 + b.1);
            square += 1;
        }
        role += 1;
    }
    table
}

/// Material plus piece-square bonus for White pieces, by role and square.
static PIECE_SQUARE: [[Pair; 64]; 6] = square_table();

/// Mobility: bonus per reachable square around a typical count.
const MOBILITY: [(Pair, i32); 4] = [
    (Pair(4, 4), 4),
    (Pair(5, 5), 6),
    (Pair(2, 4), 6),
    (Pair(1, 2), 12),
];
const BISHOP_PAIR: Pair = Pair(30, 50);
const DOUBLED_PAWN: Pair = Pair(-10, -20);
const ISOLATED_PAWN: Pair = Pair(-12, -15);
const CONNECTED_PAWN: Pair = Pair(6, 6);
/// Passed pawn bonus by relative rank.
const PASSED_PAWN: [Pair; 8] = [
    Pair(0, 0),
    Pair(2, 10),
    Pair(5, 15),
    Pair(12, 25),
    Pair(25, 45),
    Pair(45, 80),
    Pair(70, 130),
    Pair(0, 0),
];
const ROOK_OPEN_FILE: Pair = Pair(25, 10);
const ROOK_HALF_OPEN_FILE: Pair = Pair(12, 5);
const PAWN_SHIELD: Pair = Pair(12, 0);
/// King-zone attack units per attacking piece (knight, bishop, rook, queen).
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
const TEMPO: i32 = 12;

/// The squares in front of a pawn (on its file and the two next to it), up to
/// the last rank: no enemy pawn there means the pawn is passed.
fn passed_span(color: Color, square: Square) -> Bitboard {
    let file = square.file().index() as i32;
    let mut files = Bitboard::file(square.file());
    if file > 0 {
        files |= Bitboard::file(crate::types::File::new(file as u8 - 1));
    }
    if file < 7 {
        files |= Bitboard::file(crate::types::File::new(file as u8 + 1));
    }
    let rank = square.rank().index() as u32;
    let ahead = match color {
        Color::White => Bitboard(if rank >= 7 {
            0
        } else {
            !0u64 << (8 * (rank + 1))
        }),
        Color::Black => Bitboard(if rank == 0 {
            0
        } else {
            !0u64 >> (8 * (8 - rank))
        }),
    };
    files & ahead
}

fn adjacent_files(square: Square) -> Bitboard {
    let file = square.file().index();
    let mut files = Bitboard::EMPTY;
    if file > 0 {
        files |= Bitboard::file(crate::types::File::new(file - 1));
    }
    if file < 7 {
        files |= Bitboard::file(crate::types::File::new(file + 1));
    }
    files
}

/// The evaluation of one side, from White's point of view of signs handled by the caller.
fn side_score(position: &Position, us: Color) -> Pair {
    let them = us.opponent();
    let occupied = position.occupied();
    let ours = position.color(us);
    let our_pawns = position.pieces(us, Role::Pawn);
    let their_pawns = position.pieces(them, Role::Pawn);
    let mut score = Pair::default();

    // Squares attacked by their pawns are poor for our pieces.
    let their_pawn_attacks =
        their_pawns.fold(Bitboard::EMPTY, |acc, sq| acc | pawn_attacks(them, sq));
    let safe = !ours & !their_pawn_attacks;
    let their_king = position.king(them);
    let king_zone = king_attacks(their_king) | Bitboard::from_square(their_king);
    let mut attack_units = 0;
    let mut attackers = 0;

    for (slot, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .enumerate()
    {
        for square in position.pieces(us, role) {
            let mirrored = if us == Color::White {
                square
            } else {
                square.flip_vertical()
            };
            score += PIECE_SQUARE[role.index()][mirrored.index()];
            let reach = match role {
                Role::Knight => knight_attacks(square),
                Role::Bishop => bishop_attacks(square, occupied),
                Role::Rook => rook_attacks(square, occupied),
                _ => queen_attacks(square, occupied),
            };
            let (per_square, typical) = MOBILITY[slot];
            score += per_square * ((reach & safe).count() as i32 - typical);
            let zone_hits = (reach & king_zone).count() as i32;
            if zone_hits > 0 {
                attackers += 1;
                attack_units += ATTACK_UNITS[slot] * zone_hits;
            }
            if role == Role::Rook {
                let file = Bitboard::file(square.file());
                if (file & (our_pawns | their_pawns)).is_empty() {
                    score += ROOK_OPEN_FILE;
                } else if (file & our_pawns).is_empty() {
                    score += ROOK_HALF_OPEN_FILE;
                }
            }
        }
    }
    if position.pieces(us, Role::Bishop).count() >= 2 {
        score += BISHOP_PAIR;
    }
    // King attack: grows with the square of the attack units, only with two attackers.
    if attackers >= 2 {
        score += Pair(attack_units * attack_units / 2, attack_units);
    }

    // Pawns.
    for square in our_pawns {
        let mirrored = if us == Color::White {
            square
        } else {
            square.flip_vertical()
        };
        score += PIECE_SQUARE[Role::Pawn.index()][mirrored.index()];
        let file = Bitboard::file(square.file());
        if (file & our_pawns).has_several() {
            score += DOUBLED_PAWN;
        }
        let neighbours = adjacent_files(square) & our_pawns;
        if neighbours.is_empty() {
            score += ISOLATED_PAWN;
        } else if (neighbours & Bitboard::rank(square.rank())).any()
            || (pawn_attacks(them, square) & our_pawns).any()
        {
            score += CONNECTED_PAWN;
        }
        if (passed_span(us, square) & their_pawns).is_empty() {
            score += PASSED_PAWN[square.rank().relative(us).index() as usize];
        }
    }

    // King: square bonus and the pawns sheltering it.
    let king = position.king(us);
    let mirrored = if us == Color::White {
        king
    } else {
        king.flip_vertical()
    };
    score += PIECE_SQUARE[Role::King.index()][mirrored.index()];
    let shield = king_attacks(king) & our_pawns & passed_span(us, king);
    score += PAWN_SHIELD * shield.count() as i32;
    score
}

/// The game phase: 24 with all pieces on the board, 0 with only pawns and kings.
fn phase(position: &Position) -> i32 {
    let weight: i32 = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .map(|r| PHASE[r.index()] * position.role(r).count() as i32)
        .sum();
    weight.min(FULL_PHASE)
}

/// ply's chess evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl Evaluation {
    /// The evaluation from White's point of view, in centipawns.
    #[must_use]
    pub fn white_score(position: &Position) -> i32 {
        let mut pair = side_score(position, Color::White);
        pair -= side_score(position, Color::Black);
        let phase = phase(position);
        (pair.0 * phase + pair.1 * (FULL_PHASE - phase)) / FULL_PHASE
    }
}

impl Evaluator<Position> for Evaluation {
    fn evaluate(&self, position: &Position) -> Score {
        // Without mating material the score shrinks towards a draw.
        if position.is_insufficient_material() {
            return Score(0);
        }
        let white = Self::white_score(position) + endgame::mating_drive(position);
        let stronger = if white >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let score = match position.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        };
        let scaled = (score + TEMPO) * endgame::scale(position, stronger) / endgame::FULL_SCALE;
        Score(endgame::fifty_move_faded(scaled, position.halfmove_clock()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        Evaluation.evaluate(&Position::from_fen(fen).unwrap()).0
    }

    #[test]
    fn symmetric_positions_score_the_tempo() {
        assert_eq!(eval(crate::START_FEN), TEMPO);
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            TEMPO
        );
        // Mirror images score the same for the side to move.
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
    fn passed_span_covers_the_way_ahead() {
        let sq: Square = "e4".parse().unwrap();
        assert_eq!(passed_span(Color::White, sq).count(), 12);
        assert_eq!(passed_span(Color::Black, sq).count(), 9);
        let a7: Square = "a7".parse().unwrap();
        assert_eq!(passed_span(Color::White, a7).count(), 2);
    }
}
