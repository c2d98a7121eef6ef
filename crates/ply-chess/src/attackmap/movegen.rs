//! Move generation on the attack-map board.
//!
//! Captures come victim-first straight from the attack maps, as in the seed:
//! run through the opponent's piece list (decreasing value), look up the
//! leaper and slider attacks on each victim's square, extract the leapers
//! (pawns by direction, knights, king) and then the sliders, sorted least
//! valuable first through an attackers set. The list walk stops at the first
//! futile victim; the dummy splits it into pieces, then (after our promotions)
//! pawns. Non-captures are generated the mailbox way from our own list, with
//! the slider rays ending where the neighbour table says.
//!
//! Legality comes from the same structures: the opponent's maps on our
//! king's square give the checkers, the neighbour table and the maps give the
//! pins (our piece next to the king, attacked from behind along that line),
//! and king moves are tested on the maps (a mailbox scan for the slider
//! attacks on empty squares, which the maps do not record). En passant alone
//! is tested by playing it.

use super::slots::{
    DUMMY, KING, LEAPER_SLOT, PAWN_BITS, PAWNS, PRE_PROMOTED, code, end, first_futile_slot,
    slider_bit, slider_slot, slot,
};
use super::{
    AttackBoard, EMPTY, KNIGHT_STEPS, PAWN_CAPTURES, PAWN_PUSH, STEP, TO_MAILBOX, offset, rank,
    slides, square,
};
use crate::castling::castling_moves;
use crate::game::NoisyMoves;
use crate::movegen::{ALL, NOISY, QUIET, Stage};
use crate::moves::{Move, MoveKind};
use crate::sink::{Counter, Sink};
use crate::types::Role;
use ply_core::MoveList;
use ply_core::search::NoisyPurpose;

/// Checks and pins of the side to move, read off the maps.
struct Safety {
    king: usize,
    checks: u32,
    /// Mailbox squares a non-king move must reach (all when not in check).
    check_mask: u128,
    /// The squares behind the king on the lines of slider checks, where the
    /// king cannot go although no map shows an attack (it blocks it itself).
    shadows: [usize; 2],
    /// Our pinned pieces, by code.
    pinned: u128,
    /// (code, line, pinner's square) of each pinned piece; the line is the
    /// direction from the king with bit 1 cleared (0, 1, 4 or 5).
    pins: [(u8, u8, u8); 8],
    pin_count: usize,
}

impl Safety {
    #[inline(always)]
    fn pin(&self, code: u8) -> Option<(u8, u8)> {
        if self.pinned & (1 << code) == 0 {
            return None;
        }
        self.pins[..self.pin_count]
            .iter()
            .find(|p| p.0 == code)
            .map(|&(_, line, pinner)| (line, pinner))
    }

    #[inline(always)]
    fn allows(&self, sq: usize) -> bool {
        self.check_mask & (1 << sq) != 0
    }
}

/// The steps along a ray between two squares `delta` apart in the mailbox
/// (ray distances are at most 8 steps, so no two directions share a delta).
const RAY_STEPS: [u8; 89] = {
    let mut table = [0u8; 89];
    let mut d = 0;
    while d < 8 {
        let step = STEP[d].unsigned_abs();
        let mut n = 1;
        while n <= 8 {
            table[step * n] = n as u8;
            n += 1;
        }
        d += 1;
    }
    table
};

/// Whether a pawn reaching mailbox square `sq` promotes.
#[inline(always)]
fn last_rank(sq: usize) -> bool {
    matches!(rank(sq), 0 | 7)
}

