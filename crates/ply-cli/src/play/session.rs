//! The game loop of `ply play`, the same for every game: show the board, let
//! the computer move (book first, then search) or read the person's command or
//! move, refuse what is illegal with the reason and the legal moves, announce
//! the end.

use super::input::{Input, Next};
use super::render::{self, Style};
use super::thinking;
use crate::search_thread::{SearchJob, SearchThread};
use ply_core::GameHistory;
use ply_core::Player;
use ply_core::book::{Booked, SearchBook};
use ply_core::player::Source;
use ply_core::record::UtcTime;
use ply_core::search::{Level, Limits, Options};
use ply_core::{Outcome, Side};
use ply_games::playable::Playable;
use ply_games::playable::book::Rng;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time per move at level 10 when `--movetime` is not given.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// The longest a depth-limited level (1-9) may think without `--movetime`.
const LEVEL_TIME_CAP: Duration = Duration::from_secs(10);
/// Transposition table of the engine, MiB.
const HASH_MB: usize = 32;
/// The shortest a move shows when the computer plays itself on a terminal.
const WATCH_PAUSE: Duration = Duration::from_millis(600);

/// How a session is set up.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Which sides a person plays, by [`Side::index`].
    pub humans: [bool; 2],
    /// The computer's strength.
    pub level: Level,
    /// Time per move, if set.
    pub movetime: Option<Duration>,
    /// The seed of the book choices and the levels' errors.
    pub seed: u64,
    /// How the board is drawn.
    pub style: Style,
    /// Square numbers (checkers).
    pub numbers: bool,
    /// The board seen from the second player's side.
    pub flipped: bool,
    /// Show a spinner on stderr while the computer thinks.
    pub indicator: bool,
    /// Pause between moves when the computer plays itself (a person watches).
    pub watch_pause: bool,
    /// The opening book built by search, if any.
    pub book: Option<Arc<SearchBook>>,
    /// The loss within which a book move is drawn at random (0: the best).
    pub book_randomness: i32,
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `quit` or end of input.
    Quit,
    /// Ctrl-C at the prompt.
    Interrupted,
}

/// What a command asks of the loop.
enum Flow {
    Continue,
    Quit,
}

/// A game in progress between a person (or nobody) and the computer.
pub struct Session<G: Playable> {
    pub(super) record: GameHistory<G>,
    pub(super) start: G,
    pub(super) settings: Settings,
    pub(super) rng: Rng,
    pub(super) search: SearchThread<Booked<G::Player>>,
    pub(super) input: Input,
    pub(super) out: Box<dyn Write>,
    /// The board on screen shows the current position.
    pub(super) shown: bool,
    /// The end of the current game has been announced.
    pub(super) announced: bool,
    /// When the current game began (or what its loaded record says): the
    /// date its saved records carry, however often it is saved.
    pub(super) started: UtcTime,
}

impl<G: Playable> Session<G> {
    /// A session starting at `start`.
    pub fn new(start: G, settings: Settings, input: Input, out: Box<dyn Write>) -> Self {
        let player = G::Player::with_hash(HASH_MB).expect("a 32 MiB transposition table");
        let mut player = Booked::new(player, settings.book.clone());
        player.set_randomness(settings.book_randomness);
        Session {
            record: GameHistory::new(start.clone()),
            start,
            rng: Rng::new(settings.seed),
            settings,
            search: SearchThread::new(player),
            input,
            out,
            shown: false,
            announced: false,
            started: UtcTime::now(),
        }
    }

    /// Plays until `quit`, the end of input or Ctrl-C.
    pub fn run(&mut self) -> io::Result<Exit> {
        self.intro()?;
        loop {
            if let Some(exit) = self.step()? {
                return Ok(exit);
            }
        }
    }

    /// One turn of the loop: announce the end and wait for a command, play a
    /// forced pass, let the computer move, or ask the person.
    fn step(&mut self) -> io::Result<Option<Exit>> {
        if let Some(outcome) = self.record.outcome() {
            if !self.announced {
                self.announce(outcome)?;
            }
            return self.command("> ");
        }
        let side = self.record.position().side_to_move();
        let legal = self.record.position().legal_moves();
        if legal.len() == 1 && G::is_pass(legal[0]) {
            self.play(legal[0], "no legal move".to_owned())?;
            return Ok(None);
        }
        if !self.is_human(side) {
            if self.input.has_pending() {
                // A command typed while the computer thought.
                return self.command("");
            }
            self.computer_move()?;
            return Ok(None);
        }
        if !self.shown {
            self.show_board()?;
        }
        self.command(&format!("{} to move: ", G::side_name(side)))
    }

