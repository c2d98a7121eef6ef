//! English checkers for `ply play`: men and kings on the dark squares, square
//! numbers on request, `11-15` / `22x15` entry, the 40-move rule and
//! repetitions through [`GameHistory`], the ACF three-move ballots as the
//! opening book, PDN records.

use super::book::Book;
use super::record::one_line;
use super::{Marks, Playable};
use super::{closing_comment, describe};
use ply_checkers::egdb::search::value_within_reach;
use ply_checkers::egdb::{Database, Value};
use ply_checkers::engine::CheckersPlayer;
use ply_checkers::{Checkers, Color, EndReason, Move, MoveError, pdn};
use ply_core::GameHistory;
use ply_core::record::{Header, UtcTime};
use ply_core::{Game, Outcome, Side};
use std::sync::{Arc, OnceLock};

/// The endgame database the engine probes and the status line quotes, opened
/// once (`None` where none was built).
fn database() -> Option<Arc<Database>> {
    CheckersPlayer::default_database()
}

/// The database's verdict on `position` in words: "endgame database: White
/// wins" or "...: draw".
fn database_verdict(position: &Checkers, value: Value) -> String {
    let mover = position.side_to_move();
    match value {
        Value::Win => format!("endgame database: {} wins", Checkers::side_name(mover)),
        Value::Loss => format!(
            "endgame database: {} wins",
            Checkers::side_name(mover.opponent())
        ),
        Value::Draw => "endgame database: draw".to_owned(),
    }
}

/// The ACF three-move ballots (copied from the project's shared data).
const BALLOTS: &str = include_str!("../../data/checkers_ballots_3move_acf.tsv");

/// One ballot of the deck file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// ACF number, 1-174.
    pub number: u32,
    /// The three moves.
    pub moves: Vec<String>,
    /// Barred from play (a lost opening).
    pub barred: bool,
    /// The ballot's name, when it has one.
    pub name: String,
    /// The position after the three moves (PDN FEN).
    pub fen: String,
}

/// Reads the ballot file: tab-separated `acf_number moves deck ctd name fen
/// ...` rows after `#` comments and a header row.
pub fn parse_ballots(text: &str) -> Result<Vec<Ballot>, String> {
    let mut ballots = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("acf_number") || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let bad = || {
            format!(
                "ballot file line {}: expected 6 tab-separated fields",
                index + 1
            )
        };
        if fields.len() < 6 {
            return Err(bad());
        }
        ballots.push(Ballot {
            number: fields[0].trim().parse().map_err(|_| bad())?,
            moves: fields[1].split_whitespace().map(str::to_owned).collect(),
            barred: fields[2].trim() == "BARRED",
            name: fields[4].trim().to_owned(),
            fen: fields[5].trim().to_owned(),
        });
    }
    Ok(ballots)
}

/// The positions of the tournament deck's ballots (those not barred), in
/// ACF order: where `ply train checkers generate` starts its games.
pub fn deck_positions() -> Vec<Checkers> {
    parse_ballots(BALLOTS)
        .expect("the ballots are checked by a unit test")
        .into_iter()
        .filter(|ballot| !ballot.barred)
        .map(|ballot| {
            Checkers::parse_position(&ballot.fen).expect("the ballots are checked by a unit test")
        })
        .collect()
}

/// The book: the ballots of the tournament deck (not barred).
pub fn build_book(text: &str) -> Result<Book<Move>, String> {
    let lines = parse_ballots(text)?
        .into_iter()
        .filter(|ballot| !ballot.barred)
        .map(|ballot| {
            let name = if ballot.name.is_empty() {
                format!("ACF ballot {}", ballot.number)
            } else {
                format!("ACF ballot {}, {}", ballot.number, ballot.name)
            };
            (name, ballot.moves)
        });
    Book::from_lines::<Checkers, _, _>(lines, |p, t| p.parse_move(t).map_err(|e| e.to_string()))
}

impl Playable for Checkers {
    type Player = CheckersPlayer;

