//! Strictly legal move generation with check and pin masks (no make-and-test),
//! in stages for the search, and move counting as bit counts for perft.
//!
//! Every call starts from [`Checks`]: the king square, the pieces giving check,
//! the squares a non-king move must land on to answer a check, and our pinned
//! pieces. A pinned piece may only move along the line through it and its king;
//! in check it may not move at all. King moves are tested square by square with
//! the king taken off the board (so it cannot hide behind itself). En passant,
//! the one move that clears two squares of a rank, is tested in full.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::{CastlingRights, Position};
use crate::types::{Color, Role, Square};
use ply_core::MoveList;

/// Which moves a generator call produces. The stages partition the legal moves:
/// every legal move is in exactly one of [`Stage::Noisy`] and [`Stage::Quiet`];
/// [`Stage::All`] is both (in check these are the evasions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions.
    Noisy,
    /// Moves that neither capture nor promote (castling included).
    Quiet,
}

/// [`Stage`] as a const generic parameter of the generators (every board's).
pub(crate) const ALL: u8 = 0;
/// [`Stage::Noisy`] as a const generic parameter.
pub(crate) const NOISY: u8 = 1;
/// [`Stage::Quiet`] as a const generic parameter.
pub(crate) const QUIET: u8 = 2;

/// The check and pin information of a position, from the side to move's view.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// Our king.
    pub king: Square,
    /// Their pieces giving check.
    pub checkers: Bitboard,
    /// Squares a non-king move must reach: everything when not in check, the
    /// checker and the squares between it and the king in single check, nothing
    /// in double check.
    pub target_mask: Bitboard,
    /// Our pieces pinned to our king.
    pub pinned: Bitboard,
}

impl Checks {
    /// The checks and pins of `position`.
    #[must_use]
    #[inline(always)]
    pub fn of(position: &Position) -> Checks {
        let us = position.turn();
        let them = us.opponent();
        let king = position.king(us);
        let ours = position.color(us);
        let theirs = position.color(them);
        let occupied = ours | theirs;
        // Their sliders that would see our king if our pieces were not there.
        let snipers = (rook_attacks(king, theirs) & position.straight_sliders(them))
            | (bishop_attacks(king, theirs) & position.diagonal_sliders(them));
        let mut checkers = (knight_attacks(king) & position.pieces(them, Role::Knight))
            | (pawn_attacks(us, king) & position.pieces(them, Role::Pawn));
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(sniper);
            } else if !blockers.has_several() {
                pinned |= blockers & ours;
            }
        }
        let target_mask = if checkers.is_empty() {
            Bitboard::ALL
        } else if checkers.has_several() {
            Bitboard::EMPTY
        } else {
            let checker = checkers.lowest();
            between(king, checker) | checkers
        };
        Checks {
            king,
            checkers,
            target_mask,
            pinned,
        }
    }
}

/// Whether a `them` piece attacks `square` when `occupied` is the occupancy.
#[inline(always)]
fn attacked(position: &Position, square: Square, them: Color, occupied: Bitboard) -> bool {
    ((knight_attacks(square) & position.pieces(them, Role::Knight))
        | (pawn_attacks(them.opponent(), square) & position.pieces(them, Role::Pawn))
        | (king_attacks(square) & position.pieces(them, Role::King))
        | (bishop_attacks(square, occupied) & position.diagonal_sliders(them))
        | (rook_attacks(square, occupied) & position.straight_sliders(them)))
    .any()
}

/// The squares our king can go to among `targets`.
#[inline(always)]
fn king_destinations(position: &Position, checks: &Checks, targets: Bitboard) -> Bitboard {
    let them = position.turn().opponent();
    let without_king = position.occupied().toggled(checks.king);
    let mut safe = Bitboard::EMPTY;
    for to in king_attacks(checks.king) & targets {
        if !attacked(position, to, them, without_king) {
            safe |= Bitboard::from_square(to);
        }
    }
    safe
}

