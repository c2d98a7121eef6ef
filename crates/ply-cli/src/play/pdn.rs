//! PDN, the Portable Draughts Notation (Adrian Millett's PGN for draughts),
//! for English checkers as CheckerBoard writes and reads it: tag pairs, then
//! numbered movetext (`1. 11-15 23-19 2. 9-14 22x15`) and a result.
//!
//! - Results count from the side that moves first, as in CheckerBoard: `1-0`
//!   when Black wins, `0-1` when White wins, `1/2-1/2` for a draw, `*` when
//!   unfinished.
//! - A game from a set-up position has `[SetUp "1"]` and `[FEN "B:W..:B.."]`;
//!   `[GameType "21"]` names English checkers.
//!
//! The text is the same shape as PGN's, so reading and writing go through
//! [`super::pgn`], which skips comments, variations, NAGs and move numbers.

use super::pgn::{self, PgnGame};

/// Reads the first game of a PDN file, refusing other draughts variants.
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
