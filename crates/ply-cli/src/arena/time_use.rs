//! How each engine spends its clock: what it has left after its 20th, 40th
//! and 60th move of a game (counted from the game's start, opening moves
//! included, as PGN numbers them), and the least it ever had after a move.
//! A clock that runs low early is how an engine loses long endgames.

use ply_core::Side;
use ply_core::record::MoveClock;
use serde_json::{Value, json};
use std::time::Duration;

/// The moves after which the clock is reported.
pub const CHECKPOINTS: [usize; 3] = [20, 40, 60];

/// The clocks seen so far, per engine.
#[derive(Clone, Debug)]
pub struct TimeUse {
    /// `left[engine][k]`: the clock after the engine's move `CHECKPOINTS[k]`,
    /// one entry per game that reached it on a clock.
    left: Vec<[Vec<Duration>; CHECKPOINTS.len()]>,
    /// The least clock after any of the engine's moves.
    least: Vec<Option<Duration>>,
}

impl TimeUse {
    /// Nothing seen yet, for `engines` engines.
    pub fn new(engines: usize) -> TimeUse {
        TimeUse {
            left: vec![Default::default(); engines],
            least: vec![None; engines],
        }
    }

    /// Counts one game of `engines` (the first mover's first): each move's
    /// side and clock, in the order played.
    pub fn add(
        &mut self,
        engines: [usize; 2],
        moves: impl IntoIterator<Item = (Side, Option<MoveClock>)>,
    ) {
        let mut made = [0usize; 2];
        for (side, clock) in moves {
            let index = side.index();
            made[index] += 1;
            let Some(left) = clock.and_then(|c| c.left) else {
                continue;
            };
            let engine = engines[index];
            let least = &mut self.least[engine];
            *least = Some(least.map_or(left, |l| l.min(left)));
            if let Some(k) = CHECKPOINTS.iter().position(|&n| n == made[index]) {
                self.left[engine][k].push(left);
            }
        }
    }

    /// Whether any move was played on a clock.
    fn any(&self) -> bool {
        self.least.iter().any(Option::is_some)
    }

    /// The report for people (empty when no game had a clock): per engine,
    /// the median and least clock after each checkpoint, in seconds.
    pub fn text(&self, names: &[String]) -> String {
        if !self.any() {
            return String::new();
        }
        let width = names.iter().map(String::len).max().unwrap_or(4);
        let moves = CHECKPOINTS.map(|n| n.to_string()).join(" / ");
        let mut out = format!("Clock after moves {moves}: median (least) s, games\n");
        for (engine, name) in names.iter().enumerate() {
            let Some(least) = self.least[engine] else {
                continue;
            };
            let cells: Vec<String> = self.left[engine]
                .iter()
                .map(|seen| match summary(seen) {
                    Some((median, least)) => format!(
                        "{:.2} ({:.2}) {}",
                        median.as_secs_f64(),
                        least.as_secs_f64(),
                        seen.len()
                    ),
                    None => "-".to_owned(),
                })
                .collect();
            out.push_str(&format!(
                "  {name:<width$}  {}; least after any move {:.2}\n",
                cells.join(" / "),
                least.as_secs_f64()
            ));
        }
        out
    }

    /// The report as JSON (`null` when no game had a clock): per engine
    /// name, per checkpoint the median and least seconds and the games.
    pub fn json(&self, names: &[String]) -> Value {
        if !self.any() {
            return Value::Null;
        }
        let mut engines = serde_json::Map::new();
        for (engine, name) in names.iter().enumerate() {
            let mut report = serde_json::Map::new();
            for (k, seen) in self.left[engine].iter().enumerate() {
                let cell = summary(seen).map(|(median, least)| {
                    json!({"median": median.as_secs_f64(), "least": least.as_secs_f64(),
                           "games": seen.len()})
                });
                report.insert(format!("after_move_{}", CHECKPOINTS[k]), json!(cell));
            }
            report.insert(
                "least".to_owned(),
                json!(self.least[engine].map(|l| l.as_secs_f64())),
            );
            engines.insert(name.clone(), Value::Object(report));
        }
        Value::Object(engines)
    }
}

/// The median (the lower middle of an even count) and the least.
fn summary(seen: &[Duration]) -> Option<(Duration, Duration)> {
    let mut sorted = seen.to_vec();
    sorted.sort();
    let least = *sorted.first()?;
    Some((sorted[(sorted.len() - 1) / 2], least))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(seconds: f64) -> Option<MoveClock> {
        Some(MoveClock {
            used: Duration::ZERO,
            left: Some(Duration::from_secs_f64(seconds)),
        })
    }

    /// A game of `plies` moves, alternating from `Side::First`, the first
    /// `book` untimed, each timed move leaving `start - ply / 10` seconds.
    fn game(plies: usize, book: usize, start: f64) -> Vec<(Side, Option<MoveClock>)> {
        (0..plies)
            .map(|ply| {
                let side = if ply % 2 == 0 {
                    Side::First
                } else {
                    Side::Second
                };
                let left = (ply >= book)
                    .then(|| clock(start - ply as f64 / 10.0))
                    .flatten();
                (side, left)
            })
            .collect()
    }

    #[test]
    fn clocks_after_the_checkpoints_per_engine_and_colour() {
        let mut time = TimeUse::new(2);
        // Engine 1 moves first: its 20th move is ply 38 (9.0 - 3.8 = 5.2 s).
        time.add([1, 0], game(90, 8, 9.0));
        // Engine 0 moves first; the game ends before move 60.
        time.add([0, 1], game(100, 8, 10.0));
        let names = ["a".to_owned(), "b".to_owned()];
        let json = time.json(&names);
        let b20 = &json["b"]["after_move_20"];
        assert_eq!(b20["games"], 2);
        // b: 5.2 s (first mover, first game) and 10 - 3.9 = 6.1 s (second).
        assert!(
            (b20["least"].as_f64().unwrap() - 5.2).abs() < 1e-9,
            "{json}"
        );
        assert!(
            (b20["median"].as_f64().unwrap() - 5.2).abs() < 1e-9,
            "{json}"
        );
        // a made 45 moves in the first game and 50 in the second: no 60th.
        assert_eq!(json["a"]["after_move_60"], Value::Null);
        assert_eq!(json["a"]["after_move_40"]["games"], 2);
        // b's least: the second game's last move, ply 99: 10 - 9.9 s.
        assert!((json["b"]["least"].as_f64().unwrap() - 0.1).abs() < 1e-9);
        let text = time.text(&names);
        assert!(text.contains("Clock after moves 20 / 40 / 60"), "{text}");
        assert!(text.contains("  b  5.20 (5.20) 2 / "), "{text}");
    }

    #[test]
    fn medians_and_least() {
        let s = |xs: &[u64]| {
            summary(
                &xs.iter()
                    .map(|&x| Duration::from_secs(x))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(s(&[]), None);
        let secs = |x| Duration::from_secs(x);
        assert_eq!(s(&[4]), Some((secs(4), secs(4))));
        assert_eq!(s(&[5, 1, 3, 9]), Some((secs(3), secs(1))));
        assert_eq!(s(&[5, 1, 3]), Some((secs(3), secs(1))));
    }

    #[test]
    fn no_clock_no_report() {
        let mut time = TimeUse::new(2);
        time.add([0, 1], game(30, 30, 0.0));
        assert_eq!(time.text(&["a".into(), "b".into()]), "");
        assert_eq!(time.json(&["a".into(), "b".into()]), Value::Null);
    }
}
