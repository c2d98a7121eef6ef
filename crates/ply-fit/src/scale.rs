//! The logistic scale that best maps fixed weights' outputs to results.

use crate::dataset::Dataset;

/// The scale `s` in `[low, high]` that minimises the mean log loss of
/// `sigmoid(s * w·x)` against the targets (results in 0..=1) for fixed
/// `weights`, by golden-section search: the first step of Texel tuning.
/// Returns `low` for an empty dataset.
#[must_use]
pub fn fit_scale(data: &Dataset, weights: &[f32], low: f64, high: f64) -> f64 {
    let outputs: Vec<(f64, f64)> = data
        .rows()
        .map(|r| (r.dot(weights), f64::from(r.target)))
        .collect();
    if outputs.is_empty() {
        return low;
    }
    let loss = |s: f64| -> f64 {
        outputs
            .iter()
            .map(|&(x, y)| {
                let p = (1.0 / (1.0 + (-s * x).exp())).clamp(1e-12, 1.0 - 1e-12);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (low, high);
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (loss(c), loss(d));
    for _ in 0..100 {
        if (b - a).abs() <= 1e-9 * (1.0 + a.abs() + b.abs()) {
            break;
        }
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = loss(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = loss(d);
        }
    }
    (a + b) / 2.0
}
