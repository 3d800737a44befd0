"""The Omaha preflop enumeration by rank multisets (issue #15, part 1, in the
Omaha games) against the full board enumeration of :func:`omaha_boards`, which
the flop and turn spots run and the plain references check
(``tests/api/test_omaha.py``): every tally the same integer on random deals of
every Omaha game and size, with dead cards and hand types, and on deals where
flush corrections pile up."""

import math
import random

import numpy as np
import pytest

import pokercli
from pokercli import cards as C
from pokercli._kernels.omaha import deals as K
from pokercli._kernels.omaha import rankboards as RB
from pokercli._kernels.combinator import binomials
from pokercli._kernels.jit import call
from pokercli.equity_calc import omaha as O
from pokercli.equity_calc.tally import split_tallies

HOLE = {"omaha": 4, "omaha5": 5, "omaha6": 6, "omaha-hilo": 4, "omaha5-hilo": 5}


def _both(holes, dead, hilo, with_types):
    """(full enumeration's tallies, rank multisets' tallies) of one deal."""
    players, h = holes.shape
    used = set(holes.ravel().tolist()) | set(dead)
    deck = np.array([c for c in range(52) if c not in used], np.int64)
    args = O.kernel_args(h)
    full = split_tallies(players)
    call(K.omaha_boards, holes, deck, 5, 0, math.comb(len(deck), 5), np.zeros(5, np.int64), binomials(),
         *args, hilo, with_types, O.type_of_strength(), *full)
    fast = split_tallies(players)
    patterns = np.zeros((1 << players, (1 << players) + 1), np.int64)
    keys, offsets, board_index, quad_index, quad_best, _, *rest = args
    call(RB.omaha_rank_boards5, holes, np.int64(sum(1 << int(c) for c in deck)), keys, offsets, board_index,
         quad_index, quad_best, *rest, hilo, with_types, O.type_of_strength(), patterns, fast[6])
    call(RB.tally_patterns, patterns, hilo, *fast[:6])
    return full, fast, patterns, len(deck)


@pytest.mark.parametrize("game", list(HOLE))
@pytest.mark.parametrize("players", [2, 3, 5])
def test_rank_multisets_equal_the_full_enumeration(game, players):
    h = HOLE[game]
    rng = random.Random(players * 10 + h + len(game))
    for trial in range(3):
        dead = rng.choice([0, 1, 3]) if h * players + 8 <= 52 else 0
        cards = rng.sample(range(52), h * players + dead)
        holes = np.array(cards[:h * players], np.int64).reshape(players, h)
        full, fast, patterns, left = _both(holes, cards[h * players:], "hilo" in game, trial == 1)
        for name, a, b in zip(("hi", "hl", "lo", "scoop", "sq", "stats", "types"), full, fast):
            assert a.tolist() == b.tolist(), (name, holes.tolist(), cards[h * players:])
        assert patterns.sum() == math.comb(left, 5)  # every board counted once


@pytest.mark.parametrize("hands,hilo", [
    (["As Ks Qh Jh", "Ts 9s 8h 7h"], False),               # both double-suited in the same suits
    (["As 2s 3s 4s", "Ks Qs Js Ts", "9s 8s 7s 6s"], False),  # one suit: most flush boards change hands
    (["Ah Ad Kh Kd", "Ac As Kc Ks"], False),               # mirrored: ties by ranks, flushes apart
    (["As Ah 2c 3d", "Ks Kh 4c 5d"], True),                # no suited pair: no correction at all
    (["As 2s Kd Qd 3h 4h", "Ac 2c Kh Qh 3d 4d", "5s 6s 5c 6c 7d 8d"], False),  # six cards, every suit twice
    (["Ah 2h 3d 4d", "Ac 2c 3s 4s", "5h 6h 5c 6c"], True),  # quartered lows under changing highs
])
def test_suited_and_mirrored_deals(hands, hilo):
    holes = np.array([C.parse(x) for x in hands], np.int64)
    full, fast, _, _ = _both(holes, [], hilo, True)
    assert [a.tolist() for a in full] == [b.tolist() for b in fast]


@pytest.mark.parametrize("game,hands,dead", [
    ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc"], ""),
    ("omaha-hilo", ["As Ah 2c 3d", "Ks Kh 4c 5d", "Qd Qc Jd Tc"], "9h"),
    ("omaha6", ["As Ah Ks Kh 2c 3c", "Qd Qc Jd Tc 9c 8c"], ""),
    ("omaha", ["As Ah Ks Kh:2, Qd Qc Jd Tc, Qs Qh Js Th", "8h 8c 6d 5d, 9d 9s Td Kd"], ""),
])
def test_equity_by_rank_multisets_equals_the_full_enumeration(monkeypatch, game, hands, dead):
    """Through the API: the preflop job by rank multisets (the default) and
    board by board (``RANK_BOARDS_MAX_PLAYERS`` 0) give the same counts and shares."""
    def run():
        r = pokercli.equity(hands, dead=dead, game=game, method="exact", categories=True)
        return r.boards, [(p.wins, p.ties, p.equity, p.hilo, p.categories) for p in r.players], r.extra

    fast = run()
    monkeypatch.setattr(O, "RANK_BOARDS_MAX_PLAYERS", 0)
    assert run() == fast


def test_suit_symmetric_deals_are_counted_once(monkeypatch):
    """A preflop range job groups its deals up to suit renaming (6,072 deals,
    298 groups): the same counts as every deal on its own."""
    hands = ["AAKx", "QQJJds"]
    grouped = pokercli.equity(hands, game="omaha", method="exact")
    assert grouped.deals == 6072 and grouped.note.startswith("298 distinct deals")
    monkeypatch.setattr(O, "canonical_deals", lambda spot, deals: [(d, w, 1) for d, w in deals])
    plain = pokercli.equity(hands, game="omaha", method="exact")
    assert plain.note.startswith("6072 distinct deals")
    assert [(p.wins, p.ties) for p in grouped.players] == [(p.wins, p.ties) for p in plain.players]
    assert [p.equity for p in grouped.players] == pytest.approx([p.equity for p in plain.players], rel=1e-12)
