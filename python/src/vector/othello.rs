//! Othello's batch, kept as bitboards: each environment is a position and
//! its legal actions as bits, stepped without move lists or a game record
//! (Othello has no rule that looks back). It plays the same games as the
//! generic [`Batch`](super::Batch) from the same seed and actions (the same
//! draws, in the same order), several times faster; the opponent that
//! searches stays with the generic batch.

use super::outputs::{spread_to_bytes, spread_to_floats};
use super::{
    AnyBatch, Episodes, MaskRow, NO_ACTION, Opponent, Outputs, Planes, slot_seed,
    write_mask_by_action,
};
use crate::glue::othello::PASS;
use ply_core::rng::Rng;
use ply_core::{Game, Side};
use ply_othello::{Move, Othello, Square};

/// Actions: the 64 squares and the pass.
const ACTIONS: usize = PASS + 1;

/// The legal actions of `position` as bits (bit 64 the pass; none when the
/// game is over), as the generic batch's move list gives them.
fn action_bits(position: &Othello) -> u128 {
    let squares = position.move_squares();
    if squares != 0 {
        u128::from(squares)
    } else if position.must_pass() {
        1 << PASS
    } else {
        0
    }
}

/// The `k`-th (from 0) lowest set bit of `bits`: the `k`-th legal move of
/// the generic batch's list, which lists squares from a1 up (BMI2's `pdep`
/// where the CPU has it: a loop clearing `k` bits mispredicts).
#[inline]
fn nth_action(bits: u128, k: usize) -> usize {
    super::sample::nth_set_bit(bits, k as u32)
}

/// The move of an action.
fn action_move(action: usize) -> Move {
    if action == PASS {
        Move::PASS
    } else {
        Move::place(Square::new(action as u8))
    }
}

/// One environment's game (what a step reads and writes, together).
struct Slot {
    position: Othello,
    /// Steps taken in this episode.
    steps: u32,
    /// The side the agent plays (against an opponent).
    agent: Side,
    rng: Rng,
}

/// A batch of Othello environments, opponents that play at random or none.
pub struct OthelloBatch {
    slots: Vec<Slot>,
    /// Each environment's legal actions as bits (apart from the slots: the
    /// mask laid out action by action is written from them alone).
    legal: Vec<u128>,
    /// Who answers, on which side, how long, what follows the end (the
    /// opponent plays at random or not at all).
    episodes: Episodes,
    /// Where each game starts.
    starts: Vec<Othello>,
}

impl OthelloBatch {
    /// `num_envs` games from the start; `None` for the searching opponent
    /// (the generic batch's).
    pub fn new(num_envs: usize, seed: u64, episodes: Episodes) -> Option<Self> {
        if matches!(episodes.opponent, Opponent::Search(_)) {
            return None;
        }
        let start = Othello::start();
        Some(OthelloBatch {
            slots: (0..num_envs)
                .map(|i| Slot {
                    position: start,
                    steps: 0,
                    agent: Side::First,
                    rng: Rng::new(slot_seed(seed, i)),
                })
                .collect(),
            legal: vec![action_bits(&start); num_envs],
            episodes,
            starts: vec![start; num_envs],
        })
    }

    /// Lets the random opponent move in environment `index` while it is its
    /// turn and the game goes on; keeps the legal actions.
    #[inline(always)]
    fn settle(&mut self, index: usize) {
        let slot = &mut self.slots[index];
        loop {
            let bits = action_bits(&slot.position);
            if bits == 0
                || self.episodes.opponent != Opponent::Random
                || slot.position.side_to_move() == slot.agent
            {
                self.legal[index] = bits;
                return;
            }
            let pick = slot.rng.below(bits.count_ones() as usize);
            slot.position = slot
                .position
                .play_unchecked(action_move(nth_action(bits, pick)));
        }
    }

    /// Starts the game of environment `index` again.
    fn restart(&mut self, index: usize) {
        let slot = &mut self.slots[index];
        slot.position = self.starts[index];
        slot.steps = 0;
        slot.agent = match self.episodes.agent_side {
            Some(side) => side,
            None if slot.rng.below(2) == 0 => Side::First,
            None => Side::Second,
        };
        self.settle(index);
    }