impl AttackBoard {
    fn safety(&self) -> Safety {
        let us = self.state.side.index();
        let them = 1 - us;
        let king = self.king_square(us);
        let leaps = self.leaper_attacks[them][king];
        let slides = self.slider_attacks[them][king];
        let mut safety = Safety {
            king,
            checks: leaps.count_ones() + slides.count_ones(),
            check_mask: !0,
            shadows: [king; 2],
            pinned: 0,
            pins: [(0, 0, 0); 8],
            pin_count: 0,
        };
        if safety.checks == 1 {
            safety.check_mask = if leaps != 0 {
                let b = leaps.trailing_zeros() as usize;
                let checker = if b < 2 {
                    offset(king, -PAWN_CAPTURES[them][b])
                } else {
                    usize::from(self.location[usize::from(code(LEAPER_SLOT[b], them))])
                };
                1 << checker
            } else {
                let d = slides.trailing_zeros() as usize;
                let checker = usize::from(self.neighbor[king][d]);
                let mut mask = 0u128;
                let mut x = king;
                while x != checker {
                    x = offset(x, STEP[d]);
                    mask |= 1 << x;
                }
                mask
            };
        }
        let mut shadows = slides;
        let mut i = 0;
        while shadows != 0 {
            let d = shadows.trailing_zeros() as usize;
            shadows &= shadows - 1;
            safety.shadows[i] = offset(king, -STEP[d]);
            i += 1;
        }
        for d in 0..8 {
            let p = usize::from(self.neighbor[king][d]);
            let code = self.board[p];
            if code < EMPTY
                && usize::from(code & 1) == us
                && self.slider_attacks[them][p] & (1 << d) != 0
            {
                safety.pinned |= 1 << code;
                safety.pins[safety.pin_count] = (code, (d & !2) as u8, self.neighbor[p][d]);
                safety.pin_count += 1;
            }
        }
        safety
    }

    /// Whether a slider of `by` attacks the empty mailbox square `sq`, with
    /// `lifted` (our king about to move) taken as empty: a mailbox scan,
    /// since the maps only record attacks on occupied squares.
    #[inline]
    fn slider_attacks_empty(&self, sq: usize, by: usize, lifted: usize) -> bool {
        for (d, &step) in STEP.iter().enumerate() {
            let mut x = offset(sq, step);
            while self.board[x] == EMPTY || x == lifted {
                x = offset(x, step);
            }
            let code = self.board[x];
            if code < EMPTY
                && usize::from(code & 1) == by
                && slides(self.kind[usize::from(code)], d)
            {
                return true;
            }
        }
        false
    }

    /// Whether our king may capture on the occupied `sq`.
    #[inline(always)]
    fn king_may_take(&self, sq: usize, safety: &Safety) -> bool {
        let them = 1 - self.state.side.index();
        self.leaper_attacks[them][sq] == 0
            && self.slider_attacks[them][sq] == 0
            && !safety.shadows.contains(&sq)
    }

    /// Whether our piece `code` (not the king) may capture on `sq`: in check
    /// only the checker, and a pinned piece only its pinner.
    #[inline(always)]
    fn may_take(&self, code: u8, sq: usize, safety: &Safety) -> bool {
        if safety.checks > 1 || !safety.allows(sq) {
            return false;
        }
        match safety.pin(code) {
            None => true,
            Some((_, pinner)) => usize::from(pinner) == sq,
        }
    }

    /// Every capture of the victim `victim`: leapers first (pawns, knights,
    /// king), then the sliders least valuable first.
    #[inline(always)]
    fn captures_of<S: Sink>(&self, sink: &mut S, victim: u8, safety: &Safety, promotions: &[Role]) {
        let us = self.state.side.index();
        let to = usize::from(self.location[usize::from(victim)]);
        let to_square = square(to);
        let mut leaps = self.leaper_attacks[us][to];
        while leaps != 0 {
            let b = leaps.trailing_zeros() as usize;
            leaps &= leaps - 1;
            if b < 2 {
                // A pawn: the capture step leads back to it.
                let from = offset(to, -PAWN_CAPTURES[us][b]);
                let pawn = self.board[from];
                if self.may_take(pawn, to, safety) {
                    let from = square(from);
                    if last_rank(to) {
                        for &role in promotions {
                            sink.push(Move::new(from, to_square, MoveKind::promotion(role, true)));
                        }
                    } else {
                        sink.push(Move::new(from, to_square, MoveKind::Capture));
                    }
                }
            } else {
                let piece = code(LEAPER_SLOT[b], us);
                let from = usize::from(self.location[usize::from(piece)]);
                let legal = if slot(piece) == KING {
                    self.king_may_take(to, safety)
                } else {
                    self.may_take(piece, to, safety)
                };
                if legal {
                    sink.push(Move::new(square(from), to_square, MoveKind::Capture));
                }
            }
        }
        let mut slides = self.slider_attacks[us][to];
        if slides == 0 || safety.checks > 1 {
            return;
        }
        // Direction-wise attacks to an attackers set, extracted B, B, R, R, Q.
        let mut attackers = 0u32;
        while slides != 0 {
            let d = slides.trailing_zeros() as usize;
            slides &= slides - 1;
            let from = usize::from(self.neighbor[to][d]);
            attackers |= slider_bit(slot(self.board[from]));
        }
        while attackers != 0 {
            let piece = code(slider_slot(attackers.trailing_zeros()), us);
            attackers &= attackers - 1;
            if self.may_take(piece, to, safety) {
                let from = usize::from(self.location[usize::from(piece)]);
                sink.push(Move::new(square(from), to_square, MoveKind::Capture));
            }
        }
    }

