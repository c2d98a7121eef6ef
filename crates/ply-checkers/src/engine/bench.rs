//! The positions `ply bench` searches and the depth it searches them to: a
//! signature of the search (the total node count changes only when the
//! search does; `crates/ply-cli/tests/bench_signature.rs` pins it) and a
//! measure of its speed (`benches/search.rs`).

/// Positions searched by `ply bench checkers`: the start, three-move ballots
/// and endings with kings.
pub const POSITIONS: [&str; 6] = [
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13",
    "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14",
    "B:W14,19,21,22,25,27,28,30,31:B1,2,4,5,6,10,12,13,17",
    "W:WK4,K7,20,24:BK23,25,K29,13",
    "B:WK2,K3,19,24:BK10,K14,16,17",
];

/// The depth `ply bench` searches [`POSITIONS`] to by default (a few
/// seconds in all).
pub const DEPTH: u32 = 18;
