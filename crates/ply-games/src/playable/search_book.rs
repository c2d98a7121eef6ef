//! The opening books built by ply's own searches ([`ply_core::book`]) that
//! ship inside ply, one per game that has one (Othello, checkers; built by
//! `ply book build`, the commands in the README), and how a front end picks
//! its book: the shipped one, another file (`--book FILE`) or none
//! (`--no-book`).

use ply_core::book::{BookError, SearchBook, file};
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The Othello book shipped with ply.
const OTHELLO: &[u8] = include_bytes!("../../data/othello.book");
/// The checkers book shipped with ply.
const CHECKERS: &[u8] = include_bytes!("../../data/checkers.book");

/// The book shipped for the game named `game` ([`ply_core::Game::NAME`]),
/// read once; `None` for a game without one (chess) or an empty one.
#[must_use]
pub fn shipped(game: &str) -> Option<Arc<SearchBook>> {
    static OTHELLO_BOOK: OnceLock<Option<Arc<SearchBook>>> = OnceLock::new();
    static CHECKERS_BOOK: OnceLock<Option<Arc<SearchBook>>> = OnceLock::new();
    let (cell, bytes) = match game {
        "othello" => (&OTHELLO_BOOK, OTHELLO),
        "checkers" => (&CHECKERS_BOOK, CHECKERS),
        _ => return None,
    };
    cell.get_or_init(|| {
        let book = file::from_bytes(bytes, game).expect("the shipped books are checked by a test");
        (!book.is_empty()).then(|| Arc::new(book))
    })
    .clone()
}

/// The book a front end uses for game `game`: none with `no_book`, the file
/// `path` when given, else the shipped one.
///
/// # Errors
/// [`BookError`] for a file that cannot be read or is not a book of `game`.
pub fn choose(
    game: &str,
    path: Option<&Path>,
    no_book: bool,
) -> Result<Option<Arc<SearchBook>>, BookError> {
    if no_book {
        return Ok(None);
    }
    match path {
        Some(path) => Ok(Some(Arc::new(file::read(path, game)?))),
        None => Ok(shipped(game)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_books_read() {
        for (game, bytes) in [("othello", OTHELLO), ("checkers", CHECKERS)] {
            let book = file::from_bytes(bytes, game).unwrap();
            assert_eq!(
                shipped(game).map(|b| b.len()),
                (!book.is_empty()).then_some(book.len())
            );
            assert!(bytes.len() < 500_000, "{game}: {} bytes", bytes.len());
        }
        assert!(shipped("chess").is_none());
        assert!(choose("othello", None, true).unwrap().is_none());
        let err = choose("othello", Some(Path::new("/no/such/book")), false).unwrap_err();
        assert!(err.to_string().starts_with("book /no/such/book: "), "{err}");
    }
}
