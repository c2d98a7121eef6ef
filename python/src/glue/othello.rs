//! Othello: 65 actions (the 64 squares, a1 = 0 ... h8 = 63, row by row from
//! a1; 64 = pass) and two planes (the mover's discs, the opponent's).

use super::{Glue, Thinker, write_plane};
use ply_core::search::{Info, Limits, Options, SearchResult};
use ply_core::{Game, GameHistory, MoveList, Outcome};
use ply_othello::engine::{Engine, Evaluation};
use ply_othello::{EndReason, Move, Othello};
use std::sync::atomic::AtomicBool;

/// The pass action.
pub const PASS: usize = 64;

impl Glue for Othello {
    type Eval = Evaluation;
    type Thinker = Engine;
    const PY_NAME: &'static str = "othello";
    const ACTIONS: usize = 65;
    const PLANES: usize = 2;
    const WRITES_WHOLE_PLANES: bool = true;

    fn evaluator() -> Evaluation {
        Evaluation
    }

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

/// Othello's own engine: the midgame search, and the exact solver once the
/// position is within reach of the limits (its score then 100 times the
/// final disc difference).
impl Thinker<Othello> for Engine {
    /// Both the midgame search's and the solver's table get `hash_mb` MiB.
    fn with_table(hash_mb: usize) -> Option<Self> {
        Engine::new(hash_mb, hash_mb).ok()
    }

    fn options(&mut self) -> &mut Options {
        &mut self.midgame().options
    }

    fn think(
        &mut self,
        root: &Othello,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<Move>),
    ) -> SearchResult<Move> {
        let thought = Engine::think(self, root, history, limits, stop, on_info);
        SearchResult {
            best: thought.best,
            ponder: thought.pv.get(1).copied(),
            score: thought.score,
            depth: thought.depth,
            seldepth: thought.depth,
            nodes: thought.nodes,
            time: thought.time,
            pv: thought.pv,
        }
    }
}
