//! Fuzz target `ggf`: see `ply_games::fuzzing::ggf`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_games::fuzzing::ggf(&String::from_utf8_lossy(data));
});
