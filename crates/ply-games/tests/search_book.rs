//! Books built by search ([`ply_core::book`]) with the real players: tiny
//! builds (a second or so) whose values, resumption and use are checked.

use ply_checkers::Checkers;
use ply_checkers::engine::CheckersPlayer;
use ply_core::book::{BookError, BuildSettings, Builder, SearchBook, file};
use ply_core::player::{Player, Request, Source};
use ply_core::search::{Level, Limits};
use ply_core::{Game, book::Booked};
use ply_games::Playable;
use ply_othello::Othello;
use ply_othello::engine::OthelloPlayer;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn settings(depth: u32, deviation: i32, search_depth: u32) -> BuildSettings {
    BuildSettings {
        depth,
        deviation,
        limits: Limits::depth(search_depth),
        level: Level::FULL,
        threads: 1,
        checkpoint: Duration::from_secs(3600),
    }
}

fn players<P: Player>(n: usize) -> Vec<P> {
    (0..n).map(|_| P::with_hash(1).unwrap()).collect()
}

/// Builds a book of `P`'s game from `roots`, whole or stopped after
/// `budget` searches.
fn build<P: Player>(
    roots: Vec<P::Game>,
    settings: BuildSettings,
    budget: Option<u64>,
    resume: Option<&SearchBook>,
) -> Result<SearchBook, BookError> {
    let mut builder = Builder::new(players::<P>(settings.threads), roots, settings);
    if let Some(book) = resume {
        builder.resume(book)?;
    }
    builder.run(budget, &mut |_| {}, &mut |_| Ok(()))
}

/// Every inner node's value is the negamax of its children's, every leaf's
/// its search value, and an inner node's children are all in the book.
fn check_negamax<G: Game>(book: &SearchBook, roots: &[G]) {
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<G> = roots.to_vec();
    let mut inner = 0;
    while let Some(position) = stack.pop() {
        if !seen.insert(position.hash()) {
            continue;
        }
        let record = *book
            .get(position.hash())
            .expect("reached positions are in the book");
        if !record.is_expanded() {
            if record.ply > 0 {
                assert_eq!(record.value, record.search);
            }
            continue;
        }
        inner += 1;
        let moves = book
            .moves(&position)
            .expect("an inner node's children are all in the book");
        let best = moves.iter().map(|m| m.value).max().unwrap();
        assert_eq!(
            i32::from(record.value),
            best,
            "{}",
            position.position_string()
        );
        for m in moves {
            stack.push(position.play_unchecked(m.mv));
        }
    }
    assert_eq!(
        inner,
        book.expanded(),
        "every inner node is reached from a root"
    );
}

#[test]
fn othello_books_are_negamaxed_and_follow_the_deviation() {
    let roots = Othello::book_roots();
    let book = build::<OthelloPlayer>(roots.clone(), settings(4, 400, 3), None, None).unwrap();
    check_negamax(&book, &roots);
    assert!(
        book.expanded() > 5 && book.len() > 20,
        "{} positions",
        book.len()
    );
    // With no deviation only the best moves go on: a thinner book.
    let thin = build::<OthelloPlayer>(roots.clone(), settings(4, 0, 3), None, None).unwrap();
    check_negamax(&thin, &roots);
    assert!(thin.expanded() < book.expanded());
    // The file reads back the same.
    let bytes = file::to_bytes(&book);
    assert_eq!(file::from_bytes(&bytes, "othello").unwrap(), book);
    assert!(matches!(
        file::from_bytes(&bytes, "checkers"),
        Err(BookError::WrongGame { .. })
    ));
}

#[test]
fn a_resumed_build_ends_as_an_uninterrupted_one() {
    let roots = Othello::book_roots();
    let whole = build::<OthelloPlayer>(roots.clone(), settings(4, 100, 3), None, None).unwrap();
    // Stopped twice, each time resumed from the saved file.
    let mut book =
        build::<OthelloPlayer>(roots.clone(), settings(4, 100, 3), Some(7), None).unwrap();
    assert!(book.len() < whole.len());
    book = file::from_bytes(&file::to_bytes(&book), "othello").unwrap();
    book =
        build::<OthelloPlayer>(roots.clone(), settings(4, 100, 3), Some(20), Some(&book)).unwrap();
    let resumed =
        build::<OthelloPlayer>(roots.clone(), settings(4, 100, 3), None, Some(&book)).unwrap();
    assert_eq!(file::to_bytes(&resumed), file::to_bytes(&whole));
    // Threads share out the searches but find the same values.
    let mut threaded = settings(4, 100, 3);
    threaded.threads = 2;
    let two = build::<OthelloPlayer>(roots.clone(), threaded, None, None).unwrap();
    assert_eq!(file::to_bytes(&two), file::to_bytes(&whole));
    // Other settings are refused.
    let err = build::<OthelloPlayer>(roots, settings(5, 100, 3), None, Some(&whole)).unwrap_err();
    assert!(matches!(err, BookError::OtherSettings { .. }), "{err}");
}

#[test]
fn checkers_books_grow_from_the_start_and_the_ballots() {
    let roots = Checkers::book_roots();
    assert_eq!(roots.len(), 157);
    let book = build::<CheckersPlayer>(roots.clone(), settings(1, 0, 2), None, None).unwrap();
    check_negamax(&book, &roots);
    assert_eq!(book.expanded(), 157);
    // Every ballot's position has its book move.
    for root in &roots {
        assert!(book.moves(root).is_some());
    }
}

#[test]
fn the_player_takes_the_book_move_and_not_without_the_book() {
    let roots = Othello::book_roots();
    let book = Arc::new(build::<OthelloPlayer>(roots, settings(2, 100, 3), None, None).unwrap());
    let start = Othello::start();
    let best = book.moves(&start).unwrap()[0];
    let limits = Limits::depth(3);
    let stop = AtomicBool::new(false);
    let request = Request::new(&start, &limits, &stop);
    let mut booked = Booked::new(
        OthelloPlayer::with_hash(1).unwrap(),
        Some(Arc::clone(&book)),
    );
    let mut lines = 0;
    let thought = booked.think(&request, &mut |_| lines += 1);
    assert_eq!(thought.source, Source::Book);
    assert_eq!(
        (thought.best, thought.score.0, thought.nodes),
        (Some(best.mv), best.value, 0)
    );
    assert_eq!(lines, 1);
    // Out of the book the player searches.
    let after = start.play_unchecked(best.mv);
    let deep = after.play_unchecked(after.legal_moves()[0]);
    let deep = deep.play_unchecked(deep.legal_moves()[0]);
    let request = Request::new(&deep, &limits, &stop);
    assert_eq!(booked.think(&request, &mut |_| {}).source, Source::Search);
    // Without a book (--no-book), or a player's own constructor: a search.
    let request = Request::new(&start, &limits, &stop);
    booked.set_book(None);
    assert_eq!(booked.think(&request, &mut |_| {}).source, Source::Search);
    let mut plain = Booked::<OthelloPlayer>::with_hash(1).unwrap();
    assert_eq!(plain.think(&request, &mut |_| {}).source, Source::Search);
    // Randomness draws among the moves within it.
    booked.set_book(Some(Arc::clone(&book)));
    booked.set_randomness(10_000);
    let moves: std::collections::HashSet<_> = (0..40)
        .map(|_| booked.think(&request, &mut |_| {}).best.unwrap())
        .collect();
    assert!(moves.len() > 1, "{moves:?}");
}
