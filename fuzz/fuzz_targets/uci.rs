//! Fuzz target `uci`: see `ply_cli::fuzzing::uci`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::uci(data);
});
