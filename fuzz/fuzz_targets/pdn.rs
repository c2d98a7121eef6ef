//! Fuzz target `pdn`: see `ply_cli::fuzzing::pdn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::pdn(&String::from_utf8_lossy(data));
});
