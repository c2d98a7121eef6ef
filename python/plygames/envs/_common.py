"""What the Gymnasium and PettingZoo wrappers share: the position and its
text rendering."""

from typing import Optional


class PositionRendering:
    """``position()`` and ``render()`` for a wrapper over a one-game
    ``plygames.vector.Env`` kept in ``self._env``."""

    render_mode: Optional[str] = None

    def position(self) -> str:
        """The position in the game's notation."""
        return self._env.positions()[0]

    def render(self) -> Optional[str]:
        """The position string with ``render_mode="ansi"``, else nothing."""
        if self.render_mode == "ansi":
            return self.position()
        return None
