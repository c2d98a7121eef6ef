"""PDN records of checkers games (see ``plygames.records``): ``read_game``,
``read_games`` and ``Game``, as python-chess's ``chess.pgn`` names them."""

from typing import IO, Dict, Iterator, Optional, Union

from . import records as _records
from .records import Headers, RecordError

__all__ = ["Game", "Headers", "RecordError", "read_game", "read_games"]


class Game(_records.Game):
    """A checkers game to write as PDN (``str(game)``)."""

    def __init__(self, headers: Optional[Dict[str, str]] = None) -> None:
        super().__init__("checkers", headers)


def read_game(source: Union[str, IO[str]]) -> Optional[_records.Game]:
    """The next PDN game of an open file (``None`` at its end), or the game
    of a text; ``RecordError`` (a ``ValueError``) when it cannot be read."""
    return _records.read_game(source, "checkers")


def read_games(source: Union[str, IO[str]]) -> Iterator[_records.Game]:
    """Every PDN game of a file or text."""
    return _records.read_games(source, "checkers")
