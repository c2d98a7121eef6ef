"""Ctrl-C (SIGINT) stops long calls: perft, search and the Othello solver
raise KeyboardInterrupt soon after the signal."""

import _thread
import signal
import threading
import time

import pytest

import plygames


@pytest.fixture(autouse=True)
def python_handles_ctrl_c():
    """Python's own SIGINT handler for each test. A process started in the
    background of a non-interactive shell (`cmd &`) inherits SIGINT ignored,
    Python then installs no handler, `_thread.interrupt_main()` does nothing
    and these calls would run to their end (hours for perft(9), as in a run
    of .ci/run started with `&`)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupted_within(call, seconds=5.0):
    """Whether `call` raises KeyboardInterrupt within `seconds` of Ctrl-C
    (simulated at 0.3 s, and again every 2 s while the call runs, in case
    one arrives between the call's checks; the time limit still holds)."""
    done = threading.Event()

    def interrupt_until_done():
        delay = 0.3
        while not done.wait(delay):
            _thread.interrupt_main()
            delay = 2.0

    interrupter = threading.Thread(target=interrupt_until_done, daemon=True)
    interrupted = False
    start = time.monotonic()
    interrupter.start()
    try:
        try:
            call()
        finally:
            done.set()
            interrupter.join()
            try:
                # An interrupt sent as the call ended is raised here, not
                # later in the test run.
                time.sleep(0.05)
            except KeyboardInterrupt:
                pass
    except KeyboardInterrupt:
        interrupted = True
    return interrupted and time.monotonic() - start < seconds


def test_ctrl_c_stops_perft():
    assert interrupted_within(lambda: plygames.chess.Board().perft(9))


def test_ctrl_c_stops_search():
    assert interrupted_within(lambda: plygames.checkers.Board().best_move(depth=60))


def test_ctrl_c_stops_the_solver():
    # 30 empty squares: minutes of solving at least.
    board = plygames.othello.Board(
        "--XX----XX-XX---XXOXXX--X-XOXXXO-OOOOXOO----OOOO-----OOO----O--- X")
    assert interrupted_within(lambda: board.solve(hash_mb=1))


def test_ctrl_c_stops_the_engine_api():
    import plygames.engine as engine

    assert interrupted_within(lambda: engine.Engine().analyse(plygames.chess.Board(), engine.Limit(depth=60)))

    def iterate():
        analysis = engine.Engine().analysis(plygames.chess.Board())
        try:
            for _ in analysis:
                pass
        finally:
            # The search was stopped by the interrupt: it ends soon.
            analysis._thread.join(timeout=2)
            assert not analysis._thread.is_alive()

    assert interrupted_within(iterate)
