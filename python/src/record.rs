//! A game as played: the positions one after another, for undo and for the
//! rules that look back (threefold repetition, checkers' 40 moves).

use crate::glue::Glue;
use ply_core::{EndReason, Outcome};

/// How often one position must occur for a draw.
const REPETITIONS_FOR_DRAW: usize = 3;

/// The positions of a game from its start, with the moves between them.
#[derive(Clone, Debug)]
pub struct Record<G: Glue> {
    /// The start position, then the position after each move.
    positions: Vec<G>,
    /// The moves played.
    moves: Vec<G::Move>,
    /// For each position, the plies since the last irreversible move.
    quiet_plies: Vec<u32>,
    /// For each position, its hash (empty where positions cannot repeat).
    hashes: Vec<u64>,
}

impl<G: Glue> Record<G> {
    /// A game starting at `start`.
    pub fn new(start: G) -> Self {
        let mut record = Record {
            positions: Vec::new(),
            moves: Vec::new(),
            quiet_plies: Vec::new(),
            hashes: Vec::new(),
        };
        record.restart(start);
        record
    }

    /// Starts again from `start`, keeping the memory.
    pub fn restart(&mut self, start: G) {
        self.positions.clear();
        self.moves.clear();
        self.quiet_plies.clear();
        self.hashes.clear();
        if G::CAN_REPEAT {
            self.hashes.push(start.hash());
        }
        self.positions.push(start);
        self.quiet_plies.push(0);
    }

    /// The position now.
    pub fn current(&self) -> &G {
        self.positions
            .last()
            .expect("a record has a start position")
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The positions before each move, oldest first (the position before
    /// `moves()[i]` is `positions()[i]`).
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The hashes of the positions before the current one, oldest first,
    /// for the search's repetition draws (empty where none can repeat).
    pub fn earlier_hashes(&self) -> &[u64] {
        match self.hashes.split_last() {
            Some((_, earlier)) => earlier,
            None => &[],
        }
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn push(&mut self, mv: G::Move) {
        let position = self.current();
        let quiet = if position.is_irreversible(mv) {
            0
        } else {
            self.quiet_plies.last().copied().unwrap_or(0) + 1
        };
        let next = position.play(mv);
        if G::CAN_REPEAT {
            self.hashes.push(next.hash());
        }
        self.positions.push(next);
        self.moves.push(mv);
        self.quiet_plies.push(quiet);
    }

    /// Takes back the last move, if any.
    pub fn pop(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.quiet_plies.pop();
        if G::CAN_REPEAT {
            self.hashes.pop();
        }
        Some(mv)
    }

    /// How often the current position has occurred (1 the first time).
    pub fn repetitions(&self) -> usize {
        if !G::CAN_REPEAT {
            return 1;
        }
        let quiet = self.quiet_plies.last().copied().unwrap_or(0) as usize;
        let now = *self.hashes.last().expect("a hash per position");
        let window = &self.hashes[self.hashes.len() - 1 - quiet.min(self.hashes.len() - 1)..];
        window
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == now)
            .count()
    }

    /// The result if the game is over: the position's own verdict, then the
    /// game's rules that look back.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.current().outcome() {
            return Some(outcome);
        }
        let quiet = self.quiet_plies.last().copied().unwrap_or(0);
        if G::drawn_by_quiet_plies(quiet) {
            return Some(Outcome::Draw {
                reason: EndReason::FortyMoveRule,
            });
        }
        if self.repetitions() >= REPETITIONS_FOR_DRAW {
            return Some(Outcome::Draw {
                reason: EndReason::ThreefoldRepetition,
            });
        }
        None
    }
}
