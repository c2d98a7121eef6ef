//! The seed's move generator: legal moves found by shifting whole boards, one
//! set per direction, jumps first because they are mandatory.
//!
//! [`MoveSets`] holds, for each of the four directions, the set of pieces that
//! can move (or jump) that way — the seed's four move sets. They stay sets until
//! moves are needed one by one: counting the moves of a position without jumps
//! is four popcounts. Jumps are expanded piece by piece into one move per
//! distinct path, following each multi-jump while another jump is possible.
//!
//! A man's jumps all go forward, so they never meet the pieces it has already
//! taken or the square it left (both lie behind it): whether it can jump on
//! from a square depends on the board alone. Its paths are therefore counted a
//! whole set at a time ([`count`]) and only expanded one by one when listed.
//! A king can turn back, so its paths are followed square by square, with the
//! pieces taken so far.

use crate::board::{Board, CROWNING_ROW, SHIFTS};
use crate::moves::{MAX_JUMPS, Move};
use crate::types::{LANDING, STEP};
use ply_core::MoveList;

/// The pieces that can move in each direction, in [`crate::Direction::ALL`]
/// order, and whether those moves are jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSets {
    /// Per direction, the side to move's pieces that can go that way.
    pub sets: [u32; 4],
    /// Whether the moves are jumps (and then every jump is in the sets).
    pub jumps: bool,
}

impl MoveSets {
    /// Pieces with at least one move.
    #[must_use]
    pub const fn movers(&self) -> u32 {
        self.sets[0] | self.sets[1] | self.sets[2] | self.sets[3]
    }

    /// Whether there is no move at all.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.movers() == 0
    }
}

/// The squares from which a piece could jump in direction `d`: an opponent's
/// piece next to it that way and an empty square beyond.
#[inline(always)]
const fn jump_squares(d: usize, theirs: u32, empty: u32) -> u32 {
    SHIFTS[d].sources(theirs) & SHIFTS[d].jump_sources(empty)
}

/// Per direction, the pieces of the side to move that can jump that way.
#[inline(always)]
#[must_use]
pub const fn jump_sets(board: &Board) -> [u32; 4] {
    let empty = board.empty();
    let kings = board.mine & board.kings;
    let theirs = board.theirs;
    [
        board.mine & jump_squares(0, theirs, empty),
        board.mine & jump_squares(1, theirs, empty),
        kings & jump_squares(2, theirs, empty),
        kings & jump_squares(3, theirs, empty),
    ]
}

/// Per direction, the pieces of the side to move that can step that way.
#[inline(always)]
#[must_use]
pub const fn step_sets(board: &Board) -> [u32; 4] {
    let empty = board.empty();
    let kings = board.mine & board.kings;
    [
        board.mine & SHIFTS[0].sources(empty),
        board.mine & SHIFTS[1].sources(empty),
        kings & SHIFTS[2].sources(empty),
        kings & SHIFTS[3].sources(empty),
    ]
}

/// The move sets of the side to move: the jumps if there is any, else the steps.
#[inline(always)]
#[must_use]
pub const fn move_sets(board: &Board) -> MoveSets {
    let jumps = jump_sets(board);
    if jumps[0] | jumps[1] | jumps[2] | jumps[3] != 0 {
        MoveSets {
            sets: jumps,
            jumps: true,
        }
    } else {
        MoveSets {
            sets: step_sets(board),
            jumps: false,
        }
    }
}

/// The number of legal moves: popcounts of the step sets, or the jump paths.
#[inline(always)]
#[must_use]
pub fn count(board: &Board) -> u64 {
    let empty = board.empty();
    let (mine, theirs) = (board.mine, board.theirs);
    let kings = mine & board.kings;
    let forward = [
        jump_squares(0, theirs, empty),
        jump_squares(1, theirs, empty),
    ];
    let mut jumpers = mine & (forward[0] | forward[1]);
    // Kings are rare for much of a game: skip the backward sets without them.
    if kings != 0 {
        jumpers |= kings & (jump_squares(2, theirs, empty) | jump_squares(3, theirs, empty));
    }
    if jumpers != 0 {
        return count_jumps(board, forward);
    }
    let mut moves = (mine & SHIFTS[0].sources(empty)).count_ones()
        + (mine & SHIFTS[1].sources(empty)).count_ones();
    if kings != 0 {
        moves += (kings & SHIFTS[2].sources(empty)).count_ones()
            + (kings & SHIFTS[3].sources(empty)).count_ones();
    }
    u64::from(moves)
}