/// The castling moves available (the side must not be in check), as the king
/// taking its own rook; the rules are Chess960's (see [`crate::castling`]),
/// of which classical castling is a case.
#[inline(always)]
fn castling_moves(position: &Position, checks: &Checks) -> [Option<Move>; 2] {
    let us = position.turn();
    let rights = position.castling_rights();
    let mut moves = [None, None];
    if checks.checkers.any()
        || rights.bits() & (CastlingRights::bit(us, true) | CastlingRights::bit(us, false)) == 0
    {
        return moves;
    }
    let them = us.opponent();
    let occupied = position.occupied();
    for (slot, kingside, kind) in [
        (0, true, MoveKind::CastleKingside),
        (1, false, MoveKind::CastleQueenside),
    ] {
        let Some((rook, mut path)) = rights.open(us, kingside, occupied) else {
            continue;
        };
        // The king's path without the castling rook, which may have shielded
        // the king along the back rank.
        let without_rook = occupied.toggled(rook);
        if path.all(|sq| !attacked(position, sq, them, without_rook)) {
            moves[slot] = Some(Move::new(checks.king, rook, kind));
        }
    }
    moves
}

/// The en passant captures available, tested by playing them on the occupancy.
#[inline(always)]
fn en_passant_moves(position: &Position, checks: &Checks) -> [Option<Move>; 2] {
    let mut moves = [None, None];
    let Some(target) = position.en_passant() else {
        return moves;
    };
    let us = position.turn();
    let them = us.opponent();
    let captured = target.offset(if us == Color::White { -8 } else { 8 });
    let capturers = pawn_attacks(them, target) & position.pieces(us, Role::Pawn);
    for (slot, from) in capturers.enumerate() {
        let occupied = position
            .occupied()
            .toggled(from)
            .toggled(captured)
            .toggled(target);
        let remaining_checkers = checks.checkers - Bitboard::from_square(captured);
        // Knight and pawn checks other than by the captured pawn stay; slider
        // checks and pins are seen by looking from the king on the new occupancy.
        let leaper_check =
            (remaining_checkers & (position.role(Role::Knight) | position.role(Role::Pawn))).any();
        let slider_check = ((bishop_attacks(checks.king, occupied)
            & position.diagonal_sliders(them))
            | (rook_attacks(checks.king, occupied) & position.straight_sliders(them)))
        .any();
        if !leaper_check && !slider_check {
            moves[slot] = Some(Move::new(from, target, MoveKind::EnPassant));
        }
    }
    moves
}

/// Pawn steps for a colour: forward shift, and the captures towards the a-file
/// and the h-file, as (shift left?, amount, files the pawn must not start on).
struct PawnSteps {
    push: i8,
    capture_west: i8,
    capture_east: i8,
}

const fn pawn_steps(color: Color) -> PawnSteps {
    match color {
        Color::White => PawnSteps {
            push: 8,
            capture_west: 7,
            capture_east: 9,
        },
        Color::Black => PawnSteps {
            push: -8,
            capture_west: -9,
            capture_east: -7,
        },
    }
}

#[inline(always)]
fn shift(board: Bitboard, by: i8) -> Bitboard {
    if by > 0 {
        board << by as u32
    } else {
        board >> (-by) as u32
    }
}

/// Appends the moves from `from` to each square of `targets` with `kind`.
#[inline(always)]
fn push_all(moves: &mut MoveList<Move>, from: Square, targets: Bitboard, kind: MoveKind) {
    for to in targets {
        moves.push(Move::new(from, to, kind));
    }
}

/// Appends pawn moves landing on `targets` from `to - step`, with promotions
/// expanded on the last rank.
#[inline(always)]
fn push_pawn_moves<const STAGE: u8>(
    moves: &mut MoveList<Move>,
    targets: Bitboard,
    step: i8,
    kind: MoveKind,
) {
    let capture = kind == MoveKind::Capture;
    for to in targets & !Bitboard::BACK_RANKS {
        moves.push(Move::new(to.offset(-step), to, kind));
    }
    for to in targets & Bitboard::BACK_RANKS {
        let from = to.offset(-step);
        if STAGE == ALL || STAGE == NOISY {
            for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                moves.push(Move::new(from, to, MoveKind::promotion(role, capture)));
            }
        }
    }
}

