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
/// `hard` the search stops at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    /// Do not start another iteration after this.
    pub soft: Option<Instant>,
    /// Stop now.
    pub hard: Option<Instant>,
}

impl Deadlines {
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
            let usable = clock.remaining.saturating_sub(overhead);
            let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
            let share = (usable / moves).saturating_add(clock.increment.saturating_mul(3) / 4);
            // Never plan to use more than a third of the clock, nor stop later
            // than half of it, whatever the increment says.
            let soft = share.min(usable / 3);
            let hard = soft.saturating_mul(4).min(usable / 2).max(soft);
            let soft = soft.max(Duration::from_millis(1));
            let hard = hard.max(Duration::from_millis(1));
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
        assert!(soft > ms(20) && soft < ms(60), "{soft:?}");
        assert!(hard >= soft && hard <= ms(495), "{hard:?}");
        // Almost out of time: still some time, never more than half the rest.
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
        assert!(d.hard.unwrap() - start <= ms(10));
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
}
