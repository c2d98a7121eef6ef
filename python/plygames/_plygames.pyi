"""Type stubs of plygames' compiled module."""

import os

from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar

import numpy as np
import numpy.typing as npt

_B = TypeVar("_B")

MAX_PERFT_DEPTH: int

class Outcome:
    """How a game ended."""
    winner: Optional[int]
    reason: str

class BestMove:
    """What a search found."""
    move: str
    score: int
    mate: Optional[int]
    depth: int
    nodes: int
    seconds: float
    pv: List[str]

class Solution:
    """The exact solution of an Othello position."""
    score: int
    move: Optional[str]
    pv: List[str]
    nodes: int
    empties: int

class _Board:
    """What every board has (a base of the stubs only: the three classes
    are separate at run time)."""
    def __init__(self, position: Optional[str] = None) -> None:
        """The start position, or ``position`` in the game's notation
        (``ValueError`` if it cannot be read)."""
    def legal_moves(self) -> List[str]:
        """The legal moves, in the game's notation."""
    def is_legal(self, move: str) -> bool:
        """Whether ``move`` is legal here."""
    def push(self, move: str) -> None:
        """Plays ``move``; ``ValueError`` (board unchanged) if unreadable or illegal."""
    def pop(self) -> str:
        """Takes back the last move and returns it; ``IndexError`` if none."""
    @property
    def moves(self) -> List[str]:
        """The moves played, oldest first."""
    @property
    def side_to_move(self) -> int:
        """0 for the side that moves first in the game, 1 for the other."""
    def position(self) -> str:
        """The position in the game's notation."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or ``None`` while it goes on."""
    def is_game_over(self) -> bool:
        """Whether the game is over (repetitions and move-count rules included)."""
    def repetitions(self) -> int:
        """How often the current position has occurred in the game."""
    def svg(self, flipped: bool = False, theme: str = "light", size: Optional[int] = None) -> str:
        """The board as an SVG picture (ply's renderer, as ``ply board --svg``), the last move highlighted."""
    def _repr_svg_(self) -> str:
        """The picture Jupyter shows for the board."""
    def perft(self, depth: int, threads: int = 1) -> int:
        """Move paths of exactly ``depth`` plies (as ``ply perft``); Ctrl-C stops it."""
    def perft_divide(self, depth: int, threads: int = 1) -> Dict[str, int]:
        """Move paths of ``depth`` plies below each legal move."""
    def best_move(
        self,
        depth: Optional[int] = None,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        threads: int = 1,
        hash_mb: int = 16,
        level: int = 10,
        seed: int = 0,
        info: Optional[Callable[[Dict[str, Any]], Any]] = None,
    ) -> Optional[BestMove]:
        """The engine's move (``None`` if the game is over) to ``depth`` plies,
        for ``time`` seconds or ``nodes`` nodes (one second by default);
        ``info`` gets a dict (depth, seldepth, score, mate, nodes, nps,
        seconds, pv) after each iteration. Ctrl-C stops it. Othello solves a
        position within the solver's reach exactly (score 100 times the final
        disc difference), as ``ply best othello`` does."""
    def copy(self: _B) -> _B: ...
    def __copy__(self: _B) -> _B: ...
    def __deepcopy__(self: _B, memo: Any) -> _B: ...

class ChessBoard(_Board):
    """A chess game: FEN positions, UCI moves (SAN is read too)."""

class CheckersBoard(_Board):
    """An English checkers game: PDN FEN positions, moves like 11-15 or 22x15x6."""
    def egdb_probe(self, dir: str | os.PathLike[str] | None = None) -> str:
        """The endgame database value for the side to move: "win", "loss" or "draw"."""

class OthelloBoard(_Board):
    """An Othello game: 64 characters a1..h8 and the side to move; moves like d3 or pass."""
    def solve(self, hash_mb: int = 64) -> Solution:
        """The exact final disc difference for the side to move, best move and line."""

class VectorCore:
    actions: int
    planes: int
    binary_planes: bool
    game_specific: bool
    def __init__(self, game: str, num_envs: int, seed: int, opponent: str, depth: int,
                 agent_side: Optional[int], max_steps: Optional[int], autoreset: bool,
                 mask_by_action: bool = False, generic: bool = False) -> None: ...
    def reset(self, seed: Optional[int], buffers: Tuple[Any, ...]) -> None: ...
    def step(self, actions: npt.NDArray[np.int64], buffers: Tuple[Any, ...]) -> None: ...
    def random_actions(self, out: npt.NDArray[np.int64]) -> None: ...
    def positions(self) -> List[str]: ...
    def legal_actions(self) -> List[List[int]]: ...

def perft(game: str, depth: int, position: Optional[str] = None, threads: int = 1) -> int:
    """Move paths of exactly ``depth`` plies from ``position`` (the start by default)."""

def split(game: str, plies: int, position: Optional[str] = None) -> List[str]:
    """The positions ``plies`` plies down, one per move path."""

def random_games(game: str, num_games: int, seed: int = 0, max_plies: Optional[int] = None
                 ) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.uint32]]:
    """Random games in one call: (winners 1/-1/0, plies)."""
