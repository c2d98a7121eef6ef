//! The record targets: a file as `ply play`'s `load` reads it. A game that
//! loads is checked like the text targets' games, position by position, and
//! written back: the written file must load as the same game.

use super::assert_one_line;
use super::text::{check_position, check_record};
use crate::playable::Playable;
use crate::playable::openings;

/// Loads `input` as a record of `G`; checks every position of a game that
/// loads and the round trip through the writer, or that the refusal is one
/// line.
pub fn round_trip<G: Playable>(input: &str) {
    let _ = G::record_date(input);
    match G::read_record(input) {
        Ok(record) => {
            for position in record.positions() {
                check_position(position);
            }
            check_record(&record);
        }
        Err(reason) => assert_one_line(&reason, input),
    }
}

/// The formats of `ply match -openings`.
const OPENING_FORMATS: [&str; 6] = ["epd", "pgn", "ggf", "ballots", "lines", "bogus"];

/// Reads `input` as an openings file of `G` in every format: each opening
/// read has a position that reads back and moves legal in turn from it, and
/// a refusal is one line.
pub fn openings<G: Playable>(input: &str) {
    for format in OPENING_FORMATS {
        match openings::parse::<G>(input, format) {
            Ok(list) => {
                for opening in list {
                    check_position(&opening.start);
                    let mut position = opening.start.clone();
                    for mv in opening.moves {
                        assert!(
                            position.legal_moves().contains(&mv),
                            "{}: an illegal move",
                            opening.name
                        );
                        position = position.play_unchecked(mv);
                    }
                }
            }
            Err(reason) => assert_one_line(&reason, input),
        }
    }
}
