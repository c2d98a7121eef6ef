"""plygames: chess, English checkers and Othello in Rust, from Python.

Each game has a board type (``plygames.chess.Board``, ``plygames.checkers.Board``,
``plygames.othello.Board``) with legal moves, push/pop in the game's notation,
outcome, perft, the engine's best move and, for Othello, the exact endgame
solver. ``plygames.vector.Env`` steps many games at once for learning;
``plygames.envs`` wraps single boards for Gymnasium and PettingZoo;
``plygames.distributed.perft`` counts perft on a Ray cluster.
"""

from ._plygames import (
    MAX_PERFT_DEPTH,
    BestMove,
    CheckersBoard,
    ChessBoard,
    IllegalMoveError,
    InvalidPositionError,
    OthelloBoard,
    Outcome,
    Piece,
    Solution,
    perft,
    random_games,
    split,
)
from ._legal_moves import LegalMoves
from . import checkers, chess, othello, vector

WHITE = True
"""White's colour in every game (python-chess's ``chess.WHITE``)."""
BLACK = False
"""Black's colour in every game: Black moves first in checkers and Othello."""

GAMES = ("chess", "checkers", "othello")
"""The games ply knows, by the names every function takes."""

__all__ = [
    "GAMES",
    "MAX_PERFT_DEPTH",
    "BLACK",
    "WHITE",
    "BestMove",
    "CheckersBoard",
    "ChessBoard",
    "IllegalMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "OthelloBoard",
    "Outcome",
    "Piece",
    "Solution",
    "perft",
    "random_games",
    "split",
    "chess",
    "checkers",
    "othello",
    "vector",
]
