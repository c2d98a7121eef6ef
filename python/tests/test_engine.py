"""plygames.engine in chess.engine's shapes: analyse (MultiPV), analysis
(streamed, stopped), play, scores from each side, for the three games; the
search runs without the GIL."""

import threading
import time

import pytest

import plygames
from plygames import checkers, chess, othello
from plygames.engine import Cp, Engine, Limit, Mate, PlayResult, PovScore, SimpleEngine

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


@pytest.mark.parametrize("module", [chess, checkers, othello])
def test_analyse_returns_an_info_dict(module):
    board = module.Board()
    with Engine() as engine:
        info = engine.analyse(board, Limit(depth=4))
    assert info["depth"] == 4 and info["multipv"] == 1
    assert info["pv"][0] in board.legal_moves and info["nodes"] > 0
    assert isinstance(info["score"], PovScore) and isinstance(info["score"].relative, Cp)
    assert info["score"].pov(board.turn) == info["score"].relative
    assert info["score"].white() == -info["score"].black()
    # The same move as best_move.
    assert info["pv"][0] == board.best_move(depth=4).move


def test_multipv_gives_distinct_lines_best_first():
    board = chess.Board()
    with Engine() as engine:
        lines = engine.analyse(board, Limit(depth=3), multipv=3)
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    firsts = [line["pv"][0] for line in lines]
    assert len(set(firsts)) == 3
    scores = [line["score"].relative.score() for line in lines]
    assert scores == sorted(scores, reverse=True)
    assert Engine().analyse(board, Limit(depth=3), multipv=1)[0]["pv"][0] == firsts[0]
    only = Engine().analyse(board, Limit(depth=2), root_moves=["a2a3", "h2h3"])
    assert only["pv"][0] in ("a2a3", "h2h3")
    with pytest.raises(ValueError):
        Engine().analyse(board, Limit(depth=2), multipv=0)


def test_mate_scores_and_play():
    board = chess.Board(MATE_IN_ONE)
    result = Engine().play(board, Limit(depth=3))
    assert isinstance(result, PlayResult) and result.move == "a1a8"
    score = result.info["score"]
    assert score.relative == Mate(1) and score.white() == Mate(1) and score.black() == Mate(-1)
    assert score.is_mate() and score.relative.score(mate_score=10000) == 9999
    board.push(result.move)
    assert Engine().play(board, Limit(depth=3)).move is None
    assert Engine().analyse(board, Limit(depth=3)) == {}
    assert SimpleEngine is Engine


def test_analysis_streams_and_stops():
    board = othello.Board()
    with Engine() as engine:
        with engine.analysis(board, Limit(depth=6)) as analysis:
            depths = [info["depth"] for info in analysis]
        assert depths == sorted(depths) and depths[-1] == 6
        assert analysis.info["depth"] == 6
        # Without a limit it runs until stopped.
        analysis = engine.analysis(chess.Board())
        seen = []
        start = time.monotonic()
        for info in analysis:
            seen.append(info)
            if info["depth"] >= 3:
                analysis.stop()
        assert time.monotonic() - start < 5 and seen[-1]["depth"] >= 3
        best = analysis.wait()
        assert best.move in chess.Board().legal_moves


def test_analysis_multipv_keeps_each_line():
    with Engine().analysis(checkers.Board(), Limit(depth=4), multipv=2) as analysis:
        best = analysis.wait()
    assert [line["multipv"] for line in analysis.multipv] == [1, 2]
    assert best.move == analysis.multipv[0]["pv"][0]


def test_the_search_releases_the_gil():
    board = chess.Board()
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    try:
        Engine().analyse(board, Limit(time=0.5))
    finally:
        done.set()
        thread.join()
    assert len(ticks) > 50


def test_a_stop_event_ends_best_move():
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    start = time.monotonic()
    best = chess.Board().best_move(time=30, stop=stop)
    assert time.monotonic() - start < 3 and best is not None
    timer.cancel()


def test_engine_options():
    engine = Engine()
    engine.configure({"hash_mb": 8, "threads": 2})
    assert engine.options["hash_mb"] == 8
    with pytest.raises(plygames.engine.EngineError):
        engine.configure({"Skill": 3})
    engine.quit()
    with pytest.raises(plygames.engine.EngineError):
        engine.play(chess.Board(), Limit(depth=1))
