"""ply's engine in the shapes of python-chess's ``chess.engine``, for the
three games: ``analyse`` (MultiPV included) returning info dicts,
``analysis`` streaming them, ``play`` returning a ``PlayResult``; scores
as ``PovScore`` of ``Cp`` or ``Mate``.

```python
import plygames, plygames.engine as engine

board = plygames.chess.Board()
with engine.Engine(hash_mb=64) as ply:
    info = ply.analyse(board, engine.Limit(depth=10))
    info["score"].white(), info["pv"]                  # Cp(+30), ['e2e4', ...]
    top3 = ply.analyse(board, engine.Limit(depth=8), multipv=3)   # a list
    with ply.analysis(board, engine.Limit(time=5)) as analysis:
        for info in analysis:                          # one dict per iteration
            if info.get("depth", 0) >= 12:
                break                                  # stops the search
    result = ply.play(board, engine.Limit(time=0.1))
    board.push(result.move)
```

The engine runs in Rust without the GIL: other Python threads go on while
it thinks. Ctrl-C stops ``analyse`` and ``play`` at once
(``KeyboardInterrupt``), and an ``analysis`` being iterated (its search is
stopped within about 50 ms). Scores are centi-units (centipawns, hundredths
of a man or a disc) for the side to move (``PovScore.relative``); in
Othello a solved position scores 100 times the final disc difference.
Moves are in each board's notation (UCI in chess).
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Union

from ._games import Board

__all__ = [
    "AnalysisResult", "BestMove", "Cp", "Engine", "EngineError", "InfoDict", "Limit", "Mate",
    "PlayResult", "PovScore", "Score", "SimpleEngine",
]

InfoDict = Dict[str, Any]


class EngineError(RuntimeError):
    """The engine cannot do what it was asked (python-chess's name)."""


@dataclass
class Limit:
    """When to stop thinking: after ``time`` seconds, at ``depth`` plies or
    after ``nodes`` positions, whichever comes first (python-chess's
    ``chess.engine.Limit``; its clock fields are not used)."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None


class Score:
    """A score for one side: :class:`Cp` or :class:`Mate`."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The centi-units, or for a mate ``mate_score`` less the moves to it
        (``None`` without ``mate_score``)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """Moves to a mate (negative: to being mated), ``None`` if no mate."""
        return None

    def is_mate(self) -> bool:
        return self.mate() is not None

    def __neg__(self) -> "Score":
        raise NotImplementedError


class Cp(Score):
    """A score in centi-units (centipawns in chess)."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cp) and other.cp == self.cp

    def __hash__(self) -> int:
        return hash(("cp", self.cp))

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"

    __str__ = __repr__


class Mate(Score):
    """A forced win in ``moves`` moves (negative: a forced loss); in
    checkers and Othello, a won or lost game by force."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def __neg__(self) -> "Mate":
        return Mate(-self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mate) and other.moves == self.moves

    def __hash__(self) -> int:
        return hash(("mate", self.moves))

    def __repr__(self) -> str:
        return f"Mate({self.moves:+d})"

    __str__ = __repr__


class PovScore:
    """A score from the point of view of ``turn`` (the side to move when it
    was given): ``relative``; ``white()``, ``black()`` and ``pov(color)``
    for a colour (``True`` White, ``False`` Black, in every game)."""

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: bool) -> Score:
        return self.relative if color == self.turn else -self.relative

    def white(self) -> Score:
        return self.pov(True)

    def black(self) -> Score:
        return self.pov(False)

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.white() == other.white()

    def __repr__(self) -> str:
        color = "WHITE" if self.turn else "BLACK"
        return f"PovScore({self.relative!r}, {color})"


@dataclass
class BestMove:
    """What ``AnalysisResult.wait()`` returns: the move and the reply expected."""

    move: Optional[str]
    ponder: Optional[str]


