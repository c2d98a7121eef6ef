//! The Othello move generators side by side: legal moves, flips and perft.
//!
//! `cargo bench -p ply-othello` (add `-- moves` etc. to pick a group).

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ply_core::Game;
use ply_core::perft::perft;
use ply_othello::movegen::bitboard::portable;
use ply_othello::{BitboardGenerator, LineTableGenerator, MoveGenerator, Position, Square};
use std::hint::black_box;

mod common;
use common::sample_positions;

fn bench_moves(c: &mut Criterion) {
    let boards: Vec<(u64, u64)> = sample_positions(1000)
        .iter()
        .map(|p| (p.player(), p.opponent()))
        .collect();
    let mut group = c.benchmark_group("moves");
    group.throughput(Throughput::Elements(boards.len() as u64));
    let mut run = |name: &str, moves: fn(u64, u64) -> u64| {
        group.bench_function(name, |b| {
            b.iter(|| {
                boards
                    .iter()
                    .fold(0u64, |acc, &(p, o)| acc ^ moves(black_box(p), black_box(o)))
            })
        });
    };
    run("bitboard", BitboardGenerator::moves);
    run("portable", portable::moves);
    run("lines", LineTableGenerator::moves);
    group.finish();
}

fn bench_flips(c: &mut Criterion) {
    let plays: Vec<(u64, u64, Square)> = sample_positions(1000)
        .iter()
        .flat_map(|p| {
            Square::in_bitboard(p.move_squares()).map(|sq| (p.player(), p.opponent(), sq))
        })
        .collect();
    let mut group = c.benchmark_group("flips");
    group.throughput(Throughput::Elements(plays.len() as u64));
    let mut run = |name: &str, flips: fn(u64, u64, Square) -> u64| {
        group.bench_function(name, |b| {
            b.iter(|| {
                plays.iter().fold(0u64, |acc, &(p, o, sq)| {
                    acc ^ flips(black_box(p), black_box(o), black_box(sq))
                })
            })
        });
    };
    run("bitboard", BitboardGenerator::flips);
    run("portable", portable::flips);
    run("lines", LineTableGenerator::flips);
    group.finish();
}

fn perft_with<G: MoveGenerator>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
) {
    let depth = 7;
    let start = Position::<G>::start();
    group.throughput(Throughput::Elements(perft(&start, depth)));
    group.bench_with_input(BenchmarkId::new(G::NAME, depth), &depth, |b, &depth| {
        b.iter(|| perft(black_box(&start), depth))
    });
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    perft_with::<BitboardGenerator>(&mut group);
    perft_with::<LineTableGenerator>(&mut group);
    group.finish();
}

criterion_group!(benches, bench_moves, bench_flips, bench_perft);
criterion_main!(benches);
