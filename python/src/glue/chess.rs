//! Chess: 4168 actions and 19 planes, squares numbered a1 = 0, b1 = 1 ...
//! h8 = 63 (rank by rank from White's side, whoever is to move).
//!
//! Actions: `from * 64 + to` (0..4096) for every move, queen promotions and
//! castling included (castling as the king's two-square move, e1g1); under-
//! promotions `4096 + (from_file * 3 + to_file - from_file + 1) * 3 + piece`
//! with piece 0 knight, 1 bishop, 2 rook (4096..4168), from either side.
//!
//! Planes: White's pawns, knights, bishops, rooks, queens, king, then
//! Black's (12); White to move (all ones); the four castling rights (White
//! kingside, White queenside, Black kingside, Black queenside); the en
//! passant target square; the halfmove clock / 100 (all squares).

use super::{Glue, fill_plane};
use ply_chess::engine::ChessPlayer;
use ply_chess::{Color, Move, Role};

/// The chess position the Python package plays on.
pub use ply_chess::Position;

/// Actions below this are `from * 64 + to`.
const FROM_TO: usize = 64 * 64;

impl Glue for Position {
    type Player = ChessPlayer;
    const PY_NAME: &'static str = "chess";
    const FIRST_IS_WHITE: bool = true;
    const ACTIONS: usize = FROM_TO + 8 * 3 * 3;
    /// The halfmove clock's plane holds the clock over 100.
    const BINARY_PLANES: bool = false;
    const PLANES: usize = 19;

    fn san(&self, mv: Move) -> String {
        Position::san(self, mv)
    }

    fn parse_uci(&self, text: &str) -> Result<Move, ply_chess::MoveError> {
        Position::parse_uci(self, text)
    }

    fn action(&self, mv: Move, _step: usize) -> usize {
        let from = mv.from();
        let to = mv.king_to();
        let underpromotion = match mv.promotion() {
            Some(Role::Knight) => Some(0),
            Some(Role::Bishop) => Some(1),
            Some(Role::Rook) => Some(2),
            _ => None,
        };
        match underpromotion {
            None => from.index() * 64 + to.index(),
            Some(piece) => {
                let from_file = usize::from(from.file().index());
                let to_file = usize::from(to.file().index());
                FROM_TO + ((from_file * 3 + to_file + 1 - from_file) * 3 + piece)
            }
        }
    }

    fn write_planes(&self, _partial: Option<(Move, usize)>, planes: &mut [f32]) {
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for r in 0..6 {
                let plane = &mut planes[(c * 6 + r) * 64..][..64];
                fill_plane(plane, self.pieces(color, Role::from_index(r)).0);
            }
        }
        if self.turn() == Color::White {
            planes[12 * 64..13 * 64].fill(1.0);
        }
        let rights = self.castling_rights();
        let flags = [
            (Color::White, true),
            (Color::White, false),
            (Color::Black, true),
            (Color::Black, false),
        ];
        for (k, (color, kingside)) in flags.into_iter().enumerate() {
            if rights.has(color, kingside) {
                planes[(13 + k) * 64..(14 + k) * 64].fill(1.0);
            }
        }
        if let Some(square) = self.en_passant() {
            planes[17 * 64 + square.index()] = 1.0;
        }
        planes[18 * 64..19 * 64].fill(f32::from(self.halfmove_clock()) / 100.0);
    }

    fn name_key(&self, mv: Move) -> Option<usize> {
        // Castling is named king-takes-rook in some Chess960 positions, and
        // promotions share their action with other moves: no key for them.
        (!mv.is_castling() && mv.promotion().is_none()).then(|| self.action(mv, 0))
    }

    fn name_cache() -> &'static super::NameCache {
        static CACHE: super::NameCache = super::NameCache::new();
        &CACHE
    }
}

/// A square as Python gives it: python-chess's number (a1 = 0 ... h8 = 63)
/// or its name (`"e4"`); `ValueError` for anything else.
fn square(square: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<ply_chess::Square> {
    use pyo3::types::PyAnyMethods;
    let found = match square.extract::<i64>() {
        Ok(number) => u8::try_from(number)
            .ok()
            .filter(|&n| n < 64)
            .map(ply_chess::Square::new),
        Err(_) => square
            .extract::<String>()
            .ok()
            .and_then(|name| name.parse().ok()),
    };
    found
        .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("no chess square {square}")))
}

/// The squares of `set` as python-chess's numbers, lowest first (as
/// iterating python-chess's `SquareSet` gives them).
fn numbers(set: ply_chess::Bitboard) -> Vec<usize> {
    set.map(ply_chess::Square::index).collect()
}

/// The colour of python-chess's convention: `True` White, `False` Black.
fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

/// python-chess's `board.attacks(square)`: the squares the piece on
/// `square` attacks (none when the square is empty): a pawn's two
/// diagonals, sliders up to and including the first piece in each
/// direction, whoever's it is.
pub fn attacks(
    position: &Position,
    square: &pyo3::Bound<'_, pyo3::PyAny>,
) -> pyo3::PyResult<Vec<usize>> {
    use ply_chess::attacks as a;
    let square = self::square(square)?;
    let occupied = position.occupied();
    Ok(match position.piece_on(square) {
        None => Vec::new(),
        Some(piece) => numbers(match piece.role {
            Role::Pawn => a::pawn_attacks(piece.color, square),
            Role::Knight => a::knight_attacks(square),
            Role::Bishop => a::bishop_attacks(square, occupied),
            Role::Rook => a::rook_attacks(square, occupied),
            Role::Queen => a::queen_attacks(square, occupied),
            Role::King => a::king_attacks(square),
        }),
    })
}

/// python-chess's `board.attackers(color, square)`: the squares of the
/// pieces of `color` (`True` White) that attack `square`, pinned pieces
/// included.
pub fn attackers(
    position: &Position,
    white: bool,
    square: &pyo3::Bound<'_, pyo3::PyAny>,
) -> pyo3::PyResult<Vec<usize>> {
    let square = self::square(square)?;
    Ok(numbers(position.attackers(
        square,
        color(white),
        position.occupied(),
    )))
}

/// python-chess's `board.is_attacked_by(color, square)`: whether a piece of
/// `color` attacks `square`.
pub fn is_attacked_by(
    position: &Position,
    white: bool,
    square: &pyo3::Bound<'_, pyo3::PyAny>,
) -> pyo3::PyResult<bool> {
    let square = self::square(square)?;
    Ok(position
        .attackers(square, color(white), position.occupied())
        .0
        != 0)
}
