//! Batched environments: many games stepped together in Rust, observations,
//! masks and rewards written straight into NumPy buffers that Python owns.

pub mod othello;
mod outputs;
pub mod sample;

pub use outputs::{MaskRow, Outputs, Planes, write_mask_by_action, write_obs};

use crate::glue::{self, Glue};
use ply_core::GameHistory;
use ply_core::Player;
use ply_core::player::Request;
use ply_core::rng::Rng;
use ply_core::search::Limits;
use ply_core::{MoveList, Side};
use std::sync::atomic::AtomicBool;

/// Who plays the side the agent does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Nobody: every step is the move of whoever is to move (self-play).
    SelfPlay,
    /// Uniformly random legal moves.
    Random,
    /// ply's engine searching to this depth.
    Search(u32),
}

/// How a batch's episodes go: who answers the agent, on which side, how
/// long, and what follows the end.
#[derive(Clone, Copy, Debug)]
pub struct Episodes {
    /// Who plays the side the agent does not.
    pub opponent: Opponent,
    /// The agent's side against an opponent; `None`: drawn for each game.
    pub agent_side: Option<Side>,
    /// Steps after which a game is cut (truncated).
    pub max_steps: Option<u32>,
    /// Whether a finished game starts again within the step that ended it.
    pub autoreset: bool,
}

/// A batch of environments of any game, as Python drives it.
pub trait AnyBatch: Send + Sync {
    /// Actions per environment.
    fn actions(&self) -> usize;
    /// Planes per observation.
    fn planes(&self) -> usize;
    /// Environments in the batch.
    fn len(&self) -> usize;
    /// Starts every game again (reseeding when `seed` is given).
    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>);
    /// Plays one action in each game.
    ///
    /// # Errors
    /// A message naming the first environment whose action is not legal;
    /// nothing is played then.
    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), String>;
    /// A uniformly random legal move's next action for each game
    /// ([`NO_ACTION`] for a finished game that was not started again).
    fn random_actions(&mut self, out: &mut [i64]);
    /// Replaces each environment's count (when not 0) by a number below it
    /// from the environment's generator, the one
    /// [`AnyBatch::random_actions`] draws with.
    fn draw(&mut self, counts: &mut [u32]);
    /// The position of each game in the game's notation.
    fn positions(&self) -> Vec<String>;
    /// The legal actions of each game now, sorted.
    fn legal_actions(&self) -> Vec<Vec<usize>>;
    /// Whether every value of the observations is 0 or 1 (see
    /// [`Glue::BINARY_PLANES`]).
    fn binary_planes(&self) -> bool;
    /// Whether this is a game's own batch rather than the generic [`Batch`].
    fn game_specific(&self) -> bool {
        false
    }
    /// Sets where each game starts, at the next reset and at every restart
    /// after it: `positions` one per environment or one for all (`None`:
    /// the game's start position).
    ///
    /// # Errors
    /// A position that cannot be read, or whose game is over, or a count of
    /// positions other than one or the number of environments; the starts
    /// are unchanged then.
    fn set_starts(&mut self, positions: Option<&[String]>) -> Result<(), String>;
}

/// The start positions `positions` of `n` environments (see
/// [`AnyBatch::set_starts`]).
///
/// # Errors
/// As [`AnyBatch::set_starts`].
pub fn parse_starts<G: Glue>(positions: Option<&[String]>, n: usize) -> Result<Vec<G>, String> {
    let Some(positions) = positions else {
        return Ok(vec![G::start(); n]);
    };
    if positions.len() != 1 && positions.len() != n {
        return Err(format!(
            "{} positions for {n} environments: give one or one per environment",
            positions.len()
        ));
    }
    let parsed = positions
        .iter()
        .map(|text| {
            let position = G::parse_position(text)
                .map_err(|e| format!("invalid {} position {text:?}: {e}", G::PY_NAME))?;
            let mut moves = MoveList::new();
            let over = G::moves_and_outcome(&GameHistory::new(position.clone()), &mut moves);
            if over.is_some() || moves.is_empty() {
                return Err(format!(
                    "the {} game is over in position {text:?}",
                    G::PY_NAME
                ));
            }
            Ok(position)
        })
        .collect::<Result<Vec<G>, String>>()?;
    Ok(if parsed.len() == n {
        parsed
    } else {
        vec![parsed[0].clone(); n]
    })
}

