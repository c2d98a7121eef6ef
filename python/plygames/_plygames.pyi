"""Type stubs of plygames' compiled module."""

import os
import threading

from typing import (Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar, Union,
                    overload)

import numpy as np
import numpy.typing as npt

from ._legal_moves import LegalMoves

_B = TypeVar("_B")

MAX_PERFT_DEPTH: int

class IllegalMoveError(ValueError):
    """A move that cannot be read or is not legal; the message lists the legal moves."""

class InvalidPositionError(ValueError):
    """A position text that cannot be read or is impossible."""

class Outcome:
    """How a game ended."""
    @property
    def winner(self) -> Optional[bool]:
        """``True`` (WHITE) or ``False`` (BLACK, who moves first in checkers
        and Othello), ``None`` for a draw."""
    @property
    def reason(self) -> str:
        """Why the game ended (``"checkmate"``, ``"no moves"``...)."""
    @property
    def termination(self) -> str:
        """The same as ``reason`` (python-chess's name)."""
    def result(self) -> str:
        """``"1-0"`` the side that moves first won, ``"0-1"`` the other, ``"1/2-1/2"``."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Piece:
    """A piece on a square."""
    @property
    def color(self) -> bool:
        """``True`` (WHITE) or ``False`` (BLACK)."""
    @property
    def piece_type(self) -> int:
        """Chess PAWN=1..KING=6; checkers MAN=1, KING=2; Othello DISC=1."""
    @property
    def kind(self) -> str:
        """``"pawn"`` ... ``"king"``, ``"man"``, ``"checkers-king"``, ``"disc"``."""
    def symbol(self) -> str:
        """The letter of the game's position text."""
    def unicode_symbol(self) -> str:
        """A Unicode symbol."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

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
    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, in the game's notation: a list (a new one each
        time) that can be called (returning a plain list) and counted."""
    def fen(self) -> str:
        """The position text: FEN, PDN FEN, or Othello's 64 squares and side to move."""
    def set_fen(self, fen: str) -> None:
        """Sets up a position, forgetting the moves (``InvalidPositionError``, board unchanged)."""
    def push_san(self, san: str) -> str:
        """Plays a move in standard notation; returns it in the board's notation."""
    def push_uci(self, uci: str) -> str:
        """Plays a move in engine notation (UCI in chess); returns it."""
    def parse_san(self, san: str) -> str:
        """A legal move in standard notation, in the board's notation."""
    def parse_uci(self, uci: str) -> str:
        """A legal move in engine notation, checked."""
    def san(self, move: str) -> str:
        """A legal move in standard notation (SAN with +/# in chess)."""
    def uci(self, move: str) -> str:
        """A legal move in engine notation (UCI in chess)."""
    def san_moves(self) -> List[str]:
        """The moves played, in standard notation."""
    def piece_at(self, square: Union[int, str]) -> Optional[Piece]:
        """The piece on a square (name, or number: a1=0..h8=63, checkers 1..32)."""
    def is_check(self) -> bool:
        """Whether the side to move is in check (chess only)."""
    @property
    def turn(self) -> bool:
        """The colour to move: ``True`` WHITE, ``False`` BLACK."""
    @property
    def move_stack(self) -> List[str]:
        """The moves played, oldest first."""
    def ply(self) -> int:
        """The number of moves played since the board was set up."""
    def observation(self) -> npt.NDArray[np.float32]:
        """The observation planes ``(planes, 8, 8)``, as ``plygames.vector.Env`` makes them."""
    def move_to_action(self, move: str) -> int:
        """The action number of a legal move (its first step for a checkers multi-jump)."""
    def action_to_move(self, action: int) -> str:
        """The legal move with that (first) action; ``ValueError`` for none or several."""
    def unicode(self) -> str:
        """The text diagram with Unicode pieces."""
    def _repr_html_(self) -> str:
        """The SVG picture and the position text, for Jupyter."""
    def __eq__(self, other: object) -> bool:
        """Equal positions (whatever moves led there)."""
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str], List[str]]: ...
    def __setstate__(self, state: List[str]) -> None: ...
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
    def result(self) -> str:
        """``"1-0"`` (the side that moves first won), ``"0-1"``, ``"1/2-1/2"`` or ``"*"``."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is checkmated (chess)."""
    def is_stalemate(self) -> bool:
        """Whether the side to move is stalemated (chess)."""
    def is_repetition(self, count: int = 3) -> bool:
        """Whether the position has occurred ``count`` times in the game."""
    def peek(self) -> str:
        """The last move played; ``IndexError`` if none."""
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
        root_moves: Optional[List[str]] = None,
        stop: Optional[threading.Event] = None,
    ) -> Optional[BestMove]:
        """The engine's move (``None`` if the game is over) to ``depth`` plies,
        for ``time`` seconds or ``nodes`` nodes (one second by default);
        ``info`` gets a dict (depth, seldepth, score, mate, nodes, nps,
        seconds, pv) after each iteration. Ctrl-C stops it. Othello solves a
        position within the solver's reach exactly (score 100 times the final
        disc difference), as ``ply best othello`` does. ``root_moves``
        limits the search to those moves; setting ``stop`` ends it within
        about 50 ms with the best move so far."""
    def copy(self: _B) -> _B: ...
    def __copy__(self: _B) -> _B: ...
    def __deepcopy__(self: _B, memo: Any) -> _B: ...

