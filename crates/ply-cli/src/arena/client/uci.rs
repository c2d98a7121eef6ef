//! The UCI client: `uci`/`uciok`, `setoption`, `isready`/`readyok`,
//! `ucinewgame`, `position ... moves ...`, `go wtime btime winc binc
//! [movestogo] | movetime | depth | nodes`, `info ... score cp|mate`,
//! `bestmove`.

use crate::arena::clock::TimeControl;
use crate::arena::options::EngineSpec;
use crate::arena::process::{Fault, Process};
use crate::arena::protocol::{Client, Reply, Request, millis};
use std::time::{Duration, Instant};

/// A UCI engine.
pub struct Uci {
    process: Process,
    timeout: Duration,
}

impl Uci {
    /// The handshake and the options.
    pub fn open(mut process: Process, spec: &EngineSpec, deadline: Instant) -> Result<Uci, Fault> {
        process.send("uci")?;
        process.receive_until(deadline, |line| Ok((line == "uciok").then_some(())))?;
        for (name, value) in &spec.options {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        let mut uci = Uci {
            process,
            timeout: spec.timeout,
        };
        uci.ready(deadline)?;
        Ok(uci)
    }

    fn ready(&mut self, deadline: Instant) -> Result<(), Fault> {
        self.process.send("isready")?;
        self.process
            .receive_until(deadline, |line| Ok((line == "readyok").then_some(())))
    }
}

/// The score of an `info` line, in centipawns (mates as ±(100000 - plies)).
pub fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value > 0 => Some(100_000 - value),
        "mate" => Some(-100_000 - value),
        _ => None,
    }
}

impl Client for Uci {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.process.send("ucinewgame")?;
        self.ready(Instant::now() + self.timeout)
    }

    fn think(&mut self, request: &Request) -> Result<Reply, Fault> {
        let mut position = if request.standard_start {
            "position startpos".to_owned()
        } else {
            format!("position fen {}", request.start)
        };
        if !request.moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&request.moves.join(" "));
        }
        self.process.send(&position)?;
        let go = match request.control {
            TimeControl::Clock { .. } => {
                let c = &request.clocks;
                let (white, black, winc, binc) = if request.first_to_move {
                    (c.own, c.other, c.own_increment, c.other_increment)
                } else {
                    (c.other, c.own, c.other_increment, c.own_increment)
                };
                let ms = |d: Option<Duration>| millis(d.unwrap_or_default());
                let mut go = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(white),
                    ms(black),
                    millis(winc),
                    millis(binc)
                );
                if let Some(moves) = c.moves_to_go {
                    go.push_str(&format!(" movestogo {moves}"));
                }
                go
            }
            TimeControl::MoveTime(time) => format!("go movetime {}", millis(time)),
            TimeControl::Depth(depth) => format!("go depth {depth}"),
            TimeControl::Nodes(nodes) => format!("go nodes {nodes}"),
            TimeControl::Infinite => "go infinite".to_owned(),
        };
        let sent = Instant::now();
        self.process.send(&go)?;
        let mut score = None;
        self.process
            .receive_until(request.deadline, |line| {
                if line.starts_with("info ") {
                    if let Some(s) = info_score(line) {
                        score = Some(s);
                    }
                    if line.contains(" score ") || line.contains(" pv ") {
                        request.lines.report(line);
                    }
                    return Ok(None);
                }
                if let Some(rest) = line.strip_prefix("bestmove") {
                    let mv = rest.split_whitespace().next().unwrap_or("");
                    if mv.is_empty() || mv == "(none)" || mv == "0000" {
                        return Err(Fault::Protocol(format!("no move: '{line}'")));
                    }
                    return Ok(Some(mv.to_owned()));
                }
                Ok(None)
            })
            .map(|mv| Reply {
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
    fn scores_of_info_lines() {
        assert_eq!(
            info_score("info depth 5 score cp -31 nodes 9 pv e2e4"),
            Some(-31)
        );
        assert_eq!(
            info_score("info depth 9 score mate 3 pv a1a8"),
            Some(99_997)
        );
        assert_eq!(info_score("info depth 9 score mate -2"), Some(-99_998));
        assert_eq!(info_score("info string hello"), None);
        assert_eq!(info_score("info score lowerbound"), None);
    }
}