fn generate_stage<const STAGE: u8>(position: &Position, moves: &mut MoveList<Move>) {
    let checks = Checks::of(position);
    let us = position.turn();
    let them = us.opponent();
    let ours = position.color(us);
    let theirs = position.color(them);
    let occupied = ours | theirs;
    let empty = !occupied;
    let (captures_ok, quiets_ok) = match STAGE {
        NOISY => (true, false),
        QUIET => (false, true),
        _ => (true, true),
    };

    // King.
    let mut king_targets = Bitboard::EMPTY;
    if captures_ok {
        king_targets |= theirs;
    }
    if quiets_ok {
        king_targets |= empty;
    }
    let safe = king_destinations(position, &checks, king_targets);
    push_all(moves, checks.king, safe & theirs, MoveKind::Capture);
    push_all(moves, checks.king, safe & empty, MoveKind::Quiet);
    if checks.checkers.has_several() {
        return;
    }

    let mask = checks.target_mask;
    let capture_targets = if captures_ok {
        theirs & mask
    } else {
        Bitboard::EMPTY
    };
    let quiet_targets = if quiets_ok {
        empty & mask
    } else {
        Bitboard::EMPTY
    };
    let in_check = checks.checkers.any();

    // Knights (a pinned knight never moves).
    for from in position.pieces(us, Role::Knight) - checks.pinned {
        let attacks = knight_attacks(from);
        push_all(moves, from, attacks & capture_targets, MoveKind::Capture);
        push_all(moves, from, attacks & quiet_targets, MoveKind::Quiet);
    }
    // Sliders; pinned ones along their pin line, and not at all in check.
    let movable = if in_check {
        !checks.pinned
    } else {
        Bitboard::ALL
    };
    for from in position.diagonal_sliders(us) & movable {
        let mut attacks = bishop_attacks(from, occupied);
        if checks.pinned.contains(from) {
            attacks &= line(checks.king, from);
        }
        push_all(moves, from, attacks & capture_targets, MoveKind::Capture);
        push_all(moves, from, attacks & quiet_targets, MoveKind::Quiet);
    }
    for from in position.straight_sliders(us) & movable {
        let mut attacks = rook_attacks(from, occupied);
        if checks.pinned.contains(from) {
            attacks &= line(checks.king, from);
        }
        push_all(moves, from, attacks & capture_targets, MoveKind::Capture);
        push_all(moves, from, attacks & quiet_targets, MoveKind::Quiet);
    }

    // Pawns: unpinned ones set-wise, pinned ones one by one.
    let steps = pawn_steps(us);
    let pawns = position.pieces(us, Role::Pawn);
    let free = pawns - checks.pinned;
    let third_rank = if us == Color::White {
        Bitboard::RANK_1 << 16
    } else {
        Bitboard::RANK_8 >> 16
    };
    let single = shift(free, steps.push) & empty;
    let double = shift(single & third_rank, steps.push) & empty & mask;
    let single = single & mask;
    let west = shift(free - Bitboard::FILE_A, steps.capture_west) & theirs & mask;
    let east = shift(free - Bitboard::FILE_H, steps.capture_east) & theirs & mask;
    if captures_ok {
        push_pawn_moves::<STAGE>(moves, west, steps.capture_west, MoveKind::Capture);
        push_pawn_moves::<STAGE>(moves, east, steps.capture_east, MoveKind::Capture);
        // Promotions by a push are noisy.
        push_pawn_moves::<STAGE>(
            moves,
            single & Bitboard::BACK_RANKS,
            steps.push,
            MoveKind::Quiet,
        );
    }
    if quiets_ok {
        for to in single - Bitboard::BACK_RANKS {
            moves.push(Move::new(to.offset(-steps.push), to, MoveKind::Quiet));
        }
        for to in double {
            moves.push(Move::new(
                to.offset(-2 * steps.push),
                to,
                MoveKind::DoublePush,
            ));
        }
    }
    if !in_check {
        for from in pawns & checks.pinned {
            let along = line(checks.king, from);
            let one = shift(Bitboard::from_square(from), steps.push) & empty & along;
            let two = shift(one & third_rank, steps.push) & empty;
            let takes = pawn_attacks(us, from) & theirs & along;
            if captures_ok {
                for to in takes {
                    if Bitboard::BACK_RANKS.contains(to) {
                        for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                            moves.push(Move::new(from, to, MoveKind::promotion(role, true)));
                        }
                    } else {
                        moves.push(Move::new(from, to, MoveKind::Capture));
                    }
                }
                for to in one & Bitboard::BACK_RANKS {
                    for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                        moves.push(Move::new(from, to, MoveKind::promotion(role, false)));
                    }
                }
            }
            if quiets_ok {
                push_all(moves, from, one - Bitboard::BACK_RANKS, MoveKind::Quiet);
                push_all(moves, from, two, MoveKind::DoublePush);
            }
        }
    }
    if captures_ok {
        moves.extend(en_passant_moves(position, &checks).into_iter().flatten());
    }
    if quiets_ok {
        moves.extend(castling_moves(position, &checks).into_iter().flatten());
    }
}

