"""The batched environments: masks equal the legal moves, games end by the
rules, seeds replay the same games, bad actions are refused."""

import numpy as np
import pytest

import plygames
import plygames.envs

GAMES = ["othello", "checkers", "chess"]


def decode_moves(game, board):
    """The action of each legal move of a board, by the documented encoding
    (checkers: the first step's action)."""
    actions = {}
    for name in board.legal_moves():
        if game == "othello":
            actions[name] = 64 if name == "pass" else (int(name[1]) - 1) * 8 + ord(name[0]) - 97
        elif game == "chess":
            sq = lambda s: (int(s[1]) - 1) * 8 + ord(s[0]) - 97
            frm, to = sq(name[:2]), sq(name[2:4])
            if len(name) == 5 and name[4] != "q":
                piece = "nbr".index(name[4])
                ff, tf = frm % 8, to % 8
                actions[name] = 4096 + (ff * 3 + tf - ff + 1) * 3 + piece
            else:
                actions[name] = frm * 64 + to
        else:
            squares = [int(s) for s in name.replace("x", "-").split("-")]
            a, b = squares[0], squares[1]
            row = lambda n: (n - 1) // 4
            col = lambda n: ((n - 1) % 4) * 2 + (1 if row(n) % 2 == 0 else 0)
            up = row(b) < row(a)
            right = col(b) > col(a)
            direction = {(True, False): 0, (True, True): 1, (False, False): 2, (False, True): 3}[(up, right)]
            actions[name] = ((a - 1) * 4 + direction) * 2 + ("x" in name)
    return actions


@pytest.mark.parametrize("game", GAMES)
def test_masks_are_the_legal_moves_and_games_end_by_the_rules(game):
    env = plygames.vector.Env(game, num_envs=8, seed=3)
    obs, info = env.reset()
    assert obs.shape == (8,) + env.observation_shape
    assert obs.dtype == (np.float32 if game == "chess" else np.uint8)  # the default
    assert info["action_mask"].shape == (8, env.num_actions)
    finished = 0
    rng = np.random.default_rng(0)
    for _ in range(300):
        mask = info["action_mask"]
        for i, position in enumerate(env.positions()):
            board = getattr(plygames, game).Board(position)
            legal = np.flatnonzero(mask[i]).tolist()
            assert legal == env.legal_actions()[i]
            if game != "checkers" or not obs[i, 4].any():  # not inside a multi-jump
                assert sorted(set(decode_moves(game, board).values())) == legal
            assert not board.is_game_over()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, reward, terminated, truncated, info = env.step(actions)
        assert set(np.unique(reward)) <= {-1.0, 0.0, 1.0}
        assert not np.any(reward[~terminated])
        finished += int(terminated.sum())
    if game == "othello":
        assert finished > 0


def test_planes():
    env = plygames.vector.Env("othello", num_envs=1)
    obs, _ = env.reset()
    # Black (to move) on d5 and e4, White on d4 and e5: a1 = 0, row by row.
    assert obs[0, 0].sum() == 2 and obs[0, 0, 4, 3] == 1 and obs[0, 0, 3, 4] == 1
    assert obs[0, 1, 3, 3] == 1 and obs[0, 1, 4, 4] == 1
    chess, _ = plygames.vector.Env("chess", num_envs=1).reset()
    assert chess[0, 0, 1].sum() == 8  # White's pawns on rank 2
    assert chess[0, 5, 0, 4] == 1  # White's king on e1
    assert chess[0, 12].all() and chess[0, 13:17].all()


def test_seeds_replay_the_same_games():
    def play(seed):
        env = plygames.vector.Env("checkers", num_envs=4, seed=seed, opponent="random")
        env.reset()
        trace = []
        for _ in range(50):
            obs, reward, terminated, truncated, info = env.step(env.random_actions())
            trace.append((obs.sum(), reward.tolist()))
        return trace, env.positions()
    assert play(7) == play(7)
    assert play(7) != play(8)


