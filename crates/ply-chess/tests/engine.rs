//! The chess engine on positions with known answers.

use ply_chess::Position;
use ply_chess::attackmap::AttackBoard;
use ply_chess::engine::Evaluation;
use ply_chess::gnu::GnuBoard;
use ply_core::Game;
use ply_core::search::{Engine, Evaluator, Level, Limits, Options, SearchResult, Searchable};
use std::sync::atomic::AtomicBool;

fn best(fen: &str, depth: u32) -> (String, SearchResult<ply_chess::Move>) {
    best_with(fen, depth, Options::default(), &[])
}

fn best_with(
    fen: &str,
    depth: u32,
    options: Options,
    history: &[u64],
) -> (String, SearchResult<ply_chess::Move>) {
    let position = Position::from_fen(fen).unwrap();
    let mut engine = Engine::new(Evaluation, 16);
    engine.options = options;
    let result = engine.search(
        &position,
        history,
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    (position.san(result.best.unwrap()), result)
}

#[test]
fn finds_mates_at_their_distance() {
    // Mate in one (scholar's mate).
    let (san, r) = best(
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        4,
    );
    assert_eq!(san, "Qxf7#");
    assert_eq!(r.score.moves_to_win(), Some(1));
    // Mate in two, starting with a queen sacrifice (Stockfish agrees).
    let (san, r) = best(
        "2bqkbn1/2pppp2/np2N3/r3P1p1/p2N2B1/5Q2/PPPPKPP1/RNB2r2 w - - 0 1",
        6,
    );
    assert_eq!(
        (san.as_str(), r.score.moves_to_win()),
        ("Qxf7+", Some(2)),
        "{}",
        r.score
    );
    // Mate in three.
    let (san, r) = best("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 8);
    assert_eq!(
        (san.as_str(), r.score.moves_to_win()),
        ("Ra6+", Some(3)),
        "{}",
        r.score
    );
    // Being mated is seen as well: after Qxf7+ Black must take and is mated.
    let (san, r) = best(
        "2bqkbn1/2pppQ2/np2N3/r3P1p1/p2N2B1/8/PPPPKPP1/RNB2r2 b - - 0 1",
        5,
    );
    assert_eq!(
        (san.as_str(), r.score.moves_to_win()),
        ("Kxf7", Some(-1)),
        "{}",
        r.score
    );
}

#[test]
fn does_not_take_a_defended_pawn_with_the_queen() {
    let (san, _) = best("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", 6);
    assert_ne!(san, "Qxd5");
}

#[test]
fn takes_a_free_queen() {
    let (san, r) = best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 5);
    assert_eq!(san, "Rxd5");
    assert!(r.score.0 > 300);
}

#[test]
fn fifty_move_rule_and_repetition_are_draws_in_the_search() {
    // Up a rook, but the 100th half-move without capture or pawn move comes
    // with White's move: any quiet move draws, so the score is 0.
    let (_, r) = best("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", 4);
    assert_eq!(r.score.0, 0, "{}", r.score);
    // Black, a rook down, has been shuffling the king: after Kd8 Ra2 Ke8 Ra1
    // the position after Kd8 has occurred before, so playing it again is
    // taken as a draw, which Black prefers to anything else.
    let moves = ["Kd8", "Ra2", "Ke8", "Ra1"];
    let mut position = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 10 40").unwrap();
    let mut history = Vec::new();
    for text in moves {
        history.push(position.hash());
        position = position.play_unchecked(position.parse_move(text).unwrap());
    }
    let mut engine = Engine::new(Evaluation, 16);
    let result = engine.search(
        &position,
        &history,
        &Limits::depth(5),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(position.san(result.best.unwrap()), "Kd8");
    assert_eq!(result.score.0, 0);
    // Without the history the rook is worth its value.
    let (_, r) = best(&position.fen(), 5);
    assert!(r.score.0 < -300, "{}", r.score);
}

#[test]
fn weak_levels_play_different_moves() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let mut moves = std::collections::HashSet::new();
    for seed in 0..12 {
        let options = Options {
            level: Level::new(1).unwrap(),
            seed,
            ..Options::default()
        };
        moves.insert(best_with(fen, 6, options, &[]).0);
    }
    assert!(moves.len() >= 3, "{moves:?}");
    let full: Vec<String> = (0..3).map(|_| best(fen, 5).0).collect();
    assert!(full.iter().all(|m| *m == full[0]));
}

/// The engine on board `G`: the move in SAN and the result.
fn best_on<G>(fen: &str, depth: u32) -> (String, SearchResult<ply_chess::Move>)
where
    G: Searchable<Move = ply_chess::Move>,
    Evaluation: Evaluator<G>,
{
    let root = G::parse_position(fen).unwrap();
    let mut engine = Engine::new(Evaluation, 16);
    let result = engine.search(
        &root,
        &[],
        &Limits::depth(depth),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    let san = Position::from_fen(fen).unwrap().san(result.best.unwrap());
    (san, result)
}

#[test]
fn the_engine_finds_the_same_answers_on_the_seed_boards() {
    for (fen, depth, san, mate) in [
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            4,
            "Qxf7#",
            Some(1),
        ),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 8, "Ra6+", Some(3)),
        ("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 5, "Rxd5", None),
    ] {
        for (name, (found, result)) in [
            ("gnu", best_on::<GnuBoard>(fen, depth)),
            ("attackmap", best_on::<AttackBoard>(fen, depth)),
        ] {
            assert_eq!(found, san, "{name} {fen}");
            assert_eq!(result.score.moves_to_win(), mate, "{name} {fen}");
            if mate.is_none() {
                assert!(result.score.0 > 300, "{name}: {}", result.score);
            }
        }
    }
    // Not taking a defended pawn with the queen (quiescence and the
    // exchange evaluation at work).
    let fen = "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1";
    assert_ne!(best_on::<GnuBoard>(fen, 6).0, "Qxd5");
    assert_ne!(best_on::<AttackBoard>(fen, 6).0, "Qxd5");
}

#[test]
fn the_seed_boards_evaluate_like_the_position() {
    for fen in [
        ply_chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let position = Position::from_fen(fen).unwrap();
        let expected = Evaluation.evaluate(&position);
        assert_eq!(
            Evaluation.evaluate(&GnuBoard::parse_position(fen).unwrap()),
            expected
        );
        assert_eq!(
            Evaluation.evaluate(&AttackBoard::parse_position(fen).unwrap()),
            expected
        );
    }
}

#[test]
fn mate_on_the_hundredth_half_move_beats_the_fifty_move_rule() {
    // Rh8 is mate and also the hundredth half-move without a capture or a
    // pawn move: mate comes first.
    let (san, r) = best("k7/8/1K6/8/8/8/8/7R w - - 99 80", 3);
    assert_eq!(san, "Rh8#");
    assert_eq!(r.score.moves_to_win(), Some(1));
    // Without the mate the hundredth half-move draws: a rook up, White still
    // scores nothing when every move ends the game by the rule.
    let (_, r) = best("k7/8/8/2K5/8/8/8/7R w - - 99 80", 3);
    assert_eq!(r.score.0, 0, "{r:?}");
    // The seed boards agree.
    let fen = "k7/8/1K6/8/8/8/8/7R w - - 99 80";
    let gnu = GnuBoard::from_fen(fen).unwrap();
    let map = AttackBoard::from_fen(fen).unwrap();
    let stop = AtomicBool::new(false);
    let r = Engine::new(Evaluation, 4).search(&gnu, &[], &Limits::depth(3), &stop, &mut |_| {});
    assert_eq!(r.score.moves_to_win(), Some(1));
    let r = Engine::new(Evaluation, 4).search(&map, &[], &Limits::depth(3), &stop, &mut |_| {});
    assert_eq!(r.score.moves_to_win(), Some(1));
}

#[test]
fn the_engine_keeps_its_histories_between_searches_until_cleared() {
    // Chess keeps each thread's history tables from one search to the next
    // (`Features::keep_learnt`): with a fresh transposition table, the same
    // search walks another tree; a cleared engine (a new game) walks the
    // first one again.
    let position =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
            .unwrap();
    let stop = AtomicBool::new(false);
    let nodes = |engine: &mut Engine<Position, Evaluation>| {
        engine
            .search(&position, &[], &Limits::depth(9), &stop, &mut |_| {})
            .nodes
    };
    let mut engine = Engine::new(Evaluation, 16);
    let first = nodes(&mut engine);
    engine.clear();
    assert_eq!(
        nodes(&mut engine),
        first,
        "a cleared engine searches as a new one"
    );
    assert!(engine.resize_table(16), "a fresh table, the histories kept");
    assert_ne!(
        nodes(&mut engine),
        first,
        "the last search's histories order this one"
    );
}
