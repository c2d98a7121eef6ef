//! `ply uci`: the Universal Chess Interface, as Stockfish speaks it.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen ... [moves
//! ...]`, `go [wtime btime winc binc movestogo depth nodes movetime infinite
//! ponder searchmoves ...]`, `stop`, `ponderhit`, `setoption name ... value
//! ...`, `quit`, and `d` to show the position. Unknown or malformed lines are
//! answered with `info string error: ...` and otherwise ignored; a `go` with
//! a malformed value starts no search. End of input stops any search at once
//! (its `bestmove` is still written) and ends the session, as in Stockfish.
//!
//! Options: `Hash`, `Threads`, `MultiPV`, `Level`, `Seed`, `Ponder`,
//! `Move Overhead` (kept back from the clock at every move), `Clear Hash`,
//! `UCI_LimitStrength` with `UCI_Elo`, `EvalFile` (a network file of `ply
//! train chess nnue`, `linear` for the linear evaluation; `<built-in>`, the
//! default: the network built into ply). Out-of-range numbers are clamped,
//! with an `info string` saying so.

use super::{DEFAULT_OVERHEAD_MS, MAX_OVERHEAD_MS, Output};
use crate::search_thread::{SearchJob, SearchThread};
use ply_chess::Position;
use ply_chess::engine::{AnyEvaluation, ChessPlayer};
use ply_core::Player;
use ply_core::search::{Bound, Clock, Info, Level, Limits};
use std::io::{BufRead, Write};
use std::time::Duration;

const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: u64 = 65536;

/// The strength `UCI_Elo` asks for, as a level: the Elo of each level
/// (index 0 is level 1, index 9 full strength) on Stockfish 15.1's own
/// `UCI_Elo` scale, measured with the built-in network at 100 ms a move
/// (`scripts/calibrate-elo`, the README has the games; about ±100 to ±150
/// each). A request gets the strongest level at or below it (level 1 below
/// the range).
const LEVEL_ELO: [u32; 10] = [710, 957, 1095, 1245, 1363, 1528, 1562, 1728, 1909, 2696];

/// The state of a UCI session.
struct Uci {
    out: Output,
    search: SearchThread<ChessPlayer>,
    position: Position,
    /// Hashes of the game's positions before `position`.
    history: Vec<u64>,
    move_overhead: Duration,
    /// `Level` as set; `UCI_LimitStrength` replaces it by the `UCI_Elo` level.
    level: Level,
    limit_strength: bool,
    elo: u32,
    /// The limits of a running `go ponder`, for its `ponderhit`.
    pondering: Option<Limits>,
    /// `UCI_Chess960`: castling written as the king taking its rook.
    chess960: bool,
}

/// Runs a UCI session on stdin/stdout until `quit` or end of input.
pub fn run() -> std::io::Result<()> {
    session(std::io::stdin().lock(), std::io::stdout())
}

/// Runs a UCI session reading commands from `input` and writing to `output`
/// until `quit` or the end of the input, which both stop any search at once
/// (its `bestmove` is still written).
pub fn session(input: impl BufRead, output: impl Write + Send + 'static) -> std::io::Result<()> {
    let mut session = Uci {
        out: Output::new(output),
        search: SearchThread::new(
            ChessPlayer::with_hash(DEFAULT_HASH_MB).expect("a 64 MiB transposition table"),
        ),
        position: Position::start(),
        history: Vec::new(),
        move_overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
        level: Level::FULL,
        limit_strength: false,
        elo: LEVEL_ELO[9],
        pondering: None,
        chess960: false,
    };
    for line in crate::lines::lossy_lines(input) {
        if !session.handle(line?.trim()) {
            break;
        }
    }
    session.stop();
    Ok(())
}

/// The level that plays at about `elo` (see [`LEVEL_ELO`]).
fn level_for_elo(elo: u32) -> Level {
    let n = LEVEL_ELO.iter().rposition(|&e| e <= elo).unwrap_or(0) + 1;
    Level::new(n as u8).expect("1..=10")
}

/// Why a `go` command is refused.
fn go_error(message: impl std::fmt::Display) -> String {
    format!("info string error: go refused, no search started: {message}")
}

