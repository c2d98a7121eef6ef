"""Single-game environments for existing training code, loaded on first use
so that ``import plygames`` needs neither Gymnasium nor PettingZoo:

- ``plygames.envs.GymnasiumEnv(game, opponent="random")``: a ``gymnasium.Env``;
- ``plygames.envs.PettingZooEnv(game)``: a PettingZoo AEC environment for two
  players, ``"player_0"`` (the side that moves first) and ``"player_1"``.

Both use the action encoding and observation planes of ``plygames.vector.Env``.
"""

from typing import Any

__all__ = ["GymnasiumEnv", "PettingZooEnv"]


def __getattr__(name: str) -> Any:
    if name == "GymnasiumEnv":
        from .gymnasium_env import GymnasiumEnv
        return GymnasiumEnv
    if name == "PettingZooEnv":
        from .pettingzoo_env import PettingZooEnv
        return PettingZooEnv
    raise AttributeError(f"module 'plygames.envs' has no attribute {name!r}")