    /// Reads a line (showing `prompt` to a person at a terminal) and handles
    /// it; the exit, if it ends the session.
    fn command(&mut self, prompt: &str) -> io::Result<Option<Exit>> {
        if self.input.interactive && !self.input.has_pending() {
            write!(self.out, "{prompt}")?;
        }
        self.out.flush()?;
        match self.input.next() {
            Next::Line(line) => Ok(match self.handle(&line)? {
                Flow::Quit => Some(Exit::Quit),
                Flow::Continue => None,
            }),
            Next::End => Ok(Some(Exit::Quit)),
            Next::Interrupted => {
                writeln!(self.out)?;
                Ok(Some(Exit::Interrupted))
            }
        }
    }

    pub(super) fn is_human(&self, side: Side) -> bool {
        self.settings.humans[side.index()]
    }

    fn intro(&mut self) -> io::Result<()> {
        let first = G::side_name(Side::First);
        let second = G::side_name(Side::Second);
        let who = match self.settings.humans {
            [true, false] => format!("you play {first}, the computer {second}"),
            [false, true] => format!("you play {second}, the computer {first}"),
            [true, true] => "you play both sides".to_owned(),
            [false, false] => "the computer plays both sides".to_owned(),
        };
        writeln!(
            self.out,
            "ply play {}: {who}; level {} ({}); seed {}.",
            G::TITLE,
            self.settings.level.get(),
            self.settings.level.describe(),
            self.settings.seed
        )?;
        writeln!(
            self.out,
            "Moves: {}. Type help for the commands.",
            G::MOVE_HELP
        )
    }

    /// The board, whose turn, the level and the game's own status line.
    pub(super) fn show_board(&mut self) -> io::Result<()> {
        let position = self.record.position();
        let mut view = position.diagram(self.record.last_move(), self.settings.numbers);
        if self.settings.flipped {
            view = view.flipped();
        }
        let mut text = render::draw(&view, self.settings.style);
        text.push('\n');
        let mut status = Vec::new();
        if self.record.outcome().is_none() {
            let side = position.side_to_move();
            let who = match (self.is_human(side), self.settings.humans) {
                (true, [true, true]) => String::new(),
                (true, _) => " (you)".to_owned(),
                (false, _) => " (computer)".to_owned(),
            };
            status.push(format!("{} to move{who}", G::side_name(side)));
        }
        status.push(format!("level {}", self.settings.level.get()));
        if let Some(time) = self.settings.movetime {
            status.push(format!("{:.1} s per move", time.as_secs_f64()));
        }
        if self.record.starts_from_standard()
            && let Some(name) = G::book().name(self.record.moves())
        {
            status.push(format!("opening: {name}"));
        }
        text.push_str(&status.join(" · "));
        if let Some(extra) = position.status() {
            text.push('\n');
            text.push_str(&extra);
        }
        writeln!(self.out, "{text}")?;
        self.shown = true;
        Ok(())
    }

    fn announce(&mut self, outcome: Outcome<G::EndReason>) -> io::Result<()> {
        if !self.shown {
            self.show_board()?;
        }
        let mut sentence = self.record.position().describe_outcome(outcome);
        if let Some(first) = sentence.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let verdict = match (self.settings.humans, outcome.winner()) {
            ([true, false], Some(Side::First)) | ([false, true], Some(Side::Second)) => " You win!",
            ([true, false], Some(_)) | ([false, true], Some(_)) => " You lose.",
            _ => "",
        };
        writeln!(self.out, "Game over: {sentence}.{verdict}")?;
        writeln!(self.out, "Type new, undo, save FILE, load FILE or quit.")?;
        self.announced = true;
        Ok(())
    }

    /// Plays `mv` and reports it; `note` follows the move in brackets.
    pub(super) fn play(&mut self, mv: G::Move, note: String) -> io::Result<()> {
        let position = self.record.position();
        let side = position.side_to_move();
        let action = if G::is_pass(mv) {
            "passes".to_owned()
        } else {
            format!("plays {}", position.display_move(mv))
        };
        self.record.push(mv);
        self.shown = false;
        if note.is_empty() {
            writeln!(self.out, "{} {action}", G::side_name(side))?;
        } else {
            writeln!(self.out, "{} {action} ({note})", G::side_name(side))?;
        }
        if self.settings.humans == [false, false] && self.record.outcome().is_none() {
            self.show_board()?;
        }
        Ok(())
    }

