use super::*;
use crate::Checkers;

const START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

fn fen(text: &str) -> Position {
    parse_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn error(text: &str) -> PositionError {
    parse_fen(text).expect_err(text)
}

#[test]
fn the_start_position_in_all_accepted_spellings() {
    let start = Checkers::start();
    for text in [
        START_FEN,
        "B:B1-12:W21-32",
        "B:W21-32:B1-12",
        "b:w21-32:b1-12",
        "B:W21-32:B1-12.",
        "  B : W21, 22, 23, 24, 25-32 : B1-4,5-8,9,10,11,12  ",
        "[FEN \"B:W21-32:B1-12\"]",
        "[FEN \"B:W21-32:B1-12.\"]",
        "[fen  \"B:W21-32:B1-12\" ]",
        "\"B:W21-32:B1-12\"",
        "B:W32-32,21-31:B1-12",
    ] {
        assert_eq!(fen(text), start, "{text}");
    }
    assert_eq!(write_fen(&start), START_FEN);
}

#[test]
fn kings_ranges_and_empty_lists() {
    let p = fen("W:WK3,K1-2,30:BK31-32,K29,5");
    assert_eq!(p.turn(), Color::White);
    assert_eq!(write_fen(&p), "W:WK1,K2,K3,30:B5,K29,K31,K32");
    assert_eq!(p.kings().count_ones(), 6);
    let lonely = fen("B:W:BK5");
    assert_eq!(lonely.white(), 0);
    assert_eq!(write_fen(&lonely), "B:W:BK5");
    assert_eq!(write_fen(&fen("W:B5")), "W:W:B5", "a missing list is empty");
    assert_eq!(write_fen(&fen("W:Wk10:b14")), "W:WK10:B14");
}

#[test]
fn written_positions_read_back() {
    for text in [
        START_FEN,
        "W:WK10:B14,15,22,23",
        "B:W5,K8:BK27",
        "W:W:B1,2,3",
        "B:WK1,K2,K3,K4:BK29,K30,K31,K32",
    ] {
        assert_eq!(write_fen(&fen(text)), text);
    }
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    let cases: [(&str, PositionError); 9] = [
        (
            "B:W1,2:B2",
            PositionError::TwoPieces(Square::from_number(2).unwrap()),
        ),
        (
            "B:W5,5:B1",
            PositionError::TwoPieces(Square::from_number(5).unwrap()),
        ),
        (
            "B:W10:BK1-12,10",
            PositionError::TwoPieces(Square::from_number(10).unwrap()),
        ),
        (
            "B:W10:B29",
            PositionError::ManOnCrowningRow {
                color: Color::Black,
                square: Square::from_number(29).unwrap(),
            },
        ),
        (
            "W:W4:B10",
            PositionError::ManOnCrowningRow {
                color: Color::White,
                square: Square::from_number(4).unwrap(),
            },
        ),
        (
            "B:W20-32:B1",
            PositionError::TooManyPieces {
                color: Color::White,
                count: 13,
            },
        ),
        (
            "B:W32:B1-13",
            PositionError::TooManyPieces {
                color: Color::Black,
                count: 13,
            },
        ),
        ("B:W33:B1", PositionError::SquareOutOfRange("33".into())),
        ("X:W21:B1", PositionError::UnknownSide("X".into())),
    ];
    for (text, expected) in cases {
        assert_eq!(error(text), expected, "{text}");
    }
    // Kings may stand anywhere.
    assert!(parse_fen("B:WK1:BK32").is_ok());
}

#[test]
fn malformed_text_is_refused_with_the_reason() {
    let cases = [
        ("", "side to move is missing"),
        ("B", "no lists of squares"),
        ("B:W21:B1:W22", "white pieces are listed twice"),
        ("B:W21:R1", "'R' is not a colour"),
        ("B:W21::B1", "a list of squares is empty"),
        ("BW:W21:B1", "'BW' is not a side to move"),
        ("B:W0:B1", "'0' is not a square"),
        (
            "B:W99999999999999999999:B1",
            "is not a square: squares are numbered 1 to 32",
        ),
        ("B:W21,,22:B1", "'' is not a square or a range"),
        ("B:W21,:B1", "'' is not a square or a range"),
        ("B:Wx:B1", "'x' is not a square or a range"),
        ("B:W12-5:B1", "'12-5' is not a square or a range"),
        ("B:W1-2-3:B9", "'1-2-3' is not a square or a range"),
        ("B:WK:B1", "'K' is not a square or a range"),
        ("B:W-5:B1", "'-5' is not a square or a range"),
        ("B:W+5:B1", "'+5' is not a square or a range"),
        ("[FEN \"B:W21:B1\"", "no closing ]"),
        ("[Event \"B:W21:B1\"]", "is not a [FEN"),
        ("\"B:W21:B1", "no closing quote"),
        ("B:W21:B1..", "'1.' is not a square"),
        ("é:W21:B1", "'é' is not a side to move"),
        ("B:W2é:B1", "'2é' is not a square"),
    ];
    for (text, expected) in cases {
        let message = error(text).to_string();
        assert!(message.contains(expected), "{text:?}: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
    // Long garbage is quoted back shortened.
    let long = format!("B:W{}:B1", "7".repeat(500));
    assert!(error(&long).to_string().len() < 200);
}

#[test]
fn moves_are_read_in_full_or_by_start_and_end() {
    let start = Checkers::start();
    assert_eq!(parse_move(&start, "11-15").unwrap().to_string(), "11-15");
    assert_eq!(parse_move(&start, " 9-13 ").unwrap().to_string(), "9-13");
    // Black's man on 11 (f6) takes 15 (e5) landing on 18 (d4), then 23 (e3)
    // landing on 27 (f2).
    let p = fen("B:W15,23:B11");
    let legal: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(legal, ["11x18x27"]);
    for text in [
        "11x18x27",
        "11x27",
        "11-18-27",
        "11-27",
        "11X27",
        "11 x 18 x 27",
    ] {
        assert_eq!(
            parse_move(&p, text).unwrap().to_string(),
            "11x18x27",
            "{text}"
        );
    }
}

#[test]
fn bad_moves_are_refused_with_the_legal_ones() {
    let start = Checkers::start();
    let legal = "9-13 10-14 11-15 12-16 9-14 10-15 11-16";
    let mut names: Vec<String> = start.legal_moves().iter().map(Move::to_string).collect();
    let mut listed: Vec<&str> = legal.split(' ').collect();
    names.sort();
    listed.sort();
    assert_eq!(names, listed);
    let illegal = parse_move(&start, "11-14").unwrap_err();
    assert!(
        matches!(&illegal, MoveError::Illegal { played, .. } if played == "11-14"),
        "{illegal:?}"
    );
    assert!(
        illegal
            .to_string()
            .starts_with("11-14 is not legal here; legal moves: ")
    );
    for name in &names {
        assert!(illegal.to_string().contains(name.as_str()));
    }
    // A step written as a capture is not that step.
    assert!(matches!(
        parse_move(&start, "11x15"),
        Err(MoveError::Illegal { .. })
    ));
    for bad in [
        "", "11", "11-", "-15", "a-b", "11--15", "11-33", "0-4", "11/15", "11x15x", "1é-5",
    ] {
        assert!(
            matches!(parse_move(&start, bad), Err(MoveError::Malformed(_))),
            "{bad:?}"
        );
    }
    let over = fen("B:WK10:B");
    assert_eq!(
        parse_move(&over, "1-5").unwrap_err().to_string(),
        "1-5 is not legal here; legal moves: none (the game is over)"
    );
}

#[test]
fn an_ambiguous_short_capture_lists_the_moves_that_fit() {
    // The ring: two ways round from 10 back to 10.
    let ring = fen("W:WK10:B14,15,22,23");
    let err = parse_move(&ring, "10x10").unwrap_err();
    match &err {
        MoveError::Ambiguous { candidates, .. } => {
            let mut fits: Vec<&str> = candidates.iter().map(String::as_str).collect();
            fits.sort();
            assert_eq!(fits, ["10x17x26x19x10", "10x19x26x17x10"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string()
            .starts_with("10x10 is ambiguous here; legal moves that fit: ")
    );
    // Each full path is one move.
    let a = parse_move(&ring, "10x17x26x19x10").unwrap();
    let b = parse_move(&ring, "10x19x26x17x10").unwrap();
    assert_ne!(a, b);
    assert_eq!(a.captured(), b.captured());
    // A man with two routes to one square: 10 takes 14 and 22, or 15 and 23,
    // landing on 26 either way.
    let diamond = fen("B:W14,15,22,23:B10");
    let mut names: Vec<String> = diamond.legal_moves().iter().map(Move::to_string).collect();
    names.sort();
    assert_eq!(names, ["10x17x26", "10x19x26"]);
    let err = parse_move(&diamond, "10x26").unwrap_err();
    assert_eq!(
        err,
        MoveError::Ambiguous {
            played: "10x26".into(),
            candidates: ply_core::MoveNames(
                diamond.legal_moves().iter().map(Move::to_string).collect()
            ),
        }
    );
    assert_eq!(
        parse_move(&diamond, "10x19x26").unwrap().to_string(),
        "10x19x26"
    );
}
