//! The search: the player on `ply bench`'s positions
//! (`ply_checkers::engine::bench`), each from a fresh table, at a few plies less
//! than `ply bench` so that criterion can repeat it. `cargo bench -p ply-checkers
//! --bench search`; `ply bench checkers` gives nodes per second at full depth.

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use ply_checkers::engine::CheckersPlayer;
use ply_checkers::engine::bench::{DEPTH, POSITIONS};
use ply_core::Game;
use ply_core::player::{Player, Request};
use ply_core::search::Limits;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn search(c: &mut Criterion) {
    let positions: Vec<_> = POSITIONS
        .iter()
        .map(|text| {
            <CheckersPlayer as Player>::Game::parse_position(text).expect("a bench position")
        })
        .collect();
    let mut player = CheckersPlayer::with_hash(16).expect("a 16 MiB table");
    let limits = Limits::depth(DEPTH - 3);
    let stop = AtomicBool::new(false);
    c.bench_function("checkers/bench positions", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for position in &positions {
                player.new_game();
                nodes += player
                    .think(&Request::new(position, &limits, &stop), &mut |_| {})
                    .nodes;
            }
            black_box(nodes)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
