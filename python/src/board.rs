//! The board classes: one game record each, driven in the game's notation.
//! The methods are the same for every game and written once, in
//! [`board_class`]; the games differ only in their glue.

use crate::glue::Glue;
use ply_core::{Game, MoveNames, Outcome as CoreOutcome, Side};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    plygames,
    IllegalMoveError,
    PyValueError,
    "A move that cannot be read or is not legal in the position (a `ValueError`, as python-chess's `IllegalMoveError`); the message lists the legal moves."
);
pyo3::create_exception!(
    plygames,
    InvalidPositionError,
    PyValueError,
    "A position text (FEN, PDN FEN, Othello's 64 squares) that cannot be read or is impossible (a `ValueError`)."
);

/// How a game ended.
#[pyclass(module = "plygames", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The colour that won, as python-chess writes it in every game:
    /// `True` (`WHITE`) for White, `False` (`BLACK`) for Black (who moves
    /// first in checkers and Othello), `None` for a draw.
    #[pyo3(get)]
    pub winner: Option<bool>,
    /// Why the game ended (`"checkmate"`, `"threefold repetition"`...).
    #[pyo3(get)]
    pub reason: String,
    /// The result as the game's record writes it: `"1-0"` when the side
    /// that moves first won (White in chess, Black in checkers and
    /// Othello), `"0-1"` the other side, `"1/2-1/2"` a draw.
    pub marker: &'static str,
}

#[pymethods]
impl Outcome {
    /// Why the game ended (python-chess's name; the same as `reason`).
    #[getter]
    fn termination(&self) -> String {
        self.reason.clone()
    }

    /// The result as the game's record (PGN, PDN) writes it: `"1-0"` when
    /// the side that moves first won (White in chess, Black in checkers and
    /// Othello), `"0-1"` when the other side did, `"1/2-1/2"` for a draw.
    fn result(&self) -> &'static str {
        self.marker
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, reason={})",
            py_option(self.winner.map(py_bool)),
            py_str(&self.reason)
        )
    }
}

/// `True` or `False` as Python writes them.
pub fn py_bool(value: bool) -> &'static str {
    if value { "True" } else { "False" }
}

/// A value or `None`, as Python writes them.
pub fn py_option(value: Option<impl std::fmt::Display>) -> String {
    value.map_or_else(|| "None".to_owned(), |v| v.to_string())
}

/// `text` as Python's `repr` writes a string (single quotes unless the
/// text has one and no double quote).
pub fn py_str(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A list of strings as Python's `repr` writes it.
pub fn py_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|item| py_str(item)).collect();
    format!("[{}]", items.join(", "))
}

/// 0 for [`Side::First`], 1 for [`Side::Second`].
pub fn side_number(side: Side) -> u8 {
    side.index() as u8
}

/// The Python colour of `side` in game `G`: `True` for White.
pub fn side_color<G: Glue>(side: Side) -> bool {
    (side == Side::First) == G::FIRST_IS_WHITE
}

/// The outcome of a game of `G` as Python sees it.
pub fn outcome<G: Glue>(outcome: CoreOutcome<G::EndReason>) -> Outcome {
    Outcome {
        winner: outcome.winner().map(side_color::<G>),
        reason: outcome.reason().to_string(),
        marker: ply_core::record::pgn::result_marker(Some(outcome)),
    }
}

/// A piece on a square (python-chess's `Piece`, for the three games).
#[pyclass(module = "plygames", frozen, eq, hash)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// `True` (`WHITE`) or `False` (`BLACK`).
    #[pyo3(get)]
    pub color: bool,
    /// The kind as a number: python-chess's in chess (`PAWN` = 1 ...
    /// `KING` = 6), `MAN` = 1 and `KING` = 2 in checkers, `DISC` = 1 in
    /// Othello (each game module has the constants).
    #[pyo3(get)]
    pub piece_type: u8,
    /// The kind in a word: `"pawn"` ... `"king"`, `"man"`,
    /// `"checkers-king"`, `"disc"`.
    #[pyo3(get)]
    pub kind: &'static str,
    /// The letter.
    ascii: char,
    /// The Unicode symbol.
    unicode: char,
}

#[pymethods]
impl Piece {
    /// The piece's letter in the game's position text (`K`, `p`; checkers
    /// `w`, `W`, `b`, `B`; Othello `O`, `X`).
    fn symbol(&self) -> String {
        self.ascii.to_string()
    }

