//! The shift generator against a slow reference, move by move — start square,
//! every landing square and the captured pieces — on random placements with
//! kings, positions built for long king captures, random games, and by perft.

mod reference;

use ply_checkers::{Checkers, Color, Move, Position, Square};
use ply_core::Game;
use ply_core::perft::perft;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use reference::{RefMove, Reference};

/// Kinds of moves met, to make sure the random positions reach the hard cases.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    multi_jumps: usize,
    king_multi_jumps: usize,
    crownings: usize,
    crowning_jumps: usize,
    /// Captures with the same start, end and captured pieces as another.
    duplicate_paths: usize,
    full_circles: usize,
    no_moves: usize,
}

fn reference_of(position: &Position) -> Reference {
    Reference::from_boards(
        position.black(),
        position.white(),
        position.kings(),
        position.turn() == Color::Black,
    )
}

fn as_reference(mv: Move) -> RefMove {
    RefMove {
        from: mv.from().number(),
        landings: mv.landings().map(Square::number).collect(),
        captured: Square::in_board(mv.captured())
            .map(Square::number)
            .collect(),
    }
}

/// Everything the generator says about `position` agrees with the reference.
fn check(position: &Position, seen: &mut Seen) {
    let reference = reference_of(position);
    let mut expected = reference.moves();
    expected.sort();
    let moves = position.legal_moves();
    let mut got: Vec<RefMove> = moves.iter().map(|&mv| as_reference(mv)).collect();
    got.sort();
    assert_eq!(got, expected, "{position:?}");
    assert_eq!(position.count_moves(), moves.len() as u64, "{position:?}");

    // The seed's move sets name exactly the pieces that have a move.
    let sets = position.move_sets();
    let movers: std::collections::BTreeSet<u32> = got.iter().map(|m| m.from).collect();
    assert_eq!(sets.movers().count_ones() as usize, movers.len());
    assert_eq!(sets.jumps, moves.iter().any(|m| m.is_capture()));
    assert_eq!(position.must_capture(), sets.jumps);

    seen.positions += 1;
    if moves.is_empty() {
        seen.no_moves += 1;
        assert!(position.outcome().is_some(), "{position:?}");
    } else {
        assert!(position.outcome().is_none(), "{position:?}");
    }
    let mut shapes = std::collections::HashSet::new();
    for &mv in &moves {
        let next = position.play_unchecked(mv);
        let expected_next = reference.play(&as_reference(mv));
        assert_eq!(
            (next.black(), next.white(), next.kings()),
            expected_next.boards(),
            "{position:?} {mv}"
        );
        assert_eq!(next.turn(), position.turn().opponent());
        assert_eq!(position.parse_move(&mv.to_string()), Ok(mv), "{mv}");
        let was_king = position.kings() & mv.from().bit() != 0;
        if mv.jumps() > 1 {
            seen.multi_jumps += 1;
            if was_king {
                seen.king_multi_jumps += 1;
            }
        }
        if !was_king && next.kings() & mv.to().bit() != 0 {
            seen.crownings += 1;
            if mv.is_capture() {
                seen.crowning_jumps += 1;
            }
        }
        if mv.is_capture() && mv.from() == mv.to() {
            seen.full_circles += 1;
        }
        if !shapes.insert((mv.from(), mv.to(), mv.captured())) {
            seen.duplicate_paths += 1;
        }
    }
    let fen = position.position_string();
    assert_eq!(
        Checkers::parse_position(&fen).as_ref(),
        Ok(position),
        "{fen}"
    );
}

/// A random legal placement: up to 12 pieces a side, kings with probability
/// `king_share`, men never on their crowning row.
fn random_position(rng: &mut StdRng, king_share: f64) -> Position {
    loop {
        let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
        let wanted = [rng.random_range(0..=12), rng.random_range(0..=12)];
        for (side, &count) in wanted.iter().enumerate() {
            for _ in 0..count {
                let square = Square::from_index(rng.random_range(0..32));
                let bit = square.bit();
                if (black | white) & bit != 0 {
                    continue;
                }
                let crowning_row = if side == 0 { 7 } else { 0 };
                if rng.random_bool(king_share) || square.row() == crowning_row {
                    kings |= bit;
                }
                if side == 0 {
                    black |= bit;
                } else {
                    white |= bit;
                }
            }
        }
        let color = if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        };
        if let Ok(position) = Position::from_pieces(black, white, kings, color) {
            return position;
        }
    }
}

