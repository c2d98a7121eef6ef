"""The learning side: Env a gymnasium VectorEnv (when Gymnasium is there),
games from given positions, observations and action codecs for any
position, ansi rendering, registered environment ids."""

import numpy as np
import pytest

import plygames
import plygames.envs
from plygames.vector import Env

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# Othello with one empty square: Black plays h8 and the game ends.
LAST_MOVE = "X" * 40 + "O" * 23 + "- X"


def test_env_is_a_gymnasium_vector_env_and_wrappers_take_it():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.vector import AutoresetMode
    from gymnasium.wrappers.vector import RecordEpisodeStatistics

    env = Env("othello", num_envs=8, seed=1)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    wrapped = RecordEpisodeStatistics(env)
    wrapped.reset(seed=1)
    episodes = 0
    for _ in range(200):
        _, _, _, _, info = wrapped.step(env.random_actions())
        if "episode" in info:
            episodes += int(info["_episode"].sum())
            assert (info["episode"]["l"][info["_episode"]] > 0).all()
    assert episodes > 0
    wrapped.close()
    assert env.closed


@pytest.mark.parametrize("game, position", [
    ("chess", KIWIPETE),
    ("checkers", "W:WK10,21,22:B1,K14,15"),
    ("othello", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"),
])
def test_reset_from_given_positions(game, position):
    env = Env(game, num_envs=3, seed=0)
    obs, info = env.reset(options={"positions": [position]})
    assert env.positions() == [position] * 3
    board = env.boards()[0]
    assert board.fen() == position
    assert (env.observation(board) == obs[0]).all() and (env.observation(position) == obs[1]).all()
    legal = {env.move_to_action(board, move) for move in board.legal_moves}
    assert legal == set(np.flatnonzero(info["action_mask"][0]).tolist())
    # Boards are taken too, one per game.
    start = type(board)()
    env.reset(options={"positions": [board, start, position]})
    assert env.positions() == [position, start.fen(), position]
    # A reset without options goes back to the start position.
    env.reset()
    assert env.positions() == [start.fen()] * 3


def test_given_positions_are_the_start_after_an_autoreset():
    env = Env("othello", num_envs=2, seed=0)
    obs, info = env.reset(options={"positions": LAST_MOVE})
    board = plygames.othello.Board(LAST_MOVE)
    action = env.move_to_action(board, "h8")
    assert env.action_to_move(board, action) == "h8"
    obs, reward, terminated, truncated, info = env.step(np.array([action, action]))
    assert terminated.all() and (reward == 1).all()
    assert env.positions() == [LAST_MOVE, LAST_MOVE]


def test_bad_positions_are_refused():
    env = Env("chess", num_envs=2)
    with pytest.raises(ValueError, match="invalid chess position"):
        env.reset(options={"positions": ["nonsense"]})
    with pytest.raises(ValueError, match="over"):
        env.reset(options={"positions": ["rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"]})
    with pytest.raises(ValueError, match="3 positions for 2"):
        env.reset(options={"positions": [KIWIPETE] * 3})
    env.reset(options={"board": KIWIPETE})  # other options are ignored, as Gymnasium's
    assert env.positions() == [plygames.chess.STARTING_FEN] * 2
    with pytest.raises(ValueError, match="over"):
        Env("othello").reset(options={"positions": ["X" * 64 + " O"]})


def test_ansi_rendering_and_unknown_modes():
    env = Env("checkers", num_envs=2, render_mode="ansi")
    env.reset()
    frames = env.render()
    assert len(frames) == 2 and frames[0] == str(plygames.checkers.Board())
    assert Env("checkers").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        Env("checkers", render_mode="human")
    gymnasium = pytest.importorskip("gymnasium")
    single = plygames.envs.GymnasiumEnv("othello", render_mode="ansi")
    single.reset(seed=0)
    assert single.render().startswith(str(plygames.othello.Board()))
    with pytest.raises(ValueError, match="render_mode"):
        plygames.envs.GymnasiumEnv("othello", render_mode="rgb_array")
    assert gymnasium  # used


def test_registered_ids():
    gymnasium = pytest.importorskip("gymnasium")
    for env_id, game in plygames.envs.IDS.items():
        env = gymnasium.make(env_id, opponent="random")
        obs, info = env.reset(seed=0)
        assert obs.shape == Env(game).observation_shape
        env.close()
        vec = gymnasium.make_vec(env_id, num_envs=4, vectorization_mode="vector_entry_point")
        assert isinstance(vec, Env) and vec.num_envs == 4 and vec.game == game
        vec.close()


def test_single_game_wrappers_start_from_given_positions():
    pytest.importorskip("gymnasium")
    env = plygames.envs.GymnasiumEnv("othello", opponent=None, agent_side=None)
    obs, info = env.reset(seed=0, options={"positions": [LAST_MOVE]})
    assert env.position() == LAST_MOVE
    assert np.flatnonzero(info["action_mask"]).tolist() == [63]
    obs, reward, terminated, truncated, info = env.step(63)
    assert terminated and reward == 1.0


@pytest.mark.parametrize("game", ["othello", "checkers", "chess"])
def test_without_autoreset_a_batch_plays_every_game_to_its_end(game):
    env = Env(game, num_envs=16, seed=3, autoreset=False)
    obs, info = env.reset()
    finished = np.zeros(16, dtype=bool)
    for _ in range(10000):
        actions = env.random_actions()
        assert ((actions == -1) == finished).all()
        assert not info["action_mask"][finished].any()
        obs, reward, terminated, truncated, info = env.step(actions)
        assert not (terminated & finished).any()  # a finished game stays finished
        assert (reward[finished] == 0).all()
        finished |= terminated | truncated
        if finished.all():
            break
    assert finished.all()
    # A game with legal moves still refuses -1.
    env.reset()
    with pytest.raises(ValueError, match="not legal"):
        env.step(np.full(16, -1))
