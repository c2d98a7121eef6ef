"""Game records in each game's format: PGN (chess), PDN (English checkers)
and GGF (Othello), read and written with their headers, comments and main
line, in the shape of python-chess's ``chess.pgn``.

```python
import plygames.pgn
game = plygames.pgn.read_game(open("game.pgn"))     # or the text itself
game.headers["White"], game.mainline_moves()       # moves in UCI
board = game.board()                               # the start position
for move in game.mainline_moves():
    board.push(move)
print(game)                                        # the record as PGN

game = plygames.pdn.Game.from_board(checkers_board)  # and .ggf for Othello
game.headers["Event"] = "club"; game.comments[0] = "the usual"
text = str(game)
```

Moves are kept in each board's notation (UCI in chess, ``11-15``/``22x15x6``
in checkers, ``d3``/``pass`` in Othello); records are written in the
format's (SAN in PGN). A comment belongs to the move it follows
(``comments[i]`` after ``moves[i]``), ``comment`` to the game (before the
first move). Variations and NAGs are read past and not kept.

A record that cannot be read (bad syntax, a bad ``FEN`` or ``BO``, an
illegal move) raises :class:`RecordError`, a ``ValueError``; its message
says which move of which line.
"""

from __future__ import annotations

import re
import weakref
from typing import IO, Dict, Iterator, List, Optional, Tuple, Union

from ._games import BOARDS as _BOARDS
from ._games import RECORD_FORMATS as _FORMATS
from ._games import Board, game_of

__all__ = ["Game", "Headers", "RecordError", "read_game", "read_games"]

_RESULTS = ("1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0")


class RecordError(ValueError):
    """A record that cannot be read: its syntax, its start position or a move."""


class Headers(Dict[str, str]):
    """A record's tags (PGN, PDN) or properties (GGF) in order, as a dict."""


def _seven_tags(game: str) -> Headers:
    first, second = ("White", "Black") if game == "chess" else ("Black", "White")
    headers = Headers()
    for name, value in (("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"),
                        (first, "?"), (second, "?"), ("Result", "*")):
        headers[name] = value
    if game == "checkers":
        headers["GameType"] = "21"
    return headers


