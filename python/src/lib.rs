//! `plygames._plygames`, the compiled part of the `plygames` Python package: the board
//! classes, perft, search, Othello's solver, the batched environments and
//! chess's training data (`datagen`).
//! The Python modules in `python/plygames/` give them their public names.

mod board;
mod boards;
mod datagen;
mod glue;
mod interrupt;
mod perft;
mod search;
mod vector;

use numpy::{
    PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1,
    PyReadwriteArray2, PyReadwriteArray4,
};
use ply_core::{Game, Side};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use vector::othello::OthelloBatch;
use vector::{AnyBatch, Batch, Episodes, Opponent, Outputs, Planes};

/// Runs `$body` with `$g` the game type named `$name`, or returns a
/// `ValueError` for an unknown name.
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        match ply_games::GameKind::named(&$name) {
            Some(ply_games::GameKind::Chess) => {
                type $g = glue::chess::Position;
                $body
            }
            Some(ply_games::GameKind::Checkers) => {
                type $g = glue::checkers::Position;
                $body
            }
            Some(ply_games::GameKind::Othello) => {
                type $g = glue::othello::Position;
                $body
            }
            None => Err(PyValueError::new_err(format!(
                "unknown game {:?}: expected {} (ply's registry, ply_games::GameKind)",
                $name,
                ply_games::GameKind::names()
            ))),
        }
    };
}

/// The position `position` of game `G`, or its start position.
fn position_or_start<G: glue::Glue>(position: Option<&str>) -> PyResult<G> {
    match position {
        Some(text) => board::parse_position::<G>(text),
        None => Ok(G::start()),
    }
}

/// perft(game, depth, position=None, threads=1) -> int
///
/// The move paths of exactly `depth` plies from `position` (the start
/// position by default) of `game`, as `ply perft` counts them.
#[pyfunction(name = "perft")]
#[pyo3(signature = (game, depth, position=None, threads=1))]
fn perft_count(
    py: Python<'_>,
    game: &str,
    depth: u32,
    position: Option<&str>,
    threads: usize,
) -> PyResult<u64> {
    with_game!(game, G => {
        let root = position_or_start::<G>(position)?;
        perft::count(py, &root, depth, threads)
    })
}

/// split(game, plies, position=None) -> list[str]
///
/// The positions `plies` plies below `position` (the start position by
/// default), one per move path (a position reached twice appears twice), in
/// move generation order: the subtrees of a distributed perft.
#[pyfunction]
#[pyo3(signature = (game, plies, position=None))]
fn split(game: &str, plies: u32, position: Option<&str>) -> PyResult<Vec<String>> {
    if plies > 6 {
        return Err(PyValueError::new_err(format!(
            "splitting {plies} plies deep makes too many subtrees (at most 6)"
        )));
    }
    with_game!(game, G => {
        let root = position_or_start::<G>(position)?;
        Ok(perft::positions_below(&root, plies).iter().map(Game::position_string).collect())
    })
}

/// The winners and lengths of random games.
type Playouts<'py> = (Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<u32>>);

/// random_games(game, num_games, seed=0, max_plies=None) -> (winners, plies)
///
/// Plays `num_games` games of uniformly random legal moves from the start
/// position in one call. `winners` (int8): the winner's colour, 1 for
/// `WHITE` (True), 0 for `BLACK` (False), -1 for none (a draw or a game cut
/// at `max_plies`); `plies` (uint32) each game's length.
#[pyfunction]
#[pyo3(signature = (game, num_games, seed=0, max_plies=None))]
fn random_games<'py>(
    py: Python<'py>,
    game: &str,
    num_games: usize,
    seed: u64,
    max_plies: Option<u32>,
) -> PyResult<Playouts<'py>> {
    let mut winners = vec![0i8; num_games];
    let mut plies = vec![0u32; num_games];
    with_game!(game, G => {
        py.detach(|| vector::random_games::<G>(num_games, seed, max_plies, &mut winners, &mut plies));
        Ok::<(), PyErr>(())
    })?;
    Ok((
        PyArray1::from_vec(py, winners),
        PyArray1::from_vec(py, plies),
    ))
}

