//! The engines `ply` runs: each game's [`Player`], and what its levels mean.

use crate::error::CliError;
use ply_core::Player;
use ply_core::book::Booked;

/// What each level means, for `ply best --help` and `ply play --help`.
pub const LEVELS_HELP: &str = "Levels:
  10  full strength within the given limits
   9  at most 8 plies, root moves misjudged by up to 0.04
   8  at most 6 plies, up to 0.10
   7  at most 5 plies, up to 0.18
   6  at most 4 plies, up to 0.30
   5  at most 3 plies, up to 0.50
   4  at most 2 plies, up to 0.80
   3  at most 2 plies, up to 1.20
   2  one ply, up to 1.80
   1  one ply, up to 3.00 (a beginner can win)
Errors are in pawns (men, discs) and random but fixed by --seed.";

/// Something done with a game's player, whatever the game: `ply best`,
/// `ply bench`. The game registry hands it the player of the board `--gen`
/// names.
pub trait PlayerTask {
    /// The result.
    type Output;
    /// Does it with player `P`.
    fn run<P: Player>(self) -> Self::Output;
}

/// A player with a `hash_mb` MiB table.
///
/// # Errors
/// [`CliError::HashAllocation`] if the table cannot be had.
pub fn player<P: Player>(hash_mb: usize) -> Result<P, CliError> {
    P::with_hash(hash_mb).map_err(|_| CliError::HashAllocation(hash_mb))
}

/// The opening book options of the commands that play (`ply play`, `ply
/// best`, `ply nboard`, `ply hub`): the book built by search that ships
/// with ply by default.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct BookChoice {
    /// Play without the opening book.
    #[arg(long)]
    pub no_book: bool,
    /// The opening book file to use instead of the shipped one (made by
    /// `ply book build`).
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    pub book: Option<std::path::PathBuf>,
    /// Play any book move within this loss (centi-units: hundredths of a
    /// disc or a man) of the best, drawn at random; 0 plays the best.
    #[arg(long, value_name = "LOSS", default_value_t = 0)]
    pub book_randomness: u32,
}

impl BookChoice {
    /// The book chosen for game `game` (none with `--no-book`).
    ///
    /// # Errors
    /// [`CliError::Book`] for a book file that cannot be used.
    pub fn book(
        &self,
        game: &str,
    ) -> Result<Option<std::sync::Arc<ply_core::book::SearchBook>>, CliError> {
        ply_games::playable::search_book::choose(game, self.book.as_deref(), self.no_book)
            .map_err(|e| CliError::Book(e.to_string()))
    }

    /// `--book-randomness` as centi-units.
    #[must_use]
    pub fn randomness(&self) -> i32 {
        i32::try_from(self.book_randomness).unwrap_or(i32::MAX)
    }

    /// `player` with the book chosen for its game.
    ///
    /// # Errors
    /// [`CliError::Book`] for a book file that cannot be used.
    pub fn booked<P: Player>(&self, player: P) -> Result<Booked<P>, CliError> {
        let mut booked = Booked::new(player, self.book(<P::Game as ply_core::Game>::NAME)?);
        booked.set_randomness(self.randomness());
        Ok(booked)
    }
}
