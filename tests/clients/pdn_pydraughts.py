#!/usr/bin/env python3
"""PDN saved by `ply play checkers` read back by pydraughts, as other checkers programs would.

Usage: pdn_pydraughts.py PATH_TO_PLY

Lets ply play whole games of English checkers against itself at level 1
(`ply play checkers --color none`), saves each with `save FILE`, and checks
with pydraughts that the file reads as an English game, that its moves replay
legally to the final position ply printed, and that a won game is won there
by the side the Result tag names (1-0: Black, the side that moves first, as
CheckerBoard counts).
"""

import subprocess
import sys
import tempfile
from pathlib import Path

from draughts import Board
from draughts.PDN import PDNReader

BLACK, WHITE = 1, 2


def squares(fen):
    """(side to move, {(colour, square, king)}) of a PDN FEN."""
    side, *lists = fen.strip().rstrip(".").split(":")
    pieces = set()
    for part in lists:
        colour, items = part[0], part[1:]
        for item in filter(None, items.split(",")):
            pieces.add((colour, int(item.lstrip("K")), item.startswith("K")))
    return side, pieces


def main(ply):
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(1, 7):
            path = Path(folder) / f"game{seed}.pdn"
            run = subprocess.run(
                [ply, "play", "checkers", "--color", "none", "--level", "1", "--seed", str(seed)],
                input=f"position\nsave {path}\nquit\n",
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            )
            lines = run.stdout.splitlines()
            saved = next(i for i, line in enumerate(lines) if line.startswith("Saved the game to "))
            final = lines[saved - 1]
            over = next(line for line in lines if line.startswith("Game over: "))

            game = PDNReader(filename=str(path)).games[0]
            assert game.variant == "english", f"seed {seed}: variant {game.variant}"
            board = Board(variant="english")
            for text in game.moves:
                legal = {move.pdn_move: move for move in board.legal_moves()}
                # pydraughts names a multi-jump by its ends (11x25), ply by every landing.
                short = f"{text.split('x')[0]}x{text.split('x')[-1]}" if "x" in text else text
                move = legal.get(text) or legal.get(short)
                assert move is not None, f"seed {seed}: {text} is not legal for pydraughts: {sorted(legal)}"
                board.push(move)
            assert squares(board.fen) == squares(final), f"seed {seed}: {board.fen} != {final}"
            result = game.game_ending
            if result in ("1-0", "0-1"):
                winner = BLACK if result == "1-0" else WHITE
                assert board.winner() == winner, f"seed {seed}: {result} but pydraughts: {board.winner()}"
            print(f"seed {seed}: {len(game.moves)} plies, {result}, {over}")
    print("pdn_pydraughts: all games read back")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
