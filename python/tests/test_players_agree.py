"""The Python package thinks with the same players as the `ply` program: the
same position and depth give the same move as `ply best` (the program named by
the PLY_BIN environment variable; CI sets it, elsewhere the test is skipped)."""

import json
import os
import subprocess

import pytest

import plygames

PLY = os.environ.get("PLY_BIN")

CASES = [
    (
        "chess",
        plygames.chess.Board,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        9,
    ),
    (
        "checkers",
        plygames.checkers.Board,
        "W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13",
        12,
    ),
    (
        "othello",
        plygames.othello.Board,
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
        10,
    ),
]


@pytest.mark.skipif(not PLY, reason="PLY_BIN names no ply program")
@pytest.mark.parametrize("game, board, position, depth", CASES)
def test_best_move_is_ply_bests(game, board, position, depth):
    env = dict(os.environ, PLY_EGDB_DIR="/nonexistent/ply-players-agree")
    out = subprocess.run(
        # The player's search, not the opening book.
        [PLY, "best", game, "--fen", position, "--depth", str(depth), "--hash", "16",
         "--no-book", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    expected = json.loads(out.stdout)
    found = board(position).best_move(depth=depth, hash_mb=16)
    assert found is not None
    assert found.move == expected["move"]
    assert found.score == expected["score"]
