//! The attack-map board of seed 004 (H.G. Muller's Gigatron chess design).
//!
//! - A 10x12 mailbox (`A1` = 21) whose off-board squares are edge guards, so
//!   that every step of every piece from a board square lands in the array.
//! - Neighbour tables: for each occupied square (and each edge guard, towards
//!   the board) the nearest occupied square or guard in each of the 8
//!   directions. Each ray is a doubly-linked list: evacuating a square unlinks
//!   it from its 4 lines, occupying one links it in.
//! - Attack maps per side: slider attacks flagged by the direction they come
//!   from (bit `d`: the attacker is the neighbour in direction `d`), recorded
//!   on occupied squares and guards only; leaper attacks flagged by piece
//!   (knights, king) or by pawn capture direction, valid on every square.
//!   Both are updated incrementally in make/unmake: a piece's own attacks are
//!   toggled off and on, and the slider attacks through a square are passed
//!   on when it empties and cut when it fills.
//! - Piece lists in decreasing value with the seed's slots for promotions
//!   (see [`slots`](self) and the table there): doubly linked, so captured
//!   pieces leave and re-enter in O(1).
//! - Captures generated victim-first straight from the maps in MVV/LVA order
//!   (leapers before sliders, sliders sorted through an attackers set),
//!   stopping at the first futile victim; non-captures the mailbox way.
//! - Static exchange evaluation from the same maps, X-rays through the
//!   neighbour tables.
//!
//! In debug builds and with the `check-maps` feature, every make and unmake
//! compares the incremental neighbour tables and maps with ones computed from
//! scratch (the seed's own plan), and panics on a difference.
//!
//! Deviations from the seed, each for full chess rules or for a host that is
//! not a Gigatron: 8 promotion slots of each kind instead of 3 and 2 (so the
//! sets are 16/32 bits, not 8); the neighbour table stored square-major, so
//! a square's 8 neighbours move as one word; the neighbours of an evacuated
//! square are kept in the undo record rather than left on the square (a
//! deeper move may land there and overwrite them); and a legal generator,
//! which the seed (a pseudo-legal engine) did not need: checks and pins are
//! read off the maps and the neighbour tables.

mod engine;
mod make;
mod movegen;
mod scratch;
mod see;
pub(crate) mod slots;

pub use make::Undo;
pub use movegen::VictimWalk;

use crate::board::Board;
use crate::fen::PositionError;
use crate::position::Position;
use crate::state::GameState;
use crate::types::{Color, Piece, Role, Square};
use slots::{
    BISHOPS, CODES, DUMMY, KING, KNIGHTS, PAWNS, PRE_PROMOTED, QUEEN, QUEEN_SLOTS, ROOKS, SPARE,
    UNDER_SLOTS, code, end,
};

/// Squares of the 10x12 mailbox.
pub(super) const SQUARES: usize = 120;
/// The mailbox square of a1.
const A1: usize = 21;
/// `board[]` of an empty square.
pub(super) const EMPTY: u8 = 0xFE;
/// `board[]` of an edge guard.
pub(super) const GUARD: u8 = 0xFF;

/// Mailbox steps of the 8 directions: east, north, west, south, then
/// north-east, north-west, south-west, south-east (orthogonal in the low
/// four bits, diagonal in the high four, as the seed suggests). The opposite
/// of direction `d` is `d ^ 2`.
pub(super) const STEP: [isize; 8] = [1, 10, -1, -10, 11, 9, -11, -9];
/// Knight jumps.
pub(super) const KNIGHT_STEPS: [isize; 8] = [21, 19, 12, 8, -8, -12, -19, -21];
/// Pawn capture steps by colour; leaper-set bit `i` is a pawn capturing by
/// `PAWN_CAPTURES[colour][i]`.
pub(super) const PAWN_CAPTURES: [[isize; 2]; 2] = [[9, 11], [-11, -9]];
/// Pawn pushes by colour.
pub(super) const PAWN_PUSH: [isize; 2] = [10, -10];

/// The mailbox square of each board square.
pub(super) const TO_MAILBOX: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = (A1 + 10 * (sq / 8) + sq % 8) as u8;
        sq += 1;
    }
    table
};

/// The board square of each mailbox square (64 off the board).
pub(super) const TO_SQUARE: [u8; SQUARES] = {
    let mut table = [64u8; SQUARES];
    let mut sq = 0;
    while sq < 64 {
        table[TO_MAILBOX[sq] as usize] = sq as u8;
        sq += 1;
    }
    table
};

