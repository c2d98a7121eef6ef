//! Fuzz target `pdn`: see `ply_games::fuzzing::pdn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_games::fuzzing::pdn(&String::from_utf8_lossy(data));
});
