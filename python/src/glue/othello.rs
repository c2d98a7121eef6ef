//! Othello: 65 actions (the 64 squares, a1 = 0 ... h8 = 63, row by row from
//! a1; 64 = pass) and two planes (the mover's discs, the opponent's).

use super::{Glue, write_plane};
use ply_core::{Game, GameHistory, MoveList, Outcome};
use ply_othello::engine::OthelloPlayer;
use ply_othello::{EndReason, Othello};

/// The pass action.
pub const PASS: usize = 64;

impl Glue for Othello {
    type Player = OthelloPlayer;
    const PY_NAME: &'static str = "othello";
    const ACTIONS: usize = 65;
    const PLANES: usize = 2;
    const WRITES_WHOLE_PLANES: bool = true;

    fn action(&self, mv: Self::Move, _step: usize) -> usize {
        mv.square().map_or(PASS, |square| square.index())
    }

    fn write_planes(&self, _partial: Option<(Self::Move, usize)>, planes: &mut [f32]) {
        let (mine, theirs) = planes.split_at_mut(64);
        write_plane(mine, self.player());
        write_plane(theirs, self.opponent());
    }

    /// A player without moves passes (a legal move); a position without
    /// legal moves is over, and Othello has no rules that look back.
    fn moves_and_outcome(
        record: &GameHistory<Self>,
        moves: &mut MoveList<Self::Move>,
    ) -> Option<Outcome<EndReason>> {
        let position = record.position();
        position.generate_moves(moves);
        if moves.is_empty() {
            position.outcome()
        } else {
            None
        }
    }

    fn name_key(&self, mv: Self::Move) -> Option<usize> {
        Some(self.action(mv, 0))
    }

    fn name_cache() -> &'static super::NameCache {
        static CACHE: super::NameCache = super::NameCache::new();
        &CACHE
    }
}
