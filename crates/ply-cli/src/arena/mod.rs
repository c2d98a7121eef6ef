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
//!   [`time_use`]: the clock each engine has left after moves 20, 40, 60;
//! - [`watch`]: what the page of `ply match -serve` is told as the match
//!   goes.

pub mod adjudication;
pub mod client;
pub mod clock;
pub mod game;
pub mod openings;
pub mod options;
pub mod played;
pub mod process;
pub mod protocol;
pub mod referee;
pub mod schedule;
pub mod stats;
pub mod tally;
pub mod time_use;
pub mod watch;

use crate::error::CliError;
use game::MatchGame;
use options::MatchOptions;
use played::Played;
use ply_core::record::{Ending, Header, Players, UtcTime};
use ply_games::playable::openings::Opening;
use referee::Pairing;
use schedule::Job;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex, PoisonError};
use tally::Tally;
use watch::{Nobody, Watcher};

/// Runs `ply match <game> <options...>` with game `G` (the game registry
/// picks it; `name` is its name).
pub fn run<G: MatchGame>(name: &str, args: &[String], json: bool) -> Result<(), CliError> {
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
    let feed = match (options.serve, &options.publish) {
        (Some(port), _) => Some(serve::<G>(name, &options, port)?),
        (None, Some(url)) => Some(publish::<G>(name, &options, url)?),
        (None, None) => None,
    };
    let watcher: &dyn Watcher<G> = match &feed {
        Some(feed) => feed,
        None => &Nobody,
    };
    let interrupted = play_match::<G>(&options, &openings, record_file, &stop, watcher)?;
    let interrupted = interrupted || ctrl_c.load(Ordering::Relaxed);
    if interrupted && ctrl_c.load(Ordering::Relaxed) {
        return Err(CliError::Interrupted);
    }
    match &feed {
        Some(watch::Feed::Local(_)) => linger(),
        Some(watch::Feed::Remote(publisher)) => publisher.close(),
        None => {}
    }
    Ok(())
}

/// Publishes the match to a running `ply serve` at `url` (`-publish`) and
/// says where to watch it on stderr.
fn publish<G: MatchGame>(
    name: &str,
    options: &MatchOptions,
    url: &str,
) -> Result<watch::Feed, CliError> {
    let names = options.engines.iter().map(|e| e.name.clone()).collect();
    let games = schedule::jobs(options).len();
    let info = watch::match_info::<G>(name, names, games, &options.event);
    let token = match &options.token {
        Some(token) => token.clone(),
        None => {
            let port = url
                .trim_start_matches("http://")
                .split('/')
                .next()
                .and_then(|address| address.rsplit(':').next())
                .and_then(|port| port.parse::<u16>().ok())
                .unwrap_or(80);
            let path = ply_serve::publish::token_file(port);
            std::fs::read_to_string(&path)
                .map(|t| t.trim().to_owned())
                .map_err(|e| {
                    CliError::Match(format!(
                        "-publish: no token given (-token) and cannot read {}: {e}",
                        path.display()
                    ))
                })?
        }
    };
    let publisher = ply_serve::publish::Publisher::start(url, &token, &info)
        .map_err(|e| CliError::Match(format!("-publish: {e}")))?;
    eprintln!("watch the match at {}", publisher.watch_url);
    Ok(watch::Feed::Remote(publisher))
}

/// Starts the page that follows the match (`-serve`) and says where it is
/// on stderr.
fn serve<G: MatchGame>(
    name: &str,
    options: &MatchOptions,
    port: u16,
) -> Result<watch::Feed, CliError> {
    let names = options.engines.iter().map(|e| e.name.clone()).collect();
    let games = schedule::jobs(options).len();
    let feed = watch::Feed::new::<G>(name, names, games, &options.event);
    let address = std::net::SocketAddr::new(options.bind, port);
    // One search at a time for the app's other pages: a visitor's analysis
    // takes little from the engines' clocks.
    let config = ply_serve::Config {
        max_searches: 1,
        ..ply_serve::Config::default()
    };
    let watch::Feed::Local(local) = &feed else {
        unreachable!("Feed::new is local");
    };
    let bound = ply_serve::spawn(address, config, Arc::clone(local))
        .map_err(|e| CliError::Match(format!("-serve: cannot listen on {address}: {e}")))?;
    let host = if bound.ip().is_unspecified() {
        format!("127.0.0.1:{}", bound.port())
    } else {
        bound.to_string()
    };
    eprintln!("watch the match at http://{host}/watch");
    Ok(feed)
}

/// After a match with `-serve`: keeps the page up (the final score, the
/// games to replay) until Ctrl-C or a termination signal.
fn linger() {
    eprintln!("the match is over; its page stays up until Ctrl-C");
    let quit = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    {
        let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&quit));
        let _ = signal_hook::flag::register(signal_hook::consts::SIGTERM, Arc::clone(&quit));
    }
    while !quit.load(Ordering::Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// Plays the games, writing each record and result line as it ends; true
/// when stopped early (Ctrl-C).
fn play_match<G: MatchGame>(
    options: &MatchOptions,
    openings: &[Opening<G>],
    mut record_file: Option<std::fs::File>,
    stop: &Arc<AtomicBool>,
    watcher: &dyn Watcher<G>,
) -> Result<bool, CliError> {
    let jobs = schedule::jobs(options);
    let total = jobs.len();
    let names: Vec<String> = options.engines.iter().map(|e| e.name.clone()).collect();
    let mut tally = Tally::new(names.clone(), options.sprt);
    let queue = Mutex::new(jobs.into_iter().collect::<VecDeque<Job>>());
    let (sender, results) = channel::<(Job, UtcTime, Played<G>)>();
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
                    let started = UtcTime::now();
                    let Some(played) = referee::play(
                        &pairing,
                        &job,
                        opening,
                        &options.adjudication,
                        stop,
                        options.debug,
                        watcher,
                    ) else {
                        return;
                    };
                    if sender.send((job, started, played)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (job, started, played) in results {
            let winner = played.ending.winner();
            tally.add(job.engines, winner, job.pair);
            let sides = played.record.positions().iter().map(|p| p.side_to_move());
            tally.add_time_use(job.engines, sides.zip(played.move_clocks.iter().copied()));
            let opening = &openings[job.opening % openings.len()];
            let text = record_text(options, &job, opening, started, &played);
            if let Some(file) = record_file.as_mut() {
                file.write_all(format!("{text}\n").as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(CliError::Output)?;
            }
            watcher.game_ended(&job, &played, &text);
            watcher.score(&tally);
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
    watcher.finished(interrupted);
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

/// The game's record with the match's header, dated when it `started`.
fn record_text<G: MatchGame>(
    options: &MatchOptions,
    job: &Job,
    opening: &Opening<G>,
    started: UtcTime,
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
        date: started,
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
        move_variations: Vec::new(),
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
