"""The NumPy twins of the fixed-hands Monte Carlo kernels
(:mod:`pokercli.equity_calc.mc_light`), which sample a one-off query before
Numba is loaded: the same tables, the same boards, the same counts."""

import random

import numpy as np
import pytest

import pokercli
from pokercli import cards as C
from pokercli._kernels import montecarlo as K
from pokercli._kernels.lookup import kernel_tables, strength_tables
from pokercli.equity_calc import mc_light
from pokercli.equity_calc.montecarlo import fixed_hands_call
from pokercli.equity_calc.spot import make_spot
from pokercli.games import game as get_game


def a_spot(rng: random.Random, game: str):
    """Two to five fixed hands, a board of 0, 3, 4 or 5 cards, dead cards."""
    deck = list(get_game(game).deck)
    rng.shuffle(deck)
    hands = [C.format_cards([deck.pop(), deck.pop()]) for _ in range(rng.choice((2, 2, 3, 5)))]
    board = C.format_cards([deck.pop() for _ in range(rng.choice((0, 0, 3, 4, 5)))])
    dead = C.format_cards([deck.pop() for _ in range(rng.choice((0, 0, 1, 3)))])
    return make_spot(hands, board, dead, game)


@pytest.mark.parametrize("m", [0, 1, 2, 3])
def test_the_part_tables_are_the_kernels(m):
    keys = kernel_tables()[0]
    rng = np.random.default_rng(m)
    for size in (12, 33, 48):
        deck = np.sort(rng.choice(52, size, replace=False)).astype(np.int64)
        for stride in (1, 91):
            want = K.part_table(deck, keys, m, stride)
            got = mc_light.part_table(deck, keys, m, stride)
            for g, w in zip(got, want):
                assert g.dtype == np.int64 and np.array_equal(g, w)


@pytest.mark.parametrize("seed", range(8))
def test_the_spots_tables_and_samples_are_the_kernels(seed):
    """Every argument the twins build equals the kernels' (part tables, the
    values by rank multisets), and every sample's winner pattern too: the
    first ``n`` boards of a seed, for batches of several sizes."""
    rng = random.Random(seed)
    game = ("holdem", "holdem", "shortdeck", "shortdeck-straight")[seed % 4]
    spot = a_spot(rng, game)
    rule = spot.game.rule.key
    keys, offsets = kernel_tables(rule)[:2]
    rank_strength, flush_strength = strength_tables(rule)
    kernel, *want = fixed_hands_call(spot, keys, offsets, rank_strength)
    got = mc_light.fixed_hands(spot, keys, offsets, rank_strength)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert np.array_equal(np.asarray(g), np.asarray(w))
    for samples in (1, 777, 20_000):
        batch_seed = rng.getrandbits(64)
        patterns = np.zeros(1 << len(spot.players), np.int64)
        kernel(*want, samples, np.uint64(batch_seed), offsets, rank_strength, flush_strength, patterns)
        mine = mc_light.patterns(*got, samples, batch_seed, offsets, rank_strength, flush_strength)
        assert mine.tolist() == patterns.tolist() and mine.sum() == samples


@pytest.mark.parametrize("players,board,dead", [
    (["AsAh", "KsKh"], "", ""), (["AhKh", "QsQd", "7c7d"], "Jh Th 2c", "3s"),
    (["AsKs", "QdQc"], "Kd 7d 2d 5s", ""),
])
def test_a_one_off_monte_carlo_in_numpy_answers_as_the_kernels(monkeypatch, players, board, dead):
    """Before Numba is loaded, fixed hands are sampled by the twins: the whole
    result (counts, standard errors, samples, the target's stop) is the kernels'."""
    kwargs = dict(method="monte-carlo", seed=20261125, stderr=0.002)
    monkeypatch.setattr("pokercli.equity_calc.montecarlo.numpy_first", lambda: False)
    want = pokercli.equity(players, board, dead, **kwargs)
    taken = []
    real = mc_light.patterns
    monkeypatch.setattr("pokercli.equity_calc.montecarlo.numpy_first", lambda: True)
    monkeypatch.setattr(mc_light, "patterns", lambda *a: taken.append(1) or real(*a))
    got = pokercli.equity(players, board, dead, **kwargs)
    assert taken
    assert got.samples == want.samples and got.target_reached == want.target_reached
    for x, y in zip(got.players, want.players):
        assert (x.wins, x.ties, x.equity, x.stderr) == (y.wins, y.ties, y.equity, y.stderr)


def test_the_twins_take_as_many_players_as_the_kernels():
    from pokercli._kernels.showdown import PATTERN_PLAYERS

    assert mc_light.MAX_PLAYERS == PATTERN_PLAYERS
