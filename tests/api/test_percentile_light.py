"""A turn or river percentile early in a process is counted in plain Python
(:func:`pokercli.hand_strength.count_light`): the kernels' figures to the last bit."""

import random

import pytest

from pokercli import cards as C
from pokercli import hand_strength as H
from pokercli.games import game


def _spots(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        cards = rng.sample(range(52), 2 + 5 + 3)
        board = cards[2:2 + rng.choice([4, 5])]
        dead = cards[7:7 + rng.randint(0, 3)]
        vs = rng.choice([None, None, "QQ+,AKs", "22+,A2s+,K9o+", "random"])
        yield cards[:2], board, dead, vs


@pytest.mark.parametrize("seed", range(4))
def test_the_plain_count_is_the_kernels(monkeypatch, seed):
    g = game("holdem")
    for hand, board, dead, vs in _spots(10, seed):
        monkeypatch.setattr(H, "LIGHT", False)
        try:
            kernels = H.compute(hand, board, dead, vs)
        except Exception as e:  # a range the hand, board and dead cards empty
            assert "is empty" in str(e)
            continue
        light = H.PercentileResult(list(hand), list(board), list(dead), kernels.vs, kernels.street, game="holdem")
        opps = H.opponent_combos(hand, board, dead, vs, g.left_out)
        light.opponents = len(opps)
        H.count_light(light, opps, g)
        assert light.to_dict() == kernels.to_dict(), (C.format_cards(hand), C.format_cards(board), vs)


def test_what_the_plain_count_leaves_to_the_kernels():
    g = game("holdem")
    opps = H.opponent_combos(C.parse_cards("AsKs"), C.parse_cards("2c 3d 4h 5s"), [], "QQ+:0.5,AKs", g.left_out)
    result = H.PercentileResult(C.parse_cards("AsKs"), C.parse_cards("2c 3d 4h 5s"), [], "x", "turn")
    assert not H._light(result, opps, g)  # weights other than 1; and NumPy is loaded here