class Game:
    """One game: its headers, the comment before the first move, the main
    line's moves (each board's notation) and a comment after each.

    ``Game("chess")`` is an empty game with the Seven Tag Roster (the
    ``GameType`` tag too in checkers; GGF's ``GM``, ``PB``, ``PW``, ``RE``
    and ``TY`` in Othello)."""

    def __init__(self, game: str = "chess", headers: Optional[Dict[str, str]] = None) -> None:
        if game not in _FORMATS:
            raise ValueError(f"unknown game {game!r}: expected chess, checkers or othello")
        self.game = game
        if headers is not None:
            self.headers = Headers(headers)
        elif game == "othello":
            self.headers = Headers(GM="Othello", PB="?", PW="?", RE="?", TY="8")
        else:
            self.headers = _seven_tags(game)
        self.comment = ""
        self.moves: List[str] = []
        self.comments: List[str] = []

    # -- python-chess's names --------------------------------------------

    def board(self) -> Board:
        """A new board at the game's start position (the ``FEN`` tag or
        GGF's ``BO``, else the standard start)."""
        board: Board = _BOARDS[self.game](self.start_position())
        return board

    def end(self) -> Board:
        """A new board at the end of the main line (python-chess's
        ``game.end().board()``)."""
        board = self.board()
        for move in self.moves:
            board.push(move)
        return board

    def mainline_moves(self) -> List[str]:
        """The main line's moves in the board's notation, oldest first."""
        return list(self.moves)

    def mainline(self) -> List[Tuple[str, str]]:
        """The main line as ``(move, comment after it)`` pairs."""
        return list(zip(self.moves, self.comments))

    def add_move(self, move: str, comment: str = "") -> str:
        """Plays ``move`` (any notation the board reads) at the end of the
        main line, checked, and returns it in the board's notation."""
        board = self.end()
        board.push(move)
        name = board.moves[-1]
        self.moves.append(name)
        self.comments.append(comment)
        return name

    def add_line(self, moves: List[str]) -> None:
        """Plays the moves one after the other (see :meth:`add_move`)."""
        board = self.end()
        for move in moves:
            board.push(move)
            self.moves.append(board.moves[-1])
            self.comments.append("")

    @classmethod
    def from_board(cls, board: Board) -> "Game":
        """The game a board has played: its start position and moves, and its
        result if it is over (python-chess's ``Game.from_board``)."""
        game = Game(game_of(board))
        start = board.copy()
        while start.ply():
            start.pop()
        game.set_start(start.fen())
        game.moves = list(board.moves)
        game.comments = [""] * len(game.moves)
        outcome = board.outcome()
        if outcome is not None:
            game.set_result(outcome.result(), board)
        return game

    # -- start and result --------------------------------------------------

    def start_position(self) -> Optional[str]:
        """The start position's text, or ``None`` for the standard start."""
        if self.game == "othello":
            bo = self.headers.get("BO")
            return _bo_position(bo) if bo else None
        fen = self.headers.get("FEN")
        if fen and self.headers.get("SetUp") != "0":
            return fen
        return None

    def set_start(self, position: Optional[str]) -> None:
        """Sets the start position (the ``FEN``/``SetUp`` tags, GGF's
        ``BO``); ``None`` or the standard start removes them."""
        board = _BOARDS[self.game]()
        standard = position is None or _BOARDS[self.game](position) == board
        for tag in ("SetUp", "FEN", "BO"):
            self.headers.pop(tag, None)
        if standard:
            return
        assert position is not None
        if self.game == "othello":
            squares, side = position.split()
            self.headers["BO"] = "8 " + squares.replace("X", "*") + " " + ("*" if side == "X" else "O")
        else:
            self.headers["SetUp"] = "1"
            self.headers["FEN"] = position

    def result(self) -> str:
        """The result tag (``1-0``, ``0-1``, ``1/2-1/2``, ``*``; GGF's ``RE``)."""
        key = "RE" if self.game == "othello" else "Result"
        return self.headers.get(key, "?" if self.game == "othello" else "*")

    def set_result(self, marker: str, board: Optional[Board] = None) -> None:
        """Sets the result: ``1-0`` the side that moves first won, ``0-1`` the
        other, ``1/2-1/2``. In GGF ``RE`` is the final disc difference for
        Black, counted on ``board`` (the final position)."""
        if self.game != "othello":
            self.headers["Result"] = marker
            return
        if board is None:
            board = self.end()
        counts = str(board).split()
        diff = counts.count("X") - counts.count("O")
        if board.outcome() is not None:
            # Empty squares go to the winner.
            empty = counts.count(".")
            diff += empty if diff > 0 else -empty if diff < 0 else 0
        self.headers["RE"] = f"{diff:+.2f}"

    # -- writing -------------------------------------------------------------

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<plygames.records.Game {self.game} {len(self.moves)} moves {self.result()!r}>"

    def text(self) -> str:
        """The record as text: PGN in chess, PDN in checkers, GGF in Othello."""
        if self.game == "othello":
            return _write_ggf(self)
        return _write_pgn(self)


# -- PGN and PDN ---------------------------------------------------------------

