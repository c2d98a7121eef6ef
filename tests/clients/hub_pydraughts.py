#!/usr/bin/env python3
"""ply's Hub engine driven by pydraughts' Hub client, English checkers.

Usage: hub_pydraughts.py PATH_TO_PLY

Plays complete games between two `ply hub` processes through
draughts.engine.HubEngine (pydraughts sends positions in its own frame, so the
engines are told `frame=pydraughts`), checking that every move is legal for
pydraughts and that each game ends by the rules or by the move limit.
"""

import sys

import draughts
from draughts.engine import HubEngine, Limit


def engine(ply, level):
    e = HubEngine([ply, "hub"])
    e.configure({"frame": "pydraughts", "level": str(level), "hash": "16"})
    e.init()
    return e


def play(ply, limits, max_plies=200):
    board = draughts.Board(variant="english")
    players = [engine(ply, 4), engine(ply, 6)]
    plies = 0
    while not board.is_over() and plies < max_plies:
        player = players[plies % 2]
        result = player.play(board, limits[plies % 2], ponder=False)
        legal = [m.pdn_move for m in board.legal_moves()]
        assert result.move.pdn_move in legal, f"illegal {result.move.pdn_move} not in {legal}"
        board.push(result.move)
        plies += 1
    for p in players:
        p.quit()
        p.kill_process()
    return board, plies


def main():
    ply = sys.argv[1]
    board, plies = play(ply, [Limit(movetime=0.05), Limit(depth=6)])
    print(f"game 1: {plies} plies, over={board.is_over()} winner={board.winner()}")
    board, plies = play(ply, [Limit(time=2, inc=0.02), Limit(time=2, inc=0.02)])
    print(f"game 2: {plies} plies, over={board.is_over()} winner={board.winner()}")
    assert plies > 10
    print("pydraughts Hub checks passed")


if __name__ == "__main__":
    main()
