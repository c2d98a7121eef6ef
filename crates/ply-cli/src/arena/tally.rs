//! The running results of a match: per engine and per pair of engines, the
//! pentanomial pairs of the first two engines, the engines' time use, and
//! their summaries as text and JSON.

use super::stats::{self, Pentanomial, Sprt, Wdl};
use super::time_use::TimeUse;
use ply_core::Side;
use ply_core::record::MoveClock;
use serde_json::{Value, json};
use std::collections::HashMap;

/// Results so far.
#[derive(Clone, Debug)]
pub struct Tally {
    names: Vec<String>,
    /// `cross[i][j]`: engine i's results against engine j.
    cross: Vec<Vec<Wdl>>,
    /// Pairs of the first two engines: the first game's points of engine 0
    /// until its partner ends.
    waiting: HashMap<usize, f64>,
    pentanomial: Pentanomial,
    sprt: Option<Sprt>,
    time_use: TimeUse,
    /// Games counted.
    pub games: u32,
}

impl Tally {
    /// No results yet.
    pub fn new(names: Vec<String>, sprt: Option<Sprt>) -> Tally {
        let n = names.len();
        Tally {
            names,
            cross: vec![vec![Wdl::default(); n]; n],
            waiting: HashMap::new(),
            pentanomial: Pentanomial::default(),
            sprt,
            time_use: TimeUse::new(n),
            games: 0,
        }
    }

    /// Counts a game of `engines` (the first mover first) won by `winner`
    /// (`None`: drawn); `pair` links the two games of one opening.
    pub fn add(&mut self, engines: [usize; 2], winner: Option<Side>, pair: Option<usize>) {
        self.games += 1;
        let points = |index: usize| match winner {
            None => 0.5,
            Some(side) if side.index() == index => 1.0,
            Some(_) => 0.0,
        };
        for index in 0..2 {
            let (me, them) = (engines[index], engines[1 - index]);
            let wdl = &mut self.cross[me][them];
            match winner {
                None => wdl.draws += 1,
                Some(side) if side.index() == index => wdl.wins += 1,
                Some(_) => wdl.losses += 1,
            }
        }
        // Pairs count engine 0's points, for the head-to-head of the first two.
        if let Some(key) = pair
            && engines.contains(&0)
            && engines.contains(&1)
        {
            let mine = points(if engines[0] == 0 { 0 } else { 1 });
            match self.waiting.remove(&key) {
                Some(first) => stats::add_pair(&mut self.pentanomial, first, mine),
                None => {
                    self.waiting.insert(key, mine);
                }
            }
        }
    }

    /// Counts the clocks of a game of `engines` (the first mover's first):
    /// each move's side and clock, in the order played.
    pub fn add_time_use(
        &mut self,
        engines: [usize; 2],
        moves: impl IntoIterator<Item = (Side, Option<MoveClock>)>,
    ) {
        self.time_use.add(engines, moves);
    }

    /// Engine 0's results against engine 1.
    pub fn head_to_head(&self) -> Wdl {
        self.cross[0][1]
    }

    /// An engine's results against all.
    pub fn total(&self, engine: usize) -> Wdl {
        self.cross[engine].iter().fold(Wdl::default(), |a, b| Wdl {
            wins: a.wins + b.wins,
            draws: a.draws + b.draws,
            losses: a.losses + b.losses,
        })
    }

    /// The SPRT's decision, if one was asked for and it decided.
    pub fn sprt_decision(&self) -> Option<bool> {
        let sprt = self.sprt?;
        sprt.state(&self.head_to_head(), &self.pentanomial).decision
    }

    /// One line with the running score, for the progress bar.
    pub fn score_line(&self) -> String {
        if self.names.len() == 2 {
            let w = self.head_to_head();
            format!(
                "{} vs {}: {} - {} - {}",
                self.names[0], self.names[1], w.wins, w.losses, w.draws
            )
        } else {
            let mut ranked: Vec<usize> = (0..self.names.len()).collect();
            ranked.sort_by(|&a, &b| self.total(b).points().total_cmp(&self.total(a).points()));
            ranked
                .iter()
                .map(|&i| format!("{} {}", self.names[i], self.total(i).points()))
                .collect::<Vec<_>>()
                .join(", ")
        }
    }

