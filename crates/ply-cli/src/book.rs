//! `ply book`: opening books built by ply's own searches — `build` grows one
//! from the game's roots ([`ply_core::book::build`]), `info` describes one
//! (the shipped book by default).

use crate::engines;
use crate::error::CliError;
use crate::games::{self, Dispatch, GameEntry, GameTask};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_core::book::{BookError, BuildSettings, Builder, Progress, SearchBook, file};
use ply_core::search::{Level, Limits};
use ply_games::Playable;
use ply_games::playable::search_book;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

impl From<BookError> for CliError {
    fn from(err: BookError) -> CliError {
        CliError::Book(err.to_string())
    }
}

/// Arguments of `ply book`.
#[derive(Debug, Args)]
pub struct BookArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: BookCommand,
}

/// The `ply book` subcommands.
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Grow a book from the start position (checkers: and the ACF ballots)
    /// by searches: every move of a book position is searched, those within
    /// --deviation of the best are followed, to --depth plies.
    Build(BuildArgs),
    /// Describe a book (the shipped one by default) and its moves from the
    /// start position.
    Info(InfoArgs),
}

/// Arguments of `ply book build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The game: othello or checkers.
    pub game: String,
    /// The book file to write (and, with --resume, to go on with).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Plies of the book from its roots.
    #[arg(long, value_name = "PLIES", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub depth: u32,
    /// Depth of each search (the default limit when no --time or --nodes).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=60))]
    pub search_depth: Option<u32>,
    /// Milliseconds of each search (the book then depends on the machine).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Nodes of each search.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Strength of the searches, 1 to 10.
    #[arg(long, value_name = "L", default_value_t = 10,
          value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Loss, in centi-units (hundredths of a disc or a man), within which a
    /// move of a book position is followed.
    #[arg(long, value_name = "LOSS", default_value_t = 200)]
    pub deviation: u32,
    /// Searches at once (the book does not depend on it).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=256))]
    pub threads: usize,
    /// Transposition table of each search, MiB.
    #[arg(long, value_name = "MB", default_value_t = 16,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=4096))]
    pub hash: usize,
    /// Go on with the build saved in --out (built with the same settings).
    #[arg(long)]
    pub resume: bool,
    /// Seconds between checkpoints (the file written as it stands).
    #[arg(long, value_name = "S", default_value_t = 30)]
    pub checkpoint: u64,
    /// Stop after this many searches (a build in parts: --resume goes on).
    #[arg(long, value_name = "N")]
    pub stop_after: Option<u64>,
}

/// Arguments of `ply book info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The game: othello or checkers.
    pub game: String,
    /// The book file (the shipped book by default).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
}

/// Runs `ply book`.
pub fn run(args: &BookArgs, json: bool) -> Result<(), CliError> {
    match &args.command {
        BookCommand::Build(build) => {
            games::engine_game(&build.game)?.dispatch(Build { args: build, json })
        }
        BookCommand::Info(info) => {
            games::engine_game(&info.game)?.dispatch(Info { args: info, json })
        }
    }
}

/// The JSON line of `ply book build`.
#[derive(Serialize)]
struct BuiltLine<'a> {
    game: &'a str,
    file: String,
    positions: usize,
    expanded: usize,
    searches: u64,
    bytes: usize,
    seconds: f64,
    settings: &'a str,
    finished: bool,
}

struct Build<'a> {
    args: &'a BuildArgs,
    json: bool,
}

impl GameTask for Build<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        build::<G::Board>(self.args, self.json)
    }
}

/// The settings of `args`.
fn settings(args: &BuildArgs) -> BuildSettings {
    let mut limits = Limits {
        depth: args.search_depth,
        nodes: args.nodes,
        movetime: args.time.map(Duration::from_millis),
        ..Limits::default()
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        limits.depth = Some(8);
    }
    BuildSettings {
        depth: args.depth,
        deviation: i32::try_from(args.deviation).unwrap_or(i32::MAX),
        limits,
        level: Level::new(args.level).expect("clap checks the range"),
        threads: args.threads,
        checkpoint: Duration::from_secs(args.checkpoint.max(1)),
    }
}

