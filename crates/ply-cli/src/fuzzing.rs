//! Entry points for the protocol fuzz targets (`fuzz/` at the repository
//! root) and for the tests that replay their seed corpora: one function per
//! target, each taking the input as bytes and panicking only when ply breaks
//! one of its own promises (an error answer is fine; a panic, a session that
//! does not end in time or a line that is not the protocol's is not). The
//! targets for positions, moves, records and openings are the games layer's
//! (`ply_games::fuzzing`).
//!
//! Not a stable API: it exists so that the fuzz crate, outside the workspace,
//! can reach the protocol sessions.

mod protocols;

/// A `ply uci` session reading `input` as its lines (bytes that are not
/// UTF-8 included); it must end in time and write only UCI lines.
pub fn uci(input: &[u8]) {
    protocols::uci(input);
}

/// A `ply hub` session reading `input` as its lines.
pub fn hub(input: &[u8]) {
    protocols::hub(input);
}

/// A `ply nboard` session reading `input` as its lines.
pub fn nboard(input: &[u8]) {
    protocols::nboard(input);
}