class ChessBoard(_Board):
    """A chess game: FEN positions, UCI moves (SAN is read too)."""
    def attacks(self, square: Union[int, str]) -> List[int]:
        """The squares the piece on ``square`` attacks (python-chess's), lowest first."""
    def attackers(self, color: bool, square: Union[int, str]) -> List[int]:
        """The squares of the pieces of ``color`` attacking ``square``, lowest first."""
    def is_attacked_by(self, color: bool, square: Union[int, str]) -> bool:
        """Whether a piece of ``color`` attacks ``square``."""

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
    def reset(self, seed: Optional[int], buffers: Tuple[Any, ...],
              positions: Optional[List[str]] = None) -> None: ...
    def step(self, actions: npt.NDArray[np.int64], buffers: Tuple[Any, ...]) -> None: ...
    def step_new(self, actions: npt.NDArray[np.int64], obs_u8: bool) -> Tuple[
            npt.NDArray[Any], npt.NDArray[np.bool_], npt.NDArray[np.float32],
            npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int8]]: ...
    def reset_new(self, seed: Optional[int], obs_u8: bool,
                  positions: Optional[List[str]] = None) -> Tuple[
            npt.NDArray[Any], npt.NDArray[np.bool_], npt.NDArray[np.float32],
            npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int8]]: ...
    def random_actions(self, out: Optional[npt.NDArray[np.int64]] = None) -> npt.NDArray[np.int64]: ...
    def sample_actions(self, mask: Any, out: Optional[npt.NDArray[np.int64]] = None
                       ) -> Optional[npt.NDArray[np.int64]]: ...
    def positions(self) -> List[str]: ...
    def legal_actions(self) -> List[List[int]]: ...

def perft(game: str, depth: int, position: Optional[str] = None, threads: int = 1) -> int:
    """Move paths of exactly ``depth`` plies from ``position`` (the start by default)."""

def split(game: str, plies: int, position: Optional[str] = None) -> List[str]:
    """The positions ``plies`` plies down, one per move path."""

def random_games(game: str, num_games: int, seed: int = 0, max_plies: Optional[int] = None
                 ) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.uint32]]:
    """Random games in one call: (winners, plies); a winner is its colour,
    1 ``WHITE``, 0 ``BLACK``, -1 none (a draw, or a game cut at ``max_plies``)."""

def chess_datagen(out: Union[str, "os.PathLike[str]"], games: int, seed: int = 1,
                  first_game: int = 0, nodes: int = 5000, depth: Optional[int] = None,
                  random_plies: int = 8, book: Optional[Union[str, "os.PathLike[str]"]] = None,
                  max_opening_score: int = 500, adjudicate: int = 1000, max_plies: int = 300,
                  threads: int = 1, batch: int = 32) -> str:
    """``ply train chess datagen`` over games ``first_game..first_game + games``;
    the report as JSON text."""

def chess_merge(out: Union[str, "os.PathLike[str]"],
                inputs: Sequence[Union[str, "os.PathLike[str]"]]) -> str:
    """``ply train chess merge``; the report as JSON text."""
