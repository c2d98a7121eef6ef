//! Rules, notation and FEN: each edge case named and checked.

use ply_chess::{EndReason, Move, MoveError, Position, PositionError, Role};
use ply_core::{Game, GameHistory, Outcome, Side};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sans(position: &Position) -> Vec<String> {
    let mut v: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&m| position.san(m))
        .collect();
    v.sort();
    v
}

fn has(position: &Position, uci: &str) -> bool {
    position.legal_moves().iter().any(|m| m.to_string() == uci)
}

#[test]
fn castling_never_out_of_through_or_into_check() {
    // Out of check: the rook on e8 checks the king.
    assert!(!has(&pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1g1"));
    // Through check: f1 attacked by the rook on f8; queen side still fine.
    let through = pos("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&through, "e1g1"));
    assert!(has(&through, "e1c1"));
    // Into check: g1 attacked by a bishop.
    assert!(!has(&pos("6k1/8/8/8/8/8/5b2/R3K2R w KQ - 0 1"), "e1g1"));
    // b1 attacked does not stop queen-side castling (the king does not cross b1).
    assert!(has(&pos("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1c1"));
    // A piece on b1 does.
    assert!(!has(&pos("6k1/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), "e1c1"));
    // Rights are lost when the rook is captured.
    let after = pos("6k1/8/8/8/8/8/6b1/R3K2R b KQ - 0 1").play_unchecked(
        pos("6k1/8/8/8/8/8/6b1/R3K2R b KQ - 0 1")
            .parse_move("Bxh1")
            .unwrap(),
    );
    assert_eq!(after.fen(), "6k1/8/8/8/8/8/8/R3K2b w Q - 0 2");
}

#[test]
fn en_passant_rules() {
    // Only right after the double push.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert!(has(&p, "e5d6"));
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    assert!(!has(&p, "e5d6"));
    // The horizontal pin through both pawns.
    assert!(!has(&pos("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"), "e5d6"));
    // Capturing en passant removes a checking pawn.
    assert!(has(&pos("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"), "e4d3"));
    // A diagonally pinned capturer may not take.
    assert!(!has(&pos("7k/8/8/8/3pP3/8/8/B3K3 b - e3 0 1"), "d4e3"));
    // Playing it removes the captured pawn.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(
        p.play_unchecked(p.parse_move("exd6").unwrap()).fen(),
        "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
    );
    // The en passant square is only kept when a capture is possible.
    assert_eq!(pos("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2").en_passant(), None);
    let p = pos("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        p.play_unchecked(p.parse_move("e4").unwrap())
            .en_passant()
            .map(|s| s.to_string()),
        Some("e3".into())
    );
}

#[test]
fn promotion_and_under_promotion() {
    let p = pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let promos: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from().to_string() == "a7")
        .map(|m| p.san(*m))
        .collect();
    assert_eq!(promos.len(), 8);
    for san in [
        "a8=Q", "a8=R", "a8=B", "a8=N", "axb8=Q+", "axb8=R+", "axb8=B", "axb8=N",
    ] {
        assert!(promos.contains(&san.to_owned()), "{san} in {promos:?}");
    }
    let m = p.parse_move("axb8=N").unwrap();
    assert_eq!(m.promotion(), Some(Role::Knight));
    assert_eq!(p.play_unchecked(m).fen(), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Lenient forms.
    assert_eq!(p.parse_move("a8Q").unwrap(), p.parse_move("a8=Q").unwrap());
    assert_eq!(
        p.parse_move("a8=Q+").unwrap(),
        p.parse_move("a8=Q").unwrap(),
        "a wrong + is tolerated"
    );
    assert_eq!(
        p.parse_move("a8=q").unwrap(),
        p.parse_move("a7a8q").unwrap()
    );
    assert!(
        matches!(p.parse_move("a8"), Err(MoveError::Illegal { .. })),
        "a promotion needs a piece"
    );
}

#[test]
fn check_mate_and_stalemate() {
    let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mate.is_check());
    assert_eq!(mate.count_legal(), 0);
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: ply_chess::game::side(ply_chess::Color::Black),
            reason: EndReason::Checkmate
        })
    );
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
    // SAN marks checks and mates.
    let p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(p.san(p.parse_move("Ra8").unwrap()), "Ra8#");
    let p = pos("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(p.san(p.parse_move("a1a8").unwrap()), "Ra8+");
    assert_eq!(p.parse_move("Ra8").unwrap(), p.parse_move("Ra8+").unwrap());
}

#[test]
fn fifty_moves_and_insufficient_material() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/R7/4K3 w - - 100 80").outcome(),
        Some(Outcome::Draw {
            reason: EndReason::FiftyMoveRule
        })
    );
    assert_eq!(pos("4k3/8/8/8/8/8/R7/4K3 w - - 99 80").outcome(), None);
    // Mate on the hundredth half-move is still mate.
    let mated = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80");
    assert_eq!(
        mated.outcome().map(|o| o.reason()),
        Some(EndReason::Checkmate)
    );
    for (fen, insufficient) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false), // opposite colours: mate possible
        ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", true), // f1 and g8 are both light
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/5P2/4K3 w - - 0 1", false),
    ] {
        assert_eq!(pos(fen).is_insufficient_material(), insufficient, "{fen}");
    }
}

