"""Single-game environments for existing training code, loaded on first use
so that ``import plygames`` needs neither Gymnasium nor PettingZoo:

- ``plygames.envs.GymnasiumEnv(game, opponent="random")``: a ``gymnasium.Env``;
- ``plygames.envs.PettingZooEnv(game)``: a PettingZoo AEC environment for two
  players, ``"player_0"`` (the side that moves first) and ``"player_1"``.

Both use the action encoding and observation planes of ``plygames.vector.Env``.

``register()`` registers Gymnasium ids for the three games (done on import
when Gymnasium is installed): ``gymnasium.make("plygames/Othello-v0")`` makes
a ``GymnasiumEnv`` (keyword arguments pass through: ``opponent=``,
``agent_side=``...) and ``gymnasium.make_vec("plygames/Othello-v0",
num_envs=1024, vectorization_mode="vector_entry_point")`` a
``plygames.vector.Env``; likewise ``plygames/Chess-v0`` and
``plygames/Checkers-v0``.
"""

from typing import Any, Dict

__all__ = ["GymnasiumEnv", "PettingZooEnv", "IDS", "register"]

IDS: Dict[str, str] = {
    "plygames/Chess-v0": "chess",
    "plygames/Checkers-v0": "checkers",
    "plygames/Othello-v0": "othello",
}
"""The Gymnasium ids ``register()`` registers, and their games."""


def register() -> None:
    """Registers the ids of ``IDS`` with Gymnasium (``ImportError`` without it)."""
    import gymnasium

    for env_id, game in IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point="plygames.envs.gymnasium_env:GymnasiumEnv",
            vector_entry_point="plygames.vector:Env",
            kwargs={"game": game},
            disable_env_checker=True,
        )


try:
    register()
except ImportError:  # Gymnasium is optional.
    pass


def __getattr__(name: str) -> Any:
    if name == "GymnasiumEnv":
        from .gymnasium_env import GymnasiumEnv
        return GymnasiumEnv
    if name == "PettingZooEnv":
        from .pettingzoo_env import PettingZooEnv
        return PettingZooEnv
    raise AttributeError(f"module 'plygames.envs' has no attribute {name!r}")
