//! The NBoard client (version 2, Othello): `nboard 2`, `set depth N` (60
//! under a clock, so that the clock decides), `ping`/`pong` to synchronise;
//! a move: `set game <GGF>` with the start position, the moves and the
//! mover's time left as the clock `TI`, then `go`, answered `=== MOVE[/eval[/time]]`
//! (the eval in discs).

use crate::arena::clock::TimeControl;
use crate::arena::options::EngineSpec;
use crate::arena::process::{Fault, Process};
use crate::arena::protocol::{Client, Reply, Request};
use ply_othello::ggf;
use std::time::{Duration, Instant};

/// An NBoard engine.
pub struct NBoard {
    process: Process,
    timeout: Duration,
    pings: u32,
}

impl NBoard {
    /// The handshake and the depth.
    pub fn open(process: Process, spec: &EngineSpec, deadline: Instant) -> Result<NBoard, Fault> {
        let mut engine = NBoard {
            process,
            timeout: spec.timeout,
            pings: 0,
        };
        engine.process.send("nboard 2")?;
        let depth = match spec.control {
            TimeControl::Depth(depth) => depth.min(60),
            _ => 60,
        };
        engine.process.send(&format!("set depth {depth}"))?;
        for (name, value) in &spec.options {
            engine.process.send(&format!("set {name} {value}"))?;
        }
        engine.sync(deadline)?;
        Ok(engine)
    }

    fn sync(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.pings += 1;
        let expected = format!("pong {}", self.pings);
        self.process.send(&format!("ping {}", self.pings))?;
        self.process
            .receive_until(deadline, |line| Ok((line == expected).then_some(())))
    }
}

/// The move and the eval of a `=== F5/1.23/0.5` line.
fn answer(line: &str) -> Option<(String, Option<i32>)> {
    let rest = line.strip_prefix("===")?.trim();
    let mut fields = rest.split('/');
    let mv = fields.next()?.trim().to_owned();
    let eval = fields
        .next()
        .and_then(|e| e.trim().parse::<f64>().ok())
        .map(|e| (e * 100.0).round() as i32);
    Some((mv, eval))
}

impl Client for NBoard {
    fn new_game(&mut self) -> Result<(), Fault> {
        let deadline = Instant::now() + self.timeout;
        self.sync(deadline)
    }

    fn think(&mut self, request: &Request) -> Result<Reply, Fault> {
        let clock = request.clocks.own.map_or("0".to_owned(), |t| {
            format!("{:.3}", t.as_secs_f64().max(0.001))
        });
        let mut properties = vec![
            ("GM", "Othello".to_owned()),
            ("PC", "ply match".to_owned()),
            ("RE", "?".to_owned()),
            ("TI", clock),
            ("TY", "8".to_owned()),
            ("BO", request.start.to_owned()),
        ];
        // The moves alternate from the side to move of the start (`*`: Black);
        // passes are moves.
        let start_is_black = request.start.ends_with('*');
        for (index, mv) in request.moves.iter().enumerate() {
            let black = (index % 2 == 0) == start_is_black;
            properties.push((if black { "B" } else { "W" }, mv.clone()));
        }
        let game = ggf::write_properties(&properties);
        self.process
            .send(&format!("set game {}", game.trim_end()))?;
        let sent = Instant::now();
        self.process.send("go")?;
        let (mv, score) = self
            .process
            .receive_until(request.deadline, |line| Ok(answer(line)))?;
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
    fn reads_answers() {
        assert_eq!(
            answer("=== F5/1.50/0.02"),
            Some(("F5".to_owned(), Some(150)))
        );
        assert_eq!(answer("=== PA"), Some(("PA".to_owned(), None)));
        assert_eq!(answer("=== d3//1.0"), Some(("d3".to_owned(), None)));
        assert_eq!(answer("status thinking"), None);
    }
}
