//! The CECP (xboard, protocol version 2) client, as Fairy-Max, GNU Chess,
//! Phalanx, Sjeng and HoiChess speak it.
//!
//! Start: `xboard`, `protover 2`, the engine's `feature` lines (answered
//! `accepted`, `san=1` `rejected`) until `done=1` or two seconds of silence.
//! A game: `new`, `easy`, `post`, the time control (`level MPS BASE INC`,
//! `st N`, `sd N`), `force`, and `setboard FEN` from a set-up position. A
//! move: `force`, the moves the engine has not seen (`usermove` if it asked
//! for it), `time`/`otim` in centiseconds, `go`; the answer is `move X`
//! (thinking lines `depth score time nodes pv` give the score, in
//! centipawns), or `resign`.

use crate::arena::clock::TimeControl;
use crate::arena::options::EngineSpec;
use crate::arena::process::{Fault, Process};
use crate::arena::protocol::{Client, Reply, Request};
use std::time::{Duration, Instant};

/// A CECP engine.
pub struct Cecp {
    process: Process,
    control: TimeControl,
    timeout: Duration,
    usermove: bool,
    setboard: bool,
    ping: bool,
    /// Moves of the current game that the engine knows.
    known: usize,
    /// A new game whose position has not been sent yet.
    fresh: bool,
    pings: u32,
}

