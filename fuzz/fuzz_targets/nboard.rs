//! Fuzz target `nboard`: see `ply_cli::fuzzing::nboard`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::nboard(data);
});
