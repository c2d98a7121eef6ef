"""The board API in python-chess's shape, for the three games: position
text, notations, legal_moves, pieces, check, outcome and its colours,
copies, equality, pickling, text and HTML, reprs, errors."""

import copy
import pickle
import random

import pytest

import plygames
from plygames import checkers, chess, othello

GAMES = [chess, checkers, othello]
FOOLS_MATE = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"


def test_type_names_exist_in_the_module():
    assert plygames.ChessBoard is chess.Board
    assert plygames.CheckersBoard is checkers.Board
    assert plygames.OthelloBoard is othello.Board
    for cls in (plygames.ChessBoard, plygames.CheckersBoard, plygames.OthelloBoard,
                plygames.Outcome, plygames.Piece, plygames.LegalMoves, plygames.BestMove):
        assert getattr(plygames, cls.__name__) is cls
        assert cls.__module__ == "plygames"


@pytest.mark.parametrize("module", GAMES)
def test_fen_and_set_fen(module):
    board = module.Board()
    assert board.fen() == module.STARTING_FEN == board.position()
    move = board.legal_moves[0]
    board.push(move)
    fen = board.fen()
    other = module.Board()
    other.set_fen(fen)
    assert other.fen() == fen and other.moves == []
    with pytest.raises(plygames.InvalidPositionError):
        other.set_fen("not a position")
    assert other.fen() == fen  # unchanged
    assert issubclass(plygames.InvalidPositionError, ValueError)


def test_chess_san_uci_and_parse():
    board = chess.Board()
    assert board.push_san("e4") == "e2e4"
    assert board.push_uci("e7e5") == "e7e5"
    assert board.san("g1f3") == "Nf3" and board.san("Nf3") == "Nf3"
    assert board.parse_san("Nf3") == "g1f3"
    assert board.parse_uci("g1f3") == "g1f3" and board.uci("Nf3") == "g1f3"
    with pytest.raises(plygames.IllegalMoveError):
        board.push_uci("Nf3")  # SAN is not UCI
    board.push_san("Bc4"); board.push_san("Nc6"); board.push_san("Qh5"); board.push_san("Nf6")
    assert board.san("h5f7") == "Qxf7#"
    assert board.san_moves() == ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]


def test_checkers_and_othello_notation_through_the_same_names():
    board = checkers.Board()
    assert board.push_san("11-15") == "11-15"
    assert board.push_uci("22-18") == "22-18"
    assert board.san("15x22") == "15x22" and board.parse_san("15x22") == "15x22"
    board = othello.Board()
    assert board.push_san("d3") == "d3" and board.san("c3") == "c3"
    assert board.push_uci("c5") == "c5"
    assert board.parse_uci("e6") == "e6"


@pytest.mark.parametrize("module", GAMES)
def test_legal_moves_is_a_property_like_python_chess(module):
    board = module.Board()
    moves = board.legal_moves
    assert isinstance(moves, plygames.LegalMoves)
    as_list = list(moves)
    assert len(moves) == moves.count() == len(as_list) > 0
    assert as_list[0] in moves and "zz9" not in moves
    assert moves[0] == as_list[0] and moves[-1] == as_list[-1]
    assert bool(moves)
    assert random.Random(1).choice(moves) in as_list
    # Old callers: calling it gives the list, as the method did.
    assert board.legal_moves() == as_list and isinstance(board.legal_moves(), list)
    assert repr(moves).startswith("<LegalMoves (")
    # A list (list speed), a new one each time; calling it gives a plain list.
    assert isinstance(moves, list) and moves == as_list and moves is not board.legal_moves
    assert type(board.legal_moves()) is list and moves.count(as_list[0]) == 1
    assert pickle.loads(pickle.dumps(moves)) == moves
    board.push(moves[0])
    assert moves == as_list  # made before the move: it stays as it was
    # board.legal_moves() calls the class's descriptor with the board (no
    # LegalMoves made on the way); the same through the class, or through
    # the property's list.
    descriptor = type(board).legal_moves
    assert type(descriptor(board)) is list and descriptor(board) == list(board.legal_moves)
    assert board.legal_moves() == board.legal_moves.__call__() == descriptor(board)
    with pytest.raises(AttributeError):
        board.legal_moves = []
    with pytest.raises(TypeError):
        descriptor(board, 1)
    with pytest.raises(TypeError):
        descriptor("not a board")


