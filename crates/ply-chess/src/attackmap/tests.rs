use super::slots::{self, QUEEN_SLOTS, UNDER_SLOTS};
use super::*;
use crate::movegen::Stage;
use crate::moves::Move;
use ply_core::MoveList;

fn board(fen: &str) -> AttackBoard {
    AttackBoard::from_fen(fen).unwrap()
}

fn uci(board: &AttackBoard, text: &str) -> Move {
    board.to_position().parse_uci(text).unwrap()
}

fn noisy(board: &AttackBoard) -> Vec<String> {
    let mut moves = MoveList::new();
    board.generate(Stage::Noisy, &mut moves);
    moves.iter().map(Move::to_string).collect()
}

/// The slots of `color`'s list in order, the dummy included.
fn list_slots(board: &AttackBoard, c: usize) -> Vec<u8> {
    let mut slots = Vec::new();
    let mut code = board.next[usize::from(code(KING, c))];
    while code != end(c) {
        slots.push(slots::slot(code));
        code = board.next[usize::from(code)];
    }
    slots
}

#[test]
fn the_start_position_has_the_seeds_lists_and_maps() {
    let b = AttackBoard::start();
    assert_eq!(b.verify(), Ok(()));
    // King, queen, rooks, bishops, knights, dummy, pawns.
    let white = list_slots(&b, 0);
    assert_eq!(
        &white[..8],
        &[
            QUEEN,
            ROOKS,
            ROOKS + 1,
            BISHOPS,
            BISHOPS + 1,
            KNIGHTS,
            KNIGHTS + 1,
            DUMMY
        ]
    );
    assert_eq!(white[8..], (PAWNS..PAWNS + 8).collect::<Vec<_>>()[..]);
    // e2 is defended by the king, queen, bishop and knight: leapers by
    // piece, sliders by the direction they come from.
    let e2 = usize::from(TO_MAILBOX[12]);
    assert_eq!(
        b.leaper_attacks[0][e2].count_ones(),
        2,
        "king and the g1 knight"
    );
    assert_eq!(
        b.slider_attacks[0][e2],
        (1 << 6) | (1 << 7),
        "the queen south-west, the bishop south-east"
    );
    // The a8 rook attacks the a7 pawn and the b8 knight, nothing further.
    let a7 = usize::from(TO_MAILBOX[48]);
    assert_eq!(b.slider_attacks[1][a7], 1 << 1);
    // Neighbours of the empty e4 are not kept; those of e2 are e3... e7.
    assert_eq!(b.neighbor[usize::from(TO_MAILBOX[28])], [0; 8]);
    assert_eq!(usize::from(b.neighbor[e2][1]), usize::from(TO_MAILBOX[52]));
    assert!(!b.is_check());
}

#[test]
fn make_and_unmake_restore_the_exact_board() {
    for fen in [
        crate::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ] {
        let start = board(fen);
        for mv in start.legal_moves() {
            let mut b = start.clone();
            let undo = b.make(mv);
            assert_eq!(b.verify(), Ok(()), "{fen} {mv}");
            assert_eq!(
                b.to_position(),
                start.to_position().play_unchecked(mv),
                "{fen} {mv}"
            );
            // One more ply and back, so that unmake works below other moves.
            for reply in b.legal_moves() {
                let before = b.clone();
                let u = b.make(reply);
                b.unmake(reply, &u);
                assert_eq!(b, before, "{fen} {mv} {reply}");
            }
            b.unmake(mv, &undo);
            assert_eq!(b, start, "{fen} {mv}: unmake changed the board");
        }
    }
}

#[test]
fn make_unmake_perft_counts_like_copy_make_perft() {
    for (fen, depth, nodes) in [
        (crate::START_FEN, 3, 8_902),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
            97_862,
        ),
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3, 9_483),
    ] {
        let mut b = board(fen);
        let before = b.clone();
        assert_eq!(b.perft(depth), nodes, "{fen}");
        assert_eq!(ply_core::perft::perft(&before, depth), nodes, "{fen}");
        assert_eq!(b, before);
    }
}

