"""Chess: `Board` is ply's chess board (see its docstring for the notation)."""

from ._ply import ChessBoard as Board

__all__ = ["Board"]
