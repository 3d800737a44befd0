"""The preflop enumeration by rank multisets (issue #15, part 1) against the
full board enumeration, which the categories path still runs (it counts hand
types board by board): the same integers on random deals of every size, with
dead cards, in hold'em and both short deck rankings."""

import random

import numpy as np
import pytest

import pokercli
from pokercli import cards as C
from pokercli import shortdeck as S

GAMES = [("holdem", list(range(52))), ("shortdeck", list(S.DECK)), ("shortdeck-straight", list(S.DECK))]


def _deal(rng, deck, players, dead):
    cards = rng.sample(deck, 2 * players + dead)
    hands = [C.format_cards(cards[2 * i:2 * i + 2]) for i in range(players)]
    return hands, C.format_cards(cards[2 * players:])


@pytest.mark.parametrize("game,deck", GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_rank_multisets_equal_the_full_enumeration(game, deck, players):
    rng = random.Random(players * 100 + len(game))
    for _ in range(4 if players < 6 else 2):
        hands, dead = _deal(rng, deck, players, rng.choice([0, 1, 3]))
        fast = pokercli.equity(hands, dead=dead, game=game, method="exact")
        full = pokercli.equity(hands, dead=dead, game=game, method="exact", categories=True)
        for a, b in zip(fast.players, full.players):
            assert (a.wins, a.ties, a.total) == (b.wins, b.ties, b.total), (hands, dead)
            assert a.equity == pytest.approx(b.equity, rel=1e-12)


@pytest.mark.parametrize("hands", [["As Ks", "Qs Js"], ["Ah 2h", "Kh 3h", "Qh 4h"], ["7s 2h", "7c 2d"],
                                   ["As Ah", "Ac Ad"], ["5s 4s", "5h 4h", "5d 4d", "5c 4c"]])
def test_suited_and_mirrored_deals(hands):
    """Deals where flush corrections pile up (all hands suited in one suit) or
    where every board ties by ranks."""
    fast = pokercli.equity(hands, dead="9d" if len(hands) < 4 else "", method="exact")
    full = pokercli.equity(hands, dead="9d" if len(hands) < 4 else "", method="exact", categories=True)
    assert [(p.wins, p.ties) for p in fast.players] == [(p.wins, p.ties) for p in full.players]


def test_every_board_is_counted_once():
    """The rank-multiset weights alone sum to C(cards left, 5)."""
    from math import comb

    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import kernel_tables, strength_tables
    from pokercli._kernels.rankboards import rank_boards5

    keys, offsets, _, _ = kernel_tables()
    rank_tab, flush_tab = strength_tables()
    hands = [C.parse("As Ah"), C.parse("Ks Kh")]
    used = {c for h in hands for c in h} | {int(C.parse("2c")[0])}
    avail = sum(1 << c for c in range(52) if c not in used)
    out = np.zeros((2, 3), np.int64)
    call(rank_boards5, np.array([int(keys[a]) + int(keys[b]) for a, b in hands], np.int64),
         np.array([[1 << 12, 1 << 12, 0, 0], [1 << 11, 1 << 11, 0, 0]], np.int64),  # by suit group: h s c d
         np.int64(avail), keys, offsets, rank_tab, flush_tab, np.zeros(1, np.int64), out,
         np.zeros((2, 10), np.int64), False)
    boards = out[0, 1] + out[1, 1] + out[0, 2]  # wins of each and ties (a tie counts once per board)
    assert boards == comb(52 - 5, 5)


def test_auto_enumerates_preflop_jobs_the_rank_multisets_make_cheap():
    """Three-way preflop with a random hand: 1,394 distinct deals, about a second
    by rank multisets (it sampled before); Monte Carlo agrees within 4 standard errors."""
    exact = pokercli.equity(["AKs", "QQ", "random"])
    assert exact.method == "exact" and exact.deals > 1000
    mc = pokercli.equity(["AKs", "QQ", "random"], method="monte-carlo", samples=400_000, seed=3)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr
