"""Checkers: `Board` is ply's checkers board (see its docstring for the notation)."""

from ._plygames import CheckersBoard as Board

__all__ = ["Board"]
