use super::*;
use crate::EndReason;
use crate::types::Square;
use ply_core::perft::perft;
use ply_core::{Game, Outcome, Side};

const START_FEN: &str = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";

fn pos(text: &str) -> Position {
    Position::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn names(position: &Position) -> Vec<String> {
    position.legal_moves().iter().map(Move::to_string).collect()
}

fn sorted_names(position: &Position) -> Vec<String> {
    let mut names = names(position);
    names.sort();
    names
}

fn board(numbers: &[u32]) -> u32 {
    numbers
        .iter()
        .map(|&n| Square::from_number(n).unwrap().bit())
        .fold(0, |a, b| a | b)
}

#[test]
fn start_position_matches_the_contract() {
    let start = Position::start();
    assert_eq!(start.position_string(), START_FEN);
    assert_eq!(pos(START_FEN), start);
    assert_eq!(start.side_to_move(), Side::First);
    assert_eq!(start.turn(), Color::Black);
    assert_eq!(start.black(), board(&(1..=12).collect::<Vec<_>>()));
    assert_eq!(start.white(), board(&(21..=32).collect::<Vec<_>>()));
    assert_eq!(start.kings(), 0);
    assert_eq!(
        sorted_names(&start),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    assert_eq!(start.count_moves(), 7);
    assert!(start.outcome().is_none());
}

#[test]
fn white_moves_towards_square_one() {
    let start = Position::start();
    let after = start.play_unchecked(start.parse_move("11-15").unwrap());
    assert_eq!(after.turn(), Color::White);
    assert_eq!(
        after.position_string(),
        "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    );
    assert_eq!(
        sorted_names(&after),
        [
            "21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"
        ]
    );
}

#[test]
fn shallow_perft_from_the_start() {
    let expected = [1, 7, 49, 302, 1469, 7361, 36768, 179_740];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(
            perft(&Position::start(), depth as u32),
            nodes,
            "depth {depth}"
        );
    }
}

/// The two rule cases of the reference table, as explicit tests.
#[test]
fn a_king_round_a_ring_has_two_moves_one_per_direction() {
    // White king on 10 takes 14, 15, 22, 23 clockwise or anticlockwise and
    // comes back to 10: two moves, counted separately as perft does.
    let p = pos("W:WK10:B14,15,22,23");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 2);
    assert_eq!(p.count_moves(), 2);
    for mv in &moves {
        assert_eq!(mv.from(), mv.to());
        assert_eq!(mv.from().number(), 10);
        assert_eq!(mv.jumps(), 4);
        assert_eq!(mv.captured(), board(&[14, 15, 22, 23]));
    }
    assert_ne!(moves[0], moves[1]);
    let mut texts = names(&p);
    texts.sort();
    assert_eq!(texts, ["10x17x26x19x10", "10x19x26x17x10"]);
    let after = p.play_unchecked(moves[0]);
    assert_eq!(after.position_string(), "B:WK10:B");
    assert_eq!(
        after.outcome(),
        Some(Outcome::Win {
            winner: Side::Second,
            reason: EndReason::NoLegalMoves
        })
    );
    assert_eq!(perft(&p, 2), 0);
}

#[test]
fn a_crowned_man_ends_its_move() {
    // White's man on 9 takes 6 and is crowned on 2; as a king it could go on
    // over 7, but the move ends with the crowning.
    let p = pos("W:W9:B6,7");
    assert_eq!(names(&p), ["9x2"]);
    let after = p.play_unchecked(p.legal_moves()[0]);
    assert_eq!(after.position_string(), "B:WK2:B7");
    assert_eq!(after.kings(), board(&[2]));
    let expected = [1, 2, 4, 8, 32, 64, 192, 360, 1350, 2610];
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(perft(&p, depth as u32 + 1), nodes, "depth {}", depth + 1);
    }
}

#[test]
fn captures_are_mandatory_and_any_capture_may_be_chosen() {
    // Black's man on 10 can take 14 (and stop on 17) or 15 and then 23; the
    // man on 1 could step, but a capture exists. Both captures are legal, the
    // shorter one too.
    let p = pos("B:W14,15,23:B10,1");
    assert!(p.must_capture());
    assert_eq!(sorted_names(&p), ["10x17", "10x19x26"]);
    let short = pos("B:W14,15,24:B10");
    assert_eq!(sorted_names(&short), ["10x17", "10x19x28"]);
}

#[test]
fn men_capture_forward_only_and_kings_in_all_directions() {
    let man = pos("B:W6:B10");
    assert!(!man.must_capture(), "a man cannot take backwards");
    assert_eq!(sorted_names(&man), ["10-14", "10-15"]);
    let king = pos("B:W6:BK10");
    assert_eq!(names(&king), ["10x1"]);
    let after = king.play_unchecked(king.legal_moves()[0]);
    assert_eq!(after.position_string(), "W:W:BK1");
    assert_eq!(after.outcome().and_then(Outcome::winner), Some(Side::First));
}

#[test]
fn a_piece_is_never_jumped_twice() {
    // Black king on 1 takes 6 and 15 to 19 ... and could only come back over 15.
    let p = pos("B:W6,15:BK1");
    assert_eq!(names(&p), ["1x10x19"]);
}

#[test]
fn kings_keep_their_crown_and_the_far_row_crowns_men() {
    let p = pos("B:W32:B27,K28");
    let mut texts = names(&p);
    texts.sort();
    assert_eq!(texts, ["27-31", "28-24"]);
    let crowned = p.play_unchecked(p.parse_move("27-31").unwrap());
    assert_eq!(crowned.kings(), board(&[28, 31]));
    let king_moved = p.play_unchecked(p.parse_move("28-24").unwrap());
    assert_eq!(king_moved.kings(), board(&[24]));
    // A white man reaching 1-4 is crowned too.
    let w = pos("W:W5:B25");
    let after = w.play_unchecked(w.parse_move("5-1").unwrap());
    assert_eq!(after.position_string(), "B:WK1:B25");
}

#[test]
fn hash_depends_on_pieces_and_side_not_on_the_path() {
    ply_core::zobrist::check_hashes(&Position::start(), 4).unwrap();
    let start = Position::start();
    let other_side = pos(&START_FEN.replacen('B', "W", 1));
    assert_ne!(other_side.hash(), start.hash());
    let with_king = pos("B:W21:BK1");
    assert_ne!(with_king.hash(), pos("B:W21:B1").hash());
}
