use super::*;
use crate::game::EndReason;
use crate::movegen::LineTableGenerator;
use crate::notation::MoveError;
use ply_core::{MoveNames, Outcome};

const START: &str = "---------------------------OX------XO--------------------------- X";

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn names(position: &Position) -> Vec<String> {
    position.legal_moves().iter().map(Move::to_string).collect()
}

/// Builds a position string from rows written rank 8 first, as a board is drawn.
fn drawn(rows: [&str; 8], side: char) -> String {
    let mut text: String = rows.iter().rev().copied().collect();
    text.push(' ');
    text.push(side);
    text
}

#[test]
fn start_position_matches_the_contract() {
    let start = Position::<BitboardGenerator>::start();
    assert_eq!(start.position_string(), START);
    assert_eq!(pos(START), start);
    assert_eq!(start.side_to_move(), Side::First);
    assert_eq!(names(&start), ["d3", "c4", "f5", "e6"]);
}

#[test]
fn strings_round_trip_and_accept_common_variants() {
    let p = pos(START);
    let lenient = START.replace('X', "*").replace('O', "0").replace('-', ".");
    assert_eq!(pos(&lenient), p);
    assert_eq!(pos(&format!("  {}  ", START.to_lowercase())), p);
    let white_to_move = pos(&START.replace(" X", " O"));
    assert_eq!(white_to_move.side_to_move(), Side::Second);
    assert_eq!(white_to_move.position_string(), START.replace(" X", " O"));
    // rows may be split by spaces or newlines
    let rows: Vec<&str> = (0..8).map(|r| &START[r * 8..r * 8 + 8]).collect();
    assert_eq!(pos(&format!("{}\n X", rows.join("\n"))), p);
}

#[test]
fn malformed_strings_are_refused_with_the_reason() {
    let cases = [
        ("", "nothing"),
        ("X", "without a side"),
        (&format!("{} X", &START[..60]), "got 60 board characters"),
        (&START.replace(" X", " Z"), "'Z' is not a side"),
        (&START.replace(" X", " XO"), "'XO' is not a side"),
        (&START.replacen('-', "#", 1), "'#' on a1 is not a disc"),
        (&format!("-{START}"), "65 board characters"),
        (&START[..64], "without a side"),
    ];
    for (text, expected) in cases {
        let err = Position::<BitboardGenerator>::parse_position(text)
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{text:?}: {err}");
    }
}

#[test]
fn impossible_positions_are_refused() {
    let empty_centre = START.replacen('O', "-", 1);
    let err = Position::<BitboardGenerator>::parse_position(&empty_centre).unwrap_err();
    assert_eq!(err, PositionError::EmptyCentre("d4".parse().unwrap()));
    let mut island = START.to_owned();
    island.replace_range(0..1, "X");
    let err = Position::<BitboardGenerator>::parse_position(&island).unwrap_err();
    assert_eq!(err, PositionError::Disconnected("a1".parse().unwrap()));
    assert!(matches!(
        Position::<BitboardGenerator>::from_discs(1 << 27, 1 << 27, Side::First),
        Err(PositionError::Overlap(_))
    ));
    // A chain of discs from the centre to the corner is fine.
    let mut chain = START.to_owned();
    for sq in ["a1", "b2", "c3"] {
        let i = sq.parse::<Square>().unwrap().index();
        chain.replace_range(i..=i, "O");
    }
    assert!(Position::<BitboardGenerator>::parse_position(&chain).is_ok());
}

#[test]
fn playing_flips_and_hands_over_the_move() {
    let start = pos(START);
    let d3 = start.parse_move("d3").unwrap();
    let after = start.play_unchecked(d3);
    assert_eq!(after.side_to_move(), Side::Second);
    assert_eq!(after.black().count_ones(), 4);
    assert_eq!(after.white().count_ones(), 1);
    assert_eq!(names(&after), ["c3", "e3", "c5"]);
    // A move flipping in three directions at once: c3 closes d3 (east),
    // c4 (north) and d4 (north-east).
    let p = pos(&drawn(
        [
            "--------", "--------", "--------", "--XOX---", "--OOO---", "---OX---", "--------",
            "--------",
        ],
        'X',
    ));
    let c3: Square = "c3".parse().unwrap();
    let expected = ["d3", "c4", "d4"]
        .iter()
        .fold(0, |m, s| m | s.parse::<Square>().unwrap().bit());
    assert_eq!(p.flips(c3), expected);
    assert_eq!(p.with_generator::<LineTableGenerator>().flips(c3), expected);
    let after = p.play_unchecked(Move::place(c3));
    assert_eq!(
        (after.black().count_ones(), after.white().count_ones()),
        (7, 2)
    );
    assert_eq!(
        p.flips("d4".parse().unwrap()),
        0,
        "occupied squares flip nothing"
    );
}

