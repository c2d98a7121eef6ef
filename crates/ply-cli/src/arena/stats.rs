//! Match statistics as pure functions: the score, the Elo difference with a
//! 95% interval, the likelihood of superiority, pentanomial counts of paired
//! games and the sequential probability ratio test.
//!
//! Formulas (those of cutechess-cli and fastchess):
//! - score `s = (W + D/2) / N`; Elo `= -400 log10(1/s - 1)`;
//! - the interval: the score's standard error from the per-game variance of
//!   the results (trinomial), `s ± 1.959964 σ/√N`, each bound turned into Elo;
//! - LOS `= ½ (1 + erf((W - L) / √(2 (W + L))))`;
//! - SPRT (fishtest's logistic approximation, as fastchess): with `s0`, `s1`
//!   the scores that `elo0`, `elo1` predict, `LLR = N (s1 - s0)(2s - s0 - s1)
//!   / (2 σ²)`, from the pentanomial pairs when there are any (N pairs, each
//!   pair's score halved), else from the games; it stops when `LLR` leaves
//!   `[ln(β/(1-α)), ln((1-β)/α)]`.

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The score as a fraction of the games, `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / f64::from(n))
    }

    /// The same results from the other side.
    #[cfg(test)]
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The Elo difference that a score (0..1, exclusive) means.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The score that an Elo difference predicts.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference.
    pub diff: f64,
    /// Half the width of the 95% interval (the larger of the two sides, as
    /// cutechess prints `± x`); infinite when the interval reaches a score
    /// of 0 or 1.
    pub error: f64,
}

/// The 97.5% quantile of the normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// The Elo difference of `wdl` and its 95% interval; `None` when the score is
/// 0 or 1 (no finite difference) or there are no games.
pub fn elo(wdl: &Wdl) -> Option<Elo> {
    let n = f64::from(wdl.games());
    let s = wdl.score()?;
    if s <= 0.0 || s >= 1.0 {
        return None;
    }
    let variance = (f64::from(wdl.wins) * (1.0 - s).powi(2)
        + f64::from(wdl.draws) * (0.5 - s).powi(2)
        + f64::from(wdl.losses) * s.powi(2))
        / n;
    let margin = Z_95 * (variance / n).sqrt();
    let diff = elo_from_score(s);
    // An interval that reaches a score of 0 or 1 has no finite Elo bound.
    let error = if s + margin >= 1.0 || s - margin <= 0.0 {
        f64::INFINITY
    } else {
        (elo_from_score(s + margin) - diff).max(diff - elo_from_score(s - margin))
    };
    Some(Elo { diff, error })
}

/// The likelihood of superiority, 0..1; `None` without decisive games.
pub fn los(wdl: &Wdl) -> Option<f64> {
    let decisive = f64::from(wdl.wins + wdl.losses);
    (decisive > 0.0).then(|| {
        0.5 * (1.0 + erf((f64::from(wdl.wins) - f64::from(wdl.losses)) / (2.0 * decisive).sqrt()))
    })
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

/// Pentanomial counts: pairs of games with one opening played with both
/// colours, by the first engine's points in the pair: `[0, ½, 1, 1½, 2]`.
pub type Pentanomial = [u32; 5];

/// Adds a pair of results (the first engine's points in each game: 0, 0.5, 1).
pub fn add_pair(counts: &mut Pentanomial, first: f64, second: f64) {
    let index = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
    counts[index] += 1;
}

/// The parameters of a sequential probability ratio test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis.
    pub elo0: f64,
    /// The Elo difference of the alternative.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound, `ln(β/(1-α))`: below it H0 is accepted.
    pub lower: f64,
    /// The upper bound, `ln((1-β)/α)`: above it H1 is accepted.
    pub upper: f64,
    /// `Some(true)` when H1 is accepted, `Some(false)` when H0 is, `None`
    /// while the test goes on.
    pub decision: Option<bool>,
}

impl Sprt {
    /// The bounds of the test.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The test on the results so far: from the pentanomial pairs when there
    /// are any, else from the games' `wdl`.
    pub fn state(&self, wdl: &Wdl, pairs: &Pentanomial) -> SprtState {
        let llr = if pairs.iter().sum::<u32>() > 0 {
            self.llr_pentanomial(pairs)
        } else {
            self.llr_trinomial(wdl)
        };
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        };
        SprtState {
            llr,
            lower,
            upper,
            decision,
        }
    }

    /// The log-likelihood ratio of per-game results.
    pub fn llr_trinomial(&self, wdl: &Wdl) -> f64 {
        let outcomes = [
            (f64::from(wdl.losses), 0.0),
            (f64::from(wdl.draws), 0.5),
            (f64::from(wdl.wins), 1.0),
        ];
        self.llr(&outcomes)
    }

    /// The log-likelihood ratio of pairs, each pair's score halved.
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        let outcomes: Vec<(f64, f64)> = pairs
            .iter()
            .enumerate()
            .map(|(i, &count)| (f64::from(count), i as f64 / 4.0))
            .collect();
        self.llr(&outcomes)
    }

    /// `N (s1 - s0)(2s - s0 - s1) / (2 σ²)` over (count, score) outcomes; 0
    /// while the variance is 0 (no games, or all results alike), as in
    /// fastchess.
    fn llr(&self, outcomes: &[(f64, f64)]) -> f64 {
        let n: f64 = outcomes.iter().map(|(count, _)| count).sum();
        if n == 0.0 {
            return 0.0;
        }
        let mean = outcomes.iter().map(|(c, x)| c * x).sum::<f64>() / n;
        let variance = outcomes
            .iter()
            .map(|(c, x)| c * (x - mean).powi(2))
            .sum::<f64>()
            / n;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_of_fixed_results_by_hand() {
        // 60 wins, 20 draws, 20 losses: s = 0.7, Elo = -400 log10(1/0.7 - 1)
        // = 400 log10(7/3) = 147.19.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert_eq!(wdl.score(), Some(0.7));
        let e = elo(&wdl).unwrap();
        assert!(close(e.diff, 147.19, 0.01), "{e:?}");
        // Variance per game: (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, σ/√N =
        // 0.04, margin 0.078399; the upper bound 0.778399 is 218.25 Elo (+71.06),
        // the lower 0.621601 is 86.22 Elo (-60.97): ± 71.06.
        assert!(close(e.error, 71.06, 0.01), "{e:?}");
        assert_eq!(
            elo(&Wdl {
                wins: 3,
                draws: 0,
                losses: 0
            }),
            None
        );
        assert_eq!(elo(&Wdl::default()), None);
        // 13-1-2: s = 0.84375, margin 0.1672 reaches past 1: no finite bound.
        let lopsided = elo(&Wdl {
            wins: 13,
            draws: 1,
            losses: 2,
        })
        .unwrap();
        assert!(close(lopsided.diff, 293.0, 0.1) && lopsided.error.is_infinite());
        let even = elo(&Wdl {
            wins: 5,
            draws: 2,
            losses: 5,
        })
        .unwrap();
        assert!(close(even.diff, 0.0, 1e-9));
    }

    #[test]
    fn los_by_hand() {
        // W - L = 40 over 80 decisive games: erf(40/√160) = erf(3.1623) =
        // 0.99999226, LOS = 0.99999613.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(los(&wdl).unwrap(), 0.999_996_13, 1e-6));
        // W = L: 50%. W - L = 2 over 10: erf(2/√20) = erf(0.44721) = 0.47291,
        // LOS 0.73645.
        assert!(close(
            los(&Wdl {
                wins: 3,
                draws: 1,
                losses: 3
            })
            .unwrap(),
            0.5,
            1e-9
        ));
        assert!(close(
            los(&Wdl {
                wins: 6,
                draws: 0,
                losses: 4
            })
            .unwrap(),
            0.736_45,
            1e-4
        ));
        assert_eq!(
            los(&Wdl {
                wins: 0,
                draws: 4,
                losses: 0
            }),
            None
        );
    }

    #[test]
    fn pentanomial_pairs() {
        let mut counts = Pentanomial::default();
        add_pair(&mut counts, 1.0, 1.0);
        add_pair(&mut counts, 1.0, 0.0);
        add_pair(&mut counts, 0.5, 0.5);
        add_pair(&mut counts, 0.5, 1.0);
        add_pair(&mut counts, 0.0, 0.5);
        assert_eq!(counts, [0, 1, 2, 1, 1]);
    }

    #[test]
    fn sprt_by_hand() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = sprt.bounds();
        // ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        // 60-20-20: s = 0.7, σ² = 0.16 (above); s0 = 0.5, s1 = 1/(1+10^(-5/400))
        // = 0.507195; LLR = 100 · 0.007195 · (1.4 - 1.007195) / 0.32 = 0.88321.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let s1 = score_from_elo(5.0);
        assert!(close(s1, 0.507_195, 1e-6));
        let state = sprt.state(&wdl, &Pentanomial::default());
        assert!(close(state.llr, 0.883_21, 1e-4), "{state:?}");
        assert_eq!(state.decision, None);
        // Pairs [5, 10, 20, 10, 5] (pair scores halved: 0, ¼, ½, ¾, 1): 50
        // pairs, mean 0.5, variance (5·¼·2 + 10·1/16·2)/50 = 0.075; LLR = 50 ·
        // 0.0071951 · (1 - 1.0071951) / 0.15 = -0.017256.
        let state = sprt.state(&wdl, &[5, 10, 20, 10, 5]);
        assert!(close(state.llr, -0.017_256, 1e-5), "{state:?}");
        // 300 wins, 100 draws, 100 losses: LLR = 5 · 0.88321 = 4.416 ≥ 2.944.
        let big = Wdl {
            wins: 300,
            draws: 100,
            losses: 100,
        };
        assert_eq!(
            sprt.state(&big, &Pentanomial::default()).decision,
            Some(true)
        );
        assert_eq!(
            sprt.state(&big.flipped(), &Pentanomial::default()).decision,
            Some(false)
        );
    }

    #[test]
    fn erf_matches_tables() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let all_wins = Wdl {
            wins: 4,
            draws: 0,
            losses: 0,
        };
        // All results alike: no variance, no decision (as fastchess).
        assert_eq!(sprt.state(&all_wins, &Pentanomial::default()).llr, 0.0);
        assert_eq!(
            sprt.state(&Wdl::default(), &Pentanomial::default()).llr,
            0.0
        );
        assert!(close(erf(1.0), 0.842_700_79, 2e-7));
        assert!(close(erf(-0.5), -0.520_499_88, 2e-7));
    }
}
