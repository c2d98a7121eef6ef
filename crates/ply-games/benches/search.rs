//! The search of each game: its player on `ply bench`'s positions (each
//! game crate's `engine::bench`), each from a fresh table, a few plies less
//! deep than `ply bench` so that criterion can repeat it. `cargo bench -p
//! ply-games --bench search` (one game: add `-- chess`); `ply bench` gives
//! nodes per second at full depth.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ply_core::player::{Player, bench_nodes};
use ply_core::{Game, search::Limits};

/// Benchmarks player `P` on `positions` at `depth`.
fn bench<P: Player>(c: &mut Criterion, positions: &[&str], depth: u32) {
    let positions: Vec<P::Game> = positions
        .iter()
        .map(|text| P::Game::parse_position(text).expect("a bench position"))
        .collect();
    let mut player = P::with_hash(16).expect("a 16 MiB table");
    let limits = Limits::depth(depth);
    c.bench_function(&format!("{}: bench positions", P::Game::NAME), |b| {
        b.iter(|| bench_nodes(&mut player, &positions, &limits))
    });
}

fn search(c: &mut Criterion) {
    use ply_checkers::engine::{CheckersPlayer, bench as checkers};
    use ply_chess::engine::{ChessPlayer, bench as chess};
    use ply_othello::engine::{OthelloPlayer, bench as othello};
    bench::<ChessPlayer>(c, &chess::POSITIONS, chess::DEPTH - 3);
    bench::<CheckersPlayer>(c, &checkers::POSITIONS, checkers::DEPTH - 3);
    bench::<OthelloPlayer>(c, &othello::POSITIONS, othello::DEPTH - 3);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
