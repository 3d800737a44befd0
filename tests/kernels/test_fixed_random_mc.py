"""Monte Carlo of fixed hands against ``random`` players
(``montecarlo.fixed_and_random``): a try draws the board as the fixed-hands
kernels do and each random player's two cards from a table of every two-card
subset of the deck left, and is kept when no two parts share a card.

Checked against a plain sampler of the same random numbers (the part tables'
cards read from itertools, the overlaps tested with sets, the winners by the
plain rules of tests/naive.py): the same winner patterns, number for number.
And against exact equity, within four standard errors.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import naive
import pokercli
from pokercli._kernels import montecarlo as K
from pokercli._kernels.jit import call
from pokercli.equity_calc import montecarlo as M
from pokercli.equity_calc.exact import kernel_args
from pokercli.equity_calc.spot import make_spot
from pokercli.evaluate import strength_tables

M64 = (1 << 64) - 1
LOW = (1 << 32) - 1
GAMMA, mix64 = naive.GAMMA, naive.mix64


def plain_sampler(spot, samples: int, seed: int) -> list[int]:
    """The winner patterns (bit p: player p shares the best hand) of ``samples``
    deals, counted as the kernel must count them, written the plain way."""
    fixed = [list(p.combos[0][0]) for p, rnd in zip(spot.players, spot.random_players) if not rnd]
    used = set(spot.board) | set(spot.removed) | {c for h in fixed for c in h}
    deck = [c for c in range(52) if c not in used]
    first, second = K.BOARD_PARTS[spot.to_come]
    parts1, parts2, holes = (list(combinations(deck, m)) for m in (first, second, 2))
    worse_board = (1 << 32) % (len(parts1) * len(parts2))
    worse_hole = (1 << 32) % len(holes)
    shares_of = naive.POT_SHARES[spot.game.name]

    def halves():
        state = mix64(seed)
        while True:
            state = (state + GAMMA) & M64
            r = mix64(state)
            yield r >> 32
            yield r & LOW

    bits = halves()
    patterns = [0] * (1 << len(spot.players))
    kept = 0
    while kept < samples:
        a = next(bits) * len(parts1)
        b = (a & LOW) * len(parts2)
        good = (b & LOW) >= worse_board
        parts = [set(parts1[a >> 32]), set(parts2[b >> 32])]
        for _ in range(sum(spot.random_players)):
            a = next(bits) * len(holes)
            good &= (a & LOW) >= worse_hole
            parts.append(set(holes[a >> 32]))
        if not good or len(set().union(*parts)) != sum(len(p) for p in parts):
            continue
        kept += 1
        board = list(spot.board) + sorted(parts[0] | parts[1])
        dealt = iter(parts[2:])
        seats = [sorted(next(dealt)) if rnd else list(p.combos[0][0])
                 for p, rnd in zip(spot.players, spot.random_players)]
        shares = shares_of(seats, board)
        patterns[sum(1 << p for p, s in enumerate(shares) if s > 0)] += 1
    return patterns


def kernel_patterns(spot, samples: int, seed: int) -> list[int]:
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, flush_strength = strength_tables(spot.game.rule.key)
    args = M.fixed_random_call(spot, keys, offsets, rank_strength)
    patterns = np.zeros(1 << len(spot.players), np.int64)
    call(K.fixed_and_random, *args, samples, np.uint64(seed), offsets, rank_strength, flush_strength, patterns)
    return patterns.tolist()


@pytest.mark.parametrize("game,hands,board,dead,samples", [
    ("holdem", ["As Ks", "random"], "", "", 700),                      # preflop; two chunks of 512
    ("holdem", ["As Ks", "7h 7d", "random", "random"], "Qs Js 3d", "2c", 300),  # a flop, a dead card
    ("holdem", ["random", "Ac Kc", "random", "random"], "Qs Js 3d 5h", "", 300),  # a turn, three random
    ("holdem", ["random", "random"], "Qs Js 3d", "", 300),             # no fixed hand
    ("shortdeck", ["As 6s", "random"], "Ah 7c 8d", "", 300),
])
def test_the_kernel_is_the_plain_sampler_number_for_number(game, hands, board, dead, samples):
    spot = make_spot(hands, board, dead, game)
    assert kernel_patterns(spot, samples, 2024) == plain_sampler(spot, samples, 2024)


@pytest.mark.parametrize("hands,board,dead", [
    (["As Ks", "random"], "Qs Js 3d", ""),
    (["As Ks", "Qd Qc", "random"], "Qs Js 3d 5h", ""),
    (["7c 6c", "random", "random"], "8c 9d 2h 3s", "Ad"),
])
def test_monte_carlo_against_random_players_is_within_four_standard_errors_of_exact(hands, board, dead):
    spot = make_spot(hands, board, dead)
    keys, offsets, *_ = kernel_args("standard")
    assert M.fixed_random_call(spot, keys, offsets, strength_tables("standard")[0]) is not None
    exact = pokercli.equity(hands, board, dead, method="exact")
    mc = pokercli.equity(hands, board, dead, samples=400_000, seed=5)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr + 1e-12


def test_which_spots_the_kernel_takes():
    keys, offsets, *_ = kernel_args("standard")
    args = (keys, offsets, strength_tables("standard")[0])
    assert M.fixed_random_call(make_spot(["As Ah", "random"]), *args) is not None
    assert M.fixed_random_call(make_spot(["As Ah", "Ks Kh"]), *args) is None  # no random player
    assert M.fixed_random_call(make_spot(["As Ah", "QQ+", "random"]), *args) is None  # a range
    assert M.fixed_random_call(make_spot(["As Ah", "random"], "Qs Js 3d 5h 2c"), *args) is None  # the river
    assert M.fixed_random_call(make_spot(["As Ah"] + ["random"] * (K.RANDOM_HANDS + 1)), *args) is None
    assert M.fixed_random_call(make_spot(["As Ah", "random"], (), (), "holdem", True), *args) is None
