//! The text shape of PGN, the Portable Game Notation of chess (the 1994
//! standard by Steven J. Edwards), which PDN, its draughts form, shares: tag
//! pairs, then movetext with move numbers and a result. The moves stay text
//! here; `ply-chess` reads them as SAN, `ply-checkers` as `11-15`.
//!
//! Writing gives the Seven Tag Roster ([`header_tags`]) and movetext wrapped
//! below 80 columns. Reading takes the first game of a file and skips what a
//! program may add: comments `{...}` and `;...`, `%` escape lines, NAGs `$n`,
//! variations `(...)`, move numbers (`12.`, `12...`), annotation marks;
//! [`variations`] reads the variations themselves, and
//! [`write_with_variations`] writes them.

use super::{Ending, Header, RecordError, UtcTime, Variation};
use crate::game::{Game, Outcome, Side};
use crate::history::GameHistory;

/// The parts of one PGN game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written (SAN), without annotations.
    pub moves: Vec<String>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`), if present.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }
}

/// When the first game of a PGN (or PDN) file was played, where its tags
/// say it fully: `UTCDate` with `UTCTime` (PGN's supplemental tags), else
/// `UTCDate` or `Date` alone (at midnight). None when the text holds no
/// game or the date is unknown in part (`????.??.??`).
#[must_use]
pub fn date(text: &str) -> Option<UtcTime> {
    let game = parse(text).ok()?;
    let utc = game
        .tag("UTCDate")
        .and_then(|date| match game.tag("UTCTime") {
            Some(time) => {
                UtcTime::parse(&format!("{date}_{time}")).or_else(|| UtcTime::parse(date))
            }
            None => UtcTime::parse(date),
        });
    utc.or_else(|| UtcTime::parse(game.tag("Date")?))
}

/// A token of PGN text.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    Open,
    Close,
    Result(String),
    Symbol(String),
}

fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Splits PGN text into tokens, dropping comments, escapes and NAGs.
fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.trim_start_matches('\u{feff}').chars().collect();
    let mut i = 0;
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '%' && line_start {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        line_start = c == '\n';
        match c {
            c if c.is_whitespace() => i += 1,
            '{' => {
                let close = chars[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or("a comment '{' is never closed")?;
                i += close + 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                out.push(Token::Open);
                i += 1;
            }
            ')' => {
                out.push(Token::Close);
                i += 1;
            }
            '[' => {
                let close = tag_end(&chars[i..]).ok_or("a tag '[' is never closed")?;
                let inner: String = chars[i + 1..i + close].iter().collect();
                out.push(parse_tag(&inner)?);
                i += close + 1;
            }
            '$' => {
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            _ => {
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
                {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if word.is_empty() {
                    // A stray closing bracket.
                    i += 1;
                    continue;
                }
                if is_result(&word) {
                    out.push(Token::Result(word));
                } else {
                    out.push(Token::Symbol(word));
                }
            }
        }
    }
    Ok(out)
}

/// The index of the `]` that closes the tag opening `text`: the first one
/// outside the quoted value (a value may hold `]`, and `\"` inside it). A
/// tag ends on its line (PGN strings hold no newline).
fn tag_end(text: &[char]) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (index, &c) in text.iter().enumerate() {
        match c {
            '\n' => return None,
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(index),
            _ => {}
        }
    }
    None
}

/// `Name "value"` with `\"` and `\\` escapes.
fn parse_tag(inner: &str) -> Result<Token, String> {
    let inner = inner.trim();
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| format!("tag [{inner}] has no value"))?;
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("tag {name}: the value must be in double quotes"))?;
    let mut value = String::new();
    let mut escaped = false;
    for c in quoted.chars() {
        if escaped {
            value.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            value.push(c);
        }
    }
    Ok(Token::Tag(name.to_owned(), value))
}

