//! `ply hub`: the Hub protocol, version 2 (Scan's protocol), for English
//! checkers.
//!
//! Lines are `command key=value key="quoted value" flag ...`. The engine
//! answers `hub` with `id`, `param` lines and `wait`; `init` with `ready`;
//! `pos pos=... [moves="..."]`, `level ...` and `go think|ponder|analyze` start
//! a search that reports `info` lines and ends with `done move=X [ponder=Y]`;
//! `stop`, `ponder-hit`, `ping` (→ `pong`), `new-game` and `quit` do what they
//! say. What cannot be understood is answered `error message="..."`.
//!
//! Positions: a side letter (`W`, `B`) then one character per square 1..32
//! (`w`/`b` men, `W`/`B` kings, `e` empty). Moves: `11-15`; captures as Hub
//! writes them, `from x to x captured x ...` (`28x19x23`), also accepted with
//! every landing square (`22x15x6`).
//!
//! Frames: pydraughts, in practice the only Hub client for English
//! checkers, maps the game onto international draughts, where White moves
//! first: it sends positions turned round, squares listed from 32 down to 1
//! with the colours (and the side letter) swapped — its start position is
//! `Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww` — while its moves stay in PDN numbers.
//! That `pydraughts` frame is the default, so that pydraughts' `HubEngine`
//! works with no option set. In the `standard` frame (`set-param name=frame
//! value=standard`) the side letter is the colour to move and the squares are
//! PDN's 1..32 in order. Nothing is guessed: a position is read in the frame
//! set.
//!
//! Time: `level` sets the limits of the next searches (one second a move
//! until it is sent); times are in seconds, negative ones count as 0, a
//! depth beyond 100 as 100. The `overhead` parameter (milliseconds, 10 by
//! default) is kept back from the clock at every move for the client's
//! delays. End of input stops any search and ends the session at once.
//!
//! Endgame databases (`ply egdb build checkers`, found as `ply egdb` finds
//! them): when the position searched is within their reach, every `info`
//! line ends with `egdb=win`, `egdb=loss` or `egdb=draw`, its value for the
//! side to move. A database win, at the root or found by the search, scores
//! `score=80.00` (pydraughts reads scores above 90 as forced wins counted in
//! plies), a loss `score=-80.00`.

use super::{DEFAULT_OVERHEAD_MS, MAX_OVERHEAD_MS, Output};
use crate::search_thread::{SearchJob, SearchThread};
use ply_checkers::egdb::search::{known_value, value_within_reach};
use ply_checkers::egdb::{Database, Value};
use ply_checkers::engine::CheckersPlayer;
use ply_checkers::{Checkers, Color, Move};
use ply_core::Game;
use ply_core::Player;
use ply_core::book::{Booked, SearchBook};
use ply_core::search::{Clock, Info, Level, Limits, Score};
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Duration;

const DEFAULT_HASH_MB: usize = 64;
/// The score in men of a database win (below 90, which pydraughts reads as
/// a forced win counted in plies).
const DATABASE_WIN_MEN: f64 = 80.0;

/// How the squares and colours of a `pos` string are to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Frame {
    /// Side letter = colour to move; squares 1..32 in PDN order.
    Standard,
    /// pydraughts: squares 32..1 with colours swapped.
    Pydraughts,
}

/// A Hub session.
struct Hub {
    out: Output,
    search: SearchThread<Booked<CheckersPlayer>>,
    /// The endgame database the search probes, to tell a root's value.
    database: Option<Arc<Database>>,
    frame: Frame,
    position: Checkers,
    history: Vec<u64>,
    limits: Limits,
    move_overhead: Duration,
    /// Whether the running search is a `go ponder` not hit yet.
    pondering: bool,
}

/// Runs a Hub session on stdin/stdout until `quit` or end of input, with
/// `book` (none: searches only) and its randomness (see
/// [`Booked::set_randomness`]).
pub fn run(book: Option<Arc<SearchBook>>, randomness: i32) -> std::io::Result<()> {
    session(std::io::stdin().lock(), std::io::stdout(), book, randomness)
}

