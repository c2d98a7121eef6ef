//! Endgame knowledge the search alone lacks: the basic mates (the bare king
//! driven to the edge, to the bishop's corner with bishop and knight), the
//! material a side cannot win with (a lone minor piece, two knights against
//! a bare king, a rook pawn with the wrong bishop or none, pieces one minor
//! up without pawns, opposite-coloured bishops), and the fifty-move counter,
//! so that a won position is pressed rather than shuffled.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, File, Rank, Role, Square};

/// A scale applied to the evaluation, in 64ths: [`FULL_SCALE`] leaves it as
/// it is, 0 makes the position a draw.
pub(crate) const FULL_SCALE: i32 = 64;

/// The scale of a pure opposite-coloured bishops ending (bishops and pawns).
const OPPOSITE_BISHOPS_SCALE: i32 = 32;

/// Pieces-only endings one minor piece up, when the weaker side has at most
/// a minor piece (KRKB, KRKN) or more (KQKR+minor, KRBKR): mostly drawn.
const MINOR_UP_AGAINST_MINOR_SCALE: i32 = 4;
const MINOR_UP_SCALE: i32 = 14;

/// The bonus per step the bare king stands from the centre (file and rank
/// distances added, 0 to 6) and per step of its Chebyshev distance (0 to 3).
const EDGE_STEP: i32 = 10;
const CENTRE_RING: i32 = 20;
/// The bonus per step the kings come closer (7 less their distance).
const KINGS_CLOSE: i32 = 15;
/// The bonus per step (of Manhattan distance) the bare king comes closer to
/// a corner the bishop covers, in the bishop and knight mate: a corner of
/// the other colour is worth no more than the centre.
const BISHOP_CORNER: i32 = 60;

/// Half-moves of the fifty-move counter over which the evaluation fades to
/// half: at 100 half-moves (the draw) it is worth half, at 50 three quarters.
const FIFTY_MOVE_FADE: i32 = 200;

/// The weight of each piece in pawns, for the material rules of thumb.
fn pieces_in_pawns(position: &Position, color: Color) -> i32 {
    let count = |role| position.pieces(color, role).count() as i32;
    3 * (count(Role::Knight) + count(Role::Bishop)) + 5 * count(Role::Rook) + 9 * count(Role::Queen)
}

fn file_from_centre(square: Square) -> i32 {
    let file = i32::from(square.file().index());
    if file < 4 { 3 - file } else { file - 4 }
}

fn rank_from_centre(square: Square) -> i32 {
    let rank = i32::from(square.rank().index());
    if rank < 4 { 3 - rank } else { rank - 4 }
}

/// Manhattan distance: files and ranks between two squares, added.
fn manhattan_distance(a: Square, b: Square) -> i32 {
    let files = (i32::from(a.file().index()) - i32::from(b.file().index())).abs();
    let ranks = (i32::from(a.rank().index()) - i32::from(b.rank().index())).abs();
    files + ranks
}

/// Chebyshev distance: king steps between two squares.
pub(crate) fn king_distance(a: Square, b: Square) -> i32 {
    let files = (i32::from(a.file().index()) - i32::from(b.file().index())).abs();
    let ranks = (i32::from(a.rank().index()) - i32::from(b.rank().index())).abs();
    files.max(ranks)
}

/// How far from the centre a bare king stands, the more the better for the
/// side mating it: 0 in the centre, 120 in a corner.
fn edge_bonus(king: Square) -> i32 {
    let (file, rank) = (file_from_centre(king), rank_from_centre(king));
    EDGE_STEP * (file + rank) + CENTRE_RING * file.max(rank)
}

/// Whether `color`'s pieces can force mate against a bare king: a queen, a
/// rook, a pawn, bishops on both colours, or a bishop with a knight (two
/// knights cannot).
fn can_force_mate(position: &Position, color: Color) -> bool {
    let heavy = position.pieces(color, Role::Queen)
        | position.pieces(color, Role::Rook)
        | position.pieces(color, Role::Pawn);
    if heavy.any() {
        return true;
    }
    let bishops = position.pieces(color, Role::Bishop);
    let knights = position.pieces(color, Role::Knight);
    let both_colours =
        (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops - Bitboard::LIGHT_SQUARES).any();
    both_colours || (bishops.any() && knights.any()) || knights.count() >= 3
}

