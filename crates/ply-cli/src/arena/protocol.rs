//! The protocols the referee speaks to engines, and what a protocol client
//! does: start a game, ask for a move under the clock, quit.

use super::clock::{ClockView, TimeControl};
use super::process::Fault;
use std::time::{Duration, Instant};

/// An engine protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (chess).
    Uci,
    /// CECP, the xboard/WinBoard protocol, version 2 (chess).
    Cecp,
    /// Hub, Scan's protocol (checkers).
    Hub,
    /// NBoard, version 2 (Othello).
    NBoard,
}

impl Protocol {
    /// Reads `proto=` text.
    pub fn parse(text: &str) -> Result<Protocol, String> {
        match text.to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "xboard" | "cecp" | "winboard" => Ok(Protocol::Cecp),
            "hub" => Ok(Protocol::Hub),
            "nboard" => Ok(Protocol::NBoard),
            _ => Err(format!(
                "unknown protocol '{text}': expected uci, xboard, hub or nboard"
            )),
        }
    }

    /// The name as `proto=` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Cecp => "xboard",
            Protocol::Hub => "hub",
            Protocol::NBoard => "nboard",
        }
    }

    /// Whether the protocol can express `control`.
    pub fn supports(self, control: TimeControl) -> Result<(), String> {
        match (self, control) {
            (Protocol::Cecp, TimeControl::MoveTime(time)) if time.subsec_nanos() != 0 => {
                Err("xboard's st takes whole seconds: use st=1, st=2...".to_owned())
            }
            (Protocol::Cecp, TimeControl::Nodes(_)) => {
                Err("xboard has no fixed node count: use depth=, st= or tc=".to_owned())
            }
            (Protocol::NBoard, TimeControl::Nodes(_) | TimeControl::MoveTime(_)) => Err(
                "NBoard has neither a time per move nor a node count: use tc= or depth=".to_owned(),
            ),
            (_, TimeControl::Infinite) => {
                Err("tc=inf never ends a move: use depth= or nodes=".to_owned())
            }
            _ => Ok(()),
        }
    }
}

/// A request for a move.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The game's start position in the protocol's notation (FEN; Hub's
    /// position; the GGF `BO` value for NBoard).
    pub start: &'a str,
    /// Whether that is the game's standard start position.
    pub standard_start: bool,
    /// The moves from the start, in the protocol's notation.
    pub moves: &'a [String],
    /// Whether the side to move is the one that moved first in the start
    /// position of the game (White in chess, Black in checkers and Othello).
    pub first_to_move: bool,
    /// The clocks.
    pub clocks: ClockView,
    /// The engine's time control.
    pub control: TimeControl,
    /// When to stop waiting for the move.
    pub deadline: Instant,
    /// Where the engine's thinking lines go as they come (`ply match
    /// -serve` shows them).
    pub lines: Lines<'a>,
}

/// Where a client hands the thinking lines of its engine (UCI `info`
/// lines with a score or a line, Hub `info` lines, CECP thinking output), as
/// the engine wrote them.
#[derive(Clone, Copy, Default)]
pub struct Lines<'a>(pub Option<&'a (dyn Fn(&str) + Sync)>);

impl Lines<'_> {
    /// Hands over `line`.
    pub fn report(&self, line: &str) {
        if let Some(report) = self.0 {
            report(line);
        }
    }
}

impl std::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Lines(reported)"
        } else {
            "Lines(dropped)"
        })
    }
}

/// An engine's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move as the engine wrote it (`None`: it resigned).
    pub mv: Option<String>,
    /// Its last score, from its own side, in hundredths of the game's unit
    /// (centipawns; hundredths of a man or disc).
    pub score: Option<i32>,
    /// When the request that counts for its clock was sent.
    pub sent: Instant,
}

/// A protocol client: the referee's side of one engine's protocol.
pub trait Client: Send {
    /// Prepares a new game.
    fn new_game(&mut self) -> Result<(), Fault>;
    /// Asks for a move.
    fn think(&mut self, request: &Request) -> Result<Reply, Fault>;
    /// Ends the engine.
    fn quit(&mut self);
}

/// Milliseconds of a duration, for protocols that count them.
pub fn millis(duration: Duration) -> u128 {
    duration.as_millis()
}