/// Runs a Hub session reading commands from `input` and writing to `output`
/// until `quit` or the end of the input, which both stop any search at once;
/// `book` answers `go` where it knows the position.
pub fn session(
    input: impl BufRead,
    output: impl Write + Send + 'static,
    book: Option<Arc<SearchBook>>,
    randomness: i32,
) -> std::io::Result<()> {
    let database = CheckersPlayer::default_database();
    let player = CheckersPlayer::with_database(DEFAULT_HASH_MB, database.clone())
        .map_err(std::io::Error::other)?;
    let mut player = Booked::new(player, book);
    player.set_randomness(randomness);
    let mut hub = Hub {
        out: Output::new(output),
        search: SearchThread::new(player),
        database,
        frame: Frame::Pydraughts,
        position: Checkers::start(),
        history: Vec::new(),
        limits: Limits::movetime(Duration::from_secs(1)),
        move_overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
        pondering: false,
    };
    for line in crate::lines::lossy_lines(input) {
        if !hub.handle(line?.trim()) {
            break;
        }
    }
    hub.search.stop();
    Ok(())
}

/// Splits a Hub line into its command and its arguments (`key=value`, with
/// double quotes around values holding spaces; flags have an empty value).
fn parse_line(line: &str) -> Result<(String, HashMap<String, String>), String> {
    let mut chars = line.chars().peekable();
    let mut tokens: Vec<(String, Option<String>)> = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                break;
            }
            key.push(c);
            chars.next();
        }
        let value = if chars.peek() == Some(&'=') {
            chars.next();
            let mut value = String::new();
            if chars.peek() == Some(&'"') {
                chars.next();
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some(c) => value.push(c),
                        None => return Err(format!("unterminated quote in '{line}'")),
                    }
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
            Some(value)
        } else {
            None
        };
        tokens.push((key, value));
    }
    let mut tokens = tokens.into_iter();
    let (command, _) = tokens.next().ok_or("empty line")?;
    Ok((
        command,
        tokens.map(|(k, v)| (k, v.unwrap_or_default())).collect(),
    ))
}

/// Quotes a value if it needs it.
fn quoted(value: &str) -> String {
    if value.is_empty() || value.contains([' ', '=', '"']) {
        format!("\"{value}\"")
    } else {
        value.to_owned()
    }
}

/// Reads a Hub position string in `frame`.
fn read_position(text: &str, frame: Frame) -> Result<Checkers, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 33 {
        return Err(format!(
            "position '{text}' is not a side letter and 32 squares"
        ));
    }
    let swap = frame == Frame::Pydraughts;
    let side = match (chars[0], swap) {
        ('B', false) | ('W', true) => Color::Black,
        ('W', false) | ('B', true) => Color::White,
        (c, _) => return Err(format!("'{c}' is not a side to move (W or B)")),
    };
    let (mut black, mut white, mut kings) = (0u32, 0u32, 0u32);
    for (k, &c) in chars[1..].iter().enumerate() {
        let index = if swap { 31 - k } else { k };
        let bit = 1u32 << index;
        let (is_black, is_king) = match c {
            'b' => (true, false),
            'B' => (true, true),
            'w' => (false, false),
            'W' => (false, true),
            'e' => continue,
            other => return Err(format!("'{other}' is not a square (w, b, W, B or e)")),
        };
        if is_black != swap {
            black |= bit;
        } else {
            white |= bit;
        }
        if is_king {
            kings |= bit;
        }
    }
    Checkers::from_pieces(black, white, kings, side).map_err(|e| e.to_string())
}

/// The squares (1..32) of a board's bits, ascending.
fn squares(board: u32) -> impl Iterator<Item = u32> {
    (0..32).filter(move |i| board >> i & 1 == 1).map(|i| i + 1)
}

/// A move in Hub notation: `11-15`, or `from x to x captured...`.
pub(crate) fn hub_move(mv: Move) -> String {
    if mv.is_capture() {
        let mut text = format!("{}x{}", mv.from(), mv.to());
        for square in squares(mv.captured()) {
            text.push_str(&format!("x{square}"));
        }
        text
    } else {
        format!("{}-{}", mv.from(), mv.to())
    }
}

