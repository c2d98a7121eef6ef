//! English checkers: 256 actions and 6 planes on the 8x8 grid as the
//! diagram shows it (row 0 = rank 8, where Black starts; column 0 = the
//! a-file; grid square = row * 8 + column).
//!
//! Actions: one per step of a piece, `(square * 4 + direction) * 2 + jump`
//! with `square` the PDN number minus one (0..32) of the square the step
//! starts from, `direction` 0 up-left, 1 up-right, 2 down-left, 3 down-right
//! (up = towards rank 8) and `jump` 1 for a capture. A multi-jump takes one
//! action per jump: the same side stays to move, with only the next jumps of
//! that piece legal, until the capture is complete.
//!
//! Planes: Black's men, Black's kings, White's men, White's kings, the piece
//! in the middle of a multi-jump, White to move (all ones).

use super::Glue;
use ply_checkers::engine::CheckersPlayer;
use ply_checkers::{Checkers, Color, Move, Square};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// The checkers position the Python package plays on.
pub type Position = Checkers;

/// The square a step of `mv` starts from: the start square, or the landing
/// of the previous jump.
fn step_start(mv: Move, step: usize) -> Square {
    mv.squares().nth(step).expect("a step of the move")
}

/// The grid index of a playable square.
fn grid(square: Square) -> usize {
    usize::from(square.row()) * 8 + usize::from(square.file())
}

/// Sets the grid squares of the playable squares in `board` in `plane`.
fn fill_squares(plane: &mut [f32], mut board: u32) {
    while board != 0 {
        let index = board.trailing_zeros() as u8;
        plane[grid(Square::from_index(index))] = 1.0;
        board &= board - 1;
    }
}

impl Glue for Checkers {
    type Player = CheckersPlayer;
    const PY_NAME: &'static str = "checkers";
    const ACTIONS: usize = 32 * 4 * 2;
    const PLANES: usize = 6;

    fn square_name(number: i64) -> Option<String> {
        (1..=32).contains(&number).then(|| number.to_string())
    }

    fn steps(mv: Move) -> usize {
        mv.jumps().max(1)
    }

    fn action(&self, mv: Move, step: usize) -> usize {
        let mut squares = mv.squares().skip(step);
        let from = squares.next().expect("a step of the move");
        let to = squares.next().expect("where the step lands");
        let up = to.row() < from.row();
        let right = to.file() > from.file();
        let direction = match (up, right) {
            (true, false) => 0,
            (true, true) => 1,
            (false, false) => 2,
            (false, true) => 3,
        };
        (from.index() * 4 + direction) * 2 + usize::from(mv.is_capture())
    }

    fn write_planes(&self, partial: Option<(Move, usize)>, planes: &mut [f32]) {
        let kings = self.kings();
        let black = self.pieces(Color::Black);
        let white = self.pieces(Color::White);
        fill_squares(&mut planes[..64], black & !kings);
        fill_squares(&mut planes[64..128], black & kings);
        fill_squares(&mut planes[128..192], white & !kings);
        fill_squares(&mut planes[192..256], white & kings);
        if let Some((mv, step)) = partial {
            planes[256 + grid(step_start(mv, step))] = 1.0;
        }
        if self.turn() == Color::White {
            planes[320..384].fill(1.0);
        }
    }

    fn name_cache() -> &'static super::NameCache {
        static CACHE: super::NameCache = super::NameCache::new();
        &CACHE
    }
}

/// Probes the checkers endgame databases in `dir` (or the default directory).
pub fn egdb_probe(position: &Checkers, dir: Option<std::path::PathBuf>) -> PyResult<String> {
    use ply_checkers::egdb::{Database, Error, default_dir};
    let dir = dir.or_else(default_dir).ok_or_else(|| {
        PyValueError::new_err("no endgame database directory: give `dir` or set PLY_EGDB_DIR")
    })?;
    match Database::open(&dir).probe(position) {
        Ok(value) => Ok(value.to_string()),
        Err(error @ (Error::Io { .. } | Error::BadFile { .. })) => {
            Err(PyOSError::new_err(error.to_string()))
        }
        Err(error) => Err(PyValueError::new_err(error.to_string())),
    }
}
