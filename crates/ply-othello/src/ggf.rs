//! GGF records of Othello games: the Generic Game Format of the GGS game
//! server (Michael Buro), as NBoard and GGS write them:
//!
//! `(;GM[Othello]PC[..]DT[..]PB[black]PW[white]RE[+12.00]TI[..]TY[8]BO[8 <64 squares> *]B[f5]W[d6]...;)`
//!
//! - `BO`: the board size, then the 64 squares row by row from a1 (a1..h1,
//!   a2..h2, ..., a8..h8) with `*` black, `O` white, `-` empty (spaces between
//!   rows allowed), then the side to move, `*` or `O`.
//! - `B`/`W`: a move of Black/White, `d3` or `PA` (pass), optionally followed
//!   by `/evaluation/time`.
//! - `RE`: the result for the game's first colour (Black in Othello), the
//!   final disc difference such as `+12.00`, or `?` when unknown.
//! - `TY`: the game type, `8` for standard 8x8 Othello (letters add variants).
//!
//! [`parse`] and [`write_properties`] handle the text; [`read`] and [`write()`]
//! turn it into a [`GameHistory`] and back.

use crate::Othello;
use crate::game::EndReason;
use crate::moves::Move;
use crate::notation::MoveError;
use ply_core::record::{Ending, Header, RecordError, UtcTime};
use ply_core::{Game, GameHistory, ReplayError, Side};

/// The properties of one GGF game, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GgfGame {
    /// `(name, value)` pairs; moves are the `B` and `W` entries.
    pub properties: Vec<(String, String)>,
}

impl GgfGame {
    /// The first value of property `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The moves in order: `('B' | 'W', move)` without evaluations or times.
    #[must_use]
    pub fn moves(&self) -> Vec<(char, &str)> {
        self.properties
            .iter()
            .filter_map(|(name, value)| {
                let color = match name.as_str() {
                    "B" => 'B',
                    "W" => 'W',
                    _ => return None,
                };
                let mv = value.split('/').next().unwrap_or("").trim();
                Some((color, mv))
            })
            .collect()
    }
}

/// Reads the first game in `text` (anything before its `(;` is skipped).
///
/// # Errors
/// The reason, when the text holds no GGF game or breaks its syntax.
pub fn parse(text: &str) -> Result<GgfGame, String> {
    let start = text
        .find("(;")
        .ok_or("no GGF game found: expected '(;GM[Othello]...;)'")?;
    let mut rest = &text[start + 2..];
    let mut game = GgfGame::default();
    loop {
        rest = rest.trim_start();
        if rest.starts_with(";)") || rest.starts_with(')') {
            return Ok(game);
        }
        if rest.is_empty() {
            return Err("the GGF game is never closed with ';)'".to_owned());
        }
        let name_len = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        if name_len == 0 {
            let bad = rest.chars().next().unwrap_or(' ');
            return Err(format!("unexpected '{bad}' in the GGF game"));
        }
        let name = rest[..name_len].to_ascii_uppercase();
        rest = rest[name_len..].trim_start();
        let Some(value_start) = rest.strip_prefix('[') else {
            return Err(format!("GGF property {name} has no [value]"));
        };
        let close = value_start
            .find(']')
            .ok_or_else(|| format!("GGF property {name}: '[' is never closed"))?;
        game.properties
            .push((name, value_start[..close].to_owned()));
        rest = &value_start[close + 1..];
    }
}

/// When the first game in `text` was played, where its `DT` says it fully
/// ([`UtcTime::parse`]: what ply, NBoard and GGS write); None otherwise.
#[must_use]
pub fn date(text: &str) -> Option<UtcTime> {
    UtcTime::parse(parse(text).ok()?.get("DT")?)
}

/// Writes one game from its properties, in order, on one line.
#[must_use]
pub fn write_properties(properties: &[(&str, String)]) -> String {
    let mut out = String::from("(;");
    for (name, value) in properties {
        out.push_str(name);
        out.push('[');
        out.push_str(&value.replace(']', ")"));
        out.push(']');
    }
    out.push_str(";)\n");
    out
}

/// The name of a side in messages.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}

