//! Fuzz target `checkers_text`: see `ply_games::fuzzing::checkers_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_games::fuzzing::checkers_text(&String::from_utf8_lossy(data));
});