    /// Writes environment `index`'s observation and mask row (a mask laid out
    /// action by action is written after the batch).
    #[inline(always)]
    fn write(&self, index: usize, out: &mut Outputs<'_>) {
        let position = &self.slots[index].position;
        let (mine, theirs) = (position.player(), position.opponent());
        match &mut out.obs {
            Planes::F32(obs) => {
                let planes = &mut obs[index * 2 * 64..][..2 * 64];
                spread_to_floats(&mut planes[..64], mine);
                spread_to_floats(&mut planes[64..], theirs);
            }
            Planes::U8(obs) => {
                let planes = &mut obs[index * 2 * 64..][..2 * 64];
                spread_to_bytes(&mut planes[..64], u128::from(mine));
                spread_to_bytes(&mut planes[64..], u128::from(theirs));
            }
        }
        if !out.mask_by_action {
            MaskRow::of(out.mask, false, index, ACTIONS).write_bits(self.legal[index], ACTIONS);
        }
        out.to_play[index] = position.side_to_move().index() as i8;
    }
}

impl AnyBatch for OthelloBatch {
    fn actions(&self) -> usize {
        ACTIONS
    }

    fn planes(&self) -> usize {
        2
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    fn binary_planes(&self) -> bool {
        true
    }

    fn set_starts(&mut self, positions: Option<&[String]>) -> Result<(), String> {
        self.starts = crate::vector::parse_starts(positions, self.slots.len())?;
        Ok(())
    }

    fn reset(&mut self, seed: Option<u64>, out: &mut Outputs<'_>) {
        for index in 0..self.len() {
            if let Some(seed) = seed {
                self.slots[index].rng = Rng::new(slot_seed(seed, index));
            }
            self.restart(index);
            self.write(index, out);
            out.reward[index] = 0.0;
            out.terminated[index] = false;
            out.truncated[index] = false;
        }
        if out.mask_by_action {
            write_mask_by_action(&self.legal, ACTIONS, out.mask);
        }
    }

    fn step(&mut self, actions: &[i64], out: &mut Outputs<'_>) -> Result<(), String> {
        for (index, (&action, &bits)) in actions.iter().zip(&self.legal).enumerate() {
            let legal = usize::try_from(action).is_ok_and(|a| a < ACTIONS && (bits >> a) & 1 != 0)
                || (action == NO_ACTION && bits == 0);
            if !legal {
                return Err(format!(
                    "environment {index}: action {action} is not legal there (see info[\"action_mask\"])"
                ));
            }
        }
        for (index, &action) in actions.iter().enumerate() {
            if action == NO_ACTION {
                // A finished game left finished (no autoreset) stays as it is.
                self.write(index, out);
                out.reward[index] = 0.0;
                out.terminated[index] = false;
                out.truncated[index] = false;
                continue;
            }
            let slot = &mut self.slots[index];
            let mover = slot.position.side_to_move();
            slot.position = slot.position.play_unchecked(action_move(action as usize));
            slot.steps += 1;
            let steps = slot.steps;
            self.settle(index);
            let outcome = (self.legal[index] == 0)
                .then(|| self.slots[index].position.outcome())
                .flatten();
            let reward = match outcome.and_then(|o| o.winner()) {
                Some(winner) if winner == mover => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            let terminated = outcome.is_some();
            let truncated = !terminated && self.episodes.max_steps.is_some_and(|max| steps >= max);
            if (terminated || truncated) && self.episodes.autoreset {
                self.restart(index);
            }
            self.write(index, out);
            out.reward[index] = reward;
            out.terminated[index] = terminated;
            out.truncated[index] = truncated;
        }
        if out.mask_by_action {
            write_mask_by_action(&self.legal, ACTIONS, out.mask);
        }
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [i64]) {
        for ((&bits, slot), action) in self.legal.iter().zip(&mut self.slots).zip(out) {
            *action = match bits.count_ones() {
                0 => NO_ACTION,
                count => nth_action(bits, slot.rng.below(count as usize)) as i64,
            };
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
            .map(|slot| slot.position.position_string())
            .collect()
    }

    fn game_specific(&self) -> bool {
        true
    }

    fn legal_actions(&self) -> Vec<Vec<usize>> {
        self.legal
            .iter()
            .map(|&bits| (0..ACTIONS).filter(|&a| (bits >> a) & 1 != 0).collect())
            .collect()
    }
}
