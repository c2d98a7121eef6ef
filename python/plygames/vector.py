"""Batched environments: ``num_envs`` games stepped together in Rust.

``Env`` follows Gymnasium's vector API (``reset`` and ``step`` return NumPy
arrays for the whole batch) without requiring Gymnasium::

    env = plygames.vector.Env("othello", num_envs=1024, seed=0)
    obs, info = env.reset()
    while True:
        actions = env.sample_actions(info["action_mask"])   # or your policy's
        obs, reward, terminated, truncated, info = env.step(actions)

Observations are planes of shape ``(num_envs, planes, 8, 8)``, uint8 by
default where every plane holds only 0 and 1 (Othello, checkers), float32
in chess (``obs_dtype=np.float32`` asks for floats in every game);
``info["action_mask"]`` (bool, ``(num_envs, num_actions)``; with
``mask_order="F"`` laid out action by action in memory, which makes
reductions over the actions fast in NumPy) marks the legal actions, ``info["to_play"]`` (int8) the side to move (0 the side that moves
first in the game, 1 the other). A finished game starts again within the
step that ended it (Gymnasium's "same-step" autoreset): ``terminated[i]`` is
true and ``obs[i]`` is already the first observation of the next game.

Rewards are for the player who chose the action: +1 when the step wins the
game, -1 when it loses it (against an opponent, when the opponent's reply
wins), 0 otherwise.

Action encodings (see README "Python" for the planes):

- othello (65 actions): square index ``row * 8 + column`` with a1 = 0,
  h1 = 7, a8 = 56 (rows are the numbers 1-8), 64 = pass (the only legal
  action when the player must pass);
- checkers (256): ``(square * 4 + direction) * 2 + jump`` with ``square`` the
  PDN number minus one of the square a piece steps from, ``direction`` 0
  up-left, 1 up-right, 2 down-left, 3 down-right (up = towards rank 8), jump
  1 for a capture; a multi-jump is one action per jump, the same player
  staying to move;
- chess (4168): ``from * 64 + to`` (a1 = 0, h8 = 63; castling as the king's
  two-square move, promotion to a queen included), underpromotions
  ``4096 + (from_file * 3 + to_file - from_file + 1) * 3 + piece`` with piece
  0 knight, 1 bishop, 2 rook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._games import BOARDS as _BOARDS
from ._games import Board
from ._plygames import CheckersBoard, ChessBoard, OthelloBoard, VectorCore, random_games

__all__ = ["Env", "MaskSampler", "random_games"]

if TYPE_CHECKING:
    # For type checkers Env is the plain class (Gymnasium's VectorEnv
    # declares as attributes what Env computes as properties).
    _Base = object
    _SAME_STEP: Any = "SameStep"
else:
    try:  # Gymnasium is optional: with it, Env is one of its VectorEnvs.
        from gymnasium.vector import AutoresetMode as _AutoresetMode
        from gymnasium.vector import VectorEnv as _Base

        _SAME_STEP = _AutoresetMode.SAME_STEP
    except ImportError:  # pragma: no cover - exercised where gymnasium is absent
        _Base = object
        _SAME_STEP = "SameStep"

Array = npt.NDArray[Any]
Info = Dict[str, Array]

RENDER_MODES = ("ansi",)


class Env(_Base):
    """``num_envs`` games of ``game`` ("othello", "checkers" or "chess").

    opponent: ``None`` for self-play (each step is the move of whoever is to
    move), ``"random"`` for uniformly random replies, or an ``int`` depth for
    ply's engine searching that deep; the opponent replies inside ``step``
    (and moves first after a reset when the agent plays second).
    agent_side: 0, 1, or ``None`` to draw the agent's side for each game
    (with an opponent only).
    max_episode_steps: cut games after that many steps (``truncated``).
    copy: return fresh arrays from each call (``False`` returns the env's
    own buffers, overwritten by the next call: faster; read them, do not
    write into them).
    obs_dtype: the observations' number type, ``np.uint8`` or
    ``np.float32``; ``None`` (the default) is uint8 where the game's planes
    are all 0 or 1 (Othello, checkers: a quarter of the bytes to write and
    copy), float32 in chess (its halfmove clock plane).
    mask_order: ``"C"`` (the default: each game's row of the mask is
    contiguous) or ``"F"`` (each action's column is: the mask is the
    transpose of a C-ordered ``(num_actions, num_envs)`` array, and
    reductions over the actions, as in ``draw_from_mask``, run as fast
    element-wise operations).
    autoreset: start a finished game again within the step that ended it;
    without it a finished game stays finished until ``reset()`` (its mask
    empty, ``random_actions()`` -1 for it), and ``step`` takes -1 for it
    and leaves it as it is.
    seed: the games' randomness (random opponents, sides, random actions);
    the same seed and actions replay the same games.
    render_mode: ``None`` or ``"ansi"`` (``render()`` returns each game's
    board as text); other modes are refused.

    Where Gymnasium is installed, ``Env`` is a ``gymnasium.vector.VectorEnv``
    (its wrappers, such as ``RecordEpisodeStatistics``, take it) and
    ``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``.
    """

    metadata = {"autoreset_mode": _SAME_STEP, "render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        game: str,
        num_envs: int = 1,
        seed: int = 0,
        opponent: Union[None, str, int] = None,
        agent_side: Optional[int] = None,
        max_episode_steps: Optional[int] = None,
        copy: bool = True,
        autoreset: bool = True,
        obs_dtype: Any = None,
        mask_order: str = "C",
        render_mode: Optional[str] = None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        if opponent is None:
            kind, depth = "self", 0
        elif isinstance(opponent, str):
            kind, depth = opponent, 0
        elif isinstance(opponent, (int, np.integer)) and not isinstance(opponent, bool):
            kind, depth = "search", int(opponent)
        else:
            raise ValueError(f"opponent must be None, 'random' or a depth, not {opponent!r}")
        if agent_side is not None and opponent is None:
            raise ValueError("agent_side needs an opponent")
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        obs_dtype = np.dtype(obs_dtype) if obs_dtype is not None else None
        if obs_dtype is not None and obs_dtype not in (np.dtype(np.float32), np.dtype(np.uint8)):
            raise ValueError(f"obs_dtype must be float32 or uint8, not {obs_dtype}")
        if mask_order not in ("C", "F"):
            raise ValueError(f"mask_order must be 'C' or 'F', not {mask_order!r}")
        self._core = VectorCore(
            game, int(num_envs), int(seed) & (2**64 - 1), kind, depth, agent_side,
            max_episode_steps, bool(autoreset), mask_order == "F",
        )
        if obs_dtype is None:
            obs_dtype = np.dtype(np.uint8 if self._core.binary_planes else np.float32)
        if obs_dtype == np.uint8 and not self._core.binary_planes:
            raise ValueError(f"{game}'s planes are not all 0 or 1 (chess's halfmove clock "
                             "plane holds the clock over 100): obs_dtype must be float32")
        self.game: str = game.lower()
        self.num_envs: int = int(num_envs)
        self.num_actions: int = self._core.actions
        self.observation_shape: Tuple[int, int, int] = (self._core.planes, 8, 8)
        self.copy = copy
        self.obs_dtype = obs_dtype
        self.mask_order = mask_order
        # The env's own buffers, which copy=False hands out; with copy=True
        # Rust makes each call's arrays new, and the buffers hold no games.
        n = 0 if copy else self.num_envs
        self._obs = np.zeros((n,) + self.observation_shape, dtype=obs_dtype)
        if mask_order == "F":
            # What Rust writes: C-ordered (num_actions, num_envs).
            self._mask_buffer = np.zeros((self.num_actions, n), dtype=np.bool_)
            self._mask = self._mask_buffer.T
        else:
            self._mask = self._mask_buffer = np.zeros((n, self.num_actions), dtype=np.bool_)
        # Rust writes the mask's bools as bytes (0 or 1).
        self._mask_bytes = self._mask_buffer.view(np.uint8)
        self._reward = np.zeros(n, dtype=np.float32)
        self._terminated = np.zeros(n, dtype=np.bool_)
        self._truncated = np.zeros(n, dtype=np.bool_)
        self._to_play = np.zeros(n, dtype=np.int8)
        self._random = np.zeros(self.num_envs, dtype=np.int64)
        self._obs_u8 = obs_dtype == np.uint8
        self._started = False

    def _out(self) -> Tuple[Array, ...]:
        return (self._obs, self._mask_bytes, self._reward, self._terminated, self._truncated, self._to_play)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Array, Info]:
        """Starts every game again; returns ``(obs, info)``. A ``seed``
        reseeds every game's randomness. ``options={"positions": [...]}``
        starts the games from those positions (texts in the game's notation
        or boards; one per game, or one for all), which stay their start
        positions (autoreset included) until a reset without them;
        ``ValueError`` for a position that cannot be read or whose game is
        over."""
        positions = None
        if options:
            # Other options are ignored, as Gymnasium's environments do
            # (PettingZoo's api_test passes some).
            given = options.get("positions")
            if given is not None:
                if isinstance(given, (str, ChessBoard, CheckersBoard, OthelloBoard)):
                    given = [given]
                positions = [p if isinstance(p, str) else p.fen() for p in given]
        seed = None if seed is None else int(seed) & (2**64 - 1)
        self._started = True
        if self.copy:
            obs, mask, _, _, _, to_play = self._core.reset_new(seed, self._obs_u8, positions)
            return obs, {"action_mask": mask, "to_play": to_play}
        self._core.reset(seed, self._out(), positions)
        return self._obs, {"action_mask": self._mask, "to_play": self._to_play}

    def step(self, actions: Any) -> Tuple[Array, Array, Array, Array, Info]:
        """Plays one action per game; returns ``(obs, reward, terminated,
        truncated, info)``. ``ValueError`` (nothing played) if an action is
        not legal in its game."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        actions = np.ascontiguousarray(actions, dtype=np.int64).reshape(-1)
        if self.copy:
            # New arrays, written in place by Rust (no copies to make).
            obs, mask, reward, terminated, truncated, to_play = self._core.step_new(
                actions, self._obs_u8)
            return obs, reward, terminated, truncated, {"action_mask": mask, "to_play": to_play}
        self._core.step(actions, self._out())
        return (self._obs, self._reward, self._terminated, self._truncated,
                {"action_mask": self._mask, "to_play": self._to_play})

    def sample_actions(self, mask: Optional[Array] = None) -> Array:
        """A uniformly random legal action for each game, drawn in Rust from
        the env's seeded generator: from ``mask`` (bool, ``(num_envs,
        num_actions)``, either memory order: ``info["action_mask"]``, or a
        mask of your own such as a subset of it), or from the games' own
        legal actions when ``mask`` is ``None``; -1 for a game with none (a
        finished game that ``autoreset=False`` left as it was, which
        ``step`` takes). From ``info["action_mask"]`` it draws what it
        draws without a mask in Othello (in checkers and chess, without a
        mask it draws a move, then the move's next action)."""
        if not self._started:
            raise RuntimeError("call reset() before sample_actions()")
        out = None if self.copy else self._random  # None: a new array from Rust
        if mask is None:
            drawn: Array = self._core.random_actions(out)
            return drawn
        # A bool array with contiguous rows or columns is read as it is;
        # anything else is made one first.
        sampled: Optional[Array] = self._core.sample_actions(mask, out)
        if sampled is None:
            mask = np.ascontiguousarray(mask, dtype=np.bool_)
            sampled = self._core.sample_actions(mask, out)
            if sampled is None:
                raise ValueError(f"the mask has shape {mask.shape}, expected "
                                 f"{(self.num_envs, self.num_actions)}")
        return sampled

    def random_actions(self) -> Array:
        """A uniformly random legal move's action for each game, drawn in Rust
        from the env's seeded generator (-1 for a finished game that
        ``autoreset=False`` left as it was): ``sample_actions()``."""
        if not self._started:
            raise RuntimeError("call reset() before random_actions()")
        return self.sample_actions()

    def positions(self) -> List[str]:
        """Each game's position in the game's notation."""
        return self._core.positions()

    def legal_actions(self) -> List[List[int]]:
        """Each game's legal actions (the mask's true entries), sorted."""
        return self._core.legal_actions()

    @property
    def single_observation_space(self) -> Any:
        """Gymnasium's space of one observation (needs gymnasium)."""
        from gymnasium import spaces
        return spaces.Box(0, 1, self.observation_shape, dtype=self.obs_dtype)

    @property
    def single_action_space(self) -> Any:
        """Gymnasium's space of one action (needs gymnasium)."""
        from gymnasium import spaces
        return spaces.Discrete(self.num_actions)

    @property
    def observation_space(self) -> Any:
        """Gymnasium's space of the batch's observations (needs gymnasium)."""
        from gymnasium.vector.utils import batch_space
        return batch_space(self.single_observation_space, self.num_envs)

    @property
    def action_space(self) -> Any:
        """Gymnasium's space of the batch's actions (needs gymnasium)."""
        from gymnasium.vector.utils import batch_space
        return batch_space(self.single_action_space, self.num_envs)

    def boards(self) -> List[Board]:
        """Each game's position as a board (``plygames.chess.Board`` ...)."""
        board = _BOARDS[self.game]
        return [board(position) for position in self.positions()]

    def render(self) -> Optional[Tuple[str, ...]]:
        """With ``render_mode="ansi"``, each game's board as text (as
        ``str(board)``); ``None`` otherwise."""
        if self.render_mode != "ansi":
            return None
        return tuple(str(board) for board in self.boards())

    def observation(self, board: Any) -> Array:
        """The observation of any position (a board of this game, or its
        text), ``(planes, 8, 8)`` in the env's dtype: what ``step`` writes for
        a game in that position (at the start of a move)."""
        if isinstance(board, str):
            board = _BOARDS[self.game](board)
        planes: Array = board.observation().astype(self.obs_dtype, copy=False)
        return planes

    def move_to_action(self, board: Any, move: str) -> int:
        """The action of the legal move ``move`` in ``board`` (its first
        step for a checkers multi-jump)."""
        return int(board.move_to_action(move))

    def action_to_move(self, board: Any, action: int) -> str:
        """The legal move of ``board`` whose (first) action is ``action``."""
        return str(board.action_to_move(int(action)))

    def close(self, **kwargs: Any) -> None:
        """Nothing to release; for Gymnasium's API."""
        self.closed = True

    def __repr__(self) -> str:
        return f"plygames.vector.Env({self.game!r}, num_envs={self.num_envs})"