fn build<G: Playable>(args: &BuildArgs, json: bool) -> Result<(), CliError> {
    let settings = settings(args);
    let players = (0..args.threads)
        .map(|_| engines::player::<G::Player>(args.hash))
        .collect::<Result<Vec<_>, _>>()?;
    let mut builder = Builder::new(players, G::book_roots(), settings);
    let out = &args.out;
    if out.exists() {
        if !args.resume {
            return Err(CliError::Book(format!(
                "{} exists: --resume goes on with it, or choose another --out",
                out.display()
            )));
        }
        builder.resume(&file::read(out, G::NAME)?)?;
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{prefix} [{wide_bar}] {pos}/{len} {msg} {elapsed_precise}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    if json {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let started = Instant::now();
    let mut on_progress = |p: &Progress| {
        bar.set_prefix(format!("ply {}/{}", p.ply + 1, args.depth));
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        let rate = p.searches as f64 / started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!("{} positions, {rate:.1} positions/s", p.positions));
    };
    let mut save = |book: &SearchBook| file::write(out, book);
    let book = builder.run(args.stop_after, &mut on_progress, &mut save)?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let bytes = file::to_bytes(&book).len();
    let finished = builder.finished();
    let searches = builder.progress().searches;
    let mut stdout = std::io::stdout().lock();
    let header = book.header();
    if json {
        let line = BuiltLine {
            game: G::NAME,
            file: out.display().to_string(),
            positions: book.len(),
            expanded: book.expanded(),
            searches,
            bytes,
            seconds,
            settings: &header.settings,
            finished,
        };
        writeln!(
            stdout,
            "{}",
            serde_json::to_string(&line).expect("plain data")
        )?;
    } else {
        writeln!(
            stdout,
            "{}: {} positions ({} expanded), {searches} searches, {bytes} bytes, {seconds:.1} s{}; {}",
            out.display(),
            book.len(),
            book.expanded(),
            if finished {
                ""
            } else {
                " (stopped: --resume goes on)"
            },
            header.settings
        )?;
    }
    Ok(())
}

struct Info<'a> {
    args: &'a InfoArgs,
    json: bool,
}

/// The JSON line of `ply book info`.
#[derive(Serialize)]
struct InfoLine<'a> {
    game: &'a str,
    positions: usize,
    expanded: usize,
    bytes: usize,
    settings: &'a str,
    moves: Vec<MoveLine>,
}

#[derive(Serialize)]
struct MoveLine {
    #[serde(rename = "move")]
    mv: String,
    value: i32,
    line: Vec<String>,
}

impl GameTask for Info<'_> {
    type Output = Result<(), CliError>;

    fn run<G: GameEntry>(self) -> Self::Output {
        info::<G::Board>(self.args, self.json)
    }
}

fn info<G: Playable>(args: &InfoArgs, json: bool) -> Result<(), CliError> {
    let book = match &args.book {
        Some(path) => file::read(path, G::NAME)?,
        None => search_book::shipped(G::NAME)
            .map(|b| (*b).clone())
            .ok_or_else(|| CliError::Book(format!("no book is shipped for {}", G::NAME)))?,
    };
    let start = G::start();
    let moves: Vec<MoveLine> = book
        .moves(&start)
        .unwrap_or_default()
        .into_iter()
        .map(|m| MoveLine {
            mv: start.move_name(m.mv),
            value: m.value,
            line: start.line_names(&{
                let mut line = vec![m.mv];
                line.extend(book.line(&start.play_unchecked(m.mv), 12));
                line
            }),
        })
        .collect();
    let bytes = file::to_bytes(&book).len();
    let mut out = std::io::stdout().lock();
    if json {
        let line = InfoLine {
            game: G::NAME,
            positions: book.len(),
            expanded: book.expanded(),
            bytes,
            settings: &book.header().settings,
            moves,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
        return Ok(());
    }
    writeln!(
        out,
        "{} book: {} positions ({} expanded), {bytes} bytes\nbuilt with: {}",
        G::NAME,
        book.len(),
        book.expanded(),
        book.header().settings
    )?;
    for m in moves {
        writeln!(out, "{:>6} {:+7}  {}", m.mv, m.value, m.line.join(" "))?;
    }
    Ok(())
}
