"""The pair counts of range analysis: the NumPy path and the Numba kernel give
the same integers, and both equal a plain enumeration with the reference evaluator."""

import random
from itertools import combinations

import numpy as np
import pytest

from pokercli import reference as R
from pokercli import shortdeck as S
from pokercli.equity_calc.matchup import pair_counts, values_on


def _plain(first, second, board, removed, score, deck):
    out = np.zeros((len(first), len(second), 3), np.int64)
    left = [c for c in deck if c not in set(board) | set(removed)]
    for i, a in enumerate(first):
        for j, b in enumerate(second):
            if set(a) & set(b) or (set(a) | set(b)) & set(board):
                continue
            for rest in combinations([c for c in left if c not in a and c not in b], 5 - len(board)):
                full = list(board) + list(rest)
                x, y = score(list(a) + full), score(list(b) + full)
                out[i, j] += (x > y, x == y, 1)
    return out


CASES = [("holdem", 3), ("holdem", 4), ("holdem", 5), ("shortdeck", 4), ("shortdeck-straight", 5)]


@pytest.mark.parametrize("game,size", CASES)
def test_numpy_and_kernel_agree_with_a_plain_enumeration(game, size):
    rng = random.Random(size * 7 + len(game))
    deck = list(range(52)) if game == "holdem" else list(S.DECK)
    score = R.score if game == "holdem" else (lambda cards: S.score(cards, game))
    board = rng.sample(deck, size)
    dead = rng.sample([c for c in deck if c not in board], 1) if size < 5 else []
    rest = [c for c in deck if c not in board and c not in dead]
    # combos that touch the board too: they must count nothing
    first = [tuple(sorted(rng.sample(rest, 2))) for _ in range(5)] + [(board[0], rest[0])]
    second = [tuple(sorted(rng.sample(rest, 2))) for _ in range(4)] + [(rest[1], board[-1])]
    if size == 3:
        first, second = first[:3] + first[-1:], second[:2] + second[-1:]  # keep the plain count quick
    numpy_counts = pair_counts(first, second, board, dead, game, engine="numpy")
    kernel_counts = pair_counts(first, second, board, dead, game, engine="kernel")
    assert (numpy_counts == kernel_counts).all()
    assert (numpy_counts == _plain(first, second, board, dead, score, deck)).all()
    assert numpy_counts[-1].sum() == 0 and numpy_counts[:, -1].sum() == 0


def test_values_on_a_board_order_hands_as_the_reference():
    rng = random.Random(3)
    for _ in range(20):
        cards = rng.sample(range(52), 5 + 6)
        board, hands = cards[:5], [tuple(cards[5 + 2 * i:7 + 2 * i]) for i in range(3)]
        values = values_on(hands, board).tolist()
        scores = [R.score(list(h) + board) for h in hands]
        for i in range(3):
            for j in range(3):
                assert (values[i] > values[j]) == (scores[i] > scores[j])
                assert (values[i] == values[j]) == (scores[i] == scores[j])
    assert values_on([(0, 1)], [0, 20, 30]).tolist() == [-1]