/// The batched environments' engine room (see `plygames.vector.Env`).
#[pyclass(module = "plygames")]
struct VectorCore {
    batch: Box<dyn AnyBatch>,
    /// Whether the mask buffer is laid out action by action.
    mask_by_action: bool,
}

/// Checks that a buffer has `expected` values.
fn check_len(name: &str, len: usize, expected: usize) -> PyResult<()> {
    if len == expected {
        Ok(())
    } else {
        Err(PyValueError::new_err(format!(
            "{name} has {len} values, expected {expected}"
        )))
    }
}

/// `out`, its length checked, or a new array of `n` actions.
fn actions_out<'py>(
    py: Python<'py>,
    out: Option<Bound<'py, PyArray1<i64>>>,
    n: usize,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    use numpy::PyUntypedArrayMethods;
    match out {
        Some(out) => {
            check_len("out", out.len(), n)?;
            Ok(out)
        }
        // SAFETY: every entry is written before Python sees it (a draw
        // writes one action per game).
        None => Ok(unsafe { PyArray1::<i64>::new(py, [n], false) }),
    }
}

/// The arrays [`VectorCore::step_new`] and [`VectorCore::reset_new`] return.
type NewArrays<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i8>>,
);

impl VectorCore {
    /// Runs `fill` (a reset or a step) into new, uninitialised arrays and
    /// returns them as a tuple `(obs, mask, reward, terminated, truncated,
    /// to_play)` (the outputs marked [`Outputs::fresh`]: every entry is
    /// written).
    fn fill_new<'py>(
        &mut self,
        py: Python<'py>,
        obs_u8: bool,
        fill: impl FnOnce(&mut dyn AnyBatch, &mut Outputs<'_>) -> Result<(), String> + Send,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let batch = &mut *self.batch;
        if obs_u8 && !batch.binary_planes() {
            return Err(PyValueError::new_err(
                "obs: this game's planes are not all 0 or 1: use float32",
            ));
        }
        let (n, planes, actions) = (batch.len(), batch.planes(), batch.actions());
        let shape = [n, planes, 8, 8];
        // SAFETY: the arrays are new (no other reference to them until they
        // are returned) and the batch writes every entry of every one of
        // them (`fresh`) before Python can read them; NumPy's bools are
        // bytes, 0 or 1, which is what the batch writes into the mask.
        unsafe {
            let (obs_u8_array, obs_f32_array) = if obs_u8 {
                (Some(PyArray4::<u8>::new(py, shape, false)), None)
            } else {
                (None, Some(PyArray4::<f32>::new(py, shape, false)))
            };
            let mask = PyArray2::<bool>::new(py, [n, actions], self.mask_by_action);
            let reward = PyArray1::<f32>::new(py, [n], false);
            let terminated = PyArray1::<bool>::new(py, [n], false);
            let truncated = PyArray1::<bool>::new(py, [n], false);
            let to_play = PyArray1::<i8>::new(py, [n], false);
            let as_slice = |e: numpy::AsSliceError| PyValueError::new_err(e.to_string());
            let obs = match (&obs_u8_array, &obs_f32_array) {
                (Some(obs), _) => Planes::U8(obs.as_slice_mut().map_err(as_slice)?),
                (_, Some(obs)) => Planes::F32(obs.as_slice_mut().map_err(as_slice)?),
                _ => unreachable!("one of the two is made"),
            };
            let mask_values = mask.as_slice_mut().map_err(as_slice)?;
            let mut out = Outputs {
                obs,
                mask: std::slice::from_raw_parts_mut(
                    mask_values.as_mut_ptr().cast::<u8>(),
                    mask_values.len(),
                ),
                mask_by_action: self.mask_by_action,
                fresh: true,
                reward: reward.as_slice_mut().map_err(as_slice)?,
                terminated: terminated.as_slice_mut().map_err(as_slice)?,
                truncated: truncated.as_slice_mut().map_err(as_slice)?,
                to_play: to_play.as_slice_mut().map_err(as_slice)?,
            };
            py.detach(|| fill(batch, &mut out))
                .map_err(PyValueError::new_err)?;
            let obs = match (obs_u8_array, obs_f32_array) {
                (Some(obs), _) => obs.into_any(),
                (_, Some(obs)) => obs.into_any(),
                _ => unreachable!("one of the two is made"),
            };
            let arrays: NewArrays<'py> = (obs, mask, reward, terminated, truncated, to_play);
            arrays.into_pyobject(py)
        }
    }
}

