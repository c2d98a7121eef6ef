"""Game records: PGN, PDN and GGF read and written with headers, comments
and the main line, round-tripped through python-chess and pydraughts when
they are installed, and bad records refused with a clear ValueError."""

import io

import pytest

import plygames
import plygames.ggf
import plygames.pdn
import plygames.pgn
from plygames.records import Game, RecordError, read_game, read_games

PGN = """[Event "Casual"]
[Site "?"]
[Date "2024.01.02"]
[Round "1"]
[White "Anna"]
[Black "Ben \\"the rook\\""]
[Result "1-0"]

{A quick one} 1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bc4 Nf6?? 4. Ng5 d5
5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 {the fried liver} 1-0
"""


def _checkers_game(plies):
    """A checkers game of `plies` moves, chosen by a fixed rule."""
    board = plygames.checkers.Board()
    for ply in range(plies):
        moves = board.legal_moves
        board.push(moves[(ply * 7) % len(moves)])
    return board


def test_pgn_reads_headers_comments_and_the_main_line():
    game = plygames.pgn.read_game(PGN)
    assert game.headers["White"] == "Anna" and game.headers["Black"] == 'Ben "the rook"'
    assert list(game.headers)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    assert game.mainline_moves()[:3] == ["e2e4", "e7e5", "g1f3"]  # the variation is skipped
    assert len(game.mainline_moves()) == 15
    assert game.comment == "A quick one"
    assert game.comments[0] == "best by test" and game.comments[-1] == "the fried liver"
    assert game.result() == "1-0"
    board = game.board()
    assert board == plygames.chess.Board()
    for move in game.mainline_moves():
        board.push(move)
    assert board == game.end() and board.piece_at("e6").symbol() == "k"


def test_pgn_writes_what_it_reads():
    game = plygames.pgn.read_game(PGN)
    again = plygames.pgn.read_game(str(game))
    assert again.headers == game.headers and again.moves == game.moves
    assert again.comments == game.comments and again.comment == game.comment
    assert "8. Nc3 {the fried liver} 1-0" in str(game)


def test_game_from_board_and_set_up_positions():
    board = plygames.chess.Board("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12")
    board.push_san("Kd7"); board.push_san("e4")
    game = plygames.pgn.Game.from_board(board)
    text = str(game)
    assert '[SetUp "1"]' in text and '[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 12"]' in text
    assert "12... Kd7 13. e4 *" in text
    assert plygames.pgn.read_game(text).end() == board
    mate = plygames.chess.Board()
    for san in ("f3", "e5", "g4", "Qh4#"):
        mate.push_san(san)
    assert plygames.pgn.Game.from_board(mate).headers["Result"] == "0-1"


def test_pgn_games_one_after_another_from_a_file():
    text = PGN + "\n" + str(plygames.pgn.Game.from_board(plygames.chess.Board())) + "\n" + PGN
    games = list(plygames.pgn.read_games(io.StringIO(text)))
    assert [len(g.moves) for g in games] == [15, 0, 15]
    handle = io.StringIO(PGN)
    assert plygames.pgn.read_game(handle) is not None and plygames.pgn.read_game(handle) is None


def test_a_game_without_a_result_marker_ends_where_the_next_game_begins(tmp_path):
    first = '[Event "one"]\n\n1. e4 e5 2. Nf3\n\n'
    second = '[Event "two"]\n\n1. d4 d5 *\n'
    third = '[Event "three"]\n\n1. c4 {no result\n[not a tag]} e5\n'
    text = first + second + third + '[Event "four"]\n\n1. g3 1-0\n'
    games = list(plygames.pgn.read_games(io.StringIO(text)))
    assert [g.headers["Event"] for g in games] == ["one", "two", "three", "four"]
    assert [g.mainline_moves() for g in games] == [
        ["e2e4", "e7e5", "g1f3"], ["d2d4", "d7d5"], ["c2c4", "e7e5"], ["g2g3"]]
    path = tmp_path / "games.pgn"
    path.write_text(text)
    with open(path) as handle:
        assert [len(g.moves) for g in plygames.pgn.read_games(handle)] == [3, 2, 2, 1]
    checkers = '[Event "a"]\n\n1. 11-15 23-19\n[Event "b"]\n\n1. 9-13 *\n'
    assert [len(g.moves) for g in plygames.pdn.read_games(io.StringIO(checkers))] == [2, 1]


@pytest.mark.parametrize("text, match", [
    ("", "no PGN game"),
    ('[Event "x"]\n\n1. e4 e4 *', "move 2"),
    ('[FEN "nonsense"]\n\n1. e4 *', "FEN"),
    ('[Event "x]\n\n1. e4 *', "bad tag"),
    ("1. e4 (1... e5 *", "never closed"),
    ("1. e4 {unclosed *", "never closed"),
])
def test_bad_pgn_is_refused(text, match):
    with pytest.raises(RecordError, match=match) as info:
        plygames.pgn.read_game(text)
    assert isinstance(info.value, ValueError)


