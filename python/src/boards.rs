//! The three board classes (each game's extras, the checkers databases and
//! Othello's exact solver, are its glue module's).

use crate::board::board_class;
use pyo3::prelude::*;

board_class!(
    ChessBoard,
    crate::glue::chess::Position,
    "ChessBoard",
    "A chess game: positions in FEN, moves in UCI (`e2e4`, `e7e8q`, castling `e1g1`); SAN is read too.",
    {
        /// The squares the piece on `square` attacks (python-chess's
        /// `attacks`), as square numbers (a1 = 0 ... h8 = 63), lowest
        /// first: none for an empty square; a pawn's two diagonals;
        /// sliders up to and including the first piece each way, whoever's
        /// it is. `square` is a number or a name (`"e4"`).
        fn attacks(&self, square: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
            crate::glue::chess::attacks(self.record.position(), square)
        }

        /// The squares of the pieces of `color` (`True` White) that attack
        /// `square` (python-chess's `attackers`), lowest first, pinned
        /// pieces included.
        fn attackers(&self, color: bool, square: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
            crate::glue::chess::attackers(self.record.position(), color, square)
        }

        /// Whether a piece of `color` (`True` White) attacks `square`
        /// (python-chess's `is_attacked_by`).
        fn is_attacked_by(&self, color: bool, square: &Bound<'_, PyAny>) -> PyResult<bool> {
            crate::glue::chess::is_attacked_by(self.record.position(), color, square)
        }
    }
);

board_class!(
    CheckersBoard,
    crate::glue::checkers::Position,
    "CheckersBoard",
    "An English checkers game: positions in PDN FEN (`B:W21,...:B1,...`), moves as squares (`11-15`, `22x15x6`).",
    {
        /// The value of the position for the side to move in the endgame
        /// databases that `ply egdb build checkers --pieces N` makes:
        /// `"win"`, `"loss"` or `"draw"` with best play (repetition a draw,
        /// no move-count rule). `dir` is the database directory (default:
        /// `$PLY_EGDB_DIR`, else the user's cache, `~/.cache/ply/egdb`).
        /// Raises `ValueError` when the position has more pieces than the
        /// databases hold or its slice was not built (the message says
        /// which build command makes it), `OSError` when a file cannot be read.
        #[pyo3(signature = (dir=None))]
        fn egdb_probe(&self, dir: Option<std::path::PathBuf>) -> PyResult<String> {
            crate::glue::checkers::egdb_probe(self.record.position(), dir)
        }
    }
);

board_class!(
    OthelloBoard,
    crate::glue::othello::Position,
    "OthelloBoard",
    "An Othello game: positions as 64 characters a1..h8 of `X` (black), `O` (white), `-` and the side to move; moves as squares (`d3`) or `pass`.",
    {
        /// The exact result with perfect play from here (Othello's endgame
        /// solver): the final disc difference for the side to move, the best
        /// move and line. Practical up to about 26 empty squares; Ctrl-C
        /// stops it (`KeyboardInterrupt`).
        #[pyo3(signature = (hash_mb=64))]
        fn solve(
            &self,
            py: Python<'_>,
            hash_mb: usize,
        ) -> PyResult<crate::glue::othello::Solution> {
            crate::glue::othello::solve(py, self.record.position(), hash_mb)
        }
    }
);
