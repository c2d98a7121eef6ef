//! One game between two engines, refereed: ply keeps the board and the
//! clocks, checks every move, applies the game's rules and the adjudication,
//! and scores faults (a time loss, an illegal move, a crash, a protocol
//! error, no answer) as losses for the engine at fault. Both engines are
//! started for the game and ended after it, so a broken engine is restarted
//! for the next game.

use super::adjudication::{Adjudication, Scored, Verdict};
use super::client;
use super::clock::{Clock, ClockView};
use super::game::MatchGame;
use super::options::EngineSpec;
use super::played::{Played, Termination};
use super::process::Fault;
use super::protocol::{Client, Lines, Request};
use super::schedule::Job;
use super::watch::{Watcher, clocks_left};
use ply_core::GameHistory;
use ply_core::Side;
use ply_core::record::{Ending, MoveClock};
use ply_games::playable::openings::Opening;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The two engines of a game: `engines[0]` moves first.
pub struct Pairing<'a> {
    /// The engine of the side that moves first in the game's start position
    /// ([`Side::First`]: White in chess, Black in checkers and Othello), then
    /// the other.
    pub engines: [&'a EngineSpec; 2],
}

/// Plays game `job` from `opening`, telling `watcher` its start, moves and
/// the engines' lines (the end is the caller's to tell); `None` when
/// interrupted.
pub fn play<G: MatchGame>(
    pairing: &Pairing,
    job: &Job,
    opening: &Opening<G>,
    adjudication: &Adjudication,
    stop: &Arc<AtomicBool>,
    debug: bool,
    watcher: &dyn Watcher<G>,
) -> Option<Played<G>> {
    let mut record = GameHistory::new(opening.start.clone());
    for &mv in &opening.moves {
        record.push(mv);
    }
    let clocks = [
        Clock::new(pairing.engines[0].control),
        Clock::new(pairing.engines[1].control),
    ];
    watcher.game_started(job, opening, &record, clocks_left(&clocks));
    // The side that moves first in the game's terms (Side::First) is engine 0.
    let mut clients: Vec<Box<dyn Client>> = Vec::with_capacity(2);
    for (index, spec) in pairing.engines.iter().enumerate() {
        let side = if index == 0 {
            Side::First
        } else {
            Side::Second
        };
        let started = client::connect(spec, Arc::clone(stop), debug).and_then(|mut client| {
            client.new_game()?;
            Ok(client)
        });
        match started {
            Ok(client) => clients.push(client),
            Err(fault) => {
                for mut client in clients {
                    client.quit();
                }
                let untimed = vec![None; record.moves().len()];
                return faulted(record, untimed, side, &fault, false);
            }
        }
    }
    let result = run(
        pairing,
        &mut clients,
        record,
        adjudication,
        (watcher, job.number),
    );
    for client in &mut clients {
        client.quit();
    }
    // `run` scores every other fault inside the game: only an interruption
    // comes back as an error.
    result.ok()
}

/// A game lost by `side` for `fault`.
fn faulted<G: MatchGame>(
    record: GameHistory<G>,
    move_clocks: Vec<Option<MoveClock>>,
    side: Side,
    fault: &Fault,
    clock: bool,
) -> Option<Played<G>> {
    let name = G::side_name(side);
    let (termination, reason) = match fault {
        Fault::Interrupted => return None,
        Fault::Timeout if clock => (
            Termination::TimeForfeit,
            format!("{name} loses on time (no move within the time left)"),
        ),
        Fault::Timeout => (
            Termination::EngineFault,
            format!("{name}'s engine did not answer"),
        ),
        Fault::Crashed => (
            Termination::EngineFault,
            format!("{name}'s engine exited (crash)"),
        ),
        Fault::Protocol(message) => (
            Termination::EngineFault,
            format!("{name}'s engine broke the protocol: {message}"),
        ),
    };
    Some(Played {
        record,
        move_clocks,
        ending: Ending::Decided {
            winner: Some(side.opponent()),
            reason,
        },
        termination,
    })
}

