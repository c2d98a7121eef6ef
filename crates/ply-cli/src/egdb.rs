//! `ply egdb`: checkers endgame databases — build, probe, verify, info.
//!
//! The database directory is `--dir`, else `$PLY_EGDB_DIR`, else
//! `$XDG_CACHE_HOME/ply/egdb`, else `~/.cache/ply/egdb`; the slices lie in its
//! `checkers` folder, one file each.

use crate::error::CliError;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ply_checkers::Checkers;
use ply_checkers::egdb::{self, Database, Material, build, probe, verify};
use ply_core::Game;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

impl From<egdb::Error> for CliError {
    fn from(err: egdb::Error) -> CliError {
        CliError::EgdbFile {
            machine_failure: matches!(err, egdb::Error::Io { .. } | egdb::Error::Threads { .. }),
            message: err.to_string(),
        }
    }
}

/// Arguments of `ply egdb`.
#[derive(Debug, Args)]
pub struct EgdbArgs {
    /// What to do with the databases.
    #[command(subcommand)]
    pub command: EgdbCommand,
}

/// The `ply egdb` subcommands.
#[derive(Debug, Subcommand)]
pub enum EgdbCommand {
    /// Compute the value of every position with up to N pieces (retrograde
    /// analysis); slices already built are skipped.
    Build(BuildArgs),
    /// Print the value of a position for the side to move: win, loss or draw.
    Probe(ProbeArgs),
    /// Re-derive every stored value from its successors and report mismatches.
    Verify(VerifyArgs),
    /// List the built slices: positions, size, wins, losses and draws.
    Info(InfoArgs),
}

/// The database directory option, shared by the subcommands.
#[derive(Debug, Args)]
pub struct DirArgs {
    /// The database directory (default: $PLY_EGDB_DIR, else
    /// $XDG_CACHE_HOME/ply/egdb or ~/.cache/ply/egdb).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Arguments of `ply egdb build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The game: checkers.
    pub game: String,
    /// The most pieces (both sides together).
    #[arg(long, value_name = "N")]
    pub pieces: u32,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub threads: usize,
    /// Print a line per pass over each pair of slices (stderr).
    #[arg(long)]
    pub verbose: bool,
    #[command(flatten)]
    pub dir: DirArgs,
}

/// Arguments of `ply egdb probe`.
#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// The game: checkers.
    pub game: String,
    /// The position, as PDN FEN (`W:W18,K27:B3`).
    #[arg(long, value_name = "POS")]
    pub fen: String,
    #[command(flatten)]
    pub dir: DirArgs,
}

/// Arguments of `ply egdb verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The game: checkers.
    pub game: String,
    /// Check the slices with up to this many pieces (default: all stored).
    #[arg(long, value_name = "N")]
    pub pieces: Option<u32>,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub threads: usize,
    #[command(flatten)]
    pub dir: DirArgs,
}

/// Arguments of `ply egdb info`.
#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The game: checkers (the default).
    #[arg(default_value = "checkers")]
    pub game: String,
    #[command(flatten)]
    pub dir: DirArgs,
}

/// Runs `ply egdb`.
pub fn run(args: &EgdbArgs, json: bool) -> Result<(), CliError> {
    match &args.command {
        EgdbCommand::Build(args) => run_build(args, json),
        EgdbCommand::Probe(args) => run_probe(args, json),
        EgdbCommand::Verify(args) => run_verify(args, json),
        EgdbCommand::Info(args) => run_info(args, json),
    }
}

/// Only checkers has endgame databases.
fn check_game(game: &str) -> Result<(), CliError> {
    if game == "checkers" {
        Ok(())
    } else {
        Err(CliError::Egdb(format!(
            "endgame databases exist for checkers only, not '{game}'"
        )))
    }
}

/// The database directory: `--dir` or the default.
fn directory(args: &DirArgs) -> Result<PathBuf, CliError> {
    args.dir.clone().or_else(egdb::default_dir).ok_or_else(|| {
        CliError::Egdb(format!(
            "no database directory: give --dir or set {}",
            egdb::DIR_VARIABLE
        ))
    })
}

