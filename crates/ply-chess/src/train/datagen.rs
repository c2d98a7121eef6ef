//! `ply train chess datagen`: self-play positions for training a neural
//! network evaluation, in the 32-byte marlinformat records of
//! [`crate::train`].
//!
//! Each game starts from the start position, or from a position of
//! `--book` drawn at random, then plays `--random-plies` or one more random
//! moves (so either side may be the first to move after them), drawn again
//! (up to 64 times) while the game is over or the engine's score after
//! them is beyond `--max-opening-score`; then the engine plays both sides
//! with a node (or depth) limit. The quiet
//! positions are kept (the side to move not in check, the engine's move
//! neither a capture nor a promotion, no mate in sight), each with the
//! engine's score from White's point of view and the game's result. Games
//! end by the rules or are adjudicated as `generate`'s are. A position
//! already in the file is not written again ([`Dedup`], over the whole
//! file); the first record of each game has bit 0 of its extra byte set.
//! `info` reads such files, `merge` joins them (each position once), `dump`
//! prints them as text and `convert` writes them in bullet's `ChessBoard`
//! layout.
//!
//! Game `i` of seed `s` is the same game on every machine and with any
//! number of threads: its randomness comes from `(s, i)` alone and the
//! engine's table is cleared before it; the games of a batch are written in
//! the order of their indices. The data file has no header (files
//! concatenate); the run's state is the progress file `OUT.progress.json`,
//! rewritten after each batch: the seed, the settings, the games played and
//! the records written. Running the same command again resumes: the data
//! file is cut back to the records the progress file counts and the games
//! go on from there.
//!
//! `--first-game F` makes a file of games `F..F + --games` of the seed, a
//! shard of a bigger run (`plygames.distributed.datagen` plays shards on a
//! Ray cluster). The shards of consecutive ranges, merged in the order of
//! their ranges (`merge`), give the records of one run over all the games,
//! byte for byte: a shard drops the repeats within itself, `merge` those
//! across shards, and [`Dedup`] keeps the first of each position either
//! way.

use super::generate::{SearchLimit, SelfPlay, Settings as GameSettings, game_rng, random_opening};
use crate::Position;
use crate::engine::AnyEvaluation;
use crate::train::{Dedup, EXTRA_GAME_START, RECORD_BYTES, Reader, TrainingPosition, Wdl};
use ply_fit::run::{TrainError, Ui};
use ply_fit::run::{play_batch, progress_path, save, threads};
use ply_fit::serde_json;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// What the progress file's `format` field says.
const FORMAT: &str = "ply chess datagen 1 (marlinformat)";

/// Arguments of `ply train chess datagen`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct DatagenArgs {
    /// The file (32-byte marlinformat records, no header; resumed when its
    /// progress file OUT.progress.json exists), the games, the seed (game i
    /// of a seed is the same everywhere, whatever the threads) and the
    /// threads.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub run: ply_fit::run::RunOptions,
    /// The index of the file's first game: it holds the --games games
    /// from game N of the seed on, a shard of a bigger run (shards of
    /// consecutive ranges merged in order give the one run's file).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 0))]
    pub first_game: u64,
    /// Nodes of the engine's search for each move (ignored with --depth).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 5000))]
    pub nodes: u64,
    /// Search every move to this depth instead of a node count (1 to 20).
    #[cfg_attr(feature = "clap", arg(long, value_name = "D"))]
    pub depth: Option<u32>,
    /// Random moves that open each game: this many or one more, drawn per
    /// game (0 to 40).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 8))]
    pub random_plies: u32,
    /// Opening positions, one FEN (or EPD) a line: each game starts from
    /// one drawn at random, then plays the random moves.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub book: Option<PathBuf>,
    /// Draw the opening again (up to 64 times) while the engine's score
    /// after it is beyond this many centipawns (0 to 10000).
    #[cfg_attr(feature = "clap", arg(long, value_name = "CP", default_value_t = 500))]
    pub max_opening_score: u32,
    /// Adjudicate a game won when the score stays beyond this many
    /// centipawns for four plies (200 to 10000).
    #[cfg_attr(feature = "clap", arg(long, value_name = "CP", default_value_t = 1000))]
    pub adjudicate: u32,
    /// Adjudicate a game drawn when it reaches this many plies.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 300))]
    pub max_plies: u32,
}

/// The checked settings of a run.
struct Settings {
    game: GameSettings,
    random_plies: u32,
    max_opening_score: i32,
    book: Vec<Position>,
    /// The settings as options, for messages and the progress file.
    text: String,
    /// A hash of everything the games depend on besides the seed.
    code: u64,
}

