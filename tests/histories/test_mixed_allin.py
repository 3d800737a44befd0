"""All-in equity in the mixed games' histories: stud, stud hi-lo and razz
(each player's cards so far, the rest to come) and the draw games (the cards
kept at the draw after the all-in, the known discards out of the deck). Each
pot's equity is the engine's on the same spot, to the count, and the EV is the
mean over every completion by tests/naive.py."""

from __future__ import annotations

import random
import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli.histories import read_histories
from pokercli.stud import write

STUD = """variant = "{variant}"
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [12, 100, 100]
actions = ["d dh p1 AsKd7h", "d dh p2 2c3c9s", "d dh p3 QhJh5d", "p3 pb", "p1 cbr 2", "p2 cc", "p3 f",
  "d dh p1 7c", "d dh p2 Tc", "p1 cbr 2", "p2 cc",
  "d dh p1 Kh", "d dh p2 4c", "p1 cbr 4", "p2 cc",
  "d dh p1 2d", "d dh p2 8d", "p1 cbr 3", "p2 cc",
  "d dh p1 9h", "d dh p2 Jc", "p1 sm AsKd7h7cKh2d9h", "p2 sm 2c3c9sTc4c8dJc"]
"""

#: The same money in razz, which plays in its own order: the highest up card
#: (p3's king) brings in, and from fourth street the best low showing acts first.
RAZZ = STUD.format(variant="FR").replace("QhJh5d", "QhJhKs").replace(
    '"p1 cbr 2", "p2 cc",\n  "d dh p1 Kh"', '"p2 cc", "p1 cbr 2", "p2 cc",\n  "d dh p1 Kh"').replace(
    '"p1 cbr 4", "p2 cc"', '"p2 cc", "p1 cbr 4", "p2 cc"').replace(
    '"p1 cbr 3", "p2 cc"', '"p2 cc", "p1 cbr 3", "p2 cc"')


def _cards(text: str) -> list[int]:
    return [int(c) for c in C.parse(text)]


@pytest.mark.parametrize("variant,game", [("F7S", "stud"), ("F7S/8", "stud-hilo"), ("FR", "razz")])
def test_stud_allin_on_sixth_street(variant, game):
    (hand,) = read_histories(RAZZ if variant == "FR" else STUD.format(variant=variant))
    spot = hand.allin_ev()
    assert spot.street == "sixth street" and spot.reason is None and spot.method == "exact"
    p1, p2 = _cards("As Kd 7h 7c Kh 2d"), _cards("2c 3c 9s Tc 4c 8d")
    assert spot.hands == {0: tuple(p1), 1: tuple(p2)}
    (pot,) = spot.pots
    assert pot.amount == 26 and pot.contenders == (0, 1)
    folded = _cards("Qh Jh Ks" if variant == "FR" else "Qh Jh 5d")  # the folded player's cards: out of the deck
    r = pokercli.equity([write(p1), write(p2)], dead=folded, game=game)
    assert pot.equity == tuple(p.equity for p in r.players)
    shares, count = naive.game_equity(game, [p1, p2], (), folded, hand_cards=7, board_cards=0)
    assert count == 37 * 36
    assert [float(x) for x in pot.equity] == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert [float(x) for x in hand.ev_net()] == pytest.approx(
        [float(26 * shares[0] - 12), float(26 * shares[1] - 12), -2.0], abs=1e-9)


SINGLE = """variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [50, 50, 50]
actions = ["d dh p1 7s5d4h3c9c", "d dh p2 8h6d4d2sKs", "d dh p3 AhAdAcKhQd", "p3 f", "p1 cbr 50", "p2 cc",
  "p1 sd 9c", "d dh p1 Td", "p2 sd Ks", "d dh p2 Jd", "p1 sm 7s5d4h3cTd", "p2 sm 8h6d4d2sJd"]
"""