/// Reads the first Othello game of a GGF file; forced passes that a program
/// left out are put back.
///
/// # Errors
/// [`RecordError`]: the text is not GGF, not 8x8 Othello, has a bad `BO`
/// board, or a move that cannot be read, is not legal or is out of turn.
pub fn read(text: &str) -> Result<GameHistory<Othello>, RecordError<MoveError>> {
    let format = RecordError::Format;
    let game = parse(text).map_err(format)?;
    if let Some(name) = game.get("GM")
        && !name.trim().eq_ignore_ascii_case("othello")
    {
        return Err(format(format!("GM[{name}] is not an Othello game")));
    }
    if let Some(kind) = game.get("TY") {
        let kind = kind.trim().to_ascii_lowercase();
        let size: String = kind.chars().filter(char::is_ascii_digit).collect();
        if size != "8" {
            return Err(format(format!("TY[{kind}]: only 8x8 Othello is supported")));
        }
        if kind.contains('a') {
            return Err(format(format!("TY[{kind}]: anti-Othello is not supported")));
        }
    }
    let start = match game.get("BO") {
        Some(board) => {
            let board = board.trim();
            let cells = board
                .strip_prefix('8')
                .ok_or_else(|| format(format!("BO[{board}]: only 8x8 boards are supported")))?;
            Othello::parse_position(cells).map_err(|e| format(format!("BO: {e}")))?
        }
        None => Othello::start(),
    };
    let mut history = GameHistory::new(start);
    for (index, (color, text)) in game.moves().into_iter().enumerate() {
        let position = *history.position();
        let expected = match position.side_to_move() {
            Side::First => 'B',
            Side::Second => 'W',
        };
        if color != expected {
            // Some programs leave forced passes out.
            if position.must_pass() {
                history.push(Move::PASS);
            } else {
                return Err(format(format!(
                    "move {} ({color}[{text}]): it is {}'s turn",
                    index + 1,
                    side_name(position.side_to_move())
                )));
            }
        }
        let mv = history.position().parse_move(text).map_err(|error| {
            RecordError::Move(ReplayError {
                number: index + 1,
                text: format!("{color}[{text}]"),
                error,
            })
        })?;
        history.push(mv);
    }
    Ok(history)
}

