"""Chess: `Board` is ply's chess board (FEN positions, UCI and SAN moves).

Colours and piece types are python-chess's: ``WHITE = True``, ``BLACK =
False``; ``PAWN = 1`` ... ``KING = 6``; squares a1 = 0 ... h8 = 63 (``E4``
etc.).
"""

from ._plygames import ChessBoard as Board
from ._plygames import IllegalMoveError, InvalidPositionError, Outcome, Piece

WHITE = True
BLACK = False
COLORS = (WHITE, BLACK)
COLOR_NAMES = {WHITE: "white", BLACK: "black"}
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
FILE_NAMES = ("a", "b", "c", "d", "e", "f", "g", "h")
RANK_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8")
SQUARE_NAMES = tuple(f + r for r in RANK_NAMES for f in FILE_NAMES)
STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
for _index, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _index
del _index, _name

__all__ = [
    "Board", "IllegalMoveError", "InvalidPositionError", "Outcome", "Piece",
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES",
    "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES",
    "FILE_NAMES", "RANK_NAMES", "SQUARE_NAMES", "STARTING_FEN",
]
