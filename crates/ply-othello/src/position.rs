//! The Othello position: two bitboards (the side to move's discs and the
//! other side's), who is to move, and the rules on top of a [`MoveGenerator`].

use crate::generators::{BitboardGenerator, MoveGenerator};
use crate::moves::Move;
use crate::square::Square;
use ply_core::{Game, MoveList, MoveNames, Outcome, Side};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// The four centre squares d4, e4, d5, e5: occupied from the start, never emptied.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// An Othello position. Black ([`Side::First`]) moves first.
///
/// `G` is the move generator; it changes nothing but speed. Positions are small
/// and `Copy`: [`Game::play`] returns a new one.
pub struct Position<G: MoveGenerator = BitboardGenerator> {
    /// Discs of the side to move.
    player: u64,
    /// Discs of the other side.
    opponent: u64,
    side: Side,
    generator: PhantomData<G>,
}

impl<G: MoveGenerator> Clone for Position<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: MoveGenerator> Copy for Position<G> {}

impl<G: MoveGenerator> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        (self.player, self.opponent, self.side) == (other.player, other.opponent, other.side)
    }
}

impl<G: MoveGenerator> Eq for Position<G> {}

impl<G: MoveGenerator> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?}, {})", self.position_string(), G::NAME)
    }
}

impl<G: MoveGenerator> Position<G> {
    /// The position with `black` and `white` discs and `side` to move, checked
    /// like a position string.
    ///
    /// # Errors
    /// [`PositionError`] if the discs overlap or could not arise in a game.
    pub fn from_discs(black: u64, white: u64, side: Side) -> Result<Self, PositionError> {
        if black & white != 0 {
            return Err(PositionError::Overlap(
                Square::in_bitboard(black & white).next().unwrap(),
            ));
        }
        let (player, opponent) = match side {
            Side::First => (black, white),
            Side::Second => (white, black),
        };
        let position = Position {
            player,
            opponent,
            side,
            generator: PhantomData,
        };
        position.check_reachable()?;
        Ok(position)
    }

    /// Discs are placed next to discs and never removed, so the centre is full
    /// and every disc is connected to it.
    fn check_reachable(&self) -> Result<(), PositionError> {
        let occupied = self.player | self.opponent;
        if let Some(empty) = Square::in_bitboard(CENTRE & !occupied).next() {
            return Err(PositionError::EmptyCentre(empty));
        }
        let mut connected = CENTRE;
        loop {
            let grown = (connected | neighbours(connected)) & occupied;
            if grown == connected {
                break;
            }
            connected = grown;
        }
        match Square::in_bitboard(occupied & !connected).next() {
            Some(square) => Err(PositionError::Disconnected(square)),
            None => Ok(()),
        }
    }

    /// The same position with another move generator.
    #[must_use]
    pub fn with_generator<H: MoveGenerator>(self) -> Position<H> {
        Position {
            player: self.player,
            opponent: self.opponent,
            side: self.side,
            generator: PhantomData,
        }
    }

    /// Black's discs.
    #[must_use]
    pub fn black(&self) -> u64 {
        match self.side {
            Side::First => self.player,
            Side::Second => self.opponent,
        }
    }

    /// White's discs.
    #[must_use]
    pub fn white(&self) -> u64 {
        match self.side {
            Side::First => self.opponent,
            Side::Second => self.player,
        }
    }

    /// Discs of the side to move.
    #[must_use]
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[must_use]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// Empty squares.
    #[must_use]
    pub fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The squares the side to move can play (a pass is not in it).
    #[must_use]
    pub fn move_squares(&self) -> u64 {
        G::moves(self.player, self.opponent)
    }

    /// The discs `square` would flip for the side to move (0 if not legal).
    #[must_use]
    pub fn flips(&self, square: Square) -> u64 {
        if self.empty() & square.bit() == 0 {
            return 0;
        }
        G::flips(self.player, self.opponent, square)
    }

