#!/usr/bin/env python3
"""ply's Hub engine driven by pydraughts' Hub client, English checkers.

Usage: hub_pydraughts.py PATH_TO_PLY

Needs: pip install pydraughts

pydraughts' HubEngine is used as its documentation shows, with no option set
(`HubEngine([ply, "hub"])`): ply must read pydraughts' positions as they come.
Plays complete games between two `ply hub` processes, ply against a random
mover with ply as each colour, games from set-up positions, and a game on a
clock; every move must be legal for pydraughts, each game must end by the
rules or at the move limit, and pydraughts must not have logged a single
unexpected line (it merges the engine's stderr into its stdout).
"""

import logging
import os
import random
import sys
import traceback

import draughts
from draughts.engine import HubEngine, Limit


class Complaints(logging.Handler):
    """Collects what pydraughts logs at warning level or above."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(record.getMessage())


COMPLAINTS = Complaints()
logging.getLogger("pydraughts").addHandler(COMPLAINTS)


def engine(ply, level=None):
    e = HubEngine([ply, "hub"])
    if level is not None:
        e.configure({"level": str(level)})
    e.init()
    return e


def close(engines):
    for e in engines:
        e.quit()
        e.kill_process()


def play(board, players, limits, max_plies=200):
    """Plays `board` on; a player is a HubEngine or None (a random mover)."""
    rng = random.Random(7)
    plies = 0
    while not board.is_over() and plies < max_plies:
        side = len(board.move_stack) % 2
        player = players[side]
        legal = [m.pdn_move for m in board.legal_moves()]
        if player is None:
            move = rng.choice(board.legal_moves())
        else:
            move = player.play(board, limits[side], ponder=False).move
            assert move.pdn_move in legal, f"illegal {move.pdn_move} not in {legal}"
        board.push(move)
        plies += 1
    return board, plies


def main():
    ply = sys.argv[1]

    # ply against ply, both in pydraughts' default set-up.
    players = [engine(ply, 4), engine(ply, 6)]
    board, plies = play(draughts.Board(variant="english"), players,
                        [Limit(movetime=0.05), Limit(depth=6)])
    print(f"ply-ply: {plies} plies, over={board.is_over()} winner={board.winner()}")
    assert plies > 10
    close(players)

    # ply as each colour against a random mover: ply must win.
    for colour in (0, 1):
        players = [None, None]
        players[colour] = engine(ply)
        board, plies = play(draughts.Board(variant="english"), players,
                            [Limit(depth=6), Limit(depth=6)])
        winner = board.winner()
        print(f"ply as {'black' if colour == 0 else 'white'} vs random: "
              f"{plies} plies, winner={winner}")
        assert board.is_over(), "ply should beat a random mover"
        assert winner == (draughts.BLACK if colour == 0 else draughts.WHITE), winner
        close([p for p in players if p])

    # From set-up positions, each side to move, kings and men.
    for fen in ["W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
                "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
                "B:W21,22,23,25,26,27,29,30,31,32:B1,2,3,5,6,7,9,10,11,12"]:
        players = [engine(ply), engine(ply)]
        board = draughts.Board(variant="english", fen=fen)
        board, plies = play(board, players, [Limit(depth=5), Limit(movetime=0.05)],
                            max_plies=60)
        print(f"from {fen}: {plies} plies, over={board.is_over()}")
        assert plies > 0
        close(players)

    # A game on a clock, as a match runner would play it.
    players = [engine(ply), engine(ply)]
    board, plies = play(draughts.Board(variant="english"), players,
                        [Limit(time=2, inc=0.02), Limit(time=2, inc=0.02)])
    print(f"clock game: {plies} plies, over={board.is_over()} winner={board.winner()}")
    assert plies > 10
    close(players)

    assert not COMPLAINTS.records, f"pydraughts complained: {COMPLAINTS.records[:5]}"
    print("pydraughts Hub checks passed")


if __name__ == "__main__":
    try:
        main()
    except BaseException:
        # A failed check leaves engines running, and the client library's
        # threads would wait for them at exit: report and leave at once.
        traceback.print_exc()
        sys.stdout.flush()
        os._exit(1)
