//! [`Playable`]: what a front end needs from a game beyond its rules, its
//! player and its board diagram (the games layer's [`Draw`]), the same for
//! the terminal (`ply play`), the match referee (`ply match`) and the web
//! server: name its sides and moves, read moves people type, judge and
//! describe the end with the game's history, its opening book and its record
//! format. One implementation per game ([`chess`], [`checkers`],
//! [`othello`]); [`book`] holds the opening books of named lines, [`search_book`] the
//! books built by search that ship with ply, [`openings`] the openings read from
//! files (EPD, PGN, PDN, GGF, the ACF ballot table) and [`record`] the header
//! of a game played by ply.

pub mod book;
pub mod checkers;
pub mod chess;
pub mod openings;
pub mod othello;
pub mod record;
pub mod search_book;

use crate::Draw;
use book::Book;
use ply_core::GameHistory;
use ply_core::Player;
use ply_core::record::{Ending, Header, Players, UtcTime};
use ply_core::search::Searchable;
use ply_core::{Outcome, Side};
use record::play_header;
use std::fmt;

/// When an annotated move is marked: the loss against the best move from
/// which it is an inaccuracy (`?!`), a mistake (`?`) or a blunder (`??`),
/// and the cap of the scores (a forced win counts as it, so a move from
/// won to still won costs little), in the game's score unit. lichess's
/// centipawn marks, scaled to each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// The loss from which a move is an inaccuracy.
    pub inaccuracy: i32,
    /// The loss from which a move is a mistake.
    pub mistake: i32,
    /// The loss from which a move is a blunder.
    pub blunder: i32,
    /// Scores beyond this count as this.
    pub cap: i32,
}

impl Marks {
    /// The class and symbol of a move that lost `loss`, if it is marked.
    #[must_use]
    pub fn class(&self, loss: i32) -> Option<(&'static str, &'static str)> {
        if loss >= self.blunder {
            Some(("blunder", "??"))
        } else if loss >= self.mistake {
            Some(("mistake", "?"))
        } else if loss >= self.inaccuracy {
            Some(("inaccuracy", "?!"))
        } else {
            None
        }
    }
}

/// A game that a person can play against the computer; its board is the
/// games layer's diagram ([`Draw`]).
pub trait Playable: Searchable + Draw {
    /// The game's player: the engine that moves for the computer.
    type Player: Player<Game = Self>;

    /// The game's name in messages (`"chess"`).
    const TITLE: &'static str;
    /// The name of the record format (`"PGN"`).
    const RECORD_FORMAT: &'static str;
    /// The record format's file extension (`"pgn"`).
    const RECORD_EXTENSION: &'static str;
    /// How moves are typed, for the help text.
    const MOVE_HELP: &'static str;
    /// A few moves as typed, short enough for an input's placeholder.
    const MOVE_EXAMPLES: &'static str;
    /// The side whose pieces start at the bottom of the board as
    /// [`Draw::diagram`] draws it (White in chess and checkers): a person
    /// playing only the other side sees the board turned round. `None`: the
    /// board is never turned (Othello keeps a1 at the top left).
    const BOTTOM: Option<Side> = Some(Side::First);
    /// Whether the board's squares have numbers to show (checkers).
    const NUMBERED: bool = false;
    /// The losses, in the game's score unit, from which an annotated move
    /// is marked (see [`Marks`]).
    const MARKS: Marks;

    /// The colour of `side` (`"White"`).
    fn side_name(side: Side) -> &'static str;

    /// `mv`, legal here, as shown to people (SAN in chess).
    fn display_move(&self, mv: Self::Move) -> String {
        self.move_name(mv)
    }

    /// The score of this finished position for the side to move, in the
    /// game's unit and at most `cap` either way, where `winner` won (`None`:
    /// a draw): `cap` for a win, `-cap` for a loss, 0 for a draw (Othello
    /// counts the discs).
    fn final_score(&self, winner: Option<Side>, cap: i32) -> i32 {
        match winner {
            Some(winner) if winner == self.side_to_move() => cap,
            Some(_) => -cap,
            None => 0,
        }
    }

