#!/usr/bin/env python3
"""ply's UCI engine driven by python-chess, as chess GUIs and match runners do.

Usage: uci_python_chess.py PATH_TO_PLY

Plays complete games between two `ply uci` processes (one at a fixed low level
and depth, two at 1 s + 0.01 s per side, where neither may lose on time),
checks that every move sent is legal and every game ends by the rules, and
analyses positions with info parsing, MultiPV, searchmoves and ponder.
"""

import os
import sys
import time
import traceback

import chess
import chess.engine


def engine(ply, **options):
    e = chess.engine.SimpleEngine.popen_uci([ply, "uci"], timeout=20)
    if options:
        e.configure(options)
    return e


def play_game(white, black, limit_for, max_plies=400):
    """Plays until the game ends; returns the board. limit_for(board, clocks) gives the Limit."""
    board = chess.Board()
    clocks = {chess.WHITE: 1.0, chess.BLACK: 1.0}
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        player = white if board.turn == chess.WHITE else black
        limit = limit_for(board, clocks)
        started = time.perf_counter()
        result = player.play(board, limit)
        spent = time.perf_counter() - started
        if limit.white_clock is not None:
            clocks[board.turn] -= spent
            assert clocks[board.turn] > 0, f"{'white' if board.turn else 'black'} lost on time at ply {board.ply()}"
            clocks[board.turn] += 0.01
        assert result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}"
        board.push(result.move)
    return board


def fixed_depth(board, clocks):
    return chess.engine.Limit(depth=3)


def blitz(board, clocks):
    return chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                              white_inc=0.01, black_inc=0.01)


def main():
    ply = sys.argv[1]
    # 1. A game at a low level: it must end by the rules (mate, stalemate, draw rules).
    a, b = engine(ply, Level=3, Seed=1), engine(ply, Level=4, Seed=2)
    board = play_game(a, b, fixed_depth, max_plies=600)
    outcome = board.outcome(claim_draw=True)
    print(f"low level game: {board.ply()} plies, {outcome.termination.name if outcome else 'unfinished'} {board.result(claim_draw=True)}")
    assert outcome is not None, "the game did not end within 600 plies"
    a.quit()
    b.quit()

    # 2. Two games at 1 s + 0.01 s: nobody loses on time.
    for game in range(2):
        a, b = engine(ply, Hash=16), engine(ply, Hash=16)
        board = play_game(a, b, blitz, max_plies=300)
        outcome = board.outcome(claim_draw=True)
        print(f"blitz game {game + 1}: {board.ply()} plies, {outcome.termination.name if outcome else 'adjourned at 300 plies'}")
        a.quit()
        b.quit()

    # 3. Analysis with info parsing.
    e = engine(ply)
    kiwipete = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    info = e.analyse(kiwipete, chess.engine.Limit(depth=7))
    assert info["depth"] == 7, info
    assert info["nodes"] > 0 and "score" in info and info["pv"], info
    board = kiwipete.copy()
    for move in info["pv"]:
        assert move in board.legal_moves, f"illegal pv move {move}"
        board.push(move)
    print(f"analysis: depth {info['depth']} score {info['score'].white()} pv {kiwipete.variation_san(info['pv'])}")

    # Mate is reported as mate.
    mate = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
    info = e.analyse(mate, chess.engine.Limit(depth=4))
    assert info["score"].relative == chess.engine.Mate(1), info["score"]

    # MultiPV gives several distinct lines.
    lines = e.analyse(chess.Board(), chess.engine.Limit(depth=6), multipv=3)
    assert len(lines) == 3, lines
    assert len({line["pv"][0] for line in lines}) == 3

    # searchmoves restricts the root.
    only = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
    result = e.play(chess.Board(), chess.engine.Limit(depth=5), root_moves=only)
    assert result.move in only, result.move

    # Ponder: the engine thinks on the expected reply, then answers.
    result = e.play(chess.Board(), chess.engine.Limit(time=0.2), ponder=True)
    assert result.move in chess.Board().legal_moves
    board = chess.Board()
    board.push(result.move)
    if result.ponder is not None:
        board.push(result.ponder)
        again = e.play(board, chess.engine.Limit(time=0.2))
        assert again.move in board.legal_moves
    # Chess960: python-chess sets UCI_Chess960 for a Chess960 board and reads
    # castling as the king taking its rook; ply castles when told to.
    board = chess.Board("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1", chess960=True)
    castles = [m for m in board.legal_moves if board.is_castling(m)]
    assert len(castles) == 2, castles
    result = e.play(board, chess.engine.Limit(depth=3), root_moves=castles)
    assert result.move in castles, result.move
    for _ in range(12):
        if board.is_game_over():
            break
        move = e.play(board, chess.engine.Limit(depth=3)).move
        assert move in board.legal_moves, (board.fen(), move)
        board.push(move)
    # Infinite analysis is stopped by the client.
    with e.analysis(chess.Board()) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 5:
                break
    e.quit()
    print("python-chess UCI checks passed")


if __name__ == "__main__":
    try:
        main()
    except BaseException:
        # A failed check leaves engines running, and the client library's
        # threads would wait for them at exit: report and leave at once.
        traceback.print_exc()
        sys.stdout.flush()
        os._exit(1)
