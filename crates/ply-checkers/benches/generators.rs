//! The shift generator: counting moves, listing them, playing them, and perft.
//!
//! `cargo bench -p ply-checkers` (add `-- count` etc. to pick a group).

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ply_checkers::Checkers;
use ply_core::perft::perft;
use ply_core::{Game, MoveList};
use std::hint::black_box;

/// Positions from random games, all stages of the game.
fn sample_positions(count: usize) -> Vec<Checkers> {
    ply_core::rng::random_positions(2024, count, 80)
}

fn bench_movegen(c: &mut Criterion) {
    let positions = sample_positions(1000);
    let moves: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_moves())
                .sum::<u64>()
        })
    });
    group.bench_function("generate", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    let mut list = MoveList::new();
                    black_box(p).generate_moves(&mut list);
                    list.len()
                })
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("generate_and_play", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    let mut list = MoveList::new();
                    p.generate_moves(&mut list);
                    list.iter()
                        .map(|&mv| black_box(p.play_unchecked(mv)).board().mine)
                        .fold(0, |a, b| a ^ b)
                })
                .fold(0, |a, b| a ^ b)
        })
    });
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    let start = Checkers::start();
    for depth in [7, 9] {
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_with_input(BenchmarkId::new("start", depth), &depth, |b, &depth| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    // Kings everywhere: long king captures, with duplicate paths.
    let kings =
        Checkers::parse_position("B:WK1,K4,9,10,K11,K12,K26:B5,K8,K13,14,K20,21,K23,24,K30")
            .expect("a valid position");
    let depth = 9;
    group.throughput(Throughput::Elements(perft(&kings, depth)));
    group.bench_with_input(BenchmarkId::new("kings", depth), &depth, |b, &depth| {
        b.iter(|| perft(black_box(&kings), depth))
    });
    group.finish();
}

criterion_group!(benches, bench_movegen, bench_perft);
criterion_main!(benches);