_TOKEN = re.compile(
    r"""(?P<comment>\{[^}]*\}?)
      | (?P<line>;[^\n]*)
      | (?P<open>\()
      | (?P<close>\))
      | (?P<nag>\$\d+)
      | (?P<word>[^\s{}();]+)""",
    re.VERBOSE,
)
_NUMBER = re.compile(r"^\d+\.+")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tags(lines: List[str]) -> Headers:
    headers = Headers()
    for line in lines:
        match = re.match(r'^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$', line)
        if not match:
            raise RecordError(f"bad tag line {line.strip()!r}: expected [Name \"value\"]")
        headers[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
    return headers


def _read_pgn(game: str, text: str) -> Game:
    lines = text.lstrip("\ufeff").splitlines()
    index = 0
    while index < len(lines) and (not lines[index].strip() or lines[index].startswith("%")):
        index += 1
    tag_lines = []
    while index < len(lines) and lines[index].lstrip().startswith("["):
        tag_lines.append(lines[index])
        index += 1
    movetext = "\n".join(line for line in lines[index:] if not line.startswith("%"))
    if not tag_lines and not movetext.strip():
        raise RecordError(f"no {_FORMATS[game]} game found")
    record = Game(game, _tags(tag_lines))
    if game == "checkers":
        kind = record.headers.get("GameType", "21").split(",")[0].strip()
        if kind != "21":
            raise RecordError(f"GameType {kind} is not English checkers (GameType 21)")
    try:
        board = record.board()
    except ValueError as e:
        raise RecordError(f"the FEN tag: {e}") from None
    depth = 0
    for match in _TOKEN.finditer(movetext):
        token, value = match.lastgroup, match.group()
        if token == "comment":
            if not value.endswith("}"):
                raise RecordError("a comment '{' is never closed")
            if depth == 0:
                comment = value[1:-1].strip()
                if record.moves:
                    record.comments[-1] = _join(record.comments[-1], comment)
                else:
                    record.comment = _join(record.comment, comment)
        elif token == "open":
            depth += 1
        elif token == "close":
            if depth == 0:
                raise RecordError("a ')' closes no variation")
            depth -= 1
        elif token == "word" and depth == 0:
            if value in _RESULTS:
                if "Result" not in record.headers or record.headers["Result"] == "*":
                    record.headers["Result"] = value
                break
            word = _NUMBER.sub("", value).rstrip("!?")
            if not word or word.isdigit():
                continue
            try:
                name = board.push_san(word)
            except ValueError as e:
                number = len(record.moves) + 1
                raise RecordError(f"move {number} ({word!r}) of the main line: {e}") from None
            record.moves.append(name)
            record.comments.append("")
    if depth:
        raise RecordError("a variation '(' is never closed")
    return record


def _join(first: str, second: str) -> str:
    return f"{first} {second}" if first and second else first or second


def _write_pgn(record: Game) -> str:
    out = [f'[{name} "{_escape(str(value))}"]' for name, value in record.headers.items()]
    board = record.board()
    number = 1
    if record.game == "chess":
        number = int(board.fen().split()[5])
    first_to_move = board.ply() == 0 and _first_side_to_move(record.game, board)
    words: List[str] = []
    if record.comment:
        words.append("{" + record.comment.replace("}", ")") + "}")
    white = first_to_move
    for index, (move, comment) in enumerate(zip(record.moves, record.comments)):
        name = board.san(move)
        if white:
            words.append(f"{number}. {name}")
        elif index == 0 or (index > 0 and record.comments[index - 1]):
            words.append(f"{number}... {name}")
        else:
            words.append(name)
        board.push(move)
        if comment:
            words.append("{" + comment.replace("}", ")") + "}")
        if not white:
            number += 1
        white = not white
    words.append(record.headers.get("Result", "*"))
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(out) + "\n\n" + "\n".join(lines) + "\n"


def _first_side_to_move(game: str, board: Board) -> bool:
    """Whether the side that moves first in the game is to move."""
    first_is_white = game == "chess"
    return bool(board.turn) == first_is_white


# -- GGF ----------------------------------------------------------------------------

def _bo_position(bo: str) -> str:
    parts = bo.split()
    if not parts or parts[0] != "8":
        raise RecordError(f"BO[{bo}]: not an 8x8 board")
    squares = "".join(parts[1:-1]).replace("*", "X")
    side = parts[-1] if len(parts) > 1 else ""
    if len(squares) != 64 or side not in ("*", "O"):
        raise RecordError(f"BO[{bo}]: expected 8, 64 squares of '*', 'O', '-' and '*' or 'O' to move")
    return squares + " " + ("X" if side == "*" else "O")


def _read_ggf(text: str) -> Game:
    start = text.find("(;")
    if start < 0:
        raise RecordError("no GGF game found: expected '(;GM[Othello]...;)'")
    rest = text[start + 2:]
    record = Game("othello", headers={})
    moves: List[Tuple[str, str]] = []
    position = 0
    while True:
        match = re.compile(r"\s*(;\)|\))").match(rest, position)
        if match:
            break
        match = re.compile(r"\s*([A-Za-z0-9]+)\s*\[([^\]]*)\]").match(rest, position)
        if not match:
            if not rest[position:].strip():
                raise RecordError("the GGF game is never closed with ';)'")
            raise RecordError(f"unexpected {rest[position:].strip()[:20]!r} in the GGF game")
        name, value = match.group(1).upper(), match.group(2)
        position = match.end()
        if name in ("B", "W"):
            moves.append((name, value))
        elif name == "C" and not moves:
            record.comment = _join(record.comment, value)
        elif name == "C":
            moves[-1] = (moves[-1][0], moves[-1][1] + "\0" + value)
        else:
            record.headers[name] = value
    if record.headers.get("GM", "Othello").strip().lower() != "othello":
        raise RecordError(f"GM[{record.headers['GM']}] is not Othello")
    if record.headers.get("TY", "8").strip() != "8":
        raise RecordError(f"TY[{record.headers['TY']}] is not 8x8 Othello")
    board = record.board()
    for number, (color, value) in enumerate(moves, 1):
        value, _, comment = value.partition("\0")
        move, _, annotation = value.partition("/")
        move = move.strip().lower()
        move = "pass" if move == "pa" else move
        side = "X" if color == "B" else "O"
        if board.fen()[-1] != side and board.legal_moves() == ["pass"]:
            # A forced pass the program left out.
            record.moves.append(board.push_san("pass"))
            record.comments.append("")
        if board.fen()[-1] != side:
            raise RecordError(f"move {number} ({color}[{value}]) is out of turn")
        try:
            record.moves.append(board.push_san(move))
        except ValueError as e:
            raise RecordError(f"move {number} ({color}[{value}]): {e}") from None
        record.comments.append(_join(annotation, comment))
    return record


def _write_ggf(record: Game) -> str:
    board = record.board()
    headers = dict(record.headers)
    bo = headers.pop("BO", None)
    if bo is None:
        squares, side = board.fen().split()
        bo = "8 " + squares.replace("X", "*") + " " + ("*" if side == "X" else "O")
    parts = ["(;"]
    for name, value in headers.items():
        parts.append(f"{name}[{value.replace(']', ')')}]")
    parts.append(f"BO[{bo}]")
    if record.comment:
        parts.append(f"C[{record.comment.replace(']', ')')}]")
    for move, comment in zip(record.moves, record.comments):
        color = "B" if board.fen()[-1] == "X" else "W"
        name = "PA" if move == "pass" else move
        parts.append(f"{color}[{name}{'/' + comment.replace(']', ')') if comment else ''}]")
        board.push(move)
    parts.append(";)")
    return "".join(parts) + "\n"


# -- reading -------------------------------------------------------------------------

# A tag line that ended a game without a result marker, kept for the next
# call: it is the first line of the file's next game.
_PUSHED_BACK: "weakref.WeakKeyDictionary[IO[str], str]" = weakref.WeakKeyDictionary()


def _push_back(handle: IO[str], line: str, position: Optional[int]) -> None:
    """Gives `line` back to `handle` (read again by the next `_next_text`)."""
    try:
        _PUSHED_BACK[handle] = line
    except TypeError:  # no weak references to this handle: rewind it if it can
        if position is not None:
            handle.seek(position)


def _next_text(handle: IO[str], game: str) -> Optional[str]:
    """The text of the next game of an open file, or ``None`` at its end. A
    PGN or PDN game ends at its result marker or, without one, where the
    next game's tags begin."""
    lines: List[str] = []
    if game == "othello":
        depth_text = ""
        for line in handle:
            depth_text += line
            if "(;" in depth_text and ";)" in depth_text[depth_text.index("(;"):]:
                return depth_text
        return depth_text if depth_text.strip() else None
    in_movetext = False
    in_comment = False
    pending = _PUSHED_BACK.pop(handle, None) if _weakrefable(handle) else None
    while True:
        position = None
        if pending is not None:
            line, pending = pending, None
        else:
            if not _weakrefable(handle) and handle.seekable():
                position = handle.tell()
            line = handle.readline()
            if not line:
                break
        stripped = line.strip()
        if in_movetext and not in_comment and stripped.startswith("["):
            # The next game's tags: this game had no result marker.
            _push_back(handle, line, position)
            break
        lines.append(line)
        if not in_movetext and (not stripped or stripped.startswith("[") or stripped.startswith("%")):
            continue
        in_movetext = True
        scan = re.sub(r"\{[^}]*\}", " ", line) if not in_comment else line
        if in_comment:
            if "}" in line:
                in_comment = False
                scan = re.sub(r"\{[^}]*\}", " ", line.split("}", 1)[1])
            else:
                continue
        if "{" in scan:
            in_comment = True
            scan = scan.split("{", 1)[0]
        scan = scan.split(";", 1)[0]
        if any(word in _RESULTS for word in scan.split()):
            break
    text = "".join(lines)
    return text if text.strip() else None


def _weakrefable(handle: IO[str]) -> bool:
    try:
        weakref.ref(handle)
    except TypeError:
        return False
    return True


def read_game(source: Union[str, IO[str]], game: str = "chess") -> Optional[Game]:
    """Reads one game of ``game`` (``"chess"``: PGN, ``"checkers"``: PDN,
    ``"othello"``: GGF) from text or an open text file; from a file, the
    next game, ``None`` at the end of the file (python-chess's
    ``chess.pgn.read_game``). ``RecordError`` (a ``ValueError``) when the
    record cannot be read."""
    if game not in _FORMATS:
        raise ValueError(f"unknown game {game!r}: expected chess, checkers or othello")
    if isinstance(source, str):
        text: Optional[str] = source
    else:
        text = _next_text(source, game)
        if text is None:
            return None
    assert text is not None
    return _read_ggf(text) if game == "othello" else _read_pgn(game, text)


def read_games(source: Union[str, IO[str]], game: str = "chess") -> Iterator[Game]:
    """Every game of a file (or text), one after the other."""
    if isinstance(source, str):
        import io

        source = io.StringIO(source)
    while True:
        record = read_game(source, game)
        if record is None:
            return
        yield record