#[test]
fn an_evacuated_square_can_be_reused_below_the_move() {
    // White's rook leaves a1; Black then changes the a-file; White's rook
    // comes back to a1 and leaves again. Undoing it all must give back the
    // neighbours a1 had before the first move, not the later ones.
    let start = board("4k3/p7/8/8/8/8/8/R3K3 w Q - 0 1");
    let mut b = start.clone();
    let line = ["a1b1", "a7a5", "b1a1", "a5a4"];
    let mut undos = Vec::new();
    for text in line {
        let mv = uci(&b, text);
        undos.push((mv, b.make(mv)));
    }
    for (mv, undo) in undos.iter().rev() {
        b.unmake(*mv, undo);
        assert_eq!(b.verify(), Ok(()), "{mv}");
    }
    assert_eq!(b, start);
}

#[test]
fn the_check_finds_corrupted_maps_and_lists() {
    let good = AttackBoard::start();
    let e4 = usize::from(TO_MAILBOX[28]);
    let e2 = usize::from(TO_MAILBOX[12]);
    let mut b = good.clone();
    b.slider_attacks[0][e4] = 1;
    assert!(b.verify().unwrap_err().contains("slider attacks"));
    let mut b = good.clone();
    b.leaper_attacks[1][e2] ^= 1 << 12;
    assert!(b.verify().unwrap_err().contains("leaper attacks"));
    let mut b = good.clone();
    b.neighbor[e2][1] = TO_MAILBOX[60];
    assert!(b.verify().unwrap_err().contains("neighbours"));
    let mut b = good.clone();
    let knight = usize::from(code(KNIGHTS, 0));
    let (p, n) = (usize::from(b.prev[knight]), usize::from(b.next[knight]));
    b.next[p] = n as u8;
    b.prev[n] = p as u8;
    assert!(b.verify().unwrap_err().contains("in the list"));
    let mut b = good.clone();
    b.state.hash ^= 1;
    assert!(b.verify().unwrap_err().contains("hash"));
    #[cfg(any(debug_assertions, feature = "check-maps"))]
    {
        // Debug builds and the check-maps feature check at every make: a
        // corrupted board panics.
        let mut b = good.clone();
        b.slider_attacks[0][e4] = 1;
        let mv = uci(&b, "e2e4");
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| b.make(mv)));
        assert!(caught.is_err());
    }
}