    /// The promotions of our pre-promoted pawns, which follow our dummy.
    fn promotions<S: Sink>(&self, sink: &mut S, safety: &Safety, promotions: &[Role]) {
        let us = self.state.side.index();
        let mut pawn = self.next[usize::from(code(DUMMY, us))];
        while pawn != end(us) && slot(pawn) < PAWNS {
            let from = usize::from(self.location[usize::from(pawn)]);
            let to = offset(from, PAWN_PUSH[us]);
            let pinned_off_file = safety.pin(pawn).is_some_and(|(line, _)| line != 1);
            if self.board[to] == EMPTY && safety.allows(to) && !pinned_off_file {
                for &role in promotions {
                    sink.push(Move::new(
                        square(from),
                        square(to),
                        MoveKind::promotion(role, false),
                    ));
                }
            }
            pawn = self.next[usize::from(pawn)];
        }
    }

    /// En passant onto `target`: our pawns attacking it are in our leaper map
    /// (valid on empty squares); each capture is tested by playing it.
    fn en_passant_moves<S: Sink>(&self, sink: &mut S, target: usize) {
        let us = self.state.side.index();
        let mut pawns = self.leaper_attacks[us][target] & PAWN_BITS;
        while pawns != 0 {
            let b = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            let from = offset(target, -PAWN_CAPTURES[us][b]);
            let mv = Move::new(square(from), square(target), MoveKind::EnPassant);
            let mut after = self.clone();
            after.make(mv);
            let king = after.king_square(us);
            if after.leaper_attacks[1 - us][king] == 0 && after.slider_attacks[1 - us][king] == 0 {
                sink.push(mv);
            }
        }
    }