/// The JSON line of `ply egdb build`.
#[derive(Serialize)]
struct BuildLine<'a> {
    dir: &'a Path,
    pieces: u32,
    solved: usize,
    skipped: usize,
    positions: u64,
    bytes: u64,
    seconds: f64,
}

fn run_build(args: &BuildArgs, json: bool) -> Result<(), CliError> {
    check_game(&args.game)?;
    let dir = directory(&args.dir)?;
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{wide_bar}] {percent}% {msg} {elapsed_precise} (eta {eta})",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar.set_prefix(format!("egdb {} pieces", args.pieces));
    bar.enable_steady_tick(Duration::from_millis(200));
    // Positions of pairs whose first pass is over: the bar moves once a pass.
    let first_pass = Mutex::new(0u64);
    let started = Instant::now();
    let report = |event: build::Event<'_>| match event {
        build::Event::Started { positions, .. } => bar.set_length(positions),
        build::Event::Solving { materials } => {
            bar.set_message(format!("{} pass 1", materials[0]));
        }
        build::Event::Progress { positions } => {
            let mut done = first_pass.lock().unwrap_or_else(|e| e.into_inner());
            *done += positions;
            bar.set_position(*done);
        }
        build::Event::Pass {
            materials,
            pass,
            unknown,
        } => {
            if args.verbose {
                bar.suspend(|| {
                    eprintln!(
                        "{:>8.1} s  {}  pass {pass}: {unknown} open",
                        started.elapsed().as_secs_f64(),
                        materials[0]
                    );
                });
            }
            bar.set_message(format!(
                "{} pass {} ({unknown} open)",
                materials[0],
                pass + 1
            ));
        }
        build::Event::Solved { .. } => {}
    };
    let summary = build::build(&dir, args.pieces, args.threads, &report);
    bar.finish_and_clear();
    let summary = summary?;
    let seconds = started.elapsed().as_secs_f64();
    let bytes = stored_bytes(&dir, args.pieces);
    let mut out = std::io::stdout().lock();
    if json {
        let line = BuildLine {
            dir: &dir,
            pieces: args.pieces,
            solved: summary.solved,
            skipped: summary.skipped,
            positions: summary.positions,
            bytes,
            seconds,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        writeln!(
            out,
            "built {} slices ({} positions) in {seconds:.1} s, skipped {} already built; up to {} pieces: {bytes} bytes in {}",
            summary.solved,
            summary.positions,
            summary.skipped,
            args.pieces,
            egdb::slice_dir(&dir).display()
        )?;
    }
    Ok(())
}

/// The bytes of the slice files with up to `pieces` pieces in `dir`.
fn stored_bytes(dir: &Path, pieces: u32) -> u64 {
    let slice_dir = egdb::slice_dir(dir);
    probe::stored_materials(dir)
        .into_iter()
        .filter(|m| m.pieces() <= pieces)
        .filter_map(|m| std::fs::metadata(slice_dir.join(m.file_name())).ok())
        .map(|meta| meta.len())
        .sum()
}

/// The JSON line of `ply egdb probe`.
#[derive(Serialize)]
struct ProbeLine {
    value: &'static str,
    pieces: u32,
}