/// The move in a symbol, without its move number and annotation marks:
/// `12.e4` gives `e4`, `12...` and `!?` give nothing.
fn move_of(symbol: &str) -> Option<&str> {
    let digits = symbol.len()
        - symbol
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    let rest = &symbol[digits..];
    let rest = if digits > 0 && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else if digits > 0 && rest.is_empty() {
        // A bare number (some programs leave out the dot).
        ""
    } else {
        symbol
    };
    let rest = rest.trim_end_matches(['!', '?']);
    (!rest.is_empty()).then_some(rest)
}

/// Reads the first game of a PGN file.
///
/// # Errors
/// The reason, when the text holds no game or breaks the syntax.
pub fn parse(text: &str) -> Result<PgnGame, String> {
    let mut game = PgnGame::default();
    let mut depth = 0usize;
    let mut in_movetext = false;
    for token in tokens(text)? {
        match token {
            Token::Tag(name, value) => {
                if in_movetext {
                    // The next game's tags: this game had no result marker.
                    break;
                }
                game.tags.push((name, value));
            }
            Token::Open => {
                in_movetext = true;
                depth += 1;
            }
            Token::Close => {
                depth = depth.checked_sub(1).ok_or("a ')' closes no variation")?;
            }
            Token::Result(result) => {
                if depth == 0 {
                    game.result = Some(result);
                    break;
                }
            }
            Token::Symbol(symbol) => {
                in_movetext = true;
                if depth == 0
                    && let Some(mv) = move_of(&symbol)
                {
                    game.moves.push(mv.to_owned());
                }
            }
        }
    }
    if depth > 0 {
        return Err("a variation '(' is never closed".to_owned());
    }
    if game.tags.is_empty() && game.moves.is_empty() && game.result.is_none() {
        return Err("no PGN game found".to_owned());
    }
    Ok(game)
}

/// The variations of the first game of a PGN (or PDN) file, as
/// [`Header::move_variations`] holds them: for each move of the main line,
/// the lines beside it (`( ... )` after the move), nested as deep as they
/// are, their moves as written (without numbers and marks). A variation
/// before any move is dropped.
///
/// # Errors
/// The reason, when the text breaks the syntax (as [`parse`]).
pub fn variations(text: &str) -> Result<Vec<Vec<Variation>>, String> {
    // The lines being read: the main line first; each open variation with
    // the index of the move of its parent that it replaces.
    let mut stack: Vec<(Variation, Option<usize>)> = vec![(Variation::default(), None)];
    let mut in_movetext = false;
    for token in tokens(text)? {
        match token {
            Token::Tag(..) if in_movetext => break,
            Token::Tag(..) => {}
            Token::Open => {
                in_movetext = true;
                let replaces = stack
                    .last()
                    .and_then(|(line, _)| line.moves.len().checked_sub(1));
                stack.push((Variation::default(), replaces));
            }
            Token::Close => {
                if stack.len() < 2 {
                    return Err("a ')' closes no variation".to_owned());
                }
                let (line, replaces) = stack.pop().unwrap_or_default();
                if let (Some(index), Some((parent, _))) = (replaces, stack.last_mut())
                    && !line.moves.is_empty()
                {
                    parent.variations[index].push(line);
                }
            }
            Token::Result(_) if stack.len() == 1 => break,
            Token::Result(_) => {}
            Token::Symbol(symbol) => {
                in_movetext = true;
                if let Some(mv) = move_of(&symbol)
                    && let Some((line, _)) = stack.last_mut()
                {
                    line.moves.push(mv.to_owned());
                    line.variations.push(Vec::new());
                }
            }
        }
    }
    if stack.len() > 1 {
        return Err("a variation '(' is never closed".to_owned());
    }
    Ok(stack
        .pop()
        .map(|(main, _)| main.variations)
        .unwrap_or_default())
}

/// Replays `game` with its moves read by `read_move`, from its `FEN` tag
/// (unless `SetUp` is `0`) or from the standard start.
///
/// # Errors
/// [`RecordError::Format`] for a bad `FEN` tag, [`RecordError::Move`] for a
/// move that cannot be read or played.
pub fn replay<G: Game, E>(
    game: &PgnGame,
    read_move: impl Fn(&G, &str) -> Result<G::Move, E>,
) -> Result<GameHistory<G>, RecordError<E>> {
    let start = match game.tag("FEN") {
        Some(fen) if game.tag("SetUp") != Some("0") => {
            G::parse_position(fen).map_err(|e| RecordError::Format(format!("FEN tag: {e}")))?
        }
        _ => G::start(),
    };
    Ok(GameHistory::replay(
        start,
        game.moves.iter().map(String::as_str),
        read_move,
    )?)
}

