//! Chess move generation: listing, counting and perft, for the three move
//! generators side by side (the bitboard [`Position`], the GNU Chess tables
//! of seed 002 and the attack-map board of seed 004).
//!
//! `cargo bench -p ply-chess`. For the ratio to Stockfish's `go perft`, run
//! `scripts/perft-vs-stockfish`.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use ply_chess::attackmap::AttackBoard;
use ply_chess::gnu::GnuBoard;
use ply_chess::{Move, Position, Stage};
use ply_core::perft::perft;
use ply_core::{Game, MoveList};
use std::hint::black_box;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Positions from random games, all stages of the game.
fn sample_positions(count: usize) -> Vec<Position> {
    ply_core::rng::random_positions(7, count, 80)
}

/// What the benchmarks ask of each board.
trait Board: Game<Move = Move> {
    fn convert(position: &Position) -> Self;
    fn stage(&self, stage: Stage, moves: &mut MoveList<Move>);
}

impl Board for Position {
    fn convert(position: &Position) -> Self {
        *position
    }
    fn stage(&self, stage: Stage, moves: &mut MoveList<Move>) {
        self.generate(stage, moves);
    }
}

impl Board for GnuBoard {
    fn convert(position: &Position) -> Self {
        GnuBoard::from_position(position)
    }
    fn stage(&self, stage: Stage, moves: &mut MoveList<Move>) {
        self.generate(stage, moves);
    }
}

impl Board for AttackBoard {
    fn convert(position: &Position) -> Self {
        AttackBoard::from_position(position).expect("positions from games fit")
    }
    fn stage(&self, stage: Stage, moves: &mut MoveList<Move>) {
        self.generate(stage, moves);
    }
}

/// The 1000 sample positions on board `B`.
fn converted<B: Board>(samples: &[Position]) -> Vec<B> {
    samples.iter().map(B::convert).collect()
}

fn list_all<B: Board>(positions: &[B]) -> usize {
    positions
        .iter()
        .map(|p| black_box(p).legal_moves().len())
        .sum()
}

fn count_all<B: Board>(positions: &[B]) -> u64 {
    positions.iter().map(|p| black_box(p).count_moves()).sum()
}

fn list_noisy<B: Board>(positions: &[B]) -> usize {
    positions
        .iter()
        .map(|p| {
            let mut moves = MoveList::new();
            black_box(p).stage(Stage::Noisy, &mut moves);
            moves.len()
        })
        .sum()
}

/// Listing, counting and listing the noisy moves of 1000 positions from
/// random games, each generator side by side.
fn bench_generation(c: &mut Criterion) {
    let samples = sample_positions(1000);
    let bitboard = converted::<Position>(&samples);
    let gnu = converted::<GnuBoard>(&samples);
    let attackmap = converted::<AttackBoard>(&samples);
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(samples.len() as u64));
    group.bench_function("list all/bitboard", |b| b.iter(|| list_all(&bitboard)));
    group.bench_function("list all/gnu", |b| b.iter(|| list_all(&gnu)));
    group.bench_function("list all/attackmap", |b| b.iter(|| list_all(&attackmap)));
    group.bench_function("count all/bitboard", |b| b.iter(|| count_all(&bitboard)));
    group.bench_function("count all/gnu", |b| b.iter(|| count_all(&gnu)));
    group.bench_function("count all/attackmap", |b| b.iter(|| count_all(&attackmap)));
    group.bench_function("list noisy/bitboard", |b| b.iter(|| list_noisy(&bitboard)));
    group.bench_function("list noisy/gnu", |b| b.iter(|| list_noisy(&gnu)));
    group.bench_function("list noisy/attackmap", |b| {
        b.iter(|| list_noisy(&attackmap))
    });
    group.finish();
}

/// Perft from the start position (depth 5) and Kiwipete (depth 4), each
/// generator side by side, and the attack-map board's make/unmake perft.
fn bench_perft(c: &mut Criterion) {
    for (name, fen, depth) in [
        ("start", ply_chess::START_FEN, 5),
        ("kiwipete", KIWIPETE, 4),
    ] {
        let position = Position::from_fen(fen).unwrap();
        let gnu = GnuBoard::from_position(&position);
        let mut attackmap = AttackBoard::from_position(&position).unwrap();
        let mut group = c.benchmark_group(format!("perft {name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(perft(&position, depth)));
        group.bench_with_input(BenchmarkId::new("bitboard", depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&position), d))
        });
        group.bench_with_input(BenchmarkId::new("gnu", depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&gnu), d))
        });
        let copied = attackmap.clone();
        group.bench_with_input(BenchmarkId::new("attackmap", depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&copied), d))
        });
        group.bench_with_input(
            BenchmarkId::new("attackmap make-unmake", depth),
            &depth,
            |b, &d| b.iter(|| black_box(&mut attackmap).perft(d)),
        );
        group.finish();
    }
}

criterion_group!(benches, bench_generation, bench_perft);
criterion_main!(benches);
