//! `ply match <game>`: engines against each other through their own
//! protocols, with ply as the referee that keeps the board and the clocks.
//!
//! - [`options`]: the cutechess-style command line;
//! - [`process`]: an engine as a child process, reads with deadlines;
//! - [`protocol`] and [`client`]: the referee's side of UCI, CECP, Hub, NBoard;
//! - [`game`]: positions and moves of each game in its protocols' notation;
//! - [`clock`]: time controls and the referee's clock;
//! - [`openings`]: opening files and the default sets;
//! - [`adjudication`]: draws and resignations by score, the move limit;
//! - [`referee`]: one game; [`schedule`]: the games in order;
//! - [`tally`] and [`stats`]: results, Elo, LOS, pentanomial, SPRT;
//!   [`time_use`]: the clock each engine has left after moves 20, 40, 60.

pub mod adjudication;
pub mod client;
pub mod clock;
pub mod game;
pub mod openings;
pub mod options;
pub mod process;
pub mod protocol;
pub mod referee;
pub mod schedule;
pub mod stats;
pub mod tally;
pub mod time_use;

use crate::error::CliError;
use game::MatchGame;
use options::MatchOptions;
use ply_core::record::{Ending, Header, Players};
use ply_games::playable::openings::Opening;
use referee::{Pairing, Played};
use schedule::Job;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex, PoisonError};
use tally::Tally;

/// Runs `ply match <game> <options...>` with game `G` (the game registry
/// picks it).
pub fn run<G: MatchGame>(args: &[String], json: bool) -> Result<(), CliError> {
    let Some(mut options) =
        options::parse(args, G::PROTOCOLS[0], G::PROTOCOLS).map_err(CliError::Match)?
    else {
        println!("{}", options::USAGE);
        return Ok(());
    };
    options.json |= json;
    for engine in &options.engines {
        engine.launch.check().map_err(CliError::Match)?;
    }
    let openings = openings::load::<G>(&options.openings, options.seed).map_err(CliError::Match)?;
    let record_file = match &options.record_file {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::Match(format!("cannot open {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let stop = Arc::new(AtomicBool::new(false));
    let ctrl_c = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    {
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop));
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&ctrl_c));
        let _ = signal_hook::flag::register(signal_hook::consts::SIGTERM, Arc::clone(&stop));
    }
    let interrupted = play_match::<G>(&options, &openings, record_file, &stop)?;
    let interrupted = interrupted || ctrl_c.load(Ordering::Relaxed);
    if interrupted && ctrl_c.load(Ordering::Relaxed) {
        return Err(CliError::Interrupted);
    }
    Ok(())
}