fn run<G: MatchGame>(
    pairing: &Pairing,
    clients: &mut [Box<dyn Client>],
    mut record: GameHistory<G>,
    adjudication: &Adjudication,
    (watcher, number): (&dyn Watcher<G>, usize),
) -> Result<Played<G>, Fault> {
    let start_text = record.start().protocol_position();
    let standard = record.starts_from_standard();
    let mut moves: Vec<String> = record
        .positions()
        .iter()
        .zip(record.moves())
        .map(|(p, &mv)| p.protocol_move(mv))
        .collect();
    let mut clocks = [
        Clock::new(pairing.engines[0].control),
        Clock::new(pairing.engines[1].control),
    ];
    let mut scored: Vec<Scored> = Vec::new();
    let mut move_clocks: Vec<Option<MoveClock>> = vec![None; record.moves().len()];
    loop {
        if let Some(outcome) = record.outcome() {
            return Ok(Played {
                record,
                move_clocks,
                ending: Ending::Rules(outcome),
                termination: Termination::Normal,
            });
        }
        match adjudication.judge(&scored, record.moves().len()) {
            Some(Verdict::Draw(why)) => {
                return Ok(Played {
                    record,
                    move_clocks,
                    ending: Ending::Decided {
                        winner: None,
                        reason: format!("draw by {why}"),
                    },
                    termination: Termination::Adjudication,
                });
            }
            Some(Verdict::Resigns(side)) => {
                return Ok(Played {
                    record,
                    move_clocks,
                    ending: Ending::Decided {
                        winner: Some(side.opponent()),
                        reason: format!(
                            "{} wins by adjudication: {} resigns by its scores",
                            G::side_name(side.opponent()),
                            G::side_name(side)
                        ),
                    },
                    termination: Termination::Adjudication,
                });
            }
            None => {}
        }
        if let Some(empties) = adjudication.solve_empties
            && let Some((winner, reason)) = record.position().solved(empties)
        {
            return Ok(Played {
                record,
                move_clocks,
                ending: Ending::Decided { winner, reason },
                termination: Termination::Adjudication,
            });
        }
        let position = record.position().clone();
        let side = position.side_to_move();
        let legal = position.legal_moves();
        // A forced pass is played by the referee.
        if legal.len() == 1 && G::is_pass(legal[0]) {
            moves.push(position.protocol_move(legal[0]));
            record.push(legal[0]);
            move_clocks.push(None);
            watcher.moved(number, &record, None, clocks_left(&clocks));
            continue;
        }
        let index = side.index();
        let spec = pairing.engines[index];
        let clock = &clocks[index];
        let other = &clocks[1 - index];
        let patience = match clock.remaining() {
            Some(left) => left + spec.margin,
            None => spec.timeout,
        };
        let report = |line: &str| watcher.engine_line(number, side, line);
        let request = Request {
            start: &start_text,
            standard_start: standard,
            moves: &moves,
            first_to_move: side == Side::First,
            clocks: ClockView {
                own: clock.remaining(),
                other: other.remaining(),
                own_increment: clock.increment(),
                other_increment: other.increment(),
                moves_to_go: clock.moves_to_go(),
            },
            control: spec.control,
            deadline: Instant::now() + patience + Duration::from_millis(5),
            lines: Lines(Some(&report)),
        };
        let reply = match clients[index].think(&request) {
            Ok(reply) => reply,
            Err(Fault::Interrupted) => return Err(Fault::Interrupted),
            Err(fault) => {
                let clocked = clock.remaining().is_some();
                return Ok(
                    faulted(record, move_clocks, side, &fault, clocked).expect("not interrupted")
                );
            }
        };
        let used = reply.sent.elapsed();
        if let Err(loss) = clocks[index].charge(used, spec.margin) {
            return Ok(Played {
                record,
                move_clocks,
                ending: Ending::Decided {
                    winner: Some(side.opponent()),
                    reason: format!(
                        "{} loses on time ({:.3} s for a move with {:.3} s left)",
                        G::side_name(side),
                        loss.used.as_secs_f64(),
                        loss.available.as_secs_f64()
                    ),
                },
                termination: Termination::TimeForfeit,
            });
        }
        let Some(text) = reply.mv else {
            return Ok(Played {
                record,
                move_clocks,
                ending: Ending::Decided {
                    winner: Some(side.opponent()),
                    reason: format!("{} resigns", G::side_name(side)),
                },
                termination: Termination::Resignation,
            });
        };
        let mv = match position.engine_move(&text) {
            Ok(mv) => mv,
            Err(why) => {
                return Ok(Played {
                    record,
                    move_clocks,
                    ending: Ending::Decided {
                        winner: Some(side.opponent()),
                        reason: format!(
                            "{} loses by an illegal move {text} ({why})",
                            G::side_name(side)
                        ),
                    },
                    termination: Termination::IllegalMove,
                });
            }
        };
        moves.push(position.protocol_move(mv));
        record.push(mv);
        let move_clock = MoveClock {
            used,
            left: clocks[index].remaining(),
        };
        move_clocks.push(Some(move_clock));
        watcher.moved(number, &record, Some(move_clock), clocks_left(&clocks));
        scored.push(Scored {
            side,
            score: reply.score,
        });
    }
}