/// The random action of a finished game that was not started again (no
/// action is legal there).
pub const NO_ACTION: i64 = -1;

/// Games with at most this many actions keep each environment's legal
/// actions as bits, checked and written without looking into the slots.
const BIT_ACTIONS: usize = 128;

/// One environment: a game, the legal moves of its position, and how far a
/// move of several steps (a checkers multi-jump) has got.
struct Slot<G: Glue> {
    record: GameHistory<G>,
    /// The legal moves of the current position.
    legal: MoveList<G::Move>,
    /// Indices into `legal` of the moves that agree with the steps taken,
    /// once a step is taken (empty before: every legal move is a candidate,
    /// and a move of one step never needs the list).
    candidates: Vec<u16>,
    /// Steps of the move under way already taken.
    step: usize,
    /// The side the agent plays against an opponent.
    agent: Side,
    /// Steps taken in this episode.
    steps: u32,
    rng: Rng,
    /// The actions this slot set in its row of the mask buffer last time
    /// (games with more than [`BIT_ACTIONS`] actions only).
    marked: Vec<u16>,
}

impl<G: Glue> Slot<G> {
    fn new(start: G, seed: u64) -> Self {
        let mut slot = Slot {
            record: GameHistory::new(start.clone()),
            legal: MoveList::new(),
            candidates: Vec::new(),
            step: 0,
            agent: Side::First,
            steps: 0,
            rng: Rng::new(seed),
            marked: Vec::new(),
        };
        slot.list_moves();
        slot
    }

    /// Lists the moves of the current position; returns the outcome if the
    /// game is over (then there are none).
    fn list_moves(&mut self) -> Option<ply_core::Outcome<G::EndReason>> {
        self.legal.clear();
        let outcome = G::moves_and_outcome(&self.record, &mut self.legal);
        self.candidates.clear();
        self.step = 0;
        outcome
    }

    /// The indices into `legal` of the moves that agree with the steps taken.
    fn candidates(&self) -> impl Iterator<Item = usize> + '_ {
        let all = if self.step == 0 { self.legal.len() } else { 0 };
        (0..all).chain(self.candidates.iter().map(|&i| usize::from(i)))
    }

    /// Whether `action` continues one of the candidate moves.
    fn accepts(&self, action: usize) -> bool {
        let position = self.record.position();
        self.candidates()
            .any(|i| position.action(self.legal[i], self.step) == action)
    }

    /// The candidate moves' next actions as bits (for games with at most
    /// [`BIT_ACTIONS`] actions).
    fn action_bits(&self) -> u128 {
        let position = self.record.position();
        self.candidates().fold(0, |bits, i| {
            bits | 1 << position.action(self.legal[i], self.step)
        })
    }

    /// Takes `action` (accepted); returns the move once it is complete.
    fn take(&mut self, action: usize) -> Option<G::Move> {
        let position = self.record.position();
        let (legal, step) = (&self.legal, self.step);
        if step == 0 {
            let mut agreeing = (0..legal.len()).filter(|&i| position.action(legal[i], 0) == action);
            let first = agreeing.next().expect("an accepted action");
            if G::steps(legal[first]) == 1 && agreeing.next().is_none() {
                return Some(legal[first]);
            }
            self.candidates.extend((0..legal.len()).map(|i| i as u16));
        }
        self.candidates
            .retain(|&i| position.action(legal[i as usize], step) == action);
        self.step += 1;
        let first = self.legal[self.candidates[0] as usize];
        (self.candidates.len() == 1 && G::steps(first) == self.step).then_some(first)
    }

    /// Writes the observation (floats) and the mask row; returns the
    /// candidate actions as bits (0 for games with more than [`BIT_ACTIONS`]
    /// actions). A small mask row is written whole from the bits; a large one
    /// (chess's 4168 actions) is cleared whole when `clear_mask`, else only
    /// where this slot set it last time (the row holds what the last call
    /// wrote).
    /// `mask` is `None` for a game of at most [`BIT_ACTIONS`] actions whose
    /// mask the caller writes from the bits.
    fn write(&mut self, obs: &mut [f32], mask: Option<MaskRow<'_>>, clear_mask: bool) -> u128 {
        if !G::WRITES_WHOLE_PLANES {
            obs.fill(0.0);
        }
        let position = self.record.position();
        let partial = (self.step > 0).then(|| (self.legal[self.candidates[0] as usize], self.step));
        position.write_planes(partial, obs);
        if G::ACTIONS <= BIT_ACTIONS {
            let bits = self.action_bits();
            if let Some(mut mask) = mask {
                mask.write_bits(bits, G::ACTIONS);
            }
            return bits;
        }
        let Some(mut mask) = mask else {
            return 0;
        };
        if clear_mask {
            mask.clear(G::ACTIONS);
        } else {
            for &action in &self.marked {
                mask.set(usize::from(action), false);
            }
        }
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        for i in self.candidates() {
            let action = position.action(self.legal[i], self.step);
            mask.set(action, true);
            marked.push(action as u16);
        }
        self.marked = marked;
        0
    }

    fn random_move(&mut self) -> G::Move {
        self.legal[self.rng.below(self.legal.len())]
    }
}

