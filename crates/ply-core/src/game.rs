//! The [`Game`] trait: what ply needs to know about a game to count, search and
//! talk about its positions.

use crate::movelist::MoveList;
use crate::score::Score;
use std::fmt;

/// One of the two players, named by turn order: [`Side::First`] moves first from
/// the start position (White in chess, Black in checkers and Othello).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side that moves first in the start position.
    First,
    /// The side that moves second in the start position.
    Second,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Self {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for [`Side::First`], 1 for [`Side::Second`]: an index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The result of a finished game; `R` is the game's own reason for the end
/// ([`Game::EndReason`]: checkmate, the forty-move rule, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome<R> {
    /// `winner` won the game.
    Win {
        /// The side that won.
        winner: Side,
        /// Why the game ended.
        reason: R,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: R,
    },
}

impl<R: Copy> Outcome<R> {
    /// Why the game ended.
    #[must_use]
    pub const fn reason(self) -> R {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// A two-player board game position, with copy-make moves.
///
/// Implementations are small `Copy`-like values: [`Game::play_unchecked`] returns the new
/// position and leaves `self` untouched, so searching needs no undo.
///
/// Contract relied on by perft and search:
/// - [`Game::generate_moves`] lists every legal move exactly once (a forced pass
///   is a move where the game has one), and lists nothing when the game is over;
/// - [`Game::count_moves`] equals the length of that list;
/// - [`Game::play_unchecked`] is only called with a move from that list.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move in this game; small and `Copy`.
    type Move: Copy + Eq + fmt::Debug + Send + Sync + 'static;
    /// Why a position string could not be read.
    type PositionError: std::error::Error + Send + Sync + 'static;
    /// Why a move string could not be read or is not legal here.
    type MoveError: std::error::Error + Send + Sync + 'static;
    /// Why a game ends, as this game names its reasons; `Display` writes the
    /// reason alone, in lower case ("checkmate", "forty-move rule").
    type EndReason: Copy + Eq + std::hash::Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The game's name on the command line (`"othello"`).
    const NAME: &'static str;

    /// The standard start position.
    fn start() -> Self;

    /// The side to move.
    fn side_to_move(&self) -> Side;

    /// Appends every legal move to `moves` (which the caller passes empty).
    fn generate_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves; games override this with a faster count
    /// (perft calls it at the last ply instead of listing the moves).
    fn count_moves(&self) -> u64 {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves.len() as u64
    }

    /// The position after `mv`, which must be legal here: not checked (a
    /// move of another position gives a position that breaks the rules, or
    /// a panic), for the search and the move generators, which play only
    /// moves they generated. [`Game::play`] checks.
    #[must_use]
    fn play_unchecked(&self, mv: Self::Move) -> Self;

    /// The position after `mv`, checked: [`IllegalMove`], naming the legal
    /// moves, when `mv` is not one of them.
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not legal here.
    fn play(&self, mv: Self::Move) -> Result<Self, IllegalMove> {
        let legal = self.legal_moves();
        if legal.contains(&mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(IllegalMove {
                played: format!("{mv:?}"),
                legal: MoveNames::of(self, &legal),
            })
        }
    }

    /// The result if the game is over in this position, judged from the position
    /// alone (repetition needs a game history and is judged there).
    fn outcome(&self) -> Option<Outcome<Self::EndReason>>;

    /// The result judged with the game's history (see
    /// [`GameHistory`](crate::GameHistory)), for games with rules that
    /// look back: `quiet_plies` is the number of moves played since the last
    /// irreversible one ([`Game::is_irreversible`]) or since the start, and
    /// `repetitions` how often this position has occurred in that stretch, this
    /// time included ([`Game::repeats`]). By default the position alone decides.
    fn outcome_in_history(
        &self,
        quiet_plies: u32,
        repetitions: usize,
    ) -> Option<Outcome<Self::EndReason>> {
        let _ = (quiet_plies, repetitions);
        self.outcome()
    }

    /// Whether `mv`, legal here, makes every earlier position impossible to
    /// reach again (a capture, a pawn's or a man's move): a game history looks
    /// for repetitions, and counts moves for the draw rules, only since the last
    /// such move. By default no move is.
    fn is_irreversible(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether `self` is `earlier` again for the repetition rule. By default the
    /// position strings are equal; games whose strings carry move counters
    /// compare without them.
    fn repeats(&self, earlier: &Self) -> bool {
        self.hash() == earlier.hash() && self.position_string() == earlier.position_string()
    }

    /// A Zobrist hash of the position, side to move included.
    fn hash(&self) -> u64;

    /// Reads a position in the game's standard notation.
    fn parse_position(text: &str) -> Result<Self, Self::PositionError>;

    /// Writes the position in the game's standard notation; it parses back to `self`.
    fn position_string(&self) -> String;

    /// Reads a move in the game's standard notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// Writes `mv`, legal in this position, in the game's standard notation.
    fn move_name(&self, mv: Self::Move) -> String;

    /// The names of the moves of `line`, played one after the other from
    /// here (a principal variation, a game's moves).
    fn line_names(&self, line: &[Self::Move]) -> Vec<String> {
        let mut position = self.clone();
        line.iter()
            .map(|&mv| {
                let name = position.move_name(mv);
                position = position.play_unchecked(mv);
                name
            })
            .collect()
    }

    /// Whether the side to move is in check (games without checks: never).
    fn in_check(&self) -> bool {
        false
    }

    /// The value of a position whose side to move has no legal move: lost
    /// (checkmate, a blocked checkers side), drawn (stalemate) or final
    /// (Othello's disc count).
    fn no_moves_score(&self) -> NoMoves;

    /// Plies since the last irreversible move: positions further back cannot
    /// repeat this one (0 where positions never repeat).
    fn reversible_plies(&self) -> usize {
        0
    }

    /// Whether a rule declares this position drawn (fifty moves, insufficient
    /// material), repetition aside.
    fn is_draw_by_rule(&self) -> bool {
        false
    }

    /// The legal moves as a list (a convenience over [`Game::generate_moves`]).
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }
}

/// What a game scores when the side to move has no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// The side to move has lost (checkmate, or no move in checkers).
    Lost,
    /// The game is drawn (stalemate).
    Drawn,
    /// The game is over with this score for the side to move (Othello's disc count).
    Final(Score),
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{played} is not legal here; legal moves: {legal}")]
pub struct IllegalMove {
    /// The move, as the game writes it.
    pub played: String,
    /// The legal moves (none when the game is over).
    pub legal: MoveNames,
}

/// Move names as an error carries them: a list for programs, written for
/// people as the names space separated (`none (the game is over)` for an
/// empty list).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveNames(pub Vec<String>);

impl MoveNames {
    /// The names of `moves`, legal in `position`, in the game's notation.
    #[must_use]
    pub fn of<G: Game>(position: &G, moves: &[G::Move]) -> MoveNames {
        MoveNames(moves.iter().map(|&mv| position.move_name(mv)).collect())
    }
}

impl fmt::Display for MoveNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("none (the game is over)")
        } else {
            f.write_str(&self.0.join(" "))
        }
    }
}

impl std::ops::Deref for MoveNames {
    type Target = [String];
    fn deref(&self) -> &[String] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_swaps_and_indexes() {
        assert_eq!(Side::First.opponent(), Side::Second);
        assert_eq!(Side::Second.opponent(), Side::First);
        assert_eq!(Side::First.index(), 0);
        assert_eq!(Side::Second.index(), 1);
    }

    #[test]
    fn outcome_accessors() {
        let win = Outcome::Win {
            winner: Side::Second,
            reason: "checkmate",
        };
        assert_eq!(win.winner(), Some(Side::Second));
        assert_eq!(win.reason(), "checkmate");
        let draw = Outcome::Draw {
            reason: "stalemate",
        };
        assert_eq!(draw.winner(), None);
        assert_eq!(draw.reason(), "stalemate");
    }
}
