//! A game in progress, whatever the game, behind one object-safe trait
//! ([`Session`]): what an interactive front end (the web server of
//! `ply serve`) needs to let a person play and study a game.
//!
//! A session starts from a [`GameKind`] and an optional position string (FEN,
//! PDN FEN, Othello's string) and keeps the game's [`GameHistory`] (so that
//! repetitions and the move-count rules are judged as the terminal judges
//! them). It lists the legal moves with their notation and the squares a
//! page clicks on ([`MoveInfo`]: checkers' multi-jumps with their whole
//! path, chess promotions, Othello's pass), plays a move by its notation,
//! takes moves back, names the end with its reason ([`Ending`]), draws the
//! board with the [`crate::svg`] renderer and writes the position and the
//! moves in the game's notation.
//!
//! The computer's moves and the analysis come only from the game's
//! [`ply_core::Player`]: [`Session::search`] packs the position, its history
//! and the settings into a [`Search`] that runs on any thread, stops when its
//! `stop` flag is set, reports each line ([`Line`]) as it deepens and
//! answers with the player's [`Answer`].
//!
//! ```
//! use ply_games::session::{self, Settings};
//! use std::sync::atomic::AtomicBool;
//! let mut game = session::new(ply_games::GameKind::Checkers, None).unwrap();
//! assert_eq!(game.play("11-15").unwrap(), "11-15");
//! let search = game.search(&Settings { depth: Some(3), ..Settings::default() });
//! let answer = search.run(&AtomicBool::new(false), &mut |_| {});
//! assert!(game.play(answer.best.as_deref().unwrap()).is_ok());
//! assert_eq!(game.history().len(), 2);
//! ```

pub mod annotation;
mod checkers;
mod chess;
pub mod clock;
mod othello;
pub mod records;
pub mod setup;

use crate::diagram::Diagram;
use crate::playable::{Marks, Playable, search_book};
use crate::registry::GameKind;
use crate::svg;
use ply_core::book::Booked;
use ply_core::player::{Player, Request, Source};
pub use ply_core::record::Variation;
use ply_core::record::{Ending as RecordEnding, Header, MoveClock, Players, UtcTime};
use ply_core::search::{Bound, Info, Level, Limits, Options};
use ply_core::{GameHistory, Side};
use serde::Serialize;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A legal move as a page shows and clicks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveInfo {
    /// The move in the game's notation (SAN, `22x15x6`, `d3`, `pass`): what
    /// [`Session::play`] takes.
    pub notation: String,
    /// The square the piece leaves (none for Othello).
    pub from: Option<String>,
    /// The square clicked to play it (the king's square when castling; none
    /// for a pass).
    pub to: Option<String>,
    /// Every square the move touches in order, from the start to the end
    /// (checkers: each landing of a multi-jump).
    pub path: Vec<String>,
    /// The piece a pawn promotes to, upper case (`Q`, `R`, `B`, `N`).
    pub promotion: Option<char>,
    /// Whether it captures.
    pub capture: bool,
    /// Whether it is a pass (Othello, when there is nothing else).
    pub pass: bool,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ending {
    /// `1-0` (the side that moves first won: White in chess, Black in
    /// checkers and Othello), `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The winner's colour (`"White"`), none for a draw.
    pub winner: Option<&'static str>,
    /// The end in a sentence, with the reason: "Black wins by checkmate",
    /// "draw by the forty-move rule", "White wins 40-24 (final disc count)".
    pub reason: String,
}

/// What a page needs to know of a game besides its positions: names,
/// how moves are typed and entered, its records, how the board is turned
/// and when annotated moves are marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFacts {
    /// The game's name on the command line (`"chess"`).
    pub name: &'static str,
    /// Its name in messages (`"Othello"`).
    pub title: &'static str,
    /// The colour of the player who moves first (`"White"`).
    pub first: &'static str,
    /// The colour of the other player.
    pub second: &'static str,
    /// How moves are typed.
    pub move_help: &'static str,
    /// A few moves as typed.
    pub move_examples: &'static str,
    /// The record format (`"PGN"`) and its file extension (`"pgn"`).
    pub record_format: (&'static str, &'static str),
    /// Whose pieces the diagram draws at the bottom (`Some(true)`: the
    /// first player's); `None`: the board is never turned.
    pub bottom_first: Option<bool>,
    /// Whether a move puts a piece on an empty square (Othello) rather
    /// than moving one.
    pub places: bool,
    /// When an annotated move is marked.
    pub marks: Marks,
}

