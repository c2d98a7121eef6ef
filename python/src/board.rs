//! The board classes: one game record each, driven in the game's notation.
//! The methods are the same for every game and written once, in
//! [`board_class`]; the games differ only in their glue.

use crate::glue::Glue;
use ply_core::{MoveNames, Outcome as CoreOutcome, Side};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How a game ended.
#[pyclass(module = "plygames", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won: 0 for the side that moves first in the start
    /// position (White in chess, Black in checkers and Othello), 1 for the
    /// other; `None` for a draw.
    pub winner: Option<u8>,
    /// Why the game ended (`"checkmate"`, `"threefold repetition"`...).
    pub reason: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={:?}, reason={:?})",
            self.winner, self.reason
        )
    }
}

/// 0 for [`Side::First`], 1 for [`Side::Second`].
pub fn side_number(side: Side) -> u8 {
    side.index() as u8
}

impl<R: Copy + std::fmt::Display> From<CoreOutcome<R>> for Outcome {
    fn from(outcome: CoreOutcome<R>) -> Self {
        Outcome {
            winner: outcome.winner().map(side_number),
            reason: outcome.reason().to_string(),
        }
    }
}

/// Reads a position, or says in a `ValueError` why it cannot.
///
/// # Errors
/// `ValueError` naming the game, the text and the reason.
pub fn parse_position<G: Glue>(text: &str) -> PyResult<G> {
    G::parse_position(text).map_err(|e| {
        PyValueError::new_err(format!("invalid {} position {text:?}: {e}", G::PY_NAME))
    })
}

/// Reads a move legal in `position`, or says in a `ValueError` why it cannot.
///
/// # Errors
/// `ValueError` naming the move, the reason and the legal moves.
pub fn parse_move<G: Glue>(position: &G, text: &str) -> PyResult<G::Move> {
    position.parse_move(text).map_err(|e| {
        let reason = e.to_string();
        // An illegal move's reason lists the legal moves already; a
        // malformed one's does not.
        let legal = if reason.contains("legal moves") {
            String::new()
        } else {
            let names = MoveNames::of(position, &position.legal_moves());
            format!(" (legal moves: {names})")
        };
        PyValueError::new_err(format!(
            "illegal {} move {text:?}: {reason}{legal}",
            G::PY_NAME
        ))
    })
}

/// The position of `record` as an SVG picture by ply's renderer
/// (`ply_games::svg`, as `ply board --svg` draws it), the last move
/// highlighted.
///
/// # Errors
/// `ValueError` for a theme other than `"light"` or `"dark"`.
pub fn svg<G: Glue + ply_games::Draw>(
    record: &ply_core::GameHistory<G>,
    flipped: bool,
    theme: &str,
    size: Option<u32>,
) -> PyResult<String> {
    let theme: ply_games::svg::Theme = theme
        .parse()
        .map_err(|e: ply_games::svg::UnknownTheme| PyValueError::new_err(e.to_string()))?;
    let mut diagram = record
        .position()
        .diagram(record.moves().last().copied(), false);
    if flipped {
        diagram = diagram.flipped();
    }
    let options = ply_games::svg::Options {
        theme,
        size,
        ..ply_games::svg::Options::default()
    };
    Ok(ply_games::svg::render(&diagram, &options))
}

