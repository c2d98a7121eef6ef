"""The board classes against the numbers of `ply perft`, `ply best` and
`ply solve`, and their answers to bad input."""

import copy
import threading

import pytest

import plygames

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
OTHELLO_14 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


@pytest.mark.parametrize(
    "module, fen, depth, nodes",
    [
        (plygames.chess, None, 4, 197281),
        (plygames.chess, KIWIPETE, 3, 97862),
        (plygames.checkers, None, 6, 36768),
        (plygames.checkers, "W:WK10:B14,15,22,23", 1, 2),
        (plygames.othello, None, 4, 244),
        (plygames.othello, None, 8, 390216),
    ],
)
def test_perft_matches_ply_perft(module, fen, depth, nodes):
    board = module.Board(fen) if fen else module.Board()
    assert board.perft(depth) == nodes
    assert board.perft(depth, threads=2) == nodes
    assert sum(board.perft_divide(depth).values()) == nodes
    assert plygames.perft(module.__name__.split(".")[-1], depth, fen) == nodes


def test_perft_depth_zero_and_limits():
    assert plygames.chess.Board().perft(0) == 1
    with pytest.raises(ValueError, match="too deep"):
        plygames.othello.Board().perft(65)
    with pytest.raises(ValueError, match="threads"):
        plygames.othello.Board().perft(2, threads=0)


def test_larger_perft_counts():
    assert plygames.perft("checkers", 10, threads=2) == 18391564
    assert plygames.perft("chess", 5, threads=2) == 4865609


def test_push_pop_and_notation():
    board = plygames.chess.Board()
    assert board.side_to_move == 0
    assert len(board.legal_moves()) == 20
    board.push("e2e4")
    board.push("e5")  # SAN is read too
    assert board.moves == ["e2e4", "e7e5"]
    assert board.position() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert board.pop() == "e7e5"
    assert board.side_to_move == 1
    assert board.pop() == "e2e4"
    with pytest.raises(IndexError):
        board.pop()
    assert board.position() == plygames.chess.Board().position()


def test_promotion_names_are_not_mixed_up():
    # A rook move e2e1 and the promotions e2e1q/n of another position, each
    # named as it is, whatever was named before.
    rook = plygames.chess.Board("3k4/8/8/8/8/8/4R3/K7 w - - 0 1")
    assert "e2e1" in rook.legal_moves()
    pawn = plygames.chess.Board("4k3/8/8/8/8/8/4p3/K7 b - - 0 1")
    assert {"e2e1q", "e2e1n", "e2e1r", "e2e1b"} <= set(pawn.legal_moves())
    assert "e2e1" not in pawn.legal_moves()
    white = plygames.chess.Board("k7/4P3/8/8/8/8/8/K7 w - - 0 1")
    assert {"e7e8q", "e7e8n"} <= set(white.legal_moves())
    assert "e2e1n" in pawn.legal_moves() and "e7e8n" in white.legal_moves()


def test_checkers_and_othello_moves():
    board = plygames.checkers.Board()
    board.push("11-15")
    assert board.side_to_move == 1
    assert "23-18" in board.legal_moves()
    othello = plygames.othello.Board()
    assert sorted(othello.legal_moves()) == ["c4", "d3", "e6", "f5"]
    othello.push("d3")
    assert othello.position() == (
        "-------------------X-------XX------XO--------------------------- O")


def test_bad_positions_and_moves_raise_value_error():
    for module, bad in [(plygames.chess, "not a fen"), (plygames.checkers, "Q:W1:B2"),
                        (plygames.othello, "XO"), (plygames.chess, "")]:
        with pytest.raises(ValueError, match="invalid .* position"):
            module.Board(bad)
    board = plygames.chess.Board()
    with pytest.raises(ValueError, match="illegal chess move .*legal moves"):
        board.push("e2e5")
    with pytest.raises(ValueError):
        board.push("\x00garbage")
    assert board.moves == []
    assert not board.is_legal("e1e2")
    with pytest.raises(ValueError):
        plygames.othello.Board().push("a1")
    with pytest.raises(ValueError):
        plygames.checkers.Board().push("11-18")
    with pytest.raises(TypeError):
        board.push(42)



def test_checkmate_outcome():
    board = plygames.chess.Board(SCHOLAR)
    board.push("h5f7")
    outcome = board.outcome()
    assert outcome.winner is True and outcome.reason == "checkmate"  # WHITE
    assert outcome.result() == "1-0" and outcome.termination == "checkmate"
    assert board.legal_moves() == []
    assert board.best_move(depth=2) is None


def test_threefold_repetition():
    board = plygames.chess.Board()
    for _ in range(2):
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8"]:
            assert board.outcome() is None
            board.push(mv)
    assert board.repetitions() == 3
    outcome = board.outcome()
    assert outcome.winner is None and outcome.reason == "threefold repetition"


def test_othello_game_end():
    board = plygames.othello.Board(OTHELLO_14)
    while not board.is_game_over():
        board.push(board.legal_moves()[0])
    assert board.outcome().reason == "neither side can move"


def test_best_move_matches_ply_best():
    infos = []
    best = plygames.chess.Board(SCHOLAR).best_move(depth=4, info=infos.append)
    assert best.move == "h5f7" and best.mate == 1 and best.pv[0] == "h5f7"
    assert [i["depth"] for i in infos] == sorted(i["depth"] for i in infos)
    assert infos and all(set(i) >= {"depth", "score", "nodes", "pv"} for i in infos)
    for module in (plygames.checkers, plygames.othello):
        best = module.Board().best_move(depth=3)
        assert best.move in module.Board().legal_moves()
    timed = plygames.othello.Board().best_move(time=0.05)
    assert timed.move in ["c4", "d3", "e6", "f5"]


