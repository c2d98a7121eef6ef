"""Othello: `Board` is ply's Othello board (positions as 64 characters
a1..h8 of ``X``, ``O``, ``-`` and the side to move; moves ``d3`` or
``pass``).

Colours as python-chess writes them: ``WHITE = True`` (``O``), ``BLACK =
False`` (``X``, who moves first). Piece type: ``DISC = 1``. Squares a1 = 0
... h8 = 63, row by row from a1.
"""

from ._plygames import IllegalMoveError, InvalidPositionError, Outcome, Piece
from ._plygames import OthelloBoard as Board

WHITE = True
BLACK = False
COLORS = (BLACK, WHITE)
COLOR_NAMES = {WHITE: "white", BLACK: "black"}
DISC = 1
PIECE_TYPES = (DISC,)
FILE_NAMES = ("a", "b", "c", "d", "e", "f", "g", "h")
RANK_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8")
SQUARE_NAMES = tuple(f + r for r in RANK_NAMES for f in FILE_NAMES)
STARTING_FEN = "---------------------------OX------XO--------------------------- X"

__all__ = [
    "Board", "IllegalMoveError", "InvalidPositionError", "Outcome", "Piece",
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "DISC", "PIECE_TYPES",
    "FILE_NAMES", "RANK_NAMES", "SQUARE_NAMES", "STARTING_FEN",
]
