//! Chess960: FEN castling fields (X-FEN, Shredder-FEN), the castling rules'
//! corner cases on all three boards, UCI and SAN castling, hashing.

use ply_chess::attackmap::AttackBoard;
use ply_chess::gnu::GnuBoard;
use ply_chess::{Color, Move, Position, PositionError};
use ply_core::Game;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The castling moves of a position in Chess960 UCI, sorted.
fn castlings(position: &Position) -> Vec<String> {
    let mut v: Vec<String> = position
        .legal_moves()
        .iter()
        .filter(|m| m.is_castling())
        .map(|m| m.uci(true))
        .collect();
    v.sort();
    v
}

/// Every move of `fen` played on the three boards gives the same positions
/// (FEN and hash), and the boards list the same moves.
fn same_on_every_board(fen: &str) {
    let position = pos(fen);
    let gnu = GnuBoard::from_fen(fen).unwrap();
    let attack = AttackBoard::from_fen(fen).unwrap();
    let names = |moves: Vec<Move>| {
        let mut v: Vec<String> = moves.iter().map(|m| m.uci(true)).collect();
        v.sort();
        v
    };
    let mut list = ply_core::MoveList::new();
    position.generate_moves(&mut list);
    let expected = names(list.to_vec());
    let mut list = ply_core::MoveList::new();
    gnu.generate_moves(&mut list);
    assert_eq!(names(list.to_vec()), expected, "gnu {fen}");
    let mut list = ply_core::MoveList::new();
    attack.generate_moves(&mut list);
    assert_eq!(names(list.to_vec()), expected, "attackmap {fen}");
    for &mv in position.legal_moves().iter() {
        let after = position.play_unchecked(mv);
        assert_eq!(after.hash(), after.hash_from_scratch(), "{fen} {mv}");
        assert_eq!(
            Game::play(&gnu, mv).unwrap().position_string(),
            after.fen(),
            "{fen} {mv}"
        );
        assert_eq!(
            Game::hash(&Game::play(&gnu, mv).unwrap()),
            after.hash(),
            "{fen} {mv}"
        );
        assert_eq!(
            Game::play(&attack, mv).unwrap().position_string(),
            after.fen(),
            "{fen} {mv}"
        );
        assert_eq!(
            Game::hash(&Game::play(&attack, mv).unwrap()),
            after.hash(),
            "{fen} {mv}"
        );
    }
}