    /// The book's move, while the game follows a book line.
    fn book_move(&mut self) -> Option<G::Move> {
        if !self.record.starts_from_standard() {
            return None;
        }
        G::book()
            .choose(self.record.moves(), &mut self.rng)
            .map(|(mv, _)| mv)
    }

    /// The limits of the computer's searches at the current level.
    fn limits(&self) -> Limits {
        match self.settings.level.max_depth() {
            None => Limits::movetime(self.settings.movetime.unwrap_or(DEFAULT_MOVETIME)),
            Some(_) => Limits::movetime(self.settings.movetime.unwrap_or(LEVEL_TIME_CAP)),
        }
    }

    fn computer_move(&mut self) -> io::Result<()> {
        let started = Instant::now();
        let side = self.record.position().side_to_move();
        if let Some(mv) = self.book_move() {
            let mut moves = self.record.moves().to_vec();
            moves.push(mv);
            let note = match G::book().name(&moves) {
                Some(name) => format!("book: {name}"),
                None => "book".to_owned(),
            };
            self.play(mv, note)?;
        } else {
            let level = self.settings.level;
            let limits = self.limits();
            let Some(thought) = self.search(level, limits, side) else {
                return Err(io::Error::other("the search thread failed"));
            };
            let result = thought.result;
            let Some(mv) = result.best else {
                return Err(io::Error::other("the search found no move"));
            };
            let mut note = match result.source {
                Source::Solved => match result.score.0 / 100 {
                    0 => "solved: a draw".to_owned(),
                    s if s > 0 => format!("solved: wins by {s}"),
                    s => format!("solved: loses by {}", -s),
                },
                Source::Book => format!("book, score {}", result.score),
                _ => format!(
                    "depth {}, score {}, {:.1} s",
                    result.depth,
                    result.score,
                    result.time.as_secs_f64()
                ),
            };
            if thought.interrupted {
                note.push_str(", interrupted");
            }
            self.play(mv, note)?;
        }
        if self.settings.watch_pause && self.settings.humans == [false, false] {
            std::thread::sleep(WATCH_PAUSE.saturating_sub(started.elapsed()));
        }
        Ok(())
    }

    /// Searches the current position at `level` within `limits`.
    pub(super) fn search(
        &mut self,
        level: Level,
        limits: Limits,
        side: Side,
    ) -> Option<thinking::Thought<G::Move>> {
        self.out.flush().ok()?;
        *self.search.player().options_mut() = Options {
            threads: 1,
            level,
            seed: self.settings.seed,
            multipv: 1,
        };
        let job = SearchJob {
            root: self.record.position().clone(),
            history: self.record.earlier_hashes(),
            limits,
            only: Vec::new(),
            hold: false,
        };
        let label = format!("{} is thinking", G::side_name(side));
        thinking::think(
            &mut self.search,
            job,
            &mut self.input,
            &label,
            self.settings.indicator,
        )
    }

    /// Handles one line: a command or a move.
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(Flow::Continue);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((word, rest)) => (word, rest.trim()),
            None => (line, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "quit" | "exit" => return Ok(Flow::Quit),
            "help" | "?" => self.help()?,
            "moves" => self.list_moves()?,
            "hint" => self.hint()?,
            "undo" => self.undo()?,
            "flip" => {
                self.settings.flipped = !self.settings.flipped;
                self.show_board()?;
            }
            "swap" => self.swap()?,
            "level" => self.set_level(rest)?,
            "movetime" => self.set_movetime(rest)?,
            "new" => self.new_game()?,
            "board" => self.show_board()?,
            "history" => self.history()?,
            "position" | "fen" => {
                writeln!(self.out, "{}", self.record.position().position_string())?
            }
            "numbers" if G::NUMBERED => {
                self.settings.numbers = !self.settings.numbers;
                self.show_board()?;
            }
            "numbers" => writeln!(
                self.out,
                "error: {} squares have no numbers (they are for checkers)",
                G::TITLE
            )?,
            "save" => self.save(rest)?,
            "load" => self.load(rest)?,
            _ => self.person_move(line)?,
        }
        Ok(Flow::Continue)
    }
}
