//! The search with the databases: from positions the database says are won,
//! the engine (playing both sides, database in hand) keeps the win with every
//! move and wins within a move cap.

use ply_checkers::egdb::search::Probing;
use ply_checkers::egdb::{Database, Value, build};
use ply_checkers::engine::Evaluation;
use ply_checkers::{Checkers, Color};
use ply_core::search::{Engine, Limits};
use ply_core::{Game, MoveList};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Plies the winner gets to win in.
const CAP: usize = 120;

/// Won positions without a capture pending, spread over the 3-piece endings:
/// two kings against one, king and man against king, and so on.
const WON: [&str; 10] = [
    "W:WK1,K3:BK32",
    "B:WK29:BK5,K9",
    "W:WK14,K19:BK30",
    "B:W32:BK1,6",
    "W:W28,K27:BK3",
    "B:WK4:B13,K17",
    "W:W22,23:BK4",
    "B:W30:B6,10",
    "W:W26,K19:BK3",
    "B:W31:BK6,K7",
];

#[test]
fn the_engine_wins_database_wins() {
    let dir = std::env::temp_dir().join(format!("ply-egdb-search-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::build(&dir, 3, 2, &|_| {}).expect("build");
    let database = Arc::new(Database::open(&dir));
    let mut engine = Engine::new(Probing::new(Evaluation, Some(Arc::clone(&database))), 16);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    for fen in WON {
        let mut position = Checkers::parse_position(fen).unwrap();
        assert_eq!(database.probe(&position).unwrap(), Value::Win, "{fen}");
        let winner: Color = position.side_to_move();
        let mut history = Vec::new();
        let mut plies = 0;
        engine.clear();
        loop {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                assert_ne!(
                    position.side_to_move(),
                    winner,
                    "{fen}: the winner is stuck"
                );
                break;
            }
            assert!(plies < CAP, "{fen}: not won in {CAP} plies, at {position}");
            let result = engine.search(&position, &history, &limits, &stop, &mut |_| {});
            history.push(position.hash());
            position = position.play(result.best.expect("a move"));
            plies += 1;
            // After the winner's move the loser is lost still.
            if position.side_to_move() != winner {
                assert_eq!(
                    database.probe(&position).unwrap(),
                    Value::Loss,
                    "{fen}: {position}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