@dataclass
class PlayResult:
    """What ``play`` returns: the move (``None`` when the game is over), the
    reply the engine expects and the last info."""

    move: Optional[str]
    ponder: Optional[str]
    info: InfoDict


def _info(report: Dict[str, Any], turn: bool, multipv: int) -> InfoDict:
    mate = report.get("mate")
    relative: Score = Mate(mate) if mate is not None else Cp(report["score"])
    info: InfoDict = {
        "depth": report["depth"],
        "score": PovScore(relative, turn),
        "pv": list(report["pv"]),
        "nodes": report["nodes"],
        "time": report.get("seconds", 0.0),
        "multipv": multipv,
    }
    for key in ("seldepth", "nps"):
        if key in report:
            info[key] = report[key]
    return info


class Engine:
    """ply's engine for any of the three games, python-chess's
    ``SimpleEngine`` shape: ``analyse``, ``analysis``, ``play``, ``quit``, a
    context manager. ``threads``, ``hash_mb`` (the transposition table,
    MiB), ``level`` (1 to 10) and ``seed`` are its options."""

    def __init__(self, threads: int = 1, hash_mb: int = 16, level: int = 10, seed: int = 0) -> None:
        self.options: Dict[str, int] = {"threads": threads, "hash_mb": hash_mb, "level": level, "seed": seed}
        self.id = {"name": "ply", "author": "the ply authors"}
        self._closed = False

    def configure(self, options: Dict[str, int]) -> None:
        """Sets options (``threads``, ``hash_mb``, ``level``, ``seed``)."""
        for name, value in options.items():
            if name not in self.options:
                raise EngineError(f"unknown option {name!r}: expected one of {sorted(self.options)}")
            self.options[name] = value

    def _search(self, board: Board, limit: Optional[Limit], *, root_moves: Optional[List[str]] = None,
                info: Any = None, stop: Optional[threading.Event] = None) -> Any:
        if self._closed:
            raise EngineError("the engine was quit")
        if limit is None:
            # Until stopped (an analysis without a limit).
            limit = Limit(time=1e7)
        return board.best_move(depth=limit.depth, time=limit.time, nodes=limit.nodes,
                               info=info, root_moves=root_moves, stop=stop, **self.options)

    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                root_moves: Optional[List[str]] = None) -> Union[InfoDict, List[InfoDict]]:
        """The engine's view of ``board`` within ``limit``: an info dict
        (``score``, ``pv``, ``depth``, ``seldepth``, ``nodes``, ``nps``,
        ``time``, ``multipv``), or with ``multipv=N`` a list of the ``N``
        best lines, best first, each searched within ``limit``. ``{}`` (or
        ``[]``) when the game is over."""
        lines = self._lines(board, limit, 1 if multipv is None else multipv, root_moves, None, None)
        return lines if multipv is not None else (lines[0] if lines else {})

    def _lines(self, board: Board, limit: Optional[Limit], multipv: int, root_moves: Optional[List[str]],
               on_info: Any, stop: Optional[threading.Event]) -> List[InfoDict]:
        if multipv < 1:
            raise ValueError(f"multipv must be at least 1, not {multipv}")
        remaining = list(root_moves) if root_moves else list(board.legal_moves)
        turn = board.turn
        lines: List[InfoDict] = []
        for index in range(1, multipv + 1):
            if not remaining or board.is_game_over() or (stop is not None and stop.is_set()):
                break
            last: Dict[str, Any] = {}

            def report(raw: Dict[str, Any], index: int = index) -> None:
                last.clear()
                last.update(raw)
                if on_info is not None:
                    on_info(_info(raw, turn, index))

            best = self._search(board, limit, root_moves=remaining, info=report, stop=stop)
            if best is None:
                break
            raw = dict(last) if last else {}
            raw.update(score=best.score, mate=best.mate, depth=best.depth, nodes=best.nodes,
                       seconds=best.seconds, pv=best.pv)
            lines.append(_info(raw, turn, index))
            remaining.remove(best.move)
        return lines

    def analysis(self, board: Board, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                 root_moves: Optional[List[str]] = None) -> "AnalysisResult":
        """Starts analysing a copy of ``board`` on a thread of its own and
        returns an :class:`AnalysisResult` that yields each iteration's info
        dict as it comes (until ``limit``, or until stopped when there is
        none)."""
        return AnalysisResult(self, board.copy(), limit, 1 if multipv is None else multipv, root_moves)

    def play(self, board: Board, limit: Limit, *, root_moves: Optional[List[str]] = None) -> PlayResult:
        """The engine's move in ``board`` within ``limit``."""
        best = self._search(board, limit, root_moves=root_moves)
        if best is None:
            return PlayResult(None, None, {})
        info = _info({"score": best.score, "mate": best.mate, "depth": best.depth, "nodes": best.nodes,
                      "seconds": best.seconds, "pv": best.pv}, board.turn, 1)
        return PlayResult(best.move, best.pv[1] if len(best.pv) > 1 else None, info)

    def quit(self) -> None:
        """Ends the engine (nothing runs between calls: this only refuses later ones)."""
        self._closed = True

    close = quit

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *args: Any) -> None:
        self.quit()


