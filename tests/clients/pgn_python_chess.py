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


# Chess960 starts (Shredder-FEN castling), played as the standard games are;
# the files must say [Variant "Chess960"] and replay in python-chess's
# Chess960 mode.
CHESS960 = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "nrbbqknr/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKNR w HBhb - 0 1",
    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
    "bbrknnqr/pppppppp/8/8/8/8/PPPPPPPP/BBRKNNQR w HChc - 0 1",
]


def main(ply):
    games = [(seed, None) for seed in range(1, 9)]
    games += [(seed, fen) for seed, fen in enumerate(CHESS960, start=9)]
    with tempfile.TemporaryDirectory() as folder:
        for seed, fen in games:
            path = Path(folder) / f"game{seed}.pgn"
            run = subprocess.run(
                [ply, "play", "chess", "--color", "none", "--level", "1", "--seed", str(seed)]
                + (["--fen", fen] if fen else []),
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
            if fen is not None:
                assert game.headers.get("Variant") == "Chess960", f"seed {seed}: {game.headers}"
                assert game.board().chess960, f"seed {seed}: not read as Chess960"
            board = game.end().board()
            assert board.fen() == final_fen, f"seed {seed}: {board.fen()} != {final_fen}"
            outcome = board.outcome(claim_draw=True)
            assert outcome is not None, f"seed {seed}: python-chess says the game goes on ({over})"
            assert game.headers["Result"] == outcome.result(), (
                f"seed {seed}: Result {game.headers['Result']}, python-chess {outcome.result()} "
                f"({outcome.termination}); ply: {over}"
            )
            castles = sum(1 for node in game.mainline() if node.parent.board().is_castling(node.move))
            print(f"seed {seed}: {len(list(game.mainline_moves()))} plies, {castles} castlings, "
                  f"{'Chess960, ' if fen else ''}{over}")
    print("pgn_python_chess: all games read back")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