/// FNV-1a over 64-bit words.
fn fnv(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for word in words {
        for byte in word.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// Reads a book: one FEN a line (EPD: its first four fields), blank lines
/// and lines starting with `#` skipped.
fn read_book(path: &Path) -> Result<Vec<Position>, TrainError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| TrainError(format!("{}: {e}", path.display())))?;
    let mut book = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let epd = line
            .split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" ");
        let position = Position::from_fen(line)
            .or_else(|_| Position::from_fen(&epd))
            .map_err(|e| TrainError(format!("{}:{}: {e}", path.display(), number + 1)))?;
        if position.legal_moves().is_empty() {
            return Err(TrainError(format!(
                "{}:{}: the game is over in this position",
                path.display(),
                number + 1
            )));
        }
        book.push(position);
    }
    if book.is_empty() {
        return Err(TrainError(format!(
            "{}: no positions in the book",
            path.display()
        )));
    }
    Ok(book)
}

impl DatagenArgs {
    /// The checked settings of a run with the evaluation the environment
    /// names (the one the self-play engines use).
    fn settings(&self) -> Result<Settings, TrainError> {
        self.settings_with(&AnyEvaluation::default())
    }

    /// The checked settings of a run whose engines evaluate with
    /// `evaluation`.
    fn settings_with(&self, evaluation: &AnyEvaluation) -> Result<Settings, TrainError> {
        let bad = |what: String| Err(TrainError(what));
        let limit = match self.depth {
            Some(depth) if !(1..=20).contains(&depth) => {
                return bad(format!("--depth {depth} is not in 1..=20"));
            }
            Some(depth) => SearchLimit::Depth(depth),
            None if self.nodes == 0 => return bad("--nodes must be at least 1".into()),
            None => SearchLimit::Nodes(self.nodes),
        };
        if self.random_plies > 40 {
            return bad(format!(
                "--random-plies {} is not in 0..=40",
                self.random_plies
            ));
        }
        if self.max_opening_score > 10_000 {
            return bad(format!(
                "--max-opening-score {} is not in 0..=10000",
                self.max_opening_score
            ));
        }
        if !(200..=10_000).contains(&self.adjudicate) {
            return bad(format!(
                "--adjudicate {} is not in 200..=10000",
                self.adjudicate
            ));
        }
        if self.max_plies < 20 {
            return bad(format!("--max-plies {} is below 20", self.max_plies));
        }
        self.run.check()?;
        let book = match &self.book {
            Some(path) => read_book(path)?,
            None => Vec::new(),
        };
        let (kind, amount, limit_text) = match limit {
            SearchLimit::Nodes(n) => (1, n, format!("--nodes {n}")),
            SearchLimit::Depth(d) => (2, u64::from(d), format!("--depth {d}")),
        };
        let book_hash = fnv(book.iter().map(Position::hash));
        let mut text = format!(
            "{limit_text} --random-plies {} --max-opening-score {} --adjudicate {} --max-plies {}",
            self.random_plies, self.max_opening_score, self.adjudicate, self.max_plies
        );
        if let Some(path) = &self.book {
            text += &format!(" --book {} ({} positions)", path.display(), book.len());
        }
        // The labels are the engine's scores: a file made with one evaluation
        // is not continued with another. The linear evaluation adds nothing
        // to the code, which keeps the files made before networks resumable
        // with PLY_CHESS_NET=linear.
        let identity = evaluation.identity();
        if identity != 0 {
            text += &format!(" (evaluation: {})", evaluation.describe());
        }
        let mut code = vec![
            3,
            kind,
            amount,
            u64::from(self.random_plies),
            u64::from(self.max_opening_score),
            u64::from(self.adjudicate),
            u64::from(self.max_plies),
            book.len() as u64,
            book_hash,
        ];
        if identity != 0 {
            code.push(identity);
        }
        Ok(Settings {
            game: GameSettings {
                seed: self.run.seed,
                limit,
                opening_plies: self.random_plies,
                adjudicate: self.adjudicate as i32,
                max_plies: self.max_plies,
            },
            random_plies: self.random_plies,
            max_opening_score: self.max_opening_score as i32,
            code: fnv(code),
            book,
            text,
        })
    }
}

/// Openings tried for a game before its last one is taken whatever its
/// score.
const OPENING_TRIES: usize = 64;

