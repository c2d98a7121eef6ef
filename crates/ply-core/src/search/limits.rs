//! When to stop searching: depth, nodes, a fixed time per move, or a game clock
//! turned into a soft and a hard deadline.

use std::time::{Duration, Instant};

/// The time left on the mover's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time remaining.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. With nothing set the search runs until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (nominal plies).
    pub depth: Option<u32>,
    /// Nodes to search at most (all threads together).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The clock, for the time manager to share out.
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is set.
    pub infinite: bool,
    /// Time kept back per move for communication delays.
    pub move_overhead: Duration,
    /// Think on the opponent's time: no time limit counts until the search's
    /// [`PonderHit`] arrives, and then they count from that moment.
    pub ponder: bool,
    /// Moves the side to move has played in the game so far, when known: a
    /// clock without moves-to-go is then shared over fewer moves as the game
    /// goes on (see [`Limits::clock`]).
    pub moves_played: Option<u32>,
}

/// The moment a pondering search ([`Limits::ponder`]) learns that the
/// opponent played the expected move: from then on it keeps its time limits.
/// One per search, so that nothing of it outlives the search.
#[derive(Debug, Default)]
pub struct PonderHit(std::sync::OnceLock<Instant>);

impl PonderHit {
    /// A ponder search not hit yet.
    #[must_use]
    pub fn new() -> PonderHit {
        PonderHit::default()
    }

    /// The opponent played the expected move now (later calls change nothing).
    pub fn hit(&self) {
        let _ = self.0.set(Instant::now());
    }

    /// When the hit came, if it came.
    #[must_use]
    pub fn time(&self) -> Option<Instant> {
        self.0.get().copied()
    }
}