def test_opponents_and_truncation():
    env = plygames.vector.Env("othello", num_envs=16, seed=1, opponent="random", agent_side=1)
    obs, info = env.reset()
    assert (info["to_play"] == 1).all()  # the opponent has moved first
    wins = 0
    for _ in range(200):
        obs, reward, terminated, truncated, info = env.step(env.random_actions())
        assert (info["to_play"] == 1).all()
        wins += int((reward > 0).sum())
    searched = plygames.vector.Env("othello", num_envs=2, seed=1, opponent=2, agent_side=0)
    searched.reset()
    searched.step(searched.random_actions())
    cut = plygames.vector.Env("chess", num_envs=2, max_episode_steps=3)
    cut.reset()
    for step in range(3):
        _, _, terminated, truncated, _ = cut.step(cut.random_actions())
    assert truncated.all() and not terminated.any()


def test_bad_actions_are_refused():
    env = plygames.vector.Env("othello", num_envs=2)
    with pytest.raises(RuntimeError):
        env.step([19, 19])
    env.reset()
    before = env.positions()
    with pytest.raises(ValueError, match="environment 1: action 0 is not legal"):
        env.step([19, 0])
    with pytest.raises(ValueError):
        env.step([19, -1])
    with pytest.raises(ValueError):
        env.step([19])
    assert env.positions() == before
    with pytest.raises(ValueError, match="unknown game"):
        plygames.vector.Env("go")
    with pytest.raises(ValueError):
        plygames.vector.Env("chess", opponent="strong")


def test_random_games():
    winners, plies = plygames.random_games("othello", 200, seed=1)
    # The package's colours: 1 WHITE, 0 BLACK, -1 none (a draw or a cut game).
    assert winners.shape == (200,) and set(np.unique(winners)) <= {-1, 0, 1}
    assert {0, 1} <= set(np.unique(winners))
    assert ((winners == plygames.WHITE) == (winners == 1)).all()
    assert ((winners == plygames.BLACK) == (winners == 0)).all()
    cut, _ = plygames.random_games("checkers", 20, seed=1, max_plies=0)
    assert (cut == -1).all()
    assert plies.min() >= 9 and plies.max() <= 70
    again, _ = plygames.random_games("othello", 200, seed=1)
    assert (again == winners).all()
    winners, plies = plygames.random_games("chess", 5, seed=1)
    assert (plies > 0).all()


def test_gymnasium_wrapper():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    env = plygames.envs.GymnasiumEnv("othello", opponent="random")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=0)
    done = False
    total = 0.0
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    assert total in (-1.0, 0.0, 1.0)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)


def test_pettingzoo_wrapper():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test
    env = plygames.envs.PettingZooEnv("checkers")
    api_test(env, num_cycles=200)
    env.reset(seed=0)
    for agent in env.agent_iter(max_iter=2000):
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = int(np.flatnonzero(observation["action_mask"])[0])
        env.step(action)


