//! Othello for `ply play`: discs and the legal moves marked on the board, the
//! disc count, forced passes played for the person, the named openings of
//! `data/othello_openings.txt` in their four symmetric forms, GGF records.

use super::book::{Book, parse_named_lines};
use super::record::one_line;
use super::{Marks, Playable};
use ply_core::GameHistory;
use ply_core::record::{Header, UtcTime};
use ply_core::{Game, Outcome, Side};
use ply_othello::engine::OthelloPlayer;
use ply_othello::{EndReason, Move, Othello, Square, ggf};
use std::sync::OnceLock;

/// The named opening lines (Black's first move c4).
const BOOK: &str = include_str!("../../data/othello_openings.txt");

/// A map of (file, rank) onto the board.
type Symmetry = fn(u8, u8) -> (u8, u8);

/// The four symmetries of the board that keep the start position: identity,
/// the two diagonal reflections and the half turn.
const SYMMETRIES: [Symmetry; 4] = [
    |f, r| (f, r),
    |f, r| (r, f),
    |f, r| (7 - r, 7 - f),
    |f, r| (7 - f, 7 - r),
];

/// Builds the Othello book: every named line in its four symmetric forms.
pub fn build_book(text: &str) -> Result<Book<Move>, String> {
    let mut lines = Vec::new();
    for (name, moves) in parse_named_lines(text)? {
        for symmetry in SYMMETRIES {
            let mapped: Result<Vec<String>, String> = moves
                .iter()
                .map(|text| {
                    let square: Square = text.parse().map_err(|e| format!("{name}: {e}"))?;
                    let (file, rank) = symmetry(square.file(), square.rank());
                    Ok(Square::from_coords(file, rank).to_string())
                })
                .collect();
            lines.push((name.clone(), mapped?));
        }
    }
    Book::from_lines::<Othello, _, _>(lines, |p, t| p.parse_move(t).map_err(|e| e.to_string()))
}

impl Playable for Othello {
    type Player = OthelloPlayer;

