//! Fuzz target `ggf`: see `ply_cli::fuzzing::ggf`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::ggf(&String::from_utf8_lossy(data));
});
