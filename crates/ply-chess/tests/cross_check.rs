//! The bitboard generator against the slow reference, along random games from
//! the start and from the suite positions; Zobrist hashes against hashes from
//! scratch; FEN round trips; stages partitioning the moves.

mod reference;

use ply_chess::{Move, Position, Stage};
use ply_core::MoveList;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use reference::Board;

fn sorted_uci(moves: &[Move]) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.sort();
    names
}

/// Every check made on one position along a random game.
fn check_position(position: &Position) {
    let fen = position.fen();
    let legal = position.legal_moves();
    let reference = Board::from_fen(&fen);
    assert_eq!(sorted_uci(&legal), reference.legal_uci(), "{fen}");
    assert_eq!(position.count_legal(), legal.len() as u64, "{fen}");
    assert_eq!(position.is_check(), reference.in_check(), "{fen}");
    assert_eq!(position.hash(), position.hash_from_scratch(), "{fen}");

    // The stages partition the legal moves.
    let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
    position.generate(Stage::Noisy, &mut noisy);
    position.generate(Stage::Quiet, &mut quiet);
    let mut both: Vec<Move> = noisy.iter().chain(quiet.iter()).copied().collect();
    assert_eq!(sorted_uci(&both), sorted_uci(&legal), "{fen}");
    both.sort_by_key(|m| m.bits());
    both.dedup();
    assert_eq!(both.len(), legal.len(), "{fen}: a move in both stages");
    assert!(
        noisy
            .iter()
            .all(|m| m.is_capture() || m.promotion().is_some()),
        "{fen}"
    );
    assert!(
        quiet
            .iter()
            .all(|m| !m.is_capture() && m.promotion().is_none()),
        "{fen}"
    );

    // Playing each move agrees with the reference board, and the hash with
    // a hash from scratch and with the hash of the FEN read back.
    for &mv in &legal {
        let next = position.play_unchecked(mv);
        let s = mv.to_string();
        let b = s.as_bytes();
        let expected = reference.play(
            (i32::from(b[0] - b'a'), i32::from(b[1] - b'1')),
            (i32::from(b[2] - b'a'), i32::from(b[3] - b'1')),
            b.get(4).map(|&c| char::from(c)),
        );
        assert_eq!(
            next.fen().split(' ').next().unwrap(),
            expected.placement(),
            "{fen} {mv}"
        );
        assert_eq!(next.hash(), next.hash_from_scratch(), "{fen} {mv}");
        let reread = Position::from_fen(&next.fen()).unwrap();
        assert_eq!(reread, next, "{fen} {mv}");
        assert_eq!(
            position.parse_move(&position.san(mv)),
            Ok(mv),
            "{fen} {}",
            position.san(mv)
        );
        assert_eq!(position.parse_uci(&s), Ok(mv));
    }
}

fn random_walk(start: Position, plies: usize, rng: &mut StdRng) -> usize {
    let mut position = start;
    let mut seen = 0;
    for _ in 0..plies {
        check_position(&position);
        seen += 1;
        let moves = position.legal_moves();
        let Some(&mv) = moves.choose(rng) else { break };
        position = position.play_unchecked(mv);
    }
    seen
}

#[test]
fn random_games_from_the_start_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut seen = 0;
    for _ in 0..60 {
        seen += random_walk(Position::start(), 150, &mut rng);
    }
    assert!(seen > 3000, "{seen} positions");
}

#[test]
fn random_games_from_suite_positions_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(2);
    let suite = include_str!("data/perftsuite.epd");
    let mut seen = 0;
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let start = Position::from_fen(fen).unwrap();
        for _ in 0..3 {
            let plies = rng.random_range(10..60);
            seen += random_walk(start, plies, &mut rng);
        }
    }
    assert!(seen > 2000, "{seen} positions");
}

#[test]
fn small_perfts_agree_with_the_reference_on_tricky_positions() {
    // En passant pins and checks, promotions with check, castling rights edge cases.
    for fen in [
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", // horizontal pin through both pawns
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", // same for black
        "7k/8/8/8/3pP3/8/8/B3K3 b - e3 0 1", // the capturer is pinned on a diagonal
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", // ep capture removes the checking pawn
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let position = Position::from_fen(fen).unwrap();
        let reference = Board::from_fen(&position.fen());
        for depth in 1..=3 {
            assert_eq!(
                ply_core::perft::perft(&position, depth),
                reference.perft(depth),
                "{fen} depth {depth}"
            );
        }
    }
}