#[pymethods]
impl VectorCore {
    /// `num_envs` games of `game`; `opponent` is "self", "random" or
    /// "search" (to `depth` plies); `agent_side` 0, 1 or None (drawn per
    /// game); `max_steps` cuts games (truncation); `autoreset` starts a
    /// finished game again within the step that ended it; `mask_by_action`
    /// lays the mask buffer out action by action (shape `(actions,
    /// num_envs)`); `generic` keeps Othello on the batch every game shares
    /// (for tests of its own batch against it).
    #[new]
    #[pyo3(signature = (game, num_envs, seed, opponent, depth, agent_side, max_steps, autoreset, mask_by_action=false, generic=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        num_envs: usize,
        seed: u64,
        opponent: &str,
        depth: u32,
        agent_side: Option<u8>,
        max_steps: Option<u32>,
        autoreset: bool,
        mask_by_action: bool,
        generic: bool,
    ) -> PyResult<Self> {
        let opponent = match opponent {
            "self" => Opponent::SelfPlay,
            "random" => Opponent::Random,
            "search" if (1..=64).contains(&depth) => Opponent::Search(depth),
            "search" => {
                return Err(PyValueError::new_err(
                    "the opponent's depth must be 1 to 64",
                ));
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown opponent {other:?}: expected None, \"random\" or a depth"
                )));
            }
        };
        let agent_side = match agent_side {
            None => None,
            Some(0) => Some(Side::First),
            Some(1) => Some(Side::Second),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "agent_side must be 0, 1 or None, not {other}"
                )));
            }
        };
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        if max_steps == Some(0) {
            return Err(PyValueError::new_err(
                "max_episode_steps must be at least 1",
            ));
        }
        let episodes = Episodes {
            opponent,
            agent_side,
            max_steps,
            autoreset,
        };
        let own = match game.to_ascii_lowercase().as_str() {
            "othello" | "reversi" if !generic => OthelloBatch::new(num_envs, seed, episodes),
            _ => None,
        };
        if let Some(batch) = own {
            return Ok(VectorCore {
                batch: Box::new(batch),
                mask_by_action,
            });
        }
        let batch: Box<dyn AnyBatch> = with_game!(game, G => {
            Batch::<G>::new(G::start(), num_envs, seed, episodes)
                .map(|batch| Box::new(batch) as Box<dyn AnyBatch>)
                .map_err(pyo3::exceptions::PyMemoryError::new_err)
        })?;
        Ok(VectorCore {
            batch,
            mask_by_action,
        })
    }

    /// Actions per environment.
    #[getter]
    fn actions(&self) -> usize {
        self.batch.actions()
    }

    /// Planes per observation.
    #[getter]
    fn planes(&self) -> usize {
        self.batch.planes()
    }

    /// Whether every value of the observations is 0 or 1 (then they can be
    /// written as bytes).
    #[getter]
    fn binary_planes(&self) -> bool {
        self.batch.binary_planes()
    }

    /// Whether the batch is the game's own (Othello's bitboard batch), not
    /// the generic one.
    #[getter]
    fn game_specific(&self) -> bool {
        self.batch.game_specific()
    }

    /// Starts every game again into `buffers`, from `positions` (one per
    /// game or one for all; `None`: the start position), which stay the
    /// games' starts until the next reset.
    #[pyo3(signature = (seed, buffers, positions=None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        mut buffers: Buffers<'_>,
        positions: Option<Vec<String>>,
    ) -> PyResult<()> {
        self.batch
            .set_starts(positions.as_deref())
            .map_err(PyValueError::new_err)?;
        let mut out = buffers.outputs(&*self.batch, self.mask_by_action)?;
        let batch = &mut self.batch;
        py.detach(|| batch.reset(seed, &mut out));
        Ok(())
    }

    /// Plays one action per game into `buffers`.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut buffers: Buffers<'_>,
    ) -> PyResult<()> {
        let actions = actions
            .as_slice()
            .map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        check_len("actions", actions.len(), self.batch.len())?;
        let mut out = buffers.outputs(&*self.batch, self.mask_by_action)?;
        let batch = &mut self.batch;
        py.detach(|| batch.step(actions, &mut out))
            .map_err(PyValueError::new_err)
    }

    /// Plays one action per game into new arrays (`copy=True`'s fresh
    /// arrays, written in place instead of copied): `(obs, mask, reward,
    /// terminated, truncated, to_play)`, the observations uint8 when
    /// `obs_u8`, the mask `(num_envs, actions)` laid out action by action
    /// when the batch's is.
    fn step_new<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'_, i64>,
        obs_u8: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = actions
            .as_slice()
            .map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        check_len("actions", actions.len(), self.batch.len())?;
        self.fill_new(py, obs_u8, |batch, out| batch.step(actions, out))
    }

    /// Starts every game again into new arrays (as `step_new`), from
    /// `positions` (as `reset`).
    #[pyo3(signature = (seed, obs_u8, positions=None))]
    fn reset_new<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        obs_u8: bool,
        positions: Option<Vec<String>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.batch
            .set_starts(positions.as_deref())
            .map_err(PyValueError::new_err)?;
        self.fill_new(py, obs_u8, |batch, out| {
            batch.reset(seed, out);
            Ok(())
        })
    }

    /// A random legal action for each game, into `out` (a new array when
    /// `None`), which it returns.
    #[pyo3(signature = (out=None))]
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        out: Option<Bound<'py, PyArray1<i64>>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let n = self.batch.len();
        let out = actions_out(py, out, n)?;
        {
            let mut actions = out.try_readwrite()?;
            self.batch.random_actions(
                actions
                    .as_slice_mut()
                    .map_err(|e| PyValueError::new_err(format!("out: {e}")))?,
            );
        }
        Ok(out)
    }

    /// A uniformly random legal action for each game from `mask` (NumPy
    /// bools, `(num_envs, actions)`, its rows or its columns contiguous),
    /// drawn with each game's generator, into `out` (a new array when
    /// `None`; -1 for a row with no legal action), which it returns; `None`
    /// (nothing drawn) when `mask` is not such an array (the caller makes
    /// it one). From the env's own mask, the same draws as `random_actions`
    /// (Othello; the other games draw over actions where `random_actions`
    /// draws over moves).
    #[pyo3(signature = (mask, out=None))]
    fn sample_actions<'py>(
        &mut self,
        py: Python<'py>,
        mask: &Bound<'py, PyAny>,
        out: Option<Bound<'py, PyArray1<i64>>>,
    ) -> PyResult<Option<Bound<'py, PyArray1<i64>>>> {
        use numpy::PyUntypedArrayMethods;
        let Ok(mask) = mask.cast::<PyArray2<bool>>() else {
            return Ok(None);
        };
        let by_action = !mask.is_c_contiguous();
        if by_action && !mask.is_fortran_contiguous() {
            return Ok(None);
        }
        let (n, actions) = (self.batch.len(), self.batch.actions());
        if mask.shape() != [n, actions] {
            return Err(PyValueError::new_err(format!(
                "the mask has shape {:?}, expected {:?}",
                mask.shape(),
                [n, actions]
            )));
        }
        let out = actions_out(py, out, n)?;
        {
            let mask = mask.try_readonly()?;
            let mask = mask
                .as_slice()
                .map_err(|e| PyValueError::new_err(format!("mask: {e}")))?;
            // SAFETY: a bool is one byte, 0 or 1, as u8 reads it.
            let bytes =
                unsafe { std::slice::from_raw_parts(mask.as_ptr().cast::<u8>(), mask.len()) };
            let mut actions_rw = out.try_readwrite()?;
            let drawn = actions_rw
                .as_slice_mut()
                .map_err(|e| PyValueError::new_err(format!("out: {e}")))?;
            let batch = &mut *self.batch;
            if by_action {
                vector::sample::by_action(bytes, n, |counts| batch.draw(counts), drawn);
            } else {
                vector::sample::by_game(bytes, actions, |counts| batch.draw(counts), drawn);
            }
        }
        Ok(Some(out))
    }

    /// Each game's position in the game's notation.
    fn positions(&self) -> Vec<String> {
        self.batch.positions()
    }

    /// Each game's legal actions, sorted.
    fn legal_actions(&self) -> Vec<Vec<usize>> {
        self.batch.legal_actions()
    }
}

