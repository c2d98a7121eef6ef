//! A game as played: the start position, the moves and every position between,
//! with the names of the players for the saved record.

use ply_core::{Game, Outcome, Side};
use std::time::{SystemTime, UNIX_EPOCH};

/// The moves of a game from its start position.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> Record<G> {
    /// A game starting at `start`, no move played.
    pub fn new(start: G) -> Self {
        Record {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.positions
            .last()
            .expect("a record has a start position")
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Every position, the start first and the current one last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<G::Move> {
        self.moves.last().copied()
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn push(&mut self, mv: G::Move) {
        let next = self.position().play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Keeps the first `plies` moves.
    pub fn truncate(&mut self, plies: usize) {
        self.moves.truncate(plies);
        self.positions.truncate(plies + 1);
    }

    /// Whether the game started from the game's standard start position.
    pub fn starts_from_standard(&self) -> bool {
        self.start().position_string() == G::start().position_string()
    }

    /// The side that made move number `ply` (0 = the first move).
    pub fn mover(&self, ply: usize) -> Side {
        self.positions[ply].side_to_move()
    }

    /// Hashes of the positions before the current one, oldest first (what the
    /// search needs for repetitions).
    pub fn earlier_hashes(&self) -> Vec<u64> {
        self.positions[..self.positions.len() - 1]
            .iter()
            .map(Game::hash)
            .collect()
    }

    /// Replays `moves` (in the game's notation, or any notation `read` accepts)
    /// from `start`; the error names the move that failed, counted from 1.
    pub fn replay<'a>(
        start: G,
        moves: impl IntoIterator<Item = &'a str>,
        read: impl Fn(&G, &str) -> Result<G::Move, String>,
    ) -> Result<Self, String> {
        let mut record = Record::new(start);
        for (index, text) in moves.into_iter().enumerate() {
            let mv = read(record.position(), text)
                .map_err(|reason| format!("move {} ({text}): {reason}", index + 1))?;
            record.push(mv);
        }
        Ok(record)
    }
}

/// `reason` on one line: the control characters (line ends, tabs) that a
/// quoted piece of a file may bring into an error message become spaces.
pub fn one_line(reason: String) -> String {
    if reason.contains(char::is_control) {
        reason.replace(char::is_control, " ")
    } else {
        reason
    }
}

/// Who played and when, for the saved record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// The name of the player who moved first (White in chess, Black in
    /// checkers and Othello).
    pub first: String,
    /// The name of the other player.
    pub second: String,
}

/// How a game ended, for its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of the game (mate, no moves, a draw rule, the disc count).
    Rules(Outcome),
    /// Otherwise (a time loss, an illegal move, an adjudication): the winner
    /// (`None`: a draw) and the reason in a sentence.
    Decided {
        /// The side that won, `None` for a draw.
        winner: Option<Side>,
        /// Why, as a sentence for the record ("White loses on time").
        reason: String,
    },
}

impl Ending {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Ending::Rules(outcome) => outcome.winner(),
            Ending::Decided { winner, .. } => *winner,
        }
    }
}

/// What a record says besides the moves: the players, the event and the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Who played.
    pub players: Players,
    /// The event (`ply play`, `ply match`).
    pub event: String,
    /// The round (`-` when there are none).
    pub round: String,
    /// The time control as the format writes it (PGN `TimeControl`, GGF `TI`).
    pub time_control: Option<String>,
    /// More tag pairs (PGN and PDN only): `Opening`, `Termination`...
    pub tags: Vec<(String, String)>,
    /// How the game ended; `None` while it goes on.
    pub ending: Option<Ending>,
}

impl Header {
    /// The header of a game of `ply play`.
    pub fn play(players: &Players, result: Option<Outcome>) -> Header {
        Header {
            players: players.clone(),
            event: "ply play".to_owned(),
            round: "-".to_owned(),
            time_control: None,
            tags: Vec::new(),
            ending: result.map(Ending::Rules),
        }
    }
}

/// The current date and time in UTC as (year, month, day, hour, minute, second).
pub fn now_utc() -> (i64, u32, u32, u32, u32, u32) {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    civil_from_unix(seconds)
}

/// The calendar date and time of a Unix timestamp (days-from-civil, inverted;
/// proleptic Gregorian calendar).
pub fn civil_from_unix(seconds: i64) -> (i64, u32, u32, u32, u32, u32) {
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
    (year, month, day, time / 3600, time / 60 % 60, time % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_are_put_on_one_line() {
        assert_eq!(one_line("GM[a\r\nb\tc]".to_owned()), "GM[a  b c]");
        assert_eq!(one_line("plain".to_owned()), "plain");
    }
    use ply_othello::Othello;

    #[test]
    fn dates_from_timestamps() {
        assert_eq!(civil_from_unix(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil_from_unix(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(civil_from_unix(1_700_000_000), (2023, 11, 14, 22, 13, 20));
        assert_eq!(civil_from_unix(-1), (1969, 12, 31, 23, 59, 59));
    }

    #[test]
    fn replay_push_pop_truncate() {
        let read = |p: &Othello, t: &str| p.parse_move(t).map_err(|e| e.to_string());
        let mut record = Record::replay(Othello::start(), ["f5", "d6", "c3"], read).unwrap();
        assert_eq!(record.moves().len(), 3);
        assert_eq!(record.mover(0), Side::First);
        assert_eq!(record.mover(1), Side::Second);
        assert_eq!(record.earlier_hashes().len(), 3);
        assert!(record.starts_from_standard());
        record.truncate(1);
        assert_eq!(record.positions().len(), 2);
        let err = Record::replay(Othello::start(), ["f5", "a1"], read).unwrap_err();
        assert!(err.starts_with("move 2 (a1): "), "{err}");
    }
}