/// Writes `history` in the PGN shape: the Seven Tag Roster from `header`
/// (the players under `player_tags`, first player first), `more_tags`,
/// `SetUp`/`FEN` (the position string) after a set-up, then the moves as
/// `name` writes them, numbered from `first_number`, each with its time
/// and clock when the header has them, the `comment` and the result.
#[must_use]
pub fn write_history<G: Game>(
    history: &GameHistory<G>,
    header: &Header<G::EndReason>,
    player_tags: [&str; 2],
    more_tags: Vec<(String, String)>,
    first_number: u32,
    name: impl Fn(&G, G::Move) -> String,
    comment: Option<&str>,
) -> String {
    let marker = ending_marker(header.ending.as_ref());
    let mut tags = header_tags(header, marker, player_tags[0], player_tags[1]);
    tags.extend(more_tags);
    let start = history.start();
    if !history.starts_from_standard() {
        tags.push(("SetUp".to_owned(), "1".to_owned()));
        tags.push(("FEN".to_owned(), start.position_string()));
    }
    let moves: Vec<String> = history
        .positions()
        .iter()
        .zip(history.moves())
        .map(|(position, &mv)| name(position, mv))
        .collect();
    // Each move's note, then its clock, in one comment.
    let count = header.move_clocks.len().max(header.move_notes.len());
    let move_comments: Vec<Option<String>> = (0..count)
        .map(|index| {
            let note = header.move_notes.get(index).cloned().flatten();
            let clock = header
                .move_clocks
                .get(index)
                .copied()
                .flatten()
                .map(|c| c.pgn_comment());
            match (note, clock) {
                (Some(note), Some(clock)) => Some(format!("{note} {clock}")),
                (note, clock) => note.or(clock),
            }
        })
        .collect();
    write_with_variations(
        &tags,
        &moves,
        &move_comments,
        &header.move_variations,
        first_number,
        start.side_to_move() == Side::Second,
        comment,
        marker,
    )
}

/// The result marker: `1-0` when the side that moved first won (White in
/// chess, Black in checkers as CheckerBoard counts), `0-1` when the other
/// side won, `1/2-1/2` for a draw, `*` for a game still going.
#[must_use]
pub fn result_marker<R>(outcome: Option<Outcome<R>>) -> &'static str {
    match outcome {
        Some(Outcome::Win {
            winner: Side::First,
            ..
        }) => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        None => "*",
    }
}

/// The result marker of a game that ended as `ending` says (`*` while it goes on).
#[must_use]
pub fn ending_marker<R: Copy>(ending: Option<&Ending<R>>) -> &'static str {
    match ending {
        Some(Ending::Rules(outcome)) => result_marker(Some(*outcome)),
        Some(Ending::Decided { winner, .. }) => match winner {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        },
        None => "*",
    }
}

/// The Seven Tag Roster from `header` (the first player under `first_tag`,
/// `White` in chess and `Black` in checkers), then `TimeControl` and the
/// header's own tags.
#[must_use]
pub fn header_tags<R: Copy>(
    header: &Header<R>,
    marker: &str,
    first_tag: &str,
    second_tag: &str,
) -> Vec<(String, String)> {
    let UtcTime {
        year, month, day, ..
    } = header.date;
    let mut tags = vec![
        ("Event".to_owned(), header.event.clone()),
        ("Site".to_owned(), "?".to_owned()),
        ("Date".to_owned(), format!("{year:04}.{month:02}.{day:02}")),
        ("Round".to_owned(), header.round.clone()),
        (first_tag.to_owned(), header.players.first.clone()),
        (second_tag.to_owned(), header.players.second.clone()),
        ("Result".to_owned(), marker.to_owned()),
    ];
    if let Some(control) = &header.time_control {
        tags.push(("TimeControl".to_owned(), control.clone()));
    }
    tags.extend(header.tags.iter().cloned());
    tags
}

