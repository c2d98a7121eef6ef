//! PGN records of chess games: reading the first game of a file into a
//! [`GameHistory`] (standard chess and Chess960, from the start or a set-up
//! position) and writing one, with the Seven Tag Roster, `SetUp`/`FEN` after
//! a set-up (`Variant "Chess960"` for other castling rooks than the corners)
//! and SAN movetext. The text shape is [`ply_core::record::pgn`]'s.

use crate::game::EndReason;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;
use ply_core::GameHistory;
use ply_core::record::{Header, RecordError, pgn};

/// The `Variant` tags read as standard chess or Chess960 (lower case).
const KNOWN_VARIANTS: [&str; 9] = [
    "standard",
    "chess",
    "normal",
    "from position",
    "chess960",
    "chess 960",
    "fischerandom",
    "fischerrandom",
    "fischer random",
];

/// Reads the first game of a PGN file, its moves in SAN or UCI.
///
/// # Errors
/// [`RecordError`]: the text is not PGN, names another variant, has a bad
/// `FEN` tag, or a move that cannot be read or played.
pub fn read(text: &str) -> Result<GameHistory<Position>, RecordError<MoveError>> {
    read_with(text, Position::parse_move)
}

/// [`read`] with the moves read by `read_move` (to word its errors).
///
/// # Errors
/// As [`read`], with `read_move`'s errors.
pub fn read_with<E>(
    text: &str,
    read_move: impl Fn(&Position, &str) -> Result<Move, E>,
) -> Result<GameHistory<Position>, RecordError<E>> {
    let game = pgn::parse(text).map_err(RecordError::Format)?;
    if let Some(variant) = game.tag("Variant")
        && !KNOWN_VARIANTS.contains(&variant.to_ascii_lowercase().as_str())
    {
        return Err(RecordError::Format(format!(
            "'{variant}' games are not supported, only standard chess and Chess960"
        )));
    }
    pgn::replay(&game, read_move)
}

/// Writes `history` as PGN with everything `header` says, and `comment`
/// (usually how the game ended, in words) before the result.
#[must_use]
pub fn write(
    history: &GameHistory<Position>,
    header: &Header<EndReason>,
    comment: Option<&str>,
) -> String {
    let start = history.start();
    // A Chess960 game (castling rights other than the classical corners) says
    // so, as python-chess and Lichess write it; the FEN tag is X-FEN either way.
    let variant = (!history.starts_from_standard() && !start.castling_rights().is_classical())
        .then(|| ("Variant".to_owned(), "Chess960".to_owned()));
    pgn::write_history(
        history,
        header,
        ["White", "Black"],
        variant.into_iter().collect(),
        u32::from(start.fullmove_number()),
        Position::san,
        comment,
    )
}