def test_piece_at_in_each_game():
    board = chess.Board()
    assert board.piece_at(chess.E2) == board.piece_at("e2")
    pawn = board.piece_at(chess.E2)
    assert pawn.color == chess.WHITE and pawn.piece_type == chess.PAWN and pawn.symbol() == "P"
    king = board.piece_at(chess.E8)
    assert king.color == chess.BLACK and king.piece_type == chess.KING and king.symbol() == "k"
    assert king.unicode_symbol() == "♚" and repr(king) == "Piece(color=False, kind='king')"
    assert board.piece_at(chess.E4) is None
    c = checkers.Board("W:WK10,21:B1,K14")
    assert c.piece_at(1).symbol() == "b" and c.piece_at(1).color == checkers.BLACK
    assert c.piece_at("14").piece_type == checkers.KING and c.piece_at(14).color == checkers.BLACK
    assert c.piece_at(10).symbol() == "W" and c.piece_at(21).piece_type == checkers.MAN
    assert c.piece_at(2) is None
    o = othello.Board()
    assert o.piece_at("d4").color == othello.WHITE and o.piece_at("e4").color == othello.BLACK
    assert o.piece_at(27).piece_type == othello.DISC and o.piece_at("a1") is None
    for bad in (64, -1, "z9"):
        with pytest.raises(ValueError):
            board.piece_at(bad)
    with pytest.raises(ValueError):
        c.piece_at(0)


def test_is_check_and_game_over():
    board = chess.Board(FOOLS_MATE)
    assert board.is_check() and board.is_game_over()
    assert not chess.Board().is_check()
    assert not checkers.Board().is_check() and not othello.Board().is_check()


def test_one_winner_convention_for_the_three_games():
    # White wins chess, Black (who moves first) wins checkers and Othello.
    chess_win = chess.Board(FOOLS_MATE).outcome()
    assert chess_win.winner is chess.BLACK and chess_win.result() == "0-1"
    black_wins = checkers.Board("W:W:B1").outcome()  # White to move, no pieces
    assert black_wins.winner is checkers.BLACK is False and black_wins.result() == "1-0"
    white_wins = checkers.Board("B:W5:B").outcome()
    assert white_wins.winner is checkers.WHITE is True and white_wins.result() == "0-1"
    full = othello.Board("X" * 40 + "O" * 24 + " X").outcome()
    assert full.winner is othello.BLACK and full.result() == "1-0"
    assert othello.Board().outcome() is None
    assert chess.Board().turn is chess.WHITE and checkers.Board().turn is checkers.BLACK
    assert othello.Board().turn is othello.BLACK
    assert plygames.WHITE is True and plygames.BLACK is False


@pytest.mark.parametrize("module", GAMES)
def test_copy_eq_hash_and_pickle(module):
    board = module.Board()
    for move in list(board.legal_moves)[:1]:
        board.push(move)
    for other in (board.copy(), copy.copy(board), copy.deepcopy(board),
                  pickle.loads(pickle.dumps(board))):
        assert other == board and hash(other) == hash(board)
        assert other.moves == board.moves and other is not board
    unpickled = pickle.loads(pickle.dumps(board))
    unpickled.pop()
    assert unpickled == module.Board() and unpickled != board
    assert len({board, board.copy(), module.Board()}) == 2
    assert board != "a string"


def test_pickle_keeps_a_set_up_start():
    board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    board.push_san("e4")
    again = pickle.loads(pickle.dumps(board))
    assert again.fen() == board.fen() and again.moves == ["e2e4"]
    again.pop()
    assert again.fen() == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"