    const TITLE: &'static str = "checkers";
    const RECORD_FORMAT: &'static str = "PDN";
    const RECORD_EXTENSION: &'static str = "pdn";
    const MOVE_EXAMPLES: &'static str = "11-15, 22x15x6 or 22x6";
    const MOVE_HELP: &'static str = "squares 1-32 joined by - or x: 11-15, 22x15, a multi-jump 22x15x6 \
         or just 22x6 (type numbers to see the square numbers)";
    const BOTTOM: Option<Side> = Some(Side::Second);
    const NUMBERED: bool = true;
    /// Hundredths of a man.
    const MARKS: Marks = Marks {
        inaccuracy: 25,
        mistake: 50,
        blunder: 100,
        cap: 500,
    };

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "Black",
            Side::Second => "White",
        }
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        self.parse_move(text).map_err(|err| match err {
            MoveError::Malformed(text) => {
                format!("'{text}' is not a move (moves: {})", Self::MOVE_HELP)
            }
            MoveError::Illegal { played, .. } if self.must_capture() => {
                format!("{played} is not legal here: a capture is compulsory")
            }
            MoveError::Illegal { played, .. } => format!("{played} is not legal here"),
            MoveError::Ambiguous { played, candidates } => {
                format!("{played} is ambiguous: it could be {candidates}")
            }
        })
    }

    /// "White wins: Black has no legal move", "draw by the forty-move rule";
    /// otherwise the usual sentence.
    fn describe_outcome(&self, outcome: Outcome<EndReason>) -> String {
        match outcome {
            Outcome::Win {
                winner,
                reason: EndReason::NoLegalMoves,
            } => format!(
                "{} wins: {} has no legal move",
                Self::side_name(winner),
                Self::side_name(winner.opponent())
            ),
            Outcome::Draw {
                reason: reason @ EndReason::FortyMoveRule,
            } => format!("draw by the {reason}"),
            outcome => describe(outcome, Self::side_name),
        }
    }

    fn status(&self) -> Option<String> {
        let count = |color: Color| {
            let pieces = self.pieces(color);
            (pieces.count_ones(), (pieces & self.kings()).count_ones())
        };
        let ((black, black_kings), (white, white_kings)) =
            (count(Color::Black), count(Color::White));
        let mut line = format!(
            "Pieces: Black {black} ({black_kings} kings), White {white} ({white_kings} kings)"
        );
        if self.must_capture() && self.outcome().is_none() {
            line.push_str(&format!(
                "; {} must capture",
                Self::side_name(self.side_to_move())
            ));
        }
        if self.outcome().is_none()
            && let Some(value) = database().and_then(|db| value_within_reach(&db, self))
        {
            line.push_str(&format!("; {}", database_verdict(self, value)));
        }
        Some(line)
    }

    fn book() -> &'static Book<Move> {
        static CELL: OnceLock<Book<Move>> = OnceLock::new();
        CELL.get_or_init(|| build_book(BALLOTS).expect("the ballots are checked by a unit test"))
    }

    /// The start and every ballot of the tournament deck.
    fn book_roots() -> Vec<Self> {
        let mut roots = vec![Checkers::start()];
        roots.extend(deck_positions());
        roots
    }

    fn write_game(record: &GameHistory<Self>, header: &Header<EndReason>) -> String {
        pdn::write(record, header, closing_comment(record, header).as_deref())
    }

    fn read_record(text: &str) -> Result<GameHistory<Self>, String> {
        pdn::read_with(text, |position, text| position.read_move(text))
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
    fn every_ballot_replays_to_its_position_and_the_deck_is_the_book() {
        let ballots = parse_ballots(BALLOTS).unwrap();
        assert_eq!(ballots.len(), 174);
        assert_eq!(ballots.iter().filter(|b| b.barred).count(), 18);
        for ballot in &ballots {
            let record = GameHistory::replay(
                Checkers::start(),
                ballot.moves.iter().map(String::as_str),
                |p, t| p.read_move(t),
            )
            .unwrap_or_else(|e| panic!("ballot {}: {e}", ballot.number));
            assert_eq!(
                record.position().position_string(),
                ballot.fen,
                "ballot {}",
                ballot.number
            );
        }
        let book = build_book(BALLOTS).unwrap();
        assert_eq!(book.lines().len(), 156);
        let edinburgh = book
            .lines()
            .iter()
            .find(|line| line.name == "ACF ballot 5, Dreaded Edinburgh")
            .unwrap();
        assert_eq!(
            book.name(&edinburgh.moves),
            Some("ACF ballot 5, Dreaded Edinburgh")
        );
        assert!(
            !book
                .lines()
                .iter()
                .any(|line| line.name.starts_with("ACF ballot 3,"))
        );
    }

    #[test]
    fn pdn_round_trip_and_checkerboard_conventions() {
        let moves = ["11-15", "23-19", "8-11", "22-17", "15-18"];
        let record = GameHistory::replay(Checkers::start(), moves, |p, t| p.read_move(t)).unwrap();
        let players = Players {
            first: "Ann".into(),
            second: "Bob".into(),
        };
        let text = Checkers::write_record(&record, &players, None);
        assert!(
            text.contains(
                "[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"*\"]\n[GameType \"21\"]\n\n"
            )
        );
        assert!(
            text.contains("1. 11-15 23-19 2. 8-11 22-17 3. 15-18 *"),
            "{text}"
        );
        assert!(!text.contains("FEN"));
        let back = Checkers::read_record(&text).unwrap();
        assert_eq!(back.position(), record.position());

        // A set-up position with White to move, won by White.
        let start = Checkers::parse_position("W:W18:B14").unwrap();
        let record = GameHistory::replay(start, ["18x9"], |p, t| p.read_move(t)).unwrap();
        let outcome = record.outcome().unwrap();
        assert_eq!(
            record.position().describe_outcome(outcome),
            "White wins: Black has no legal move"
        );
        let text = Checkers::write_record(&record, &players, Some(outcome));
        assert!(text.contains("[Result \"0-1\"]"));
        assert!(
            text.contains("[SetUp \"1\"]\n[FEN \"W:W18:B14\"]"),
            "{text}"
        );
        assert!(
            text.contains("1... 18x9 {White wins: Black has no legal move.} 0-1"),
            "{text}"
        );
        let back = Checkers::read_record(&text).unwrap();
        assert_eq!(back.position(), record.position());
    }

    #[test]
    fn moves_are_refused_with_the_reason() {
        let start = Checkers::start();
        assert_eq!(
            start.read_move("11-18").unwrap_err(),
            "11-18 is not legal here"
        );
        assert!(
            start
                .read_move("hello")
                .unwrap_err()
                .contains("is not a move")
        );
        let capture = Checkers::parse_position("B:W18:B14,9").unwrap();
        let err = capture.read_move("9-13").unwrap_err();
        assert_eq!(err, "9-13 is not legal here: a capture is compulsory");
        assert!(capture.status().unwrap().ends_with("Black must capture"));
        let err = Checkers::read_record("[GameType \"20\"]\n1. 32-28 *").unwrap_err();
        assert!(err.contains("not English checkers"));
        let err = Checkers::read_record("1. 11-15 11-15 *").unwrap_err();
        assert!(err.starts_with("move 2 (11-15)"), "{err}");
    }

    #[test]
    fn database_verdicts_name_the_winner() {
        let white_to_move = Checkers::parse_position("W:WK1,K3:BK32").unwrap();
        assert_eq!(
            database_verdict(&white_to_move, Value::Win),
            "endgame database: White wins"
        );
        assert_eq!(
            database_verdict(&white_to_move, Value::Loss),
            "endgame database: Black wins"
        );
        assert_eq!(
            database_verdict(&white_to_move, Value::Draw),
            "endgame database: draw"
        );
    }

    #[test]
    fn the_status_counts_men_and_kings() {
        assert_eq!(
            Checkers::start().status().unwrap(),
            "Pieces: Black 12 (0 kings), White 12 (0 kings)"
        );
    }
}