/// Plays game `index` and returns its records, the first marked as the
/// game's start. The opening is drawn again while it ends the game or
/// leaves a score beyond `--max-opening-score`.
fn play(player: &mut SelfPlay, settings: &Settings, index: u64) -> Vec<[u8; RECORD_BYTES]> {
    let mut rng = game_rng(settings.game.seed, index);
    let mut tries = 0;
    let history = loop {
        let start = if settings.book.is_empty() {
            Position::start()
        } else {
            settings.book[rng.below(settings.book.len())]
        };
        let plies = settings.random_plies as usize + rng.below(2);
        let history = random_opening(start, plies, settings.game.max_plies, &mut rng);
        tries += 1;
        if tries == OPENING_TRIES
            || (history.outcome().is_none()
                && player.score(&settings.game, &history).abs() <= settings.max_opening_score)
        {
            break history;
        }
    };
    let game = player.play_game(&settings.game, history);
    let wdl = Wdl::from_winner(game.winner.map(|side| match side {
        ply_core::Side::First => crate::Color::White,
        ply_core::Side::Second => crate::Color::Black,
    }));
    game.quiet
        .into_iter()
        .enumerate()
        .map(|(i, (position, score))| {
            TrainingPosition {
                position,
                score: score.clamp(-32_000, 32_000) as i16,
                wdl,
                extra: if i == 0 { EXTRA_GAME_START } else { 0 },
            }
            .pack()
        })
        .collect()
}

/// The progress file: where a run stands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct Progress {
    format: String,
    seed: u64,
    /// The index of the file's first game (0 but for a shard).
    #[serde(default)]
    first_game: u64,
    settings: String,
    settings_code: String,
    games: u64,
    positions: u64,
    duplicates: u64,
}

fn train_error(path: &Path, e: impl std::fmt::Display) -> TrainError {
    TrainError(format!("{}: {e}", path.display()))
}

