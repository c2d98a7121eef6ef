//! Fuzz target `pgn`: see `ply_games::fuzzing::pgn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_games::fuzzing::pgn(&String::from_utf8_lossy(data));
});
