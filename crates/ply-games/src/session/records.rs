//! Record files holding several games (PGN, PDN, GGF): a summary of each
//! game to choose from ([`list`]: the players, the result, the first
//! moves) and a session of the chosen one ([`game`]).
//!
//! ```
//! use ply_games::session::records;
//! use ply_games::GameKind;
//! let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
//!            [White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. d4 *\n";
//! let listing = records::list(GameKind::Chess, pgn);
//! assert_eq!(listing.total, 2);
//! assert_eq!(listing.games[1].first.as_deref(), Some("C"));
//! let mut game = records::game(GameKind::Chess, pgn, 1).unwrap();
//! assert_eq!(game.redo().as_deref(), Some("d4"));
//! ```

use super::Session;
use crate::playable::openings::split_games;
use crate::registry::GameKind;
use serde::Serialize;

/// The most games [`list`] summarises; the rest of a file is counted only.
pub const MAX_GAMES: usize = 1000;

/// How many first moves a summary shows.
const FIRST_MOVES: usize = 8;

/// One game of a record file, in short.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Its place in the file, from 0: what [`game`] takes.
    pub index: usize,
    /// The player who moves first (White in chess, Black in checkers and
    /// Othello), as the record names them.
    pub first: Option<String>,
    /// The other player.
    pub second: Option<String>,
    /// The result as the record gives it (`1-0`, `32-32`).
    pub result: Option<String>,
    /// The event, where the record names it.
    pub event: Option<String>,
    /// The date, where the record gives it.
    pub date: Option<String>,
    /// The number of moves; none when the game cannot be read.
    pub moves: Option<usize>,
    /// The first moves in the game's notation.
    pub first_moves: Vec<String>,
    /// Why the game cannot be read, on one line.
    pub error: Option<String>,
}

/// The games of a record file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// The first [`MAX_GAMES`] games.
    pub games: Vec<Summary>,
    /// How many games the file holds.
    pub total: usize,
}

/// The games of the record `text` of `kind`'s format, each as the file
/// has it.
fn games(kind: GameKind, text: &str) -> Vec<String> {
    let format = super::facts(kind).record_format.1;
    split_games(text, format)
}

/// The value of the tag `name` of a record: PGN and PDN `[Name "value"]`,
/// GGF `NAME[value]`; none when it is missing, empty or `?`.
fn tag(text: &str, name: &str) -> Option<String> {
    let pgn = format!("[{name} \"");
    let value = if let Some(at) = text.find(&pgn) {
        let rest = &text[at + pgn.len()..];
        &rest[..rest.find('"')?]
    } else {
        let ggf = format!("{name}[");
        let at = text
            .match_indices(&ggf)
            .find(|(at, _)| !text[..*at].ends_with(|c: char| c.is_ascii_uppercase()))?
            .0;
        let rest = &text[at + ggf.len()..];
        &rest[..rest.find(']')?]
    };
    let value: String = value.trim().chars().take(80).collect();
    (!value.is_empty() && value != "?").then_some(value)
}

/// The games of the record file `text` (PGN, PDN or GGF, as `kind`
/// writes them), the first [`MAX_GAMES`] summarised.
#[must_use]
pub fn list(kind: GameKind, text: &str) -> Listing {
    let facts = super::facts(kind);
    let ggf = facts.record_format.1 == "ggf";
    let games = games(kind, text);
    let player = |game: &str, colour: &str| {
        if ggf {
            tag(game, &format!("P{}", &colour[..1]))
        } else {
            tag(game, colour)
        }
    };
    let summaries = games
        .iter()
        .take(MAX_GAMES)
        .enumerate()
        .map(|(index, game)| {
            let read = super::from_record(kind, game);
            let future = read.as_ref().map(|session| session.future()).ok();
            Summary {
                index,
                first: player(game, facts.first),
                second: player(game, facts.second),
                result: tag(game, if ggf { "RE" } else { "Result" }),
                event: tag(game, if ggf { "GN" } else { "Event" }),
                date: tag(game, if ggf { "DT" } else { "Date" }),
                moves: future.as_ref().map(Vec::len),
                first_moves: future
                    .map(|moves| moves.into_iter().take(FIRST_MOVES).collect())
                    .unwrap_or_default(),
                error: read.err(),
            }
        })
        .collect();
    Listing {
        games: summaries,
        total: games.len(),
    }
}

