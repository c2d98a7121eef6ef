//! Chess for `ply play`: SAN on screen, SAN or UCI typed, repetitions judged
//! with [`GameHistory`], the book in `data/chess_openings.txt`, PGN records.

use super::book::{Book, parse_named_lines};
use super::record::one_line;
use super::{Marks, Playable};
use super::{closing_comment, describe};
use ply_chess::engine::ChessPlayer;
use ply_chess::{EndReason, Move, MoveError, Position, pgn};
use ply_core::GameHistory;
use ply_core::record::{Header, UtcTime};
use ply_core::{Game, Outcome, Side};
use std::sync::OnceLock;

/// The opening book: a few dozen common openings as SAN lines.
const BOOK: &str = include_str!("../../data/chess_openings.txt");

/// Builds the chess book from its text (checked by a test, so the data in the
/// binary is known to be legal).
pub fn build_book(text: &str) -> Result<Book<Move>, String> {
    Book::from_lines::<Position, _, _>(parse_named_lines(text)?, |p, t| {
        p.parse_move(t).map_err(|e| e.to_string())
    })
}

impl Playable for Position {
    type Player = ChessPlayer;

    const TITLE: &'static str = "chess";
    const RECORD_FORMAT: &'static str = "PGN";
    const RECORD_EXTENSION: &'static str = "pgn";
    const MOVE_EXAMPLES: &'static str = "e4, Nf3, O-O, e8=Q or e2e4";
    const MOVE_HELP: &'static str = "SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, g1f3, e7e8q)";
    /// Centipawns: lichess's marks.
    const MARKS: Marks = Marks {
        inaccuracy: 50,
        mistake: 100,
        blunder: 300,
        cap: 1000,
    };

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "White",
            Side::Second => "Black",
        }
    }

    /// PGN's `[%eval 0.35]` (pawns, White's view) or `[%eval #3]`.
    fn evaluation_note(score: i32, mate: Option<i32>, _: &str) -> String {
        match mate {
            Some(moves) => format!("[%eval #{moves}]"),
            None => format!("[%eval {:.2}]", f64::from(score) / 100.0),
        }
    }

    fn display_move(&self, mv: Move) -> String {
        self.san(mv)
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|err| match err {
            MoveError::Malformed(text) => {
                format!("'{text}' is not a move (moves: {})", Self::MOVE_HELP)
            }
            MoveError::Illegal { played, .. } => format!("{played} is not legal here"),
            MoveError::Ambiguous { played, candidates } => {
                format!(
                    "{played} is ambiguous: it could be {}",
                    candidates.join(", ")
                )
            }
        })
    }

    /// "draw by the fifty-move rule"; otherwise the usual sentence.
    fn describe_outcome(&self, outcome: Outcome<EndReason>) -> String {
        match outcome {
            Outcome::Draw {
                reason: reason @ EndReason::FiftyMoveRule,
            } => format!("draw by the {reason}"),
            outcome => describe(outcome, Self::side_name),
        }
    }

    fn status(&self) -> Option<String> {
        (self.is_check() && self.outcome().is_none())
            .then(|| format!("{} is in check", Self::side_name(self.side_to_move())))
    }

    fn book() -> &'static Book<Move> {
        static CELL: OnceLock<Book<Move>> = OnceLock::new();
        CELL.get_or_init(|| build_book(BOOK).expect("the chess book is checked by a unit test"))
    }

    fn write_game(record: &GameHistory<Self>, header: &Header<EndReason>) -> String {
        pgn::write(record, header, closing_comment(record, header).as_deref())
    }

    fn read_record(text: &str) -> Result<GameHistory<Self>, String> {
        pgn::read_with(text, |position, text| position.read_move(text))
            .map_err(|e| one_line(e.to_string()))
    }

    fn record_date(text: &str) -> Option<UtcTime> {
        ply_core::record::pgn::date(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::record::Players;

    #[test]
    fn every_book_line_is_legal_and_named() {
        let book = build_book(BOOK).unwrap();
        assert!(book.lines().len() >= 36, "{}", book.lines().len());
        assert!(book.lines().iter().all(|l| !l.name.is_empty()));
        // Every first move of the book is one a person would recognise.
        let start = Position::start();
        let firsts: std::collections::BTreeSet<String> =
            book.lines().iter().map(|l| start.san(l.moves[0])).collect();
        assert!(firsts.contains("e4") && firsts.contains("d4") && firsts.contains("c4"));
        assert_eq!(
            book.name(&book.lines()[0].moves),
            Some(book.lines()[0].name.as_str())
        );
    }

    #[test]
    fn pgn_round_trip_from_a_set_up_position() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40";
        let start = Position::from_fen(fen).unwrap();
        let record =
            GameHistory::replay(start, ["Kd7", "e4", "Kd6"], |p, t| p.read_move(t)).unwrap();
        let players = Players {
            first: "Ann".into(),
            second: "Bob".into(),
        };
        let text = Position::write_record(&record, &players, None);
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]"));
        assert!(text.contains("40... Kd7 41. e4 Kd6 *"), "{text}");
        assert!(text.starts_with("[Event \"ply play\"]\n[Site \"?\"]\n[Date \""));
        let back = Position::read_record(&text).unwrap();
        assert_eq!(back.position().fen(), record.position().fen());
        assert_eq!(back.moves(), record.moves());
    }

    #[test]
    fn chess960_games_say_so_and_read_back() {
        let fen = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1";
        let start = Position::from_fen(fen).unwrap();
        let record =
            GameHistory::replay(start, ["O-O", "O-O", "a3"], |p, t| p.read_move(t)).unwrap();
        assert_eq!(
            record.position().fen(),
            "r4rk1/pppppppp/8/8/8/P7/1PPPPPPP/R4RK1 b - - 0 2"
        );
        let players = Players {
            first: "Ann".into(),
            second: "Bob".into(),
        };
        let text = Position::write_record(&record, &players, None);
        assert!(
            text.contains(
                "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1\"]"
            ),
            "{text}"
        );
        assert!(text.contains("1. O-O O-O 2. a3 *"), "{text}");
        let back = Position::read_record(&text).unwrap();
        assert_eq!(back.position().fen(), record.position().fen());
        assert_eq!(back.moves(), record.moves());
        // Other variants are refused with the reason.
        let err = Position::read_record("[Variant \"Atomic\"]\n1. e4 *").unwrap_err();
        assert!(err.contains("Chess960"), "{err}");
    }

    #[test]
    fn results_and_reasons_are_written() {
        let record = GameHistory::replay(Position::start(), ["f3", "e5", "g4", "Qh4#"], |p, t| {
            p.read_move(t)
        })
        .unwrap();
        let outcome = record.outcome().unwrap();
        assert_eq!(
            record.position().describe_outcome(outcome),
            "Black wins by checkmate"
        );
        let players = Players {
            first: "a".into(),
            second: "b".into(),
        };
        let text = Position::write_record(&record, &players, Some(outcome));
        assert!(text.contains("[Result \"0-1\"]"));
        assert!(
            text.ends_with("1. f3 e5 2. g4 Qh4# {Black wins by checkmate.} 0-1\n"),
            "{text}"
        );
    }

    #[test]
    fn repetition_is_judged_from_the_record() {
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
        let record = GameHistory::replay(Position::start(), moves, |p, t| p.read_move(t)).unwrap();
        let outcome = record.outcome().unwrap();
        assert_eq!(
            record.position().describe_outcome(outcome),
            "draw by threefold repetition"
        );
    }

    #[test]
    fn bad_records_and_moves_get_reasons() {
        let start = Position::start();
        assert!(start.read_move("Ke2").unwrap_err().contains("not legal"));
        assert!(
            start
                .read_move("hello")
                .unwrap_err()
                .contains("is not a move")
        );
        let err = Position::read_record("1. e4 e5 2. Ke3 *").unwrap_err();
        assert!(err.starts_with("move 3 (Ke3): "), "{err}");
        let err = Position::read_record("[Variant \"Crazyhouse\"]\n1. e4 *").unwrap_err();
        assert!(err.contains("Crazyhouse"), "{err}");
        // Chess960 without a FEN tag starts from the classical position.
        assert!(Position::read_record("[Variant \"Chess960\"]\n1. e4 *").is_ok());
        let err = Position::read_record("[FEN \"nonsense\"]\n*").unwrap_err();
        assert!(err.starts_with("FEN tag"), "{err}");
    }
}
