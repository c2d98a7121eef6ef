"""Chess: `Board` is ply's chess board (FEN positions, UCI and SAN moves).

Colours and piece types are python-chess's: ``WHITE = True``, ``BLACK =
False``; ``PAWN = 1`` ... ``KING = 6``; squares a1 = 0 ... h8 = 63 (``E4``
etc.).
"""

import json
import os
from typing import Any, Dict, Optional, Sequence, Union

from ._plygames import ChessBoard as Board
from ._plygames import chess_datagen as _chess_datagen
from ._plygames import chess_merge as _chess_merge
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
    "datagen", "merge_data",
]

_Path = Union[str, "os.PathLike[str]"]


def datagen(
    out: _Path,
    games: int,
    seed: int = 1,
    first_game: int = 0,
    nodes: int = 5000,
    depth: Optional[int] = None,
    random_plies: int = 8,
    book: Optional[_Path] = None,
    max_opening_score: int = 500,
    adjudicate: int = 1000,
    max_plies: int = 300,
    threads: int = 0,
    batch: int = 32,
) -> Dict[str, Any]:
    """``ply train chess datagen`` on this machine: self-play games
    ``first_game`` to ``first_game + games - 1`` of ``seed`` written to
    ``out`` as 32-byte marlinformat records, the same bytes as the command
    with the same options (``threads=0``: one per core). ``out`` resumes
    when its progress file ``OUT.progress.json`` exists. Returns the run's
    report (``games``, ``positions``, ``duplicates``, ...); ``ValueError``
    with the command's message for bad options or files. The GIL is
    released while the games run; Ctrl-C is noticed when the call returns
    (the file resumes where it stopped)."""
    report: Dict[str, Any] = json.loads(_chess_datagen(
        out, games, seed, first_game, nodes, depth, random_plies, book,
        max_opening_score, adjudicate, max_plies, threads, batch))
    return report


def merge_data(out: _Path, inputs: Sequence[_Path]) -> Dict[str, Any]:
    """``ply train chess merge``: the marlinformat files ``inputs`` in order
    into the new file ``out``, each position once (the first), every record
    checked. Returns the report (``positions``, ``positions_read``,
    ``duplicates``); ``ValueError`` naming the file for one cut short or not
    marlinformat, or for an ``out`` that exists."""
    report: Dict[str, Any] = json.loads(_chess_merge(out, list(inputs)))
    return report
