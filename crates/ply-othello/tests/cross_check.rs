//! The two move generators (and both builds of the bitboard one) against each
//! other and against a slow reference, on random placements, along random
//! games, and by perft on late positions whose trees hold passes and finished
//! games.

mod reference;

use ply_core::Game;
use ply_core::perft::perft;
use ply_othello::movegen::bitboard::portable;
use ply_othello::{
    BitboardGenerator, LineTableGenerator, MoveGenerator, Othello, Position, Square,
};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use reference::Reference;

/// Every generator's moves and flips on (player, opponent) equal the reference's.
fn check_boards(player: u64, opponent: u64) {
    let reference = Reference::from_bitboards(player, opponent);
    let moves = reference.move_squares();
    assert_eq!(
        BitboardGenerator::moves(player, opponent),
        moves,
        "bitboard moves {player:#x} {opponent:#x}"
    );
    assert_eq!(
        LineTableGenerator::moves(player, opponent),
        moves,
        "lines moves {player:#x} {opponent:#x}"
    );
    assert_eq!(portable::moves(player, opponent), moves, "portable moves");
    for square in Square::in_bitboard(!(player | opponent)) {
        let flips = reference.flips(square.index());
        assert_eq!(
            BitboardGenerator::flips(player, opponent, square),
            flips,
            "bitboard flips {square} {player:#x} {opponent:#x}"
        );
        assert_eq!(
            LineTableGenerator::flips(player, opponent, square),
            flips,
            "lines flips {square} {player:#x} {opponent:#x}"
        );
        assert_eq!(
            portable::flips(player, opponent, square),
            flips,
            "portable flips {square}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any placement of discs, reachable or not, dense or sparse.
    #[test]
    fn generators_agree_on_random_placements(a: u64, b: u64, colour: u64, density in 0..3u8) {
        let occupied = match density {
            0 => a & b,
            1 => a,
            _ => a | b,
        };
        check_boards(occupied & colour, occupied & !colour);
        check_boards(occupied & !colour, occupied & colour);
    }
}

#[test]
fn generators_agree_on_edge_cases() {
    check_boards(0, 0);
    check_boards(u64::MAX, 0);
    check_boards(0, u64::MAX);
    // One empty square surrounded by opponents with own discs at every edge.
    for hole in 0..64 {
        let opponent = !(1u64 << hole) & 0x007E_7E7E_7E7E_7E00;
        let player = !(1u64 << hole) & !opponent;
        check_boards(player, opponent);
        check_boards(opponent & !(1 << hole), player & !(1 << hole));
    }
    // Full lines of opponents in every direction from each square.
    for sq in 0..64 {
        check_boards(1 << sq, !(1u64 << sq) & 0x00FF_FFFF_FFFF_FF00);
        check_boards(1 << sq, !(1u64 << sq));
    }
}

/// A random game from the start, as the positions it passes through.
fn random_game(rng: &mut StdRng) -> Vec<Othello> {
    let mut game = vec![Othello::start()];
    loop {
        let position = *game.last().unwrap();
        let moves = position.legal_moves();
        let Some(&mv) = moves.choose(rng) else {
            return game;
        };
        game.push(position.play_unchecked(mv));
    }
}

#[test]
fn generators_and_rules_agree_along_random_games() {
    let mut rng = StdRng::seed_from_u64(0x0711E110);
    let (mut passes, mut games) = (0, 0);
    while games < 400 {
        let game = random_game(&mut rng);
        games += 1;
        for position in &game {
            check_boards(position.player(), position.opponent());
            let reference = Reference::from_bitboards(position.player(), position.opponent());
            assert_eq!(position.legal_moves().to_vec(), reference.moves());
            assert_eq!(position.count_moves(), reference.moves().len() as u64);
            let lines = position.with_generator::<LineTableGenerator>();
            assert_eq!(lines.legal_moves(), position.legal_moves());
            for &mv in &position.legal_moves() {
                let next = position.play_unchecked(mv);
                let expected = reference.play(mv);
                assert_eq!(
                    Reference::from_bitboards(next.player(), next.opponent()),
                    expected
                );
                assert_eq!(
                    lines
                        .play_unchecked(mv)
                        .with_generator::<BitboardGenerator>(),
                    next
                );
                passes += usize::from(mv.is_pass());
            }
            assert_eq!(position.is_game_over(), reference.moves().is_empty());
            if position.is_game_over() {
                assert_eq!(position.final_score(), reference.final_score());
            }
            // The position string reads back to the same position.
            assert_eq!(
                Othello::parse_position(&position.position_string()).as_ref(),
                Ok(position)
            );
        }
        assert!(game.last().unwrap().is_game_over());
    }
    assert!(passes > 0, "random games should meet some passes");
}

/// Late positions from random games: their trees reach passes and game ends.
#[test]
fn perft_agrees_with_the_reference_on_late_positions() {
    let mut rng = StdRng::seed_from_u64(42);
    let (mut checked, mut passes, mut game_ends) = (0, 0, 0);
    while checked < 150 {
        let game = random_game(&mut rng);
        let empties_wanted = rng.random_range(5..=11);
        let Some(position) = game
            .iter()
            .find(|p| p.empty().count_ones() <= empties_wanted)
        else {
            continue;
        };
        let depth = (position.empty().count_ones() + 2).min(7);
        let reference = Reference::from_bitboards(position.player(), position.opponent());
        let expected = reference.perft(depth);
        assert_eq!(
            perft(position, depth),
            expected,
            "{position:?} depth {depth}"
        );
        assert_eq!(
            perft(&position.with_generator::<LineTableGenerator>(), depth),
            expected
        );
        let (p, e) = reference.passes_and_game_ends(depth);
        passes += p;
        game_ends += e;
        checked += 1;
    }
    assert!(
        passes > 100 && game_ends > 100,
        "{passes} passes, {game_ends} game ends"
    );
}

#[test]
fn position_strings_of_random_placements_read_back() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..2000 {
        let game = random_game(&mut rng);
        let p: &Position = game.choose(&mut rng).unwrap();
        let text = p.position_string();
        assert_eq!(text.len(), 66);
        assert_eq!(Othello::parse_position(&text).unwrap(), *p);
    }
}