/// The facts of `kind`.
#[must_use]
pub fn facts(kind: GameKind) -> GameFacts {
    fn of<G: SessionGame>() -> GameFacts {
        let start = G::start();
        GameFacts {
            name: G::NAME,
            title: G::TITLE,
            first: G::side_name(Side::First),
            second: G::side_name(Side::Second),
            move_help: G::MOVE_HELP,
            move_examples: G::MOVE_EXAMPLES,
            record_format: (G::RECORD_FORMAT, G::RECORD_EXTENSION),
            bottom_first: G::BOTTOM.map(|side| side == Side::First),
            places: (start.legal_moves().into_iter()).all(|mv| start.move_info(mv).from.is_none()),
            marks: G::MARKS,
        }
    }
    match kind {
        GameKind::Chess => of::<ply_chess::Position>(),
        GameKind::Checkers => of::<ply_checkers::Checkers>(),
        GameKind::Othello => of::<ply_othello::Othello>(),
    }
}

/// The limits and strength of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Strength, 1 (beginner) to 10 (full strength); out-of-range values
    /// are clamped.
    pub level: u8,
    /// Plies to search at most.
    pub depth: Option<u32>,
    /// Time to think at most.
    pub movetime: Option<Duration>,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Seed of the randomness of the weaker levels.
    pub seed: u64,
    /// Lines to report.
    pub multipv: usize,
    /// Whether the opening book shipped with ply answers where it knows the
    /// position (the computer's moves; analysis searches).
    pub book: bool,
}

impl Default for Settings {
    /// Full strength for one second, one thread, 16 MiB, one line, no book.
    fn default() -> Settings {
        Settings {
            level: 10,
            depth: None,
            movetime: None,
            threads: 1,
            hash_mb: 16,
            seed: 0,
            multipv: 1,
            book: false,
        }
    }
}

/// One line of a search as it deepens, in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second, ...
    pub multipv: usize,
    /// Centi-units (centipawns, hundredths of a man or disc) for the side to
    /// move.
    pub score: i32,
    /// The score as the player words it (`+1.25`, `win in 3`).
    pub score_text: String,
    /// Moves to a forced win (negative: to a loss), when there is one.
    pub mate: Option<i32>,
    /// `exact`, `lower` or `upper`.
    pub bound: &'static str,
    /// Positions searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The line in the game's notation.
    pub pv: Vec<String>,
}

/// What a search found, in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The move to play; none when the game is over.
    pub best: Option<String>,
    /// Centi-units for the side to move.
    pub score: i32,
    /// The score as the player words it.
    pub score_text: String,
    /// Moves to a forced win (negative: to a loss), when there is one.
    pub mate: Option<i32>,
    /// Depth of the last completed iteration (Othello's solver: empty
    /// squares solved).
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
    /// The best line.
    pub pv: Vec<String>,
    /// Where the answer came from: `search`, `solved` (Othello's exact
    /// solver), `database` (checkers' endgame databases) or `book`.
    pub source: &'static str,
    /// The database's value for the side to move (`win`, `loss`, `draw`).
    pub verdict: Option<&'static str>,
    /// Whether the score is the game's exact result with perfect play.
    pub exact: bool,
}