    /// The non-captures, the mailbox way: the king's steps, then each piece
    /// of our list, then castling.
    fn quiet_moves<S: Sink>(&self, sink: &mut S, safety: &Safety) {
        let us = self.state.side.index();
        let them = 1 - us;
        let king = safety.king;
        let king_square = square(king);
        for step in STEP {
            let to = offset(king, step);
            if self.board[to] == EMPTY
                && self.leaper_attacks[them][to] == 0
                && !self.slider_attacks_empty(to, them, king)
            {
                sink.push(Move::new(king_square, square(to), MoveKind::Quiet));
            }
        }
        if safety.checks > 1 {
            return;
        }
        let mut piece = self.next[usize::from(code(KING, us))];
        while piece != end(us) {
            let this = piece;
            piece = self.next[usize::from(piece)];
            if slot(this) >= DUMMY {
                continue;
            }
            let from = usize::from(self.location[usize::from(this)]);
            let from_square = square(from);
            let role = self.kind[usize::from(this)];
            let pin = safety.pin(this);
            match role {
                0 => {
                    // Pre-promoted pawns only promote (a noisy move).
                    if slot(this) < PAWNS || pin.is_some_and(|(line, _)| line != 1) {
                        continue;
                    }
                    let to = offset(from, PAWN_PUSH[us]);
                    if self.board[to] != EMPTY {
                        continue;
                    }
                    if safety.allows(to) {
                        sink.push(Move::new(from_square, square(to), MoveKind::Quiet));
                    }
                    let second = if us == 0 { 1 } else { 6 };
                    let two = offset(to, PAWN_PUSH[us]);
                    if rank(from) == second && self.board[two] == EMPTY && safety.allows(two) {
                        sink.push(Move::new(from_square, square(two), MoveKind::DoublePush));
                    }
                }
                1 => {
                    if pin.is_some() {
                        continue;
                    }
                    for step in KNIGHT_STEPS {
                        let to = offset(from, step);
                        if self.board[to] == EMPTY && safety.allows(to) {
                            sink.push(Move::new(from_square, square(to), MoveKind::Quiet));
                        }
                    }
                }
                _ => {
                    for (d, &step) in STEP.iter().enumerate() {
                        if !slides(role, d)
                            || pin.is_some_and(|(line, _)| usize::from(line) != d & !2)
                        {
                            continue;
                        }
                        // The ray ends at the neighbour: no need to look at the board,
                        // nor, when only counting, to walk it.
                        let stop = usize::from(self.neighbor[from][d]);
                        if S::COUNTING && safety.checks == 0 {
                            sink.add(u64::from(RAY_STEPS[stop.abs_diff(from)]) - 1);
                            continue;
                        }
                        let mut to = offset(from, step);
                        while to != stop {
                            if safety.allows(to) {
                                sink.push(Move::new(from_square, square(to), MoveKind::Quiet));
                            }
                            to = offset(to, step);
                        }
                    }
                }
            }
        }
        if safety.checks == 0 {
            self.castling_moves(sink, king);
        }
    }

    /// Castling (Chess960 rules, see [`crate::castling`]): the rights, the
    /// squares the king and rook cross and land on empty but for them, and no
    /// attack on the king's path with the castling rook lifted (the caller
    /// checked for check). The move is the king taking its rook.
    fn castling_moves<S: Sink>(&self, sink: &mut S, king: usize) {
        let us = self.state.side;
        let them = 1 - us.index();
        castling_moves(
            self.state.castling,
            us,
            square(king),
            |sq| self.board[usize::from(TO_MAILBOX[sq.index()])] == EMPTY,
            |sq, rook| {
                let sq = usize::from(TO_MAILBOX[sq.index()]);
                self.leaper_attacks[them][sq] == 0
                    && !self.slider_attacks_empty(sq, them, usize::from(TO_MAILBOX[rook.index()]))
            },
            |mv| sink.push(mv),
        );
    }

    fn generate_stage<S: Sink, const STAGE: u8>(&self, sink: &mut S, first_futile: u8) {
        let mut walk = VictimWalk::start(self, first_futile, &PROMOTIONS);
        if STAGE != QUIET {
            while walk.step(self, sink) {}
        }
        if STAGE != NOISY {
            self.quiet_moves(sink, &walk.safety);
        }
    }

    /// Appends the legal moves of `stage` to `moves`: noisy moves in the
    /// seed's order (victim first, MVV/LVA), then the quiet ones.
    pub fn generate(&self, stage: Stage, moves: &mut MoveList<Move>) {
        match stage {
            Stage::All => self.generate_stage::<_, ALL>(moves, DUMMY + 1),
            Stage::Noisy => self.generate_stage::<_, NOISY>(moves, DUMMY + 1),
            Stage::Quiet => self.generate_stage::<_, QUIET>(moves, DUMMY + 1),
        }
    }

    /// The staged captures and promotions of quiescence, with futility by
    /// victim: when the static evaluation is `gap` centipawns below alpha,
    /// victims whose value cannot make up the gap are not generated (the
    /// list walk stops at the first of them), nor under-promotions.
    pub fn generate_noisy_within(&self, gap: i32, moves: &mut MoveList<Move>) {
        let mut walk = VictimWalk::new(self, NoisyPurpose::Quiescence { gap });
        while walk.step(self, moves) {}
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        self.generate(Stage::All, &mut moves);
        moves
    }