    /// A position's evaluation as a record's comment carries it: `score`
    /// in the game's unit for the side that moves first, `mate` in moves
    /// where the search found one, `text` as the game shows scores
    /// (`eval +0.35` by default; PGN's `[%eval 0.35]` in chess).
    fn evaluation_note(score: i32, mate: Option<i32>, text: &str) -> String {
        let _ = (score, mate);
        format!("eval {text}")
    }

    /// Reads a move typed by a person; the error is a one-line reason
    /// (`'xyz' is not a move (moves: ...)`, `Ke2 is not legal here`; the
    /// caller adds the list of legal moves).
    fn read_move(&self, text: &str) -> Result<Self::Move, String>;

    /// Whether `mv` is a pass (played for a person without asking, when it is
    /// the only move).
    fn is_pass(mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// The end of the game in a sentence: "White wins by checkmate".
    fn describe_outcome(&self, outcome: Outcome<Self::EndReason>) -> String {
        describe(outcome, Self::side_name)
    }

    /// A line of game-specific facts under the board (Othello's disc count).
    fn status(&self) -> Option<String> {
        None
    }

    /// The opening book of named lines (built once).
    fn book() -> &'static Book<Self::Move>;

    /// Where `ply book build` grows a book by search from: the start
    /// position (checkers adds the positions of the ACF ballots).
    fn book_roots() -> Vec<Self> {
        vec![Self::start()]
    }

    /// The game as a record file for other programs.
    fn write_record(
        record: &GameHistory<Self>,
        players: &Players,
        result: Option<Outcome<Self::EndReason>>,
    ) -> String {
        Self::write_game(record, &play_header(players, result))
    }

    /// The game as a record file, with everything `header` says.
    fn write_game(record: &GameHistory<Self>, header: &Header<Self::EndReason>) -> String;

    /// Reads a record file: the game's start position and moves; the error is
    /// the reason, on one line.
    fn read_record(text: &str) -> Result<GameHistory<Self>, String>;

    /// When the game of a record file was played, where the record says it
    /// fully (PGN's and PDN's `Date`, GGF's `DT`); None otherwise.
    fn record_date(text: &str) -> Option<UtcTime>;
}

/// The usual sentence for an outcome: "White wins by checkmate", "draw by
/// stalemate" (games with other turns of phrase say so in
/// [`Playable::describe_outcome`]).
pub fn describe<R: fmt::Display>(outcome: Outcome<R>, name: fn(Side) -> &'static str) -> String {
    match outcome {
        Outcome::Win { winner, reason } => format!("{} wins by {reason}", name(winner)),
        Outcome::Draw { reason } => format!("draw by {reason}"),
    }
}

/// The final comment of a record: the rules' sentence (from `describe`) or
/// the reason, capitalised, with a full stop.
pub fn ending_sentence<R: Copy>(
    ending: &Ending<R>,
    describe: impl Fn(Outcome<R>) -> String,
) -> String {
    let mut sentence = match ending {
        Ending::Rules(outcome) => describe(*outcome),
        Ending::Decided { reason, .. } => reason.clone(),
    };
    if let Some(first) = sentence.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    sentence + "."
}

/// The comment a PGN or PDN record of `record` closes with: how the game
/// ended, in a sentence (`None` while it goes on).
pub fn closing_comment<G: Playable>(
    record: &GameHistory<G>,
    header: &Header<G::EndReason>,
) -> Option<String> {
    let end = header.ending.as_ref()?;
    Some(ending_sentence(end, |outcome| {
        record.position().describe_outcome(outcome)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(side: Side) -> &'static str {
        match side {
            Side::First => "White",
            Side::Second => "Black",
        }
    }

    #[test]
    fn outcomes_read_as_sentences() {
        let mate = Outcome::Win {
            winner: Side::Second,
            reason: "checkmate",
        };
        assert_eq!(describe(mate, name), "Black wins by checkmate");
        let stalemate = Outcome::Draw {
            reason: "stalemate",
        };
        assert_eq!(describe(stalemate, name), "draw by stalemate");
        let decided: Ending<&str> = Ending::Decided {
            winner: None,
            reason: "agreed".to_owned(),
        };
        assert_eq!(ending_sentence(&decided, |_| String::new()), "Agreed.");
        assert_eq!(
            ending_sentence(&Ending::Rules(mate), |o| describe(o, name)),
            "Black wins by checkmate."
        );
    }
}
