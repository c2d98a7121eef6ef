"""Chess boards' attacks, attackers and is_attacked_by (python-chess's
names and answers), against python-chess where it is installed."""

import random

import pytest

import plygames
from plygames import chess


def test_attacks_at_the_start():
    board = chess.Board()
    assert board.attacks("b1") == [chess.D2, chess.A3, chess.C3]  # whoever's piece is there
    assert board.attacks(chess.E2) == board.attacks("e2") == [chess.D3, chess.F3]
    assert board.attacks("e4") == []  # an empty square
    assert board.attacks("a1") == [chess.B1, chess.A2]  # a rook, blocked at once
    assert board.attackers(chess.WHITE, "f3") == [chess.G1, chess.E2, chess.G2]
    assert board.attackers(chess.BLACK, "f3") == []
    assert board.is_attacked_by(chess.BLACK, "f6") and not board.is_attacked_by(chess.WHITE, "e4")
    for bad in (64, -1, "z9", "e", 3.5):
        with pytest.raises((ValueError, TypeError)):
            board.attacks(bad)
    with pytest.raises(ValueError):
        board.attackers(chess.WHITE, "i1")


def test_pins_and_sliders():
    # The e-file: a pinned knight still attacks; the rook sees through
    # nothing and stops at the first piece.
    board = chess.Board("4k3/4r3/8/8/8/4N3/8/4K3 w - - 0 1")
    assert chess.D5 in board.attacks("e3") and board.is_attacked_by(chess.WHITE, "d5")
    assert board.attacks("e7") == [chess.E3, chess.E4, chess.E5, chess.E6,
                                    chess.A7, chess.B7, chess.C7, chess.D7, chess.F7, chess.G7,
                                    chess.H7, chess.E8]
    assert board.attackers(chess.BLACK, "e3") == [chess.E7]
    assert board.attackers(chess.BLACK, "e2") == []  # behind the knight


def test_attacks_agree_with_python_chess():
    theirs_module = pytest.importorskip("chess")
    rng = random.Random(7)
    positions = 0
    for _ in range(12):
        board = chess.Board()
        for _ in range(rng.randrange(1, 80)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
        theirs = theirs_module.Board(board.fen())
        positions += 1
        for square in range(64):
            assert board.attacks(square) == list(theirs.attacks(square)), (board.fen(), square)
            for color in (chess.WHITE, chess.BLACK):
                assert board.attackers(color, square) == list(theirs.attackers(color, square))
                assert board.is_attacked_by(color, square) == theirs.is_attacked_by(color, square)
    assert positions == 12


def test_only_chess_boards_have_them():
    for board in (plygames.checkers.Board(), plygames.othello.Board()):
        assert not hasattr(board, "attacks") and not hasattr(board, "attackers")