/// Reads a move in Hub notation (or with every landing square).
pub(crate) fn read_move(position: &Checkers, text: &str) -> Result<Move, String> {
    let legal = position.legal_moves();
    if text.contains('x') {
        let numbers: Vec<u32> = text
            .split('x')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| format!("bad move '{text}'"))?;
        if numbers.len() >= 2 {
            let captured: u32 = numbers[2..]
                .iter()
                .filter(|&&n| (1..=32).contains(&n))
                .fold(0, |b, n| b | 1 << (n - 1));
            let found = legal.iter().copied().find(|mv| {
                mv.is_capture()
                    && mv.from().number() == numbers[0]
                    && mv.to().number() == numbers[1]
                    && (captured == mv.captured() || (numbers.len() == 2 && mv.jumps() == 1))
            });
            if let Some(mv) = found {
                return Ok(mv);
            }
        }
    }
    position.parse_move(text).map_err(|e| e.to_string())
}

impl Hub {
    fn handle(&mut self, line: &str) -> bool {
        if line.is_empty() {
            return true;
        }
        let (command, args) = match parse_line(line) {
            Ok(parsed) => parsed,
            Err(message) => {
                self.error(&message);
                return true;
            }
        };
        match command.as_str() {
            "hub" => self.identify(),
            "set-param" => self.set_param(&args),
            "init" => self.out.line("ready"),
            "new-game" => {
                self.stop();
                self.search.player().new_game();
            }
            "pos" => self.set_position(&args),
            "level" => self.set_level(&args),
            "go" => self.go(&args),
            "stop" => self.stop(),
            "ponder-hit" => self.ponder_hit(),
            "ping" => self.out.line("pong"),
            "quit" => return false,
            other => self.error(&format!("unknown command '{other}'")),
        }
        true
    }

    /// Stops the running search (its `done` is still written).
    fn stop(&mut self) {
        self.pondering = false;
        self.search.stop();
    }

    fn error(&self, message: &str) {
        self.out.line(&format!("error message={}", quoted(message)));
    }

    fn identify(&self) {
        self.out.line(&format!(
            "id name=ply version={} author=\"The ply developers\"",
            env!("CARGO_PKG_VERSION")
        ));
        self.out
            .line("param name=variant value=english type=enum values=english");
        self.out
            .line("param name=frame value=pydraughts type=enum values=\"pydraughts standard\"");
        self.out.line(&format!(
            "param name=overhead value={DEFAULT_OVERHEAD_MS} type=int min=0 max={MAX_OVERHEAD_MS}"
        ));
        self.out.line(&format!(
            "param name=hash value={DEFAULT_HASH_MB} type=int min=1 max=65536"
        ));
        self.out
            .line("param name=threads value=1 type=int min=1 max=256");
        self.out
            .line("param name=level value=10 type=int min=1 max=10");
        self.out.line("wait");
    }

    fn set_param(&mut self, args: &HashMap<String, String>) {
        let (Some(name), Some(value)) = (args.get("name"), args.get("value")) else {
            self.error("set-param needs name= and value=");
            return;
        };
        self.stop();
        let number = value.parse::<i64>();
        let clamped = |n: i64, min: i64, max: i64| n.clamp(min, max) as u64;
        let mut error = None;
        let mut engine = self.search.player();
        match (name.as_str(), number) {
            ("variant", _) if value == "english" => {}
            ("frame", _) if value == "standard" => self.frame = Frame::Standard,
            ("frame", _) if value == "pydraughts" => self.frame = Frame::Pydraughts,
            ("hash", Ok(mb)) => {
                let mb = clamped(mb, 1, 65536);
                if engine.set_hash(mb as usize).is_err() {
                    error = Some(format!("cannot allocate {mb} MiB"));
                }
            }
            ("threads", Ok(n)) => engine.options_mut().threads = clamped(n, 1, 256) as usize,
            ("level", Ok(n)) => {
                engine.options_mut().level = Level::new(clamped(n, 1, 10) as u8).expect("clamped")
            }
            ("overhead", Ok(ms)) => {
                self.move_overhead = Duration::from_millis(clamped(ms, 0, MAX_OVERHEAD_MS as i64));
            }
            _ => error = Some(format!("bad parameter {name}={value}")),
        }
        drop(engine);
        if let Some(message) = error {
            self.error(&message);
        }
    }

    fn set_position(&mut self, args: &HashMap<String, String>) {
        let Some(text) = args.get("pos") else {
            self.error("pos needs pos=");
            return;
        };
        let moves: Vec<&str> = args
            .get("moves")
            .map_or(Vec::new(), |m| m.split_whitespace().collect());
        match Self::replay(text, self.frame, &moves) {
            Ok((position, history)) => {
                self.position = position;
                self.history = history;
            }
            Err(message) => self.error(&message),
        }
    }

