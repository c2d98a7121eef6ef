"""The examples run: examples/mcts.py plays a few games against random play."""

import importlib.util
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["othello", "checkers"])
def test_mcts_beats_random_play(game, capsys):
    score = load("mcts").main(["--game", game, "--games", "2", "--iterations", "24", "--rollouts", "8"])
    assert score >= 0.5
    assert "against random play" in capsys.readouterr().out
