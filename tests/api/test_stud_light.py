"""A fresh process's small jobs of the stud engine's games are counted in plain
Python (:mod:`pokercli.equity_calc.stud_light`): the same result as the kernels'."""

import random

import pytest

from pokercli import cards as C
from pokercli.equity_calc import stud as K
from pokercli.equity_calc import stud_light as L
from pokercli.equity_calc.spot import make_spot

GAMES = ["stud", "stud-hilo", "razz", "27-single", "27-triple", "a5-triple", "badugi"]


def _spots(game: str, count: int, seed: int):
    """Random spots of the game: each player's cards so far (stud: five to seven,
    an unseen down card now and then), some dead cards."""
    rng = random.Random(seed)
    stud = game in ("stud", "stud-hilo", "razz")
    for _ in range(count):
        players = rng.randint(2, 3)
        if stud:
            shown = [rng.choice([6, 6, 7]) if players > 2 else rng.choice([6, 7]) for _ in range(players)]
        else:
            full = 4 if game == "badugi" else 5
            shown = [rng.randint(full - 2, full) for _ in range(players)]
        cards = rng.sample(range(52), sum(shown) + 3)
        hands, at = [], 0
        for n in shown:
            mine = [C.card_name(c) for c in cards[at:at + n]]
            at += n
            if stud:
                if rng.random() < 0.3:
                    mine[0] = "x"
                mine[:2] = [f"({mine[0]} {mine[1]})"] + [""]
                if len(mine) == 7:
                    mine[6] = f"({mine[6]})"
            hands.append(" ".join(m for m in mine if m))
        dead = C.format_cards(cards[at:at + rng.randint(0, 3)])
        yield hands, dead


def _same(a, b):
    da, db = a.to_dict(), b.to_dict()
    da.pop("seconds"), db.pop("seconds")
    return da == db and (a.evaluations, a.deals, a.boards, a.note) == (b.evaluations, b.deals, b.boards, b.note)


@pytest.mark.parametrize("game", GAMES)
def test_the_plain_count_is_the_kernels(game):
    taken = 0
    for hands, dead in _spots(game, 30, GAMES.index(game)):
        spot = make_spot(hands, "", dead, game)
        if not L.applies(spot):
            continue
        taken += 1
        assert _same(L.exact(spot), K.exact(spot)), (hands, dead)
    assert taken >= 8


def test_chosen_ties_and_lows():
    """Ties and split pots random spots seldom give."""
    for hands, dead, game in [
            (["(As 2s) 3s 4s 5s 9d", "(Ac 2c) 3c 4c 5c 9h"], "", "stud-hilo"),   # the same low and high
            (["(As 2s) 3s 4s 5s 9d", "(Kd Kc) Kh Qd Qc 9c"], "", "stud-hilo"),   # a low and a high
            (["(Ks Kd) Kh Qs Qd Jc", "(Kc Qc) Qh Js Jd Jh"], "", "stud-hilo"),   # no low possible
            (["(As 2s) 3d 4c 9h 9d", "(Kh Kc) Qh Qd Jc Js"], "", "stud-hilo"),   # a nine is no low
            (["(As 2s) 3s 4s 5s 9d", "(Ac 2c) 3c 4c 5c 9h"], "", "razz"),        # the same low
            (["7s 5d 4h 3c", "7h 5c 4d 3s"], "", "27-single"),
            (["As 2d 3h", "Ac 2h 3d"], "", "badugi"),
            (["As 2d 3h 4c 5s", "Ac 2h 3d 4s 5h"], "", "a5-triple")]:
        spot = make_spot(hands, "", dead, game)
        assert L.applies(spot)
        assert _same(L.exact(spot), K.exact(spot)), (hands, game)


def test_what_the_plain_count_leaves_to_the_kernels():
    fifth = ["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"]  # 671,580 deals
    assert not L.applies(make_spot(fifth, "", "", "razz"))
    assert not L.applies(make_spot(["(A23)", "(Kd 3d) 4s 6h 7h 8c"], "", "", "razz"))  # a range
    sixth = ["(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"]
    assert L.applies(make_spot(sixth, "", "", "razz"))
    assert not L.applies(make_spot(sixth, "", "", "razz", True))  # hand types
    most = L.MOST_VALUES
    try:
        L.MOST_VALUES = 2 * 1560 - 1
        assert not L.applies(make_spot(sixth, "", "", "razz"))
    finally:
        L.MOST_VALUES = most