#[test]
fn threefold_repetition_and_undo() {
    let mut game = GameHistory::new(Position::start());
    for _ in 0..2 {
        for text in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            assert!(game.outcome().is_none());
            game.play_text(text).unwrap();
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::ThreefoldRepetition
        })
    );
    assert_eq!(game.undo().map(|m| m.to_string()), Some("f6g8".into()));
    assert_eq!(game.repetitions(), 2);
    assert!(game.outcome().is_none());
    assert_eq!(game.moves().len(), 7);
    while game.undo().is_some() {}
    assert_eq!(*game.position(), Position::start());
    assert!(game.play_text("e5").is_err());
    // Castling rights differ after the king has moved: not a repetition.
    let mut game = GameHistory::new(pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1"));
    for text in ["Kf1", "Kd8", "Ke1", "Ke8", "Kf1", "Kd8", "Ke1", "Ke8"] {
        game.play_text(text).unwrap();
    }
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn san_disambiguation() {
    // Knights on b1 and f1 can both reach d2: file letters.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert!(sans(&p).contains(&"Nbd2".to_owned()) && sans(&p).contains(&"Nfd2".to_owned()));
    // Rooks on a1 and a5 reaching a3: rank digits.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert!(sans(&p).contains(&"R1a3".to_owned()) && sans(&p).contains(&"R5a3".to_owned()));
    // Three queens: full square.
    let p = pos("4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1");
    assert!(sans(&p).contains(&"Qa3b2".to_owned()), "{:?}", sans(&p));
    // A pinned rival does not need disambiguation.
    let p = pos("4k3/8/8/8/b7/8/2N5/4K1N1 w - - 0 1");
    assert!(sans(&p).contains(&"Ne2".to_owned()), "{:?}", sans(&p));
    // Ambiguous input is refused with the candidates.
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(
        p.parse_move("Nd2"),
        Err(MoveError::Ambiguous {
            played: "Nd2".into(),
            candidates: ply_core::MoveNames(vec!["Nbd2".into(), "Nfd2".into()])
        })
    );
}

#[test]
fn move_input_variants() {
    let p = Position::start();
    assert_eq!(p.parse_move("e4").unwrap().to_string(), "e2e4");
    assert_eq!(p.parse_move("e2e4").unwrap().to_string(), "e2e4");
    assert_eq!(p.parse_move("Nf3!?").unwrap().to_string(), "g1f3");
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for text in ["O-O", "0-0", "e1g1", "e1h1", "Kg1"] {
        assert_eq!(
            castle.parse_move(text).unwrap().to_string(),
            "e1g1",
            "{text}"
        );
    }
    for text in ["O-O-O", "0-0-0+", "e1c1", "e1a1"] {
        assert_eq!(
            castle.parse_move(text).unwrap().to_string(),
            "e1c1",
            "{text}"
        );
    }
    let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(ep.parse_move("exd6 e.p.").unwrap().to_string(), "e5d6");
    assert_eq!(ep.parse_move("exd6e.p.").unwrap().to_string(), "e5d6");
    for bad in ["", "e9", "Zf3", "e2e", "e2e4e4", "Nf3x", "0000", "O-O-O-O"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    let err = p.parse_move("e5").unwrap_err().to_string();
    assert!(
        err.starts_with("e5 is not legal here; legal moves: "),
        "{err}"
    );
    assert!(err.contains("Nf3") && err.contains("e4"), "{err}");
    assert_eq!(p.move_name(p.parse_move("Nc3").unwrap()), "b1c3");
}

#[test]
fn fen_validation_errors() {
    let cases: &[(&str, PositionError)] = &[
        ("", PositionError::Empty),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            PositionError::Placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP".into()),
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            PositionError::PieceLetter('9'),
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            PositionError::Placement("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR".into()),
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            PositionError::PieceLetter('x'),
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            PositionError::KingCount {
                color: "black",
                count: 0,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            PositionError::KingCount {
                color: "white",
                count: 2,
            },
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            PositionError::PawnOnBackRank("a8".parse().unwrap()),
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
            PositionError::TooManyPieces("black"),
        ),
        // Eleven knights: nine more than the start, with only eight pawns to
        // promote.
        (
            "4k3/8/8/8/8/8/NNNNNNNN/NNN1K3 w - - 0 1",
            PositionError::TooManyPieces("white"),
        ),
        // Three queens and seven pawns: two promotions, one missing pawn.
        (
            "qqq1k3/ppppppp1/8/8/8/8/8/4K3 w - - 0 1",
            PositionError::TooManyPieces("black"),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            PositionError::Side("x".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KX - 0 1",
            PositionError::Castling("KX".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KK - 0 1",
            PositionError::Castling("KK".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            PositionError::CastlingPieces('K'),
        ),
        // (A rook on b8 would do: X-FEN's q is the outermost rook on that side.)
        (
            "4k2r/8/8/8/8/8/8/4K3 b q - 0 1",
            PositionError::CastlingPieces('q'),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            PositionError::EnPassant("e9".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            PositionError::EnPassantImpossible("e3".parse().unwrap()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            PositionError::EnPassantImpossible("e6".parse().unwrap()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            PositionError::Counter("x".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            PositionError::Trailing("extra".into()),
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(
            Position::from_fen(fen).as_ref().err(),
            Some(expected),
            "{fen}"
        );
    }
    // The side that just moved may not be in check.
    assert_eq!(
        Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").err(),
        None
    );
    assert_eq!(
        Position::from_fen("4k2R/8/8/8/8/8/8/4K3 w - - 0 1").err(),
        Some(PositionError::OpponentInCheck)
    );
    // Three checkers cannot happen.
    assert_eq!(
        Position::from_fen("4k3/8/3N1N2/8/8/8/8/4R1K1 b - - 0 1").err(),
        Some(PositionError::TooManyCheckers(3))
    );
    // Missing counters default to 0 and 1, as in EPD.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3 b").fen(),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn fen_round_trips_and_game_trait() {
    for fen in [
        ply_chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        assert_eq!(pos(fen).fen(), fen);
        assert_eq!(
            <Position as Game>::parse_position(fen)
                .unwrap()
                .position_string(),
            fen
        );
    }
    let start = <Position as Game>::start();
    assert_eq!(start.side_to_move(), Side::First);
    assert_eq!(Game::count_moves(&start), 20);
    let mv: Move = Game::parse_move(&start, "e4").unwrap();
    assert_eq!(
        Game::side_to_move(&Game::play(&start, mv).unwrap()),
        Side::Second
    );
}

#[test]
fn promoted_pieces_up_to_the_missing_pawns_are_accepted() {
    // Nine queens: eight promotions and no pawn left.
    assert!(Position::from_fen("qqqqqqqq/q7/8/8/8/8/8/k3K3 w - - 0 1").is_ok());
    // Two queens and three rooks with six pawns: two promotions.
    assert!(Position::from_fen("4k3/8/8/8/8/8/PPPPPP2/QQRRR1K1 w - - 0 1").is_ok());
}