/// The `key=value` pairs of a `feature` line (values may be quoted).
fn features(line: &str) -> Vec<(String, String)> {
    let words = crate::arena::options::split_command(line);
    words
        .iter()
        .skip(1)
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

impl Cecp {
    /// The handshake and the options.
    pub fn open(mut process: Process, spec: &EngineSpec, deadline: Instant) -> Result<Cecp, Fault> {
        process.send("xboard")?;
        process.send("protover 2")?;
        let mut engine = Cecp {
            process,
            control: spec.control,
            timeout: spec.timeout,
            usermove: false,
            setboard: false,
            ping: false,
            known: 0,
            fresh: true,
            pings: 0,
        };
        // Protocol 1 engines send no features: two seconds of silence end the wait.
        let mut quiet_until = Instant::now() + Duration::from_secs(2);
        loop {
            let line = match engine.process.receive(quiet_until.min(deadline)) {
                Ok(line) => line,
                Err(Fault::Timeout) if Instant::now() < deadline => break,
                Err(fault) => return Err(fault),
            };
            if !line.starts_with("feature ") {
                continue;
            }
            let mut done = false;
            for (key, value) in features(&line) {
                let on = value == "1";
                match key.as_str() {
                    "usermove" => engine.usermove = on,
                    "setboard" => engine.setboard = on,
                    "ping" => engine.ping = on,
                    "done" if on => done = true,
                    // done=0: the engine needs time to start; wait for done=1.
                    "done" => quiet_until = deadline,
                    _ => {}
                }
                let answer = if key == "san" && on {
                    "rejected"
                } else {
                    "accepted"
                };
                engine.process.send(&format!("{answer} {key}"))?;
            }
            if done {
                break;
            }
        }
        for (name, value) in &spec.options {
            let line = match name.as_str() {
                "memory" | "cores" => format!("{name} {value}"),
                _ => format!("option {name}={value}"),
            };
            engine.process.send(&line)?;
        }
        Ok(engine)
    }

    /// `ping`/`pong` when the engine has them, so that commands are through.
    fn sync(&mut self) -> Result<(), Fault> {
        if !self.ping {
            return Ok(());
        }
        self.pings += 1;
        let expected = format!("pong {}", self.pings);
        self.process.send(&format!("ping {}", self.pings))?;
        self.process
            .receive_until(Instant::now() + self.timeout, |line| {
                Ok((line == expected).then_some(()))
            })
    }
}

/// `BASE` of `level`: minutes, or `m:ss`.
fn level_base(base: Duration) -> String {
    let seconds = base.as_secs();
    if seconds.is_multiple_of(60) {
        format!("{}", seconds / 60)
    } else {
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// The move of an answer line: `move e2e4`, or old engines' `My move is: e2e4`.
fn answer_move(line: &str) -> Option<&str> {
    line.strip_prefix("move ")
        .or_else(|| line.strip_prefix("My move is:"))
        .or_else(|| line.strip_prefix("my move is"))
        .map(str::trim)
}

/// The score of a thinking line `depth score time nodes pv...`.
fn thinking_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    words
        .next()?
        .trim_end_matches(['.', '&'])
        .parse::<u32>()
        .ok()?;
    words.next()?.parse::<i32>().ok()
}

impl Client for Cecp {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.process.send("new")?;
        self.process.send("easy")?;
        self.process.send("post")?;
        let control = match self.control {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => format!(
                "level {} {} {}",
                moves.unwrap_or(0),
                level_base(base),
                increment.as_secs_f64()
            ),
            TimeControl::MoveTime(time) => format!("st {}", time.as_secs()),
            TimeControl::Depth(depth) => format!("sd {depth}"),
            TimeControl::Nodes(_) | TimeControl::Infinite => String::new(),
        };
        if !control.is_empty() {
            self.process.send(&control)?;
        }
        self.process.send("force")?;
        self.known = 0;
        self.fresh = true;
        self.sync()
    }

    fn think(&mut self, request: &Request) -> Result<Reply, Fault> {
        self.process.send("force")?;
        if self.fresh {
            self.fresh = false;
            if !request.standard_start {
                if !self.setboard {
                    return Err(Fault::Protocol(
                        "the engine has no setboard, so it cannot start from a set-up position"
                            .to_owned(),
                    ));
                }
                self.process.send(&format!("setboard {}", request.start))?;
            }
        }
        for mv in &request.moves[self.known.min(request.moves.len())..] {
            let line = if self.usermove {
                format!("usermove {mv}")
            } else {
                mv.clone()
            };
            self.process.send(&line)?;
        }
        if let (Some(own), Some(other)) = (request.clocks.own, request.clocks.other)
            && matches!(self.control, TimeControl::Clock { .. })
        {
            self.process
                .send(&format!("time {}", own.as_millis() / 10))?;
            self.process
                .send(&format!("otim {}", other.as_millis() / 10))?;
        }
        let sent = Instant::now();
        self.process.send("go")?;
        let mut score = None;
        let answer = self.process.receive_until(request.deadline, |line| {
            if let Some(mv) = answer_move(line) {
                return Ok(Some(Some(mv.to_owned())));
            }
            if line == "resign" || line.starts_with("tellics resign") {
                return Ok(Some(None));
            }
            if line.starts_with("Illegal move") || line.starts_with("Error") {
                return Err(Fault::Protocol(format!(
                    "the engine refused a move: '{line}'"
                )));
            }
            if let Some(s) = thinking_score(line) {
                score = Some(s);
                request.lines.report(line);
            }
            Ok(None)
        })?;
        self.known = request.moves.len() + 1;
        Ok(Reply {
            mv: answer,
            score,
            sent,
        })
    }

    fn quit(&mut self) {
        self.process.quit(Some("quit"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_features_moves_and_scores() {
        assert_eq!(
            features("feature myname=\"Fairy-Max 5.0b\" setboard=1 done=0"),
            [
                ("myname".to_owned(), "Fairy-Max 5.0b".to_owned()),
                ("setboard".to_owned(), "1".to_owned()),
                ("done".to_owned(), "0".to_owned())
            ]
        );
        assert_eq!(answer_move("move e2e4"), Some("e2e4"));
        assert_eq!(answer_move("My move is: e7e8q"), Some("e7e8q"));
        assert_eq!(answer_move("moves"), None);
        assert_eq!(
            thinking_score("  7   -31   120   45678 e2e4 e7e5"),
            Some(-31)
        );
        assert_eq!(thinking_score("7. 25 1 2 e4"), Some(25));
        assert_eq!(thinking_score("telluser hello"), None);
        assert_eq!(level_base(Duration::from_secs(300)), "5");
        assert_eq!(level_base(Duration::from_secs(10)), "0:10");
    }
}
