//! Fuzz target `pgn`: see `ply_cli::fuzzing::pgn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::pgn(&String::from_utf8_lossy(data));
});
