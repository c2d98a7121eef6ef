"""Othello: `Board` is ply's othello board (see its docstring for the notation)."""

from ._plygames import OthelloBoard as Board

__all__ = ["Board"]