#[test]
fn shredder_and_x_fen_read_the_same_rights() {
    let start = Position::start();
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"),
        start
    );
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1"),
        start
    );
    assert_eq!(start.fen(), ply_chess::START_FEN);
    assert_eq!(
        start.shredder_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    // A Chess960 start: KQkq are the outermost rooks, the same as the files.
    let x = pos("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    let shredder = pos("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_eq!(x, shredder);
    assert_eq!(
        x.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    assert_eq!(
        x.shredder_fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );
    assert_eq!(
        x.castling_rights().rook_square(Color::White, false),
        Some("f1".parse().unwrap())
    );
    assert!(!x.castling_rights().is_classical());
    assert!(start.castling_rights().is_classical());
}

#[test]
fn ambiguous_x_fen_uses_file_letters() {
    // Two rooks on the queen side of the king: Q is the outer one (a1), B the inner.
    let outer = pos("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    let inner = pos("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(outer, pos("4k3/8/8/8/8/8/8/RR2K3 w A - 0 1"));
    assert_ne!(outer, inner);
    assert_ne!(outer.hash(), inner.hash());
    assert_eq!(inner.hash(), inner.hash_from_scratch());
    assert_eq!(outer.fen(), "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(pos(&inner.fen()), inner);
    assert_eq!(pos(&inner.shredder_fen()), inner);
    // Castling with the inner rook: king e1 to c1, rook b1 to d1 (a1 stays).
    let mv = inner.parse_move("O-O-O").unwrap();
    assert_eq!(mv.uci(true), "e1b1");
    assert_eq!(
        inner.play_unchecked(mv).fen(),
        "4k3/8/8/8/8/8/8/R1KR4 b - - 1 1"
    );
    // Black, X-FEN mixed with a file letter.
    let black = pos("rk3r1r/8/8/8/8/8/8/4K3 b kq - 0 1");
    assert_eq!(black.fen(), "rk3r1r/8/8/8/8/8/8/4K3 b kq - 0 1");
    let inner_black = pos("rk3r1r/8/8/8/8/8/8/4K3 b fq - 0 1");
    assert_eq!(inner_black.fen(), "rk3r1r/8/8/8/8/8/8/4K3 b fq - 0 1");
    assert_eq!(
        inner_black.shredder_fen(),
        "rk3r1r/8/8/8/8/8/8/4K3 b fa - 0 1"
    );
}

#[test]
fn bad_castling_fields_are_refused_clearly() {
    let err = |fen: &str| Position::from_fen(fen).unwrap_err();
    // Not a castling letter.
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/R3K2R w KX - 0 1"),
        PositionError::Castling(_)
    ));
    // The same right twice, or two rooks on one side.
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/R3K2R w KK - 0 1"),
        PositionError::Castling(_)
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/R3K1RR w GH - 0 1"),
        PositionError::CastlingClash(_)
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1"),
        PositionError::CastlingClash(_)
    ));
    // No rook on that file, none on that side, or the king off its back rank.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/R3K2R w C - 0 1"),
        PositionError::CastlingPieces('C')
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K2R w Q - 0 1"),
        PositionError::CastlingPieces('Q')
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/4K3/R6R w K - 0 1"),
        PositionError::CastlingPieces('K')
    );
    assert_eq!(
        err("r3k3/8/8/8/8/8/8/4K3 w h - 0 1"),
        PositionError::CastlingPieces('h')
    );
    // The king's own file is no rook's.
    assert_eq!(
        err("4k3/8/8/8/8/8/8/R3K2R w E - 0 1"),
        PositionError::CastlingPieces('E')
    );
    let text = err("4k3/8/8/8/8/8/8/R3K2R w KH - 0 1").to_string();
    assert!(text.contains("KH"), "{text}");
}

