//! The engines `ply` runs: a game's board and evaluation made an engine with
//! a transposition table, and what its levels mean.

use crate::error::CliError;
use ply_core::search::{Engine, Evaluator, Searchable};

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

/// Something done with an engine board and its evaluation, whatever the game:
/// `ply best`, `ply bench`. The game registry hands it the board `--gen`
/// names.
pub trait EngineTask {
    /// The result.
    type Output;
    /// Does it with board `G` and `evaluator`.
    fn run<G: Searchable, E: Evaluator<G> + 'static>(self, evaluator: E) -> Self::Output;
}

/// An engine with a `hash_mb` MiB table.
///
/// # Errors
/// [`CliError::HashAllocation`] if the table cannot be had.
pub fn engine<G: Searchable, E: Evaluator<G>>(
    evaluator: E,
    hash_mb: usize,
) -> Result<Engine<G, E>, CliError> {
    Engine::try_new(evaluator, hash_mb).ok_or(CliError::HashAllocation(hash_mb))
}
