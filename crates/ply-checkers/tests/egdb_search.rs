//! The search with the databases: from positions the database says are won,
//! the engine (database in hand) keeps the win with every move and wins
//! within a move cap, whether it defends too or a random mover defends.

use ply_checkers::egdb::search::Probing;
use ply_checkers::egdb::{Database, Value, build};
use ply_checkers::engine::Evaluation;
use ply_checkers::{Checkers, Color};
use ply_core::rng::Rng;
use ply_core::search::{Engine, Limits};
use ply_core::{Game, MoveList};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Plies the winner gets to win in.
const CAP: usize = 120;

/// Won positions without a capture pending, spread over the 3- and 4-piece
/// endings: two or three kings against one, king and man against king, men
/// against a king, and so on.
const WON: [&str; 15] = [
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
    "W:WK1,K3,K5:BK32",
    "B:WK29:BK5,K9,K10",
    "W:W28,K27,K20:BK3",
    "W:W22,23,24:BK4",
    "W:W26,21,K19:B4",
];

/// Plays each won position out: the winner is ply with the databases at
/// `depth`, the loser `defend`; the winner must keep the win with every move
/// and win within [`CAP`] plies.
fn play_out(
    database: &Arc<Database>,
    depth: u32,
    defend: &mut dyn FnMut(&Checkers, &[u64]) -> ply_checkers::Move,
) {
    let mut engine = Engine::new(Probing::new(Evaluation, Some(Arc::clone(database))), 16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    for fen in WON {
        let mut position = Checkers::parse_position(fen).unwrap();
        assert_eq!(database.probe(&position).unwrap(), Value::Win, "{fen}");
        let winner: Color = position.turn();
        let mut history = Vec::new();
        let mut plies = 0;
        engine.clear();
        loop {
            let mut moves = MoveList::new();
            position.generate_moves(&mut moves);
            if moves.is_empty() {
                assert_ne!(position.turn(), winner, "{fen}: the winner is stuck");
                break;
            }
            assert!(plies < CAP, "{fen}: not won in {CAP} plies, at {position}");
            let mv = if position.turn() == winner {
                let result = engine.search(&position, &history, &limits, &stop, &mut |_| {});
                result.best.expect("a move")
            } else {
                defend(&position, &history)
            };
            history.push(position.hash());
            position = position.play_unchecked(mv);
            plies += 1;
            // After the winner's move the loser is lost still.
            if position.turn() != winner {
                assert_eq!(
                    database.probe(&position).unwrap(),
                    Value::Loss,
                    "{fen}: {position}"
                );
            }
        }
    }
}

#[test]
fn the_engine_wins_database_wins() {
    let dir = std::env::temp_dir().join(format!("ply-egdb-search-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    build::build(&dir, 4, 2, &|_| {}).expect("build");
    let database = Arc::new(Database::open(&dir));
    // In memory before the searches, which do not wait for files.
    database.read_all().expect("read");

    // Against itself, with the databases.
    let mut engine = Engine::new(Probing::new(Evaluation, Some(Arc::clone(&database))), 16);
    let limits = Limits::depth(8);
    let stop = AtomicBool::new(false);
    play_out(&database, 8, &mut |position, history| {
        engine.clear();
        let result = engine.search(position, history, &limits, &stop, &mut |_| {});
        result.best.expect("a move")
    });

    // Against a random mover.
    let mut rng = Rng::new(16);
    play_out(&database, 8, &mut |position, _| {
        let moves = position.legal_moves();
        moves[rng.below(moves.len())]
    });
    std::fs::remove_dir_all(&dir).unwrap();
}