/// The bonus, from White's view, for driving a bare king towards mate: to
/// the edge, with the other king close, and with a bishop and knight (and
/// nothing else) to a corner of the bishop's colour. 0 unless one side has
/// its king alone and the other can force mate.
pub(crate) fn mating_drive(position: &Position) -> i32 {
    let (strong, weak) = if position.color(Color::Black).count() == 1 {
        (Color::White, Color::Black)
    } else if position.color(Color::White).count() == 1 {
        (Color::Black, Color::White)
    } else {
        return 0;
    };
    if !can_force_mate(position, strong) {
        return 0;
    }
    let bare = position.king(weak);
    let close = KINGS_CLOSE * (7 - king_distance(bare, position.king(strong)));
    let bishops = position.pieces(strong, Role::Bishop);
    let only_minors = position.color(strong).count() == 3;
    let bonus = if only_minors
        && bishops.count() == 1
        && position.pieces(strong, Role::Knight).count() == 1
    {
        // Only a corner of the bishop's colour will do: h1 and a8 are light,
        // a1 and h8 dark.
        let light = (bishops & Bitboard::LIGHT_SQUARES).any();
        let corners = if light { [7, 56] } else { [0, 63] };
        let nearest = corners
            .into_iter()
            .map(|corner| manhattan_distance(bare, Square::new(corner)))
            .min()
            .unwrap_or(7);
        BISHOP_CORNER * (7 - nearest) + edge_bonus(bare) + close
    } else {
        edge_bonus(bare) + close
    };
    if strong == Color::White {
        bonus
    } else {
        -bonus
    }
}

/// The scale, in 64ths, of an evaluation favouring `strong` for the material
/// it cannot (or can hardly) win with; [`FULL_SCALE`] when nothing applies.
pub(crate) fn scale(position: &Position, strong: Color) -> i32 {
    let weak = strong.opponent();
    let strong_pawns = position.pieces(strong, Role::Pawn);
    let weak_bare = position.color(weak).count() == 1;
    if strong_pawns.is_empty() {
        let (ours, theirs) = (
            pieces_in_pawns(position, strong),
            pieces_in_pawns(position, weak),
        );
        if ours - theirs <= 3 {
            return if ours < 5 {
                0
            } else if theirs <= 3 {
                MINOR_UP_AGAINST_MINOR_SCALE
            } else {
                MINOR_UP_SCALE
            };
        }
        let only_knights =
            position.color(strong).count() - 1 == position.pieces(strong, Role::Knight).count();
        if weak_bare && only_knights && ours <= 6 {
            return 0;
        }
        return FULL_SCALE;
    }
    if weak_bare && wrong_rook_pawn(position, strong) {
        return 0;
    }
    if opposite_bishops_only(position) {
        return OPPOSITE_BISHOPS_SCALE;
    }
    FULL_SCALE
}

/// Whether `strong` has only pawns on one rook file, at most a bishop that
/// does not cover the promotion square, and the bare king of the other side
/// within a step of that square: a draw however the pawns advance.
fn wrong_rook_pawn(position: &Position, strong: Color) -> bool {
    let pawns = position.pieces(strong, Role::Pawn);
    let file = if (pawns - Bitboard::file(File::new(0))).is_empty() {
        File::new(0)
    } else if (pawns - Bitboard::file(File::new(7))).is_empty() {
        File::new(7)
    } else {
        return false;
    };
    let bishops = position.pieces(strong, Role::Bishop);
    let others = position.color(strong).count() - 1 - pawns.count() - bishops.count();
    if others > 0 || bishops.count() > 1 {
        return false;
    }
    let last = Rank::new(if strong == Color::White { 7 } else { 0 });
    let promotion = Square::from_coords(file, last);
    let light_promotion = Bitboard::LIGHT_SQUARES.contains(promotion);
    if let Some(bishop) = bishops.first()
        && Bitboard::LIGHT_SQUARES.contains(bishop) == light_promotion
    {
        return false;
    }
    king_distance(position.king(strong.opponent()), promotion) <= 1
}

/// Whether each side has one bishop, on squares of opposite colours, and no
/// other piece besides pawns.
fn opposite_bishops_only(position: &Position) -> bool {
    let bishops = position.role(Role::Bishop);
    let others =
        position.role(Role::Knight) | position.role(Role::Rook) | position.role(Role::Queen);
    if others.any() || bishops.count() != 2 {
        return false;
    }
    let white = position.pieces(Color::White, Role::Bishop);
    white.count() == 1 && (bishops & Bitboard::LIGHT_SQUARES).count() == 1
}

