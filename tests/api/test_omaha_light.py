"""A fresh process's small Omaha jobs are counted in plain Python
(:mod:`pokercli.equity_calc.omaha_light`): the same result as the kernels'."""

import random

import pytest

from pokercli import cards as C
from pokercli.equity_calc import omaha as K
from pokercli.equity_calc import omaha_light as L
from pokercli.equity_calc.spot import make_spot


def _spots(game: str, count: int, seed: int):
    rng = random.Random(seed)
    hole = {"omaha5": 5, "omaha5-hilo": 5, "omaha6": 6}.get(game, 4)
    for _ in range(count):
        players = rng.randint(2, 4 if hole == 4 else 3)
        cards = rng.sample(range(52), hole * players + 5 + 2)
        hands = [C.format_cards(cards[hole * p:hole * (p + 1)]) for p in range(players)]
        board = cards[hole * players:hole * players + rng.choice([3, 4, 5])]
        dead = cards[hole * players + 5:hole * players + 5 + rng.randint(0, 2)]
        yield hands, C.format_cards(board), C.format_cards(dead)


def _same(a, b):
    da, db = a.to_dict(), b.to_dict()
    da.pop("seconds"), db.pop("seconds")
    return da == db and (a.evaluations, a.deals, a.note) == (b.evaluations, b.deals, b.note)


@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo"])
def test_the_plain_count_is_the_kernels(game):
    taken = 0
    for hands, board, dead in _spots(game, 12, hash(game) % 1000):
        spot = make_spot(hands, board, dead, game)
        if not L.applies(spot):
            continue
        taken += 1
        assert _same(L.exact(spot), K.exact(spot)), (hands, board, dead)
    assert taken >= 8


def test_ties_quartered_pots_and_no_low():
    """Spots chosen for what random ones seldom give: a quartered pot (two equal
    lows), a split high, a board with no low, a wheel."""
    for hands, board in [(["As2h9c9d", "Ad2c9h9s"], "3d 4c Kh"),   # the same hands: every pot split
                         (["As2hKcKd", "Ac2dQhQs"], "3d 4c 8h"),   # lows tied, highs not
                         (["AsKhQcJd", "2c3d4h5s"], "Kd Qh Ts"),   # no low can come: two cards to come, three low ones needed
                         (["Ah2h3c4c", "KsKdQsQd"], "5h 6h 9s 9d")]:
        spot = make_spot(hands, board, "", "omaha-hilo")
        assert L.applies(spot)
        assert _same(L.exact(spot), K.exact(spot)), hands


def test_what_the_plain_count_leaves_to_the_kernels():
    assert not L.applies(make_spot(["AsAhKsKh", "QQxx"], "2c 3d 4h", "", "omaha"))      # a range
    assert not L.applies(make_spot(["AsAhKsKh", "random"], "2c 3d 4h", "", "omaha"))    # random
    assert not L.applies(make_spot(["AsAhKsKh", "QdQcJdJc"], "", "", "omaha"))          # preflop
    assert not L.applies(make_spot(["AsAhKsKh", "QdQcJdJc"], "2c 3d 4h", "", "omaha", True))  # types
    six = ["As Ah Ks Kh Qs Qh", "Jd Jc Td Tc 9d 9c", "8s 8h 7s 7h 6s 6h"]
    spot = make_spot(six, "2c 3d 4c", "", "omaha6")  # 465 runouts x 3 hands x 15 pairs x 10 triples
    assert L.applies(spot)
    most = L.MOST_VALUES
    try:
        L.MOST_VALUES = 465 * 3 * 15 * 10 - 1
        assert not L.applies(spot)
    finally:
        L.MOST_VALUES = most
