//! Fuzz target `openings`: see `ply_games::fuzzing::openings`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_games::fuzzing::openings(&String::from_utf8_lossy(data));
});
