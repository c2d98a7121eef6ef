"""The type of ``board.legal_moves``: a list of the moves' names that can
also be called (the method it once was) and counted as python-chess's."""

from __future__ import annotations

from typing import Any, List


class LegalMoves(List[str]):
    """The legal moves in the game's notation (python-chess's
    ``board.legal_moves``): a ``list`` of strings, so iterating, ``len``,
    ``in``, indexing and ``random.choice`` run at list speed. Each access
    to ``board.legal_moves`` makes a new one. Calling it returns the moves
    as a plain list (what the method ``legal_moves()`` returned);
    ``count()`` without an argument is their number (python-chess's
    ``legal_moves.count()``)."""

    __slots__ = ()
    __module__ = "plygames"

    # A plain-list copy, called at C speed: board.legal_moves() as before.
    __call__ = list.copy

    def count(self, *value: Any) -> int:
        """The number of legal moves; ``count(move)`` as a list's (0 or 1)."""
        return list.count(self, *value) if value else len(self)

    def __repr__(self) -> str:
        return f"<LegalMoves ({', '.join(self)})>"