impl Position {
    /// Appends the legal moves of `stage` to `moves`.
    pub fn generate(&self, stage: Stage, moves: &mut MoveList<Move>) {
        match stage {
            Stage::All => generate_stage::<ALL>(self, moves),
            Stage::Noisy => generate_stage::<NOISY>(self, moves),
            Stage::Quiet => generate_stage::<QUIET>(self, moves),
        }
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        generate_stage::<ALL>(self, &mut moves);
        moves
    }

    /// Whether `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The number of legal moves, counted as bits without listing them.
    #[must_use]
    #[inline]
    pub fn count_legal(&self) -> u64 {
        // popcnt at run time in builds that do not target it (a dependent crate).
        let position = self;
        ply_core::multiversion!(
            "popcnt",
            ply_core::cpu::has_popcnt(),
            |position: &Position| -> u64 { count_legal(position) }
        )
    }
}

#[inline(always)]
fn promotion_weighted(targets: Bitboard) -> u64 {
    u64::from((targets - Bitboard::BACK_RANKS).count())
        + 4 * u64::from((targets & Bitboard::BACK_RANKS).count())
}

#[inline(always)]
fn count_legal(position: &Position) -> u64 {
    let checks = Checks::of(position);
    let us = position.turn();
    let them = us.opponent();
    let ours = position.color(us);
    let theirs = position.color(them);
    let occupied = ours | theirs;
    let empty = !occupied;

    let mut count = u64::from(king_destinations(position, &checks, !ours).count());
    if checks.checkers.has_several() {
        return count;
    }
    let targets = !ours & checks.target_mask;
    let in_check = checks.checkers.any();

    for from in position.pieces(us, Role::Knight) - checks.pinned {
        count += u64::from((knight_attacks(from) & targets).count());
    }
    for from in position.diagonal_sliders(us) - checks.pinned {
        count += u64::from((bishop_attacks(from, occupied) & targets).count());
    }
    for from in position.straight_sliders(us) - checks.pinned {
        count += u64::from((rook_attacks(from, occupied) & targets).count());
    }

    let steps = pawn_steps(us);
    let pawns = position.pieces(us, Role::Pawn);
    let free = pawns - checks.pinned;
    let third_rank = if us == Color::White {
        Bitboard::RANK_1 << 16
    } else {
        Bitboard::RANK_8 >> 16
    };
    let mask = checks.target_mask;
    let single = shift(free, steps.push) & empty;
    let double = shift(single & third_rank, steps.push) & empty & mask;
    let west = shift(free - Bitboard::FILE_A, steps.capture_west) & theirs & mask;
    let east = shift(free - Bitboard::FILE_H, steps.capture_east) & theirs & mask;
    count += promotion_weighted(single & mask) + u64::from(double.count());
    count += promotion_weighted(west) + promotion_weighted(east);

    if !in_check && checks.pinned.any() {
        for from in (position.diagonal_sliders(us) | position.straight_sliders(us)) & checks.pinned
        {
            let along = line(checks.king, from);
            let mut attacks = Bitboard::EMPTY;
            if position.diagonal_sliders(us).contains(from) {
                attacks |= bishop_attacks(from, occupied);
            }
            if position.straight_sliders(us).contains(from) {
                attacks |= rook_attacks(from, occupied);
            }
            count += u64::from((attacks & along & !ours).count());
        }
        for from in pawns & checks.pinned {
            let along = line(checks.king, from);
            let one = shift(Bitboard::from_square(from), steps.push) & empty & along;
            let two = shift(one & third_rank, steps.push) & empty;
            let takes = pawn_attacks(us, from) & theirs & along;
            count += promotion_weighted(one) + promotion_weighted(takes) + u64::from(two.count());
        }
    }
    if position.en_passant().is_some() {
        count += en_passant_moves(position, &checks).iter().flatten().count() as u64;
    }
    if !in_check && position.castling_rights().bits() != 0 {
        count += castling_moves(position, &checks).iter().flatten().count() as u64;
    }
    count
}
