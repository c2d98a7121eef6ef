//! The fit on synthetic data whose true weights are known.

use ply_fit::{Dataset, FitError, FitOptions, Loss, Split, fit, fit_scale, fit_split};

/// A small deterministic generator (xorshift64*), so the data need no crate.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: u32) -> u32 {
        (self.unit() * f64::from(n)) as u32
    }
}

/// 40 features, 4000 rows of 6 features each (like pattern instances: value
/// 1 mostly), targets from known weights plus `noise` of uniform error.
fn linear_data(noise: f64) -> (Dataset, Vec<f32>) {
    let mut rng = Noise(0x1234_5678);
    let truth: Vec<f32> = (0..40).map(|_| (rng.unit() * 20.0 - 10.0) as f32).collect();
    let mut data = Dataset::new(40);
    for _ in 0..4000 {
        let row: Vec<(u32, f32)> = (0..6)
            .map(|k| (rng.below(40), if k == 0 { 0.5 } else { 1.0 }))
            .collect();
        let clean: f64 = row
            .iter()
            .map(|&(i, v)| f64::from(truth[i as usize] * v))
            .sum();
        let target = clean + (rng.unit() - 0.5) * 2.0 * noise;
        data.push(&row, target as f32).unwrap();
    }
    (data, truth)
}

fn max_error(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[test]
fn least_squares_recovers_known_weights() {
    let (data, truth) = linear_data(0.0);
    let options = FitOptions {
        epochs: 1500,
        learning_rate: 0.1,
        holdout_fraction: 0.1,
        patience: 0,
        ..FitOptions::default()
    };
    let mut seen = 0;
    let (weights, report) = fit(&data, &[0.0; 40], &options, |_| seen += 1).unwrap();
    assert_eq!(seen, report.epochs.len());
    assert!(max_error(&weights, &truth) < 0.05, "{weights:?}\n{truth:?}");
    assert!(
        report.best().holdout.unwrap().rmse < 0.1,
        "{:?}",
        report.best()
    );
    assert!(report.epochs[0].train.rmse > 5.0);
    assert_eq!(report.train_rows + report.holdout_rows, 4000);
}

#[test]
fn minibatches_recover_them_too() {
    let (data, truth) = linear_data(0.5);
    let options = FitOptions {
        epochs: 60,
        learning_rate: 0.05,
        batch_size: 256,
        ..FitOptions::default()
    };
    let (weights, report) = fit(&data, &[0.0; 40], &options, |_| {}).unwrap();
    assert!(max_error(&weights, &truth) < 0.3, "{weights:?}\n{truth:?}");
    // Uniform noise of ±0.5 has an RMS of 0.29: held out, the fit is near it.
    assert!(
        report.best().holdout.unwrap().rmse < 0.35,
        "{:?}",
        report.best()
    );
}

#[test]
fn logistic_loss_recovers_the_scale_and_the_weights() {
    // Results drawn with probability sigmoid(scale * w·x).
    let scale = 0.02;
    let mut rng = Noise(99);
    let truth: Vec<f32> = (0..8)
        .map(|_| (rng.unit() * 200.0 - 100.0) as f32)
        .collect();
    let mut data = Dataset::new(8);
    for _ in 0..40_000 {
        let row: Vec<(u32, f32)> = (0..3).map(|_| (rng.below(8), 1.0)).collect();
        let x: f64 = row.iter().map(|&(i, _)| f64::from(truth[i as usize])).sum();
        let p = 1.0 / (1.0 + (-scale * x).exp());
        data.push(&row, f32::from(u8::from(rng.unit() < p)))
            .unwrap();
    }
    let found = fit_scale(&data, &truth, 0.001, 1.0);
    assert!((found - scale).abs() < 0.1 * scale, "scale {found}");

    let options = FitOptions {
        loss: Loss::Logistic { scale },
        epochs: 800,
        learning_rate: 2.0,
        ..FitOptions::default()
    };
    let (weights, report) = fit(&data, &[0.0; 8], &options, |_| {}).unwrap();
    assert!(max_error(&weights, &truth) < 15.0, "{weights:?}\n{truth:?}");
    let best = report.best().holdout.unwrap();
    assert!(best.loss < report.epochs[0].holdout.unwrap().loss);
    assert!(best.rmse < 0.5);
}

#[test]
fn the_same_seed_gives_the_same_weights_on_any_number_of_threads() {
    let (data, _) = linear_data(1.0);
    let options = FitOptions {
        epochs: 20,
        learning_rate: 0.05,
        batch_size: 500,
        seed: 5,
        ..FitOptions::default()
    };
    let run = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| fit(&data, &[0.0; 40], &options, |_| {}).unwrap())
    };
    let (one, _) = run(1);
    let (three, _) = run(3);
    assert_eq!(one, three);
    let other_seed = FitOptions {
        seed: 6,
        ..options.clone()
    };
    let (other, _) = fit(&data, &[0.0; 40], &other_seed, |_| {}).unwrap();
    assert_ne!(one, other);
}

