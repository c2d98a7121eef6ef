//! Game clocks: a time for the whole game and an increment per move, one
//! clock per side, chosen when the game starts (`ply serve`'s `"clock":
//! {"initial_ms": 300000, "increment_ms": 2000}`).
//!
//! In `ply serve`, the server keeps both clocks. It times the computer's moves itself
//! (`think` gives the computer a share of its clock, [`Clock::budget`], and
//! takes from it the time the request really took); a person's moves are
//! timed by the page, which sends the time each took (`used_ms`) and says
//! when the person's flag fell (`POST /api/games/{id}/flag`). A clock that
//! runs out ends the game: the other side wins on time, whatever the
//! material (chess's rule that a flag against a side that cannot mate is
//! a draw is not applied). The time a `think` request waits for a search
//! permit is the computer's too, so a busy server can make it flag.

use ply_core::record::MoveClock;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The longest game clock a page may ask for: three hours.
pub const MAX_INITIAL: Duration = Duration::from_secs(3 * 3600);
/// The largest increment: one minute.
pub const MAX_INCREMENT: Duration = Duration::from_secs(60);

/// The clock a page asks for at a new game.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Each side's time for the game, in milliseconds (1 s to 3 h).
    pub initial_ms: u64,
    /// Added after each move, in milliseconds (0 to 60 s).
    #[serde(default)]
    pub increment_ms: u64,
}

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    initial: Duration,
    increment: Duration,
    /// Time left: the first player's, the second's.
    left: [Duration; 2],
    /// The side whose flag fell (`true`: the first player's).
    flagged: Option<bool>,
    /// Each move's time and the clock after it, by the move's index.
    log: Vec<Option<MoveClock>>,
}

/// The clocks as the API shows them.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// Each side's time for the game, in milliseconds.
    pub initial_ms: u64,
    /// The increment, in milliseconds.
    pub increment_ms: u64,
    /// The first player's time left, in milliseconds, as of the last move.
    pub first_ms: u64,
    /// The second player's time left, in milliseconds.
    pub second_ms: u64,
    /// Whose flag fell: `"first"` or `"second"`; none while both run.
    pub flagged: Option<&'static str>,
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

impl ClockSpec {
    /// The clocks, both full.
    ///
    /// # Errors
    /// 400 for a time or an increment out of range.
    pub fn start(&self) -> Result<Clock, String> {
        let initial = Duration::from_millis(self.initial_ms);
        let increment = Duration::from_millis(self.increment_ms);
        if initial < Duration::from_secs(1) || initial > MAX_INITIAL {
            return Err(format!(
                "clock initial_ms must be 1000 to {}",
                millis(MAX_INITIAL)
            ));
        }
        if increment > MAX_INCREMENT {
            return Err(format!(
                "clock increment_ms must be 0 to {}",
                millis(MAX_INCREMENT)
            ));
        }
        Ok(Clock {
            initial,
            increment,
            left: [initial; 2],
            flagged: None,
            log: Vec::new(),
        })
    }
}

impl Clock {
    fn index(first: bool) -> usize {
        usize::from(!first)
    }

    /// The time the side (`first`: the first player) has left.
    pub fn left(&self, first: bool) -> Duration {
        self.left[Clock::index(first)]
    }

    /// Whose flag fell (`true`: the first player's).
    pub fn flagged(&self) -> Option<bool> {
        self.flagged
    }

    /// The time the computer may think for a move of the side (`first`):
    /// a thirtieth of its clock and most of the increment, never more than
    /// its clock less a margin for the answer's way back, at least 10 ms.
    pub fn budget(&self, first: bool) -> Duration {
        let left = self.left(first);
        let share = left / 30 + self.increment * 3 / 4;
        let margin = (left / 10).min(Duration::from_millis(300));
        share
            .min(left.saturating_sub(margin))
            .max(Duration::from_millis(10))
    }

