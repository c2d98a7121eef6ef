use super::init::{BISHOP, BPAWN, KING, KNIGHT, PAWN, QUEEN, ROOK};
use super::tables::Walk;
use super::*;
use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;

/// The squares a walk visits when every square is empty (`nextpos` only).
fn reach_on_empty_board(ptype: usize, from: usize) -> (Bitboard, usize) {
    let walk = Walk::new(ptype, from);
    let mut reached = Bitboard::EMPTY;
    let mut u = walk.nextpos(from);
    let mut steps = 0;
    while u != from {
        assert!(
            !reached.contains(Square::new(u as u8)),
            "{ptype} from {from}: {u} twice"
        );
        reached |= Bitboard::from_square(Square::new(u as u8));
        u = walk.nextpos(u);
        steps += 1;
        assert!(steps <= 64, "{ptype} from {from} does not end");
    }
    (reached, steps)
}

/// The first square of each direction, from `nextdir` taken at every stop.
fn direction_starts(ptype: usize, from: usize) -> Vec<usize> {
    let walk = Walk::new(ptype, from);
    let mut starts = Vec::new();
    let mut u = walk.nextpos(from);
    while u != from {
        starts.push(u);
        u = walk.nextdir(u);
    }
    starts
}

#[test]
fn walks_on_an_empty_board_reach_the_attacked_squares() {
    let empty = Bitboard::EMPTY;
    for from in 0..64usize {
        let sq = Square::new(from as u8);
        for (ptype, expected, directions) in [
            (
                KNIGHT,
                knight_attacks(sq),
                knight_attacks(sq).count() as usize,
            ),
            (BISHOP, bishop_attacks(sq, empty), 0),
            (ROOK, rook_attacks(sq, empty), 0),
            (QUEEN, queen_attacks(sq, empty), 0),
            (KING, king_attacks(sq), king_attacks(sq).count() as usize),
        ] {
            let (reached, _) = reach_on_empty_board(ptype, from);
            assert_eq!(reached, expected, "ptype {ptype} from {sq}");
            let starts = direction_starts(ptype, from);
            // Every direction start is one step from the piece, all different.
            for &s in &starts {
                assert!(king_attacks(sq).contains(Square::new(s as u8)) || ptype == KNIGHT);
            }
            if directions > 0 {
                assert_eq!(starts.len(), directions, "ptype {ptype} from {sq}");
            }
        }
        // A rook on a corner has two directions, in the middle four.
        let rook_dirs = direction_starts(ROOK, from).len();
        let edges = usize::from(from % 8 == 0)
            + usize::from(from % 8 == 7)
            + usize::from(from / 8 == 0)
            + usize::from(from / 8 == 7);
        assert_eq!(rook_dirs, 4 - edges, "rook from {sq}");
    }
}

#[test]
fn pawn_threads_push_then_capture() {
    for from in 8..56usize {
        let sq = Square::new(from as u8);
        for (ptype, color, step, home) in
            [(PAWN, Color::White, 8i32, 1), (BPAWN, Color::Black, -8, 6)]
        {
            let walk = Walk::new(ptype, from);
            // Pushes through nextpos: one square, two from the home rank.
            let mut pushes = Vec::new();
            let mut u = walk.nextpos(from);
            while u != from {
                pushes.push(u as i32);
                u = walk.nextpos(u);
            }
            let one = from as i32 + step;
            let expected: Vec<i32> = if (from / 8) as i32 == home {
                vec![one, one + step]
            } else {
                vec![one]
            };
            assert_eq!(pushes, expected, "{color:?} pawn on {sq}");
            // Captures through nextdir.
            let mut captures = Bitboard::EMPTY;
            let mut u = walk.nextdir(from);
            while u != from {
                captures |= Bitboard::from_square(Square::new(u as u8));
                u = walk.nextdir(u);
            }
            assert_eq!(captures, pawn_attacks(color, sq), "{color:?} pawn on {sq}");
        }
    }
}

#[test]
fn the_seeds_queen_on_e8() {
    // GNU Chess's queen directions: east, north, west, south, then the
    // diagonals; north and the two upward diagonals leave the board from e8.
    let sq = |name: &str| name.parse::<Square>().unwrap().index();
    let walk = Walk::new(QUEEN, sq("e8"));
    assert_eq!(walk.nextpos(sq("e8")), sq("f8"), "the first move");
    assert_eq!(walk.nextpos(sq("f8")), sq("g8"));
    assert_eq!(walk.nextdir(sq("f8")), sq("d8"), "f8 occupied: go west");
    assert_eq!(walk.nextpos(sq("h8")), sq("d8"), "east ends at h8");
    assert!(walk.ends_direction(sq("h8")));
    assert_eq!(walk.nextpos(sq("e7")), sq("e6"));
    assert_eq!(
        walk.nextdir(sq("e7")),
        sq("f7"),
        "e7 occupied: go south-east"
    );
    assert_eq!(walk.nextpos(sq("e1")), sq("f7"));
    assert_eq!(walk.nextpos(sq("a4")), sq("e8"), "the walk ends on e8");
    assert_eq!(walk.nextdir(sq("a4")), sq("e8"));
}

#[test]
fn boards_convert_both_ways_and_keep_the_hash() {
    for fen in [
        crate::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let position = Position::from_fen(fen).unwrap();
        let board = GnuBoard::from_position(&position);
        assert_eq!(board.to_position(), position, "{fen}");
        assert_eq!(board.hash(), position.hash());
        assert_eq!(board.king(Color::White), position.king(Color::White));
        assert_eq!(board.is_check(), position.is_check());
    }
}

#[test]
fn insufficient_material_agrees_with_the_position() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKB2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/4KB2 w - - 0 1",
        "3bk3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KR2 w - - 0 1",
        "4k3/p7/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(
            GnuBoard::from_position(&position).is_insufficient_material(),
            position.is_insufficient_material(),
            "{fen}"
        );
    }
}
