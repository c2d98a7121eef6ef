"""The package's name: `plygames` installs beside PyPI's `ply` (PLY, Python
Lex-Yacc) and both import. CI installs PLY in the test environment; without
it the side-by-side test is skipped."""

import importlib.metadata
import importlib.util
import os

import pytest

import plygames


def test_plygames_and_ply_import_side_by_side():
    try:
        import ply.lex
        import ply.yacc
    except ImportError:
        pytest.skip("PyPI's ply (PLY, Python Lex-Yacc) is not installed: pip install ply")
    import ply

    assert importlib.metadata.version("ply")
    assert hasattr(ply.lex, "lex") and hasattr(ply.yacc, "yacc")
    # Two packages in two directories, ours working with PLY loaded.
    assert os.path.dirname(ply.__file__) != os.path.dirname(plygames.__file__)
    assert plygames.chess.Board().perft(2) == 400

    lexer = ply.lex.lex(module=_Numbers())
    lexer.input("12 34")
    assert [token.value for token in lexer] == ["12", "34"]


class _Numbers:
    """A PLY lexer for numbers (PLY reads the rules from the object)."""

    tokens = ("NUMBER",)
    t_NUMBER = r"\d+"
    t_ignore = " "

    def t_error(self, t):
        raise ValueError(f"not a number: {t.value!r}")


def test_the_distribution_installs_no_top_level_ply():
    """Everything the `plygames` distribution installs is under `plygames/`
    or its metadata: nothing named `ply` that PLY could collide with."""
    try:
        files = importlib.metadata.files("plygames")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("plygames is not installed as a distribution (run from the source tree?)")
    if files is None:
        pytest.skip("the plygames distribution lists no files")
    tops = {file.parts[0] for file in files}
    assert "ply" not in tops, sorted(tops)
    assert "plygames" in tops, sorted(tops)
    assert importlib.util.find_spec("plygames._plygames") is not None
