"""The Omaha runs kernel (run it twice, double boards in Omaha and Omaha
hi-lo: ``omaha.deals.omaha_runs``) against a plain sampler of the same random
numbers.

The kernel deals the runs' cards by a partial Fisher-Yates shuffle of the
cards left, kept from one deal to the next, a random number a card. The
plain sampler here shuffles a Python list the same way and shares each run's
pot by the plain rules of tests/naive.py (every choice of two hole and three
board cards tried, Fractions for the shares). Both must give the same
integers: the same runs, the same shares, takes-all and nothings."""

from __future__ import annotations

import numpy as np
import pytest

import naive
from pokercli import cards as C
from pokercli._kernels.jit import call
from pokercli._kernels.omaha.deals import SHARE_UNIT, omaha_runs
from pokercli.equity_calc.montecarlo import combo_tables
from pokercli.equity_calc.omaha import kernel_args
from pokercli.equity_calc.spot import make_spot

M64 = (1 << 64) - 1
GAMMA, mix64 = naive.GAMMA, naive.mix64  # SplitMix64, as the kernels draw


def plain_sampler(spot, holes, pool: list[int], k: int, runs: int, samples: int, seed: int):
    """(share units, takes all, nothing) of each player, as the kernel must
    count them, written the plain way."""
    shares_of = naive.POT_SHARES[spot.game.name]
    pool = list(pool)
    state = seed
    n = len(holes)
    units, whole, nothing = [0] * n, [0] * n, [0] * n
    for _ in range(samples):
        pos = 0
        shares = []
        for _ in range(runs):
            cards = []
            for _ in range(k):
                state = (state + GAMMA) & M64
                j = pos + (((mix64(state) >> 32) * (len(pool) - pos)) >> 32)
                pool[j], pool[pos] = pool[pos], pool[j]
                cards.append(pool[pos])
                pos += 1
            shares.append(shares_of(holes, list(spot.board) + cards))
        naive.tally_runs(shares, SHARE_UNIT, units, whole, nothing)
    return units, whole, nothing


@pytest.mark.parametrize("game,hands,board,dead,runs,samples", [
    ("omaha", ["As Ah Kd 7c", "Ks Kh Qd Jc"], "", "", 2, 120),                     # a double board
    ("omaha-hilo", ["As 2h Kd 7c", "Ks Kh Qd Jc", "3c 4c 8h 9h"], "", "", 2, 100),  # three-way, lows
    ("omaha5", ["As Ks Qd 7c 6c", "Jh Th 9c 8c 2d"], "Qs Js 3d", "", 3, 120),       # three runs of a flop
    ("omaha5-hilo", ["Ac 2c 3d Kd Qs", "Ah 2h 4s 5s Js"], "Kc 7d 8c 5h", "6d", 2, 200),  # split lows, a dead card
    ("omaha6", ["As Ks Qd 7c 6c 5h", "Jh Th 9c 8c 2d 2s"], "Qh Jd 3c", "", 2, 120),
    # nine hi-lo players: more than the kernel counts by code (CODED_HILO), each run's pot shared a player at a time
    ("omaha-hilo", ["As 2s Kd Qd", "Ac 2c 8h 8s", "3h 4h Jc Tc", "Ad 3d 7s 7c", "2d 4d Js Ts", "Ah 3s Qc Qs",
                    "2h 4s 9s 9c", "3c 4c Ks Kc", "7d 8d Jd Td"], "5d 6c Kh", "", 2, 150),
])
def test_the_omaha_runs_kernel_is_the_plain_sampler_number_for_number(game, hands, board, dead, runs, samples):
    spot = make_spot(hands, board, dead, game)
    holes = [list(p.cards) for p in spot.players]
    gone = set(spot.board) | set(spot.dead) | {c for h in holes for c in h}
    pool = [c for c in range(52) if c not in gone]
    k = 5 - len(spot.board)
    n = len(hands)
    got = [np.zeros(n, np.int64) for _ in range(3)]
    seed = 98765
    stats = np.zeros(2, np.int64)
    call(omaha_runs, *combo_tables(spot, random_dealt=True), np.int64(C.card_mask(spot.board + spot.removed)),
         np.array(pool, np.int64), np.array(list(spot.board) + [0] * k, np.int64), np.int64(k), np.int64(runs),
         np.int64(samples), np.int64(1), np.uint64(seed), *kernel_args(spot.game.hole_cards), spot.game.pot.split,
         *got, stats)
    want = plain_sampler(spot, holes, pool, k, runs, samples, seed)
    assert [g.tolist() for g in got] == [list(w) for w in want]
    assert stats.tolist() == [samples, 0]  # fixed hands: no deal drawn again
    assert sum(got[0]) == SHARE_UNIT * runs * samples  # every run's pot is shared out whole
    assert any(0 < x < samples for x in got[1])  # the spots are not foregone