#[test]
fn pawns_on_the_seventh_are_pre_promoted_behind_the_dummy() {
    let mut b = board("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(list_slots(&b, 0), vec![DUMMY, PAWNS]);
    let mv = uci(&b, "b6b7");
    let undo = b.make(mv);
    assert_eq!(list_slots(&b, 0), vec![DUMMY, PRE_PROMOTED]);
    b.unmake(mv, &undo);
    assert_eq!(list_slots(&b, 0), vec![DUMMY, PAWNS]);
    // Set up on the seventh, a pawn starts pre-promoted.
    let b = board("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(list_slots(&b, 0), vec![DUMMY, PRE_PROMOTED]);
}

#[test]
fn promotions_take_the_spare_slots() {
    let start = board("1n2k3/PPP5/8/8/8/8/8/4K2R w - - 0 1");
    let mut b = start.clone();
    // A queen goes directly behind the king, in the first queen slot.
    let mut line = Vec::new();
    for text in ["a7a8q", "e8d7", "a8b8", "d7e6"] {
        let mv = uci(&b, text);
        line.push((mv, b.make(mv)));
        if text == "a7a8q" {
            assert_eq!(list_slots(&b, 0)[0], QUEEN_SLOTS);
        }
    }
    // A knight goes directly before the dummy, in the first under-promotion slot.
    let mv = uci(&b, "c7c8n");
    line.push((mv, b.make(mv)));
    let white = list_slots(&b, 0);
    let dummy_at = white.iter().position(|&s| s == DUMMY).unwrap();
    assert_eq!(white[dummy_at - 1], UNDER_SLOTS);
    assert_eq!(b.under_slots[0], code(UNDER_SLOTS + 1, 0));
    for (mv, undo) in line.iter().rev() {
        b.unmake(*mv, undo);
    }
    assert_eq!(
        b.under_slots[0],
        code(UNDER_SLOTS, 0),
        "the slot is free again"
    );
    assert_eq!(b, start);
}

#[test]
fn captures_come_victim_first_least_valuable_attacker_first() {
    // The black queen on d5 is attacked by the e4 pawn, the c3 knight, the
    // b3 bishop, the d1 rook and the h5 queen; the rook on a5 by the a1
    // rook; the pawns on c6 and g6 by the b5 pawn and the queen. Victims
    // first (queen, rook, pawns), each by pawn, knight, bishop, rook, queen.
    let b = board("4k3/8/2p3p1/rP1q3Q/4P3/1BN5/8/R2RK3 w - - 0 1");
    assert_eq!(
        noisy(&b),
        [
            "e4d5", "c3d5", "b3d5", "d1d5", "h5d5", "a1a5", "b5c6", "h5g6"
        ]
    );
}

#[test]
fn futile_victims_end_the_capture_walk() {
    let b = board("4k3/8/2p3p1/rP1q3Q/4P3/1BN5/8/R2RK3 w - - 0 1");
    let within = |gap| {
        let mut moves = MoveList::new();
        b.generate_noisy_within(gap, &mut moves);
        moves.iter().map(Move::to_string).collect::<Vec<_>>()
    };
    assert_eq!(within(0), noisy(&b), "nothing is futile at alpha");
    let big = within(400);
    assert!(
        big.iter().all(|m| !m.ends_with('6')),
        "pawns are futile: {big:?}"
    );
    assert!(big.iter().any(|m| m.ends_with("a5")));
    let huge = within(800);
    assert!(
        huge.iter().all(|m| m.ends_with("d5")),
        "only the queen: {huge:?}"
    );
}

#[test]
fn unreachable_positions_are_refused() {
    // Three queens and eight pawns: no game gets there.
    let err = AttackBoard::from_fen("QQQ5/8/8/8/8/8/PPPPPPPP/k3K3 w - - 0 1").unwrap_err();
    // FEN validation refuses it first; the board's own slot check stays as a
    // guard for boards built otherwise.
    assert!(err.to_string().contains("promoted pieces"), "{err}");
    assert!(AttackBoard::from_fen("not a fen").is_err());
    // Nine queens and nothing else is fine.
    let b = board("QQQ5/QQQ5/QQQ5/8/7k/8/8/K7 w - - 0 1");
    assert_eq!(b.verify(), Ok(()));
    assert_eq!(
        b.queen_slots[0],
        end(0),
        "all eight spare queen slots in use"
    );
}

#[test]
fn exchanges_on_the_maps_match_the_bitboard_exchanges() {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::IndexedRandom;
    let mut rng = StdRng::seed_from_u64(5);
    let mut compared = 0;
    for fen in [
        crate::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        "4k3/4r3/4r3/8/8/4R3/4R3/4K3 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ] {
        for _ in 0..20 {
            let mut b = board(fen);
            for _ in 0..40 {
                let position = b.to_position();
                for mv in b.legal_moves() {
                    assert_eq!(
                        b.exchange(mv),
                        crate::engine::see::exchange(&position, mv),
                        "{} {mv}",
                        position.fen()
                    );
                    compared += 1;
                }
                let moves = b.legal_moves();
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                b.make(mv);
            }
        }
    }
    assert!(compared > 50_000, "{compared} exchanges");
}
