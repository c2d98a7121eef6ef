//! English checkers in the registry: one board, the seed's shift generator.

use super::{BoardTask, GameEntry};
use crate::engines::EngineTask;
use ply_checkers::egdb::search::Probing;
use ply_checkers::engine::Evaluation;

/// English checkers.
pub struct Checkers;

impl GameEntry for Checkers {
    const NAME: &'static str = "checkers";
    type Board = ply_checkers::Checkers;
    const GENERATORS: &'static [&'static str] = &ply_checkers::GENERATORS;
    const ENGINE_BOARDS: &'static [&'static str] = &ply_checkers::GENERATORS;

    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output> {
        (name == "shifts").then(|| task.run::<ply_checkers::Checkers>())
    }

    fn with_engine_board<T: EngineTask>(name: &str, task: T) -> Option<T::Output> {
        // With the endgame databases where the user has built them; one
        // search (`ply best`, `ply bench`) may wait for their files.
        (name == "shifts").then(|| {
            task.run::<ply_checkers::Checkers, _>(Probing::waiting(
                Evaluation,
                ply_checkers::egdb::default_database(),
            ))
        })
    }

    /// Positions searched by `ply bench checkers`: the start, three-move ballots
    /// and endings with kings.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13",
        "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14",
        "B:W14,19,21,22,25,27,28,30,31:B1,2,4,5,6,10,12,13,17",
        "W:WK4,K7,20,24:BK23,25,K29,13",
        "B:WK2,K3,19,24:BK10,K14,16,17",
    ];
    const BENCH_DEPTH: u32 = 18;
}
