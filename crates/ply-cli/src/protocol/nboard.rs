//! `ply nboard`: the NBoard protocol, version 2, for Othello (the protocol of
//! Chris Welty's NBoard GUI, also spoken by Edax and NTest).
//!
//! The GUI sends one command per line; the engine answers only where the
//! protocol asks it to:
//!
//! | GUI sends | ply answers |
//! |---|---|
//! | `nboard 2` | `set myname ply` |
//! | `set depth N` | nothing: searches go N plies deep (1-60) |
//! | `set game <GGF>` | nothing: later commands are about the end of that game |
//! | `set contempt N` | nothing (accepted; ply's book has no draws to value) |
//! | `move F5[/eval/time]` (`PA` passes; a bare `F5` as in version 1) | nothing: the move is played |
//! | `hint N` | `status`, then `search <pv> <eval> 0 <depth>` for the N best moves as they are found (in a book position `book <pv> <eval> 0 <depth>`, the book's N best moves), `nodestats`, `status` |
//! | `go` | `status`, `search` lines, `nodestats`, then `=== <move>/<eval>/<time>` (the move is not played) |
//! | `ping N` | stops any search, then `pong N` |
//! | `learn` | `learned` |
//! | `analyze` | `analysis <movesMade> <eval>` for every position of the game, last first |
//! | `quit` | ends the session |
//!
//! Evaluations are in discs from the point of view of the side to move, two
//! decimals (`analysis` too). ply's [`OthelloPlayer`] decides how each
//! position is searched from the depth set (and for `go` the clock): with few
//! empty squares left the position is solved exactly and the depth is
//! `100%`; with two more, it is solved for a win, loss or draw and the depth
//! is `100%W`; otherwise the midgame engine searches to the set depth and the
//! depth is the plies searched. `go` also respects the game clock of the GGF
//! game (`TI` less the times of the side's moves). Where the opening book
//! (the shipped one, `--book FILE`, none with `--no-book`) knows the
//! position, `go` answers its move at once after a `book` line and `hint`
//! answers `book` lines (the depth is the length of the book line).
//! Searches run on a worker thread, so `ping` is
//! answered while ply thinks. Lines ply does not understand are ignored, with
//! a note on stderr.

use super::Output;
use crate::search_thread::{Control, Worker};
use ply_core::GameHistory;
use ply_core::Player;
use ply_core::book::{Booked, SearchBook};
use ply_core::player::{Request, Source, Thought};
use ply_core::search::Bound;
use ply_core::search::{Clock, Info, Limits, Score};
use ply_core::{Game, Side};
use ply_games::playable::Playable;
use ply_othello::engine::solve::{Options as SolveOptions, Solution};
use ply_othello::engine::{OthelloPlayer, Reach};
use ply_othello::ggf;
use ply_othello::{Move, Othello};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Transposition table of the midgame search, in MiB.
const ENGINE_HASH_MB: usize = 64;
/// Transposition table of the endgame solver, in MiB.
const SOLVER_HASH_MB: usize = 64;
/// Midgame depth until the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;

/// The depth NBoard reads for a solve: `100%` exact, `100%W` win/loss/draw.
fn solved_label(reach: Reach) -> &'static str {
    match reach {
        Reach::WinLossDraw => "100%W",
        Reach::Exact | Reach::Midgame => "100%",
    }
}

/// How the player reached `thought`: a solve exact or for the win, loss or
/// draw (a bound), or the midgame search.
fn reach_of(thought: &Thought<Move>) -> Reach {
    match (thought.source, thought.bound) {
        (Source::Solved, Bound::Exact) => Reach::Exact,
        (Source::Solved, _) => Reach::WinLossDraw,
        _ => Reach::Midgame,
    }
}

/// What a search needs from the session, copied for the worker thread.
#[derive(Clone, Copy)]
struct Settings {
    depth: u32,
}

/// The game so far: the record and each move's time, by side.
struct GameState {
    record: GameHistory<Othello>,
    /// The clock of each side at the start of the game (`TI`), if any.
    clock: Option<Duration>,
    /// Seconds used so far by each side: [Black, White].
    used: [f64; 2],
}

impl GameState {
    fn new() -> Self {
        GameState {
            record: GameHistory::new(Othello::start()),
            clock: None,
            used: [0.0; 2],
        }
    }

    fn position(&self) -> Othello {
        *self.record.position()
    }

    /// Plays `mv`, which took `seconds`, inserting a pass for a side that
    /// had to pass when the GUI left it out.
    fn play(&mut self, mv: Move, seconds: f64) {
        let position = self.position();
        if position.must_pass() && !mv.is_pass() {
            self.record.push(Move::PASS);
        }
        let side = side_index(self.position().side_to_move());
        self.used[side] += seconds;
        self.record.push(mv);
    }