/// The observation buffer as Python passes it: float32 or uint8.
#[derive(FromPyObject)]
enum ObsBuffer<'py> {
    /// float32 planes.
    F32(PyReadwriteArray4<'py, f32>),
    /// uint8 planes.
    U8(PyReadwriteArray4<'py, u8>),
}

/// The arrays a reset or step fills, as Python passes them: a tuple of
/// observations, mask (the bool array viewed as uint8; `(actions,
/// num_envs)` when laid out action by action), reward, terminated, truncated and side to play.
#[derive(FromPyObject)]
struct Buffers<'py>(
    ObsBuffer<'py>,
    PyReadwriteArray2<'py, u8>,
    PyReadwriteArray1<'py, f32>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, i8>,
);

/// One buffer as a slice of `expected` values.
fn slice<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    name: &str,
    array: &'a mut numpy::PyReadwriteArray<'_, T, D>,
    expected: usize,
) -> PyResult<&'a mut [T]> {
    let slice = array
        .as_slice_mut()
        .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
    check_len(name, slice.len(), expected)?;
    Ok(slice)
}

impl Buffers<'_> {
    /// The buffers as slices, their sizes checked against `batch`.
    fn outputs(&mut self, batch: &dyn AnyBatch, mask_by_action: bool) -> PyResult<Outputs<'_>> {
        let n = batch.len();
        let values = n * batch.planes() * glue::GRID;
        Ok(Outputs {
            obs: match &mut self.0 {
                ObsBuffer::F32(obs) => Planes::F32(slice("obs", obs, values)?),
                ObsBuffer::U8(_) if !batch.binary_planes() => {
                    return Err(PyValueError::new_err(
                        "obs: this game's planes are not all 0 or 1: use float32",
                    ));
                }
                ObsBuffer::U8(obs) => Planes::U8(slice("obs", obs, values)?),
            },
            mask: slice("mask", &mut self.1, n * batch.actions())?,
            mask_by_action,
            fresh: false,
            reward: slice("reward", &mut self.2, n)?,
            terminated: slice("terminated", &mut self.3, n)?,
            truncated: slice("truncated", &mut self.4, n)?,
            to_play: slice("to_play", &mut self.5, n)?,
        })
    }
}