def trace(env, steps, seed=0):
    """Plays `steps` steps of random legal actions drawn from the mask;
    returns every output, copied."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=5)
    out = [(obs.astype(np.float32), info["action_mask"].copy(), info["to_play"].copy())]
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, reward, terminated, truncated, info = env.step(actions)
        out.append((obs.astype(np.float32), info["action_mask"].copy(), info["to_play"].copy(),
                    reward.copy(), terminated.copy(), truncated.copy()))
    return out, env.positions()


def same(a, b):
    (steps_a, positions_a), (steps_b, positions_b) = a, b
    assert positions_a == positions_b
    for row_a, row_b in zip(steps_a, steps_b):
        for x, y in zip(row_a, row_b):
            assert np.array_equal(x, y)


@pytest.mark.parametrize("game", GAMES)
def test_uint8_observations_and_masks_by_action_hold_the_same_values(game):
    # 19 environments: two blocks of eight written together, three one by one.
    plain = plygames.vector.Env(game, num_envs=19, seed=2, opponent="random")
    dtype = np.float32 if game == "chess" else np.uint8
    packed = plygames.vector.Env(game, num_envs=19, seed=2, opponent="random", obs_dtype=dtype,
                                 mask_order="F", copy=False)
    obs, info = packed.reset()
    assert obs.dtype == dtype and info["action_mask"].flags.f_contiguous
    assert info["action_mask"].shape == (19, packed.num_actions)
    same(trace(plain, 40), trace(packed, 40))
    copied = plygames.vector.Env(game, num_envs=3, mask_order="F")
    assert copied.reset()[1]["action_mask"].flags.f_contiguous


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("autoreset", [True, False])
def test_fresh_arrays_hold_what_the_buffers_do(game, order, autoreset):
    # copy=True writes each call's arrays new (uninitialised memory that the
    # step must fill whole); copy=False writes the env's own buffers. The
    # same seed and actions give the same values, through many steps (the
    # allocator hands back memory the last arrays held, and games end).
    kwargs = dict(num_envs=37, seed=5, mask_order=order, autoreset=autoreset)
    fresh = plygames.vector.Env(game, **kwargs)
    own = plygames.vector.Env(game, copy=False, **kwargs)
    (obs_a, info_a), (obs_b, info_b) = fresh.reset(), own.reset()
    for step in range(120 if game != "chess" else 40):
        assert np.array_equal(obs_a, obs_b)
        assert obs_a.dtype == obs_b.dtype and obs_a.flags.c_contiguous
        for key in ("action_mask", "to_play"):
            assert np.array_equal(info_a[key], info_b[key])
            assert info_a[key].dtype == info_b[key].dtype
        assert info_a["action_mask"].flags.f_contiguous == (order == "F")
        actions = fresh.sample_actions(info_a["action_mask"])
        assert np.array_equal(actions, own.sample_actions(info_b["action_mask"]))
        assert actions is not fresh.sample_actions(info_a["action_mask"])  # a new array each call
        own.sample_actions(info_b["action_mask"])
        out_a, out_b = fresh.step(actions), own.step(actions)
        for x, y in zip(out_a[:4], out_b[:4]):
            assert np.array_equal(x, y) and x.dtype == y.dtype
        (obs_a, *_, info_a), (obs_b, *_, info_b) = out_a, out_b
    # Fresh arrays are the caller's: the next step leaves them as they are.
    kept = obs_a.copy()
    fresh.step(fresh.sample_actions(info_a["action_mask"]))
    assert np.array_equal(obs_a, kept)


@pytest.mark.parametrize("options", [
    {"opponent": None},
    {"opponent": "random"},
    {"opponent": "random", "agent_side": 1, "max_episode_steps": 20},
    {"opponent": None, "autoreset": False},
])
def test_othellos_own_batch_plays_the_generic_batchs_games(options):
    """Othello's bitboard batch against the batch every game shares: the same
    seed and actions give the same outputs."""
    def make(generic):
        env = plygames.vector.Env("othello", num_envs=8, seed=9, **options)
        opponent = options["opponent"]
        env._core = plygames._plygames.VectorCore(
            "othello", 8, 9, "self" if opponent is None else opponent, 0,
            options.get("agent_side"), options.get("max_episode_steps"),
            options.get("autoreset", True), False, generic)
        assert env._core.game_specific != generic
        return env
    own, generic = make(False), make(True)
    if options.get("autoreset", True):
        same(trace(own, 150), trace(generic, 150))
        for env in (own, generic):
            env.reset(seed=3)
        for _ in range(100):
            actions = own.random_actions()
            assert (actions == generic.random_actions()).all()
            own.step(actions)
            generic.step(actions)
        assert own.positions() == generic.positions()
    else:
        # Without autoreset a finished game stays finished: no legal action,
        # random_actions gives -1, and every action is refused.
        for env in (own, generic):
            env.reset(seed=3)
            for _ in range(70):
                actions = env.random_actions()
                done = actions < 0
                actions[done] = 0
                if done.any():
                    with pytest.raises(ValueError, match="not legal"):
                        env.step(actions)
                    break
                env.step(actions)
            assert done.any() and not env.legal_actions()[int(np.flatnonzero(done)[0])]
        assert own.positions() == generic.positions()


def test_obs_dtype_and_mask_order_are_checked():
    with pytest.raises(ValueError, match="obs_dtype"):
        plygames.vector.Env("othello", obs_dtype=np.float64)
    with pytest.raises(ValueError, match="mask_order"):
        plygames.vector.Env("othello", mask_order="A")
    with pytest.raises(ValueError, match="float32"):
        plygames.vector.Env("chess", obs_dtype=np.uint8)
    gymnasium = pytest.importorskip("gymnasium")
    env = plygames.vector.Env("othello", num_envs=2, obs_dtype=np.uint8)
    assert env.single_observation_space.dtype == np.uint8
    assert isinstance(env.single_observation_space, gymnasium.spaces.Box)
    assert env.single_observation_space.contains(env.reset()[0][0])


@pytest.mark.parametrize("order", ["C", "F"])
def test_mask_sampler_draws_legal_actions_uniformly(order):
    env = plygames.vector.Env("othello", num_envs=64, seed=4, mask_order=order, copy=False)
    sample = plygames.vector.MaskSampler(64, env.num_actions, seed=1)
    _, info = env.reset()
    for _ in range(200):
        mask = info["action_mask"]
        actions = sample(mask)
        assert mask[np.arange(64), actions].all()
        _, _, _, _, info = env.step(actions)
    # One row with five legal actions (including the last and the first),
    # one with the pass only, one with none: counts near 1/5 each.
    mask = np.zeros((3, 65), dtype=np.bool_)
    mask[0, [0, 7, 30, 31, 64]] = True
    mask[1, 64] = True
    sample = plygames.vector.MaskSampler(3, 65, seed=2)
    draws = np.array([sample(mask).copy() for _ in range(20000)])
    assert (draws[:, 1] == 64).all() and (draws[:, 2] == 65).all()
    counts = np.bincount(draws[:, 0], minlength=65)[[0, 7, 30, 31, 64]]
    assert counts.sum() == 20000 and (abs(counts - 4000) < 250).all()  # about 4 sigma
    with pytest.raises(ValueError, match="shape"):
        sample(mask[:2])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("order", ["C", "F"])
def test_sample_actions_draws_legal_actions_from_any_mask(game, order):
    env = plygames.vector.Env(game, num_envs=64, seed=4, mask_order=order)
    obs, info = env.reset()
    for _ in range(40):
        mask = info["action_mask"]
        actions = env.sample_actions(mask)
        assert mask[np.arange(64), actions].all()
        # A mask of one's own: only each game's highest legal action, in the other order.
        own = np.zeros_like(mask, order="F" if order == "C" else "C")
        highest = mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)
        own[np.arange(64), highest] = True
        assert (env.sample_actions(own) == highest).all()
        assert (env.sample_actions(np.zeros_like(mask)) == -1).all()
        obs, _, _, _, info = env.step(actions)
    with pytest.raises(ValueError, match="shape"):
        env.sample_actions(np.ones((3, env.num_actions), dtype=bool))


def test_sample_actions_is_uniform_and_replays_random_actions():
    env = plygames.vector.Env("othello", num_envs=1, seed=1)
    _, info = env.reset()
    mask = np.zeros((1, 65), dtype=bool)
    mask[0, [3, 17, 40, 64]] = True
    counts = np.bincount([env.sample_actions(mask)[0] for _ in range(4000)], minlength=65)
    assert set(np.flatnonzero(counts)) == {3, 17, 40, 64}
    assert counts[[3, 17, 40, 64]].min() > 850  # 1000 expected each
    # From the env's own mask, Othello draws what random_actions() draws.
    one, two = (plygames.vector.Env("othello", num_envs=32, seed=9) for _ in range(2))
    (_, info), _ = one.reset(), two.reset()
    for _ in range(80):
        actions = one.sample_actions(info["action_mask"])
        assert (actions == two.random_actions()).all()
        _, _, _, _, info = one.step(actions)
        two.step(actions)
