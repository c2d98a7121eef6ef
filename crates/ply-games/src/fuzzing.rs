//! Entry points for the fuzz targets of the games layer (`fuzz/` at the
//! repository root) and for the tests that replay their seed corpora: one
//! function per target, each taking the input as text and panicking only when
//! ply breaks one of its own promises (a parse error is fine; a panic, a
//! position string that does not read back or a move name that means another
//! move is not). The protocol targets are `ply-cli`'s.
//!
//! Not a stable API: it exists so that the fuzz crate, outside the workspace,
//! can reach the readers through the same code as the front ends.

mod records;
mod text;

/// Chess text: the first line a FEN (empty: the start position), every
/// further line a move in SAN or UCI, played when legal. Checks the FEN and
/// move round trips, the seed boards' moves against the bitboard's and the
/// PGN of the game played.
pub fn chess_text(input: &str) {
    text::chess(input);
}

/// Checkers text: the first line a PDN FEN, every further line a move
/// (`11-15`, `22x15x6`, `22x6`).
pub fn checkers_text(input: &str) {
    text::checkers(input);
}

/// Othello text: the first line a position string (64 squares, a space, the
/// side to move), every further line a move (`d3`, `pass`). Checks the line
/// tables against the bitboard generator on every position.
pub fn othello_text(input: &str) {
    text::othello(input);
}

/// A PGN file as `ply play chess` loads it; a game that loads is written
/// back and must load again as the same game.
pub fn pgn(input: &str) {
    records::round_trip::<ply_chess::Position>(input);
}

/// A PDN file as `ply play checkers` loads it (and writes it back).
pub fn pdn(input: &str) {
    records::round_trip::<ply_checkers::Checkers>(input);
}

/// A GGF file as `ply play othello` loads it (and writes it back).
pub fn ggf(input: &str) {
    records::round_trip::<ply_othello::Othello>(input);
}

/// An openings file of `ply match` (`-openings file=... format=...`), read
/// in every format for every game.
pub fn openings(input: &str) {
    records::openings::<ply_chess::Position>(input);
    records::openings::<ply_checkers::Checkers>(input);
    records::openings::<ply_othello::Othello>(input);
}

/// Asserts that an error meant for a person is one line of text.
fn assert_one_line(error: &str, input: &str) {
    assert!(!error.trim().is_empty(), "empty error for {input:?}");
    assert!(
        !error.contains('\n'),
        "error of several lines for {input:?}: {error}"
    );
}
