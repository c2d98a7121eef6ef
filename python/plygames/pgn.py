"""PGN records of chess games (see ``plygames.records``): ``read_game``,
``read_games`` and ``Game``, as python-chess's ``chess.pgn`` names them."""

from typing import IO, Dict, Iterator, Optional, Union

from . import records as _records
from .records import Headers, RecordError

__all__ = ["Game", "Headers", "RecordError", "read_game", "read_games"]


class Game(_records.Game):
    """A chess game to write as PGN (``str(game)``)."""

    def __init__(self, headers: Optional[Dict[str, str]] = None) -> None:
        super().__init__("chess", headers)


def read_game(source: Union[str, IO[str]]) -> Optional[_records.Game]:
    """The next PGN game of an open file (``None`` at its end), or the game
    of a text; ``RecordError`` (a ``ValueError``) when it cannot be read."""
    return _records.read_game(source, "chess")


def read_games(source: Union[str, IO[str]]) -> Iterator[_records.Game]:
    """Every PGN game of a file or text."""
    return _records.read_games(source, "chess")