def test_best_move_bad_limits():
    board = plygames.chess.Board()
    with pytest.raises(ValueError, match="level"):
        board.best_move(depth=1, level=11)
    with pytest.raises(ValueError, match="time"):
        board.best_move(time=-1)
    with pytest.raises(ValueError, match="depth"):
        board.best_move(depth=0)


def test_info_callback_errors_propagate():
    def fail(info):
        raise RuntimeError("stop here")
    with pytest.raises(RuntimeError, match="stop here"):
        plygames.chess.Board().best_move(depth=6, info=fail)


def test_othello_solver_matches_ply_solve():
    solution = plygames.othello.Board(OTHELLO_14).solve()
    assert solution.score == 18 and solution.move == "g8" and solution.empties == 14
    assert solution.pv[:3] == ["g8", "h7", "a8"]


def test_othello_best_move_solves_within_reach():
    # 14 empties are within the solver's reach of a depth-10 search (as in
    # `ply best othello`): the answer is the solver's, not an evaluation.
    board = plygames.othello.Board(OTHELLO_14)
    best = board.best_move(depth=10)
    assert best.move == "g8" and best.score == 100 * board.solve().score
    assert best.depth == 14 and best.pv[:3] == ["g8", "h7", "a8"]


def test_copy_is_independent():
    board = plygames.checkers.Board()
    twin = copy.deepcopy(board)
    board.push("11-15")
    assert twin.moves == [] and board.copy().moves == ["11-15"]


def test_gil_released_during_perft():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.005)

    thread = threading.Thread(target=tick)
    thread.start()
    plygames.chess.Board().perft(6)
    stop.set()
    thread.join()
    assert len(ticks) > 3


@pytest.mark.parametrize("module", [plygames.chess, plygames.checkers, plygames.othello])
def test_random_games_through_the_board_api(module):
    import random
    rng = random.Random(5)
    for _ in range(20):
        board = module.Board()
        while not board.is_game_over() and len(board.moves) < 2000:
            moves = board.legal_moves()
            assert moves, board.position()
            board.push(rng.choice(moves))
        assert board.outcome() is not None
        assert board.legal_moves() == [] or board.outcome().reason in (
            "threefold repetition", "fifty-move rule", "forty-move rule",
            "insufficient material")
        # Undo the whole game and replay it from the names.
        moves = board.moves
        while board.moves:
            board.pop()
        for mv in moves:
            board.push(mv)
        assert board.outcome() is not None


def ply_binary():
    """The `ply` binary CI builds before these tests (target/release/ply)."""
    import os
    path = os.environ.get(
        "PLY_BIN",
        os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "ply"))
    if not os.path.exists(path):
        pytest.skip(f"no ply binary at {path} (build it: cargo build --release)")
    return path


def test_checkers_endgame_database_probe(tmp_path):
    import json
    import subprocess
    ply_bin = ply_binary()
    subprocess.run([ply_bin, "egdb", "build", "checkers", "--pieces", "3", "--dir", str(tmp_path)],
                   check=True, capture_output=True)
    for fen in ["W:WK1,K3:BK32", "B:WK1,K3:BK32", "W:W18:B14", "B:W18:B14", "W:WK10:B14,15"]:
        expected = json.loads(subprocess.run(
            [ply_bin, "egdb", "probe", "checkers", "--fen", fen, "--dir", str(tmp_path), "--json"],
            check=True, capture_output=True, text=True).stdout)["value"]
        assert plygames.checkers.Board(fen).egdb_probe(str(tmp_path)) == expected, fen
    assert plygames.checkers.Board("W:WK1,K3:BK32").egdb_probe(str(tmp_path)) == "win"
    assert plygames.checkers.Board("B:WK1,K3:BK32").egdb_probe(str(tmp_path)) == "loss"
    with pytest.raises(ValueError, match="ply egdb build checkers --pieces 4"):
        plygames.checkers.Board("W:WK1,K3:BK32,K30").egdb_probe(str(tmp_path))
    with pytest.raises(ValueError):
        plygames.checkers.Board().egdb_probe(str(tmp_path / "none"))


@pytest.mark.parametrize("game", ["othello", "chess", "checkers"])
def test_names_from_legal_moves_are_pushed_as_read(game):
    """push finds a name legal_moves() handed out by identity; the same
    object where its move is not legal is still refused."""
    board = getattr(plygames, game).Board()
    first = board.legal_moves()[0]
    board.push(first)
    assert board.moves == [first]
    with pytest.raises(ValueError):
        board.push(first)  # its square or piece has moved on
    board.push(board.legal_moves()[-1])
    assert len(board.moves) == 2


@pytest.mark.parametrize(
    "board, squares, last",
    [
        (plygames.chess.Board, 64, "e4"),
        (plygames.checkers.Board, 32, "15"),
        (plygames.othello.Board, 64, "f5"),
    ],
)
def test_svg_draws_every_square_and_the_last_move(board, squares, last):
    import xml.etree.ElementTree as ElementTree

    b = board()
    b.push({"e4": "e4", "15": "11-15", "f5": "f5"}[last])
    root = ElementTree.fromstring(b._repr_svg_())
    assert root.tag.endswith("svg")
    named = {e.get("data-square") for e in root.iter() if e.get("data-square")}
    assert len(named) == squares
    assert last in named
    assert b.svg(flipped=True, theme="dark") != b.svg()
    with pytest.raises(ValueError, match="theme"):
        b.svg(theme="purple")