def test_str_is_a_text_diagram():
    assert str(chess.Board()) == "\n".join([
        "r n b q k b n r",
        "p p p p p p p p",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        "P P P P P P P P",
        "R N B Q K B N R",
    ])
    lines = str(checkers.Board()).split("\n")
    assert len(lines) == 8 and lines[0] == "  b   b   b   b" and lines[7] == "w   w   w   w"
    lines = str(othello.Board()).split("\n")
    assert lines[3] == ". . . O X . . ." and lines[4] == ". . . X O . . ."
    assert "♔" in chess.Board().unicode()


@pytest.mark.parametrize("module", GAMES)
def test_html_and_repr(module):
    board = module.Board()
    html = board._repr_html_()
    assert html.startswith('<div class="plygames-board"><svg') and board.fen().split()[0][:5] in html
    assert repr(board) == f"plygames.{module.__name__.split('.')[-1]}.Board({board.fen()!r})"


def test_reprs_have_no_rust_in_them():
    outcome = chess.Board(FOOLS_MATE).outcome()
    assert repr(outcome) == "Outcome(winner=False, reason='checkmate')"
    best = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").best_move(depth=3)
    assert best.mate == 1 and "Some" not in repr(best) and "mate=1" in repr(best)
    assert "pv=['a1a8']" in repr(best)
    quiet = chess.Board().best_move(depth=2)
    assert "mate=None" in repr(quiet)
    solution = othello.Board("X" * 63 + "- O").solve()
    assert "Some" not in repr(solution)


def test_illegal_move_error_lists_the_legal_moves_once():
    board = chess.Board()
    with pytest.raises(plygames.IllegalMoveError) as info:
        board.push_san("Ke2")
    message = str(info.value)
    assert message.count("legal moves") == 1 and "Nf3" in message
    assert isinstance(info.value, ValueError)
    for module, bad in ((checkers, "11-17"), (othello, "a1"), (checkers, "nonsense"), (othello, "z")):
        b = module.Board()
        with pytest.raises(plygames.IllegalMoveError) as info:
            b.push_san(bad)
        assert str(info.value).count("legal moves") == 1
        assert b == module.Board()  # unchanged
    with pytest.raises(TypeError):
        chess.Board().push(42)


@pytest.mark.parametrize("module", GAMES)
def test_observation_and_action_codecs(module):
    board = module.Board()
    env = plygames.vector.Env(module.__name__.split(".")[-1], num_envs=1, seed=0)
    obs, info = env.reset()
    assert (board.observation() == obs[0]).all()
    actions = {board.move_to_action(move) for move in board.legal_moves}
    assert actions == set(info["action_mask"][0].nonzero()[0].tolist())
    for move in board.legal_moves:
        assert board.action_to_move(board.move_to_action(move)) == move
    with pytest.raises(ValueError):
        board.action_to_move(env.num_actions + 5)


def test_checkers_action_shared_by_two_jumps_is_refused():
    # Black's man on 10 jumps 15 to 19, then 23 or 24: two moves after the
    # same first jump, so the action names no single move.
    board = checkers.Board("B:W15,23,24:B10")
    moves = list(board.legal_moves)
    assert len(moves) == 2
    action = board.move_to_action(moves[0])
    assert board.move_to_action(moves[1]) == action
    with pytest.raises(ValueError, match="several"):
        board.action_to_move(action)


def test_result_peek_checkmate_stalemate_repetition():
    mate = chess.Board(FOOLS_MATE)
    assert mate.is_checkmate() and not mate.is_stalemate() and mate.result() == "0-1"
    stale = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stale.is_stalemate() and not stale.is_checkmate() and stale.result() == "1/2-1/2"
    board = chess.Board()
    assert board.result() == "*"
    with pytest.raises(IndexError):
        board.peek()
    for move in ("g1f3", "g8f6", "f3g1", "f6g8") * 2:
        board.push(move)
    assert board.peek() == "f6g8" and board.is_repetition() and board.is_repetition(2)
    assert not board.is_repetition(4) and board.result() == "1/2-1/2"
    assert checkers.Board("W:W:B1").result() == "1-0" and not checkers.Board().is_checkmate()
