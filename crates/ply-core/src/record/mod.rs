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

    /// The moment a record writes as `text`, where it says it fully: a date
    /// `YYYY.MM.DD` or `YYYY-MM-DD`, then optionally (after `_`, `T` or a
    /// space) a time `hh:mm:ss` and a zone: `UTC`, `GMT` or `Z`, an offset
    /// such as `+01:00`, or one of the North American and central European
    /// abbreviations (`EST` ... `PDT`, `CET`, `CEST`), converted to UTC; or
    /// a Unix timestamp in seconds. None for anything else: a date with
    /// unknown parts (PGN's `????.??.??`), an impossible day, a zone it does
    /// not know.
    #[must_use]
    pub fn parse(text: &str) -> Option<UtcTime> {
        let text = text.trim();
        if !text.is_empty() && text.len() <= 12 && text.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse().ok().map(UtcTime::from_unix);
        }
        let (date, rest) = text.split_at_checked(10)?;
        let bytes = date.as_bytes();
        let separator = bytes[4];
        if !matches!(separator, b'.' | b'-') || bytes[7] != separator {
            return None;
        }
        let year: i64 = digits(&date[0..4])?.into();
        let month = digits(&date[5..7])?;
        let day = digits(&date[8..10])?;
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        let (clock, offset_minutes) = match rest.strip_prefix(['_', 'T', ' ']) {
            None if rest.is_empty() => ((0, 0, 0), 0),
            None => return None,
            Some(rest) => {
                let (time, zone) = rest.split_at_checked(8)?;
                let hour = digits(time.get(0..2)?)?;
                let minute = digits(time.get(3..5)?)?;
                let second = digits(time.get(6..8)?)?;
                if &time[2..3] != ":"
                    || &time[5..6] != ":"
                    || hour > 23
                    || minute > 59
                    || second > 59
                {
                    return None;
                }
                ((hour, minute, second), zone_offset_minutes(zone)?)
            }
        };
        let (hour, minute, second) = clock;
        let local = days_from_civil(year, month, day) * 86_400
            + i64::from(hour * 3600 + minute * 60 + second);
        Some(UtcTime::from_unix(local - offset_minutes * 60))
    }
}

/// The number written by `text`, all ASCII digits.
fn digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The days of `month` (1 to 12) in `year`, proleptic Gregorian.
fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the date (Howard Hinnant's `days_from_civil`,
/// which [`UtcTime::from_unix`] inverts).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let month = i64::from(month);
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// How many minutes the zone written after a time (with an optional `.` or
/// space before it) is ahead of UTC; None for a zone not known.
fn zone_offset_minutes(zone: &str) -> Option<i64> {
    let zone = zone.strip_prefix(['.', ' ']).unwrap_or(zone);
    let hours = match zone {
        "" | "UTC" | "GMT" | "Z" => 0,
        "EDT" => -4,
        "EST" | "CDT" => -5,
        "CST" | "MDT" => -6,
        "MST" | "PDT" => -7,
        "PST" => -8,
        "CET" => 1,
        "CEST" => 2,
        _ => {
            let sign = match zone.as_bytes().first()? {
                b'+' => 1,
                b'-' => -1,
                _ => return None,
            };
            let (hours, minutes) = zone[1..].split_once(':').unwrap_or((&zone[1..], "00"));
            let (hours, minutes) = (digits(hours)?, digits(minutes)?);
            if hours > 14 || minutes > 59 {
                return None;
            }
            return Some(sign * i64::from(hours * 60 + minutes));
        }
    };
    Some(hours * 60)
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
    fn records_dates_read_as_written() {
        let at = |text: &str| {
            UtcTime::parse(text).map(|t| (t.year, t.month, t.day, t.hour, t.minute, t.second))
        };
        // PGN's Date, and what ply's GGF writer, NBoard and GGS write.
        assert_eq!(at("2000.02.29"), Some((2000, 2, 29, 0, 0, 0)));
        assert_eq!(
            at("2023.11.14_22:13:20.UTC"),
            Some((2023, 11, 14, 22, 13, 20))
        );
        assert_eq!(
            at("2014-02-21 20:52:27 GMT"),
            Some((2014, 2, 21, 20, 52, 27))
        );
        assert_eq!(
            at("2003.12.15_13:24:03.MST"),
            Some((2003, 12, 15, 20, 24, 3))
        );
        assert_eq!(at("2003.12.31_23:30:00.EST"), Some((2004, 1, 1, 4, 30, 0)));
        assert_eq!(
            at("2024-03-01T00:10:00+01:00"),
            Some((2024, 2, 29, 23, 10, 0))
        );
        assert_eq!(at("1700000000"), Some((2023, 11, 14, 22, 13, 20)));
        for text in [
            "",
            "????.??.??",
            "2023.??.??",
            "2023.02.29",
            "2023.13.01",
            "2023.00.10",
            "2023.1.5",
            "2023-11.14",
            "2023.11.14_24:00:00",
            "2023.11.14_22:13",
            "2023.11.14_22:13:20.XYZ",
            "2023.11.14x",
            "2023.11.14_22:1é:00",
            "é023.11.14",
            "2023.11.14_22:13:20+15:00",
            "-2023.11.14",
            "+100000000000000",
        ] {
            assert_eq!(UtcTime::parse(text), None, "{text:?}");
        }
        // What the writers write reads back as the same moment.
        for seconds in [0, 951_782_400, 1_700_000_000, 4_102_444_799] {
            let t = UtcTime::from_unix(seconds);
            let written = format!(
                "{:04}.{:02}.{:02}_{:02}:{:02}:{:02}.UTC",
                t.year, t.month, t.day, t.hour, t.minute, t.second
            );
            assert_eq!(UtcTime::parse(&written), Some(t), "{written}");
        }
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