    /// Whether the side to move must pass: no move, while the opponent has one.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.move_squares() == 0 && G::moves(self.opponent, self.player) != 0
    }

    /// Whether neither side can move.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.move_squares() == 0 && G::moves(self.opponent, self.player) == 0
    }

    /// The disc difference for the side to move as the game would be scored if it
    /// ended now: empty squares go to the side with more discs.
    #[must_use]
    pub fn final_score(&self) -> i32 {
        let mine = self.player.count_ones() as i32;
        let theirs = self.opponent.count_ones() as i32;
        let empties = 64 - mine - theirs;
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => mine - theirs + empties,
            std::cmp::Ordering::Less => mine - theirs - empties,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// The discs of (Black, White) as a game ending here is scored: the empty
    /// squares go to the side with more discs.
    #[must_use]
    pub fn final_disc_counts(&self) -> (u32, u32) {
        let black = self.black().count_ones();
        let white = self.white().count_ones();
        let empty = 64 - black - white;
        match black.cmp(&white) {
            std::cmp::Ordering::Greater => (black + empty, white),
            std::cmp::Ordering::Less => (black, white + empty),
            std::cmp::Ordering::Equal => (black, white),
        }
    }

    /// The position after placing a disc on `square` (a legal move) or passing.
    #[inline]
    fn after(&self, mv: Move) -> Self {
        match mv.square() {
            None => Position {
                player: self.opponent,
                opponent: self.player,
                side: self.side.opponent(),
                generator: PhantomData,
            },
            Some(square) => {
                let flipped = G::flips(self.player, self.opponent, square);
                debug_assert!(flipped != 0, "{mv} is not legal in {self:?}");
                Position {
                    player: self.opponent ^ flipped,
                    opponent: self.player | flipped | square.bit(),
                    side: self.side.opponent(),
                    generator: PhantomData,
                }
            }
        }
    }
}

/// The squares next to any square of `board`.
fn neighbours(board: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let sideways = ((board << 1) & NOT_A) | ((board >> 1) & NOT_H) | board;
    sideways | (sideways << 8) | (sideways >> 8)
}

/// Zobrist keys by byte: for each colour and each of the 8 bytes of its
/// bitboard, a key per byte value (tabulation hashing), plus one for the side.
static ZOBRIST: [u64; 2 * 8 * 256 + 1] = ply_core::zobrist::key_table(0x07E1_1000);

fn hash_board(board: u64, colour: usize) -> u64 {
    board
        .to_le_bytes()
        .iter()
        .enumerate()
        .fold(0, |hash, (k, &byte)| {
            hash ^ ZOBRIST[(colour * 8 + k) * 256 + usize::from(byte)]
        })
}

/// A position string that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not 64 board characters, a space and a side.
    #[error(
        "expected 64 board characters (a1..h1, a2..h2, ..., a8..h8), a space and X or O to move; got {0}"
    )]
    Shape(String),
    /// A board character other than X, O or -.
    #[error("'{character}' on {square} is not a disc: use X (black), O (white) or - (empty)")]
    BadCharacter {
        /// The character found.
        character: char,
        /// Where it was.
        square: Square,
    },
    /// A side to move other than X or O.
    #[error("'{0}' is not a side to move: use X (black) or O (white)")]
    BadSide(String),
    /// Black and white discs on one square (only from [`Position::from_discs`]).
    #[error("impossible position: {0} holds both a black and a white disc")]
    Overlap(Square),
    /// A centre square is empty.
    #[error("impossible position: the centre square {0} is empty (it is filled from the start)")]
    EmptyCentre(Square),
    /// A disc not connected to the centre.
    #[error("impossible position: the disc on {0} is cut off from the discs in the centre")]
    Disconnected(Square),
}

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a square name or `pass`.
    #[error("'{0}' is not a move: expected a square such as d3, or pass")]
    Malformed(String),
    /// A well-formed move that is not legal here.
    #[error("{played} is not legal here; legal moves: {legal}")]
    Illegal {
        /// The move as given.
        played: String,
        /// The legal moves (none when the game is over).
        legal: MoveNames,
    },
}

/// Why a game of Othello ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Neither side can place a disc; the discs are counted.
    NeitherSideCanMove,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::NeitherSideCanMove => "neither side can move",
        })
    }
}

impl<G: MoveGenerator> Game for Position<G> {
    type Move = Move;
    type PositionError = PositionError;
    type MoveError = MoveError;
    type EndReason = EndReason;

    const NAME: &'static str = "othello";

    /// The game is over: the disc count decides (100 per disc).
    fn no_moves_score(&self) -> ply_core::NoMoves {
        ply_core::NoMoves::Final(ply_core::search::Score(100 * self.final_score()))
    }

