//! A toy game for the tests of the perft driver and the search: a pile of
//! stones, each move takes 1, 2 or 3, whoever cannot move (no stones left)
//! loses. The side to move loses exactly when the pile is a multiple of 4;
//! different paths reach the same pile, so hashing matters.

use crate::game::{Game, NoMoves, Outcome, Side};
use crate::movelist::MoveList;

/// A pile of stones and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pile {
    pub(crate) stones: u32,
    pub(crate) side: Side,
}

/// The one error of the toy games.
#[derive(Debug, thiserror::Error)]
#[error("bad input")]
pub(crate) struct Bad;

/// How a pile game ends: the side to move finds no stone left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct NoStones;

impl std::fmt::Display for NoStones {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no stones left")
    }
}

/// A pile of `stones`, the first side to move.
pub(crate) fn pile(stones: u32) -> Pile {
    Pile {
        stones,
        side: Side::First,
    }
}

impl Game for Pile {
    type Move = u32;
    type PositionError = Bad;
    type MoveError = Bad;
    type EndReason = NoStones;
    const NAME: &'static str = "pile";
    fn no_moves_score(&self) -> NoMoves {
        NoMoves::Lost
    }

    fn start() -> Self {
        pile(21)
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend((1..=3).filter(|&take| take <= self.stones));
    }
    fn play_unchecked(&self, take: u32) -> Self {
        Pile {
            stones: self.stones - take,
            side: self.side.opponent(),
        }
    }
    fn outcome(&self) -> Option<Outcome<NoStones>> {
        (self.stones == 0).then_some(Outcome::Win {
            winner: self.side.opponent(),
            reason: NoStones,
        })
    }
    fn hash(&self) -> u64 {
        u64::from(self.stones).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ self.side.index() as u64
    }
    fn parse_position(text: &str) -> Result<Self, Bad> {
        Ok(pile(text.parse().map_err(|_| Bad)?))
    }
    fn position_string(&self) -> String {
        self.stones.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u32, Bad> {
        text.parse()
            .ok()
            .filter(|t| (1..=3).contains(t) && *t <= self.stones)
            .ok_or(Bad)
    }
    fn move_name(&self, mv: u32) -> String {
        mv.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_checks_the_move_and_play_unchecked_trusts_it() {
        let three = pile(3);
        assert_eq!(three.play(2).unwrap(), three.play_unchecked(2));
        let err = three.play(4).unwrap_err();
        assert_eq!(err.played, "4");
        assert_eq!(*err.legal, ["1", "2", "3"]);
        assert_eq!(err.to_string(), "4 is not legal here; legal moves: 1 2 3");
        let over = pile(0).play(1).unwrap_err();
        assert!(over.legal.is_empty(), "{over}");
    }
}