/// The compiled module.
#[pymodule]
fn _plygames(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<boards::ChessBoard>()?;
    m.add_class::<boards::CheckersBoard>()?;
    m.add_class::<boards::OthelloBoard>()?;
    let py = m.py();
    board::install_legal_moves(
        &py.get_type::<boards::ChessBoard>(),
        boards::ChessBoard::moves_of,
    )?;
    board::install_legal_moves(
        &py.get_type::<boards::CheckersBoard>(),
        boards::CheckersBoard::moves_of,
    )?;
    board::install_legal_moves(
        &py.get_type::<boards::OthelloBoard>(),
        boards::OthelloBoard::moves_of,
    )?;
    m.add_class::<glue::othello::Solution>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<board::Piece>()?;
    m.add(
        "IllegalMoveError",
        m.py().get_type::<board::IllegalMoveError>(),
    )?;
    m.add(
        "InvalidPositionError",
        m.py().get_type::<board::InvalidPositionError>(),
    )?;
    m.add_class::<search::BestMove>()?;
    m.add_class::<VectorCore>()?;
    m.add_function(wrap_pyfunction!(perft_count, m)?)?;
    m.add_function(wrap_pyfunction!(split, m)?)?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add_function(wrap_pyfunction!(datagen::chess_datagen, m)?)?;
    m.add_function(wrap_pyfunction!(datagen::chess_merge, m)?)?;
    m.add("MAX_PERFT_DEPTH", perft::MAX_DEPTH)?;
    Ok(())
}