/// Defines a board class `$class` for the game `$game`, with `$extra`
/// methods of its own.
macro_rules! board_class {
    ($class:ident, $game:ty, $pyname:literal, $doc:literal, { $($extra:tt)* }) => {
        #[doc = $doc]
        #[pyclass(module = "plygames", name = $pyname)]
        #[derive(Clone)]
        pub struct $class {
            record: ply_core::GameHistory<$game>,
        }

        #[pymethods]
        impl $class {
            /// The start position, or the position `position` in the game's
            /// notation.
            #[new]
            #[pyo3(signature = (position=None))]
            fn new(position: Option<&str>) -> PyResult<Self> {
                let start = match position {
                    Some(text) => $crate::board::parse_position::<$game>(text)?,
                    None => <$game as ply_core::Game>::start(),
                };
                Ok($class {
                    record: ply_core::GameHistory::new(start),
                })
            }

            /// The legal moves, in the game's notation.
            fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyList>> {
                let position = self.record.position();
                pyo3::types::PyList::new(
                    py,
                    <$game as ply_core::Game>::legal_moves(position)
                        .iter()
                        .map(|&mv| $crate::glue::move_name(py, position, mv)),
                )
            }

            /// Whether `move` is a legal move here.
            #[pyo3(signature = (r#move))]
            fn is_legal(&self, r#move: &str) -> bool {
                <$game as ply_core::Game>::parse_move(self.record.position(), r#move).is_ok()
            }

            /// Plays `move` (in the game's notation); `ValueError` if it is
            /// unreadable or illegal, the board unchanged. A name that
            /// `legal_moves()` returned is found without being read again.
            #[pyo3(signature = (r#move))]
            fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
                let position = self.record.position();
                let mv = match $crate::glue::move_by_cached_name(py, position, r#move) {
                    Some(mv) => mv,
                    None => {
                        let text: String = r#move.extract().map_err(|_| {
                            pyo3::exceptions::PyTypeError::new_err(format!(
                                "a move is a string in the game's notation, not {}",
                                r#move.get_type().name().map_or_else(|_| "that".to_owned(), |n| n.to_string())
                            ))
                        })?;
                        $crate::board::parse_move(position, &text)?
                    }
                };
                self.record.push(mv);
                Ok(())
            }

            /// Takes back the last move and returns it; `IndexError` if no
            /// move was played.
            fn pop(&mut self) -> PyResult<String> {
                match self.record.undo() {
                    Some(mv) => Ok(<$game as ply_core::Game>::move_name(self.record.position(), mv)),
                    None => Err(pyo3::exceptions::PyIndexError::new_err(
                        "pop from a board with no moves played",
                    )),
                }
            }

            /// The moves played since the board was made, oldest first.
            #[getter]
            fn moves(&self) -> Vec<String> {
                self.record
                    .moves()
                    .iter()
                    .zip(self.record.positions())
                    .map(|(&mv, position)| <$game as ply_core::Game>::move_name(position, mv))
                    .collect()
            }

            /// The side to move: 0 for the side that moves first in the
            /// start position, 1 for the other.
            #[getter]
            fn side_to_move(&self) -> u8 {
                $crate::board::side_number(<$game as ply_core::Game>::side_to_move(self.record.position()))
            }

            /// The position in the game's notation.
            fn position(&self) -> String {
                <$game as ply_core::Game>::position_string(self.record.position())
            }

            /// How the game ended, or `None` while it goes on (repetitions
            /// and move-count rules included).
            fn outcome(&self) -> Option<$crate::board::Outcome> {
                self.record.outcome().map(Into::into)
            }

            /// Whether the game is over.
            fn is_game_over(&self) -> bool {
                self.record.outcome().is_some()
            }

            /// How often the current position has occurred in the game.
            fn repetitions(&self) -> usize {
                self.record.repetitions()
            }

            /// The board as an SVG picture (ply's renderer, as `ply board
            /// --svg` draws it), the last move highlighted: `flipped` turns
            /// it round, `theme` is `"light"` or `"dark"`, `size` a width in
            /// pixels (none: it fills its container).
            #[pyo3(signature = (flipped=false, theme="light", size=None))]
            fn svg(&self, flipped: bool, theme: &str, size: Option<u32>) -> PyResult<String> {
                $crate::board::svg(&self.record, flipped, theme, size)
            }

            /// The picture Jupyter shows for the board.
            fn _repr_svg_(&self) -> PyResult<String> {
                $crate::board::svg(&self.record, false, "light", Some(360))
            }

            /// The number of move paths of exactly `depth` plies from here,
            /// counted on `threads` threads (as `ply perft`).
            #[pyo3(signature = (depth, threads=1))]
            fn perft(&self, py: Python<'_>, depth: u32, threads: usize) -> PyResult<u64> {
                $crate::perft::count(py, self.record.position(), depth, threads)
            }

            /// The move paths of `depth` plies below each legal move, as a
            /// dict from move name to count, in move generation order.
            #[pyo3(signature = (depth, threads=1))]
            fn perft_divide<'py>(
                &self,
                py: Python<'py>,
                depth: u32,
                threads: usize,
            ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
                let position = self.record.position();
                let divide = $crate::perft::divide(py, position, depth, threads)?;
                let dict = pyo3::types::PyDict::new(py);
                for (mv, nodes) in divide {
                    dict.set_item(<$game as ply_core::Game>::move_name(position, mv), nodes)?;
                }
                Ok(dict)
            }

            /// The engine's best move (`None` when the game is over), searched
            /// to `depth` plies, for `time` seconds or `nodes` nodes (a second
            /// without a limit); `info` is called with a dict after each
            /// iteration. Ctrl-C stops it (`KeyboardInterrupt`).
            #[pyo3(signature = (depth=None, time=None, nodes=None, threads=1, hash_mb=16, level=10, seed=0, info=None))]
            #[allow(clippy::too_many_arguments)]
            fn best_move(
                &self,
                py: Python<'_>,
                depth: Option<u32>,
                time: Option<f64>,
                nodes: Option<u64>,
                threads: usize,
                hash_mb: usize,
                level: u8,
                seed: u64,
                info: Option<Bound<'_, PyAny>>,
            ) -> PyResult<Option<$crate::search::BestMove>> {
                let request = $crate::search::Request {
                    depth,
                    seconds: time,
                    nodes,
                    threads,
                    hash_mb,
                    level,
                    seed,
                };
                if self.record.outcome().is_some() {
                    return Ok(None);
                }
                $crate::search::best_move(
                    py,
                    self.record.position(),
                    &self.record.earlier_hashes(),
                    &request,
                    info.as_ref(),
                )
            }

            /// A copy of the board, moves played included.
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: Bound<'_, PyAny>) -> Self {
                self.clone()
            }

            fn __str__(&self) -> String {
                <$game as ply_core::Game>::position_string(self.record.position())
            }

            fn __repr__(&self) -> String {
                format!(
                    "plygames.{}.Board({:?})",
                    <$game as $crate::glue::Glue>::PY_NAME,
                    <$game as ply_core::Game>::position_string(self.record.position())
                )
            }

            $($extra)*
        }
    };
}

pub(crate) use board_class;