    /// The number of legal moves (the generator with a counter for a list).
    #[must_use]
    pub fn count_legal(&self) -> u64 {
        let mut counter = Counter::default();
        self.generate_stage::<_, ALL>(&mut counter, DUMMY + 1);
        counter.0
    }
}

/// Every promotion, the queen first.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Rook, Role::Bishop];

/// Where a [`VictimWalk`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walk {
    /// Captures of the opponent's pieces (before its dummy), victim by victim.
    Pieces,
    /// Our pre-promoted pawns' promotions.
    Promotions,
    /// Captures of the opponent's pawns (after its dummy), victim by victim.
    Pawns,
    /// En passant.
    EnPassant,
    /// Nothing left.
    Done,
}

/// The attack-map board's noisy moves as the seed generates them for the
/// search: victim by victim down the opponent's piece list (most valuable
/// first), each victim's captures least valuable attacker first, one victim
/// per batch so that a cut-off leaves the rest ungenerated; our promotions
/// between the pieces and the pawns; futile victims (in quiescence, those
/// whose value cannot make up the gap to alpha) end the walk, and
/// quiescence leaves under-promotions out.
pub struct VictimWalk {
    safety: Safety,
    walk: Walk,
    /// The next victim's piece code.
    victim: u8,
    /// The first slot whose victims are futile.
    first_futile: u8,
    /// The promotions generated.
    promotions: &'static [Role],
}

impl VictimWalk {
    fn start(board: &AttackBoard, first_futile: u8, promotions: &'static [Role]) -> VictimWalk {
        let them = 1 - board.state.side.index();
        VictimWalk {
            safety: board.safety(),
            walk: Walk::Pieces,
            victim: board.next[usize::from(code(KING, them))],
            first_futile,
            promotions,
        }
    }

    /// Generates the next batch into `sink`; `false` once the walk is over.
    #[inline(always)]
    fn step<S: Sink>(&mut self, board: &AttackBoard, sink: &mut S) -> bool {
        let us = board.state.side.index();
        let them = 1 - us;
        loop {
            match self.walk {
                Walk::Pieces => {
                    let victim = self.victim;
                    if victim != code(DUMMY, them) && slot(victim) < self.first_futile {
                        board.captures_of(sink, victim, &self.safety, self.promotions);
                        self.victim = board.next[usize::from(victim)];
                        return true;
                    }
                    self.walk = Walk::Promotions;
                }
                Walk::Promotions => {
                    self.walk = if self.first_futile > PRE_PROMOTED {
                        Walk::Pawns
                    } else {
                        Walk::Done
                    };
                    self.victim = board.next[usize::from(code(DUMMY, them))];
                    if self.safety.checks < 2 {
                        board.promotions(sink, &self.safety, self.promotions);
                    }
                    return true;
                }
                Walk::Pawns => {
                    let victim = self.victim;
                    if victim != end(them) && slot(victim) < self.first_futile {
                        board.captures_of(sink, victim, &self.safety, self.promotions);
                        self.victim = board.next[usize::from(victim)];
                        return true;
                    }
                    self.walk = Walk::EnPassant;
                }
                Walk::EnPassant => {
                    self.walk = Walk::Done;
                    if self.first_futile > PAWNS
                        && let Some(target) = board.state.en_passant
                    {
                        board.en_passant_moves(sink, usize::from(TO_MAILBOX[target.index()]));
                        return true;
                    }
                }
                Walk::Done => return false,
            }
        }
    }
}

impl NoisyMoves<AttackBoard> for VictimWalk {
    fn new(board: &AttackBoard, purpose: NoisyPurpose) -> VictimWalk {
        match purpose {
            NoisyPurpose::Search => VictimWalk::start(board, DUMMY + 1, &PROMOTIONS),
            NoisyPurpose::Quiescence { gap } => {
                VictimWalk::start(board, first_futile_slot(gap), &PROMOTIONS[..1])
            }
        }
    }

    #[inline]
    fn next_batch(&mut self, board: &AttackBoard, moves: &mut MoveList<Move>) -> bool {
        self.step(board, moves)
    }
}
