"""Garbage in: mutated and random position texts, moves, squares and records
raise ValueError (or are read), never anything else (a Rust panic would be a
PanicException, not a ValueError)."""

import random
import string

import plygames
import plygames.records as R


def test_garbage_raises_value_errors_only():
    rng = random.Random(5)
    alpha = string.printable + "♔é\x00"
    def junk(n=None):
        n = rng.randrange(0, 40) if n is None else n
        return "".join(rng.choice(alpha) for _ in range(n))
    for module in (plygames.chess, plygames.checkers, plygames.othello):
        start = module.STARTING_FEN
        for i in range(300):
            # mutate the start text
            s = list(start)
            for _ in range(rng.randrange(1, 4)):
                if s and rng.random() < 0.5: s[rng.randrange(len(s))] = rng.choice(alpha)
                else: s.insert(rng.randrange(len(s) + 1), rng.choice(alpha))
            text = "".join(s) if rng.random() < 0.8 else junk()
            try:
                b = module.Board(text)
                str(b); b.legal_moves; b.outcome(); b.svg(); b._repr_html_(); b.fen()
                for m in list(b.legal_moves)[:3]: b.san(m)
            except ValueError: pass
            b = module.Board()
            for f in (b.push_san, b.push_uci, b.parse_san, b.san, b.set_fen, b.piece_at):
                try: f(junk())
                except ValueError: pass
            try: b.piece_at(rng.randrange(-100, 100))
            except ValueError: pass
        game = {"chess": "chess", "checkers": "checkers", "othello": "othello"}[module.__name__.split(".")[-1]]
        base = str(R.Game.from_board(module.Board()))
        for i in range(200):
            s = list(base + " " + junk(10))
            for _ in range(rng.randrange(1, 5)):
                s.insert(rng.randrange(len(s) + 1), rng.choice(alpha + "[]{}();\"%$"))
            try: R.read_game("".join(s), game)
            except ValueError: pass