/// What a front end adds to a game's record besides the moves
/// ([`Session::record_with`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordExtras {
    /// A note on each move, by the index of the move in the history
    /// (`None`: none; notes past the last move are dropped).
    pub notes: Vec<Option<String>>,
    /// The time control as PGN and PDN write it (`300+2`); GGF leaves it
    /// out.
    pub time_control: Option<String>,
    /// The time each move took and the clock after it, by the index of the
    /// move (`None`: not timed; past the last move: dropped): PGN and PDN
    /// `[%emt]` and `[%clk]` comments, GGF each move's time.
    pub move_clocks: Vec<Option<MoveClock>>,
    /// An end off the board (a time loss): whether the first player won
    /// (`None`: a draw) and the reason in a sentence; it replaces the end
    /// by the rules.
    pub decided: Option<(Option<bool>, String)>,
    /// The lines beside each move, by the index of the move in the history
    /// (past the last move: dropped): PGN and PDN write them as `( ... )`,
    /// GGF, which has no variations, leaves them out.
    pub variations: Vec<Vec<Variation>>,
}

/// A game in progress.
pub trait Session: Send {
    /// Which game it is.
    fn kind(&self) -> GameKind;
    /// The position now, as the game writes it (FEN, PDN FEN, Othello's).
    fn position(&self) -> String;
    /// The position the game started from.
    fn start_position(&self) -> String;
    /// The colour of the side to move (`"White"`).
    fn side_to_move(&self) -> &'static str;
    /// Whether the side that moves first (White in chess, Black in checkers
    /// and Othello) is to move.
    fn first_to_move(&self) -> bool;
    /// The legal moves now (none once the game is over, even where the rules
    /// would still list some, as after a repetition).
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// Plays a move given in the game's notation (chess: SAN or UCI) and
    /// returns it in the game's notation.
    ///
    /// # Errors
    /// The reason, on one line, when it is unreadable, ambiguous, illegal or
    /// the game is over.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Takes back the last move and returns it in notation; [`Session::redo`]
    /// plays it again.
    fn undo(&mut self) -> Option<String>;
    /// Plays again the last move taken back (or the next move of a record
    /// loaded with [`from_record`]) and returns it in notation.
    fn redo(&mut self) -> Option<String>;
    /// The moves [`Session::redo`] would play, next first, in notation.
    fn future(&self) -> Vec<String>;
    /// The game as a record file (PGN, PDN or GGF) between `players`, with
    /// the result and its reason once it ended.
    fn record(&self, players: &Players) -> String {
        self.record_with(players, &RecordExtras::default())
    }
    /// The game as [`Session::record`] writes it, with what `extras` adds:
    /// each move's note as a comment (PGN and PDN after the move, GGF in
    /// the game's comment), the time control, an end decided off the board.
    fn record_with(&self, players: &Players, extras: &RecordExtras) -> String;
    /// The record format's name (`PGN`) and file extension (`pgn`).
    fn record_format(&self) -> (&'static str, &'static str);
    /// How the game ended, if it did.
    fn ending(&self) -> Option<Ending>;
    /// The colour of the player who moves first (`true`) or second.
    fn side_name(&self, first: bool) -> &'static str;
    /// When an annotated move is marked, in the game's score unit.
    fn marks(&self) -> Marks;
    /// The score of the game's end for the side to move (the game must be
    /// over), in the game's unit and at most `cap` either way.
    fn final_score(&self, cap: i32) -> i32;
    /// A position's evaluation as the game's records carry it in a comment
    /// (see [`Playable::evaluation_note`]).
    fn evaluation_note(&self, score: i32, mate: Option<i32>, text: &str) -> String;
    /// The moves played, in the game's notation.
    fn history(&self) -> Vec<String>;
    /// The last move's squares (from the start to the end).
    fn last_move(&self) -> Option<MoveInfo>;
    /// Game-specific facts in a line (check, the pieces, the disc count).
    fn status(&self) -> Option<String>;
    /// The name of the opening the moves so far follow in the game's book
    /// (the longest book line they start with: "Sicilian Defence", "ACF
    /// ballot 1, ..."), for a game from the standard start.
    fn opening(&self) -> Option<String>;
    /// The board as the game's diagram, turned round when `flipped`, with the
    /// square `selected` (the game's name of it) and its legal targets marked
    /// where the game can show them.
    fn diagram(&self, flipped: bool, selected: Option<&str>) -> Diagram;
    /// The board as a standalone SVG document ([`crate::svg`]).
    fn svg(&self, flipped: bool, selected: Option<&str>, options: &svg::Options) -> String {
        svg::render(&self.diagram(flipped, selected), options)
    }
    /// A search of the position now with `settings`, to run on any thread.
    fn search(&self, settings: &Settings) -> Box<dyn Search>;
}