#[test]
fn early_stopping_keeps_the_best_held_out_weights() {
    // Few noisy rows, many features: training error falls, held-out rises.
    let mut rng = Noise(7);
    let mut data = Dataset::new(200);
    for _ in 0..300 {
        let row: Vec<(u32, f32)> = (0..3).map(|_| (rng.below(200), 1.0)).collect();
        data.push(&row, (rng.unit() * 10.0) as f32).unwrap();
    }
    let options = FitOptions {
        epochs: 2000,
        learning_rate: 0.5,
        holdout_fraction: 0.3,
        patience: 20,
        ..FitOptions::default()
    };
    let (_, report) = fit(&data, &[0.0; 200], &options, |_| {}).unwrap();
    assert!(report.stopped_early);
    assert_eq!(report.last().epoch, report.best_epoch + 20);
    let best = report.best().holdout.unwrap().loss;
    assert!(
        report
            .epochs
            .iter()
            .all(|e| e.holdout.unwrap().loss >= best)
    );
}

#[test]
fn l2_pulls_weights_to_zero() {
    let (data, _) = linear_data(0.0);
    let base = FitOptions {
        epochs: 300,
        learning_rate: 0.1,
        patience: 0,
        ..FitOptions::default()
    };
    let norm = |w: &[f32]| w.iter().map(|x| x * x).sum::<f32>();
    let (plain, _) = fit(&data, &[0.0; 40], &base, |_| {}).unwrap();
    let strong = FitOptions { l2: 1.0, ..base };
    let (shrunk, _) = fit(&data, &[0.0; 40], &strong, |_| {}).unwrap();
    assert!(norm(&shrunk) < 0.5 * norm(&plain));
}

#[test]
fn bad_options_and_inputs_are_errors() {
    let (data, _) = linear_data(0.0);
    let zeros = [0.0; 40];
    let bad = |options: FitOptions| {
        matches!(
            fit(&data, &zeros, &options, |_| {}),
            Err(FitError::BadOption(_))
        )
    };
    assert!(bad(FitOptions {
        epochs: 0,
        ..FitOptions::default()
    }));
    assert!(bad(FitOptions {
        learning_rate: -1.0,
        ..FitOptions::default()
    }));
    assert!(bad(FitOptions {
        learning_rate: f64::NAN,
        ..FitOptions::default()
    }));
    assert!(bad(FitOptions {
        l2: -0.1,
        ..FitOptions::default()
    }));
    assert!(bad(FitOptions {
        holdout_fraction: 1.0,
        ..FitOptions::default()
    }));
    assert!(bad(FitOptions {
        loss: Loss::Logistic { scale: 0.0 },
        ..FitOptions::default()
    }));
    assert_eq!(
        fit(&data, &[0.0; 3], &FitOptions::default(), |_| {}).unwrap_err(),
        FitError::WeightCount {
            given: 3,
            features: 40
        }
    );
    // Squared-loss targets are not results.
    let logistic = FitOptions {
        loss: Loss::Logistic { scale: 1.0 },
        ..FitOptions::default()
    };
    assert!(matches!(
        fit(&data, &zeros, &logistic, |_| {}),
        Err(FitError::TargetOutOfRange(_))
    ));
    assert!(matches!(
        fit(&Dataset::new(40), &zeros, &FitOptions::default(), |_| {}),
        Err(FitError::NoTrainingRows { rows: 0, .. })
    ));
}

#[test]
fn the_split_is_the_public_one() {
    let (data, _) = linear_data(0.0);
    let options = FitOptions {
        epochs: 1,
        seed: 11,
        holdout_fraction: 0.25,
        ..FitOptions::default()
    };
    let (_, report) = fit(&data, &[0.0; 40], &options, |_| {}).unwrap();
    assert_eq!(
        report.holdout_rows,
        Split::new(4000, 0.25, 11).holdout.len()
    );
}

#[test]
fn a_split_of_the_callers_choice_is_used_and_checked() {
    let (data, _) = linear_data(0.0);
    let options = FitOptions {
        epochs: 1,
        ..FitOptions::default()
    };
    let groups: Vec<u32> = (0..4000).map(|i| i / 10).collect();
    let split = Split::by_group(&groups, 0.25, 5);
    let held = split.holdout.len();
    let (_, report) = fit_split(&data, &[0.0; 40], &options, split, |_| {}).unwrap();
    assert_eq!(report.holdout_rows, held);
    let beyond = Split {
        train: vec![0, 4000],
        holdout: vec![],
    };
    assert!(matches!(
        fit_split(&data, &[0.0; 40], &options, beyond, |_| {}),
        Err(FitError::BadOption(_))
    ));
}
