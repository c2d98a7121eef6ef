//! What the front ends add to the game records of the libraries (PGN in
//! `ply-chess`, PDN in `ply-checkers`, GGF in `ply-othello`, all of them
//! reading into and writing from a [`ply_core::GameHistory`]): the header of a
//! game of `ply play`, and errors quoted from a file put on one line.

use ply_core::Outcome;
use ply_core::record::{Ending, Header, Players};

/// `reason` on one line: the control characters (line ends, tabs) that a
/// quoted piece of a file may bring into an error message become spaces.
pub fn one_line(reason: String) -> String {
    if reason.contains(char::is_control) {
        reason.replace(char::is_control, " ")
    } else {
        reason
    }
}

/// The header of a game of `ply play` between `players`, ended as `result`
/// says (`None`: still going on).
pub fn play_header<R>(players: &Players, result: Option<Outcome<R>>) -> Header<R> {
    Header {
        ending: result.map(Ending::Rules),
        ..Header::new(players.clone(), "ply play")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_core::Side;

    #[test]
    fn reasons_are_put_on_one_line() {
        assert_eq!(one_line("GM[a\r\nb\tc]".to_owned()), "GM[a  b c]");
        assert_eq!(one_line("plain".to_owned()), "plain");
    }

    #[test]
    fn play_headers_name_the_event_and_the_end() {
        let players = Players {
            first: "a".to_owned(),
            second: "b".to_owned(),
        };
        let header = play_header(
            &players,
            Some(Outcome::Draw {
                reason: "stalemate",
            }),
        );
        assert_eq!(header.event, "ply play");
        assert_eq!(header.round, "-");
        assert_eq!(header.ending.as_ref().and_then(Ending::winner), None);
        let going_on = play_header::<&str>(&players, None);
        assert_eq!(going_on.ending, None);
        assert_eq!(
            play_header(
                &players,
                Some(Outcome::Win {
                    winner: Side::First,
                    reason: "checkmate"
                })
            )
            .ending
            .and_then(|e| e.winner()),
            Some(Side::First)
        );
    }
}