/// A search packed to run on another thread: the position, its history and
/// the settings.
pub trait Search: Send {
    /// Thinks until done or `stop` is set (then answers with the best move
    /// so far), reporting each line to `on_line` as it comes.
    fn run(self: Box<Self>, stop: &AtomicBool, on_line: &mut dyn FnMut(&Line)) -> Answer;
}

/// A game in progress of `kind`, from `position` (the game's position
/// string) or the start.
///
/// # Errors
/// The reason, on one line, when the position cannot be read.
pub fn new(kind: GameKind, position: Option<&str>) -> Result<Box<dyn Session>, String> {
    fn make<G: SessionGame>(position: Option<&str>) -> Result<Box<dyn Session>, String> {
        let start = match position.map(str::trim) {
            Some(text) if !text.is_empty() => G::parse_position(text).map_err(|e| e.to_string())?,
            _ => G::start(),
        };
        Ok(Box::new(GameSession {
            record: GameHistory::new(start),
            future: Vec::new(),
            started: UtcTime::now(),
        }))
    }
    match kind {
        GameKind::Chess => make::<ply_chess::Position>(position),
        GameKind::Checkers => make::<ply_checkers::Checkers>(position),
        GameKind::Othello => make::<ply_othello::Othello>(position),
    }
}

/// A game of `kind` read from a record file (PGN, PDN or GGF; the first
/// game of the file), set at its start with its moves ready to
/// [`Session::redo`], dated as the record dates it (now where it does not).
///
/// # Errors
/// The reason, on one line, when the record cannot be read.
pub fn from_record(kind: GameKind, text: &str) -> Result<Box<dyn Session>, String> {
    fn make<G: SessionGame>(text: &str) -> Result<Box<dyn Session>, String> {
        let mut record = G::read_record(text).map_err(|e| e.replace(char::is_control, " "))?;
        let mut future = Vec::new();
        while let Some(mv) = record.undo() {
            future.push(mv);
        }
        Ok(Box::new(GameSession {
            record,
            future,
            started: G::record_date(text).unwrap_or_else(UtcTime::now),
        }))
    }
    match kind {
        GameKind::Chess => make::<ply_chess::Position>(text),
        GameKind::Checkers => make::<ply_checkers::Checkers>(text),
        GameKind::Othello => make::<ply_othello::Othello>(text),
    }
}

/// What a session needs of a game beyond [`Playable`] (its notation, end,
/// records and player): its place in the registry, a move's squares for a
/// page to click, and a diagram with a square selected. One implementation
/// per game (`chess.rs`, `checkers.rs`, `othello.rs`).
trait SessionGame: Playable {
    /// The game in the registry.
    const KIND: GameKind;

    /// A line of moves from here, each as people write it.
    fn display_line(&self, line: &[Self::Move]) -> Vec<String> {
        let mut position = self.clone();
        line.iter()
            .map(|&mv| {
                let name = position.display_move(mv);
                position = position.play_unchecked(mv);
                name
            })
            .collect()
    }
    /// The move, legal here, with its squares.
    fn move_info(&self, mv: Self::Move) -> MoveInfo;
    /// The diagram with `selected` marked, where the game can.
    fn diagram_selected(&self, last: Option<Self::Move>, selected: Option<&str>) -> Diagram {
        let _ = selected;
        self.diagram(last, false)
    }
}

/// The session of game `G`: its record.
struct GameSession<G: SessionGame> {
    record: GameHistory<G>,
    /// Moves taken back (or of a loaded record), the next one last.
    future: Vec<G::Move>,
    /// When the session began: the date its records carry, however often
    /// they are written.
    started: UtcTime,
}

