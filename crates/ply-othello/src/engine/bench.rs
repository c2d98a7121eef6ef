//! The positions `ply bench` searches and the depth it searches them to: a
//! signature of the search (the total node count changes only when the
//! search does; `crates/ply-cli/tests/bench_signature.rs` pins it) and a
//! measure of its speed (`benches/search.rs`).

/// Positions searched by `ply bench othello`: the start, an early position,
/// and midgame positions of 30 to 36 empties from the FFO test suite.
pub const POSITIONS: [&str; 6] = [
    "---------------------------OX------XO--------------------------- X",
    "-------------------X-------XX------XO--------------------------- O",
    "--------------X-----O-XX---OOOX-OOOOXOXX--OOOOOO--O-OO-O----OO-- X",
    "--O-OX--X-OOO---XXOOO---XXOXOOOO-OOOOO--O-X-O-----OX------------ X",
    "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X",
    "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X",
];

/// The depth `ply bench` searches [`POSITIONS`] to by default (a few
/// seconds in all).
pub const DEPTH: u32 = 12;
