"""What the Gymnasium and PettingZoo wrappers share: the position and its
text rendering."""

from typing import Optional

from ..vector import Env


class PositionRendering:
    """``position()`` and ``render()`` for a wrapper over a one-game
    ``plygames.vector.Env`` kept in ``self._env``."""

    render_mode: Optional[str] = None
    _env: Env

    def position(self) -> str:
        """The position in the game's notation."""
        return self._env.positions()[0]

    def render(self) -> Optional[str]:
        """With ``render_mode="ansi"``, the board as text (``str(board)``, a
        diagram) followed by the position string; else nothing."""
        if self.render_mode == "ansi":
            return str(self._env.boards()[0]) + "\n" + self.position() + "\n"
        return None


def check_render_mode(render_mode: Optional[str]) -> Optional[str]:
    """``render_mode`` if it is ``None`` or ``"ansi"``; ``ValueError`` otherwise."""
    if render_mode is not None and render_mode != "ansi":
        raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
    return render_mode
