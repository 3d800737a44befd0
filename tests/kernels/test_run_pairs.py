"""The runs of a run-it-twice job and the pairs of runs that share no card
(``_kernels/run_pairs.py``): the positions are every k-set in order, and the
pairs of runs of each outcome counted by inclusion and exclusion equal the
pairs counted one by one, for runs of one to five cards."""

import itertools
import random

import numpy as np
import pytest

from pokercli._kernels.run_pairs import disjoint_pairs, run_positions


@pytest.mark.parametrize("m,k", [(6, 1), (8, 2), (9, 3), (10, 4), (11, 5), (12, 5)])
def test_disjoint_pairs_equal_the_pairs_listed(m, k):
    runs = run_positions(m, k)
    listed = list(itertools.combinations(range(m), k))
    assert [tuple(int(x) for x in r) for r in runs] == listed
    rng = random.Random(m * 10 + k)
    flags = np.array([[rng.random() < 0.5, rng.random() < 0.15, 1] for _ in listed], np.uint8)
    sets = [set(r) for r in listed]
    want = [sum(1 for a, b in itertools.product(range(len(listed)), repeat=2)
                if flags[a, f] and flags[b, f] and not sets[a] & sets[b]) for f in range(3)]
    assert disjoint_pairs(runs, flags, m).tolist() == want
    # every run of the outcome: every ordered pair of runs that share no card
    assert want[2] == len(listed) * len(list(itertools.combinations(range(m - k), k)))


@pytest.mark.parametrize("m,k", [(7, 1), (9, 1), (9, 2), (10, 2)])
def test_disjoint_triples_equal_the_triples_listed(m, k):
    from pokercli._kernels.run_pairs import disjoint_triples

    runs = run_positions(m, k)
    listed = list(itertools.combinations(range(m), k))
    rng = random.Random(m * 7 + k)
    flags = np.array([[rng.random() < 0.6, 1] for _ in listed], np.uint8)
    sets = [set(r) for r in listed]
    want = [sum(1 for a, b, c in itertools.product(range(len(listed)), repeat=3)
                if flags[a, f] and flags[b, f] and flags[c, f]
                and not (sets[a] & sets[b] or sets[a] & sets[c] or sets[b] & sets[c])) for f in range(2)]
    assert disjoint_triples(runs, flags, m).tolist() == want


@pytest.mark.parametrize("m,outcomes", [(5, 1), (6, 2), (9, 3), (14, 1), (20, 4)])
def test_a_boards_terms_in_one_walk_equal_each_term_counted_alone(m, outcomes):
    """``board_squares`` (runs of five cards: every term from one walk of the
    loops, no runs read) gives each term ``set_squares`` gives from the runs
    listed, for outcomes of every density, an empty one and a full one."""
    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.run_pairs import board_squares, set_squares

    runs = run_positions(m, 5)
    rng = np.random.default_rng(m * 31 + outcomes)
    rates = np.array([0.0, 1.0, 0.5, 0.13])[:outcomes] if outcomes > 1 else np.array([0.4])
    flags = (rng.random((len(runs), outcomes)) < rates).astype(np.uint8)
    binom = binomials(m)
    want = np.array([set_squares(runs, flags, binom, np.int64(m), np.int64(j)) for j in range(1, 5)])
    got = board_squares(np.ascontiguousarray(flags.T), binom, np.int64(m))
    assert got.shape == (4, outcomes)
    assert got.tolist() == want.tolist()
    # a run's four-sets: each counted by the runs of the outcome holding it (a full column: m - 4 runs each)
    if outcomes > 1:
        assert got[3, 1] == len(list(itertools.combinations(range(m), 4))) * (m - 4) ** 2


@pytest.mark.parametrize("m,k,width", [(7, 1, 2), (9, 2, 5), (10, 5, 2), (11, 5, 4)])
def test_run_rows_are_each_players_cards_then_each_run_in_order(m, k, width):
    from pokercli._kernels.run_pairs import run_rows

    rng = np.random.default_rng(m + k)
    deck = rng.permutation(np.arange(20, 52))[:m].astype(np.uint8)
    prefix = rng.integers(0, 20, (3, width)).astype(np.uint8)
    listed = list(itertools.combinations(range(m), k))
    out = np.full((3, len(listed), width + k), 255, np.uint8)
    run_rows(prefix, deck, np.int64(k), out)
    want = [[list(prefix[p]) + [deck[i] for i in run] for run in listed] for p in range(3)]
    assert out.tolist() == want
