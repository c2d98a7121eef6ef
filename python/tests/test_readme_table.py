"""Every row of python/README.md's table of python-chess's calls and ours:
the right-hand column runs for the three games, the left-hand one with
python-chess where it is installed (not the engine rows: they need a UCI
engine)."""

import io
import pickle
import re
from pathlib import Path

import pytest

import plygames
import plygames.engine
import plygames.ggf
import plygames.pdn
import plygames.pgn

README = Path(__file__).resolve().parents[1] / "README.md"


def rows(start="<!-- table of python-chess calls", end="<!-- end of the table -->"):
    text = README.read_text(encoding="utf-8")
    table = text.split(start)[1].split(end)[0]
    found = []
    for line in table.splitlines():
        cells = re.findall(r"`([^`]+)`", line)
        if line.startswith("| `") and len(cells) == 2:
            found.append(tuple(cells))
    return found


ROWS = rows()
CHESS_ROWS = rows("<!-- chess-only table of python-chess calls", "<!-- end of the chess-only table -->")

PGN = '[Event "club"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 {a comment} e5 2. Nf3 *\n'
GAMES = {
    "chess": dict(game=plygames.chess, records=plygames.pgn, san="e4", uci="e2e4", sq=12,
                  fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                  text=PGN),
    "checkers": dict(game=plygames.checkers, records=plygames.pdn, san="11-15", uci="11-15", sq=9,
                     fen="W:WK10,21,22:B1,K14,15",
                     text='[Event "club"]\n[GameType "21"]\n\n1. 11-15 {a comment} 23-19 2. 8-11 *\n'),
    "othello": dict(game=plygames.othello, records=plygames.ggf, san="d3", uci="d3", sq="d4",
                    fen="--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
                    text="(;GM[Othello]PB[a]PW[b]RE[?]TY[8]B[f5]W[d6/-1.00]B[c3];)"),
}


def test_the_table_is_there():
    assert len(ROWS) >= 30


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("row", ROWS, ids=[ours for _, ours in ROWS])
def test_our_column(row, game):
    _, ours = row
    names = dict(GAMES[game], plygames=plygames, io=io, pickle=pickle)
    names["board"] = names["game"].Board()
    names["engine"] = plygames.engine.Engine()
    *statements, last = ours.split("; ")
    for statement in statements:
        exec(statement, names)
    value = eval(last, names)
    if "==" in last or last.startswith("uci in "):
        assert value is True, ours


@pytest.mark.parametrize("row", [r for r in ROWS if "engine" not in r[0]], ids=lambda r: r[0])
def test_python_chess_column(row):
    chess = pytest.importorskip("chess")
    import chess.pgn

    theirs, _ = row
    names = dict(chess=chess, io=io, pickle=pickle, san="e4", uci="e2e4", sq=chess.E2, text=PGN,
                 fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    names["board"] = chess.Board()
    *statements, last = theirs.split("; ")
    for statement in statements:
        exec(statement, names)
    eval(last, names)


def test_the_chess_only_table_is_there():
    assert len(CHESS_ROWS) >= 3


@pytest.mark.parametrize("row", CHESS_ROWS, ids=lambda r: r[1])
@pytest.mark.parametrize("fen", [None, GAMES["chess"]["fen"]])
def test_chess_only_rows_give_python_chess_answers(row, fen):
    theirs, ours = row
    names = dict(GAMES["chess"], plygames=plygames)
    names["board"] = plygames.chess.Board(fen) if fen else plygames.chess.Board()
    mine = [eval(ours, dict(names, sq=sq)) for sq in range(64)]
    chess = pytest.importorskip("chess")
    board = chess.Board(fen) if fen else chess.Board()
    assert mine == [eval(theirs, dict(chess=chess, board=board, sq=sq)) for sq in range(64)]
