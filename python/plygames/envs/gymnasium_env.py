"""A Gymnasium environment over one ply game (needs ``gymnasium``)."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ..vector import Array
from ..vector import Env as _VectorEnv
from ._common import PositionRendering, check_render_mode


class GymnasiumEnv(PositionRendering, gymnasium.Env[Array, Any]):
    """One game of ``game`` for a single agent against ``opponent``
    (``"random"``, an ``int`` search depth, or ``None`` for self-play where
    the agent plays both sides). ``agent_side`` is 0 (the side that moves
    first), 1, or ``None`` to draw it at each reset.

    Observations: float32 planes ``(planes, 8, 8)``; actions: ints as in
    ``plygames.vector``; ``info["action_mask"]`` marks the legal actions. The
    reward is +1 or -1 when the game ends in the agent's win or loss, else 0.
    An illegal action loses the game: reward -1, ``terminated``, and
    ``info["illegal_action"]`` true.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        opponent: Union[None, str, int] = "random",
        agent_side: Optional[int] = 0,
        max_episode_steps: Optional[int] = None,
        render_mode: Optional[str] = None,
        seed: int = 0,
    ) -> None:
        self._env = _VectorEnv(
            game, 1, seed=seed, opponent=opponent,
            agent_side=agent_side if opponent is not None else None,
            max_episode_steps=max_episode_steps, autoreset=False, obs_dtype=np.float32,
        )
        self.observation_space = self._env.single_observation_space
        self.action_space = spaces.Discrete(self._env.num_actions)
        self.render_mode = check_render_mode(render_mode)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> Tuple[Array, Dict[str, Any]]:
        """Starts a game; ``options={"positions": [position]}`` starts it
        there (see ``plygames.vector.Env.reset``)."""
        super().reset(seed=seed)
        obs, info = self._env.reset(seed=seed, options=options)
        self._last = (obs[0], self._single(info))
        return self._last

    def step(self, action: Any) -> Tuple[Array, float, bool, bool, Dict[str, Any]]:
        obs, info = self._last
        action = int(action)
        if not (0 <= action < len(info["action_mask"]) and info["action_mask"][action]):
            info = dict(info, action_mask=info["action_mask"].copy(), illegal_action=True)
            return obs.copy(), -1.0, True, False, info
        obs, reward, terminated, truncated, info = self._env.step(np.array([int(action)]))
        self._last = (obs[0], self._single(info))
        return obs[0], float(reward[0]), bool(terminated[0]), bool(truncated[0]), self._last[1]

    @staticmethod
    def _single(info: Dict[str, Array]) -> Dict[str, Any]:
        return {"action_mask": info["action_mask"][0], "to_play": int(info["to_play"][0])}