    /// The piece as a Unicode symbol (hollow for White, solid for Black).
    fn unicode_symbol(&self) -> String {
        self.unicode.to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!(
            "Piece(color={}, kind={})",
            py_bool(self.color),
            py_str(self.kind)
        )
    }
}

impl From<ply_games::diagram::Piece> for Piece {
    fn from(piece: ply_games::diagram::Piece) -> Self {
        use ply_games::diagram::Kind;
        let piece_type = match piece.kind {
            Kind::Pawn | Kind::Man | Kind::Disc => 1,
            Kind::Knight | Kind::CheckersKing => 2,
            Kind::Bishop => 3,
            Kind::Rook => 4,
            Kind::Queen => 5,
            Kind::King => 6,
        };
        let glyph = piece.glyph();
        Piece {
            color: piece.color == ply_games::diagram::Color::White,
            piece_type,
            kind: piece.kind.name(),
            ascii: glyph.ascii,
            unicode: glyph.outline,
        }
    }
}

/// `plygames.LegalMoves` (`plygames/_legal_moves.py`), the type of
/// `board.legal_moves`: a list of the moves' names that can be called.
static LEGAL_MOVES: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> = pyo3::sync::PyOnceLock::new();

/// The legal moves `names` as a `plygames.LegalMoves`: a list subclass
/// allocated and filled in place (no call of the type), as fast to make as
/// a list and to use.
pub fn legal_moves<'py>(
    py: Python<'py>,
    names: impl Iterator<Item = Bound<'py, pyo3::types::PyString>>,
) -> PyResult<Bound<'py, PyAny>> {
    let kind = LEGAL_MOVES.get_or_try_init(py, || {
        py.import("plygames._legal_moves")?
            .getattr("LegalMoves")?
            .cast_into::<pyo3::types::PyType>()
            .map(Bound::unbind)
            .map_err(PyErr::from)
    })?;
    // SAFETY: the type is a heap subclass of list with no fields of its own
    // (`__slots__ = ()`); PyType_GenericAlloc gives a zeroed, empty list of
    // it (GC-tracked), which PyList_Append fills as any list.
    unsafe {
        let list = pyo3::ffi::PyType_GenericAlloc(kind.bind(py).as_type_ptr(), 0);
        let list = Bound::from_owned_ptr_or_err(py, list)?;
        for name in names {
            if pyo3::ffi::PyList_Append(list.as_ptr(), name.as_ptr()) != 0 {
                return Err(PyErr::fetch(py));
            }
        }
        Ok(list)
    }
}

/// Makes a board's legal moves: a plain `list` when `plain`, else a
/// `plygames.LegalMoves` (the board's type is checked: `TypeError`).
pub type MovesOf = for<'py> fn(&Bound<'py, PyAny>, bool) -> PyResult<Bound<'py, PyAny>>;

/// The object that `legal_moves` is in each board class: a descriptor
/// (like a property) that CPython also takes as a method.
///
/// `board.legal_moves` is a property like python-chess's, a
/// `plygames.LegalMoves` (a list); old callers call it,
/// `board.legal_moves()`, for a plain list. Through a property the call
/// would make the `LegalMoves`, then its copy through `LegalMoves.__call__`
/// (a lookup and a call of a Python-level slot): about twice the method's
/// time. This type is flagged `Py_TPFLAGS_METHOD_DESCRIPTOR`, so the
/// interpreter compiles `board.legal_moves()` to a call of the descriptor
/// itself with the board (as it calls a method, unbound): one plain list
/// made straight away. Attribute access goes through `tp_descr_get`, which
/// makes the `LegalMoves`.
#[repr(C)]
struct LegalMovesDescriptor {
    ob_base: pyo3::ffi::PyObject,
    moves_of: MovesOf,
}

/// The type of the `legal_moves` descriptors, made once.
static DESCRIPTOR_TYPE: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> =
    pyo3::sync::PyOnceLock::new();

