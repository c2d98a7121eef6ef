//! The evaluation's speed: positions evaluated per second, and the pattern
//! indices alone with `pext` (where the CPU has BMI2) and with the portable
//! loop.
//!
//! `cargo bench -p ply-othello --bench evaluation`

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ply_core::search::Evaluator;
use ply_othello::engine::eval::Evaluation;
use ply_othello::engine::eval::patterns::index;
use std::hint::black_box;

mod common;
use common::sample_positions;

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