impl<G: SessionGame> GameSession<G> {
    fn is_over(&self) -> bool {
        self.record.outcome().is_some()
    }
}

impl<G: SessionGame> Session for GameSession<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn position(&self) -> String {
        self.record.position().position_string()
    }

    fn start_position(&self) -> String {
        self.record.start().position_string()
    }

    fn side_to_move(&self) -> &'static str {
        G::side_name(self.record.position().side_to_move())
    }

    fn first_to_move(&self) -> bool {
        self.record.position().side_to_move() == Side::First
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        if self.is_over() {
            return Vec::new();
        }
        let position = self.record.position();
        position
            .legal_moves()
            .iter()
            .map(|&mv| position.move_info(mv))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        if let Some(ending) = self.ending() {
            return Err(format!("the game is over: {}", ending.reason));
        }
        let position = self.record.position();
        let mv = position.read_move(text.trim())?;
        let name = position.display_move(mv);
        self.record.push(mv);
        // The move of the record that was next: the rest stays ahead.
        if self.future.last() == Some(&mv) {
            self.future.pop();
        } else {
            self.future.clear();
        }
        Ok(name)
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.record.undo()?;
        self.future.push(mv);
        Some(self.record.position().display_move(mv))
    }

    fn redo(&mut self) -> Option<String> {
        let mv = self.future.pop()?;
        let name = self.record.position().display_move(mv);
        self.record.push(mv);
        Some(name)
    }

    fn future(&self) -> Vec<String> {
        let mut position = self.record.position().clone();
        self.future
            .iter()
            .rev()
            .map(|&mv| {
                let name = position.display_move(mv);
                position = position.play_unchecked(mv);
                name
            })
            .collect()
    }

    fn record_with(&self, players: &Players, extras: &RecordExtras) -> String {
        let mut notes = extras.notes.clone();
        notes.truncate(self.record.moves().len());
        let mut move_clocks = extras.move_clocks.clone();
        move_clocks.truncate(self.record.moves().len());
        let mut variations = extras.variations.clone();
        variations.truncate(self.record.moves().len());
        let ending = match &extras.decided {
            Some((winner, reason)) => Some(RecordEnding::Decided {
                winner: winner.map(|first| if first { Side::First } else { Side::Second }),
                reason: reason.clone(),
            }),
            None => self.record.outcome().map(RecordEnding::Rules),
        };
        let time_control = match G::RECORD_FORMAT {
            "GGF" => None,
            _ => extras.time_control.clone(),
        };
        let header = Header {
            ending,
            time_control,
            move_notes: notes,
            move_clocks,
            move_variations: variations,
            date: self.started,
            ..Header::new(players.clone(), "ply serve")
        };
        G::write_game(&self.record, &header)
    }

    fn record_format(&self) -> (&'static str, &'static str) {
        (G::RECORD_FORMAT, G::RECORD_EXTENSION)
    }

    fn ending(&self) -> Option<Ending> {
        let outcome = self.record.outcome()?;
        let result = match outcome.winner() {
            Some(Side::First) => "1-0",
            Some(Side::Second) => "0-1",
            None => "1/2-1/2",
        };
        Some(Ending {
            result,
            winner: outcome.winner().map(G::side_name),
            reason: self.record.position().describe_outcome(outcome),
        })
    }

    fn side_name(&self, first: bool) -> &'static str {
        G::side_name(if first { Side::First } else { Side::Second })
    }

    fn marks(&self) -> Marks {
        G::MARKS
    }

    fn final_score(&self, cap: i32) -> i32 {
        let winner = self.record.outcome().and_then(|o| o.winner());
        self.record.position().final_score(winner, cap)
    }

    fn evaluation_note(&self, score: i32, mate: Option<i32>, text: &str) -> String {
        G::evaluation_note(score, mate, text)
    }

    fn history(&self) -> Vec<String> {
        self.record
            .positions()
            .iter()
            .zip(self.record.moves())
            .map(|(position, &mv)| position.display_move(mv))
            .collect()
    }

    fn last_move(&self) -> Option<MoveInfo> {
        let mv = self.record.last_move()?;
        let before = &self.record.positions()[self.record.moves().len() - 1];
        Some(before.move_info(mv))
    }

    fn status(&self) -> Option<String> {
        self.record.position().status()
    }

    fn opening(&self) -> Option<String> {
        if !self.record.starts_from_standard() {
            return None;
        }
        G::book().name(self.record.moves()).map(str::to_owned)
    }

    fn diagram(&self, flipped: bool, selected: Option<&str>) -> Diagram {
        let diagram = self
            .record
            .position()
            .diagram_selected(self.record.last_move(), selected);
        if flipped { diagram.flipped() } else { diagram }
    }

    fn search(&self, settings: &Settings) -> Box<dyn Search> {
        Box::new(GameSearch::<G> {
            root: self.record.position().clone(),
            history: self.record.earlier_hashes(),
            over: self.is_over(),
            settings: *settings,
            player: PhantomData,
        })
    }
}