/// Runs `body` for a slot CPython calls: its error set as the Python
/// exception (null returned), a panic as a `RuntimeError`.
///
/// # Safety
/// The caller is attached to the interpreter (CPython calls slots with the
/// GIL held).
unsafe fn slot<'py>(
    body: impl FnOnce(Python<'py>) -> PyResult<Bound<'py, PyAny>>,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython calls the slots attached (above).
    let py = unsafe { Python::assume_attached() };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(py)))
        .unwrap_or_else(|_| {
            Err(pyo3::exceptions::PyRuntimeError::new_err(
                "a Rust panic in legal_moves",
            ))
        });
    match result {
        Ok(object) => object.into_ptr(),
        Err(error) => {
            error.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// `tp_descr_get`: `board.legal_moves`, a `LegalMoves`; the descriptor
/// itself from the class.
unsafe extern "C" fn descriptor_get(
    descriptor: *mut pyo3::ffi::PyObject,
    board: *mut pyo3::ffi::PyObject,
    _owner: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython calls the slot attached, with a descriptor of this
    // type and a borrowed board (or null, or None, from the class).
    unsafe {
        slot(|py| {
            if board.is_null() || board == pyo3::ffi::Py_None() {
                return Ok(Bound::from_borrowed_ptr(py, descriptor));
            }
            let moves_of = (*descriptor.cast::<LegalMovesDescriptor>()).moves_of;
            moves_of(&Bound::from_borrowed_ptr(py, board), false)
        })
    }
}

/// `tp_descr_set`: `legal_moves` cannot be set or deleted (it is a data
/// descriptor, as a property).
unsafe extern "C" fn descriptor_set(
    _descriptor: *mut pyo3::ffi::PyObject,
    _board: *mut pyo3::ffi::PyObject,
    _value: *mut pyo3::ffi::PyObject,
) -> std::os::raw::c_int {
    // SAFETY: CPython calls the slot attached.
    let py = unsafe { Python::assume_attached() };
    pyo3::exceptions::PyAttributeError::new_err("legal_moves cannot be set").restore(py);
    -1
}

/// `tp_call`: `board.legal_moves()` (the descriptor called with the board),
/// a plain list.
unsafe extern "C" fn descriptor_call(
    descriptor: *mut pyo3::ffi::PyObject,
    args: *mut pyo3::ffi::PyObject,
    kwargs: *mut pyo3::ffi::PyObject,
) -> *mut pyo3::ffi::PyObject {
    // SAFETY: CPython calls the slot attached, with a descriptor of this
    // type, a tuple of arguments and a dict of keywords or null; the board
    // is borrowed from the tuple, which outlives the call.
    unsafe {
        slot(|py| {
            let keywords = !kwargs.is_null() && pyo3::ffi::PyDict_Size(kwargs) != 0;
            if pyo3::ffi::PyTuple_Size(args) != 1 || keywords {
                return Err(pyo3::exceptions::PyTypeError::new_err(
                    "legal_moves() takes a board and no other argument",
                ));
            }
            let board = pyo3::ffi::PyTuple_GetItem(args, 0);
            let moves_of = (*descriptor.cast::<LegalMovesDescriptor>()).moves_of;
            moves_of(Bound::ref_from_ptr(py, &board), true)
        })
    }
}

/// `tp_dealloc`: frees the descriptor and lets go of its type (a heap type).
unsafe extern "C" fn descriptor_dealloc(descriptor: *mut pyo3::ffi::PyObject) {
    // SAFETY: CPython calls the slot attached, with a descriptor of this
    // heap type, whose instances hold a reference to it.
    unsafe {
        let kind = pyo3::ffi::Py_TYPE(descriptor);
        let free = pyo3::ffi::PyType_GetSlot(kind, pyo3::ffi::Py_tp_free);
        let free: pyo3::ffi::freefunc = std::mem::transmute(free);
        free(descriptor.cast());
        pyo3::ffi::Py_DECREF(kind.cast());
    }
}

/// Puts the `legal_moves` descriptor making the moves with `moves_of` into
/// the board class `class` (in place of anything of that name).
pub fn install_legal_moves(
    class: &Bound<'_, pyo3::types::PyType>,
    moves_of: MovesOf,
) -> PyResult<()> {
    let py = class.py();
    let kind = DESCRIPTOR_TYPE.get_or_try_init(py, || {
        use pyo3::ffi;
        let doc = c"The legal moves, in the game's notation (python-chess's board.legal_moves): a plygames.LegalMoves (a list); board.legal_moves() gives a plain list.";
        let slots = Box::leak(Box::new([
            ffi::PyType_Slot { slot: ffi::Py_tp_descr_get, pfunc: descriptor_get as *mut _ },
            ffi::PyType_Slot { slot: ffi::Py_tp_descr_set, pfunc: descriptor_set as *mut _ },
            ffi::PyType_Slot { slot: ffi::Py_tp_call, pfunc: descriptor_call as *mut _ },
            ffi::PyType_Slot { slot: ffi::Py_tp_dealloc, pfunc: descriptor_dealloc as *mut _ },
            ffi::PyType_Slot { slot: ffi::Py_tp_doc, pfunc: doc.as_ptr() as *mut _ },
            ffi::PyType_Slot { slot: 0, pfunc: std::ptr::null_mut() },
        ]));
        let spec = Box::leak(Box::new(ffi::PyType_Spec {
            name: c"plygames.LegalMovesDescriptor".as_ptr(),
            basicsize: std::mem::size_of::<LegalMovesDescriptor>() as std::os::raw::c_int,
            itemsize: 0,
            flags: (ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_METHOD_DESCRIPTOR) as std::os::raw::c_uint,
            slots: slots.as_mut_ptr(),
        }));
        // SAFETY: the spec and its slots live for the rest of the process.
        unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(spec))?
                .cast_into::<pyo3::types::PyType>()
                .map(Bound::unbind)
                .map_err(PyErr::from)
        }
    })?;
    // SAFETY: a new, zeroed instance of the descriptor type (basicsize
    // covers the struct), its function set before anyone sees it.
    let descriptor = unsafe {
        let object = pyo3::ffi::PyType_GenericAlloc(kind.bind(py).as_type_ptr(), 0);
        let object = Bound::from_owned_ptr_or_err(py, object)?;
        (*object.as_ptr().cast::<LegalMovesDescriptor>()).moves_of = moves_of;
        object
    };
    class.setattr("legal_moves", descriptor)
}

