//! The text targets: a position string, then moves, one a line. Every
//! position reached is checked ([`check_position`]): its string reads back to
//! the same position, every legal move's name reads back to that move, and
//! the game played so far survives its record format.

use super::assert_one_line;
use crate::playable::Playable;
use ply_chess::attackmap::AttackBoard;
use ply_chess::gnu::GnuBoard;
use ply_core::Game;
use ply_core::GameHistory;
use ply_core::record::Players;

/// Reads the position on the first line (the start position when it is empty
/// or refused), then plays the legal moves among the other lines, calling
/// `extra` on every position reached.
fn play_lines<G: Playable>(input: &str, extra: impl Fn(&G)) {
    let mut lines = input.lines();
    let first = lines.next().unwrap_or("");
    let start = if first.trim().is_empty() {
        G::start()
    } else {
        match G::parse_position(first) {
            Ok(position) => position,
            Err(err) => {
                assert_one_line(&err.to_string(), first);
                G::start()
            }
        }
    };
    let mut record = GameHistory::new(start);
    check_position(record.position());
    extra(record.position());
    for line in lines {
        let position = record.position().clone();
        match (position.parse_move(line), position.read_move(line)) {
            (Ok(mv), Ok(read)) => {
                assert_eq!(mv, read, "read_move and parse_move differ on {line:?}");
                assert!(
                    position.legal_moves().contains(&mv),
                    "{line:?} read as an illegal move"
                );
                record.push(mv);
                check_position(record.position());
                extra(record.position());
                // The draws that need the game so far (repetition, 40/50 moves).
                let _ = record.outcome();
            }
            (Err(err), Err(reason)) => {
                assert_one_line(&err.to_string(), line);
                assert_one_line(&reason, line);
            }
            (parsed, read) => panic!("{line:?}: parse_move gives {parsed:?}, read_move {read:?}"),
        }
    }
    check_record(&record);
}

/// The position's string reads back to it; the moves are listed once each,
/// counted right, and each one's names (the game's notation and the one shown
/// to people) read back to it; a position without moves is a finished game.
pub(super) fn check_position<G: Playable>(position: &G) {
    let text = position.position_string();
    let again = G::parse_position(&text)
        .unwrap_or_else(|err| panic!("{text:?}, written by ply, is refused: {err}"));
    assert_eq!(again.position_string(), text, "the position string changes");
    assert_eq!(again.hash(), position.hash(), "{text}: the hash changes");
    assert_eq!(again.side_to_move(), position.side_to_move(), "{text}");

    let moves = position.legal_moves();
    assert_eq!(position.count_moves(), moves.len() as u64, "{text}: count");
    if moves.is_empty() {
        assert!(position.outcome().is_some(), "{text}: no move, no outcome");
    }
    for (index, &mv) in moves.iter().enumerate() {
        assert!(!moves[..index].contains(&mv), "{text}: {mv:?} listed twice");
        let name = position.move_name(mv);
        assert_eq!(position.parse_move(&name).ok(), Some(mv), "{text}: {name}");
        let shown = position.display_move(mv);
        assert_eq!(position.read_move(&shown).ok(), Some(mv), "{text}: {shown}");
    }
}

/// The game written in its record format reads back as the same game.
pub(super) fn check_record<G: Playable>(record: &GameHistory<G>) {
    let players = Players {
        first: "fuzz \"first\"".to_owned(),
        second: "second]".to_owned(),
    };
    let text = G::write_record(record, &players, record.outcome());
    let back = G::read_record(&text)
        .unwrap_or_else(|err| panic!("ply's own {} is refused: {err}\n{text}", G::RECORD_FORMAT));
    assert_eq!(
        back.start().position_string(),
        record.start().position_string(),
        "{text}"
    );
    assert_eq!(back.moves(), record.moves(), "{text}");
}

/// Chess: the text checks, and the two seed boards must agree with the
/// bitboard generator on every position.
pub fn chess(input: &str) {
    play_lines::<ply_chess::Position>(input, |position| {
        let fen = position.fen();
        let mut expected: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        expected.sort();
        let gnu = GnuBoard::from_position(position);
        assert_eq!(sorted_uci(&gnu), expected, "{fen}: GNU board");
        assert_eq!(gnu.to_position().fen(), fen, "{fen}: GNU board");
        let attack = AttackBoard::from_position(position)
            .unwrap_or_else(|err| panic!("{fen}: no attack-map board: {err}"));
        assert_eq!(sorted_uci(&attack), expected, "{fen}: attack-map board");
        assert_eq!(attack.to_position().fen(), fen, "{fen}: attack-map board");
    });
}

fn sorted_uci<B: Game<Move = ply_chess::Move>>(board: &B) -> Vec<String> {
    let mut names: Vec<String> = board.legal_moves().iter().map(|m| m.to_string()).collect();
    names.sort();
    names
}

/// Checkers: the text checks.
pub fn checkers(input: &str) {
    play_lines::<ply_checkers::Checkers>(input, |_| {});
}

/// Othello: the text checks, and the line tables must give the bitboard
/// generator's moves and flips on every position.
pub fn othello(input: &str) {
    play_lines::<ply_othello::Othello>(input, |position| {
        let lines = position.with_generator::<ply_othello::LineTableGenerator>();
        assert_eq!(
            lines.move_squares(),
            position.move_squares(),
            "{position:?}"
        );
        for mv in position.legal_moves() {
            assert_eq!(
                lines.play_unchecked(mv).position_string(),
                position.play_unchecked(mv).position_string(),
                "{position:?} {mv:?}"
            );
        }
    });
}