fn run_probe(args: &ProbeArgs, json: bool) -> Result<(), CliError> {
    check_game(&args.game)?;
    let position =
        Checkers::parse_position(&args.fen).map_err(|e| CliError::Position(e.to_string()))?;
    let dir = directory(&args.dir)?;
    let database = Database::open(&dir);
    let value = database.probe(&position)?;
    let pieces = (position.black() | position.white()).count_ones();
    let mut out = std::io::stdout().lock();
    if json {
        let line = ProbeLine {
            value: value.name(),
            pieces,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        writeln!(out, "{value} for {} ({pieces} pieces)", position.turn())?;
    }
    Ok(())
}

/// The JSON line of `ply egdb verify`.
#[derive(Serialize)]
struct VerifyLine {
    slices: usize,
    positions: u64,
    mismatches: u64,
    examples: Vec<String>,
    seconds: f64,
}

fn run_verify(args: &VerifyArgs, json: bool) -> Result<(), CliError> {
    check_game(&args.game)?;
    let dir = directory(&args.dir)?;
    let pieces = match args.pieces {
        Some(pieces) => pieces,
        None => Database::open(&dir).max_pieces(),
    };
    if pieces == 0 {
        return Err(CliError::Egdb(format!(
            "no endgame databases in {}: build them with `ply egdb build checkers --pieces N`",
            dir.display()
        )));
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{prefix} {pos} positions {msg} {elapsed_precise}")
            .expect("valid template"),
    );
    bar.set_prefix(format!("verify {pieces} pieces"));
    bar.enable_steady_tick(Duration::from_millis(200));
    let started = Instant::now();
    let report = verify::verify(&dir, pieces, args.threads, &|material, positions| {
        bar.inc(positions);
        bar.set_message(material.to_string());
    });
    bar.finish_and_clear();
    let report = report?;
    let seconds = started.elapsed().as_secs_f64();
    let examples: Vec<String> = report
        .examples
        .iter()
        .map(|m| {
            format!(
                "{}: stored {}, successors say {}",
                egdb::position(&m.board),
                m.stored,
                m.derived
            )
        })
        .collect();
    let mut out = std::io::stdout().lock();
    if json {
        let line = VerifyLine {
            slices: report.slices,
            positions: report.positions,
            mismatches: report.mismatches,
            examples,
            seconds,
        };
        writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
    } else {
        writeln!(
            out,
            "verified {} slices, {} positions in {seconds:.1} s: {} mismatches",
            report.slices, report.positions, report.mismatches
        )?;
        for example in &examples {
            writeln!(out, "  {example}")?;
        }
    }
    if report.mismatches > 0 {
        return Err(CliError::Egdb(format!(
            "{} stored values disagree with their successors",
            report.mismatches
        )));
    }
    Ok(())
}

/// The JSON line of `ply egdb info`, one per piece count.
#[derive(Serialize)]
struct InfoLine {
    pieces: u32,
    slices: usize,
    positions: u64,
    bytes: u64,
    wins: u64,
    losses: u64,
    draws: u64,
}

fn run_info(args: &InfoArgs, json: bool) -> Result<(), CliError> {
    check_game(&args.game)?;
    let dir = directory(&args.dir)?;
    let database = Database::open(&dir);
    let materials = probe::stored_materials(&dir);
    let mut out = std::io::stdout().lock();
    if materials.is_empty() {
        writeln!(
            out,
            "no endgame databases in {}: build them with `ply egdb build checkers --pieces N`",
            dir.display()
        )?;
        return Ok(());
    }
    if !json {
        writeln!(out, "{}", egdb::slice_dir(&dir).display())?;
        writeln!(
            out,
            "{:>6} {:>6} {:>14} {:>12} {:>14} {:>14} {:>14}",
            "pieces", "slices", "positions", "bytes", "wins", "losses", "draws"
        )?;
    }
    for pieces in 1..=database.max_pieces() {
        let of_count: Vec<Material> = materials
            .iter()
            .copied()
            .filter(|m| m.pieces() == pieces)
            .collect();
        if of_count.is_empty() {
            continue;
        }
        let mut line = InfoLine {
            pieces,
            slices: of_count.len(),
            positions: 0,
            bytes: 0,
            wins: 0,
            losses: 0,
            draws: 0,
        };
        for &material in &of_count {
            let slice = database.slice(material)?;
            let [wins, losses, draws] = slice.census();
            line.positions += slice.size();
            line.bytes += std::fs::metadata(egdb::slice_dir(&dir).join(material.file_name()))
                .map(|meta| meta.len())
                .unwrap_or(0);
            line.wins += wins;
            line.losses += losses;
            line.draws += draws;
        }
        if json {
            writeln!(out, "{}", serde_json::to_string(&line).expect("plain data"))?;
        } else {
            writeln!(
                out,
                "{:>6} {:>6} {:>14} {:>12} {:>14} {:>14} {:>14}",
                line.pieces,
                line.slices,
                line.positions,
                line.bytes,
                line.wins,
                line.losses,
                line.draws
            )?;
        }
    }
    Ok(())
}