/// The number of capture paths, given the squares with a forward jump.
#[inline(always)]
fn count_jumps(board: &Board, forward: [u32; 2]) -> u64 {
    let men = board.mine & !board.kings;
    let landings = [
        SHIFTS[0].jump_targets(men & forward[0]),
        SHIFTS[1].jump_targets(men & forward[1]),
    ];
    // A man goes on jumping from a square with a forward jump. (There is none
    // from the crowning row: a crowned man's move ends there by itself.)
    let going_on = forward;
    let any_going_on = going_on[0] | going_on[1];
    let mut paths = u64::from(landings[0].count_ones() + landings[1].count_ones());
    if (landings[0] | landings[1]) & any_going_on != 0 {
        paths += longer_man_paths(landings, going_on);
    }
    let kings = board.mine & board.kings;
    if kings != 0 {
        paths += king_paths(board, kings);
    }
    paths
}

/// The paths of men that go on jumping after landing on `landings` (one set
/// per first direction), beyond the one already counted for each.
///
/// A man's first jump lands two rows down, its second four, its third six;
/// there is no forward jump from the last two rows, so a third jump ends the
/// move. A man that goes on after its second jump therefore makes one path per
/// direction it can go on in. Each set holds men that came by one sequence of
/// directions, so a square reached by two sequences counts twice, as it should.
#[inline(always)]
fn longer_man_paths(landings: [u32; 2], going_on: [u32; 2]) -> u64 {
    let any = going_on[0] | going_on[1];
    let mut counted = 0;
    let mut paths = 0;
    for set in landings {
        let more = set & any;
        counted += more.count_ones();
        for (d, going) in going_on.iter().enumerate() {
            let second = SHIFTS[d].jump_targets(more & going);
            debug_assert!(
                SHIFTS[0].jump_targets(second & going_on[0]) & any == 0
                    && SHIFTS[1].jump_targets(second & going_on[1]) & any == 0
            );
            paths += (second & !any).count_ones()
                + (second & going_on[0]).count_ones()
                + (second & going_on[1]).count_ones();
        }
    }
    u64::from(paths - counted)
}

/// The number of capture paths of the side to move's `kings`.
#[inline(never)]
fn king_paths(board: &Board, kings: u32) -> u64 {
    let empty = board.empty();
    let mut counter = Counter(0);
    for d in 0..4 {
        let mut set = kings & jump_squares(d, board.theirs, empty);
        while set != 0 {
            let from = set.trailing_zeros();
            set &= set - 1;
            first_king_jump(board, from, d, &mut counter);
        }
    }
    counter.0
}

/// Appends every legal move to `moves`, direction by direction as the seed
/// keeps them; `white` is the colour of the side to move.
///
/// # Panics
/// If the moves overflow the list, which cannot happen with at most 12 pieces
/// a side: a king has at most 16 capture paths, a man fewer.
#[inline(always)]
pub fn generate(board: &Board, white: bool, moves: &mut MoveList<Move>) {
    let jumps = jump_sets(board);
    if jumps[0] | jumps[1] | jumps[2] | jumps[3] != 0 {
        generate_jumps(board, &jumps, &mut Collector { moves, white });
        return;
    }
    let steps = step_sets(board);
    let directions = if board.mine & board.kings != 0 { 4 } else { 2 };
    for (direction, &set) in steps.iter().enumerate().take(directions) {
        let mut from_set = set;
        // A shift keeps the order of squares: the n-th piece goes to the n-th target.
        let mut to_set = SHIFTS[direction].targets(set);
        while from_set != 0 {
            let from = from_set.trailing_zeros();
            let to = to_set.trailing_zeros();
            from_set &= from_set - 1;
            to_set &= to_set - 1;
            moves.push(Move::step(from, to, white));
        }
    }
}

/// Where finished jump paths go: counted, or made into moves.
trait Sink {
    /// A complete capture from `from` to `to`, taking `captured`, with `jumps`
    /// jump directions in `path`.
    fn found(&mut self, from: u32, to: u32, captured: u32, path: u32, jumps: u32);
}

/// Counts capture paths.
struct Counter(u64);

impl Sink for Counter {
    #[inline(always)]
    fn found(&mut self, _: u32, _: u32, _: u32, _: u32, _: u32) {
        self.0 += 1;
    }
}

/// Makes capture paths into moves.
struct Collector<'a> {
    moves: &'a mut MoveList<Move>,
    white: bool,
}

