//! `ply uci`: the Universal Chess Interface, as Stockfish speaks it.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen ... [moves
//! ...]`, `go [wtime btime winc binc movestogo depth nodes movetime infinite
//! ponder searchmoves ...]`, `stop`, `ponderhit`, `setoption name ... value
//! ...`, `quit`, and `d` to show the position. Unknown or malformed lines are
//! answered with `info string` and otherwise ignored.

use super::{Output, SearchJob, SearchThread};
use ply_chess::Position;
use ply_chess::engine::Evaluation;
use ply_core::search::{Bound, Clock, Deadlines, Engine, Info, Level, Limits};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const DEFAULT_HASH_MB: usize = 64;
const DEFAULT_OVERHEAD_MS: u64 = 10;

/// The state of a UCI session.
struct Uci {
    out: Output,
    search: SearchThread<Position, Evaluation>,
    position: Position,
    /// Hashes of the game's positions before `position`.
    history: Vec<u64>,
    move_overhead: Duration,
    /// The running search may not report its move until `stop` (or, when
    /// pondering, `ponderhit`) arrives.
    hold: Arc<AtomicBool>,
    /// The limits to apply once a ponder search is hit.
    ponder_limits: Option<Limits>,
}

/// Runs a UCI session on stdin/stdout until `quit` or end of input.
pub fn run() -> std::io::Result<()> {
    let mut session = Uci {
        out: Output::stdout(),
        search: SearchThread::new(Engine::new(Evaluation, DEFAULT_HASH_MB)),
        position: Position::start(),
        history: Vec::new(),
        move_overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
        hold: Arc::new(AtomicBool::new(false)),
        ponder_limits: None,
    };
    for line in super::input_lines() {
        if !session.handle(line?.trim()) {
            // `quit`: the running search stops at once (and reports its move).
            session.release_and_stop();
            return Ok(());
        }
    }
    // End of input: a search that would run until stopped is stopped, any
    // other may finish and report its move.
    if session.hold.load(Ordering::Relaxed) {
        session.release_and_stop();
    } else {
        session.search.wait();
    }
    Ok(())
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
                self.release_and_stop();
                self.search.engine().clear();
                self.position = Position::start();
                self.history.clear();
            }
            "position" => {
                self.release_and_stop();
                self.set_position(&rest);
            }
            "go" => self.go(&rest),
            "stop" => self.release_and_stop(),
            "ponderhit" => self.ponderhit(),
            "setoption" => {
                self.release_and_stop();
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
                .line(&format!("info string unknown command '{line}'")),
        }
        true
    }

    fn identify(&self) {
        self.out
            .line(concat!("id name ply ", env!("CARGO_PKG_VERSION")));
        self.out.line("id author The ply developers");
        self.out.line(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 65536"
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
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"
        ));
        self.out.line("option name Clear Hash type button");
        self.out.line("uciok");
    }

    /// Lets a held search report, then stops it and waits for its `bestmove`.
    fn release_and_stop(&mut self) {
        self.ponder_limits = None;
        self.hold.store(false, Ordering::Relaxed);
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
                        position = position.play(mv);
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
        let number = value.parse::<u64>();
        let mut engine = self.search.engine();
        match (name.to_ascii_lowercase().as_str(), number) {
            ("hash", Ok(mb)) if (1..=65536).contains(&mb) => {
                if !engine.resize_table(mb as usize) {
                    self.out
                        .line(&format!("info string error: cannot allocate {mb} MiB"));
                }
            }
            ("threads", Ok(n)) if (1..=256).contains(&n) => engine.options.threads = n as usize,
            ("level", Ok(n)) if (1..=10).contains(&n) => {
                engine.options.level = Level::new(n as u8).expect("checked range");
            }
            ("seed", Ok(n)) => engine.options.seed = n,
            ("multipv", Ok(n)) if (1..=256).contains(&n) => engine.options.multipv = n as usize,
            ("move overhead", Ok(ms)) if ms <= 5000 => {
                self.move_overhead = Duration::from_millis(ms)
            }
            ("ponder", _) if value == "true" || value == "false" => {}
            ("clear hash", _) => engine.clear(),
            _ => self.out.line(&format!(
                "info string error: bad option '{name}' or value '{value}'"
            )),
        }
    }

    fn go(&mut self, args: &[&str]) {
        self.release_and_stop();
        let mut limits = Limits {
            move_overhead: self.move_overhead,
            ..Limits::default()
        };
        let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0, 0, None);
        let mut ponder = false;
        let mut only = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let value = args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
            let mut takes_value = true;
            match args[i] {
                "wtime" => wtime = value,
                "btime" => btime = value,
                "winc" => winc = value.unwrap_or(0),
                "binc" => binc = value.unwrap_or(0),
                "movestogo" => movestogo = value,
                "depth" => limits.depth = value.map(|d| d.clamp(1, 100) as u32),
                "nodes" => limits.nodes = value,
                "movetime" => limits.movetime = value.map(Duration::from_millis),
                "mate" => limits.depth = value.map(|m| (2 * m + 1).clamp(1, 100) as u32),
                "infinite" => {
                    limits.infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    ponder = true;
                    takes_value = false;
                }
                "searchmoves" => {
                    for text in &args[i + 1..] {
                        match self.position.parse_uci(text) {
                            Ok(mv) => only.push(mv),
                            Err(_) => break,
                        }
                    }
                    i += only.len();
                    takes_value = false;
                }
                other => {
                    self.out
                        .line(&format!("info string unknown go parameter '{other}'"));
                    takes_value = false;
                }
            }
            i += if takes_value { 2 } else { 1 };
        }
        let (time, increment) = match self.position.side_to_move() {
            ply_chess::Color::White => (wtime, winc),
            ply_chess::Color::Black => (btime, binc),
        };
        if let Some(time) = time {
            limits.clock = Some(Clock {
                remaining: Duration::from_millis(time),
                increment: Duration::from_millis(increment),
                moves_to_go: movestogo.map(|m| m.clamp(1, 1000) as u32),
            });
        }

        let hold = limits.infinite || ponder;
        if ponder {
            self.ponder_limits = Some(limits);
            limits = Limits {
                infinite: true,
                ..Limits::default()
            };
        }
        self.hold.store(hold, Ordering::Relaxed);
        let job = SearchJob {
            root: self.position,
            history: self.history.clone(),
            limits,
            only,
        };
        let info_out = self.out.clone();
        let root = self.position;
        let done_out = self.out.clone();
        let hold = Arc::clone(&self.hold);
        let stop = self.search.stop_flag();
        self.search.start(
            job,
            move |info| info_out.line(&info_line(&root, info)),
            move |result| {
                // In infinite and ponder mode the move waits for stop or ponderhit.
                while hold.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                match result.best {
                    Some(best) => {
                        let mut line = format!("bestmove {best}");
                        if let Some(reply) = result.ponder {
                            line.push_str(&format!(" ponder {reply}"));
                        }
                        done_out.line(&line);
                    }
                    None => {
                        let score = if root.is_check() { "mate 0" } else { "cp 0" };
                        done_out.line(&format!("info depth 0 score {score}"));
                        done_out.line("bestmove (none)");
                    }
                }
            },
        );
    }

    /// The opponent played the expected move: the ponder search goes on, now
    /// under the clock of the original `go ponder`.
    fn ponderhit(&mut self) {
        let Some(limits) = self.ponder_limits.take() else {
            return;
        };
        self.hold.store(limits.infinite, Ordering::Relaxed);
        let deadlines = Deadlines::new(&limits, Instant::now());
        let stop = self.search.stop_flag();
        if let Some(hard) = deadlines.hard {
            let soft = deadlines.soft.unwrap_or(hard);
            // Stop halfway between the soft and the hard deadline.
            let when = soft + (hard - soft) / 2;
            std::thread::spawn(move || {
                let now = Instant::now();
                if when > now {
                    std::thread::sleep(when - now);
                }
                stop.store(true, Ordering::Relaxed);
            });
        } else if limits.depth.is_some() || limits.nodes.is_some() {
            // A depth- or node-limited ponder search: stop it now and answer.
            stop.store(true, Ordering::Relaxed);
        }
    }
}

/// An `info` line for `info`, found from `root`.
fn info_line(root: &Position, info: &Info<ply_chess::Move>) -> String {
    let _ = root;
    let score = match info.score.moves_to_win() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", info.score.0),
    };
    let bound = match info.bound {
        Bound::Lower => " lowerbound",
        Bound::Upper => " upperbound",
        Bound::Exact => "",
    };
    let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
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