/// Plays the games, writing each record and result line as it ends; true
/// when stopped early (Ctrl-C).
fn play_match<G: MatchGame>(
    options: &MatchOptions,
    openings: &[Opening<G>],
    mut record_file: Option<std::fs::File>,
    stop: &Arc<AtomicBool>,
) -> Result<bool, CliError> {
    let jobs = schedule::jobs(options);
    let total = jobs.len();
    let names: Vec<String> = options.engines.iter().map(|e| e.name.clone()).collect();
    let mut tally = Tally::new(names.clone(), options.sprt);
    let queue = Mutex::new(jobs.into_iter().collect::<VecDeque<Job>>());
    let (sender, results) = channel::<(Job, Played<G>)>();
    let bar = progress_bar(total as u64);
    let mut sprt_stopped = false;
    std::thread::scope(|scope| -> Result<(), CliError> {
        for _ in 0..options.concurrency.min(total.max(1)) {
            let sender = sender.clone();
            let queue = &queue;
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let job = queue
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .pop_front();
                    let Some(job) = job else { return };
                    let pairing = Pairing {
                        engines: [
                            &options.engines[job.engines[0]],
                            &options.engines[job.engines[1]],
                        ],
                    };
                    let opening = &openings[job.opening % openings.len()];
                    let Some(played) = referee::play(
                        &pairing,
                        opening,
                        &options.adjudication,
                        stop,
                        options.debug,
                    ) else {
                        return;
                    };
                    if sender.send((job, played)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (job, played) in results {
            let winner = played.ending.winner();
            tally.add(job.engines, winner, job.pair);
            let sides = played.record.positions().iter().map(|p| p.side_to_move());
            tally.add_time_use(job.engines, sides.zip(played.move_clocks.iter().copied()));
            let opening = &openings[job.opening % openings.len()];
            if let Some(file) = record_file.as_mut() {
                let text = record_text(options, &job, opening, &played);
                file.write_all(format!("{text}\n").as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(CliError::Output)?;
            }
            let line = game_line::<G>(options, &job, opening, &played, total);
            if options.json {
                println!("{line}");
            } else {
                bar.suspend(|| println!("{line}"));
            }
            bar.inc(1);
            bar.set_message(tally.score_line());
            if let Some(every) = options.rating_interval
                && tally.games.is_multiple_of(every)
                && !options.json
            {
                bar.suspend(|| print!("{}", tally.text()));
            }
            if !sprt_stopped && tally.sprt_decision().is_some() {
                sprt_stopped = true;
                stop.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    let interrupted = stop.load(Ordering::Relaxed) && !sprt_stopped;
    if options.json {
        println!("{}", tally.json(interrupted));
    } else {
        if interrupted {
            println!("Interrupted after {} of {total} games.", tally.games);
        }
        print!("{}", tally.text());
    }
    std::io::stdout().flush().map_err(CliError::Output)?;
    Ok(interrupted)
}

/// A bar on stderr (drawn only on a terminal) with the games and the score.
fn progress_bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template("[{wide_bar}] {pos}/{len} {msg} {elapsed_precise}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

/// The game's record with the match's header.
fn record_text<G: MatchGame>(
    options: &MatchOptions,
    job: &Job,
    opening: &Opening<G>,
    played: &Played<G>,
) -> String {
    let first = &options.engines[job.engines[0]];
    let second = &options.engines[job.engines[1]];
    // One clock for both, written as PGN's TimeControl (GGF's TI); none for
    // fixed depths and node counts.
    let clocked = matches!(
        first.control,
        clock::TimeControl::Clock { .. } | clock::TimeControl::MoveTime(_)
    );
    let control = (clocked && first.control == second.control).then(|| first.control.pgn());
    let header = Header {
        players: Players {
            first: first.name.clone(),
            second: second.name.clone(),
        },
        event: options.event.clone(),
        round: format!("{}", job.number),
        time_control: control,
        tags: vec![
            ("Opening".to_owned(), opening.name.clone()),
            (
                "PlyCount".to_owned(),
                played.record.moves().len().to_string(),
            ),
            (
                "Termination".to_owned(),
                played.termination.tag().to_owned(),
            ),
        ],
        ending: Some(played.ending.clone()),
        move_clocks: played.move_clocks.clone(),
        move_notes: Vec::new(),
    };
    G::write_game(&played.record, &header)
}

/// One line per finished game: text or JSON.
fn game_line<G: MatchGame>(
    options: &MatchOptions,
    job: &Job,
    opening: &Opening<G>,
    played: &Played<G>,
    total: usize,
) -> String {
    let first = &options.engines[job.engines[0]].name;
    let second = &options.engines[job.engines[1]].name;
    let result = ply_core::record::pgn::ending_marker(Some(&played.ending));
    let reason = match &played.ending {
        Ending::Rules(outcome) => played.record.position().describe_outcome(*outcome),
        Ending::Decided { reason, .. } => reason.clone(),
    };
    if options.json {
        serde_json::json!({
            "game": job.number,
            "round": job.round,
            "first": first,
            "second": second,
            "result": result,
            "winner": played.ending.winner().map(|side| if side.index() == 0 { first } else { second }),
            "reason": reason,
            "termination": played.termination.tag(),
            "opening": opening.name,
            "plies": played.record.moves().len(),
        })
        .to_string()
    } else {
        format!(
            "Finished game {} of {total} ({first} vs {second}): {result} {{{reason}}}",
            job.number
        )
    }
}
