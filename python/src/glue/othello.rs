//! Othello: 65 actions (the 64 squares, a1 = 0 ... h8 = 63, row by row from
//! a1; 64 = pass) and two planes (the mover's discs, the opponent's).

use super::{Glue, fill_plane};
use ply_othello::Othello;
use ply_othello::engine::Evaluation;

/// The pass action.
pub const PASS: usize = 64;

impl Glue for Othello {
    type Eval = Evaluation;
    const PY_NAME: &'static str = "othello";
    const ACTIONS: usize = 65;
    const PLANES: usize = 2;

    fn evaluator() -> Evaluation {
        Evaluation
    }

    fn action(&self, mv: Self::Move, _step: usize) -> usize {
        mv.square().map_or(PASS, |square| square.index())
    }

    fn write_planes(&self, _partial: Option<(Self::Move, usize)>, planes: &mut [f32]) {
        let (mine, theirs) = planes.split_at_mut(64);
        fill_plane(mine, self.player());
        fill_plane(theirs, self.opponent());
    }

    fn name_key(&self, mv: Self::Move) -> Option<usize> {
        Some(self.action(mv, 0))
    }

    fn name_cache() -> &'static super::NameCache {
        static CACHE: super::NameCache = super::NameCache::new();
        &CACHE
    }
}
