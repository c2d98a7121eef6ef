//! The rules of Othello as ply's [`Game`]: the start, moves, passes, the end
//! when neither side can move, the position string.

use crate::movegen::MoveGenerator;
use crate::moves::Move;
use crate::notation::{MoveError, PositionError};
use crate::position::{Position, ZOBRIST, hash_board};
use crate::types::Square;
use ply_core::{Game, MoveList, MoveNames, Outcome, Side};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

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
    fn play_unchecked(&self, mv: Move) -> Self {
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