SimpleEngine = Engine
"""python-chess's name for the synchronous engine."""

_DONE = object()


class AnalysisResult:
    """A running analysis (python-chess's ``AnalysisResult``): iterate it for
    the info dicts as they come; ``info`` is the latest, ``multipv`` the
    latest of each line; ``stop()`` ends it, ``wait()`` waits for the end and
    returns the :class:`BestMove`. A context manager that stops it on exit;
    Ctrl-C while iterating stops the search too."""

    def __init__(self, engine: Engine, board: Board, limit: Optional[Limit], multipv: int,
                 root_moves: Optional[List[str]]) -> None:
        self._queue: "queue.Queue[Any]" = queue.Queue()
        self._stop = threading.Event()
        self._error: Optional[BaseException] = None
        self._lines: List[InfoDict] = []
        self.info: InfoDict = {}
        self.multipv: List[InfoDict] = []
        self._by_line: Dict[int, InfoDict] = {}

        def work() -> None:
            try:
                self._lines = engine._lines(board, limit, multipv, root_moves, self._queue.put, self._stop)
            except BaseException as e:  # handed to the iterating thread
                self._error = e
            finally:
                self._queue.put(_DONE)

        self._thread = threading.Thread(target=work, name="plygames-analysis", daemon=True)
        self._thread.start()

    def _take(self, info: InfoDict) -> None:
        self._by_line[info["multipv"]] = info
        self.multipv = [self._by_line[k] for k in sorted(self._by_line)]
        if info["multipv"] == 1:
            self.info = info

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        try:
            while True:
                try:
                    item = self._queue.get(timeout=0.05)
                    break
                except queue.Empty:
                    continue
        except BaseException:
            self.stop()
            raise
        if item is _DONE:
            self._queue.put(_DONE)
            self._thread.join()
            if self._error is not None:
                error, self._error = self._error, None
                raise error
            raise StopIteration
        info: InfoDict = item
        self._take(info)
        return info

    def next(self) -> Optional[InfoDict]:
        """The next info dict, or ``None`` at the end."""
        return next(self, None)

    def stop(self) -> None:
        """Stops the search (within about 50 ms)."""
        self._stop.set()

    def would_block(self) -> bool:
        return self._queue.empty()

    def wait(self) -> BestMove:
        """Waits for the end and returns the best line's move and expected reply."""
        for _ in self:
            pass
        best = self._lines[0] if self._lines else self.info
        for line in self._lines:
            self._take(line)
        pv = best.get("pv", [])
        return BestMove(pv[0] if pv else None, pv[1] if len(pv) > 1 else None)

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, *args: Any) -> None:
        self.stop()
        self._thread.join()
