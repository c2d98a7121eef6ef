//! PDN records of checkers games, the Portable Draughts Notation (Adrian
//! Millett's PGN for draughts) for English checkers as CheckerBoard writes and
//! reads it: tag pairs, then numbered movetext (`1. 11-15 23-19 2. 9-14
//! 22x15`) and a result.
//!
//! - Results count from the side that moves first, as in CheckerBoard: `1-0`
//!   when Black wins, `0-1` when White wins, `1/2-1/2` for a draw, `*` when
//!   unfinished.
//! - A game from a set-up position has `[SetUp "1"]` and `[FEN "B:W..:B.."]`;
//!   `[GameType "21"]` names English checkers.
//!
//! The text is the same shape as PGN's ([`ply_core::record::pgn`]), which
//! skips comments, variations, NAGs and move numbers.

use crate::game::EndReason;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;
use ply_core::GameHistory;
use ply_core::record::pgn::{self, PgnGame};
use ply_core::record::{Header, RecordError};

/// Reads the text of the first game of a PDN file, refusing other draughts
/// variants.
///
/// # Errors
/// The reason, when the text is not PDN or names another `GameType`.
pub fn parse(text: &str) -> Result<PgnGame, String> {
    let game = pgn::parse(text).map_err(|e| e.replace("PGN", "PDN"))?;
    if let Some(kind) = game.tag("GameType") {
        let number = kind.split(',').next().unwrap_or("").trim();
        if number != "21" {
            return Err(format!(
                "GameType {kind} is not English checkers (GameType 21)"
            ));
        }
    }
    Ok(game)
}

/// Reads the first game of a PDN file.
///
/// # Errors
/// [`RecordError`]: the text is not PDN of English checkers, has a bad `FEN`
/// tag, or a move that cannot be read or played.
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
    let game = parse(text).map_err(RecordError::Format)?;
    pgn::replay(&game, read_move)
}

/// Writes `history` as PDN with everything `header` says (Black, the first
/// player, under the `Black` tag), and `comment` (usually how the game ended,
/// in words) before the result.
#[must_use]
pub fn write(
    history: &GameHistory<Position>,
    header: &Header<EndReason>,
    comment: Option<&str>,
) -> String {
    pgn::write_history(
        history,
        header,
        ["Black", "White"],
        vec![("GameType".to_owned(), "21".to_owned())],
        1,
        |_, mv| mv.to_string(),
        comment,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_checkerboard_style_games_and_refuses_other_variants() {
        let text = "[Event \"club\"]\n[Date \"2020.01.01\"]\n[Black \"a\"]\n[White \"b\"]\n\
                    [Result \"1-0\"]\n1. 11-15 23-19 2. 8-11 22-17 {a comment} 3. 9-13 17x10 *";
        let game = parse(text).unwrap();
        assert_eq!(
            game.moves,
            ["11-15", "23-19", "8-11", "22-17", "9-13", "17x10"]
        );
        assert_eq!(game.tag("Result"), Some("1-0"));
        let err = parse("[GameType \"20\"]\n1. 32-28 *").unwrap_err();
        assert!(err.contains("not English checkers"), "{err}");
        assert!(parse("[GameType \"21,B,8,8,N1,0\"]\n1. 11-15 *").is_ok());
        assert!(parse("").unwrap_err().contains("no PDN game"));
    }
}
