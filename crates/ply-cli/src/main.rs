//! `ply`: perft, benchmarks and engines for chess, checkers and Othello.
//!
//! Every command prints human text by default and one JSON object per line with
//! `--json`; progress goes to stderr. Bad input gets one error line on stderr
//! and exit code 2.

fn main() -> std::process::ExitCode {
    ply_cli::run()
}