    fn start() -> Self {
        Position {
            player: Square::from_coords(4, 3).bit() | Square::from_coords(3, 4).bit(),
            opponent: Square::from_coords(3, 3).bit() | Square::from_coords(4, 4).bit(),
            side: Side::First,
            generator: PhantomData,
        }
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    #[inline]
    fn generate_moves(&self, moves: &mut MoveList<Move>) {
        let squares = self.move_squares();
        if squares != 0 {
            moves.extend(Square::in_bitboard(squares).map(Move::place));
        } else if G::moves(self.opponent, self.player) != 0 {
            moves.push(Move::PASS);
        }
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        let count = G::count_moves(self.player, self.opponent);
        if count != 0 {
            u64::from(count)
        } else {
            u64::from(G::moves(self.opponent, self.player) != 0)
        }
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        self.after(mv)
    }

    /// Every move: a disc placed stays on the board, and a pass answered by a
    /// pass ends the game, so no earlier position can come back.
    fn is_irreversible(&self, _: Move) -> bool {
        true
    }

    fn outcome(&self) -> Option<Outcome<EndReason>> {
        if !self.is_game_over() {
            return None;
        }
        let reason = EndReason::NeitherSideCanMove;
        Some(match self.final_score() {
            0 => Outcome::Draw { reason },
            s if s > 0 => Outcome::Win {
                winner: self.side,
                reason,
            },
            _ => Outcome::Win {
                winner: self.side.opponent(),
                reason,
            },
        })
    }

    fn hash(&self) -> u64 {
        let side_key = match self.side {
            Side::First => 0,
            Side::Second => ZOBRIST[2 * 8 * 256],
        };
        hash_board(self.black(), 0) ^ hash_board(self.white(), 1) ^ side_key
    }

    /// Reads `<64 characters a1..h8> <side>`: `X` (or `x`, `*`) black, `O` (or
    /// `o`, `0`) white, `-` (or `.`) empty; the side `X` or `O`. Spaces and line
    /// breaks inside the board are ignored.
    fn parse_position(text: &str) -> Result<Self, PositionError> {
        let text = text.trim();
        let (board, side) = text
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| PositionError::Shape(describe(text)))?;
        let cells: Vec<char> = board.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != 64 {
            return Err(PositionError::Shape(format!(
                "{} board characters",
                cells.len()
            )));
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (square, &character) in Square::all().zip(&cells) {
            match character {
                'X' | 'x' | '*' => black |= square.bit(),
                'O' | 'o' | '0' => white |= square.bit(),
                '-' | '.' => {}
                _ => return Err(PositionError::BadCharacter { character, square }),
            }
        }
        let side = match side {
            "X" | "x" | "*" => Side::First,
            "O" | "o" | "0" => Side::Second,
            _ => return Err(PositionError::BadSide(side.to_owned())),
        };
        Self::from_discs(black, white, side)
    }

    fn position_string(&self) -> String {
        let (black, white) = (self.black(), self.white());
        let mut text: String = Square::all()
            .map(|square| {
                if black & square.bit() != 0 {
                    'X'
                } else if white & square.bit() != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        text.push_str(match self.side {
            Side::First => " X",
            Side::Second => " O",
        });
        text
    }

    /// Reads `d3` (any case) or `pass` (also `PA`, `ps`, `@@`, as some programs write it).
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let mv: Move = text
            .parse()
            .map_err(|_| MoveError::Malformed(text.to_owned()))?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal {
                played: text.to_owned(),
                legal: self.legal_move_names(),
            })
        }
    }

    fn move_name(&self, mv: Move) -> String {
        mv.to_string()
    }
}

impl<G: MoveGenerator> Position<G> {
    /// The legal moves, space separated, or `none (the game is over)`.
    fn legal_move_names(&self) -> MoveNames {
        MoveNames(self.legal_moves().iter().map(Move::to_string).collect())
    }
}

/// A short description of what was given instead of a position, for errors.
fn describe(text: &str) -> String {
    if text.is_empty() {
        "nothing".to_owned()
    } else {
        format!("{} characters without a side to move", text.chars().count())
    }
}

impl<G: MoveGenerator> FromStr for Position<G> {
    type Err = PositionError;

    /// Reads a position string (see [`Game::parse_position`]).
    fn from_str(text: &str) -> Result<Self, PositionError> {
        Self::parse_position(text)
    }
}

impl<G: MoveGenerator> fmt::Display for Position<G> {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.position_string())
    }
}

#[cfg(test)]
mod tests;
