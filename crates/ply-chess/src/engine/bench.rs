//! The positions `ply bench` searches and the depth it searches them to: a
//! signature of the search (the total node count changes only when the
//! search does; `crates/ply-cli/tests/bench_signature.rs` pins it) and a
//! measure of its speed (`benches/search.rs`).

/// Positions searched by `ply bench chess`: the start, Kiwipete and a range of
/// middle games and endings.
pub const POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2P1BN2/P4PPP/R5K1 w - - 0 20",
    "r2qr1k1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
];

/// The depth `ply bench` searches [`POSITIONS`] to by default (a few
/// seconds in all).
pub const DEPTH: u32 = 11;