    /// The position after `moves` from the position `text` read in `frame`,
    /// and the hashes of the positions before it.
    fn replay(text: &str, frame: Frame, moves: &[&str]) -> Result<(Checkers, Vec<u64>), String> {
        let mut position = read_position(text, frame)?;
        let mut history = Vec::new();
        for text in moves {
            let mv = read_move(&position, text)?;
            history.push(position.hash());
            position = position.play_unchecked(mv);
        }
        Ok((position, history))
    }

    fn set_level(&mut self, args: &HashMap<String, String>) {
        match read_level(args) {
            Ok(limits) => self.limits = limits,
            Err(message) => self.error(&message),
        }
    }

    fn go(&mut self, args: &HashMap<String, String>) {
        self.stop();
        let mut limits = Limits {
            move_overhead: self.move_overhead,
            ..self.limits
        };
        let analyze = args.contains_key("analyze");
        if args.contains_key("ponder") {
            limits.ponder = true;
        } else if analyze {
            // Analysis goes on until `stop`, whatever the level says.
            limits = Limits {
                infinite: true,
                ..Limits::default()
            };
        } else if !args.contains_key("think") {
            self.error("go needs think, ponder or analyze");
            return;
        }
        if self.position.legal_moves().is_empty() {
            self.error("the game is over: no legal move");
            return;
        }
        self.pondering = limits.ponder;
        let root = self.position;
        let database_value = self
            .database
            .as_deref()
            .and_then(|database| value_within_reach(database, &root));
        let info_out = self.out.clone();
        let done_out = self.out.clone();
        self.search.start(
            SearchJob {
                root,
                history: self.history.clone(),
                limits,
                only: Vec::new(),
                // A pondering search keeps its move until `ponder-hit` or
                // `stop`, an analysis until `stop`.
                hold: limits.ponder || analyze,
            },
            move |info| info_out.line(&info_line(info, database_value)),
            move |result| {
                let Some(best) = result.best else {
                    done_out.line("error message=\"no legal move\"");
                    return;
                };
                let mut line = format!("done move={}", hub_move(best));
                if let Some(reply) = result.ponder {
                    line.push_str(&format!(" ponder={}", hub_move(reply)));
                }
                done_out.line(&line);
            },
        );
    }

    /// The opponent played the expected move: the ponder search goes on under
    /// the limits of the `level` it started with, counted from now.
    fn ponder_hit(&mut self) {
        if std::mem::take(&mut self.pondering) {
            self.search.ponder_hit(false);
        } else {
            self.error("ponder-hit without a running go ponder");
        }
    }
}

/// The limits a `level` line sets (the overhead comes from the session).
fn read_level(args: &HashMap<String, String>) -> Result<Limits, String> {
    let seconds = |key: &str| -> Result<Option<Duration>, String> {
        let Some(text) = args.get(key) else {
            return Ok(None);
        };
        match text.parse::<f64>() {
            Ok(s) if !s.is_finite() => Err(format!("{key}={text} is not a time in seconds")),
            Ok(s) => Ok(Some(
                Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::MAX),
            )),
            Err(_) => Err(format!("{key}={text} is not a time in seconds")),
        }
    };
    let count = |key: &str| -> Result<Option<u64>, String> {
        args.get(key)
            .map(|text| {
                text.parse::<u64>()
                    .map_err(|_| format!("{key}={text} is not a whole number"))
            })
            .transpose()
    };
    let mut limits = Limits::default();
    if args.contains_key("infinite") {
        limits.infinite = true;
    } else if let Some(depth) = count("depth")? {
        limits.depth = Some(depth.clamp(1, 100) as u32);
    } else if let Some(time) = seconds("move-time")? {
        limits.movetime = Some(time);
    } else if let Some(time) = seconds("time")? {
        // Hub adds the increment before the move.
        let increment = seconds("inc")?.unwrap_or(Duration::ZERO);
        limits.clock = Some(Clock {
            remaining: time.saturating_add(increment),
            increment,
            moves_to_go: count("moves")?.map(|m| m.clamp(1, 1000) as u32),
        });
    } else if let Some(nodes) = count("nodes")? {
        limits.nodes = Some(nodes.max(1));
    } else {
        return Err("level needs depth=, move-time=, time=, nodes= or infinite".to_owned());
    }
    Ok(limits)
}

