"""A PettingZoo AEC environment over one ply game (needs ``pettingzoo``)."""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..vector import Array
from ..vector import Env as _VectorEnv
from ._common import PositionRendering, check_render_mode


class PettingZooEnv(PositionRendering, AECEnv):
    """Two players take turns: ``"player_0"`` moves first (White in chess,
    Black in checkers and Othello). ``observe(agent)`` returns
    ``{"observation": planes, "action_mask": uint8 mask}`` (the mask is all
    zero when it is not the agent's turn). The rewards are +1 / -1 to the
    winner / loser at the end, 0 for a draw. A checkers multi-jump takes one
    step per jump by the same agent.
    """

    metadata = {"render_modes": ["ansi"], "name": "ply_v0", "is_parallelizable": False}

    def __init__(self, game: str, max_episode_steps: Optional[int] = None,
                 render_mode: Optional[str] = None, seed: int = 0) -> None:
        super().__init__()
        self._env = _VectorEnv(game, 1, seed=seed, max_episode_steps=max_episode_steps,
                               autoreset=False, obs_dtype=np.float32)
        self.possible_agents = ["player_0", "player_1"]
        self.agents = list(self.possible_agents)
        obs_space = spaces.Dict({
            "observation": self._env.single_observation_space,
            "action_mask": spaces.Box(0, 1, (self._env.num_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._env.num_actions) for a in self.possible_agents}
        self.render_mode = check_render_mode(render_mode)
        self._obs, self._info = self._env.reset(seed=seed)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a game; ``options={"positions": [position]}`` starts it
        there (see ``plygames.vector.Env.reset``)."""
        self._obs, self._info = self._env.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self._info["to_play"][0])]

    def observe(self, agent: str) -> Dict[str, Array]:
        mask = self._info["action_mask"][0].astype(np.int8)
        if agent != self.agent_selection:
            mask = np.zeros_like(mask)
        return {"observation": self._obs[0], "action_mask": mask}

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        mover = self.agent_selection
        other = self.possible_agents[1 - self.possible_agents.index(mover)]
        self._cumulative_rewards[mover] = 0.0
        self._obs, reward, terminated, truncated, info = self._env.step(np.array([int(action)]))
        self._info = info
        self.rewards = {mover: float(reward[0]), other: -float(reward[0])}
        if terminated[0] or truncated[0]:
            for a in self.agents:
                self.terminations[a] = bool(terminated[0])
                self.truncations[a] = bool(truncated[0])
        else:
            self.agent_selection = self.possible_agents[int(self._info["to_play"][0])]
        self._accumulate_rewards()

    def close(self) -> None:
        pass