    /// The summary for people, as cutechess-cli prints it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.names.len() == 2 {
            let w = self.head_to_head();
            out.push_str(&format!(
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {}\n",
                self.names[0],
                self.names[1],
                w.wins,
                w.losses,
                w.draws,
                w.score().unwrap_or(0.0),
                w.games()
            ));
            let elo = match stats::elo(&w) {
                Some(e) => format!("{:.1} +/- {:.1}", unsigned_zero(e.diff), e.error),
                None => "n/a (no finite difference)".to_owned(),
            };
            let los = stats::los(&w).map_or("n/a".to_owned(), |l| format!("{:.1} %", 100.0 * l));
            let draws = if w.games() > 0 {
                100.0 * f64::from(w.draws) / f64::from(w.games())
            } else {
                0.0
            };
            out.push_str(&format!(
                "Elo difference: {elo}, LOS: {los}, DrawRatio: {draws:.1} %\n"
            ));
            if self.pentanomial.iter().sum::<u32>() > 0 {
                out.push_str(&format!("Ptnml(0-2): {:?}\n", self.pentanomial));
            }
            if let Some(sprt) = self.sprt {
                let state = sprt.state(&w, &self.pentanomial);
                let verdict = match state.decision {
                    Some(true) => " - H1 was accepted",
                    Some(false) => " - H0 was accepted",
                    None => "",
                };
                out.push_str(&format!(
                    "SPRT: llr {:.3} ({:.1}%), lbound {:.2}, ubound {:.2}{verdict}\n",
                    state.llr,
                    100.0 * state.llr / state.upper,
                    state.lower,
                    state.upper
                ));
            }
        } else {
            let width = self.names.iter().map(String::len).max().unwrap_or(4).max(6);
            let mut ranked: Vec<usize> = (0..self.names.len()).collect();
            ranked.sort_by(|&a, &b| self.total(b).points().total_cmp(&self.total(a).points()));
            out.push_str(&format!(
                "{:>3} {:<width$} {:>7} {:>6}",
                "#", "Name", "Elo", "Games"
            ));
            for &j in &ranked {
                out.push_str(&format!(" {:>9}", abbreviate(&self.names[j])));
            }
            out.push('\n');
            for (rank, &i) in ranked.iter().enumerate() {
                let total = self.total(i);
                let elo = stats::elo(&total).map_or("n/a".to_owned(), |e| {
                    format!("{:.0}", unsigned_zero(e.diff))
                });
                out.push_str(&format!(
                    "{:>3} {:<width$} {:>7} {:>6}",
                    rank + 1,
                    self.names[i],
                    elo,
                    total.games()
                ));
                for &j in &ranked {
                    let cell = if i == j {
                        "-".to_owned()
                    } else {
                        let w = self.cross[i][j];
                        format!("{}-{}-{}", w.wins, w.draws, w.losses)
                    };
                    out.push_str(&format!(" {cell:>9}"));
                }
                out.push('\n');
            }
            out.push_str("(cells: wins-draws-losses of the row's engine against the column's)\n");
        }
        out.push_str(&self.time_use.text(&self.names));
        out
    }

    /// The summary as one JSON object.
    pub fn json(&self, interrupted: bool) -> Value {
        let engines: Vec<Value> = (0..self.names.len())
            .map(|i| {
                let t = self.total(i);
                json!({"name": self.names[i], "wins": t.wins, "draws": t.draws,
                       "losses": t.losses, "points": t.points()})
            })
            .collect();
        let w = self.head_to_head();
        let elo = stats::elo(&w);
        let mut summary = json!({
            "summary": true,
            "games": self.games,
            "interrupted": interrupted,
            "engines": engines,
            "wins": w.wins, "draws": w.draws, "losses": w.losses,
            "score": w.score(),
            "elo": elo.map(|e| unsigned_zero(e.diff)),
            "elo_error": elo.map(|e| e.error),
            "los": stats::los(&w),
            "pentanomial": self.pentanomial,
            "clock": self.time_use.json(&self.names),
        });
        if let Some(sprt) = self.sprt {
            let state = sprt.state(&w, &self.pentanomial);
            summary["sprt"] = json!({
                "llr": state.llr, "lower": state.lower, "upper": state.upper,
                "decision": state.decision.map(|h1| if h1 { "H1" } else { "H0" }),
            });
        }
        summary
    }
}

/// `x` without the sign of a negative zero (`-0` reads oddly in a table).
fn unsigned_zero(x: f64) -> f64 {
    if x == 0.0 { 0.0 } else { x }
}

fn abbreviate(name: &str) -> String {
    name.chars().take(9).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_cross_tables_and_pairs() {
        let mut tally = Tally::new(vec!["a".into(), "b".into()], None);
        tally.add([0, 1], Some(Side::First), Some(0));
        tally.add([1, 0], Some(Side::First), Some(0));
        tally.add([0, 1], None, Some(1));
        tally.add([1, 0], Some(Side::Second), Some(1));
        assert_eq!(
            tally.head_to_head(),
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(tally.pentanomial, [0, 0, 1, 1, 0]);
        assert!(
            tally
                .text()
                .contains("Score of a vs b: 2 - 1 - 1  [0.625] 4")
        );
        let mut three = Tally::new(vec!["a".into(), "b".into(), "c".into()], None);
        three.add([0, 2], Some(Side::Second), None);
        three.add([1, 2], None, None);
        let text = three.text();
        assert!(text.lines().nth(1).unwrap().contains(" c "), "{text}");
        assert_eq!(three.total(2).points(), 1.5);
    }
}