/// Writes `history` as GGF with what `header` says: the players, the time
/// control (`TI`, `0` without one), the result (`RE`: the final disc
/// difference for an end by the rules, GGS's `+64.00:t` or `:r` marks for a
/// win on time or by decision, whose reason goes in a `C` comment) and the
/// start board, dated `header.date`; each move timed in `header.move_clocks` carries
/// its time in seconds (`B[F5//0.52]`, GGF's move/evaluation/time).
#[must_use]
pub fn write(history: &GameHistory<Othello>, header: &Header<EndReason>) -> String {
    let UtcTime {
        year,
        month,
        day,
        hour,
        minute,
        second,
    } = header.date;
    let result = match &header.ending {
        Some(Ending::Rules(_)) => {
            let (black, white) = history.position().final_disc_counts();
            format!("{:+.2}", f64::from(black) - f64::from(white))
        }
        // GGS's marks: a win on time `:t`, any other win by decision `:r`.
        Some(Ending::Decided { winner, reason }) => {
            let mark = if reason.contains("on time") {
                ":t"
            } else {
                ":r"
            };
            match winner {
                Some(Side::First) => format!("+64.00{mark}"),
                Some(Side::Second) => format!("-64.00{mark}"),
                None => "0.00".to_owned(),
            }
        }
        None => "?".to_owned(),
    };
    let start = history.start().position_string();
    let (board, side) = start.split_at(64);
    let board: String = board
        .chars()
        .map(|c| if c == 'X' { '*' } else { c })
        .collect();
    let side = if side.trim() == "X" { '*' } else { 'O' };
    let mut properties = vec![
        ("GM", "Othello".to_owned()),
        ("PC", "ply".to_owned()),
        (
            "DT",
            format!("{year:04}.{month:02}.{day:02}_{hour:02}:{minute:02}:{second:02}.UTC"),
        ),
        ("PB", header.players.first.clone()),
        ("PW", header.players.second.clone()),
        ("RE", result),
        (
            "TI",
            header
                .time_control
                .clone()
                .unwrap_or_else(|| "0".to_owned()),
        ),
        ("TY", "8".to_owned()),
        ("BO", format!("8 {board} {side}")),
    ];
    // The game's comment: the reason of an end by decision, then each
    // move's note (`12. C4: ?? -8.00, best D3`).
    let mut comment: Vec<String> = Vec::new();
    if let Some(Ending::Decided { reason, .. }) = &header.ending {
        comment.push(reason.clone());
    }
    for (index, (note, &mv)) in header.move_notes.iter().zip(history.moves()).enumerate() {
        if let Some(note) = note {
            let name = if mv.is_pass() {
                "PA".to_owned()
            } else {
                mv.to_string().to_ascii_uppercase()
            };
            comment.push(format!("{}. {name}: {note}", index + 1));
        }
    }
    if !comment.is_empty() {
        properties.push(("C", comment.join("\n")));
    }
    for (index, (position, &mv)) in history.positions().iter().zip(history.moves()).enumerate() {
        let color = match position.side_to_move() {
            Side::First => "B",
            Side::Second => "W",
        };
        let mut name = if mv.is_pass() {
            "PA".to_owned()
        } else {
            mv.to_string().to_ascii_uppercase()
        };
        if let Some(Some(clock)) = header.move_clocks.get(index) {
            name.push_str(&format!("//{:.2}", clock.used.as_secs_f64()));
        }
        properties.push((color, name));
    }
    write_properties(&properties)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_properties_and_moves() {
        let text = "junk before\n(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[me]PW[]RE[?]\n\
                    TI[15:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\
                    B[F5//2.44]W[d6/-1.0/3.2] B[PA];)(;GM[Othello];)";
        let game = parse(text).unwrap();
        assert_eq!(game.get("GM"), Some("Othello"));
        assert_eq!(game.get("PW"), Some(""));
        assert_eq!(game.get("TY"), Some("8"));
        assert_eq!(game.moves(), [('B', "F5"), ('W', "d6"), ('B', "PA")]);
    }

    #[test]
    fn broken_games_get_a_reason() {
        assert!(parse("GM[Othello]").unwrap_err().contains("no GGF game"));
        assert!(
            parse("(;GM[Othello]B[f5]")
                .unwrap_err()
                .contains("never closed")
        );
        assert!(parse("(;GM[Othello").unwrap_err().contains("never closed"));
        assert!(parse("(;GM Othello;)").unwrap_err().contains("no [value]"));
        assert!(parse("(;[x];)").unwrap_err().contains("unexpected '['"));
    }

    #[test]
    fn writes_what_it_reads() {
        let props = [("GM", "Othello".to_owned()), ("B", "F5".to_owned())];
        let text = write_properties(&props);
        assert_eq!(text, "(;GM[Othello]B[F5];)\n");
        assert_eq!(parse(&text).unwrap().moves(), [('B', "F5")]);
    }

    #[test]
    fn timed_moves_carry_their_time_and_read_back() {
        use ply_core::record::{MoveClock, Players};
        let mut history = GameHistory::new(Othello::start());
        for name in ["f5", "d6", "c3"] {
            let mv = history.position().parse_move(name).unwrap();
            history.push(mv);
        }
        let players = Players {
            first: "a".to_owned(),
            second: "b".to_owned(),
        };
        let timed = |ms| {
            Some(MoveClock {
                used: std::time::Duration::from_millis(ms),
                left: None,
            })
        };
        let header = Header {
            move_clocks: vec![None, timed(1_234), timed(10)],
            date: ply_core::record::UtcTime::from_unix(1_700_000_000),
            ..Header::new(players, "test")
        };
        let text = write(&history, &header);
        assert!(text.contains("DT[2023.11.14_22:13:20.UTC]"), "{text}");
        assert_eq!(date(&text), Some(UtcTime::from_unix(1_700_000_000)));
        assert_eq!(
            date("(;GM[Othello]DT[2014-02-21 20:52:27 GMT];)"),
            Some(UtcTime::from_unix(1_393_015_947))
        );
        assert_eq!(date("(;GM[Othello]DT[today];)"), None);
        assert_eq!(date("(;GM[Othello]B[f5];)"), None);
        assert!(text.contains("B[F5]W[D6//1.23]B[C3//0.01]"), "{text}");
        assert_eq!(read(&text).unwrap().moves(), history.moves());
        let noted = Header {
            move_notes: vec![None, Some("?? -8.00, best C4".to_owned())],
            ..header
        };
        let text = write(&history, &noted);
        assert!(text.contains("C[2. D6: ?? -8.00, best C4]"), "{text}");
        assert_eq!(read(&text).unwrap().moves(), history.moves());
    }
}