/// Kings of the side to move among the opponent's men, placed on the squares
/// kings jump over: rings and long multi-jumps in every direction.
fn king_hunt(rng: &mut StdRng) -> Position {
    loop {
        let (mut mine, mut theirs) = (0u32, 0u32);
        for _ in 0..rng.random_range(1..=4) {
            mine |= 1 << rng.random_range(0..32);
        }
        for _ in 0..rng.random_range(4..=12) {
            let square = Square::from_index(rng.random_range(0..32));
            // Not on an edge, so that it can be jumped.
            if (1..7).contains(&square.row()) && (1..7).contains(&square.file()) {
                theirs |= square.bit();
            }
        }
        theirs &= !mine;
        let kings = mine | (theirs & rng.random::<u32>());
        let (black, white, color) = if rng.random_bool(0.5) {
            (mine, theirs, Color::Black)
        } else {
            (theirs, mine, Color::White)
        };
        if let Ok(position) = Position::from_pieces(black, white, kings, color) {
            return position;
        }
    }
}

#[test]
fn random_placements_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(0xC0FFEE);
    let mut seen = Seen::default();
    for round in 0..20_000 {
        let king_share = [0.0, 0.1, 0.5, 1.0][round % 4];
        check(&random_position(&mut rng, king_share), &mut seen);
    }
    assert!(seen.multi_jumps > 500, "{seen:?}");
    assert!(seen.king_multi_jumps > 100, "{seen:?}");
    assert!(seen.crownings > 500 && seen.crowning_jumps > 50, "{seen:?}");
    assert!(seen.no_moves > 50, "{seen:?}");
}

#[test]
fn long_king_captures_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut seen = Seen::default();
    for _ in 0..20_000 {
        check(&king_hunt(&mut rng), &mut seen);
    }
    assert!(seen.king_multi_jumps > 2_500, "{seen:?}");
    assert!(seen.duplicate_paths > 20, "{seen:?}");
    assert!(seen.full_circles > 20, "{seen:?}");
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut seen = Seen::default();
    let mut finished = 0;
    for _ in 0..300 {
        let mut position = Checkers::start();
        for _ in 0..300 {
            check(&position, &mut seen);
            let moves = position.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                finished += 1;
                break;
            };
            position = position.play_unchecked(mv);
        }
    }
    assert!(finished > 100, "{finished} games ended by a loss");
    assert!(seen.multi_jumps > 100 && seen.crownings > 100, "{seen:?}");
}

#[test]
fn perft_agrees_with_the_reference_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(99);
    for round in 0..60 {
        let position = if round % 2 == 0 {
            random_position(&mut rng, 0.3)
        } else {
            king_hunt(&mut rng)
        };
        let reference = reference_of(&position);
        for depth in 1..=4 {
            assert_eq!(
                perft(&position, depth),
                reference.perft(depth),
                "{position:?} depth {depth}"
            );
        }
    }
}

/// A king has at most 16 capture paths: the most any square has when every
/// piece it could jump is there (a piece less or a square blocked only removes
/// paths). So 12 pieces have at most 12 * 16 moves, within a move list.
#[test]
fn a_king_has_at_most_16_capture_paths() {
    let mut most = 0;
    for square in Square::all() {
        // The squares this king can jump over: between two of its landing squares.
        let mut jumpable = 0u32;
        for other in Square::all() {
            let (dr, df) = (
                i32::from(other.row()) - i32::from(square.row()),
                i32::from(other.file()) - i32::from(square.file()),
            );
            if dr % 2 != 0
                && df % 2 != 0
                && (1..7).contains(&other.row())
                && (1..7).contains(&other.file())
            {
                jumpable |= other.bit();
            }
        }
        let squares: Vec<u32> = Square::in_board(jumpable).map(|s| s.bit()).collect();
        assert!(squares.len() <= 12);
        for subset in 0u32..1 << squares.len() {
            let white = squares
                .iter()
                .enumerate()
                .filter(|&(k, _)| subset >> k & 1 == 1)
                .fold(0, |board, (_, &bit)| board | bit);
            let position =
                Position::from_pieces(square.bit(), white, square.bit() | white, Color::Black)
                    .unwrap();
            let moves = position.legal_moves();
            assert!(moves.iter().all(|m| m.jumps() <= 9));
            most = most.max(moves.len());
        }
    }
    assert_eq!(most, 16);
    assert!(12 * most <= ply_core::MAX_MOVES);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any boards at all, made legal: overlaps go to White, men on their
    /// crowning row are crowned, pieces beyond 12 a side are dropped.
    #[test]
    fn arbitrary_boards_agree_with_the_reference(black: u32, white: u32, kings: u32, black_to_move: bool) {
        let mut black = black & !white;
        let mut white = white;
        while black.count_ones() > 12 {
            black &= black - 1;
        }
        while white.count_ones() > 12 {
            white &= white - 1;
        }
        let kings = (kings | (black & 0xF000_0000) | (white & 0xF)) & (black | white);
        let color = if black_to_move { Color::Black } else { Color::White };
        let position = Position::from_pieces(black, white, kings, color).unwrap();
        check(&position, &mut Seen::default());
    }
}
