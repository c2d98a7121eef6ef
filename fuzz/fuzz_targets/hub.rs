//! Fuzz target `hub`: see `ply_cli::fuzzing::hub`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    ply_cli::fuzzing::hub(data);
});
