//! A checkers session's search answers from the endgame databases when they
//! hold the position (`source` `database` with the verdict), as the page
//! shows it. Its own test binary: the databases are found once per process,
//! through `PLY_EGDB_DIR`.

use ply_games::GameKind;
use ply_games::session::{self, Settings};
use std::sync::atomic::AtomicBool;

#[test]
fn checkers_endgames_answer_from_the_database() {
    let dir = std::env::temp_dir().join(format!("ply-session-egdb-{}", std::process::id()));
    ply_checkers::egdb::build::build(&dir, 3, 1, &|_| {}).unwrap();
    // SAFETY: the one test of this binary sets the variable before any
    // thread reads the environment.
    unsafe { std::env::set_var("PLY_EGDB_DIR", &dir) };

    // Two kings against one: White to move wins.
    let game = session::new(GameKind::Checkers, Some("W:WK1,K3:BK32")).unwrap();
    let settings = Settings {
        depth: Some(4),
        hash_mb: 1,
        ..Settings::default()
    };
    let answer = game
        .search(&settings)
        .run(&AtomicBool::new(false), &mut |_| {});
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(answer.source, "database", "{answer:?}");
    assert_eq!(answer.verdict, Some("win"), "{answer:?}");
    assert!(answer.exact);
    assert!(
        game.legal_moves()
            .iter()
            .any(|m| Some(&m.notation) == answer.best.as_ref())
    );
}