/// Reads the progress file of `out`, if there is one.
fn read_progress(out: &Path) -> Result<Option<Progress>, TrainError> {
    let path = progress_path(out);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| train_error(&path, format!("not a datagen progress file ({e})"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(train_error(&path, e)),
    }
}

/// A data file open for appending games, with its progress.
struct Output {
    path: PathBuf,
    file: File,
    progress: Progress,
    dedup: Dedup,
}

impl Output {
    /// Opens `path` for a run with `settings`: a new file, or the file of an
    /// earlier run with the same settings, cut back to what its progress
    /// file counts.
    fn open(
        path: &Path,
        seed: u64,
        first_game: u64,
        settings: &Settings,
    ) -> Result<Output, TrainError> {
        let code = format!("{:016x}", settings.code);
        let progress = match read_progress(path)? {
            Some(progress) => {
                if progress.format != FORMAT {
                    return Err(train_error(
                        &progress_path(path),
                        format!("not a datagen progress file ({})", progress.format),
                    ));
                }
                if progress.seed != seed || progress.settings_code != code {
                    return Err(train_error(
                        path,
                        format!(
                            "made with --seed {} {}: resume it with those, or write another file",
                            progress.seed, progress.settings
                        ),
                    ));
                }
                if progress.first_game != first_game {
                    return Err(train_error(
                        path,
                        format!(
                            "holds games from {} on (--first-game {}): resume it with that, or write another file",
                            progress.first_game, progress.first_game
                        ),
                    ));
                }
                progress
            }
            None => {
                let length = std::fs::metadata(path).map_or(0, |m| m.len());
                if length > 0 {
                    return Err(train_error(
                        path,
                        "exists and has no progress file: not a run to resume (move it away or write another file)",
                    ));
                }
                Progress {
                    format: FORMAT.to_owned(),
                    seed,
                    first_game,
                    settings: settings.text.clone(),
                    settings_code: code,
                    games: 0,
                    positions: 0,
                    duplicates: 0,
                }
            }
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| train_error(path, e))?;
        let length = file.metadata().map_err(|e| train_error(path, e))?.len();
        let end = progress.positions * RECORD_BYTES as u64;
        if length < end {
            return Err(train_error(
                path,
                format!(
                    "holds {length} bytes, fewer than the {} records its progress file counts",
                    progress.positions
                ),
            ));
        }
        file.set_len(end).map_err(|e| train_error(path, e))?;
        // The positions already written, for dropping repeats.
        let mut dedup = Dedup::new();
        let mut reader = Reader::new(BufReader::new(&file));
        while let Some(record) = reader.next_bytes().map_err(|e| train_error(path, e))? {
            dedup.filter(record);
        }
        let mut output = Output {
            path: path.to_owned(),
            file,
            progress,
            dedup,
        };
        output.write_progress()?;
        Ok(output)
    }

    /// Appends the records of `games` games (in the order of the games),
    /// dropping positions seen before, then counts them in the progress file.
    fn append(
        &mut self,
        games: u64,
        records: Vec<Vec<[u8; RECORD_BYTES]>>,
    ) -> Result<(), TrainError> {
        let path = self.path.clone();
        let fail = |e: std::io::Error| train_error(&path, e);
        let end = self.progress.positions * RECORD_BYTES as u64;
        self.file.seek(SeekFrom::Start(end)).map_err(fail)?;
        let mut out = BufWriter::new(&mut self.file);
        let (mut written, mut dropped) = (0, 0);
        for record in records.into_iter().flatten() {
            match self.dedup.filter(record) {
                Some(record) => {
                    out.write_all(&record).map_err(fail)?;
                    written += 1;
                }
                None => dropped += 1,
            }
        }
        out.flush().map_err(fail)?;
        drop(out);
        self.file.sync_data().map_err(fail)?;
        self.progress.games += games;
        self.progress.positions += written;
        self.progress.duplicates += dropped;
        self.write_progress()
    }

    fn write_progress(&mut self) -> Result<(), TrainError> {
        let text = serde_json::to_string_pretty(&self.progress).expect("serialisable") + "\n";
        save(&progress_path(&self.path), text.as_bytes())
    }
}

/// Runs `ply train chess datagen`.
pub fn run(args: &DatagenArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    let settings = args.settings()?;
    if args.first_game.checked_add(args.run.games).is_none() {
        return Err(TrainError(format!(
            "--first-game {} and --games {} go beyond the last game index",
            args.first_game, args.run.games
        )));
    }
    let mut output = Output::open(&args.run.out, args.run.seed, args.first_game, &settings)?;
    let mut players = (0..threads(args.run.threads))
        .map(|_| SelfPlay::new())
        .collect::<Result<Vec<_>, _>>()?;
    let already = output.progress.clone();
    let bar = ui.bar(
        args.run.games,
        "games [{wide_bar}] {pos}/{len} {msg} eta {eta}",
    );
    bar.set_position(already.games.min(args.run.games));
    bar.reset_eta();
    let started = Instant::now();
    // Positions of the games played this run, before repeats are dropped.
    let played = AtomicU64::new(0);
    while output.progress.games < args.run.games {
        let done = output.progress.games;
        let count = args.run.batch.min(args.run.games - done);
        let first = args.first_game + done;
        let records = play_batch(&mut players, first, count, &*bar, |player, game| {
            let records = play(player, &settings, game);
            let n =
                played.fetch_add(records.len() as u64, Ordering::Relaxed) + records.len() as u64;
            let rate = n as f64 / started.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!("{} positions {rate:.0}/s", already.positions + n));
            vec![records]
        });
        output.append(count, records)?;
    }
    bar.finish();
    let progress = &output.progress;
    let seconds = started.elapsed().as_secs_f64();
    let positions_this_run = progress.positions - already.positions;
    let rate = positions_this_run as f64 / seconds.max(1e-9);
    let file = args.run.out.display().to_string();
    ui.report(&serde_json::json!({
            "file": file,
            "first_game": progress.first_game,
            "games": progress.games,
            "positions": progress.positions,
            "duplicates": progress.duplicates,
            "games_this_run": progress.games - already.games,
            "positions_this_run": positions_this_run,
            "seconds": seconds,
            "positions_per_second": rate,
        }),
        &format!(
            "{file}: {} games, {} positions ({} repeats dropped); this run {} games, {positions_this_run} positions in {seconds:.1} s ({rate:.0} positions/s)",
            progress.games,
            progress.positions,
            progress.duplicates,
            progress.games - already.games
        ),
    )
}

/// What a marlinformat data file holds.
#[derive(Debug, Default)]
pub(crate) struct Summary {
    /// Records.
    pub positions: u64,
    /// Records that start a game.
    pub game_starts: u64,
    /// Records by White's result: Black won, draw, White won.
    pub results: [u64; 3],
    /// Records with White to move.
    pub white_to_move: u64,
    /// The sum of the scores' absolute values.
    pub absolute_scores: u64,
}

/// Reads a marlinformat data file whole, checking every record.
pub(crate) fn summarize(path: &Path) -> Result<Summary, TrainError> {
    let file = File::open(path).map_err(|e| train_error(path, e))?;
    let mut summary = Summary::default();
    for record in Reader::new(BufReader::new(file)) {
        let record = record.map_err(|e| train_error(path, e))?;
        summary.positions += 1;
        summary.game_starts += u64::from(record.extra & EXTRA_GAME_START != 0);
        summary.results[record.wdl as usize] += 1;
        summary.white_to_move += u64::from(record.position.turn() == crate::Color::White);
        summary.absolute_scores += u64::from(record.score.unsigned_abs());
    }
    Ok(summary)
}