def test_a_single_draw_allin_is_the_kept_cards_with_the_discards_out():
    (hand,) = read_histories(SINGLE)
    spot = hand.allin_ev()
    assert spot.street == "before draw 1 of 1" and spot.reason is None and spot.method == "exact"
    kept1, kept2 = _cards("7s 5d 4h 3c"), _cards("8h 6d 4d 2s")
    assert spot.hands == {0: tuple(kept1), 1: tuple(kept2)} and spot.draws == 1
    assert sorted(spot.dead) == sorted(_cards("9c Ks"))
    doc = hand.to_dict()["allin"]
    assert doc["draws"] == 1 and sorted(doc["dead"]) == sorted(["9c", "Ks"])
    dead = _cards("9c Ks Ah Ad Ac Kh Qd")
    r = pokercli.equity([C.format_cards(kept1), C.format_cards(kept2)], dead=dead, game="27-single")
    (pot,) = spot.pots
    assert pot.equity == tuple(p.equity for p in r.players)
    shares, count = naive.game_equity("27-single", [kept1, kept2], (), dead, hand_cards=5, board_cards=0)
    assert count == 37 * 36
    assert [float(x) for x in pot.equity] == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert sum(hand.ev_net()) == pytest.approx(0, abs=1e-9)


TRIPLE = """variant = "F2L3D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [6, 50, 50]
actions = ["d dh p1 7s5d4h3c9c", "d dh p2 8h6d4d2sKs", "d dh p3 AhAdAcKhQd", "p3 f", "p1 cbr 4", "p2 cc",
  "p1 sd 9c", "d dh p1 Td", "p2 sd", "p1 cbr 2", "p2 cc",
  "p1 sd Td", "d dh p1 8c", "p2 sd Ks", "d dh p2 Jd",
  "p1 sd", "p2 sd Jd", "d dh p2 3d",
  "p1 sm 7s5d4h3c8c", "p2 sm 8h6d4d2s3d"]
"""


def test_a_triple_draw_allin_with_two_draws_to_come_follows_the_draw_policy():
    (hand,) = read_histories(TRIPLE)
    spot = hand.allin_ev()
    assert spot.street == "before draw 2 of 3" and spot.draws == 2 and spot.reason is None
    kept1, kept2 = _cards("7s 5d 4h 3c"), _cards("8h 6d 4d 2s")  # at the second draw
    assert spot.hands == {0: tuple(kept1), 1: tuple(kept2)}
    assert sorted(spot.dead) == sorted(_cards("9c Td Ks"))  # thrown in the first two draws
    assert spot.method == "monte-carlo (seed 1)"
    dead = sorted(_cards("9c Td Ks Ah Ad Ac Kh Qd"))
    r = pokercli.equity_draws([C.format_cards(kept1), C.format_cards(kept2)], dead, game="27-triple",
                              draws=2, seed=1)
    assert spot.pots[0].equity == tuple(p.equity for p in r.players)
    assert sum(hand.ev_net()) == pytest.approx(0, abs=1e-9)


def test_no_spot_when_every_card_is_out():
    # the same stud hand all in on seventh street: nothing left to come
    text = STUD.format(variant="F7S").replace('"p1 cbr 3", "p2 cc",', '"p1 cc", "p2 cc",').replace(
        '"d dh p1 9h", "d dh p2 Jc",', '"d dh p1 9h", "d dh p2 Jc", "p1 cbr 3", "p2 cc",')
    (hand,) = read_histories(text)
    assert hand.allin is None


def test_unknown_down_cards_are_named():
    text = RAZZ.replace("d dh p2 2c3c9s", "d dh p2 ????9s").replace(
        '"p2 sm 2c3c9sTc4c8dJc"', '"p2 sm"')
    (hand,) = read_histories(text)
    spot = hand.allin_ev()
    assert spot.reason == "the cards of p2 are not known" and spot.ev is None
    assert hand.to_dict()["allin"]["not_judged"] == spot.reason


@pytest.mark.parametrize("variant", ["F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"])
def test_pokerkits_hands_are_judged_and_add_up(variant):
    """Random hands pokerkit plays (tests/histories/test_phh_oracle.py) until
    three all-ins with cards to come: each is judged (every card is known in
    them), its pots' equities add up to one and its EV nets to nothing."""
    pokerkit = pytest.importorskip("pokerkit")
    from test_phh_oracle import played

    rng = random.Random("mixed" + variant)
    random.seed("mixed" + variant)
    judged = 0
    for _ in range(600):
        game, state, stacks = played(rng, variant, rng.randint(2, 3))
        (hand,) = read_histories(pokerkit.HandHistory.from_game_state(game, state).dumps())
        spot = hand.allin_ev()
        if spot is None:
            continue
        assert spot.reason is None, spot.reason
        assert sum(hand.ev_net()) == pytest.approx(0, abs=1e-6)
        assert all(sum(p.equity) == pytest.approx(1) for p in spot.pots)
        judged += 1
        if judged == 3:
            break
    assert judged == 3
