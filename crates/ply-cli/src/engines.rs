//! The engines `ply` runs: each game's [`Player`], and what its levels mean.

use crate::error::CliError;
use ply_core::Player;

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
