//! The two seed generators against the main bitboard generator, move by move:
//! along random games from the start and from the suite positions, every
//! position's legal moves (as UCI sets), move count, check, stages and hash
//! agree, and so does the position after each move (its FEN). On the
//! attack-map board each move is also made and unmade in place, which must
//! give back the board exactly (debug builds also compare its maps with maps
//! from scratch at every make and unmake).

use ply_chess::attackmap::AttackBoard;
use ply_chess::gnu::GnuBoard;
use ply_chess::{Move, Position, Stage};
use ply_core::{Game, MoveList};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn sorted_uci(moves: &[Move]) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(Move::to_string).collect();
    names.sort();
    names
}

/// What every board tells about one position, to compare across boards.
trait Board: Game<Move = Move, EndReason = ply_chess::EndReason> {
    fn convert(position: &Position) -> Self;
    fn position(&self) -> Position;
    fn stage(&self, stage: Stage) -> Vec<Move>;
    fn check(&self) -> bool;
    /// Extra checks on playing `mv` (make/unmake on the attack-map board).
    fn check_move(&self, mv: Move);
}

impl Board for GnuBoard {
    fn convert(position: &Position) -> Self {
        GnuBoard::from_position(position)
    }
    fn position(&self) -> Position {
        self.to_position()
    }
    fn stage(&self, stage: Stage) -> Vec<Move> {
        let mut moves = MoveList::new();
        self.generate(stage, &mut moves);
        moves.to_vec()
    }
    fn check(&self) -> bool {
        self.is_check()
    }
    fn check_move(&self, _: Move) {}
}

impl Board for AttackBoard {
    fn convert(position: &Position) -> Self {
        AttackBoard::from_position(position).unwrap()
    }
    fn position(&self) -> Position {
        self.to_position()
    }
    fn stage(&self, stage: Stage) -> Vec<Move> {
        let mut moves = MoveList::new();
        self.generate(stage, &mut moves);
        moves.to_vec()
    }
    fn check(&self) -> bool {
        self.is_check()
    }
    fn check_move(&self, mv: Move) {
        let mut board = self.clone();
        let undo = board.make(mv);
        assert_eq!(board.verify(), Ok(()), "{self:?} {mv}");
        board.unmake(mv, &undo);
        assert_eq!(&board, self, "{mv}: unmake did not restore the board");
    }
}

/// Compares `board` with `position` (the same position) and returns the
/// number of moves checked.
fn compare<B: Board>(board: &B, position: &Position) -> usize {
    let fen = position.fen();
    let expected = position.legal_moves();
    let moves = board.legal_moves();
    assert_eq!(sorted_uci(&moves), sorted_uci(&expected), "{fen}");
    assert_eq!(board.count_moves(), expected.len() as u64, "{fen}");
    assert_eq!(board.check(), position.is_check(), "{fen}");
    assert_eq!(board.hash(), position.hash(), "{fen}");
    assert_eq!(board.position(), *position, "{fen}");
    assert_eq!(board.outcome(), position.outcome(), "{fen}");
    let noisy = board.stage(Stage::Noisy);
    let quiet = board.stage(Stage::Quiet);
    let mut expected_noisy = MoveList::new();
    position.generate(Stage::Noisy, &mut expected_noisy);
    assert_eq!(sorted_uci(&noisy), sorted_uci(&expected_noisy), "{fen}");
    assert_eq!(noisy.len() + quiet.len(), moves.len(), "{fen}");
    for &mv in &moves {
        let next = board.play_unchecked(mv);
        let expected_next = position.play_unchecked(mv);
        assert_eq!(next.position_string(), expected_next.fen(), "{fen} {mv}");
        assert_eq!(next.hash(), expected_next.hash(), "{fen} {mv}");
        board.check_move(mv);
    }
    moves.len()
}

/// A random game from `start`, each position compared on both seed boards.
fn random_walk(start: &Position, plies: usize, rng: &mut StdRng) -> usize {
    let mut position = *start;
    let mut gnu = GnuBoard::convert(start);
    let mut attack = AttackBoard::convert(start);
    let mut seen = 0;
    for _ in 0..plies {
        compare(&gnu, &position);
        compare(&attack, &position);
        seen += 1;
        let moves = position.legal_moves();
        let Some(&mv) = moves.choose(rng) else { break };
        position = position.play_unchecked(mv);
        gnu = gnu.play_unchecked(mv);
        attack.make(mv);
    }
    seen
}

#[test]
fn random_games_from_the_start_agree_with_the_bitboard_generator() {
    let mut rng = StdRng::seed_from_u64(11);
    let seen: usize = (0..30)
        .map(|_| random_walk(&Position::start(), 120, &mut rng))
        .sum();
    assert!(seen > 1500, "{seen} positions");
}

#[test]
fn random_games_from_suite_positions_agree_with_the_bitboard_generator() {
    let mut rng = StdRng::seed_from_u64(12);
    let suite = include_str!("data/perftsuite.epd");
    let mut seen = 0;
    for line in suite.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let start = Position::from_fen(fen).unwrap();
        for _ in 0..2 {
            let plies = rng.random_range(5..40);
            seen += random_walk(&start, plies, &mut rng);
        }
    }
    assert!(seen > 1500, "{seen} positions");
}

#[test]
fn tricky_positions_agree() {
    // En passant pins and checks, promotions with check, castling edge
    // cases, many promoted pieces, a pinned pawn that may only take its pinner.
    for fen in [
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "7k/8/8/8/3pP3/8/8/B3K3 b - e3 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "4k3/8/8/8/8/8/2b5/RQ1K4 w - - 0 1",
        "QQQ5/QQQ5/QQQ5/8/7k/8/8/K7 b - - 0 1",
        "4k3/8/8/2b5/8/4P3/5K2/8 w - - 0 1",
        "4k3/8/8/8/8/5p2/4P1K1/8 w - - 0 1",
        "3k4/8/8/8/q7/8/2P5/3K4 w - - 0 1",
        "R6r/8/8/2K5/5k2/8/8/r6R w - - 0 1",
    ] {
        let position = Position::from_fen(fen).unwrap();
        let mut rng = StdRng::seed_from_u64(13);
        random_walk(&position, 12, &mut rng);
        for depth in 1..=3 {
            let expected = ply_core::perft::perft(&position, depth);
            assert_eq!(
                ply_core::perft::perft(&GnuBoard::convert(&position), depth),
                expected,
                "gnu {fen} depth {depth}"
            );
            assert_eq!(
                ply_core::perft::perft(&AttackBoard::convert(&position), depth),
                expected,
                "attackmap {fen} depth {depth}"
            );
        }
    }
}

#[test]
fn the_same_game_api_reads_and_writes_the_same_text() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let gnu = GnuBoard::parse_position(fen).unwrap();
    let attack = AttackBoard::parse_position(fen).unwrap();
    assert_eq!(gnu.position_string(), fen);
    assert_eq!(attack.position_string(), fen);
    for text in ["O-O", "e1g1", "Bxa6", "d5e6"] {
        let expected = Position::from_fen(fen).unwrap().parse_move(text).unwrap();
        assert_eq!(gnu.parse_move(text).unwrap(), expected);
        assert_eq!(attack.parse_move(text).unwrap(), expected);
        assert_eq!(gnu.move_name(expected), attack.move_name(expected));
    }
    assert!(gnu.parse_move("e1e3").is_err());
    assert!(attack.parse_move("xyz").is_err());
    assert!(GnuBoard::parse_position("8/8/8 w").is_err());
    assert!(AttackBoard::parse_position("").is_err());
}