/// Runs `ply train chess info` on a marlinformat file.
pub(crate) fn info(path: &Path, ui: &dyn Ui) -> Result<(), TrainError> {
    let summary = summarize(path)?;
    let progress = read_progress(path).ok().flatten();
    let mean = summary.absolute_scores as f64 / summary.positions.max(1) as f64;
    let [black, draw, white] = summary.results;
    let games = progress.as_ref().map(|p| p.games);
    let games_text = match &progress {
        Some(p) => format!(
            "{} games played{} (seed {}, {}), {} starting a record",
            p.games,
            if p.first_game > 0 {
                format!(" from game {}", p.first_game)
            } else {
                String::new()
            },
            p.seed,
            p.settings,
            summary.game_starts
        ),
        None => format!("{} games", summary.game_starts),
    };
    ui.report(&serde_json::json!({
            "file": path.display().to_string(),
            "format": "marlinformat",
            "positions": summary.positions,
            "first_game": progress.as_ref().map_or(0, |p| p.first_game),
            "games": games.unwrap_or(summary.game_starts),
            "games_with_positions": summary.game_starts,
            "white_won": white,
            "drawn": draw,
            "black_won": black,
            "white_to_move": summary.white_to_move,
            "mean_abs_score": mean,
        }),
        &format!(
            "{}: marlinformat, {} positions of {games_text}; positions from games White won {white}, drawn {draw}, Black won {black}; White to move in {}; mean |score| {mean:.1} cp",
            path.display(),
            summary.positions,
            summary.white_to_move
        ),
    )
}

/// Arguments of `ply train chess dump`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct DumpArgs {
    /// The marlinformat data file.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub data: PathBuf,
    /// Print at most this many records (default: all).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub limit: Option<u64>,
}

/// Runs `ply train chess dump`: the records as text, one a line, in
/// bullet's text format `FEN | score | result` (White's centipawns, White's
/// result 1.0, 0.5 or 0.0); for JSON ([`Ui::json`]) one object a record;
/// written to `out`.
///
/// # Errors
/// If the file cannot be read or `out` written.
pub fn dump(args: &DumpArgs, ui: &dyn Ui, out: &mut dyn Write) -> Result<(), TrainError> {
    let path = &args.data;
    let file = File::open(path).map_err(|e| train_error(path, e))?;
    let mut out = std::io::BufWriter::new(out);
    for record in Reader::new(BufReader::new(file)).take(
        args.limit
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX)),
    ) {
        let record = record.map_err(|e| train_error(path, e))?;
        let fen = record.position.fen();
        let result = record.wdl.white_score();
        if ui.json() {
            let value = serde_json::json!({
                "fen": fen,
                "score": record.score,
                "result": result,
                "game_start": record.extra & EXTRA_GAME_START != 0,
            });
            writeln!(out, "{value}")?;
        } else {
            writeln!(out, "{fen} | {} | {result:.1}", record.score)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Arguments of `ply train chess convert`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct ConvertArgs {
    /// The marlinformat data file to read.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub data: PathBuf,
    /// The file to write (it must not exist).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub out: PathBuf,
    /// The format to write: `bullet`, bullet's 32-byte `ChessBoard`
    /// (side-to-move relative), which its DirectSequentialDataLoader reads.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FORMAT", value_parser = ["bullet"], default_value = "bullet"))]
    pub to: String,
}

/// Runs `ply train chess convert`: every record checked and written in
/// bullet's `ChessBoard` layout ([`crate::train::bullet_board`]).
pub fn convert(args: &ConvertArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    if args.out.exists() {
        return Err(train_error(
            &args.out,
            "exists: convert writes a new file (choose another name)",
        ));
    }
    let mut temporary = args.out.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let written = (|| {
        let file = File::open(&args.data).map_err(|e| train_error(&args.data, e))?;
        let mut writer =
            BufWriter::new(File::create(&temporary).map_err(|e| train_error(&temporary, e))?);
        let mut written = 0u64;
        for record in Reader::new(BufReader::new(file)) {
            let record = record.map_err(|e| train_error(&args.data, e))?;
            writer
                .write_all(&crate::train::bullet_board(&record))
                .map_err(|e| train_error(&temporary, e))?;
            written += 1;
        }
        writer.flush().map_err(|e| train_error(&temporary, e))?;
        Ok::<u64, TrainError>(written)
    })();
    let written = match written {
        Ok(written) => written,
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            return Err(e);
        }
    };
    std::fs::rename(&temporary, &args.out).map_err(|e| train_error(&args.out, e))?;
    let file = args.out.display().to_string();
    ui.report(
        &serde_json::json!({"file": file, "format": args.to, "positions": written}),
        &format!("{file}: {written} positions in bullet's ChessBoard format"),
    )
}

/// Arguments of `ply train chess merge`.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct MergeArgs {
    /// The merged file to write (it must not exist).
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub out: PathBuf,
    /// The marlinformat files to merge, in this order.
    #[cfg_attr(feature = "clap", arg(value_name = "FILE", required = true))]
    pub inputs: Vec<PathBuf>,
}