/// Escapes a tag value.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes one game: `tags` in order, then the moves numbered from
/// `first_number` (`second_first`: the first move is the second player's, as
/// Black's in chess after a set-up), each followed by its comment in
/// `move_comments` (by index; missing or `None`: none), a comment and the
/// result, wrapped below 80 columns.
#[must_use]
pub fn write(
    tags: &[(impl AsRef<str>, String)],
    moves: &[String],
    move_comments: &[Option<String>],
    first_number: u32,
    second_first: bool,
    comment: Option<&str>,
    result: &str,
) -> String {
    write_with_variations(
        tags,
        moves,
        move_comments,
        &[],
        first_number,
        second_first,
        comment,
        result,
    )
}

/// Writes one game as [`write()`] does, with the lines beside each move in
/// `variations` (by index; missing or empty: none) as `( ... )` after the
/// move and its comment, numbered as the game is, nested as deep as they
/// are.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn write_with_variations(
    tags: &[(impl AsRef<str>, String)],
    moves: &[String],
    move_comments: &[Option<String>],
    variations: &[Vec<Variation>],
    first_number: u32,
    second_first: bool,
    comment: Option<&str>,
    result: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("[{} \"{}\"]\n", name.as_ref(), escape(value)));
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::new();
    let numbering = Numbering {
        first_number,
        second_first,
    };
    numbering.line(&mut words, moves, move_comments, variations, 0);
    if let Some(comment) = comment {
        words.push(format!("{{{}}}", comment.replace('}', ")")));
    }
    words.push(result.to_owned());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// How the moves of a game are numbered.
struct Numbering {
    first_number: u32,
    second_first: bool,
}

