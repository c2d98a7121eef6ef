"""Ctrl-C (SIGINT) stops long calls: perft, search and the Othello solver
raise KeyboardInterrupt soon after the signal."""

import _thread
import threading
import time

import pytest

import ply



def interrupted_within(call, seconds=5.0):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
            time.sleep(seconds * 4)  # the call ended before the signal: fail below
    finally:
        timer.cancel()
    return time.monotonic() - start < seconds


def test_ctrl_c_stops_perft():
    assert interrupted_within(lambda: ply.chess.Board().perft(9))


def test_ctrl_c_stops_search():
    assert interrupted_within(lambda: ply.checkers.Board().best_move(depth=60))


def test_ctrl_c_stops_the_solver():
    # 30 empty squares: minutes of solving at least.
    board = ply.othello.Board(
        "--XX----XX-XX---XXOXXX--X-XOXXXO-OOOOXOO----OOOO-----OOO----O--- X")
    assert interrupted_within(lambda: board.solve(hash_mb=1))
