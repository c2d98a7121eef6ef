//! The evaluation's speed: positions evaluated per second, and the pattern
//! indices alone with `pext` (where the CPU has BMI2) and with the portable
//! loop.
//!
//! `cargo bench -p ply-othello --bench evaluation`

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ply_core::Game;
use ply_core::search::Evaluator;
use ply_othello::Othello;
use ply_othello::engine::Evaluation;
use ply_othello::engine::patterns::index;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::hint::black_box;

/// Positions from random games, all stages of the game.
fn sample_positions(count: usize) -> Vec<Othello> {
    let mut rng = StdRng::seed_from_u64(2024);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut position = Othello::start();
        let plies = rng.random_range(0..60);
        for _ in 0..plies {
            let moves = position.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            position = position.play(mv);
        }
        positions.push(position);
    }
    positions
}

fn bench_evaluation(c: &mut Criterion) {
    let positions = sample_positions(1000);
    let mut group = c.benchmark_group("evaluation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            positions
                .iter()
                .fold(0i32, |acc, p| acc ^ Evaluation.evaluate(black_box(p)).0)
        })
    });
    group.bench_function("indices", |b| {
        b.iter(|| {
            positions.iter().fold(0u16, |acc, p| {
                acc ^ index::indices(black_box(p.player()), p.opponent())[45]
            })
        })
    });
    group.bench_function("indices portable", |b| {
        b.iter(|| {
            positions.iter().fold(0u16, |acc, p| {
                acc ^ index::indices_portable(black_box(p.player()), p.opponent())[45]
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench_evaluation);
criterion_main!(benches);
