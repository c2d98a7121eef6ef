//! Time controls and the referee's clock.
//!
//! A time control is written as cutechess-cli writes it: `tc=40/60+0.6`
//! (moves per period, seconds or `m:ss`, increment in seconds), `tc=10+0.1`,
//! `tc=inf`; fixed time per move `st=0.5` (seconds); fixed depth `depth=8`;
//! fixed nodes `nodes=10000`. The referee measures each move's time from the
//! request to the answer; a move over the time left plus the margin loses on
//! time. The increment is added after the move (Fischer).

use std::time::Duration;

/// How much time or work an engine gets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A clock: `moves` per period (`None`: the whole game), `base` per
    /// period, `increment` after each move.
    Clock {
        /// Moves per period, or the whole game.
        moves: Option<u32>,
        /// Time per period.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// This much time for every move.
    MoveTime(Duration),
    /// Search to this depth (no clock).
    Depth(u32),
    /// Search this many nodes (no clock).
    Nodes(u64),
    /// No limit (only sensible with depth or nodes set by engine options).
    Infinite,
}

impl TimeControl {
    /// Reads `tc=` text: `40/60+0.6`, `60+0.6`, `2:30`, `inf`.
    pub fn parse_tc(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "bad time control '{text}': expected [moves/]seconds[+increment], e.g. 40/60+0.6 or 10+0.1"
            )
        };
        if text == "inf" || text == "infinite" {
            return Ok(TimeControl::Infinite);
        }
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => (
                Some(
                    moves
                        .parse::<u32>()
                        .ok()
                        .filter(|&m| m > 0)
                        .ok_or_else(bad)?,
                ),
                rest,
            ),
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, inc)) => (base, Some(inc)),
            None => (rest, None),
        };
        let base = parse_seconds(base).ok_or_else(bad)?;
        let increment = match increment {
            Some(inc) => parse_seconds(inc).ok_or_else(bad)?,
            None => Duration::ZERO,
        };
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock {
            moves,
            base,
            increment,
        })
    }

    /// The control as a PGN `TimeControl` tag writes it (seconds): `40/60+0.6`,
    /// `10+0.1`, `1/0.5` for a fixed time per move, `-` without a clock.
    pub fn pgn(&self) -> String {
        let secs = |d: &Duration| {
            let text = format!("{:.3}", d.as_secs_f64());
            text.trim_end_matches('0').trim_end_matches('.').to_owned()
        };
        match self {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                let mut text = moves.map_or(String::new(), |m| format!("{m}/"));
                text.push_str(&secs(base));
                if !increment.is_zero() {
                    text.push('+');
                    text.push_str(&secs(increment));
                }
                text
            }
            TimeControl::MoveTime(time) => format!("1/{}", secs(time)),
            _ => "-".to_owned(),
        }
    }
}

/// Seconds as `12.5` or `m:ss` (`2:30`); `None` if not a time.
fn parse_seconds(text: &str) -> Option<Duration> {
    let mut seconds = 0.0;
    for part in text.split(':') {
        let value: f64 = part.trim().parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        seconds = seconds * 60.0 + value;
    }
    Duration::try_from_secs_f64(seconds).ok()
}

/// What an engine is told about the clocks when it must move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockView {
    /// Time left on the mover's clock (`None` without a clock).
    pub own: Option<Duration>,
    /// Time left on the opponent's clock.
    pub other: Option<Duration>,
    /// The mover's increment.
    pub own_increment: Duration,
    /// The opponent's increment.
    pub other_increment: Duration,
    /// Moves to the next time control, if the control has periods.
    pub moves_to_go: Option<u32>,
}

/// A player's clock under a time control.
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    remaining: Duration,
    moves_made: u32,
}

/// A move over the time left (plus margin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLoss {
    /// How long the move took.
    pub used: Duration,
    /// What was left before it.
    pub available: Duration,
}

impl Clock {
    /// A full clock.
    pub fn new(control: TimeControl) -> Clock {
        let remaining = match control {
            TimeControl::Clock { base, .. } => base,
            TimeControl::MoveTime(time) => time,
            _ => Duration::ZERO,
        };
        Clock {
            control,
            remaining,
            moves_made: 0,
        }
    }

