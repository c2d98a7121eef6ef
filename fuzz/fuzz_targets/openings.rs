//! Fuzz target `openings`: see `ply_cli::fuzzing::openings`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::openings(&String::from_utf8_lossy(data));
});
