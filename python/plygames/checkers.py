"""English checkers: `Board` is ply's checkers board (PDN FEN positions,
moves ``11-15``, ``22x15x6``).

Colours as python-chess writes them: ``WHITE = True``, ``BLACK = False``
(Black moves first). Piece types: ``MAN = 1``, ``KING = 2``. Squares are
the PDN numbers 1..32 (or their names, ``"15"``).
"""

from ._plygames import CheckersBoard as Board
from ._plygames import IllegalMoveError, InvalidPositionError, Outcome, Piece

WHITE = True
BLACK = False
COLORS = (BLACK, WHITE)
COLOR_NAMES = {WHITE: "white", BLACK: "black"}
MAN, KING = 1, 2
PIECE_TYPES = (MAN, KING)
SQUARES = tuple(range(1, 33))
STARTING_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"

__all__ = [
    "Board", "IllegalMoveError", "InvalidPositionError", "Outcome", "Piece",
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "MAN", "KING", "PIECE_TYPES",
    "SQUARES", "STARTING_FEN",
]