/// A number after `go` or in `setoption`: a non-negative integer that fits.
fn parse_count(name: &str, text: Option<&&str>) -> Result<u64, String> {
    let text = text.ok_or_else(|| format!("{name} needs a value"))?;
    text.parse::<u64>().map_err(|_| {
        format!(
            "'{text}' is not a whole number from 0 to {} for {name}",
            u64::MAX
        )
    })
}

/// A time in milliseconds after `go`: negative times (a flag already down)
/// count as 0.
fn parse_millis(name: &str, text: Option<&&str>) -> Result<u64, String> {
    let text = text.ok_or_else(|| format!("{name} needs a value"))?;
    match text.parse::<i128>() {
        Ok(ms) => Ok(ms.clamp(0, i128::from(u64::MAX)) as u64),
        Err(_) => Err(format!("'{text}' is not a time in milliseconds for {name}")),
    }
}

impl Uci {
    /// Handles one command; `false` means quit.
    fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.stop();
                self.search.player().new_game();
                self.position = Position::start();
                self.history.clear();
            }
            "position" => {
                self.stop();
                self.set_position(&rest);
            }
            "go" => self.go(&rest),
            "stop" => self.stop(),
            "ponderhit" => self.ponderhit(),
            "setoption" => {
                self.stop();
                self.set_option(&rest);
            }
            "d" => {
                self.out
                    .line(&format!("info string fen {}", self.position.fen()));
            }
            "quit" => return false,
            "debug" | "register" => {}
            _ => self
                .out
                .line(&format!("info string error: unknown command '{line}'")),
        }
        true
    }

    fn identify(&self) {
        self.out
            .line(concat!("id name ply ", env!("CARGO_PKG_VERSION")));
        self.out.line("id author The ply developers");
        self.out.line(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        self.out
            .line("option name Threads type spin default 1 min 1 max 256");
        self.out
            .line("option name Level type spin default 10 min 1 max 10");
        self.out
            .line("option name Seed type spin default 0 min 0 max 2147483647");
        self.out
            .line("option name MultiPV type spin default 1 min 1 max 256");
        self.out.line("option name Ponder type check default false");
        self.out.line(&format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
        ));
        self.out.line("option name Clear Hash type button");
        self.out
            .line("option name UCI_LimitStrength type check default false");
        self.out.line(&format!(
            "option name UCI_Elo type spin default {} min {} max {}",
            LEVEL_ELO[9], LEVEL_ELO[0], LEVEL_ELO[9]
        ));
        self.out
            .line("option name UCI_Chess960 type check default false");
        self.out
            .line("option name EvalFile type string default <built-in>");
        self.out.line("uciok");
    }

    /// Stops the running search (a held one reports its move) and waits for
    /// its `bestmove`.
    fn stop(&mut self) {
        self.pondering = None;
        self.search.stop();
    }

    fn set_position(&mut self, args: &[&str]) {
        let (mut position, rest) = match args.first() {
            Some(&"startpos") => (Position::start(), &args[1..]),
            Some(&"fen") => {
                let end = args
                    .iter()
                    .position(|&w| w == "moves")
                    .unwrap_or(args.len());
                match Position::from_fen(&args[1..end].join(" ")) {
                    Ok(position) => (position, &args[end..]),
                    Err(err) => {
                        self.out.line(&format!("info string error: bad fen: {err}"));
                        return;
                    }
                }
            }
            _ => {
                self.out.line(
                    "info string error: expected 'position startpos' or 'position fen <fen>'",
                );
                return;
            }
        };
        let mut history = Vec::new();
        if let Some((&"moves", moves)) = rest.split_first() {
            for text in moves {
                match position.parse_uci(text) {
                    Ok(mv) => {
                        history.push(position.hash());
                        position = position.play_unchecked(mv);
                    }
                    Err(err) => {
                        self.out
                            .line(&format!("info string error: {err}; later moves ignored"));
                        break;
                    }
                }
            }
        }
        self.position = position;
        self.history = history;
    }

    fn set_option(&mut self, args: &[&str]) {
        // setoption name <name words> [value <value words>]
        let text = args.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            self.out
                .line("info string error: expected 'setoption name <name> [value <value>]'");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        let lower = name.to_ascii_lowercase();
        let flag = match value.to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let number = value.parse::<i128>();
        let mut note = None;
        // A number clamped into its range, with a note when it had to be.
        let mut clamped = |n: i128, min: u64, max: u64| {
            let used = n.clamp(i128::from(min), i128::from(max)) as u64;
            if i128::from(used) != n {
                note = Some(format!("{name} {value} out of range: {used} used"));
            }
            used
        };
        let mut engine = self.search.player();
        match (lower.as_str(), number) {
            ("evalfile", _) => match AnyEvaluation::load(value) {
                Ok(evaluation) => {
                    note = Some(format!("EvalFile: {}", evaluation.describe()));
                    engine.set_evaluator(evaluation);
                }
                Err(e) => {
                    note = Some(format!(
                        "error: EvalFile {e}; the evaluation stays {}",
                        engine.evaluator().describe()
                    ));
                }
            },
            ("hash", Ok(mb)) => {
                let mb = clamped(mb, 1, MAX_HASH_MB);
                if engine.set_hash(mb as usize).is_err() {
                    note = Some(format!("error: cannot allocate {mb} MiB"));
                }
            }
            ("threads", Ok(n)) => engine.options_mut().threads = clamped(n, 1, 256) as usize,
            ("level", Ok(n)) => self.level = Level::new(clamped(n, 1, 10) as u8).expect("clamped"),
            ("seed", Ok(n)) => engine.options_mut().seed = clamped(n, 0, u64::MAX),
            ("multipv", Ok(n)) => engine.options_mut().multipv = clamped(n, 1, 256) as usize,
            ("move overhead", Ok(ms)) => {
                self.move_overhead = Duration::from_millis(clamped(ms, 0, MAX_OVERHEAD_MS))
            }
            ("uci_elo", Ok(elo)) => {
                self.elo = clamped(elo, u64::from(LEVEL_ELO[0]), u64::from(LEVEL_ELO[9])) as u32
            }
            ("uci_limitstrength", _) if flag.is_some() => self.limit_strength = flag == Some(true),
            ("ponder", _) if flag.is_some() => {}
            ("uci_chess960", _) if flag.is_some() => self.chess960 = flag == Some(true),
            ("clear hash", _) => engine.new_game(),
            _ => note = Some(format!("error: bad option '{name}' or value '{value}'")),
        }
        engine.options_mut().level = if self.limit_strength {
            level_for_elo(self.elo)
        } else {
            self.level
        };
        drop(engine);
        if let Some(note) = note {
            self.out.line(&format!("info string {note}"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        self.stop();
        let (limits, only) = match self.read_go(args) {
            Ok(parsed) => parsed,
            Err(message) => {
                self.out.line(&go_error(message));
                return;
            }
        };
        if limits.ponder {
            self.pondering = Some(limits);
        }
        let job = SearchJob {
            root: self.position,
            history: self.history.clone(),
            limits,
            only,
            hold: limits.infinite || limits.ponder,
        };
        let info_out = self.out.clone();
        let root = self.position;
        let done_out = self.out.clone();
        let chess960 = self.chess960;
        self.search.start(
            job,
            move |info| info_out.line(&info_line(info, chess960)),
            move |result| match result.best {
                Some(best) => {
                    let mut line = format!("bestmove {}", best.uci(chess960));
                    if let Some(reply) = result.ponder {
                        line.push_str(&format!(" ponder {}", reply.uci(chess960)));
                    }
                    done_out.line(&line);
                }
                None => {
                    let score = if root.is_check() { "mate 0" } else { "cp 0" };
                    done_out.line(&format!("info depth 0 score {score}"));
                    done_out.line("bestmove (none)");
                }
            },
        );
    }

    /// The limits and root moves of a `go` command, or why it is refused.
    fn read_go(&self, args: &[&str]) -> Result<(Limits, Vec<ply_chess::Move>), String> {
        let mut limits = Limits {
            move_overhead: self.move_overhead,
            ..Limits::default()
        };
        let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0, 0, None);
        let mut only = Vec::new();
        let mut unknown = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let name = args[i];
            let value = args.get(i + 1);
            i += 2;
            match name {
                "wtime" => wtime = Some(parse_millis(name, value)?),
                "btime" => btime = Some(parse_millis(name, value)?),
                "winc" => winc = parse_millis(name, value)?,
                "binc" => binc = parse_millis(name, value)?,
                "movestogo" => movestogo = Some(parse_count(name, value)?.clamp(1, 1000) as u32),
                "depth" => limits.depth = Some(parse_count(name, value)?.clamp(1, 100) as u32),
                "nodes" => limits.nodes = Some(parse_count(name, value)?.max(1)),
                "movetime" => {
                    limits.movetime = Some(Duration::from_millis(parse_millis(name, value)?))
                }
                "mate" => {
                    let moves = parse_count(name, value)?;
                    limits.depth =
                        Some(moves.saturating_mul(2).saturating_add(1).clamp(1, 100) as u32);
                }
                "infinite" | "ponder" => {
                    i -= 1;
                    if name == "infinite" {
                        limits.infinite = true;
                    } else {
                        limits.ponder = true;
                    }
                }
                "searchmoves" => {
                    i -= 1;
                    while let Some(text) = args.get(i) {
                        match self.position.parse_uci(text) {
                            Ok(mv) => only.push(mv),
                            Err(_) if only.is_empty() => {
                                return Err(format!("searchmoves: '{text}' is not a legal move"));
                            }
                            Err(_) => break,
                        }
                        i += 1;
                    }
                }
                other => {
                    i -= 1;
                    unknown.push(other);
                }
            }
        }
        if (winc > 0 || binc > 0 || movestogo.is_some()) && wtime.is_none() && btime.is_none() {
            return Err("winc, binc or movestogo without wtime or btime".to_owned());
        }
        let limited = limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || wtime.is_some()
            || btime.is_some();
        if !unknown.is_empty() && !limited && !limits.infinite && !limits.ponder {
            // `go` alone is infinite, but a mistyped limit must not be.
            return Err(format!(
                "unknown go parameter '{}' and no limit",
                unknown[0]
            ));
        }
        for other in unknown {
            self.out.line(&format!(
                "info string error: unknown go parameter '{other}' ignored"
            ));
        }
        let (time, increment) = match self.position.turn() {
            ply_chess::Color::White => (wtime, winc),
            ply_chess::Color::Black => (btime, binc),
        };
        // A clock given for the other side only: ours has nothing left.
        let time = time.or(wtime.or(btime).map(|_| 0));
        if let Some(time) = time {
            limits.moves_played =
                Some(u32::from(self.position.fullmove_number().saturating_sub(1)));
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(time),
                increment: Duration::from_millis(increment),
                moves_to_go: movestogo,
            });
        }
        Ok((limits, only))
    }

    /// The opponent played the expected move: the ponder search goes on, now
    /// under the limits of its `go ponder`, counted from now.
    fn ponderhit(&mut self) {
        match self.pondering.take() {
            Some(limits) => self.search.ponder_hit(limits.infinite),
            None => self
                .out
                .line("info string error: ponderhit without a running 'go ponder'"),
        }
    }
}

/// The `info` line of `info` (castling as the king taking its rook in
/// `chess960` mode).
fn info_line(info: &Info<ply_chess::Move>, chess960: bool) -> String {
    let score = match info.score.moves_to_win() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", info.score.0),
    };
    let bound = match info.bound {
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
        Bound::Exact => "",
    };
    let pv: Vec<String> = info.pv.iter().map(|mv| mv.uci(chess960)).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_picks_the_strongest_level_at_or_below_it() {
        assert_eq!(level_for_elo(0).get(), 1);
        assert_eq!(level_for_elo(LEVEL_ELO[0]).get(), 1);
        assert_eq!(level_for_elo(1200).get(), 3);
        assert_eq!(level_for_elo(2000).get(), 9);
        assert_eq!(level_for_elo(LEVEL_ELO[9]).get(), 10);
        assert!(LEVEL_ELO.windows(2).all(|w| w[0] <= w[1]));
    }
}
