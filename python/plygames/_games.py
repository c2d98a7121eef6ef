"""The games as the Python modules know them, in one place: each game's
board class by name (aliases included) and the format of its records. A new
game adds its line here (and its compiled board class)."""

from typing import Dict, Type, Union

from ._plygames import CheckersBoard, ChessBoard, OthelloBoard

Board = Union[ChessBoard, CheckersBoard, OthelloBoard]
"""A board of any game."""

BOARDS: Dict[str, Type[Board]] = {
    "chess": ChessBoard,
    "checkers": CheckersBoard,
    "draughts": CheckersBoard,
    "othello": OthelloBoard,
    "reversi": OthelloBoard,
}
"""The board class of each game name (``plygames.GAMES`` and aliases)."""

RECORD_FORMATS: Dict[str, str] = {"chess": "PGN", "checkers": "PDN", "othello": "GGF"}
"""The record format of each game."""


def game_of(board: Board) -> str:
    """The game name of a board."""
    for name, cls in BOARDS.items():
        if isinstance(board, cls):
            return name
    raise TypeError(f"not a plygames board: {type(board).__name__}")