    const TITLE: &'static str = "Othello";
    const RECORD_FORMAT: &'static str = "GGF";
    const RECORD_EXTENSION: &'static str = "ggf";
    const BOTTOM: Option<Side> = None;
    /// Hundredths of a disc: 2, 4 and 8 discs, up to 32.
    const MARKS: Marks = Marks {
        inaccuracy: 200,
        mistake: 400,
        blunder: 800,
        cap: 3200,
    };
    const MOVE_EXAMPLES: &'static str = "d3, or pass";
    const MOVE_HELP: &'static str =
        "a square such as d3 (columns a-h, rows 1-8 from the top); a forced pass is played for you";

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "Black",
            Side::Second => "White",
        }
    }

    /// The final disc difference (the empty squares to the side with more
    /// discs), as the solver counts it.
    fn final_score(&self, _: Option<Side>, cap: i32) -> i32 {
        (Othello::final_score(self) * 100).clamp(-cap, cap)
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|err| match err {
            ply_othello::MoveError::Malformed(text) => {
                format!("'{text}' is not a move (moves: {})", Self::MOVE_HELP)
            }
            ply_othello::MoveError::Illegal { played, .. } => {
                let reason = match played.parse::<Square>() {
                    Ok(square) if self.empty() & square.bit() == 0 => "the square is taken",
                    Ok(_) => "it turns no disc over",
                    Err(_) => "you have a move to play",
                };
                format!("{played} is not legal here: {reason}")
            }
        })
    }

    fn is_pass(mv: Move) -> bool {
        mv.is_pass()
    }

    fn describe_outcome(&self, outcome: Outcome<EndReason>) -> String {
        let (black, white) = self.final_disc_counts();
        match outcome.winner() {
            Some(Side::First) => format!("Black wins {black}-{white} (final disc count)"),
            Some(Side::Second) => format!("White wins {white}-{black} (final disc count)"),
            None => format!("draw {black}-{white} (final disc count)"),
        }
    }

    fn status(&self) -> Option<String> {
        let mut line = format!(
            "Discs: Black {}, White {}",
            self.black().count_ones(),
            self.white().count_ones()
        );
        if self.outcome().is_none() {
            if self.must_pass() {
                line.push_str(&format!(
                    "; {} has no move and must pass",
                    Self::side_name(self.side_to_move())
                ));
            } else {
                line.push_str("; legal moves marked");
            }
        }
        Some(line)
    }

    fn book() -> &'static Book<Move> {
        static CELL: OnceLock<Book<Move>> = OnceLock::new();
        CELL.get_or_init(|| build_book(BOOK).expect("the Othello book is checked by a unit test"))
    }

    fn write_game(record: &GameHistory<Self>, header: &Header<EndReason>) -> String {
        ggf::write(record, header)
    }

    fn read_record(text: &str) -> Result<GameHistory<Self>, String> {
        ggf::read(text).map_err(|e| one_line(e.to_string()))
    }

    fn record_date(text: &str) -> Option<UtcTime> {
        ggf::date(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::record::Players;

    #[test]
    fn every_named_line_is_legal_in_all_four_orientations() {
        let book = build_book(BOOK).unwrap();
        assert_eq!(book.lines().len(), 77 * 4);
        let start = Othello::start();
        let firsts: std::collections::BTreeSet<String> = book
            .lines()
            .iter()
            .map(|l| start.move_name(l.moves[0]))
            .collect();
        assert_eq!(
            firsts.into_iter().collect::<Vec<_>>(),
            ["c4", "d3", "e6", "f5"]
        );
        let tiger = parse_named_lines("Tiger | f5 d6 c3 d3 c4").unwrap();
        let tiger = Book::from_lines::<Othello, _, _>(tiger, |p, t| {
            p.parse_move(t).map_err(|e| e.to_string())
        })
        .unwrap();
        assert_eq!(book.name(&tiger.lines()[0].moves), Some("Tiger"));
    }

    /// A whole game of arbitrary (but fixed) legal moves with at least one
    /// pass.
    fn full_game() -> GameHistory<Othello> {
        for seed in 1.. {
            let mut rng = crate::playable::book::Rng::new(seed);
            let mut record = GameHistory::new(Othello::start());
            while record.position().outcome().is_none() {
                let moves = record.position().legal_moves();
                record.push(moves[rng.below(moves.len())]);
            }
            if record.moves().iter().any(|m| m.is_pass()) {
                return record;
            }
        }
        unreachable!("some game has a pass")
    }

    #[test]
    fn ggf_round_trip_with_passes_and_result() {
        let players = Players {
            first: "B]lack".into(),
            second: "White".into(),
        };
        let tiger =
            GameHistory::replay(Othello::start(), ["f5", "d6", "c3", "d3", "c4"], |p, t| {
                p.read_move(t)
            })
            .unwrap();
        let text = Othello::write_record(&tiger, &players, None);
        assert!(text.starts_with("(;GM[Othello]PC[ply]DT["), "{text}");
        assert!(text.contains("PB[B)lack]PW[White]RE[?]"));
        assert!(text.contains(
            "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]"
        ));
        assert!(text.ends_with("B[C4];)\n"));
        let back = Othello::read_record(&text).unwrap();
        assert_eq!(back.position(), tiger.position());
        assert_eq!(back.moves(), tiger.moves());

        let game = full_game();
        let outcome = game.outcome().unwrap();
        let text = Othello::write_record(&game, &players, Some(outcome));
        let (black, white) = game.position().final_disc_counts();
        assert!(
            text.contains(&format!("RE[{:+.2}]", f64::from(black) - f64::from(white))),
            "{text}"
        );
        assert!(text.contains("[PA]"), "{text}");
        let back = Othello::read_record(&text).unwrap();
        assert_eq!(back.position(), game.position());
        assert_eq!(back.moves(), game.moves());
    }

    #[test]
    fn ggf_from_other_programs_loads_with_left_out_passes() {
        let record = full_game();
        assert!(
            record.moves().iter().any(|m| m.is_pass()),
            "no pass in this game"
        );
        // NBoard style: upper case, evaluations and times, explicit passes.
        let mut nboard = String::from(
            "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]TY[8]\
             BO[8 ---------------------------O*------*O--------------------------- *]",
        );
        // GGS style: lower case, rows spaced out, passes left out.
        let mut ggs = String::from(
            "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[a]PW[b]RE[+2.00]TI[05:00//02:00]\
             TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]",
        );
        for (position, &mv) in record.positions().iter().zip(record.moves()) {
            let colour = if position.side_to_move() == Side::First {
                'B'
            } else {
                'W'
            };
            let name = if mv.is_pass() {
                "PA".to_owned()
            } else {
                mv.to_string()
            };
            nboard.push_str(&format!("{colour}[{}//1.25]", name.to_uppercase()));
            if !mv.is_pass() {
                ggs.push_str(&format!("{colour}[{name}/0.50/3.1]"));
            }
        }
        nboard.push_str(";)");
        ggs.push_str(";)");
        for text in [nboard, ggs] {
            let back = Othello::read_record(&text).unwrap();
            assert_eq!(back.position(), record.position(), "{text}");
        }
    }

    #[test]
    fn bad_records_are_refused_with_a_reason() {
        let err = Othello::read_record("(;GM[Chess];)").unwrap_err();
        assert!(err.contains("not an Othello game"));
        let err = Othello::read_record("(;GM[Othello]TY[10];)").unwrap_err();
        assert!(err.contains("only 8x8"));
        let err = Othello::read_record("(;GM[Othello]B[f5]B[d6];)").unwrap_err();
        assert!(err.contains("White's turn"), "{err}");
        let err = Othello::read_record("(;GM[Othello]B[a1];)").unwrap_err();
        assert!(err.starts_with("move 1 (B[a1])"), "{err}");
        let err = Othello::read_record("(;GM[Othello]BO[8 xyz *];)").unwrap_err();
        assert!(err.starts_with("BO:"), "{err}");
    }

    #[test]
    fn the_status_counts_discs_and_bad_moves_get_reasons() {
        let start = Othello::start();
        assert_eq!(
            start.status().unwrap(),
            "Discs: Black 2, White 2; legal moves marked"
        );
        assert!(start.read_move("d4").unwrap_err().contains("taken"));
        assert!(start.read_move("a1").unwrap_err().contains("turns no disc"));
        assert!(start.read_move("pass").unwrap_err().contains("have a move"));
    }
}
