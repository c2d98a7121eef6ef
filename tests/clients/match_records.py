#!/usr/bin/env python3
"""Records of `ply match` read back by python-chess (PGN) and pydraughts (PDN).

Usage: match_records.py PATH_TO_PLY

Runs short matches of ply against itself (`ply match chess` over UCI, `ply
match checkers` over Hub, four games each at a fixed depth, each opening with
both colours) and checks every game of the record files: python-chess reads
each PGN game, replays its moves legally from its start and agrees with the
Result tag when the game ended on the board (mate, stalemate, a draw rule);
pydraughts reads each PDN game as English checkers, replays its moves and
agrees with a win on the board (1-0: Black, as CheckerBoard counts). The tags
`Termination`, `White`/`Black` and `TimeControl` are present.
"""

import io
import subprocess
import sys
import tempfile
from pathlib import Path

import chess
import chess.pgn
from draughts import Board
from draughts.PDN import PDNReader


def run_match(ply, game, protocol, record):
    subprocess.run(
        [ply, "match", game,
         "-engine", f"cmd={ply}", f"arg={protocol}", "name=alpha",
         "-engine", f"cmd={ply}", f"arg={protocol}", "name=beta",
         "-each", "depth=3", "-rounds", "2", "-games", "2", "-repeat",
         "-pgnout", str(record)],
        check=True, capture_output=True, text=True, timeout=300)


def check_chess(path):
    text = path.read_text()
    stream = io.StringIO(text)
    count = 0
    while (game := chess.pgn.read_game(stream)) is not None:
        count += 1
        assert not game.errors, f"game {count}: {game.errors}"
        headers = game.headers
        for tag in ("White", "Black", "Result", "Termination", "Opening"):
            assert tag in headers, f"game {count}: no {tag} tag"
        board = game.board()
        for move in game.mainline_moves():
            assert board.is_legal(move), f"game {count}: {move} is illegal"
            board.push(move)
        if headers["Termination"] == "normal":
            outcome = board.outcome(claim_draw=True)
            assert outcome is not None, f"game {count}: not over on the board"
            assert outcome.result() == headers["Result"], \
                f"game {count}: {outcome.result()} != {headers['Result']}"
        print(f"chess game {count}: {board.ply()} plies, {headers['Result']}, {headers['Termination']}")
    assert count == 4, f"{count} chess games"


def check_checkers(path):
    games = PDNReader(filename=str(path)).games
    assert len(games) == 4, f"{len(games)} checkers games"
    for number, game in enumerate(games, 1):
        assert game.variant == "english", f"game {number}: variant {game.variant}"
        board = Board(variant="english")
        for text in game.moves:
            legal = {move.pdn_move: move for move in board.legal_moves()}
            short = f"{text.split('x')[0]}x{text.split('x')[-1]}" if "x" in text else text
            move = legal.get(text) or legal.get(short)
            assert move is not None, f"game {number}: {text} is not legal for pydraughts"
            board.push(move)
        result = game.game_ending
        if result in ("1-0", "0-1") and board.is_over():
            winner = 1 if result == "1-0" else 2
            assert board.winner() == winner, f"game {number}: {result} but {board.winner()}"
        print(f"checkers game {number}: {len(game.moves)} plies, {result}")


def main(ply):
    with tempfile.TemporaryDirectory() as folder:
        pgn = Path(folder) / "chess.pgn"
        run_match(ply, "chess", "uci", pgn)
        check_chess(pgn)
        pdn = Path(folder) / "checkers.pdn"
        run_match(ply, "checkers", "hub", pdn)
        check_checkers(pdn)
    print("match_records: all games read back")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
