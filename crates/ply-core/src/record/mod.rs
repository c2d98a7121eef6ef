//! Game records: what a record says besides the moves (the players, the
//! event, how the game ended), the errors of reading one, and the text shape
//! of PGN that chess's PGN and checkers' PDN share ([`pgn`]). Each game's own
//! format (PGN in `ply-chess`, PDN in `ply-checkers`, GGF in `ply-othello`)
//! reads into and writes from a [`GameHistory`](crate::GameHistory).

pub mod pgn;

use crate::game::{Outcome, Side};
use crate::history::ReplayError;
use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Who played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// The name of the player who moved first (White in chess, Black in
    /// checkers and Othello).
    pub first: String,
    /// The name of the other player.
    pub second: String,
}

/// How a game ended; `R` is the game's reason for an end by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending<R> {
    /// By the rules of the game (mate, no moves, a draw rule, the disc count).
    Rules(Outcome<R>),
    /// Otherwise (a time loss, an illegal move, an adjudication): the winner
    /// (`None`: a draw) and the reason in a sentence.
    Decided {
        /// The side that won, `None` for a draw.
        winner: Option<Side>,
        /// Why, as a sentence for the record ("White loses on time").
        reason: String,
    },
}

impl<R: Copy> Ending<R> {
    /// The winner, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self {
            Ending::Rules(outcome) => outcome.winner(),
            Ending::Decided { winner, .. } => *winner,
        }
    }
}

/// What a record says besides the moves: the players, the event and the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header<R> {
    /// Who played.
    pub players: Players,
    /// The event (`ply play`, `ply match`).
    pub event: String,
    /// The round (`-` when there are none).
    pub round: String,
    /// When the game was played (PGN and PDN write its day as `Date`, GGF
    /// the moment as `DT`): [`Header::new`] takes now, a record written
    /// again later keeps the moment its game began.
    pub date: UtcTime,
    /// The time control as the format writes it (PGN `TimeControl`, GGF `TI`).
    pub time_control: Option<String>,
    /// More tag pairs (PGN and PDN only): `Opening`, `Termination`...
    pub tags: Vec<(String, String)>,
    /// How the game ended; `None` while it goes on.
    pub ending: Option<Ending<R>>,
    /// The time each move took and the clock after it, by the index of the
    /// move in the history (`None` for a move nobody timed: an opening
    /// move, a forced pass); empty when no move was timed. PGN and PDN write
    /// them as `[%emt]` and `[%clk]` comments, GGF as each move's time.
    pub move_clocks: Vec<Option<MoveClock>>,
    /// A note on each move, by the index of the move in the history (an
    /// annotation: `?! -0.62, best Nf3`; `None`: none); empty when no move
    /// has one. PGN and PDN write each as a comment after its move (before
    /// the clock's), GGF gathers them, numbered, in the game's `C` comment.
    pub move_notes: Vec<Option<String>>,
    /// The lines beside each move, by the index of the move in the history:
    /// the other moves that could have been played there, each with its
    /// continuation (PGN's recursive annotation variations); empty when
    /// there are none. PGN and PDN write each as `( ... )` after its move
    /// (and the move's comment); GGF leaves them out.
    pub move_variations: Vec<Vec<Variation>>,
}

/// A line of moves beside the main line (PGN's recursive annotation
/// variation, `( ... )`), in the game's notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Its moves, the first one an alternative to the main line's move.
    pub moves: Vec<String>,
    /// The lines beside each of its moves, by index, as
    /// [`Header::move_variations`].
    pub variations: Vec<Vec<Variation>>,
}

/// The time a player took for a move and what its clock showed after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveClock {
    /// The time the move took.
    pub used: Duration,
    /// The player's clock after the move (increment added); `None` when
    /// the game had no clock (a fixed time, depth or node count a move).
    pub left: Option<Duration>,
}