/// The game at `index` (from 0) of the record file `text`, set at its
/// start with its moves ready to [`Session::redo`].
///
/// # Errors
/// The reason, on one line, when the file has no such game or it cannot be
/// read.
pub fn game(kind: GameKind, text: &str, index: usize) -> Result<Box<dyn Session>, String> {
    let games = games(kind, text);
    let count = games.len();
    if index == 0 && count <= 1 {
        // One game (or none to be found): the file as a whole, as
        // `from_record` reads it.
        return super::from_record(kind, text);
    }
    let game = games.get(index).ok_or_else(|| {
        format!(
            "no game {} in the record: it holds {count} game{}",
            index.saturating_add(1),
            if count == 1 { "" } else { "s" }
        )
    })?;
    super::from_record(kind, game).map_err(|e| format!("game {}: {e}", index + 1))
}

/// The variations of the game at `index` of a record file (as [`game`]
/// picks it), as written, for each move of its main line
/// ([`ply_core::record::pgn::variations`]); none in GGF, which has none,
/// or when they cannot be read.
#[must_use]
pub fn variations(kind: GameKind, text: &str, index: usize) -> Vec<Vec<super::Variation>> {
    if super::facts(kind).record_format.0 == "GGF" {
        return Vec::new();
    }
    let games = games(kind, text);
    let game = if index == 0 && games.len() <= 1 {
        text
    } else {
        match games.get(index) {
            Some(game) => game.as_str(),
            None => return Vec::new(),
        }
    };
    ply_core::record::pgn::variations(game).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_games_of_each_kind_are_listed_and_loaded() {
        for kind in GameKind::ALL {
            let mut records = String::new();
            let mut first_moves = Vec::new();
            for _ in 0..2 {
                let mut game = super::super::new(kind, None).unwrap();
                let mv = game.legal_moves()[first_moves.len()].notation.clone();
                game.play(&mv).unwrap();
                first_moves.push(mv);
                let players = ply_core::record::Players {
                    first: format!("P{}", first_moves.len()),
                    second: "Q".to_owned(),
                };
                records.push_str(&game.record(&players));
                records.push('\n');
            }
            let listing = list(kind, &records);
            assert_eq!(listing.total, 2, "{kind}: {records}");
            assert_eq!(listing.games[1].first.as_deref(), Some("P2"), "{kind}");
            assert_eq!(listing.games[1].second.as_deref(), Some("Q"), "{kind}");
            assert_eq!(
                listing.games[1].first_moves,
                [first_moves[1].clone()],
                "{kind}"
            );
            assert_eq!(listing.games[0].moves, Some(1));
            let mut second = game(kind, &records, 1).unwrap();
            assert_eq!(second.redo(), Some(first_moves[1].clone()));
            let error = game(kind, &records, 2).err().unwrap();
            assert!(error.contains("holds 2 games"), "{error}");
        }
    }

    #[test]
    fn unreadable_games_are_listed_with_the_reason() {
        let text = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. e5 *\n";
        let listing = list(GameKind::Chess, text);
        assert_eq!(listing.total, 2);
        assert!(listing.games[1].error.is_some());
        assert!(game(GameKind::Chess, text, 1).is_err());
        assert_eq!(list(GameKind::Othello, "nonsense").total, 0);
        assert!(game(GameKind::Othello, "", 0).is_err());
        assert!(game(GameKind::Othello, "", 1).is_err());
        assert!(game(GameKind::Chess, "", usize::MAX).is_err());
    }
}