/// A packed search of game `G`.
struct GameSearch<G: SessionGame> {
    root: G,
    history: Vec<u64>,
    over: bool,
    settings: Settings,
    player: PhantomData<fn() -> G::Player>,
}

fn bound_name(bound: Bound) -> &'static str {
    match bound {
        Bound::Exact => "exact",
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

impl<G: SessionGame> Search for GameSearch<G> {
    fn run(self: Box<Self>, stop: &AtomicBool, on_line: &mut dyn FnMut(&Line)) -> Answer {
        let settings = self.settings;
        let nothing = |source| Answer {
            best: None,
            score: 0,
            score_text: String::new(),
            mate: None,
            depth: 0,
            nodes: 0,
            time_ms: 0,
            pv: Vec::new(),
            source,
            verdict: None,
            exact: false,
        };
        if self.over {
            return nothing("search");
        }
        let Ok(player) = G::Player::with_hash(settings.hash_mb.max(1)) else {
            return nothing("search");
        };
        let book = settings
            .book
            .then(|| search_book::shipped(G::NAME))
            .flatten();
        let mut player = Booked::new(player, book);
        *player.options_mut() = Options {
            threads: settings.threads.max(1),
            level: Level::new(settings.level.clamp(1, 10)).unwrap_or(Level::FULL),
            seed: settings.seed,
            multipv: settings.multipv.max(1),
        };
        let mut limits = Limits {
            depth: settings.depth,
            movetime: settings.movetime,
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.movetime.is_none() {
            limits.movetime = Some(Duration::from_secs(1));
        }
        let root = &self.root;
        let request = Request::new(root, &limits, stop).with_history(&self.history);
        let thought = player.think(&request, &mut |info: &Info<G::Move>| {
            on_line(&Line {
                depth: info.depth,
                seldepth: info.seldepth,
                multipv: info.multipv,
                score: info.score.0,
                // The player is busy thinking: the core's words for the
                // lines, the player's own for the answer.
                score_text: info.score.to_string(),
                mate: info.score.moves_to_win(),
                bound: bound_name(info.bound),
                nodes: info.nodes,
                nps: info.nps,
                time_ms: millis(info.time),
                pv: root.display_line(&info.pv),
            });
        });
        let (source, verdict) = match thought.source {
            Source::Search => ("search", None),
            Source::Solved => ("solved", None),
            Source::Database(verdict) => ("database", Some(verdict.name())),
            Source::Book => ("book", None),
        };
        let solved = thought.source == Source::Solved;
        Answer {
            best: thought.best.map(|mv| root.display_move(mv)),
            score: thought.score.0,
            score_text: player.describe_score(thought.score),
            mate: if solved {
                None
            } else {
                thought.score.moves_to_win()
            },
            depth: thought.depth,
            nodes: thought.nodes,
            time_ms: millis(thought.time),
            pv: root.display_line(&thought.pv),
            source,
            verdict,
            exact: thought.source.is_exact() && thought.bound == Bound::Exact,
        }
    }
}

#[cfg(test)]
mod tests;
