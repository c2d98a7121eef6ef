//! The Hub client (Scan's protocol, for checkers): `hub` until `wait` (the
//! engine's `id` and `param` lines), `set-param name=frame value=standard`
//! when the engine has frames (as `ply hub` does: positions and moves in PDN
//! numbering, side letter = colour to move), the options as `set-param`,
//! `init`/`ready`; a game: `new-game`; a move: `pos pos=... moves="..."`,
//! `level time= inc= [moves=] | move-time= | depth= | nodes=`, `go think`,
//! `info ... score=` (in men) and `done move=...`. `error` lines are protocol
//! errors.
//!
//! Hub adds the increment before the move (`ply hub` plans with `time +
//! inc`), so `time` is the clock less one increment.

use crate::arena::clock::TimeControl;
use crate::arena::options::EngineSpec;
use crate::arena::process::{Fault, Process};
use crate::arena::protocol::{Client, Reply, Request};
use std::time::{Duration, Instant};

/// A Hub engine.
pub struct Hub {
    process: Process,
    timeout: Duration,
}

/// The value of `key=` in a Hub line (quotes removed).
pub fn value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let start = line
        .match_indices(&format!("{key}="))
        .find(|(i, _)| *i == 0 || line[..*i].ends_with(' '))?
        .0
        + key.len()
        + 1;
    let rest = &line[start..];
    if let Some(quoted) = rest.strip_prefix('"') {
        Some(&quoted[..quoted.find('"').unwrap_or(quoted.len())])
    } else {
        Some(rest.split_whitespace().next().unwrap_or(""))
    }
}

fn seconds(duration: Duration) -> String {
    format!("{:.3}", duration.as_secs_f64())
}

impl Hub {
    /// The handshake, the frame and the options.
    pub fn open(mut process: Process, spec: &EngineSpec, deadline: Instant) -> Result<Hub, Fault> {
        process.send("hub")?;
        let mut has_frame = false;
        process.receive_until(deadline, |line| {
            if line.starts_with("param ") && value(line, "name") == Some("frame") {
                has_frame = true;
            }
            Ok((line == "wait").then_some(()))
        })?;
        if has_frame {
            process.send("set-param name=frame value=standard")?;
        }
        for (name, value) in &spec.options {
            let value = if value.contains(' ') {
                format!("\"{value}\"")
            } else {
                value.clone()
            };
            process.send(&format!("set-param name={name} value={value}"))?;
        }
        process.send("init")?;
        let mut hub = Hub {
            process,
            timeout: spec.timeout,
        };
        hub.expect_ready(deadline)?;
        Ok(hub)
    }

    fn expect_ready(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.process.receive_until(deadline, |line| {
            if line.starts_with("error") {
                return Err(Fault::Protocol(line.to_owned()));
            }
            Ok((line == "ready").then_some(()))
        })
    }
}

impl Client for Hub {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.process.send("new-game")?;
        // `ping`/`pong` makes sure the engine took it (and any error shows).
        self.process.send("ping")?;
        let deadline = Instant::now() + self.timeout;
        self.process.receive_until(deadline, |line| {
            if line.starts_with("error") {
                return Err(Fault::Protocol(line.to_owned()));
            }
            Ok((line == "pong").then_some(()))
        })
    }

    fn think(&mut self, request: &Request) -> Result<Reply, Fault> {
        let mut pos = format!("pos pos={}", request.start);
        if !request.moves.is_empty() {
            pos.push_str(&format!(" moves=\"{}\"", request.moves.join(" ")));
        }
        self.process.send(&pos)?;
        let level = match request.control {
            TimeControl::Clock { .. } => {
                let c = &request.clocks;
                let own = c.own.unwrap_or_default();
                let mut line = format!(
                    "level time={} inc={}",
                    seconds(own.saturating_sub(c.own_increment)),
                    seconds(c.own_increment)
                );
                if let Some(moves) = c.moves_to_go {
                    line.push_str(&format!(" moves={moves}"));
                }
                line
            }
            TimeControl::MoveTime(time) => format!("level move-time={}", seconds(time)),
            TimeControl::Depth(depth) => format!("level depth={depth}"),
            TimeControl::Nodes(nodes) => format!("level nodes={nodes}"),
            TimeControl::Infinite => "level infinite".to_owned(),
        };
        self.process.send(&level)?;
        let sent = Instant::now();
        self.process.send("go think")?;
        let mut score = None;
        let mv = self.process.receive_until(request.deadline, |line| {
            if line.starts_with("error") {
                return Err(Fault::Protocol(line.to_owned()));
            }
            if line.starts_with("info ") {
                request.lines.report(line);
                if let Some(s) = value(line, "score").and_then(|s| s.parse::<f64>().ok()) {
                    score = Some((s * 100.0).round() as i32);
                }
                return Ok(None);
            }
            if line.starts_with("done") {
                return match value(line, "move") {
                    Some(mv) if !mv.is_empty() => Ok(Some(mv.to_owned())),
                    _ => Err(Fault::Protocol(format!("no move in '{line}'"))),
                };
            }
            Ok(None)
        })?;
        Ok(Reply {
            mv: Some(mv),
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
    fn reads_values() {
        let line = "info depth=5 score=-0.25 pv=\"11-15 23-19\" nodes=9";
        assert_eq!(value(line, "score"), Some("-0.25"));
        assert_eq!(value(line, "pv"), Some("11-15 23-19"));
        assert_eq!(value(line, "depth"), Some("5"));
        assert_eq!(value("done move=22x15x18", "move"), Some("22x15x18"));
        assert_eq!(value("done", "move"), None);
        assert_eq!(value("param name=frame", "name"), Some("frame"));
    }
}