/// The mailbox square `step` away from `sq` (callers stay within the array,
/// which the guards guarantee for every step from a board square).
#[inline(always)]
pub(super) const fn offset(sq: usize, step: isize) -> usize {
    sq.wrapping_add_signed(step)
}

/// The board square of a mailbox square on the board.
#[inline(always)]
pub(super) fn square(sq: usize) -> Square {
    Square::new(TO_SQUARE[sq])
}

/// The rank (0..8) of a mailbox square on the board.
#[inline(always)]
pub(super) const fn rank(sq: usize) -> usize {
    (sq - A1) / 10
}

/// Whether a piece of `role` slides in direction `d`.
#[inline(always)]
pub(super) const fn slides(role: u8, d: usize) -> bool {
    match role {
        2 => d >= 4,
        3 => d < 4,
        4 => true,
        _ => false,
    }
}

/// Why a position cannot be set up on the attack-map board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttackBoardError {
    /// The FEN could not be read.
    #[error(transparent)]
    Fen(#[from] PositionError),
    /// More promoted pieces than missing pawns: no game reaches the position,
    /// and the piece-list slots only cover positions games reach.
    #[error("{0} has more promoted pieces than missing pawns, which no game can reach")]
    TooManyPromoted(&'static str),
}

/// A chess position on the attack-map board: the [`Board`] over
/// [`AttackMaps`].
pub type AttackBoard = Board<AttackMaps>;

/// The attack-map board: a mailbox with neighbour tables, attack maps and
/// piece slots, beside the [`GameState`] (see [`AttackBoard`]).
#[derive(Clone, PartialEq, Eq)]
pub struct AttackMaps {
    /// Piece code on each mailbox square, `EMPTY` or `GUARD`.
    pub(super) board: [u8; SQUARES],
    /// `neighbor[sq][d]`: the nearest occupied square or guard from `sq` in
    /// direction `d`, for occupied squares and guards (0 elsewhere).
    pub(super) neighbor: [[u8; 8]; SQUARES],
    /// Slider attacks by colour, bit `d` when the neighbour in direction `d`
    /// is a slider of that colour moving this way (occupied squares and guards).
    pub(super) slider_attacks: [[u8; SQUARES]; 2],
    /// Leaper attacks by colour: pawn directions and leaper slots (every square).
    pub(super) leaper_attacks: [[u16; SQUARES]; 2],
    /// Mailbox square of each piece code (0 when not on the board).
    pub(super) location: [u8; CODES],
    /// Role index of each piece code.
    pub(super) kind: [u8; CODES],
    /// Piece-list links (and the free lists of spare slots through `next`).
    pub(super) next: [u8; CODES],
    pub(super) prev: [u8; CODES],
    /// Head of each side's free list of promotion-queen slots (`qSlots`).
    pub(super) queen_slots: [u8; 2],
    /// Head of each side's free list of under-promotion slots (`nSlots`).
    pub(super) under_slots: [u8; 2],
    /// Side to move, castling, en passant, counters and hash.
    pub(super) state: GameState,
}

/// The role a slot holds when no piece is in it (keeps unused slots canonical).
const fn resting_kind(slot: u8) -> u8 {
    match slot {
        KING => Role::King as u8,
        QUEEN..ROOKS => Role::Queen as u8,
        ROOKS..UNDER_SLOTS => Role::Rook as u8,
        BISHOPS..KNIGHTS => Role::Bishop as u8,
        UNDER_SLOTS..BISHOPS | KNIGHTS..PRE_PROMOTED => Role::Knight as u8,
        _ => Role::Pawn as u8,
    }
}

impl AttackBoard {
    /// The standard start position.
    #[must_use]
    pub fn start() -> AttackBoard {
        AttackBoard::from_position(&Position::start()).expect("the start position fits")
    }

    /// Reads a FEN (validated as [`Position::from_fen`] does).
    ///
    /// # Errors
    /// [`AttackBoardError`] when the text is malformed, the position
    /// impossible, or not reachable in a game.
    pub fn from_fen(fen: &str) -> Result<AttackBoard, AttackBoardError> {
        AttackBoard::from_position(&Position::from_fen(fen)?)
    }

    /// The same position on the attack-map board: pieces in their slots,
    /// neighbour tables and attack maps computed from scratch.
    ///
    /// # Errors
    /// [`AttackBoardError::TooManyPromoted`] when a side has more pieces of a
    /// kind than its missing pawns can have promoted to.
    pub fn from_position(position: &Position) -> Result<AttackBoard, AttackBoardError> {
        let mut board = Board(AttackMaps {
            board: [GUARD; SQUARES],
            neighbor: [[0; 8]; SQUARES],
            slider_attacks: [[0; SQUARES]; 2],
            leaper_attacks: [[0; SQUARES]; 2],
            location: [0; CODES],
            kind: [0; CODES],
            next: [0; CODES],
            prev: [0; CODES],
            queen_slots: [end(0), end(1)],
            under_slots: [end(0), end(1)],
            state: position.state,
        });
        for &sq in &TO_MAILBOX {
            board.board[usize::from(sq)] = EMPTY;
        }
        for c in 0..CODES - 2 {
            board.kind[c] = resting_kind(slots::slot(c as u8));
        }
        for color in Color::ALL {
            board.set_up_side(position, color)?;
        }
        board.neighbor = board.scratch_neighbors();
        board.slider_attacks = board.scratch_slider_attacks();
        board.leaper_attacks = board.scratch_leaper_attacks();
        board.check_consistency();
        Ok(board)
    }

    /// Puts `color`'s pieces in their slots and links its list and free lists.
    fn set_up_side(&mut self, position: &Position, color: Color) -> Result<(), AttackBoardError> {
        let c = color.index();
        let count = |role| position.pieces(color, role).count() as usize;
        let extras = count(Role::Queen).saturating_sub(1)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Bishop).saturating_sub(2)
            + count(Role::Knight).saturating_sub(2);
        if extras + count(Role::Pawn) > SPARE as usize {
            return Err(AttackBoardError::TooManyPromoted(color.name()));
        }
        let mut queen_spares = QUEEN_SLOTS..QUEEN_SLOTS + SPARE;
        let mut under_spares = UNDER_SLOTS..UNDER_SLOTS + SPARE;
        let mut promoted_queens = Vec::new();
        let mut promoted_others = Vec::new();
        let mut pieces = Vec::new();
        let mut pawns = Vec::new();
        let place = |board: &mut AttackBoard, slot: u8, role: Role, sq: Square| {
            let code = code(slot, c);
            let mailbox = TO_MAILBOX[sq.index()];
            board.board[usize::from(mailbox)] = code;
            board.location[usize::from(code)] = mailbox;
            board.kind[usize::from(code)] = role as u8;
            code
        };
        pieces.push(place(self, KING, Role::King, position.king(color)));
        for (i, sq) in position.pieces(color, Role::Queen).into_iter().enumerate() {
            if i == 0 {
                pieces.push(place(self, QUEEN, Role::Queen, sq));
            } else {
                let slot = queen_spares.next().expect("checked: enough spare slots");
                promoted_queens.push(place(self, slot, Role::Queen, sq));
            }
        }
        for (role, home) in [
            (Role::Rook, ROOKS),
            (Role::Bishop, BISHOPS),
            (Role::Knight, KNIGHTS),
        ] {
            for (i, sq) in position.pieces(color, role).into_iter().enumerate() {
                if i < 2 {
                    pieces.push(place(self, home + i as u8, role, sq));
                } else {
                    let slot = under_spares.next().expect("checked: enough spare slots");
                    promoted_others.push(place(self, slot, role, sq));
                }
            }
        }
        for (i, sq) in position.pieces(color, Role::Pawn).into_iter().enumerate() {
            let seventh = sq.rank().relative(color).index() == 6;
            let slot = if seventh { PRE_PROMOTED } else { PAWNS } + i as u8;
            pawns.push(place(self, slot, Role::Pawn, sq));
        }
        // The list: king, promotion queens, the pieces by value, under-promoted
        // pieces, the dummy, pre-promoted pawns, pawns.
        let mut list = vec![pieces[0]];
        list.extend(&promoted_queens);
        list.extend(&pieces[1..]);
        list.extend(&promoted_others);
        list.push(code(DUMMY, c));
        pawns.sort_unstable();
        list.extend(&pawns);
        list.push(end(c));
        for pair in list.windows(2) {
            self.next[usize::from(pair[0])] = pair[1];
            self.prev[usize::from(pair[1])] = pair[0];
        }
        // The free lists, lowest slot first.
        let maps = &mut self.0;
        for (head, spares) in [
            (&mut maps.queen_slots[c], queen_spares),
            (&mut maps.under_slots[c], under_spares),
        ] {
            let spares: Vec<u8> = spares.map(|slot| code(slot, c)).collect();
            *head = spares.first().copied().unwrap_or(end(c));
            for (i, &spare) in spares.iter().enumerate() {
                maps.next[usize::from(spare)] = spares.get(i + 1).copied().unwrap_or(end(c));
            }
        }
        Ok(())
    }

    /// The pieces of `color` in list order, from the king (the dummy left out).
    pub(super) fn list(&self, color: usize) -> impl Iterator<Item = u8> + '_ {
        let dummy = code(DUMMY, color);
        let mut at = code(KING, color);
        std::iter::from_fn(move || {
            if at == end(color) {
                return None;
            }
            let this = at;
            at = self.next[usize::from(at)];
            Some(this)
        })
        .filter(move |&c| c != dummy)
    }

    /// The same position as a [`Position`] (for FEN, notation and evaluation).
    #[must_use]
    pub fn to_position(&self) -> Position {
        let mut position = Position::empty();
        for c in 0..2 {
            for code in self.list(c) {
                position.put(
                    Piece::new(
                        Color::ALL[c],
                        Role::from_index(usize::from(self.kind[usize::from(code)])),
                    ),
                    square(usize::from(self.location[usize::from(code)])),
                );
            }
        }
        position.state = self.state;
        position
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        let code = self.board[usize::from(TO_MAILBOX[square.index()])];
        (code < EMPTY).then(|| {
            Piece::new(
                Color::ALL[usize::from(code & 1)],
                Role::from_index(usize::from(self.kind[usize::from(code)])),
            )
        })
    }

    /// The mailbox square of `color`'s king.
    #[inline(always)]
    pub(super) fn king_square(&self, color: usize) -> usize {
        usize::from(self.location[usize::from(code(KING, color))])
    }

    /// Whether the side to move is in check: a look at the opponent's maps on
    /// the king's square.
    #[must_use]
    #[inline]
    pub fn is_check(&self) -> bool {
        crate::game::ChessBoard::is_check(self)
    }

    /// Whether neither side has mating material (see
    /// [`Position::is_insufficient_material`]), from the piece lists.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        // Pawns follow the dummy: one look per side settles most positions.
        if (0..2).any(|c| self.next[usize::from(code(DUMMY, c))] != end(c)) {
            return false;
        }
        let mut minors = 0;
        let mut knights = 0;
        let mut bishop_colors = [false; 2];
        for c in 0..2 {
            for code in self.list(c).skip(1) {
                let sq = usize::from(self.location[usize::from(code)]);
                match Role::from_index(usize::from(self.kind[usize::from(code)])) {
                    Role::Knight => {
                        minors += 1;
                        knights += 1;
                    }
                    Role::Bishop => {
                        minors += 1;
                        let s = TO_SQUARE[sq];
                        bishop_colors[usize::from((s ^ (s >> 3)) & 1)] = true;
                    }
                    _ => return false,
                }
            }
        }
        minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
    }

    /// Whether `color` has a piece other than pawns and the king.
    pub(super) fn has_pieces(&self, color: usize) -> bool {
        let first = self.next[usize::from(code(KING, color))];
        first != code(DUMMY, color)
    }

    /// Panics when the incremental tables differ from tables computed from
    /// scratch (debug builds and the `check-maps` feature only).
    #[inline(always)]
    pub(super) fn check_consistency(&self) {
        #[cfg(any(debug_assertions, feature = "check-maps"))]
        if let Err(difference) = self.verify() {
            panic!("attack-map board out of step: {difference}\n{self:?}");
        }
    }
}

impl std::fmt::Debug for AttackBoard {
    /// The placement read straight off `board[]` (so that it shows even a
    /// board whose lists are broken), and the side to move.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut placement = String::new();
        for rank in (0..8).rev() {
            for file in 0..8 {
                let code = self.board[usize::from(TO_MAILBOX[rank * 8 + file])];
                placement.push(if code >= EMPTY {
                    '.'
                } else {
                    let piece = Piece::new(
                        Color::ALL[usize::from(code & 1)],
                        Role::from_index(usize::from(self.kind[usize::from(code)] % 6)),
                    );
                    piece.fen_char()
                });
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        write!(f, "AttackBoard({placement} {})", self.state.side.fen_char())
    }
}

#[cfg(test)]
mod tests;