impl MoveClock {
    /// The PGN comment of the move (`[%emt 0:00:00.52] [%clk 0:00:08.53]`),
    /// the form of the PGN specification supplement that python-chess,
    /// Lichess and ChessBase read.
    #[must_use]
    pub fn pgn_comment(&self) -> String {
        let mut comment = format!("[%emt {}]", clock_text(self.used));
        if let Some(left) = self.left {
            comment.push_str(&format!(" [%clk {}]", clock_text(left)));
        }
        comment
    }
}

/// `h:mm:ss.ss`, hundredths of a second rounded down.
fn clock_text(time: Duration) -> String {
    let hundredths = time.as_millis() / 10;
    let seconds = hundredths / 100;
    format!(
        "{}:{:02}:{:02}.{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60,
        hundredths % 100
    )
}

impl<R> Header<R> {
    /// The header of a game between `players` at `event`, dated now: no
    /// round, no time control, no more tags, not ended.
    #[must_use]
    pub fn new(players: Players, event: &str) -> Header<R> {
        Header {
            players,
            event: event.to_owned(),
            round: "-".to_owned(),
            date: UtcTime::now(),
            time_control: None,
            tags: Vec::new(),
            ending: None,
            move_clocks: Vec::new(),
            move_notes: Vec::new(),
            move_variations: Vec::new(),
        }
    }
}

/// Why a record could not be read; `E` is the error of reading a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError<E> {
    /// The text is not a record of the format, or its start position is bad:
    /// the reason.
    Format(String),
    /// A move could not be read or is not legal.
    Move(ReplayError<E>),
}

impl<E> From<ReplayError<E>> for RecordError<E> {
    fn from(error: ReplayError<E>) -> Self {
        RecordError::Move(error)
    }
}

impl<E: fmt::Display> fmt::Display for RecordError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Format(reason) => f.write_str(reason),
            RecordError::Move(error) => error.fmt(f),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for RecordError<E> {}

/// A moment in UTC, as records date their games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcTime {
    /// The year.
    pub year: i64,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
    /// The hour, 0 to 23.
    pub hour: u32,
    /// The minute, 0 to 59.
    pub minute: u32,
    /// The second, 0 to 59.
    pub second: u32,
}

impl UtcTime {
    /// Now, by the system clock (the epoch if the clock is before it).
    #[must_use]
    pub fn now() -> UtcTime {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        UtcTime::from_unix(seconds)
    }

    /// The calendar date and time of a Unix timestamp (days-from-civil,
    /// inverted; proleptic Gregorian calendar).
    #[must_use]
    pub fn from_unix(seconds: i64) -> UtcTime {
        let days = seconds.div_euclid(86_400);
        let time = seconds.rem_euclid(86_400) as u32;
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        UtcTime {
            year,
            month,
            day,
            hour: time / 3600,
            minute: time / 60 % 60,
            second: time % 60,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn civil(seconds: i64) -> (i64, u32, u32, u32, u32, u32) {
        let t = UtcTime::from_unix(seconds);
        (t.year, t.month, t.day, t.hour, t.minute, t.second)
    }

    #[test]
    fn dates_from_timestamps() {
        assert_eq!(civil(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(civil(1_700_000_000), (2023, 11, 14, 22, 13, 20));
        assert_eq!(civil(-1), (1969, 12, 31, 23, 59, 59));
    }

    #[test]
    fn endings_and_errors() {
        let ending: Ending<&str> = Ending::Rules(Outcome::Win {
            winner: Side::Second,
            reason: "checkmate",
        });
        assert_eq!(ending.winner(), Some(Side::Second));
        let decided: Ending<&str> = Ending::Decided {
            winner: None,
            reason: "agreed".to_owned(),
        };
        assert_eq!(decided.winner(), None);
        let err: RecordError<&str> = RecordError::Move(ReplayError {
            number: 3,
            text: "Kf3".to_owned(),
            error: "Kf3 is not legal here",
        });
        assert_eq!(err.to_string(), "move 3 (Kf3): Kf3 is not legal here");
    }
}
