//! Bad input never panics: arbitrary text through the FEN and move readers.

use ply_checkers::Checkers;
use ply_core::Game;
use proptest::prelude::*;

/// Text made of the characters FENs and moves are made of, so that the
/// readers get past their first checks.
fn fen_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex(r#"[\[\]" BWbwKk0-9,:.x-]{0,40}"#).unwrap()
}

fn positions() -> Vec<Checkers> {
    [
        "B:W21-32:B1-12",
        "W:WK10:B14,15,22,23",
        "B:W14,15,22,23:B10",
        "W:W9:B6,7",
        "B:WK10:B",
    ]
    .iter()
    .map(|fen| Checkers::parse_position(fen).unwrap())
    .collect()
}

/// Whatever the text, the FEN reader answers; what it accepts, it writes back.
fn read_fen(text: &str) {
    if let Ok(position) = Checkers::parse_position(text) {
        let written = position.position_string();
        assert_eq!(Checkers::parse_position(&written), Ok(position), "{text:?}");
        assert!(position.black().count_ones() <= 12 && position.white().count_ones() <= 12);
        assert_eq!(position.black() & position.white(), 0);
    }
}

/// Whatever the text, the move reader answers with a legal move or an error.
fn read_move(text: &str) {
    for position in positions() {
        match position.parse_move(text) {
            Ok(mv) => {
                assert!(position.legal_moves().contains(&mv), "{text:?}");
                assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
            }
            Err(err) => assert!(!err.to_string().contains('\n')),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn any_text_is_read_or_refused_as_a_position(text in any::<String>()) {
        read_fen(&text);
    }

    #[test]
    fn fen_like_text_is_read_or_refused_as_a_position(text in fen_like()) {
        read_fen(&text);
    }

    #[test]
    fn any_text_is_read_or_refused_as_a_move(text in any::<String>()) {
        read_move(&text);
    }

    #[test]
    fn move_like_text_is_read_or_refused_as_a_move(text in "[0-9x -]{0,16}") {
        read_move(&text);
    }
}

/// FEN-shaped text: a side, two lists of squares, kings and ranges, with
/// wrong letters, numbers and shapes mixed in.
fn structured_fen() -> impl Strategy<Value = String> {
    let list = || {
        // Mostly squares 1-32, some out of range; some ranges.
        let number = "([1-9]|1[0-9]|2[0-9]|3[0-2]|[04-9][0-9])";
        let item = format!("[Kk]?{number}(-{number})?");
        let item = proptest::string::string_regex(&item).unwrap();
        proptest::collection::vec(item, 0..5).prop_map(|items| items.join(","))
    };
    ("[BWBWBWX]", "[BW]", list(), "[WBW]", list(), r"(\.)?")
        .prop_map(|(side, c1, l1, c2, l2, end)| format!("{side}:{c1}{l1}:{c2}{l2}{end}"))
}

#[test]
fn structured_fens_are_read_or_refused_both_ways() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = structured_fen();
    let (mut read, mut refused) = (0, 0);
    for _ in 0..5000 {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        read_fen(&text);
        if Checkers::parse_position(&text).is_ok() {
            read += 1;
        } else {
            refused += 1;
        }
    }
    assert!(
        read > 100 && refused > 100,
        "{read} read, {refused} refused"
    );
}