def test_pdn_reads_and_writes_checkers():
    board = _checkers_game(12)
    game = plygames.pdn.Game.from_board(board)
    game.headers["Black"] = "Bea"
    game.comments[2] = "the Old Fourteenth?"
    text = str(game)
    assert '[GameType "21"]' in text and "{the Old Fourteenth?}" in text
    again = plygames.pdn.read_game(text)
    assert again.moves == board.moves and again.comments == game.comments
    assert again.headers["Black"] == "Bea" and again.end() == board
    with pytest.raises(RecordError, match="GameType 20"):
        plygames.pdn.read_game('[GameType "20"]\n\n1. 32-28 *')
    with pytest.raises(RecordError, match="move 1"):
        plygames.pdn.read_game("1. 11-17 *")
    with pytest.raises(ValueError):
        plygames.pdn.read_game("1. 9-5 *")


def test_ggf_reads_and_writes_othello():
    board = plygames.othello.Board()
    for move in ("f5", "d6", "c3", "d3", "c4"):
        board.push(move)
    game = plygames.ggf.Game.from_board(board)
    game.headers["PB"] = "ply"
    game.comments[1] = "-1.50/0.25"
    text = str(game)
    assert text.startswith("(;GM[Othello]") and "B[f5]W[d6/-1.50/0.25]" in text
    again = plygames.ggf.read_game(text)
    assert again.moves == board.moves and again.comments == game.comments
    assert again.headers["PB"] == "ply" and again.end() == board


def test_ggf_puts_back_a_left_out_pass_and_counts_the_result():
    # Black to move with one move, then White must pass, then Black moves.
    start = "X" * 60 + "OO-- X"
    board = plygames.othello.Board(start)
    moves = []
    while not board.is_game_over():
        moves.append(board.legal_moves[0])
        board.push(moves[-1])
    game = plygames.ggf.Game.from_board(board)
    assert game.headers["RE"] == "+64.00"
    text = str(game).replace("W[PA]", "")
    again = plygames.ggf.read_game(text)
    assert again.moves == board.moves and again.end().is_game_over()


@pytest.mark.parametrize("text, match", [
    ("no game here", "no GGF game"),
    ("(;GM[Chess]B[e4];)", "not Othello"),
    ("(;GM[Othello]B[d3]", "never closed"),
    ("(;GM[Othello]TY[8]B[a1];)", "move 1"),
    ("(;GM[Othello]TY[8]W[d3];)", "out of turn"),
    ("(;GM[Othello]BO[8 xx *];)", "BO"),
])
def test_bad_ggf_is_refused(text, match):
    with pytest.raises(RecordError, match=match):
        plygames.ggf.read_game(text)


def test_records_name_their_game():
    assert isinstance(plygames.pgn.Game(), Game) and plygames.pgn.Game().game == "chess"
    with pytest.raises(ValueError):
        read_game("1. e4 *", "go")
    assert read_game(PGN).moves == plygames.pgn.read_game(PGN).moves


# -- other programs' readers and writers ----------------------------------------

def test_pgn_round_trips_through_python_chess():
    chess = pytest.importorskip("chess")
    chess_pgn = pytest.importorskip("chess.pgn")
    # (python-chess 1.11 keeps a tag's escapes: no quotes in the names here.)
    ours = plygames.pgn.read_game(PGN.replace('\\"', ""))
    theirs = chess_pgn.read_game(io.StringIO(str(ours)))
    assert [m.uci() for m in theirs.mainline_moves()] == ours.moves
    assert dict(theirs.headers) == dict(ours.headers)
    assert [node.comment for node in theirs.mainline()] == ours.comments
    assert theirs.comment == ours.comment
    # And back: python-chess's export read by us.
    exported = str(theirs)
    back = plygames.pgn.read_game(exported)
    assert back.moves == ours.moves and back.comments == ours.comments
    assert back.headers == ours.headers
    board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12")
    board.push_san("Kd7"); board.push_san("e4")
    theirs = chess_pgn.Game.from_board(board)
    theirs.headers["Event"] = "set up"
    ours = plygames.pgn.read_game(str(theirs))
    assert ours.end().fen() == board.fen() and ours.headers["Event"] == "set up"
    again = chess_pgn.read_game(io.StringIO(str(ours)))
    assert again.end().board().fen() == board.fen()


def test_pdn_round_trips_through_pydraughts():
    pytest.importorskip("draughts")
    from draughts import Board as DraughtsBoard
    from draughts.PDN import PDNReader, PDNWriter
    board = _checkers_game(30)
    assert any("x" in move for move in board.moves)
    ours = plygames.pdn.Game.from_board(board)
    ours.headers["Event"] = "club night"
    theirs = PDNReader(pdn_text=str(ours)).games[0]
    assert theirs.variant == "english" and theirs.moves == board.moves
    assert theirs.tags["Event"] == "club night" and theirs.game_ending == "*"
    # pydraughts' own writer, read by us.
    draughts = DraughtsBoard(variant="english")
    for text in board.moves:
        legal = {m.pdn_move: m for m in draughts.legal_moves()}
        # pydraughts names a multi-jump by its ends (26x10), ply by every landing.
        short = f"{text.split('x')[0]}x{text.split('x')[-1]}" if "x" in text else text
        draughts.push(legal.get(text) or legal[short])
    writer = PDNWriter(filename="", board=draughts, tags={"Event": "theirs"})
    back = plygames.pdn.read_game(writer.pdn_text)
    assert back.moves == board.moves and back.headers["Event"] == "theirs"
    assert back.end() == board
