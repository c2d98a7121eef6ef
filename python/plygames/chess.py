"""Chess: `Board` is ply's chess board (see its docstring for the notation)."""

from ._plygames import ChessBoard as Board

__all__ = ["Board"]