    /// The side (`first`) moved in `used`: its clock loses that and gains
    /// the increment; whether its flag fell instead (the clock ran out, the
    /// move does not count).
    pub fn moved(&mut self, first: bool, used: Duration) -> bool {
        let i = Clock::index(first);
        if used >= self.left[i] {
            self.left[i] = Duration::ZERO;
            self.flagged = Some(first);
            return true;
        }
        self.left[i] = self.left[i] - used + self.increment;
        false
    }

    /// Notes that the move at `index` of the game, by the side (`first`),
    /// took `used` ([`Clock::moved`] counted it): the record's `[%emt]`
    /// and `[%clk]`.
    pub fn log(&mut self, index: usize, first: bool, used: Duration) {
        if self.log.len() <= index {
            self.log.resize(index + 1, None);
        }
        self.log[index] = Some(MoveClock {
            used,
            left: Some(self.left(first)),
        });
    }

    /// Each move's time and the clock after it, by the move's index (`None`
    /// for a move not timed).
    pub fn move_clocks(&self) -> &[Option<MoveClock>] {
        &self.log
    }

    /// The side's (`first`) flag fell.
    pub fn flag(&mut self, first: bool) {
        self.left[Clock::index(first)] = Duration::ZERO;
        self.flagged = Some(first);
    }

    /// The time control as PGN and PDN write it (`300+2`, in seconds).
    pub fn time_control(&self) -> String {
        let seconds = |t: Duration| {
            let ms = millis(t);
            if ms.is_multiple_of(1000) {
                (ms / 1000).to_string()
            } else {
                format!("{:.3}", t.as_secs_f64())
            }
        };
        format!("{}+{}", seconds(self.initial), seconds(self.increment))
    }

    /// The clocks as the API shows them.
    pub fn view(&self) -> ClockView {
        ClockView {
            initial_ms: millis(self.initial),
            increment_ms: millis(self.increment),
            first_ms: millis(self.left[0]),
            second_ms: millis(self.left[1]),
            flagged: self
                .flagged
                .map(|first| if first { "first" } else { "second" }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_count_down_gain_the_increment_and_flag() {
        let spec = ClockSpec {
            initial_ms: 60_000,
            increment_ms: 1_000,
        };
        let mut clock = spec.start().unwrap();
        assert_eq!(clock.time_control(), "60+1");
        assert!(!clock.moved(true, Duration::from_millis(5_000)));
        assert_eq!(clock.left(true), Duration::from_millis(56_000));
        assert_eq!(clock.left(false), Duration::from_millis(60_000));
        let budget = clock.budget(false);
        assert!(budget > Duration::from_secs(2) && budget < Duration::from_secs(3));
        clock.log(0, true, Duration::from_millis(5_000));
        let logged = clock.move_clocks()[0].unwrap();
        assert_eq!(logged.left, Some(Duration::from_millis(56_000)));
        assert!(clock.moved(false, Duration::from_secs(61)));
        assert_eq!(clock.flagged(), Some(false));
        assert_eq!(clock.view().flagged, Some("second"));
        assert_eq!(clock.view().second_ms, 0);
    }

    #[test]
    fn a_nearly_empty_clock_still_leaves_a_margin() {
        let mut clock = ClockSpec {
            initial_ms: 1_000,
            increment_ms: 0,
        }
        .start()
        .unwrap();
        clock.moved(true, Duration::from_millis(900));
        assert_eq!(clock.budget(true), Duration::from_millis(10));
        assert!(clock.budget(false) < Duration::from_millis(100));
    }

    #[test]
    fn clocks_out_of_range_are_refused() {
        for (initial_ms, increment_ms) in [(0, 0), (999, 0), (20_000_000, 0), (60_000, 61_000)] {
            let spec = ClockSpec {
                initial_ms,
                increment_ms,
            };
            assert!(spec.start().is_err(), "{spec:?}");
        }
    }
}
