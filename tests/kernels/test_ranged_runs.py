"""The runs kernels with ranges and random players (run it twice, double
boards: ``range_runouts.runs_sample`` for hold'em and short deck,
``omaha.deals.omaha_runs`` for Omaha and hi-lo) against a plain sampler of
the same random numbers (:func:`naive.sampled_runs`). Omaha has two
kernels of one body: ``omaha_runs`` for fixed hands alone and
``omaha_ranged_runs``, which takes fixed hands too and must count them alike.

Each deal draws the ranges' combos by their alias tables (the whole deal
drawn again when two meet), then the runs' cards and the random players'
from a partial Fisher-Yates shuffle of the cards left. The plain sampler
draws the same numbers with Python sets and lists and shares each run's pot
by the plain rules of tests/naive.py: both must give the same integers, the
deals taken and redrawn too.
"""

from __future__ import annotations

import numpy as np
import pytest

import naive
from pokercli import cards as C
from pokercli._kernels.jit import call
from pokercli._kernels.lookup import KEY_INIT, kernel_tables, strength_tables
from pokercli._kernels.omaha.deals import SHARE_UNIT, omaha_ranged_runs, omaha_runs
from pokercli._kernels.range_runouts import runs_sample
from pokercli.equity_calc import omaha as O
from pokercli.equity_calc.montecarlo import combo_tables
from pokercli.equity_calc.spot import make_spot


def _inputs(spot):
    """The kernel's combo tables, fixed mask and deck; the plain sampler's players."""
    tables = combo_tables(spot, random_dealt=True)
    cards, starts, keep, other = tables
    players = []
    for p, (lo, hi) in enumerate(zip(starts[:-1], starts[1:])):
        if hi - lo == 0:
            players.append(None)
        elif hi - lo == 1:
            players.append(tuple(int(c) for c in cards[lo]))
        else:
            players.append({"combos": [tuple(int(c) for c in row) for row in cards[lo:hi]],
                            "keep": [int(x) for x in keep[lo:hi]], "other": [int(x) - int(lo) for x in other[lo:hi]]})
    fixed_mask = C.card_mask(spot.board + spot.removed)
    held = {c for p in players if isinstance(p, tuple) for c in p}
    deck = [c for c in spot.game.deck if not (fixed_mask >> c) & 1 and c not in held]
    return tables, fixed_mask, deck, players


def _run(spot, runs, samples, seed, max_redraws, ranged_kernel=False):
    """(kernel's integers, plain sampler's integers) of a spot."""
    tables, fixed_mask, deck, players = _inputs(spot)
    k = 5 - len(spot.board)
    n = len(spot.players)
    got = [np.zeros(n, np.int64) for _ in range(3)]
    stats = np.zeros(2, np.int64)
    omaha = spot.game.hole_cards > 2
    if omaha:
        fixed = all(isinstance(p, tuple) for p in players)
        kernel = omaha_runs if fixed and not ranged_kernel else omaha_ranged_runs  # as runs.py picks them
        call(kernel, *tables, np.int64(fixed_mask), np.array(deck, np.int64),
             np.array(list(spot.board) + [0] * k, np.int64), np.int64(k), np.int64(runs), np.int64(samples),
             np.int64(max_redraws), np.uint64(seed), *O.kernel_args(spot.game.hole_cards), spot.game.pot.split,
             *got, stats)
    else:
        rule = spot.game.rule.key
        keys, offsets = kernel_tables(rule)[:2]
        rank_tab, flush_tab = strength_tables(rule)
        base_key = np.int64(int(KEY_INIT) + sum(int(keys[c]) for c in spot.board))
        call(runs_sample, *tables, np.int64(fixed_mask), np.array(deck, np.int64), k, runs, base_key,
             np.int64(C.card_mask(spot.board)), samples, max_redraws, np.uint64(seed), keys, offsets, rank_tab,
             flush_tab, *got, stats)
    want = naive.sampled_runs(spot.game.name, players, spot.board, fixed_mask, deck, k, runs, samples, seed,
                              hole=spot.game.hole_cards, hashed=not omaha, two_a_number=not omaha,
                              max_redraws=max_redraws, unit=SHARE_UNIT)
    return [g.tolist() for g in got] + stats.tolist(), [list(w) for w in want[:3]] + list(want[3:])


@pytest.mark.parametrize("game,hands,board,dead,runs,samples", [
    ("holdem", ["AKs", "QQ+"], "", "", 2, 150),                                   # a double board of ranges
    ("holdem", ["As Ks", "QdQc,Kd9d:0.5,7h7c"], "Qs Js 3d", "", 2, 300),          # weights, a flop run twice
    ("holdem", ["AK,AQs", "JJ+", "random"], "Qs Js 3d 2c", "5h", 3, 300),         # three-way, random, dead card
    ("holdem", ["Ah 9h", "random"], "", "", 2, 150),                              # random alone: no redraw
    ("holdem", ["As Ah", "Ks Kh", "Qd Qc"], "7c 8d 2s", "", 2, 200),             # fixed hands alone
    ("shortdeck", ["AKs", "TT+"], "Ah 7c 8d", "", 2, 300),
    ("omaha", ["AAxx", "Ks Kh Qd Jc"], "", "", 2, 60),                          # an Omaha double board
    ("omaha-hilo", ["A2xx", "Ks Kh Qd Jc", "random"], "Qc 5d 6s", "", 2, 80),    # hi-lo, random
    ("omaha5", ["As Ks Qd 7c 6c,Ah Kh Qc 7d 6d", "Jh Th 9c 8c 2d"], "Qs Js 3d", "", 3, 80),
    ("omaha", ["As Ah Kd 7c", "Ks Kh Qd Jc"], "Qs Js 3d", "2h", 2, 100),          # fixed hands alone
])
def test_the_runs_kernels_take_ranges_as_the_plain_sampler_does(game, hands, board, dead, runs, samples):
    spot = make_spot(hands, board, dead, game)
    got, want = _run(spot, runs, samples, 24680, 1_000_000)
    assert got == want
    assert got[3] == samples and sum(got[0]) == SHARE_UNIT * runs * samples  # every run's pot shared out whole
    assert any(0 < x < samples for x in got[1])  # the spots are not foregone


@pytest.mark.parametrize("game,hands", [("holdem", ["AA,KK", "AA,KK", "AK"]),
                                        ("omaha", ["AAKK", "AAKK"])])
def test_a_runs_kernel_stops_after_its_redraw_budget(game, hands):
    """Ranges that seldom fit together: a kernel call stops after
    ``max_redraws`` redrawn deals, with the deals taken so far, as the plain
    sampler does."""
    spot = make_spot(hands, "", "", game)
    got, want = _run(spot, 2, 10_000, 13579, 40)
    assert got == want
    assert got[4] == 40 and 0 < got[3] < 10_000


def test_omahas_ranged_runs_kernel_counts_fixed_hands_as_the_fixed_one_does():
    spot = make_spot(["As Ah Kd 7c", "Ks Kh Qd Jc", "9c 8c 7h 6h"], "Qs Js 3d", "", "omaha-hilo")
    got, want = _run(spot, 2, 150, 11, 1_000_000, ranged_kernel=True)
    assert got == want and got == _run(spot, 2, 150, 11, 1_000_000)[0]