    /// The time left (the time for the move with a fixed time per move),
    /// `None` without a clock.
    pub fn remaining(&self) -> Option<Duration> {
        match self.control {
            TimeControl::Clock { .. } | TimeControl::MoveTime(_) => Some(self.remaining),
            _ => None,
        }
    }

    /// The increment after each move.
    pub fn increment(&self) -> Duration {
        match self.control {
            TimeControl::Clock { increment, .. } => increment,
            _ => Duration::ZERO,
        }
    }

    /// Moves left in the current period.
    pub fn moves_to_go(&self) -> Option<u32> {
        match self.control {
            TimeControl::Clock {
                moves: Some(moves), ..
            } => Some(moves - self.moves_made % moves),
            _ => None,
        }
    }

    /// Charges a move that took `used`: a time loss if it took longer than
    /// the time left plus `margin`; otherwise the increment is added, and a
    /// new period's time at the end of a period.
    pub fn charge(&mut self, used: Duration, margin: Duration) -> Result<(), TimeLoss> {
        match self.control {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if used > self.remaining + margin {
                    return Err(TimeLoss {
                        used,
                        available: self.remaining,
                    });
                }
                self.remaining = self.remaining.saturating_sub(used) + increment;
                self.moves_made += 1;
                if moves.is_some_and(|m| self.moves_made.is_multiple_of(m)) {
                    self.remaining += base;
                }
                Ok(())
            }
            TimeControl::MoveTime(time) if used > time + margin => Err(TimeLoss {
                used,
                available: time,
            }),
            _ => {
                self.moves_made += 1;
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn reads_cutechess_time_controls() {
        assert_eq!(
            TimeControl::parse_tc("40/60+0.6").unwrap(),
            TimeControl::Clock {
                moves: Some(40),
                base: ms(60_000),
                increment: ms(600)
            }
        );
        assert_eq!(
            TimeControl::parse_tc("2:30").unwrap(),
            TimeControl::Clock {
                moves: None,
                base: ms(150_000),
                increment: Duration::ZERO
            }
        );
        assert_eq!(TimeControl::parse_tc("inf").unwrap(), TimeControl::Infinite);
        for bad in ["", "x", "0/10", "10+", "-5", "0+0", "40/"] {
            let err = TimeControl::parse_tc(bad).unwrap_err();
            assert!(err.starts_with("bad time control"), "{bad}: {err}");
        }
        assert_eq!(TimeControl::parse_tc("10+0.1").unwrap().pgn(), "10+0.1");
        assert_eq!(TimeControl::parse_tc("40/60").unwrap().pgn(), "40/60");
    }

    #[test]
    fn the_clock_adds_increments_and_periods_and_detects_time_losses() {
        let mut clock = Clock::new(TimeControl::parse_tc("2/1+0.1").unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        clock.charge(ms(300), Duration::ZERO).unwrap();
        assert_eq!(clock.remaining(), Some(ms(800)));
        assert_eq!(clock.moves_to_go(), Some(1));
        clock.charge(ms(800), Duration::ZERO).unwrap();
        // 0 + 0.1 increment + 1 s for the new period.
        assert_eq!(clock.remaining(), Some(ms(1100)));
        let loss = clock.charge(ms(1200), ms(50)).unwrap_err();
        assert_eq!(loss.available, ms(1100));
        assert!(clock.charge(ms(1140), ms(50)).is_ok());

        let mut fixed = Clock::new(TimeControl::MoveTime(ms(100)));
        assert!(fixed.charge(ms(140), ms(50)).is_ok());
        assert!(fixed.charge(ms(151), ms(50)).is_err());
        assert_eq!(fixed.remaining(), Some(ms(100)));
        let mut depth = Clock::new(TimeControl::Depth(3));
        assert!(depth.charge(ms(100_000), Duration::ZERO).is_ok());
        assert_eq!(depth.remaining(), None);
    }
}