/// The board as text, python-chess's `str(board)`: rows from the top, `.`
/// for an empty square, a blank for a square the game does not use (the
/// light squares of checkers), the pieces by their letters (or Unicode
/// symbols with `unicode`).
pub fn text(diagram: &ply_games::Diagram, unicode: bool) -> String {
    diagram
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|cell| match (cell.glyph(), &cell.square) {
                    (Some(glyph), _) if unicode => glyph.outline,
                    (Some(glyph), _) => glyph.ascii,
                    (None, Some(_)) => '.',
                    (None, None) => ' ',
                })
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" ")
                .trim_end()
                .to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The piece on the square `square` (a name, or a number as
/// [`Glue::square_name`] reads it) of `position`.
///
/// # Errors
/// `ValueError` for a square the game does not have.
pub fn piece_at<G: Glue + ply_games::Draw>(
    position: &G,
    square: &Bound<'_, PyAny>,
) -> PyResult<Option<Piece>> {
    let name = match square.extract::<i64>() {
        Ok(number) => G::square_name(number),
        Err(_) => square.extract::<String>().ok(),
    };
    let diagram = position.diagram(None, false);
    let cell = name
        .as_deref()
        .and_then(|name| diagram.find(name))
        .ok_or_else(|| PyValueError::new_err(format!("no {} square {square}", G::PY_NAME)))?;
    Ok(cell.2.piece.map(Piece::from))
}

/// Reads a position, or says in a `ValueError` why it cannot.
///
/// # Errors
/// `ValueError` naming the game, the text and the reason.
pub fn parse_position<G: Glue>(text: &str) -> PyResult<G> {
    G::parse_position(text).map_err(|e| {
        InvalidPositionError::new_err(format!("invalid {} position {text:?}: {e}", G::PY_NAME))
    })
}

/// Reads a move legal in `position`, or says in a `ValueError` why it cannot.
///
/// # Errors
/// `ValueError` naming the move, the reason and the legal moves.
pub fn parse_move<G: Glue>(position: &G, text: &str) -> PyResult<G::Move> {
    read_move(position, text, G::parse_move)
}

/// A way of reading a move of `G` (its own names, SAN, UCI).
pub type MoveReader<G> = fn(&G, &str) -> Result<<G as Game>::Move, <G as Game>::MoveError>;

/// Reads a move legal in `position` with `read`, or says in an
/// [`IllegalMoveError`] why it cannot.
///
/// # Errors
/// [`IllegalMoveError`] naming the move, the reason and the legal moves.
pub fn read_move<G: Glue>(position: &G, text: &str, read: MoveReader<G>) -> PyResult<G::Move> {
    read(position, text).map_err(|e| {
        let reason = e.to_string();
        // An illegal move's reason lists the legal moves already; a
        // malformed one's does not.
        let legal = if reason.contains("legal moves") {
            String::new()
        } else {
            let names = MoveNames::of(position, &position.legal_moves());
            format!(" (legal moves: {names})")
        };
        IllegalMoveError::new_err(format!(
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

/// `text` with `<`, `>`, `&` and `"` escaped for HTML.
pub fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The observation planes of `position`, `(planes, 8, 8)` float32.
///
/// # Errors
/// Only NumPy's.
pub fn observation<'py, G: Glue>(
    py: Python<'py>,
    position: &G,
) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
    let mut planes = vec![0.0f32; G::PLANES * crate::glue::GRID];
    position.write_planes(None, &mut planes);
    use numpy::PyArrayMethods;
    numpy::PyArray1::from_vec(py, planes).reshape([G::PLANES, 8, 8])
}

/// The legal move of `position` whose first action is `action`.
///
/// # Errors
/// `ValueError` when no legal move or several have that action.
pub fn action_to_move<G: Glue>(position: &G, action: usize) -> PyResult<String> {
    let moves: Vec<G::Move> = position
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| position.action(mv, 0) == action)
        .collect();
    match moves.as_slice() {
        [mv] => Ok(position.move_name(*mv)),
        [] => Err(IllegalMoveError::new_err(format!(
            "no legal {} move has action {action}",
            G::PY_NAME
        ))),
        several => Err(PyValueError::new_err(format!(
            "several legal {} moves start with action {action}: {} (the environment plays them one step at a time)",
            G::PY_NAME,
            MoveNames::of(position, several)
        ))),
    }
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

        impl $class {
            /// The legal moves of `board` (one of this class), in the
            /// game's notation: a plain list when `plain`, else a
            /// `plygames.LegalMoves` (`legal_moves`, see
            /// [`install_legal_moves`]($crate::board::install_legal_moves)).
            pub fn moves_of<'py>(
                board: &Bound<'py, PyAny>,
                plain: bool,
            ) -> PyResult<Bound<'py, PyAny>> {
                let py = board.py();
                let board = board.cast::<$class>()?.try_borrow()?;
                let position = board.record.position();
                let moves = <$game as ply_core::Game>::legal_moves(position);
                let names = moves
                    .iter()
                    .map(|&mv| $crate::glue::move_name(py, position, mv));
                if plain {
                    Ok(pyo3::types::PyList::new(py, names)?.into_any())
                } else {
                    $crate::board::legal_moves(py, names)
                }
            }
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


            /// The position in the game's text (python-chess's name in every
            /// game): FEN in chess, PDN FEN in checkers, Othello's 64
            /// squares and the side to move. The same as `position()`.
            fn fen(&self) -> String {
                <$game as ply_core::Game>::position_string(self.record.position())
            }

            /// Sets up the position `fen` (the game's text, as `fen()`
            /// writes it), forgetting the moves played;
            /// `InvalidPositionError` (a `ValueError`), the board unchanged,
            /// if it cannot be read.
            fn set_fen(&mut self, fen: &str) -> PyResult<()> {
                let start = $crate::board::parse_position::<$game>(fen)?;
                self.record = ply_core::GameHistory::new(start);
                Ok(())
            }

            /// Plays a move in the game's standard notation (SAN in chess,
            /// which also reads UCI; `11-15`/`22x15` in checkers; `d3` or
            /// `pass` in Othello) and returns it in the board's notation
            /// (UCI in chess).
            fn push_san(&mut self, san: &str) -> PyResult<String> {
                let position = self.record.position();
                let mv = $crate::board::parse_move(position, san)?;
                let name = <$game as ply_core::Game>::move_name(position, mv);
                self.record.push(mv);
                Ok(name)
            }

            /// Plays a move in the engine notation (UCI in chess; the
            /// game's own names in checkers and Othello) and returns it.
            fn push_uci(&mut self, uci: &str) -> PyResult<String> {
                let position = self.record.position();
                let mv = $crate::board::read_move(position, uci, <$game as $crate::glue::Glue>::parse_uci)?;
                let name = <$game as ply_core::Game>::move_name(position, mv);
                self.record.push(mv);
                Ok(name)
            }

            /// The legal move `san` (standard notation) in the board's
            /// notation (UCI in chess), without playing it.
            fn parse_san(&self, san: &str) -> PyResult<String> {
                let position = self.record.position();
                let mv = $crate::board::parse_move(position, san)?;
                Ok(<$game as ply_core::Game>::move_name(position, mv))
            }

            /// The legal move `uci` (engine notation) in the board's
            /// notation, checked (python-chess's `parse_uci`).
            fn parse_uci(&self, uci: &str) -> PyResult<String> {
                let position = self.record.position();
                let mv = $crate::board::read_move(position, uci, <$game as $crate::glue::Glue>::parse_uci)?;
                Ok(<$game as ply_core::Game>::move_name(position, mv))
            }

            /// The legal move `move` (any notation the board reads) in
            /// standard notation: SAN with `+`/`#` in chess, the move's name
            /// in checkers and Othello.
            #[pyo3(signature = (r#move))]
            fn san(&self, r#move: &str) -> PyResult<String> {
                let position = self.record.position();
                let mv = $crate::board::parse_move(position, r#move)?;
                Ok(<$game as $crate::glue::Glue>::san(position, mv))
            }

            /// The legal move `move` in engine notation (UCI in chess).
            #[pyo3(signature = (r#move))]
            fn uci(&self, r#move: &str) -> PyResult<String> {
                let position = self.record.position();
                let mv = $crate::board::parse_move(position, r#move)?;
                Ok(<$game as ply_core::Game>::move_name(position, mv))
            }

            /// The moves played, in standard notation (SAN in chess),
            /// oldest first.
            fn san_moves(&self) -> Vec<String> {
                self.record
                    .moves()
                    .iter()
                    .zip(self.record.positions())
                    .map(|(&mv, position)| <$game as $crate::glue::Glue>::san(position, mv))
                    .collect()
            }

            /// The piece on `square` or `None`: a name (`"e4"`, checkers
            /// `"15"`, Othello `"d3"`) or a number (chess and Othello a1 = 0
            /// ... h8 = 63, python-chess's; checkers the PDN number 1..32).
            fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<$crate::board::Piece>> {
                $crate::board::piece_at(self.record.position(), square)
            }

            /// Whether the side to move is in check (always `False` in
            /// checkers and Othello).
            fn is_check(&self) -> bool {
                <$game as ply_core::Game>::in_check(self.record.position())
            }

            /// The colour to move: `True` (`WHITE`) or `False` (`BLACK`), in
            /// every game (Black moves first in checkers and Othello).
            #[getter]
            fn turn(&self) -> bool {
                $crate::board::side_color::<$game>(<$game as ply_core::Game>::side_to_move(self.record.position()))
            }

            /// The moves played (python-chess's `move_stack`), oldest first.
            #[getter]
            fn move_stack(&self) -> Vec<String> {
                self.moves()
            }

            /// The number of moves played since the board was set up.
            fn ply(&self) -> usize {
                self.record.moves().len()
            }

            /// The position as this game's observation planes for learning,
            /// a float32 array `(planes, 8, 8)`, as `plygames.vector.Env`
            /// observes it (at the start of a move).
            fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
                $crate::board::observation(py, self.record.position())
            }

            /// The action number of the legal move `move` (its first step for
            /// a checkers multi-jump), as `plygames.vector.Env` numbers them.
            #[pyo3(signature = (r#move))]
            fn move_to_action(&self, r#move: &str) -> PyResult<usize> {
                let position = self.record.position();
                let mv = $crate::board::parse_move(position, r#move)?;
                Ok(<$game as $crate::glue::Glue>::action(position, mv, 0))
            }

            /// The legal move whose (first) action is `action`, in the game's
            /// notation; `ValueError` when no legal move has it, or when
            /// several do (checkers multi-jumps that part after the first
            /// jump: the environment takes them one jump at a time).
            fn action_to_move(&self, action: usize) -> PyResult<String> {
                $crate::board::action_to_move(self.record.position(), action)
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
                self.record.outcome().map($crate::board::outcome::<$game>)
            }

            /// Whether the game is over.
            fn is_game_over(&self) -> bool {
                self.record.outcome().is_some()
            }

            /// The result as the game's record writes it: `"1-0"` (the side
            /// that moves first won), `"0-1"`, `"1/2-1/2"`, or `"*"` while
            /// the game goes on (python-chess's `board.result()`).
            fn result(&self) -> &'static str {
                ply_core::record::pgn::result_marker(self.record.outcome())
            }

            /// Whether the side to move is checkmated (chess).
            fn is_checkmate(&self) -> bool {
                self.record.outcome().is_some_and(|o| o.reason().to_string() == "checkmate")
            }

            /// Whether the side to move is stalemated (chess).
            fn is_stalemate(&self) -> bool {
                self.record.outcome().is_some_and(|o| o.reason().to_string() == "stalemate")
            }

            /// Whether the current position has occurred `count` times in
            /// the game (python-chess's `is_repetition`).
            #[pyo3(signature = (count=3))]
            fn is_repetition(&self, count: usize) -> bool {
                self.record.repetitions() >= count
            }

            /// The last move played; `IndexError` if none (python-chess's
            /// `peek`).
            fn peek(&self) -> PyResult<String> {
                let plies = self.record.moves().len();
                match plies.checked_sub(1) {
                    Some(last) => Ok(<$game as ply_core::Game>::move_name(
                        &self.record.positions()[last],
                        self.record.moves()[last],
                    )),
                    None => Err(pyo3::exceptions::PyIndexError::new_err(
                        "peek at a board with no moves played",
                    )),
                }
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

            /// What Jupyter shows for the board in HTML: the picture and the
            /// position's text under it.
            fn _repr_html_(&self) -> PyResult<String> {
                let svg = $crate::board::svg(&self.record, false, "light", Some(360))?;
                Ok(format!(
                    "<div class=\"plygames-board\">{svg}<br><code>{}</code></div>",
                    $crate::board::html_escape(&<$game as ply_core::Game>::position_string(self.record.position()))
                ))
            }

            /// The board as text with Unicode pieces (python-chess's
            /// `unicode()`).
            fn unicode(&self) -> String {
                $crate::board::text(&ply_games::Draw::diagram(self.record.position(), None, false), true)
            }

            /// Boards are equal when their positions are (side to move,
            /// castling and en passant rights, counters: the position text),
            /// whatever moves led there.
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other.cast::<Self>().is_ok_and(|other| {
                    <$game as ply_core::Game>::position_string(other.borrow().record.position())
                        == <$game as ply_core::Game>::position_string(self.record.position())
                })
            }

            /// The hash of the position text (as equality compares).
            fn __hash__(&self) -> u64 {
                use std::hash::{Hash, Hasher};
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                <$game as ply_core::Game>::position_string(self.record.position()).hash(&mut hasher);
                hasher.finish()
            }

            /// Pickling: the start position and the moves, replayed by
            /// `__setstate__`.
            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,), Vec<String>)> {
                let board = slf.borrow();
                let start = <$game as ply_core::Game>::position_string(board.record.start());
                Ok((slf.get_type().into_any(), (start,), board.moves()))
            }

            /// Replays the moves `state` (a pickle's).
            fn __setstate__(&mut self, state: Vec<String>) -> PyResult<()> {
                for text in state {
                    let mv = $crate::board::parse_move(self.record.position(), &text)?;
                    self.record.push(mv);
                }
                Ok(())
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
            /// iteration. Ctrl-C stops it (`KeyboardInterrupt`). `root_moves`
            /// limits the search to those moves; `stop`, an object with
            /// `is_set()` (a `threading.Event`), ends the search within
            /// about 50 ms of being set, with the best move so far.
            #[pyo3(signature = (depth=None, time=None, nodes=None, threads=1, hash_mb=16, level=10, seed=0, info=None, root_moves=None, stop=None))]
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
                root_moves: Option<Vec<String>>,
                stop: Option<Bound<'_, PyAny>>,
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
                let only = root_moves
                    .unwrap_or_default()
                    .iter()
                    .map(|text| $crate::board::parse_move(self.record.position(), text))
                    .collect::<PyResult<Vec<_>>>()?;
                $crate::search::best_move(
                    py,
                    self.record.position(),
                    &self.record.earlier_hashes(),
                    &request,
                    &only,
                    info.as_ref(),
                    stop.as_ref(),
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

            /// The board as text (python-chess's `str(board)`): rows from
            /// the top, `.` for empty squares, the pieces' letters.
            fn __str__(&self) -> String {
                $crate::board::text(&ply_games::Draw::diagram(self.record.position(), None, false), false)
            }

            fn __repr__(&self) -> String {
                format!(
                    "plygames.{}.Board({})",
                    <$game as $crate::glue::Glue>::PY_NAME,
                    $crate::board::py_str(&<$game as ply_core::Game>::position_string(self.record.position()))
                )
            }

            $($extra)*
        }
    };
}

pub(crate) use board_class;
