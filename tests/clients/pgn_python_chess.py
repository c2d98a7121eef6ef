#!/usr/bin/env python3
"""PGN saved by `ply play` read back by python-chess, as other chess programs would.

Usage: pgn_python_chess.py PATH_TO_PLY

Lets ply play whole games against itself at level 1 (`ply play chess --color
none`), saves each with `save FILE`, and checks with python-chess that the
file parses without errors, that its moves replay to the final position ply
printed, that the game is over there by the rules, and that the Result tag
is the result python-chess gives that position.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

import chess
import chess.pgn


def main(ply):
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(1, 9):
            path = Path(folder) / f"game{seed}.pgn"
            run = subprocess.run(
                [ply, "play", "chess", "--color", "none", "--level", "1", "--seed", str(seed)],
                input=f"position\nsave {path}\nquit\n",
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            )
            lines = run.stdout.splitlines()
            saved = next(i for i, line in enumerate(lines) if line.startswith("Saved the game to "))
            final_fen = lines[saved - 1]
            over = next(line for line in lines if line.startswith("Game over: "))

            with open(path) as handle:
                game = chess.pgn.read_game(handle)
            assert game is not None, f"seed {seed}: python-chess found no game"
            assert not game.errors, f"seed {seed}: {game.errors}"
            board = game.end().board()
            assert board.fen() == final_fen, f"seed {seed}: {board.fen()} != {final_fen}"
            outcome = board.outcome(claim_draw=True)
            assert outcome is not None, f"seed {seed}: python-chess says the game goes on ({over})"
            assert game.headers["Result"] == outcome.result(), (
                f"seed {seed}: Result {game.headers['Result']}, python-chess {outcome.result()} "
                f"({outcome.termination}); ply: {over}"
            )
            print(f"seed {seed}: {len(list(game.mainline_moves()))} plies, {over}")
    print("pgn_python_chess: all games read back")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