impl Numbering {
    /// Pushes the words of `moves`, the first of them the game's move at
    /// `index` (from 0), with their comments and the lines beside them.
    fn line(
        &self,
        words: &mut Vec<String>,
        moves: &[String],
        comments: &[Option<String>],
        variations: &[Vec<Variation>],
        index: usize,
    ) {
        // A move after a comment is not numbered again (`1. e4 {..} e5`), as
        // cutechess-cli writes: PDN readers such as pydraughts need that. A
        // move after a variation is (`1. e4 (1. d4) 1... e5`), as the PGN
        // standard asks.
        let mut renumber = true;
        for (offset, mv) in moves.iter().enumerate() {
            let ply = index + offset + usize::from(self.second_first);
            let number = u64::from(self.first_number) + (ply / 2) as u64;
            if ply.is_multiple_of(2) {
                words.push(format!("{number}. {mv}"));
            } else if renumber {
                words.push(format!("{number}... {mv}"));
            } else {
                words.push(mv.clone());
            }
            renumber = false;
            if let Some(Some(comment)) = comments.get(offset) {
                words.push(format!("{{{}}}", comment.replace('}', ")")));
            }
            for variation in variations.get(offset).into_iter().flatten() {
                if variation.moves.is_empty() {
                    continue;
                }
                let start = words.len();
                self.line(
                    words,
                    &variation.moves,
                    &[],
                    &variation.variations,
                    index + offset,
                );
                words[start].insert(0, '(');
                if let Some(last) = words.last_mut() {
                    last.push(')');
                }
                renumber = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::MoveClock;
    use std::time::Duration;

    #[test]
    fn reads_tags_moves_and_result_skipping_annotations() {
        let text = "\u{feff}[Event \"Test \\\"quoted\\\"\"]\n[White \"A\"]\n% escape line\n\n\
            1. e4 {best by test} e5 2.Nf3 $1 Nc6!? (2... d6 3. d4 {inner (paren}) \
            ; rest of line\n3. Bb5 a6 4... Nf6?! 1-0\n\n[Event \"next\"]\n1. d4 *";
        let game = parse(text).unwrap();
        assert_eq!(game.tag("Event"), Some("Test \"quoted\""));
        assert_eq!(game.tag("White"), Some("A"));
        assert_eq!(game.moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Nf6"]);
        assert_eq!(game.result.as_deref(), Some("1-0"));
    }

    #[test]
    fn a_game_without_result_ends_at_the_next_tags() {
        let game = parse("1. e4 e5\n[Event \"x\"]\n1. d4 1-0").unwrap();
        assert_eq!(game.moves, ["e4", "e5"]);
        assert_eq!(game.result, None);
    }

    #[test]
    fn a_tag_value_may_hold_a_closing_bracket() {
        // Found by the fuzz targets' record round trip: ply wrote a player named
        // `second]` and could not read its own file back.
        let game = parse("[Black \"second]\"]\n[White \"a \\\"]\\\" b\"]\n1. e4 *").unwrap();
        assert_eq!(game.tag("Black"), Some("second]"));
        assert_eq!(game.tag("White"), Some("a \"]\" b"));
        assert_eq!(game.moves, ["e4"]);
        assert!(
            parse("[Black \"open]")
                .unwrap_err()
                .contains("never closed")
        );
        // A string ends on its line: a stray quote does not swallow the file.
        // (Found by the pgn fuzz target: the error quoted several lines.)
        let err = parse("[Black \"a\nb\"]\n1. e4 *").unwrap_err();
        assert!(err.contains("never closed"), "{err}");
    }

    #[test]
    fn broken_files_get_a_reason() {
        assert!(parse("").unwrap_err().contains("no PGN game"));
        assert!(parse("1. e4 {open").unwrap_err().contains("never closed"));
        assert!(parse("1. e4 (1. d4").unwrap_err().contains("never closed"));
        assert!(parse("1. e4 )").unwrap_err().contains("closes no"));
        assert!(parse("[Event]").unwrap_err().contains("no value"));
        assert!(parse("[Event x]").unwrap_err().contains("double quotes"));
    }

    #[test]
    fn reads_checkers_movetext_too() {
        let game = parse("[GameType \"21\"]\n1. 11-15 23-19 2. 9-14 22x15x6 {x} 1-0").unwrap();
        assert_eq!(game.tag("GameType"), Some("21"));
        assert_eq!(game.moves, ["11-15", "23-19", "9-14", "22x15x6"]);
        assert_eq!(game.result.as_deref(), Some("1-0"));
    }

    const NO_TAGS: [(&str, String); 0] = [];

    #[test]
    fn the_date_tag_is_the_headers_day() {
        let players = crate::record::Players {
            first: "a".to_owned(),
            second: "b".to_owned(),
        };
        let header: Header<&str> = Header {
            date: UtcTime::from_unix(951_782_400 + 86_399),
            ..Header::new(players, "test")
        };
        let tags = header_tags(&header, "*", "White", "Black");
        assert!(
            tags.contains(&("Date".to_owned(), "2000.02.29".to_owned())),
            "{tags:?}"
        );
        // It reads back as that day.
        let text: String = tags
            .iter()
            .map(|(n, v)| format!("[{n} \"{v}\"]\n"))
            .collect();
        assert_eq!(date(&(text + "*")), Some(UtcTime::from_unix(951_782_400)));
    }

    #[test]
    fn the_date_is_read_from_the_tags() {
        let at = |text: &str| date(text).map(|t| (t.year, t.month, t.day, t.hour, t.minute));
        assert_eq!(
            at("[Date \"2001.09.11\"]\n1. e4 *"),
            Some((2001, 9, 11, 0, 0))
        );
        let utc = "[Date \"2001.09.10\"][UTCDate \"2001.09.11\"][UTCTime \"01:02:03\"] *";
        assert_eq!(at(utc), Some((2001, 9, 11, 1, 2)));
        assert_eq!(at("[Date \"????.??.??\"] 1. e4 *"), None);
        assert_eq!(at("1. e4 e5 *"), None);
        assert_eq!(at("[Date \"2001.09.11\""), None);
        // The second game's date is not the first's.
        assert_eq!(at("1. e4 *\n[Date \"2001.09.11\"] 1. d4 *"), None);
    }

    #[test]
    fn writes_numbered_wrapped_movetext() {
        let moves: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
        let text = write(
            &[("Event", "a \"b\"".into()), ("Result", "*".into())],
            &moves,
            &[],
            1,
            false,
            Some("over"),
            "*",
        );
        assert_eq!(
            text,
            "[Event \"a \\\"b\\\"\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {over} *\n"
        );
        let black = write(&NO_TAGS, &moves, &[], 7, true, None, "0-1");
        assert!(black.contains("7... e4 8. e5 Nf3 0-1"), "{black}");
        let long: Vec<String> = (0..60).map(|_| "Nf3".to_owned()).collect();
        let text = write(&NO_TAGS, &long, &[], 1, false, None, "*");
        assert!(text.lines().all(|l| l.len() < 80));
        let back = parse(&text).unwrap();
        assert_eq!(back.moves.len(), 60);
    }

    #[test]
    fn move_comments_follow_their_moves() {
        let moves: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
        let clock = |used_ms, left_ms: Option<u64>| {
            Some(MoveClock {
                used: Duration::from_millis(used_ms),
                left: left_ms.map(Duration::from_millis),
            })
        };
        let comments: Vec<Option<String>> = [clock(520, Some(3_608_536)), None, clock(7, None)]
            .iter()
            .map(|c| c.map(|c| c.pgn_comment()))
            .collect();
        let text = write(&NO_TAGS, &moves, &comments, 1, false, None, "*");
        assert_eq!(
            text,
            "\n1. e4 {[%emt 0:00:00.52] [%clk 1:00:08.53]} e5 2. Nf3 {[%emt 0:00:00.00]} *\n"
        );
        assert_eq!(parse(&text).unwrap().moves, ["e4", "e5", "Nf3"]);
    }

    #[test]
    fn variations_follow_their_moves_numbered_and_nested() {
        let words = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<String>>();
        let moves = words(&["e4", "e5", "Nf3", "Nc6"]);
        let nested = Variation {
            moves: words(&["Nf6"]),
            variations: Vec::new(),
        };
        let sicilian = Variation {
            moves: words(&["c5", "Nf3", "d6"]),
            variations: vec![Vec::new(), Vec::new(), vec![nested]],
        };
        let queen = Variation {
            moves: words(&["d4"]),
            variations: Vec::new(),
        };
        let variations = vec![vec![queen], vec![sicilian], Vec::new(), Vec::new()];
        let text = write_with_variations(
            &NO_TAGS,
            &moves,
            &[None, Some("open".to_owned())],
            &variations,
            1,
            false,
            None,
            "*",
        );
        assert_eq!(
            text,
            "\n1. e4 (1. d4) 1... e5 {open} (1... c5 2. Nf3 d6 (2... Nf6)) 2. Nf3 Nc6 *\n"
        );
        assert_eq!(parse(&text).unwrap().moves, moves);
        let black =
            write_with_variations(&NO_TAGS, &moves[..1], &[], &variations, 5, true, None, "*");
        assert_eq!(black, "\n5... e4 (5... d4) *\n");
    }

    #[test]
    fn variations_are_read_as_written() {
        let text = "[Event \"x\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 {c} \
            (1... c5 $1) 2. Nf3 ( ) 1-0\n[Event \"y\"]\n1. d4 (1. c4) *";
        let lines = variations(text).unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0][0].moves, ["d4", "d5", "c4"]);
        assert_eq!(lines[0][0].variations[1][0].moves, ["Nf6", "c4"]);
        assert_eq!(lines[1][0].moves, ["c5"]);
        assert!(lines[2].is_empty());
        let written = write_with_variations(
            &NO_TAGS,
            &parse(text).unwrap().moves,
            &[],
            &lines,
            1,
            false,
            None,
            "*",
        );
        assert_eq!(variations(&written).unwrap(), lines, "{written}");
        assert!(variations("1. e4 (1. d4").is_err());
        assert!(variations("1. e4 ) e5").is_err());
    }
}