/// Scores in men; a forced win `plies` plies away as 100 - plies/100 (the
/// convention Hub clients such as pydraughts read as a win). A database win
/// (20,000 and more inside the search) is [`DATABASE_WIN_MEN`]: pydraughts
/// takes every score above 90 men for a win counted in plies.
fn score_in_men(score: Score) -> String {
    if let Some(value) = known_value(score) {
        let men = if value == Value::Win {
            DATABASE_WIN_MEN
        } else {
            -DATABASE_WIN_MEN
        };
        return format!("{men:.2}");
    }
    if score.is_decisive() {
        let plies = Score::WIN.0 - score.0.abs();
        let value = 100.0 - f64::from(plies) / 100.0;
        format!("{:.2}", if score.0 > 0 { value } else { -value })
    } else {
        format!("{:.2}", f64::from(score.0) / 100.0)
    }
}

/// An `info` line; `database` is the root's endgame database value, added
/// as `egdb=win|loss|draw` when the root is within the database's reach.
fn info_line(info: &Info<Move>, database: Option<Value>) -> String {
    let pv: Vec<String> = info.pv.iter().map(|&mv| hub_move(mv)).collect();
    let mut line = format!(
        "info depth={} score={} nodes={} time={:.3} nps={:.2} pv={}",
        info.depth,
        score_in_men(info.score),
        info.nodes,
        info.time.as_secs_f64(),
        info.nps as f64 / 1e6,
        quoted(&pv.join(" "))
    );
    if let Some(value) = database {
        line.push_str(&format!(" egdb={value}"));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_checkers::egdb::search::KNOWN_WIN;

    #[test]
    fn lines_split_into_arguments() {
        let (command, args) =
            parse_line(r#"pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="11-15 23-19""#).unwrap();
        assert_eq!(command, "pos");
        assert_eq!(args["moves"], "11-15 23-19");
        let (command, args) = parse_line("go think").unwrap();
        assert_eq!((command.as_str(), args.contains_key("think")), ("go", true));
        assert!(parse_line("pos pos=\"abc").is_err());
        assert_eq!(quoted("a b"), "\"a b\"");
        assert_eq!(quoted("ab"), "ab");
    }

    #[test]
    fn both_frames_read_the_start() {
        let standard = read_position("Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", Frame::Standard).unwrap();
        assert_eq!(standard, Checkers::start());
        let pydraughts =
            read_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", Frame::Pydraughts).unwrap();
        assert_eq!(pydraughts, Checkers::start());
        assert!(read_position("Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww", Frame::Standard).is_err());
        assert!(read_position("Bbbbb", Frame::Standard).is_err());
        assert!(read_position("Bbbbbbbbbbbbbbbbeeeewwwwwwwwwwwww", Frame::Standard).is_err());
    }

    #[test]
    fn moves_in_hub_notation() {
        let position = Checkers::parse_position("W:W22:B18").unwrap();
        let mv = read_move(&position, "22x15x18").unwrap();
        assert_eq!(hub_move(mv), "22x15x18");
        assert_eq!(read_move(&position, "22x15").unwrap(), mv);
        assert!(read_move(&position, "22-17").is_err());
        let start = Checkers::start();
        assert_eq!(hub_move(read_move(&start, "11-15").unwrap()), "11-15");
        // A double jump: captured squares in any order, or the landing squares.
        let double = Checkers::parse_position("W:W27:B24,16").unwrap();
        let mv = read_move(&double, "27x11x24x16").unwrap();
        assert_eq!(read_move(&double, "27x11x16x24").unwrap(), mv);
        assert_eq!(read_move(&double, "27x20x11").unwrap(), mv);
        assert_eq!(hub_move(mv), "27x11x16x24");
    }

    #[test]
    fn scores_in_men() {
        assert_eq!(score_in_men(Score(35)), "0.35");
        assert_eq!(score_in_men(Score::won_at(5)), "99.95");
        assert_eq!(score_in_men(Score::lost_at(2)), "-99.98");
        assert_eq!(score_in_men(Score(KNOWN_WIN + 2_400)), "80.00");
        assert_eq!(score_in_men(Score(-KNOWN_WIN - 100)), "-80.00");
    }
}