#[test]
fn moves_are_parsed_checked_and_listed_when_illegal() {
    let start = pos(START);
    assert_eq!(start.parse_move(" D3 ").unwrap().to_string(), "d3");
    assert_eq!(
        start.parse_move("a1"),
        Err(MoveError::Illegal {
            played: "a1".into(),
            legal: MoveNames(["d3", "c4", "f5", "e6"].map(String::from).to_vec())
        })
    );
    assert_eq!(
        start.parse_move("z9"),
        Err(MoveError::Malformed("z9".into()))
    );
    assert!(
        start.parse_move("pass").is_err(),
        "no pass while moves exist"
    );
    assert!(start.parse_move("d4").is_err(), "occupied");
    let message = start.parse_move("e3").unwrap_err().to_string();
    assert_eq!(message, "e3 is not legal here; legal moves: d3 c4 f5 e6");
}

#[test]
fn a_player_without_moves_must_pass_and_the_pass_is_one_move() {
    // White (O) owns a1 and c3; every line from them runs through black discs
    // to the edge or to the other white disc, so White cannot move, while
    // Black can take c3 from c4 (c2 is black).
    let p = pos(&drawn(
        [
            "X------X", "X-----X-", "X----X--", "X--XX---", "X--XX---", "X-O-----", "XXX-----",
            "OXXXXXXX",
        ],
        'O',
    ));
    assert_eq!(p.move_squares(), 0);
    assert!(p.must_pass());
    assert!(!p.is_game_over());
    assert_eq!(names(&p), ["pass"]);
    assert_eq!(p.count_moves(), 1);
    assert!(p.outcome().is_none());
    let passed = p.play_unchecked(p.parse_move("pass").unwrap());
    assert_eq!(passed.side_to_move(), Side::First);
    assert_eq!((passed.black(), passed.white()), (p.black(), p.white()));
    assert!(names(&passed).contains(&"c4".to_owned()));
    assert!(!passed.must_pass());
}

#[test]
fn game_over_has_no_moves_and_counts_discs_with_empties_to_the_winner() {
    // Black wiped out White: 5 black discs, 59 empties, neither can move.
    let p = pos(&drawn(
        [
            "--------", "--------", "--------", "---XX---", "---XXX--", "--------", "--------",
            "--------",
        ],
        'O',
    ));
    assert!(p.is_game_over());
    assert_eq!(p.count_moves(), 0);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.final_score(), -64, "White to move lost everything");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Side::First,
            reason: EndReason::NeitherSideCanMove
        })
    );
    assert_eq!(
        p.parse_move("pass").unwrap_err().to_string(),
        "pass is not legal here; legal moves: none (the game is over)"
    );
}

#[test]
fn full_board_scores_and_draws() {
    let half: String = "X".repeat(32) + &"O".repeat(32);
    let draw = pos(&format!("{half} X"));
    assert!(draw.is_game_over());
    assert_eq!(draw.final_score(), 0);
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NeitherSideCanMove
        })
    );
    let more: String = "X".repeat(40) + &"O".repeat(24);
    let win = pos(&format!("{more} O"));
    assert_eq!(win.final_score(), -16);
    assert_eq!(win.outcome().and_then(Outcome::winner), Some(Side::First));
}

#[test]
fn hash_depends_on_discs_and_side_not_on_the_path() {
    ply_core::zobrist::check_hashes(&pos(START), 4).unwrap();

    let start = pos(START);
    let other_side = pos(&START.replace(" X", " O"));
    assert_ne!(other_side.hash(), start.hash());
    assert_eq!(
        start.with_generator::<LineTableGenerator>().hash(),
        start.hash()
    );
}
