//! The search: the player on `ply bench`'s positions
//! (`ply_checkers::engine::bench`), each from a fresh table, a few plies less
//! deep than `ply bench` so that criterion can repeat it. `cargo bench -p
//! ply-checkers --bench search`; `ply bench checkers` gives nodes per second at full
//! depth.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ply_checkers::engine::CheckersPlayer;
use ply_checkers::engine::bench::{DEPTH, POSITIONS};
use ply_core::player::{Player, bench_nodes};
use ply_core::{Game, search::Limits};

fn search(c: &mut Criterion) {
    let positions = POSITIONS
        .map(|text| ply_checkers::Checkers::parse_position(text).expect("a bench position"));
    let mut player = CheckersPlayer::with_hash(16).expect("a 16 MiB table");
    let limits = Limits::depth(DEPTH - 3);
    c.bench_function("checkers: bench positions", |b| {
        b.iter(|| bench_nodes(&mut player, &positions, &limits))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