impl Collector<'_> {
    /// A capture of one piece, `over`, from `from` to `to`.
    #[inline(always)]
    fn single_jump(&mut self, from: u32, over: u32, to: u32, direction: u32) {
        self.moves
            .push(Move::single_jump(from, over, to, direction, self.white));
    }
}

impl Sink for Collector<'_> {
    #[inline(always)]
    fn found(&mut self, from: u32, to: u32, captured: u32, path: u32, jumps: u32) {
        self.moves
            .push(Move::capture(from, to, captured, path, jumps, self.white));
    }
}

/// Expands the jump sets into one move per complete capture path.
fn generate_jumps(board: &Board, jumps: &[u32; 4], collector: &mut Collector<'_>) {
    let empty = board.empty();
    let going_on = jump_squares(0, board.theirs, empty) | jump_squares(1, board.theirs, empty);
    let men = board.mine & !board.kings;
    for (direction, &set) in jumps.iter().enumerate().take(2) {
        let shift = &SHIFTS[direction];
        let mut from_set = set & men;
        // Shifts keep the order of squares: the n-th man jumps over the n-th
        // piece to the n-th landing square.
        let mut over_set = shift.targets(from_set);
        let mut landing_set = shift.jump_targets(from_set);
        while from_set != 0 {
            let from = from_set.trailing_zeros();
            let over = over_set & over_set.wrapping_neg();
            let at = landing_set.trailing_zeros();
            from_set &= from_set - 1;
            over_set &= over_set - 1;
            landing_set &= landing_set - 1;
            if (1 << at) & going_on == 0 {
                collector.single_jump(from, over, at, direction as u32);
            } else {
                let jump = Jump {
                    from,
                    empty: empty | (1 << from),
                };
                let theirs = board.theirs & !over;
                jump.continue_jump::<_, 2>(collector, at, over, theirs, direction as u32, 1);
            }
        }
    }
    let kings = board.mine & board.kings;
    if kings != 0 {
        for (direction, &set) in jumps.iter().enumerate() {
            let mut set = set & kings;
            while set != 0 {
                let from = set.trailing_zeros();
                set &= set - 1;
                first_king_jump(board, from, direction, collector);
            }
        }
    }
}

/// Follows every path of the king on `from` starting with a jump in `direction`.
#[inline(always)]
fn first_king_jump<S: Sink>(board: &Board, from: u32, direction: usize, sink: &mut S) {
    let over = STEP[direction][from as usize];
    let landing = LANDING[direction][from as usize];
    let jump = Jump {
        from,
        // The king has left its square: it may pass it again, or end there.
        empty: board.empty() | (1 << from),
    };
    jump.continue_jump::<_, 4>(
        sink,
        landing.trailing_zeros(),
        over,
        board.theirs & !over,
        direction as u32,
        1,
    );
}

/// What stays fixed while one piece's jumps are followed.
struct Jump {
    /// The square the piece started from.
    from: u32,
    /// Squares it may land on: the empty ones and its own start square (the
    /// captured pieces stay on the board until the move ends, and a landing
    /// square is never one of theirs anyway).
    empty: u32,
}

impl Jump {
    /// A piece on `at` after `jumps` jumps, having taken `captured`, with
    /// `jumpable` still on the board to take: a man (`DIRECTIONS` = 2, the
    /// forward ones) or a king (4). Its move ends when no jump is left; a
    /// man's always on the crowning row, where it is crowned (there is no
    /// forward jump from there).
    fn continue_jump<S: Sink, const DIRECTIONS: usize>(
        &self,
        sink: &mut S,
        at: u32,
        captured: u32,
        jumpable: u32,
        path: u32,
        jumps: u32,
    ) {
        debug_assert!(jumps as usize <= MAX_JUMPS);
        debug_assert!(
            DIRECTIONS == 4
                || (1u32 << at) & CROWNING_ROW == 0
                || LANDING[0][at as usize] | LANDING[1][at as usize] == 0
        );
        let mut more = false;
        for direction in 0..DIRECTIONS {
            let over = STEP[direction][at as usize];
            let landing = LANDING[direction][at as usize];
            if over & jumpable != 0 && landing & self.empty != 0 {
                more = true;
                self.continue_jump::<S, DIRECTIONS>(
                    sink,
                    landing.trailing_zeros(),
                    captured | over,
                    jumpable & !over,
                    path | (direction as u32) << (2 * jumps),
                    jumps + 1,
                );
            }
        }
        if !more {
            sink.found(self.from, at, captured, path, jumps);
        }
    }
}
