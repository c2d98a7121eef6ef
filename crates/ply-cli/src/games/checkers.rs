//! English checkers in the registry: one board, the seed's shift generator.

/// The checkers evaluation's training pipeline (`ply train checkers`).
pub use ply_checkers::train;

use super::{BoardTask, GameEntry};
use crate::arena::game::MatchGame;
use crate::arena::protocol::Protocol;
use crate::engines::PlayerTask;
use ply_checkers::engine::CheckersPlayer;
use ply_core::{Game, Side};

/// English checkers.
pub struct Checkers;

impl GameEntry for Checkers {
    const KIND: super::Kind = super::Kind::Checkers;
    type Board = ply_checkers::Checkers;
    const GENERATORS: &'static [&'static str] = &ply_checkers::GENERATORS;
    const ENGINE_BOARDS: &'static [&'static str] = &ply_checkers::GENERATORS;

    fn with_generator<T: BoardTask>(name: &str, task: T) -> Option<T::Output> {
        (name == "shifts").then(|| task.run::<ply_checkers::Checkers>())
    }

    fn with_engine_board<T: PlayerTask>(name: &str, task: T) -> Option<T::Output> {
        (name == "shifts").then(|| task.run::<CheckersPlayer>())
    }

    const BENCH_POSITIONS: &'static [&'static str] = &ply_checkers::engine::bench::POSITIONS;
    const BENCH_DEPTH: u32 = ply_checkers::engine::bench::DEPTH;
}

impl MatchGame for ply_checkers::Checkers {
    const PROTOCOLS: &'static [Protocol] = &[Protocol::Hub];

    /// Hub's standard frame: the colour to move, then squares 1..32.
    fn protocol_position(&self) -> String {
        let mut text = String::with_capacity(33);
        text.push(match self.side_to_move() {
            Side::First => 'B',
            Side::Second => 'W',
        });
        for index in 0..32 {
            let bit = 1u32 << index;
            let king = self.kings() & bit != 0;
            text.push(
                match (self.black() & bit != 0, self.white() & bit != 0, king) {
                    (true, _, false) => 'b',
                    (true, _, true) => 'B',
                    (_, true, false) => 'w',
                    (_, true, true) => 'W',
                    _ => 'e',
                },
            );
        }
        text
    }

    fn protocol_move(&self, mv: Self::Move) -> String {
        crate::protocol::hub::hub_move(mv)
    }

    fn engine_move(&self, text: &str) -> Result<Self::Move, String> {
        crate::protocol::hub::read_move(self, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_moves_in_hub_notation() {
        let checkers = ply_checkers::Checkers::start();
        assert_eq!(
            checkers.protocol_position(),
            "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
        );
        let mv = checkers.engine_move("11-15").unwrap();
        assert_eq!(checkers.protocol_move(mv), "11-15");
    }
}
