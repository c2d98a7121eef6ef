//! Chess move generation: listing, counting and perft.
//!
//! `cargo bench -p ply-chess`. For the ratio to Stockfish's `go perft`, run
//! `scripts/perft-vs-stockfish`.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ply_chess::{Position, Stage};
use ply_core::MoveList;
use ply_core::perft::perft;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions from random games.
fn sample_positions(count: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut position = Position::start();
        for _ in 0..rng.random_range(0..80) {
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

fn bench_generation(c: &mut Criterion) {
    let positions = sample_positions(1000);
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("list all", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    group.bench_function("count all", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_legal())
                .sum::<u64>()
        })
    });
    group.bench_function("list noisy", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| {
                    let mut moves = MoveList::new();
                    black_box(p).generate(Stage::Noisy, &mut moves);
                    moves.len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth) in [
        ("start", ply_chess::START_FEN, 5),
        ("kiwipete", KIWIPETE, 4),
    ] {
        let position = Position::from_fen(fen).unwrap();
        group.throughput(Throughput::Elements(perft(&position, depth)));
        group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &depth| {
            b.iter(|| perft(black_box(&position), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_generation, bench_perft);
criterion_main!(benches);