impl Limits {
    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for `time`.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Search `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// The times a search works to: past `soft` no new iteration starts, at
/// `hard` the search stops at once. Under a clock the soft deadline is the
/// move's target time, which the search scales by how settled its iterations
/// are, starting none that would likely end far past it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// Do not start another iteration after this (a clock's target time).
    pub soft: Option<Instant>,
    /// Stop now.
    pub hard: Option<Instant>,
}

impl Deadlines {
    /// No deadline at all.
    pub const NONE: Deadlines = Deadlines {
        soft: None,
        hard: None,
    };

    /// The deadlines of `limits` for a search started at `start`.
    #[must_use]
    pub fn new(limits: &Limits, start: Instant) -> Deadlines {
        if limits.infinite {
            return Deadlines {
                soft: None,
                hard: None,
            };
        }
        let overhead = limits.move_overhead;
        let mut budget: Option<(Duration, Duration)> = None;
        if let Some(time) = limits.movetime {
            let time = time.saturating_sub(overhead).max(Duration::from_millis(1));
            budget = Some((time, time));
        }
        if let Some(clock) = limits.clock {
            let (soft, hard) = clock_budget(&clock, overhead, limits.moves_played);
            budget = Some(match budget {
                Some((s, h)) => (s.min(soft), h.min(hard)),
                None => (soft, hard),
            });
        }
        match budget {
            // A time too far away to be an instant is no deadline at all.
            Some((soft, hard)) => Deadlines {
                soft: start.checked_add(soft),
                hard: start.checked_add(hard),
            },
            None => Deadlines {
                soft: None,
                hard: None,
            },
        }
    }
}

/// Moves a game is assumed to last beyond this one when the clock has no
/// moves-to-go (sudden death, with or without increment) and the number of
/// moves played is unknown.
const SUDDEN_DEATH_MOVES: u32 = 40;

/// The moves still to come assumed at the start of a sudden-death game: one
/// fewer for every [`MOVES_PER_HORIZON_MOVE`] moves played, down to
/// [`SUDDEN_DEATH_MIN_MOVES`] (a long game is expected to last a while yet).
const SUDDEN_DEATH_START_MOVES: u32 = 30;

/// The fewest moves still to come a sudden-death game is ever assumed to
/// have: what keeps time back for long endgames.
const SUDDEN_DEATH_MIN_MOVES: u32 = 12;

/// Moves played for each move fewer in the assumed horizon.
const MOVES_PER_HORIZON_MOVE: u32 = 3;

/// In sudden death, the clock kept back as a reserve, in increments (never
/// more than half the clock): near it a move uses less than the increment,
/// so the clock grows back rather than running down in a long endgame.
/// Four (with a horizon of at least 12 moves) where ten and 18 kept a median
/// 2.9 s of a 10 s + 0.1 s clock unused after move 60, against Ethereal 12's
/// 0.35 s in the same games (README, "The fifth network").
const SUDDEN_DEATH_RESERVE_INCREMENTS: u32 = 4;

/// Below this much usable time (the clock less the overhead) the engine
/// moves at once, whatever the increment.
const MOVE_AT_ONCE: Duration = Duration::from_millis(15);

/// How many times the soft budget a move may run to (the hard budget), where
/// the clock allows it: room for the time manager to give a move with an
/// unstable best move or a falling score more than its share.
const HARD_PER_SOFT: u32 = 3;

/// The moves a sudden-death clock is shared over after `moves_played` moves
/// (or [`SUDDEN_DEATH_MOVES`] when that is unknown).
fn sudden_death_horizon(moves_played: Option<u32>) -> u32 {
    moves_played.map_or(SUDDEN_DEATH_MOVES, |played| {
        SUDDEN_DEATH_START_MOVES
            .saturating_sub(played / MOVES_PER_HORIZON_MOVE)
            .max(SUDDEN_DEATH_MIN_MOVES)
    })
}

/// The soft and hard budget for one move under `clock`, keeping `overhead`
/// back for each move still to come before the next time control. Both are
/// at least a millisecond: the search always has a move to give.
///
/// The time for the rest of the control is the clock plus three quarters of
/// the increments still to come, less the overhead of every one of those
/// moves (and, in sudden death, less a reserve of
/// [`SUDDEN_DEATH_RESERVE_INCREMENTS`] increments); a move gets its even share of it (the soft budget: the time
/// manager aims at it, see [`Deadlines`]), and may run on to
/// [`HARD_PER_SOFT`] times that (the hard budget). Without moves-to-go the
/// rest of the game is assumed to last [`sudden_death_horizon`] moves, fewer
/// as `moves_played` grows. A move never plans to use more than a fifth of
/// the clock, or up to three quarters of it when the increment (or the next
/// control) will refill it, so a clock kept by someone else is never run
/// down.
fn clock_budget(
    clock: &Clock,
    overhead: Duration,
    moves_played: Option<u32>,
) -> (Duration, Duration) {
    const MS: Duration = Duration::from_millis(1);
    let usable = clock.remaining.saturating_sub(overhead);
    if usable < MOVE_AT_ONCE {
        return (MS, MS);
    }
    let moves = clock
        .moves_to_go
        .map_or_else(|| sudden_death_horizon(moves_played), |m| m.clamp(1, 50));
    let increments = clock.increment.saturating_mul(moves - 1).saturating_mul(3) / 4;
    let reserve = if clock.moves_to_go.is_none() {
        clock
            .increment
            .saturating_mul(SUDDEN_DEATH_RESERVE_INCREMENTS)
            .min(usable / 2)
    } else {
        Duration::ZERO
    };
    let pool = (usable - reserve)
        .saturating_add(increments)
        .saturating_sub(overhead.saturating_mul(moves));
    let share = pool / moves;
    let refilled = if moves == 1 {
        usable
    } else {
        clock.increment.max(usable / moves)
    };
    let ceiling = (usable / 5).max(refilled.min(usable - usable / 4));
    let soft = share.min(ceiling).max(MS);
    let hard = soft
        .saturating_mul(HARD_PER_SOFT)
        .min(usable - usable / 4)
        .max(soft);
    (soft, hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_times_give_no_deadline_rather_than_overflow() {
        let start = Instant::now();
        let huge = Limits {
            movetime: Some(Duration::MAX),
            clock: Some(Clock {
                remaining: Duration::MAX,
                increment: Duration::MAX,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let d = Deadlines::new(&huge, start);
        assert!(
            d.hard
                .is_none_or(|hard| hard > start + Duration::from_secs(1 << 40))
        );
    }

    #[test]
    fn movetime_and_clock_give_deadlines() {
        let start = Instant::now();
        let ms = Duration::from_millis;
        let d = Deadlines::new(&Limits::movetime(ms(500)), start);
        assert_eq!(d.hard, Some(start + ms(500)));
        let clock = Limits {
            clock: Some(Clock {
                remaining: ms(1000),
                increment: ms(10),
                moves_to_go: None,
            }),
            move_overhead: ms(10),
            ..Limits::default()
        };
        let d = Deadlines::new(&clock, start);
        let (soft, hard) = (d.soft.unwrap() - start, d.hard.unwrap() - start);
        assert!(soft > ms(15) && soft < ms(60), "{soft:?}");
        assert!(hard >= soft && hard <= ms(495), "{hard:?}");
        // Almost out of time: still some time, a quarter of the usable rest kept.
        let low = Limits {
            clock: Some(Clock {
                remaining: ms(30),
                increment: ms(0),
                moves_to_go: Some(1),
            }),
            move_overhead: ms(10),
            ..Limits::default()
        };
        let d = Deadlines::new(&low, start);
        assert!(d.hard.unwrap() - start <= ms(15));
        let none = Deadlines::new(&Limits::depth(5), start);
        assert_eq!(
            none,
            Deadlines {
                soft: None,
                hard: None
            }
        );
        let infinite = Limits {
            infinite: true,
            ..Limits::movetime(ms(5))
        };
        assert_eq!(Deadlines::new(&infinite, start).hard, None);
    }

    /// The budget for `remaining` ms, `increment` ms, `moves_to_go`, with a 10 ms overhead.
    fn budget(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> (Duration, Duration) {
        let clock = Clock {
            remaining: Duration::from_millis(remaining),
            increment: Duration::from_millis(increment),
            moves_to_go,
        };
        clock_budget(&clock, Duration::from_millis(10), None)
    }

    #[test]
    fn the_clock_is_spread_over_the_game() {
        let ms = Duration::from_millis;
        // 10 s + 0.1 s at the start: a fortieth of the clock and most of the increment.
        let (soft, hard) = budget(10_000, 100, None);
        assert!(soft > ms(250) && soft < ms(400), "{soft:?}");
        assert_eq!(hard, soft * HARD_PER_SOFT);
        // The same control late in the game: about the increment, never the clock.
        let (soft, hard) = budget(1_000, 100, None);
        assert!(soft > ms(60) && soft < ms(100), "{soft:?}");
        assert!(hard <= ms(740), "{hard:?}");
        // A large increment on a small clock is used, the clock is not.
        let (soft, hard) = budget(500, 1_000, None);
        assert!(soft >= ms(300), "{soft:?}");
        assert!(hard <= ms(368), "{hard:?}");
        // The last move before the next control may use most of the clock.
        let (soft, _) = budget(1_000, 0, Some(1));
        assert!(soft >= ms(700), "{soft:?}");
        // Sudden death with little left: a reserve for the moves to come.
        let (soft, hard) = budget(300, 0, None);
        assert_eq!((soft, hard), (ms(1), ms(3)));
        // Below the floor the move is made at once.
        assert_eq!(budget(20, 5_000, None), (ms(1), ms(1)));
    }

    #[test]
    fn a_sudden_death_clock_is_shared_over_fewer_moves_as_the_game_goes_on() {
        assert_eq!(sudden_death_horizon(None), SUDDEN_DEATH_MOVES);
        assert_eq!(sudden_death_horizon(Some(0)), SUDDEN_DEATH_START_MOVES);
        assert_eq!(
            sudden_death_horizon(Some(30)),
            SUDDEN_DEATH_START_MOVES - 10
        );
        assert_eq!(sudden_death_horizon(Some(500)), SUDDEN_DEATH_MIN_MOVES);
        let clock = Clock {
            remaining: Duration::from_secs(5),
            increment: Duration::from_millis(100),
            moves_to_go: None,
        };
        let overhead = Duration::from_millis(10);
        let early = clock_budget(&clock, overhead, Some(0)).0;
        let late = clock_budget(&clock, overhead, Some(60)).0;
        assert!(late > early, "{early:?} {late:?}");
        // A control with moves-to-go ignores the moves played.
        let control = Clock {
            moves_to_go: Some(20),
            ..clock
        };
        assert_eq!(
            clock_budget(&control, overhead, Some(0)),
            clock_budget(&control, overhead, Some(60))
        );
    }

    #[test]
    fn a_late_sudden_death_clock_runs_down_to_its_reserve_and_no_further() {
        let clock = |remaining| Clock {
            remaining: Duration::from_millis(remaining),
            increment: Duration::from_millis(100),
            moves_to_go: None,
        };
        let overhead = Duration::from_millis(10);
        // 10 s + 0.1 s after 60 moves with 2 s left: clearly more than the
        // increment a move, so the clock is spent rather than kept.
        let (soft, _) = clock_budget(&clock(2_000), overhead, Some(60));
        assert!(soft > Duration::from_millis(150), "{soft:?}");
        // Near the reserve a move takes less than the increment: the clock
        // grows back instead of running out.
        let (soft, _) = clock_budget(&clock(500), overhead, Some(60));
        assert!(soft < Duration::from_millis(100), "{soft:?}");
    }

    #[test]
    fn no_budget_runs_the_clock_down() {
        for remaining in [0, 5, 11, 20, 25, 40, 100, 300, 1_000, 10_000, 600_000] {
            for increment in [0, 10, 20, 100, 1_000, 30_000] {
                for moves_to_go in [None, Some(1), Some(2), Some(5), Some(40), Some(1000)] {
                    let (soft, hard) = budget(remaining, increment, moves_to_go);
                    let usable = Duration::from_millis(remaining.saturating_sub(10));
                    let ms = Duration::from_millis(1);
                    assert!(soft <= hard, "{remaining} {increment} {moves_to_go:?}");
                    assert!(
                        hard <= (usable - usable / 4).max(ms),
                        "{remaining} {increment} {moves_to_go:?}: {hard:?}"
                    );
                    assert!(soft >= ms);
                }
            }
        }
    }
}
