//! The record targets: a file as `ply play`'s `load` reads it. A game that
//! loads is checked like the text targets' games, position by position, and
//! written back: the written file must load as the same game.

use super::assert_one_line;
use super::text::{check_position, check_record};
use crate::play::playable::Playable;

/// Loads `input` as a record of `G`; checks every position of a game that
/// loads and the round trip through the writer, or that the refusal is one
/// line.
pub fn round_trip<G: Playable>(input: &str) {
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