/// A batch of environments of the game `G`.
pub struct Batch<G: Glue> {
    slots: Vec<Slot<G>>,
    /// Where each game starts.
    starts: Vec<G>,
    opponent: Opponent,
    engine: Option<G::Player>,
    /// The agent's side against an opponent; `None`: drawn for each game.
    agent_side: Option<Side>,
    max_steps: Option<u32>,
    /// Whether a finished game starts again at once.
    autoreset: bool,
    /// Each environment's legal actions as bits, when the game has at most
    /// [`BIT_ACTIONS`] actions (one dense array, cheap to check a batch of
    /// actions against).
    action_bits: Vec<u128>,
    /// The address of the mask buffer the last call wrote (0: none yet):
    /// only that buffer can be cleared where the slots marked it.
    last_mask: usize,
    /// An observation's floats, when the caller wants bytes.
    scratch: Vec<f32>,
}

/// The seed of environment `index` of a batch seeded with `seed`.
fn slot_seed(seed: u64, index: usize) -> u64 {
    Rng::new(seed ^ 0x5eed_0000_0000_0000).next_u64()
        ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl<G: Glue> Batch<G> {
    /// `num_envs` games from `start`.
    ///
    /// # Errors
    /// When the engine's table cannot be had.
    pub fn new(start: G, num_envs: usize, seed: u64, episodes: Episodes) -> Result<Self, String> {
        let Episodes {
            opponent,
            agent_side,
            max_steps,
            autoreset,
        } = episodes;
        let engine = match opponent {
            Opponent::Search(_) => {
                Some(glue::player::<G>(16).ok_or("cannot allocate the opponent's 16 MiB table")?)
            }
            _ => None,
        };
        let slots: Vec<Slot<G>> = (0..num_envs)
            .map(|i| Slot::new(start.clone(), slot_seed(seed, i)))
            .collect();
        let action_bits = if G::ACTIONS <= BIT_ACTIONS {
            slots.iter().map(Slot::action_bits).collect()
        } else {
            Vec::new()
        };
        Ok(Batch {
            slots,
            action_bits,
            starts: vec![start; num_envs],
            opponent,
            engine,
            agent_side,
            max_steps,
            autoreset,
            last_mask: 0,
            scratch: Vec::new(),
        })
    }

    /// The opponent's move in `slot`.
    fn opponent_move(
        opponent: Opponent,
        engine: &mut Option<G::Player>,
        slot: &mut Slot<G>,
    ) -> G::Move {
        match (opponent, engine) {
            (Opponent::Search(depth), Some(engine)) => {
                let stop = AtomicBool::new(false);
                let history = slot.record.earlier_hashes();
                let limits = Limits::depth(depth);
                let request =
                    Request::new(slot.record.position(), &limits, &stop).with_history(&history);
                let thought = engine.think(&request, &mut |_| {});
                thought.best.unwrap_or_else(|| slot.random_move())
            }
            _ => slot.random_move(),
        }
    }

    /// After a move or a reset: lists the moves, and lets the opponent move
    /// while it is its turn and the game goes on. Returns the outcome if the
    /// game is over.
    fn settle(
        opponent: Opponent,
        engine: &mut Option<G::Player>,
        slot: &mut Slot<G>,
    ) -> Option<ply_core::Outcome<G::EndReason>> {
        loop {
            let outcome = slot.list_moves();
            if outcome.is_some()
                || opponent == Opponent::SelfPlay
                || slot.record.position().side_to_move() == slot.agent
            {
                return outcome;
            }
            let mv = Self::opponent_move(opponent, engine, slot);
            slot.record.push(mv);
        }
    }

    /// Starts the game of slot `index` again; the opponent moves first if it must.
    fn restart(&mut self, index: usize) {
        let slot = &mut self.slots[index];
        slot.record.restart(self.starts[index].clone());
        slot.steps = 0;
        slot.agent = match self.agent_side {
            Some(side) => side,
            None if slot.rng.below(2) == 0 => Side::First,
            None => Side::Second,
        };
        // A start position is not over (set_starts checks), and so not over
        // after one move of the opponent.
        let _ = Self::settle(self.opponent, &mut self.engine, slot);
    }

    /// Writes slot `index`'s observation and mask row into `out` (see
    /// [`Slot::write`]) and keeps its action bits (a mask laid out action by
    /// action of a game of at most [`BIT_ACTIONS`] actions is written by
    /// [`Batch::write_masks_by_action`] after the batch).
    fn write_slot(&mut self, index: usize, out: &mut Outputs<'_>, clear_mask: bool) {
        let slot = &mut self.slots[index];
        let mask = (!(out.mask_by_action && G::ACTIONS <= BIT_ACTIONS))
            .then(|| MaskRow::of(out.mask, out.mask_by_action, index, G::ACTIONS));
        let mut bits = 0;
        write_obs(
            &mut out.obs,
            index,
            &mut self.scratch,
            G::PLANES * glue::GRID,
            |obs| {
                bits = slot.write(obs, mask, clear_mask);
            },
        );
        if let Some(entry) = self.action_bits.get_mut(index) {
            *entry = bits;
        }
    }

    /// Zeroes a new mask of a game of more than [`BIT_ACTIONS`] actions
    /// whole, at once, and says so: its rows then need no clearing, only
    /// their legal actions marked (clearing row by row a mask laid out
    /// action by action would touch a cache line per action for each
    /// game). A mask of at most [`BIT_ACTIONS`] actions is written whole
    /// from the bits anyway.
    fn cleared(&self, out: &mut Outputs<'_>) -> bool {
        let clear = out.fresh && G::ACTIONS > BIT_ACTIONS;
        if clear {
            out.mask.fill(0);
        }
        clear
    }

    /// Writes the mask laid out action by action of a game of at most
    /// [`BIT_ACTIONS`] actions, from the bits (see [`write_mask_by_action`]).
    fn write_masks_by_action(&self, out: &mut Outputs<'_>) {
        if out.mask_by_action && G::ACTIONS <= BIT_ACTIONS {
            write_mask_by_action(&self.action_bits, G::ACTIONS, out.mask);
        }
    }

    /// Plays `action` (accepted) in slot `index`: (reward, terminated, truncated).
    fn step_slot(&mut self, index: usize, action: usize) -> (f32, bool, bool) {
        let (opponent, max_steps) = (self.opponent, self.max_steps);
        let slot = &mut self.slots[index];
        let mover = slot.record.position().side_to_move();
        slot.steps += 1;
        let mut outcome = None;
        if let Some(mv) = slot.take(action) {
            slot.record.push(mv);
            outcome = Self::settle(opponent, &mut self.engine, slot);
        }
        let reward = match outcome.and_then(|o| o.winner()) {
            Some(winner) if winner == mover => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        let terminated = outcome.is_some();
        let truncated = !terminated && max_steps.is_some_and(|max| slot.steps >= max);
        (reward, terminated, truncated)
    }
}

impl<G: Glue> AnyBatch for Batch<G> {
    fn actions(&self) -> usize {
        G::ACTIONS
    }

    fn planes(&self) -> usize {
        G::PLANES
    }

    fn set_starts(&mut self, positions: Option<&[String]>) -> Result<(), String> {
        self.starts = parse_starts(positions, self.slots.len())?;
        Ok(())
    }

    fn binary_planes(&self) -> bool {
        G::BINARY_PLANES
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>) {
        self.last_mask = out.mask.as_ptr() as usize;
        // Every row cleared: a new mask at once (see `Batch::cleared`).
        let clear_mask = !self.cleared(out);
        for index in 0..self.slots.len() {
            if let Some(seed) = seed {
                self.slots[index].rng = Rng::new(slot_seed(seed, index));
            }
            self.restart(index);
            self.write_slot(index, out, clear_mask);
            let slot = &self.slots[index];
            out.reward[index] = 0.0;
            out.terminated[index] = false;
            out.truncated[index] = false;
            out.to_play[index] = slot.record.position().side_to_move().index() as i8;
        }
        self.write_masks_by_action(out);
    }

    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), String> {
        for (index, (&action, slot)) in actions.iter().zip(&self.slots).enumerate() {
            let legal = usize::try_from(action).ok().is_some_and(|a| {
                a < G::ACTIONS
                    && match self.action_bits.get(index) {
                        Some(bits) => (bits >> a) & 1 != 0,
                        None => slot.accepts(a),
                    }
            }) || (action == NO_ACTION && slot.legal.is_empty());
            if !legal {
                return Err(format!(
                    "environment {index}: action {action} is not legal there (see info[\"action_mask\"])"
                ));
            }
        }
        let clear_mask = !self.cleared(out) && out.mask.as_ptr() as usize != self.last_mask;
        self.last_mask = out.mask.as_ptr() as usize;
        for (index, &action) in actions.iter().enumerate() {
            // A finished game left finished (no autoreset) takes NO_ACTION
            // and stays as it is.
            let (reward, terminated, truncated) = if action == NO_ACTION {
                (0.0, false, false)
            } else {
                self.step_slot(index, action as usize)
            };
            if (terminated || truncated) && self.autoreset {
                self.restart(index);
            }
            self.write_slot(index, out, clear_mask);
            let slot = &self.slots[index];
            out.reward[index] = reward;
            out.terminated[index] = terminated;
            out.truncated[index] = truncated;
            out.to_play[index] = slot.record.position().side_to_move().index() as i8;
        }
        self.write_masks_by_action(out);
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [i64]) {
        for (slot, action) in self.slots.iter_mut().zip(out) {
            if slot.legal.is_empty() {
                *action = NO_ACTION;
                continue;
            }
            let pick = if slot.step == 0 {
                slot.rng.below(slot.legal.len())
            } else {
                usize::from(slot.candidates[slot.rng.below(slot.candidates.len())])
            };
            *action = slot.record.position().action(slot.legal[pick], slot.step) as i64;
        }
    }

    fn draw(&mut self, counts: &mut [u32]) {
        for (slot, count) in self.slots.iter_mut().zip(counts) {
            if *count > 0 {
                *count = slot.rng.below(*count as usize) as u32;
            }
        }
    }

    fn positions(&self) -> Vec<String> {
        self.slots
            .iter()
            .map(|slot| slot.record.position().position_string())
            .collect()
    }

    fn legal_actions(&self) -> Vec<Vec<usize>> {
        self.slots
            .iter()
            .map(|slot| {
                let position = slot.record.position();
                let mut actions: Vec<usize> = slot
                    .candidates()
                    .map(|i| position.action(slot.legal[i], slot.step))
                    .collect();
                actions.sort_unstable();
                actions.dedup();
                actions
            })
            .collect()
    }
}

/// The result of random games: for each, the winner's colour as Python's
/// `WHITE` (1) and `BLACK` (0), -1 for a draw or a game cut at `max_plies`,
/// and its length in plies.
pub fn random_games<G: Glue>(
    count: usize,
    seed: u64,
    max_plies: Option<u32>,
    winners: &mut [i8],
    plies: &mut [u32],
) {
    let mut rng = Rng::new(seed);
    let mut record = GameHistory::new(G::start());
    let mut moves = MoveList::new();
    for game in 0..count {
        record.restart(G::start());
        let mut played = 0;
        let outcome = loop {
            moves.clear();
            if let Some(outcome) = G::moves_and_outcome(&record, &mut moves) {
                break Some(outcome);
            }
            if max_plies.is_some_and(|max| played >= max) {
                break None;
            }
            record.push(moves[rng.below(moves.len())]);
            played += 1;
        };
        winners[game] = match outcome.and_then(|o| o.winner()) {
            Some(side) => i8::from((side == Side::First) == G::FIRST_IS_WHITE),
            None => -1,
        };
        plies[game] = played;
    }
}