/// `score` faded by the fifty-move counter: the longer nothing irreversible
/// happened, the closer to a draw, so that the side ahead makes progress.
pub(crate) fn fifty_move_faded(score: i32, halfmove_clock: u16) -> i32 {
    let clock = i32::from(halfmove_clock).min(100);
    score * (FIFTY_MOVE_FADE - clock) / FIFTY_MOVE_FADE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn the_bare_king_is_driven_to_the_edge_and_the_right_corner() {
        let centre = mating_drive(&position("8/8/8/3k4/8/8/8/R3K3 w - - 0 1"));
        let edge = mating_drive(&position("3k4/8/8/8/8/8/8/R3K3 w - - 0 1"));
        assert!(edge > centre && centre > 0, "{centre} {edge}");
        // The same for Black mating White.
        assert!(mating_drive(&position("r3k3/8/8/8/8/8/8/3K4 w - - 0 1")) < 0);
        // Bishop (light, f1) and knight: h1 and a8 are the corners to mate in.
        let other_corner = mating_drive(&position("8/8/8/8/8/8/6N1/k3KB2 w - - 0 1"));
        let bishop_corner = mating_drive(&position("8/8/8/8/8/8/6N1/4KB1k w - - 0 1"));
        assert!(
            bishop_corner > other_corner + 100,
            "{other_corner} {bishop_corner}"
        );
        // Nothing to drive with two knights, or with kings and pawns on both sides.
        assert_eq!(
            mating_drive(&position("8/8/8/3k4/8/8/8/1NN1K3 w - - 0 1")),
            0
        );
        assert_eq!(
            mating_drive(&position("8/p7/8/3k4/8/8/P7/4K3 w - - 0 1")),
            0
        );
    }

    #[test]
    fn unwinnable_material_is_scaled_to_a_draw() {
        let (white, black) = (Color::White, Color::Black);
        for (fen, strong, expected) in [
            // A lone minor piece, two knights: no win.
            ("8/8/8/3k4/8/8/8/2B1K3 w - - 0 1", white, 0),
            ("8/8/8/3k4/8/8/8/1NN1K3 w - - 0 1", white, 0),
            // Rook against minor piece: hardly.
            (
                "8/8/8/3k4/8/4b3/8/R3K3 w - - 0 1",
                white,
                MINOR_UP_AGAINST_MINOR_SCALE,
            ),
            // Rook, bishop and knight: wins.
            ("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", white, FULL_SCALE),
            ("8/8/8/3k4/8/8/8/1BN1K3 w - - 0 1", white, FULL_SCALE),
            // An a-pawn with the dark bishop (a8 is light) and the king in the corner.
            ("k7/8/8/P7/8/8/8/2B1K3 w - - 0 1", white, 0),
            // With the light bishop it wins; so it does with the king far away.
            ("k7/8/8/P7/8/8/8/3BK3 w - - 0 1", white, FULL_SCALE),
            ("8/8/8/P3k3/8/8/8/2B1K3 w - - 0 1", white, FULL_SCALE),
            // A bare h-pawn against the king in front of it, for Black (h1 queens).
            ("4k3/8/8/8/8/7p/8/6K1 w - - 0 1", black, 0),
            // Opposite-coloured bishops (c1 dark, c8 light) halve, same-coloured do not.
            (
                "2b1k3/p4p2/8/8/8/8/P4PP1/2B1K3 w - - 0 1",
                white,
                OPPOSITE_BISHOPS_SCALE,
            ),
            ("3bk3/p4p2/8/8/8/8/P4PP1/2B1K3 w - - 0 1", white, FULL_SCALE),
        ] {
            assert_eq!(scale(&position(fen), strong), expected, "{fen}");
        }
    }

    #[test]
    fn the_fifty_move_counter_fades_the_score() {
        assert_eq!(fifty_move_faded(200, 0), 200);
        assert_eq!(fifty_move_faded(200, 50), 150);
        assert_eq!(fifty_move_faded(-200, 100), -100);
        assert_eq!(fifty_move_faded(200, 300), 100);
    }
}
