"""A small Monte Carlo tree search over plygames' batched environment, with
no deep-learning framework: UCT over boards, each new leaf valued by a batch
of random self-play games from it, played to the end in one
``plygames.vector.Env`` (``reset(options={"positions": ...})`` starts them
there). It plays games against random play and prints its score.

    python examples/mcts.py --game othello --games 100 --iterations 64 --rollouts 32
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Dict, List, Optional, Union

import numpy as np

import plygames
from plygames.vector import Env

Board = Union[plygames.ChessBoard, plygames.CheckersBoard, plygames.OthelloBoard]


class Node:
    """A position in the tree: its board, children by move, visits and the
    total score for the player who moved into it."""

    def __init__(self, board: Board, parent: Optional["Node"] = None) -> None:
        self.board = board
        self.parent = parent
        self.children: Dict[str, Node] = {}
        self.untried: List[str] = [] if board.is_game_over() else list(board.legal_moves)
        self.visits = 0
        self.total = 0.0


def rollouts(env: Env, board: Board) -> float:
    """The mean score (1 win, 0.5 draw, 0 loss) of ``env.num_envs`` random
    games from ``board`` for the colour that just moved into it."""
    outcome = board.outcome()
    mover = not board.turn
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner == mover)
    _, info = env.reset(options={"positions": [board.fen()]})
    first_color = board.turn if info["to_play"][0] == 0 else not board.turn
    winners: List[Optional[bool]] = [None] * env.num_envs
    done = np.zeros(env.num_envs, dtype=bool)
    while not done.all():
        to_play = info["to_play"]
        _, reward, terminated, truncated, info = env.step(env.random_actions())
        for index in np.flatnonzero(terminated & ~done):
            side_moved_first = to_play[index] == 0
            color = first_color if side_moved_first else not first_color
            if reward[index] > 0:
                winners[index] = color
            elif reward[index] < 0:
                winners[index] = not color
        # A game cut at --max-plies counts as a draw (it plays on, ignored).
        done |= terminated | truncated
    return float(np.mean([0.5 if w is None else float(w == mover) for w in winners]))


def search(env: Env, board: Board, iterations: int, rng: random.Random) -> str:
    """The most visited move after ``iterations`` UCT iterations."""
    root = Node(board.copy())
    for _ in range(iterations):
        node = root
        while not node.untried and node.children:
            log = math.log(node.visits)
            node = max(node.children.values(),
                       key=lambda c: c.total / c.visits + 1.4 * math.sqrt(log / c.visits))
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            child = node.board.copy()
            child.push(move)
            node.children[move] = Node(child, node)
            node = node.children[move]
        value = rollouts(env, node.board)
        up: Optional[Node] = node
        while up is not None:
            up.visits += 1
            up.total += value
            value = 1.0 - value
            up = up.parent
    return max(root.children, key=lambda move: root.children[move].visits)


def main(argv: Optional[List[str]] = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="othello", choices=["othello", "checkers", "chess"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    # Without autoreset a finished rollout stays finished (random_actions()
    # gives it -1, which step takes) while the others play on.
    env = Env(args.game, num_envs=args.rollouts, seed=args.seed, autoreset=False,
              max_episode_steps=args.max_plies)
    module = {"othello": plygames.othello, "checkers": plygames.checkers, "chess": plygames.chess}[args.game]
    points = 0.0
    for game in range(args.games):
        board: Board = module.Board()
        mcts_color = board.turn if game % 2 == 0 else not board.turn
        while not board.is_game_over() and board.ply() < args.max_plies:
            if board.turn == mcts_color:
                board.push(search(env, board, args.iterations, rng))
            else:
                board.push(rng.choice(board.legal_moves))
        outcome = board.outcome()
        points += 0.5 if outcome is None or outcome.winner is None else float(outcome.winner == mcts_color)
    score: float = points / args.games
    print(f"MCTS ({args.iterations} iterations x {args.rollouts} random games) against random play "
          f"at {args.game}: {points:g} of {args.games} games, {100 * score:.1f} %")
    return score


if __name__ == "__main__":
    main()