/// Runs `ply train chess merge`: the inputs' records in order, each
/// position once (the first), every record checked.
pub fn merge(args: &MergeArgs, ui: &dyn Ui) -> Result<(), TrainError> {
    if args.out.exists() {
        return Err(train_error(
            &args.out,
            "exists: merge writes a new file (choose another name)",
        ));
    }
    let mut temporary = args.out.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = PathBuf::from(temporary);
    let result = merge_into(&args.inputs, &temporary);
    let (read, written) = match result {
        Ok(counts) => counts,
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            return Err(e);
        }
    };
    std::fs::rename(&temporary, &args.out).map_err(|e| train_error(&args.out, e))?;
    let file = args.out.display().to_string();
    ui.report(
        &serde_json::json!({
            "file": file,
            "inputs": args.inputs.len(),
            "positions_read": read,
            "positions": written,
            "duplicates": read - written,
        }),
        &format!(
            "{file}: {written} positions from {} files ({read} read, {} repeats dropped)",
            args.inputs.len(),
            read - written
        ),
    )
}

fn merge_into(inputs: &[PathBuf], out: &Path) -> Result<(u64, u64), TrainError> {
    let file = File::create(out).map_err(|e| train_error(out, e))?;
    let mut writer = BufWriter::new(file);
    let mut dedup = Dedup::new();
    let (mut read, mut written) = (0u64, 0u64);
    for input in inputs {
        let file = File::open(input).map_err(|e| train_error(input, e))?;
        let mut reader = Reader::new(BufReader::new(file));
        let mut index = 0u64;
        while let Some(bytes) = reader.next_bytes().map_err(|e| train_error(input, e))? {
            TrainingPosition::unpack(&bytes).map_err(|error| {
                train_error(input, crate::train::DataError::Record { index, error })
            })?;
            index += 1;
            read += 1;
            if let Some(record) = dedup.filter(bytes) {
                writer.write_all(&record).map_err(|e| train_error(out, e))?;
                written += 1;
            }
        }
    }
    writer.flush().map_err(|e| train_error(out, e))?;
    writer
        .get_ref()
        .sync_data()
        .map_err(|e| train_error(out, e))?;
    Ok((read, written))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_fit::run::Quiet;

    fn args(out: &Path, games: u64, threads: usize) -> DatagenArgs {
        DatagenArgs {
            run: ply_fit::run::RunOptions {
                out: out.to_owned(),
                games,
                seed: 9,
                threads,
                batch: 2,
            },
            first_game: 0,
            nodes: 300,
            depth: None,
            random_plies: 8,
            book: None,
            max_opening_score: 500,
            adjudicate: 600,
            max_plies: 120,
        }
    }

    #[test]
    fn the_settings_name_the_evaluation_that_labels_the_data() {
        let defaults = DatagenArgs {
            nodes: 5000,
            adjudicate: 1000,
            max_plies: 300,
            ..args(Path::new("unused.bin"), 1, 1)
        };
        // The linear evaluation keeps the code of the files made before
        // networks (chess-1003.bin's progress file says ac8e9ea3a6a071ee).
        let linear = defaults.settings_with(&AnyEvaluation::Linear).unwrap();
        assert_eq!(format!("{:016x}", linear.code), "ac8e9ea3a6a071ee");
        assert!(!linear.text.contains("evaluation"), "{}", linear.text);
        let network = AnyEvaluation::Network(crate::engine::Nnue::built_in());
        let built_in = defaults.settings_with(&network).unwrap();
        assert_ne!(built_in.code, linear.code);
        assert!(
            built_in.text.contains("built-in network"),
            "{}",
            built_in.text
        );
    }

    #[test]
    fn datagen_files_are_the_same_with_one_or_two_threads() {
        let dir = ply_fit::run::scratch_dir("chess-datagen-threads");
        let (one, two) = (dir.join("one.bin"), dir.join("two.bin"));
        run(&args(&one, 5, 1), &Quiet).unwrap();
        run(&args(&two, 5, 2), &Quiet).unwrap();
        let bytes = std::fs::read(&one).unwrap();
        assert!(bytes.len() >= 20 * RECORD_BYTES, "{} bytes", bytes.len());
        assert_eq!(bytes, std::fs::read(&two).unwrap());
        // Every record is a quiet position with a score of its game.
        let records = crate::train::read_file(&one).unwrap();
        let summary = summarize(&one).unwrap();
        assert_eq!(summary.positions, records.len() as u64);
        assert!((1..=5).contains(&summary.game_starts));
        for record in &records {
            assert!(!record.position.is_check());
            assert!(record.score.abs() < 20_000);
        }
        let keys: std::collections::HashSet<u64> = bytes
            .chunks(RECORD_BYTES)
            .map(|r| crate::train::position_key(r.try_into().unwrap()))
            .collect();
        assert_eq!(keys.len(), records.len(), "no position twice");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_interrupted_datagen_run_resumes_to_the_same_bytes() {
        let dir = ply_fit::run::scratch_dir("chess-datagen-resume");
        let (whole, cut) = (dir.join("whole.bin"), dir.join("cut.bin"));
        run(&args(&whole, 6, 2), &Quiet).unwrap();
        let expected = std::fs::read(&whole).unwrap();
        // A run stopped after 3 games (two batches), then a batch's records
        // written but not counted, the last one cut short.
        run(&args(&cut, 3, 1), &Quiet).unwrap();
        let mut bytes = std::fs::read(&cut).unwrap();
        bytes.extend_from_slice(&expected[bytes.len()..bytes.len() + 45]);
        std::fs::write(&cut, &bytes).unwrap();
        run(&args(&cut, 6, 1), &Quiet).unwrap();
        assert_eq!(std::fs::read(&cut).unwrap(), expected);
        let progress = read_progress(&cut).unwrap().unwrap();
        assert_eq!(progress.games, 6);
        assert_eq!(progress.positions * 32, expected.len() as u64);
        // Other settings do not resume it.
        let mut other = args(&cut, 8, 1);
        other.nodes = 301;
        let error = run(&other, &Quiet).unwrap_err().to_string();
        assert!(error.contains("made with --seed 9 --nodes 300"), "{error}");
        // Nor is a file that no run made.
        let foreign = dir.join("foreign.bin");
        std::fs::write(&foreign, [1u8; 64]).unwrap();
        assert!(run(&args(&foreign, 1, 1), &Quiet).is_err());
        // A data file shorter than its progress says is an error.
        std::fs::write(&cut, &expected[..64]).unwrap();
        let error = run(&args(&cut, 7, 1), &Quiet).unwrap_err().to_string();
        assert!(error.contains("fewer than"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn shards_of_consecutive_games_merge_into_the_one_run_file() {
        let dir = ply_fit::run::scratch_dir("chess-datagen-shards");
        let whole = dir.join("whole.bin");
        run(&args(&whole, 7, 2), &Quiet).unwrap();
        let expected = std::fs::read(&whole).unwrap();
        // Games [0, 2), [2, 5) and [5, 7) in three files, on other thread
        // counts and batches.
        let mut shards = Vec::new();
        for (index, (first, games)) in [(0, 2), (2, 3), (5, 2)].into_iter().enumerate() {
            let shard = dir.join(format!("shard-{index}.bin"));
            let mut shard_args = args(&shard, games, 1 + index % 2);
            shard_args.first_game = first;
            shard_args.run.batch = 1 + index as u64;
            run(&shard_args, &Quiet).unwrap();
            let progress = read_progress(&shard).unwrap().unwrap();
            assert_eq!((progress.first_game, progress.games), (first, games));
            shards.push(shard);
        }
        // The first shard is the start of the one run's file.
        let first = std::fs::read(&shards[0]).unwrap();
        assert_eq!(&expected[..first.len()], &first[..]);
        // Concatenated, they hold the one run's records and the positions
        // repeated across shards; merged in order, exactly the one run's.
        let concatenated: usize = shards
            .iter()
            .map(|s| std::fs::metadata(s).unwrap().len() as usize)
            .sum();
        assert!(concatenated >= expected.len());
        let merged = dir.join("merged.bin");
        merge(
            &MergeArgs {
                out: merged.clone(),
                inputs: shards.clone(),
            },
            &Quiet,
        )
        .unwrap();
        assert_eq!(std::fs::read(&merged).unwrap(), expected);
        // A shard resumes only with its own first game.
        let mut other = args(&shards[1], 4, 1);
        other.first_game = 3;
        let error = run(&other, &Quiet).unwrap_err().to_string();
        assert!(error.contains("--first-game 2"), "{error}");
        other.first_game = 2;
        run(&other, &Quiet).unwrap();
        assert_eq!(read_progress(&shards[1]).unwrap().unwrap().games, 4);
        // No range beyond the last index.
        let mut beyond = args(&dir.join("beyond.bin"), 2, 1);
        beyond.first_game = u64::MAX;
        let error = run(&beyond, &Quiet).unwrap_err().to_string();
        assert!(error.contains("beyond"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn games_start_from_the_book_and_bad_books_are_refused() {
        let dir = ply_fit::run::scratch_dir("chess-datagen-book");
        let book = dir.join("book.epd");
        std::fs::write(
            &book,
            "# two openings\n\
             r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 40\n\n\
             rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm Nf3; id \"sicilian\";\n",
        )
        .unwrap();
        let out = dir.join("book.bin");
        let mut with_book = args(&out, 4, 2);
        with_book.book = Some(book.clone());
        with_book.random_plies = 2;
        run(&with_book, &Quiet).unwrap();
        let records = crate::train::read_file(&out).unwrap();
        assert!(!records.is_empty());
        for record in &records {
            let position = &record.position;
            // After 2 or 3 random moves from one of the two positions.
            assert!(position.fullmove_number() >= 2);
            assert!(position.occupied().count() <= 32);
        }
        assert!(
            records.iter().any(|r| r.position.fullmove_number() >= 41),
            "the first opening was played"
        );
        let progress = read_progress(&out).unwrap().unwrap();
        assert!(
            progress.settings.contains("(2 positions)"),
            "{}",
            progress.settings
        );
        // A bad line, a finished game, an empty book.
        for (text, message) in [
            ("rnbqkbnr/pppppppp w\n", "book.epd:1"),
            (
                "# mate\nrnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n",
                "book.epd:2: the game is over",
            ),
            ("# nothing\n", "no positions"),
        ] {
            std::fs::write(&book, text).unwrap();
            let mut bad = args(&dir.join("bad.bin"), 1, 1);
            bad.book = Some(book.clone());
            let error = run(&bad, &Quiet).unwrap_err().to_string();
            assert!(error.contains(message), "{error}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn info_and_merge_read_files_and_refuse_bad_ones() {
        let dir = ply_fit::run::scratch_dir("chess-datagen-merge");
        let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
        run(&args(&a, 3, 2), &Quiet).unwrap();
        let mut other = args(&b, 3, 2);
        other.run.seed = 10;
        run(&other, &Quiet).unwrap();
        let (na, nb) = (summarize(&a).unwrap(), summarize(&b).unwrap());
        // Merging a file with itself and another: each position once.
        let merged = dir.join("merged.bin");
        let merge_args = MergeArgs {
            out: merged.clone(),
            inputs: vec![a.clone(), a.clone(), b.clone()],
        };
        merge(&merge_args, &Quiet).unwrap();
        let m = summarize(&merged).unwrap();
        assert!(m.positions <= na.positions + nb.positions);
        assert!(m.positions > na.positions);
        assert_eq!(m.game_starts, na.game_starts + nb.game_starts);
        let bytes = std::fs::read(&merged).unwrap();
        assert_eq!(
            &bytes[..na.positions as usize * 32],
            &std::fs::read(&a).unwrap()[..]
        );
        assert!(merge(&merge_args, &Quiet).is_err(), "no overwriting");
        info(&merged, &Quiet).unwrap();
        dump(
            &DumpArgs {
                data: merged.clone(),
                limit: Some(3),
            },
            &Quiet,
            &mut std::io::sink(),
        )
        .unwrap();
        let bullet = dir.join("bullet.bin");
        let convert_args = ConvertArgs {
            data: merged.clone(),
            out: bullet.clone(),
            to: "bullet".into(),
        };
        convert(&convert_args, &Quiet).unwrap();
        assert_eq!(std::fs::read(&bullet).unwrap().len(), bytes.len());
        assert!(convert(&convert_args, &Quiet).is_err(), "no overwriting");
        // Cut short, or not marlinformat: clear errors.
        let cut = dir.join("cut.bin");
        std::fs::write(&cut, &bytes[..bytes.len() - 1]).unwrap();
        let error = summarize(&cut).unwrap_err().to_string();
        assert!(error.contains("cut short"), "{error}");
        let text = dir.join("text.bin");
        std::fs::write(
            &text,
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
        )
        .unwrap();
        let error = summarize(&text).unwrap_err().to_string();
        assert!(error.contains("record 0"), "{error}");
        let error = merge(
            &MergeArgs {
                out: dir.join("m2.bin"),
                inputs: vec![a.clone(), cut.clone()],
            },
            &Quiet,
        )
        .unwrap_err()
        .to_string();
        assert!(error.contains("cut short"), "{error}");
        assert!(!dir.join("m2.bin").exists() && !dir.join("m2.bin.tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