    /// The time left to the side to move, if the game has a clock.
    fn remaining(&self) -> Option<Duration> {
        let clock = self.clock?;
        let used = self.used[side_index(self.position().side_to_move())];
        Some(clock.saturating_sub(Duration::try_from_secs_f64(used).unwrap_or(Duration::MAX)))
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// An NBoard session.
struct NBoard {
    out: Output,
    /// The engine on its worker thread.
    worker: Worker<Engine>,
    game: GameState,
    settings: Settings,
    contempt: i32,
}

/// The engine: ply's Othello player behind its opening book.
type Engine = Booked<OthelloPlayer>;

/// Runs an NBoard session on stdin/stdout until `quit` or end of input,
/// with `book` (none: searches only) and its randomness (see
/// [`Booked::set_randomness`]).
pub fn run(book: Option<Arc<SearchBook>>, randomness: i32) -> std::io::Result<()> {
    session(std::io::stdin().lock(), std::io::stdout(), book, randomness)
}

/// Runs an NBoard session reading commands from `input` and writing to
/// `output` until `quit` or the end of the input, which both stop any search
/// at once; `book` answers where it knows the position.
pub fn session(
    input: impl std::io::BufRead,
    output: impl std::io::Write + Send + 'static,
    book: Option<Arc<SearchBook>>,
    randomness: i32,
) -> std::io::Result<()> {
    let engine =
        OthelloPlayer::new(ENGINE_HASH_MB, SOLVER_HASH_MB).map_err(std::io::Error::other)?;
    let mut engine = Booked::new(engine, book);
    engine.set_randomness(randomness);
    let mut session = NBoard {
        out: Output::new(output),
        worker: Worker::new(engine),
        game: GameState::new(),
        settings: Settings {
            depth: DEFAULT_DEPTH,
        },
        contempt: 0,
    };
    for line in crate::lines::lossy_lines(input) {
        if !session.handle(line?.trim()) {
            break;
        }
    }
    session.stop();
    Ok(())
}

/// A move as NBoard writes it: `F5`, `PA`.
fn nboard_move(mv: Move) -> String {
    if mv.is_pass() {
        "PA".to_owned()
    } else {
        mv.to_string().to_ascii_uppercase()
    }
}

/// A principal variation without spaces: `F5D6C3`.
fn nboard_pv(pv: &[Move]) -> String {
    pv.iter().map(|&mv| nboard_move(mv)).collect()
}

/// An engine score in discs, two decimals; decisive scores (a won or lost
/// game found by the midgame search) as ±64.
fn discs(score: Score) -> String {
    if score.is_decisive() {
        let sign = if score.0 > 0 { 64 } else { -64 };
        format!("{sign}.00")
    } else {
        format!("{:.2}", f64::from(score.0) / 100.0)
    }
}

/// Reads `set game`'s GGF text into the game and its clock.
fn read_game(text: &str) -> Result<GameState, String> {
    let record = Othello::read_record(text)?;
    let parsed = ggf::parse(text)?;
    let clock = parsed.get("TI").and_then(parse_clock);
    let mut used = [0.0; 2];
    for (name, value) in &parsed.properties {
        let side = match name.as_str() {
            "B" => 0,
            "W" => 1,
            _ => continue,
        };
        used[side] += value
            .split('/')
            .nth(2)
            .and_then(|t| t.trim().parse::<f64>().ok())
            .filter(|t| t.is_finite() && *t >= 0.0)
            .unwrap_or(0.0);
    }
    Ok(GameState {
        record,
        clock,
        used,
    })
}

/// Reads a GGF clock, `[[hh:]mm:]ss` before any `/` (the increment and
/// extension parts are not used): `15:00` is fifteen minutes.
fn parse_clock(text: &str) -> Option<Duration> {
    let main = text.split('/').next()?.trim();
    if main.is_empty() {
        return None;
    }
    let mut seconds = 0.0;
    for part in main.split(':') {
        let value: f64 = part.trim().parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        seconds = seconds * 60.0 + value;
    }
    (seconds > 0.0).then(|| Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
}

/// Reads `move`'s argument, `F5/eval/time`: the move and the seconds it took.
fn read_move(position: &Othello, text: &str) -> Result<(Move, f64), String> {
    let mut fields = text.split('/');
    let name = fields.next().unwrap_or("").trim();
    let seconds = fields
        .nth(1)
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|t| t.is_finite() && *t >= 0.0)
        .unwrap_or(0.0);
    // A pass left out before the move (the side to move had none).
    let position = if position.must_pass() && !matches!(name, "PA" | "pa" | "pass") {
        position.play_unchecked(Move::PASS)
    } else {
        *position
    };
    let mv = position.parse_move(name).map_err(|e| e.to_string())?;
    Ok((mv, seconds))
}

impl NBoard {
    /// Handles one line; false when the session is over.
    fn handle(&mut self, line: &str) -> bool {
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((command, rest)) => (command, rest.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "nboard" => self.out.line("set myname ply"),
            "set" => self.set(rest),
            "move" => self.play_move(rest),
            "hint" => match rest.parse::<usize>() {
                Ok(n) if n >= 1 => self.start(Task::Hint(n)),
                _ => warn(&format!("hint needs a number of moves, not '{rest}'")),
            },
            "go" => self.start(Task::Go),
            "analyze" => self.start(Task::Analyze),
            "ping" => {
                self.stop();
                self.out.line(&format!("pong {rest}"));
            }
            "learn" => {
                self.stop();
                self.out.line("learned");
            }
            "quit" => return false,
            // Protocol version 1 sent a bare move.
            _ if command.len() == 2 && rest.is_empty() => self.play_move(command),
            _ => warn(&format!("ignored unknown command '{line}'")),
        }
        true
    }

    fn set(&mut self, rest: &str) {
        let (name, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match name {
            "depth" => match value.parse::<u32>() {
                Ok(depth) if (1..=60).contains(&depth) => self.settings.depth = depth,
                _ => warn(&format!(
                    "set depth needs a depth from 1 to 60, not '{value}'"
                )),
            },
            "game" => match read_game(value) {
                Ok(game) => {
                    self.stop();
                    self.game = game;
                }
                Err(message) => warn(&format!("set game: {message}")),
            },
            "contempt" => match value.parse::<f64>() {
                Ok(contempt) if contempt.is_finite() => self.contempt = contempt as i32,
                _ => warn(&format!("set contempt needs a number, not '{value}'")),
            },
            _ => warn(&format!("ignored 'set {rest}'")),
        }
    }

    fn play_move(&mut self, text: &str) {
        self.stop();
        match read_move(&self.game.position(), text) {
            Ok((mv, seconds)) => self.game.play(mv, seconds),
            Err(message) => warn(&format!("move {text}: {message}")),
        }
    }

    /// Stops the running search, if any, and waits for it to end.
    fn stop(&mut self) {
        self.worker.stop();
    }

    /// Starts `task` on the worker thread (after stopping the running one).
    fn start(&mut self, task: Task) {
        let out = self.out.clone();
        let settings = self.settings;
        let positions = self.game.record.positions().to_vec();
        let remaining = self.game.remaining();
        self.worker.spawn(
            false,
            move |engine, control| {
                let job = Job {
                    out,
                    control: Arc::clone(control),
                    settings,
                    positions,
                    remaining,
                };
                job.run(engine, task);
            },
            |()| {},
        );
    }
}

/// Notes on stderr what the session did not understand (NBoard has no error
/// reply: an engine ignores such lines).
fn warn(message: &str) {
    eprintln!("nboard: {message}");
}

/// What the GUI asked for.
#[derive(Clone, Copy, Debug)]
enum Task {
    /// `hint N`.
    Hint(usize),
    /// `go`.
    Go,
    /// `analyze`.
    Analyze,
}

/// One search, run on the worker thread.
struct Job {
    out: Output,
    /// The controls of this job (its stop flag).
    control: Arc<Control>,
    settings: Settings,
    /// The game's positions, the current one last.
    positions: Vec<Othello>,
    /// The side to move's time left, if the game has a clock.
    remaining: Option<Duration>,
}

impl Job {
    fn position(&self) -> Othello {
        *self
            .positions
            .last()
            .expect("the current position is always there")
    }

    fn run(self, engine: &mut Engine, task: Task) {
        let start = Instant::now();
        match task {
            Task::Hint(n) => {
                self.out.line("status ply is thinking");
                let nodes = self.hint(engine, n);
                self.nodestats(nodes, start);
                self.out.line("status ply is waiting");
            }
            Task::Go => {
                self.out.line("status ply is thinking");
                self.go(engine, start);
            }
            Task::Analyze => {
                self.out.line("status ply is analysing the game");
                let nodes = self.analyze(engine);
                self.nodestats(nodes, start);
                self.out.line("status ply is waiting");
            }
        }
    }

    fn nodestats(&self, nodes: u64, start: Instant) {
        self.out.line(&format!(
            "nodestats {nodes} {:.2}",
            start.elapsed().as_secs_f64()
        ));
    }

    fn stopped(&self) -> bool {
        self.control.stopped()
    }

    /// Solves `position` in `window` unless stopped.
    fn solve(
        &self,
        engine: &mut OthelloPlayer,
        position: &Othello,
        window: SolveOptions<'_>,
    ) -> Option<Solution> {
        engine
            .solver()
            .search(position, &window.with_stop(self.control.stop_flag()))
            .ok()
    }

    /// Sends a midgame iteration as a `search` line.
    fn search_line(out: &Output, info: &Info<Move>) {
        out.line(&format!(
            "search {} {} 0 {}",
            nboard_pv(&info.pv),
            discs(info.score),
            info.depth
        ));
    }

    /// The engine's answer for `position` within `limits`, the midgame
    /// iterations (or the solve) sent as `search` lines when `report`.
    fn think(
        &self,
        engine: &mut Engine,
        position: &Othello,
        limits: &Limits,
        report: bool,
    ) -> Thought<Move> {
        engine.options_mut().multipv = 1;
        let out = self.out.clone();
        let request = Request::new(position, limits, self.control.stop_flag());
        if let Some(thought) = engine.book_answer(&request) {
            if report {
                self.book_line(&thought.pv, thought.score);
            }
            return thought;
        }
        let thought = engine.player().think(&request, &mut |info: &Info<Move>| {
            if report {
                Self::search_line(&out, info);
            }
        });
        let reach = reach_of(&thought);
        if report && reach != Reach::Midgame {
            self.solved_line(&thought.pv, thought.score.0 / 100, reach);
        }
        thought
    }

    /// The evaluation of `thought` as NBoard writes it.
    fn eval(thought: &Thought<Move>) -> String {
        match thought.source {
            Source::Solved => format!("{}.00", thought.score.0 / 100),
            Source::Search | Source::Book | Source::Database(_) => discs(thought.score),
        }
    }

    /// A `book <pv> <eval> 0 <depth>` line: the depth is the book line's
    /// length.
    fn book_line(&self, pv: &[Move], score: Score) {
        self.out.line(&format!(
            "book {} {} 0 {}",
            nboard_pv(pv),
            discs(score),
            pv.len()
        ));
    }

    /// `hint n` in a position the book knows: its `n` best moves as `book`
    /// lines; false when the book does not know the position.
    fn book_hint(&self, engine: &Engine, position: &Othello, n: usize) -> bool {
        let Some(book) = engine.book() else {
            return false;
        };
        let Some(moves) = book.moves(position) else {
            return false;
        };
        for choice in moves.into_iter().take(n) {
            let mut pv = vec![choice.mv];
            pv.extend(book.line(&position.play_unchecked(choice.mv), 24));
            self.book_line(&pv, Score(choice.value));
        }
        true
    }

    /// `hint n`: the `n` best moves (the book's, where it knows the
    /// position), solved when few empties are left.
    fn hint(&self, engine: &mut Engine, n: usize) -> u64 {
        let position = self.position();
        let moves = position.legal_moves();
        if moves.is_empty() || self.book_hint(engine, &position, n) {
            return 0;
        }
        let limits = Limits::depth(self.settings.depth);
        let engine = engine.player();
        let reach = engine.reach(&position, &limits);
        let Some(window) = reach.window() else {
            engine.midgame().options.multipv = n.min(moves.len());
            let out = self.out.clone();
            let result = engine.midgame().search(
                &position,
                &[],
                &limits,
                self.control.stop_flag(),
                &mut |info: &Info<Move>| Self::search_line(&out, info),
            );
            engine.midgame().options.multipv = 1;
            return result.nodes;
        };
        if n == 1 || moves.len() == 1 {
            let Some(solution) = self.solve(engine, &position, window) else {
                return 0;
            };
            self.solved_line(&solution.pv, solution.score, reach);
            return solution.nodes;
        }
        // Every move solved, each line sent as soon as it is known.
        let mut nodes = 0;
        for mv in moves {
            let after = position.play_unchecked(mv);
            let child_window = SolveOptions::window(-window.beta, -window.alpha);
            let Some(solution) = self.solve(engine, &after, child_window) else {
                break;
            };
            nodes += solution.nodes;
            let mut pv = vec![mv];
            pv.extend_from_slice(&solution.pv);
            self.solved_line(&pv, -solution.score, reach);
        }
        nodes
    }

    fn solved_line(&self, pv: &[Move], score: i32, reach: Reach) {
        self.out.line(&format!(
            "search {} {score}.00 0 {}",
            nboard_pv(pv),
            solved_label(reach)
        ));
    }

    /// `go`: the move to play within the depth and the clock, then `===`.
    fn go(&self, engine: &mut Engine, start: Instant) {
        let position = self.position();
        let moves = position.legal_moves();
        if moves.is_empty() {
            warn("go: the game is over");
            self.out.line("status the game is over");
            return;
        }
        let limits = Limits {
            depth: Some(self.settings.depth),
            clock: self.remaining.map(|remaining| Clock {
                remaining,
                increment: Duration::ZERO,
                // The side's own moves until the solver takes over.
                moves_to_go: Some(ply_othello::engine::driver::planned_moves(
                    position.empty().count_ones(),
                )),
            }),
            move_overhead: Duration::from_millis(50),
            ..Limits::default()
        };
        let (best, eval, nodes) = if moves.len() == 1 {
            (moves[0], None, 0)
        } else {
            let thought = self.think(engine, &position, &limits, true);
            (
                thought.best.unwrap_or(moves[0]),
                Some(Self::eval(&thought)),
                thought.nodes,
            )
        };
        self.nodestats(nodes, start);
        let seconds = start.elapsed().as_secs_f64();
        let answer = match eval {
            Some(eval) => format!("=== {}/{eval}/{seconds:.2}", nboard_move(best)),
            None => format!("=== {}//{seconds:.2}", nboard_move(best)),
        };
        self.out.line(&answer);
    }

    /// `analyze`: every position of the game, from the last back to the
    /// start, as `analysis movesMade eval` (mover's view): exact scores where
    /// the depth set reaches an exact solve, midgame scores elsewhere.
    fn analyze(&self, engine: &mut Engine) -> u64 {
        let mut nodes = 0;
        let limits = Limits::depth(self.settings.depth);
        for (made, position) in self.positions.iter().enumerate().rev() {
            if self.stopped() {
                break;
            }
            let eval = if position.outcome().is_some() {
                format!("{}.00", position.final_score())
            } else {
                let thought = if engine.player().reach(position, &limits) == Reach::WinLossDraw {
                    // A bound is no evaluation: the midgame search's score.
                    Thought::from(engine.player().midgame().search(
                        position,
                        &[],
                        &limits,
                        self.control.stop_flag(),
                        &mut |_| {},
                    ))
                } else {
                    self.think(engine, position, &limits, false)
                };
                if self.stopped() {
                    break;
                }
                nodes += thought.nodes;
                Self::eval(&thought)
            };
            self.out.line(&format!("analysis {made} {eval}"));
        }
        nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_in_ggf_form() {
        assert_eq!(parse_clock("15:00"), Some(Duration::from_secs(900)));
        assert_eq!(parse_clock("1:00:00"), Some(Duration::from_secs(3600)));
        assert_eq!(parse_clock("05:00//02:00"), Some(Duration::from_secs(300)));
        assert_eq!(parse_clock("90"), Some(Duration::from_secs(90)));
        assert_eq!(parse_clock("0"), None);
        assert_eq!(parse_clock("x:00"), None);
        assert_eq!(parse_clock(""), None);
    }

    #[test]
    fn games_with_times_and_left_out_passes() {
        let text = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]\
                    BO[8 ---------------------------O*------*O--------------------------- *]\
                    B[F5//2.5]W[F6/-1.0/3]B[D3];)";
        let game = read_game(text).unwrap();
        assert_eq!(game.record.moves().len(), 3);
        assert_eq!(game.used, [2.5, 3.0]);
        assert_eq!(game.remaining(), Some(Duration::from_secs(897)));
        assert!(read_game("(;GM[Chess];)").is_err());
        assert!(read_game("(;GM[Othello]B[A1];)").is_err());
    }

    #[test]
    fn moves_with_evaluations_and_passes() {
        let start = Othello::start();
        let (mv, seconds) = read_move(&start, "F5/1.5/2.25").unwrap();
        assert_eq!(nboard_move(mv), "F5");
        assert_eq!(seconds, 2.25);
        assert!(read_move(&start, "A1").is_err());
        assert!(read_move(&start, "PA").is_err());
        assert_eq!(nboard_move(Move::PASS), "PA");
    }

    #[test]
    fn evaluations_in_discs() {
        assert_eq!(discs(Score(250)), "2.50");
        assert_eq!(discs(Score(-3)), "-0.03");
        assert_eq!(discs(Score::won_at(3)), "64.00");
        assert_eq!(discs(Score::lost_at(2)), "-64.00");
    }
}