class MaskSampler:
    """Draws a uniformly random legal action per game from a batch's action
    mask, in NumPy: the fastest exact draw we know (see README "Python").

    For each game it counts the legal actions ``c`` and the legal actions
    up to each action (a cumulative sum over the actions), draws ``r``
    uniformly from ``0 .. c-1`` and returns the number of actions whose
    cumulative count is at most ``r``: the index of the ``r``-th legal
    action. Every step is an element-wise operation over whole columns of
    the mask when the mask is laid out action by action
    (``Env(..., mask_order="F")``), which is what makes it fast; a
    C-ordered mask gives the same draws, more slowly. A row without legal
    actions gives ``num_actions`` (which ``step`` refuses).

    ``r`` is ``floor(u * c)`` for ``u`` a float32 uniform in [0, 1): the
    legal actions' probabilities differ from ``1/c`` by less than
    ``c / 2**24``.
    """

    def __init__(self, num_envs: int, num_actions: int, seed: Any = None) -> None:
        dtype: Any = np.uint16 if num_actions > 255 else np.uint8
        self.num_envs = int(num_envs)
        self.num_actions = int(num_actions)
        self.rng = np.random.default_rng(seed)
        self._counts = np.empty((self.num_actions, self.num_envs), dtype=dtype)
        self._below = np.empty((self.num_actions, self.num_envs), dtype=np.bool_)
        self._uniform = np.empty(self.num_envs, dtype=np.float32)
        self._rank = np.empty(self.num_envs, dtype=dtype)
        self._actions = np.empty(self.num_envs, dtype=dtype)

    def __call__(self, mask: Array) -> Array:
        """One legal action per row of ``mask`` (bool, ``(num_envs,
        num_actions)``); the returned array is overwritten by the next call."""
        if mask.shape != (self.num_envs, self.num_actions):
            raise ValueError(
                f"mask has shape {mask.shape}, expected {(self.num_envs, self.num_actions)}")
        by_action = mask.T.view(np.uint8)
        counts = self._counts
        np.copyto(counts[0], by_action[0])
        for action in range(1, self.num_actions):
            np.add(counts[action - 1], by_action[action], out=counts[action])
        np.multiply(self.rng.random(self.num_envs, dtype=np.float32, out=self._uniform),
                    counts[-1], out=self._uniform)
        np.copyto(self._rank, self._uniform, casting="unsafe")
        np.less_equal(counts, self._rank, out=self._below)
        return np.add.reduce(self._below.view(np.uint8), axis=0, dtype=self._actions.dtype,
                             out=self._actions)