#[test]
fn rights_go_with_king_and_rook_moves_and_rook_captures() {
    let p = pos("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    assert_eq!(p.fen(), "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1");
    let after = |p: &Position, m: &str| p.play_unchecked(p.parse_move(m).unwrap());
    assert_eq!(
        after(&p, "Rg2").fen(),
        "1r2k1r1/8/8/8/8/8/6R1/1R2K3 b Qkq - 1 1"
    );
    assert_eq!(
        after(&p, "Ke2").fen(),
        "1r2k1r1/8/8/8/8/8/4K3/1R4R1 b kq - 1 1"
    );
    assert_eq!(
        after(&p, "Rxb8+").fen(),
        "1R2k1r1/8/8/8/8/8/8/4K1R1 b Kk - 0 1"
    );
    for fen in [p.fen(), after(&p, "Rxb8+").fen()] {
        let q = pos(&fen);
        assert_eq!(q.hash(), q.hash_from_scratch());
    }
}

#[test]
fn king_already_on_g1_castles_without_moving() {
    let p = pos("1r4k1/8/8/8/8/8/8/R5KR w HA - 0 1");
    assert_eq!(castlings(&p), ["g1a1", "g1h1"]);
    let short = p.parse_move("O-O").unwrap();
    assert_eq!(short.uci(true), "g1h1");
    assert_eq!(short.to_string(), "g1h1");
    assert_eq!(p.san(short), "O-O");
    assert_eq!(
        p.play_unchecked(short).fen(),
        "1r4k1/8/8/8/8/8/8/R4RK1 b - - 1 1"
    );
    let long = p.parse_move("O-O-O").unwrap();
    assert_eq!(
        p.play_unchecked(long).fen(),
        "1r4k1/8/8/8/8/8/8/2KR3R b - - 1 1"
    );
    same_on_every_board("1r4k1/8/8/8/8/8/8/R5KR w HA - 0 1");
}

#[test]
fn rook_already_on_its_destination() {
    let p = pos("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4KR2 w K - 0 1");
    let mv = p.parse_move("O-O").unwrap();
    assert_eq!(mv.uci(true), "e1f1");
    assert_eq!(mv.uci(false), "e1f1");
    assert_eq!(p.play_unchecked(mv).fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // g1 taken: no castling.
    assert!(castlings(&pos("4k3/8/8/8/8/8/8/4KRN1 w F - 0 1")).is_empty());
    same_on_every_board("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
}

#[test]
fn king_and_rook_swap() {
    let p = pos("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    let mv = p.parse_uci("f1g1").unwrap();
    assert!(mv.is_castling());
    assert_eq!(p.play_unchecked(mv).fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    same_on_every_board("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    // Queen side: king d1, rook c1 go to c1 and d1.
    let q = pos("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
    let mv = q.parse_move("O-O-O").unwrap();
    assert_eq!(mv.uci(true), "d1c1");
    assert_eq!(q.play_unchecked(mv).fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    same_on_every_board("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
}

#[test]
fn no_castling_out_of_or_through_check() {
    // Out of check: the rook on b8 checks the king on b1.
    assert!(castlings(&pos("1r2k3/8/8/8/8/8/8/1K5R w H - 0 1")).is_empty());
    // Through check: e1 on the king's way from b1 to g1.
    assert!(castlings(&pos("4r1k1/8/8/8/8/8/8/1K5R w H - 0 1")).is_empty());
    // Into check on g1.
    assert!(castlings(&pos("6rk/7p/8/8/8/8/8/1K5R w H - 0 1")).is_empty());
    // The rook's own way may be attacked.
    assert_eq!(castlings(&pos("5rk1/8/8/8/8/8/8/R3K3 w A - 0 1")), ["e1a1"]);
    assert_eq!(
        castlings(&pos("1r4k1/8/8/8/8/8/8/R3K3 w A - 0 1")),
        ["e1a1"]
    );
    for fen in [
        "4r1k1/8/8/8/8/8/8/1K5R w H - 0 1",
        "6rk/7p/8/8/8/8/8/1K5R w H - 0 1",
        "1r4k1/8/8/8/8/8/8/R3K3 w A - 0 1",
    ] {
        same_on_every_board(fen);
    }
}

#[test]
fn a_rook_shielding_its_king_cannot_castle() {
    // King c1 stays, rook b1 goes to d1 and would open the a1 rook's line.
    let pinned = "4k3/8/8/8/8/8/8/rRK5 w B - 0 1";
    assert!(castlings(&pos(pinned)).is_empty());
    same_on_every_board(pinned);
    // The same with a queen, and with the king crossing to c1 from d1.
    assert!(castlings(&pos("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1")).is_empty());
    same_on_every_board("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1");
    // Without the enemy rook it castles.
    let free = pos("4k3/8/8/8/8/8/8/1RK5 w B - 0 1");
    assert_eq!(castlings(&free), ["c1b1"]);
    let mv = free.parse_move("O-O-O").unwrap();
    assert_eq!(
        free.play_unchecked(mv).fen(),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
    same_on_every_board("4k3/8/8/8/8/8/8/1RK5 w B - 0 1");
    // Black's mirror image.
    assert!(castlings(&pos("Rrk5/8/8/8/8/8/8/4K3 b b - 0 1")).is_empty());
}

#[test]
fn pieces_in_the_rooks_way_block() {
    // Queen side from f1: the rook crosses b1, c1, d1; the king e1, d1, c1.
    assert!(castlings(&pos("4k3/8/8/8/8/8/8/RN3K2 w A - 0 1")).is_empty());
    assert_eq!(castlings(&pos("4k3/8/8/8/8/8/8/R4K2 w A - 0 1")), ["f1a1"]);
    same_on_every_board("4k3/8/8/8/8/8/8/RN3K2 w A - 0 1");
    same_on_every_board("4k3/8/8/8/8/8/8/R4K2 w A - 0 1");
}

#[test]
fn uci_castling_in_both_modes() {
    let classical = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = classical.parse_uci("e1g1").unwrap();
    assert_eq!(classical.parse_uci("e1h1").unwrap(), short);
    assert_eq!(short.uci(false), "e1g1");
    assert_eq!(short.uci(true), "e1h1");
    assert_eq!(short.to_string(), "e1g1");
    assert_eq!(classical.uci(short), "e1g1");
    let long = classical.parse_uci("e1a1").unwrap();
    assert_eq!(classical.parse_uci("e1c1").unwrap(), long);
    assert_eq!(
        (long.uci(false).as_str(), long.uci(true).as_str()),
        ("e1c1", "e1a1")
    );
    // King b1, rook a1: b1c1 is the king's step, b1a1 castling.
    let p = pos("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let step = p.parse_uci("b1c1").unwrap();
    assert!(!step.is_castling());
    let castle = p.parse_uci("b1a1").unwrap();
    assert!(castle.is_castling());
    assert_eq!(castle.uci(false), "b1a1");
    assert_eq!(p.san(castle), "O-O-O");
    assert_eq!(p.parse_move("O-O-O").unwrap(), castle);
    assert_eq!(p.parse_move("0-0-0").unwrap(), castle);
    assert!(p.parse_move("O-O").is_err());
    // With c1 attacked the king's step is gone, and b1c1 is not castling either.
    let q = pos("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert!(q.parse_uci("b1c1").is_err());
    assert!(q.parse_uci("b1a1").is_err());
}

#[test]
fn san_castling_gives_check_and_mate() {
    // Castling that checks along the rook's new file.
    let p = pos("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let mv = p.parse_move("O-O-O").unwrap();
    assert_eq!(p.san(mv), "O-O-O+");
    let p = pos("5k2/8/8/8/8/8/8/1K5R w K - 0 1");
    assert_eq!(p.san(p.parse_move("O-O").unwrap()), "O-O+");
}

#[test]
fn suite_positions_read_back_from_their_fen() {
    for line in include_str!("data/ethereal_fischer.epd").lines() {
        let fen = line.split(';').next().unwrap().trim();
        let p = pos(fen);
        assert_eq!(pos(&p.fen()), p, "{fen}");
        assert_eq!(pos(&p.shredder_fen()), p, "{fen}");
        assert_eq!(p.shredder_fen().split(' ').nth(2), fen.split(' ').nth(2));
        assert_eq!(p.hash(), p.hash_from_scratch());
    }
}

#[test]
fn random_chess960_games_agree_on_every_board() {
    // Random games from the suite's positions, every position checked on the
    // three boards (moves, FEN, hash after each move).
    let mut seed = 0x960u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for line in include_str!("data/ethereal_fischer.epd")
        .lines()
        .step_by(16)
    {
        let mut p = pos(line.split(';').next().unwrap().trim());
        for _ in 0..40 {
            same_on_every_board(&p.fen());
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Castling first when there is one, to reach more of its cases.
            let castle = moves.iter().find(|m| m.is_castling());
            let mv = match castle {
                Some(&mv) if next() % 2 == 0 => mv,
                _ => moves[(next() % moves.len() as u64) as usize],
            };
            p = p.play_unchecked(mv);
        }
    }
}

#[test]
fn positions_stay_small() {
    // Copy-make copies the whole position: the rights added 24 bytes.
    assert!(
        std::mem::size_of::<Position>() <= 168,
        "{}",
        std::mem::size_of::<Position>()
    );
    assert_eq!(std::mem::size_of::<ply_chess::CastlingRights>(), 24);
}
