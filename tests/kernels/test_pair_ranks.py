"""Two players' range spots after the flop with the runouts that leave no
flush possible counted by ranks (``pair_by_ranks``, which ``runout_counts2_ranks`` calls on a flop): the very
(won, lost, tied) of ``runout_counts2``, which values every combo on every
runout (and is itself checked against the deal-by-deal engine and
``tests/naive.py`` in ``test_range_runouts.py``). Random ranges with weights,
fixed hands, combos that meet the board or each other, dead cards, every
street, subsets of the runouts with weights (as the engine's chunks and suit
classes give them), hold'em and short deck; and the boards where every runout
can make a flush."""

import random

import numpy as np
import pytest

from pokercli._kernels.lookup import KEY_INIT, kernel_tables, strength_tables
from pokercli._kernels.range_runouts import pair_by_ranks, runout_counts2, runout_counts2_ranks
from pokercli.equity_calc.runouts import board_runouts
from pokercli.games import game as get_game


def combos(rng, deck, count):
    """``count`` different two-card combos of ``deck`` (a pair of ranks often
    repeated, so that groups of several combos occur)."""
    out = set()
    while len(out) < count:
        if out and rng.random() < 0.5:  # another combo of a rank pair already in
            a, b = rng.choice(sorted(out))
            ra, rb = a % 13, b % 13
            x = [c for c in deck if c % 13 == ra]
            y = [c for c in deck if c % 13 == rb]
            a, b = rng.choice(x), rng.choice(y)
            if a == b:
                continue
        else:
            a, b = rng.sample(deck, 2)
        out.add((min(a, b), max(a, b)))
    return sorted(out)


def both(game, first, second, board, dead, rng, subset=False, kernel=pair_by_ranks):
    g = get_game(game)
    keys, offsets = kernel_tables(g.rule.key)[:2]
    rank_tab, flush_tab = strength_tables(g.rule.key)

    def arrays(cs):
        return (np.array([int(keys[a]) + int(keys[b]) for a, b in cs], np.int64),
                np.array([(1 << a) | (1 << b) for a, b in cs], np.int64))

    fk, fm = arrays(first)
    sk, sm = arrays(second)
    dense = np.array([[rng.choice((1, 1, 1, 2, 3)) * int(not (fa & sb)) for sb in sm] for fa in fm], np.int64)
    gone = tuple(sorted(set(board) | set(dead) | set(g.left_out)))
    runs = np.array(board_runouts(gone, 5 - len(board)))
    weights = np.ones(len(runs), np.int64)
    if subset:  # a chunk of runouts, weighted as suit classes are
        keep = sorted(rng.sample(range(len(runs)), max(1, len(runs) // 3)))
        runs = np.ascontiguousarray(runs[keep])
        weights = np.array([rng.choice((1, 2, 6)) for _ in keep], np.int64)
    base_key = np.int64(int(KEY_INIT) + sum(int(keys[c]) for c in board))
    base_mask = np.int64(sum(1 << c for c in board))
    out = []
    for each in (runout_counts2, kernel):
        patterns = np.zeros(4, np.int64)
        each(fk, fm, sk, sm, dense, runs, weights, base_key, base_mask, keys, offsets, rank_tab, flush_tab,
               np.empty(len(sk), np.int64), patterns)
        out.append(patterns.tolist())
    return out


def random_spot(seed: int, boards=(3, 3, 4, 5)):
    """(rng, game, board, dead cards, the cards combos are drawn from) of a
    random spot: short deck one seed in three, a board of one suit one in
    seven, and one in four with combos that meet the board (the kernels
    skip them)."""
    rng = random.Random(seed)
    game = "holdem" if seed % 3 else "shortdeck"
    deck = list(get_game(game).deck)
    rng.shuffle(deck)
    if seed % 7 == 0:  # a board of one suit: every runout can make a flush
        suit = rng.randrange(4)
        deck.sort(key=lambda c: (c // 13 != suit, rng.random()))
    board = deck[:rng.choice(boards)]
    dead = deck[len(board):len(board) + rng.choice((0, 0, 2))]
    rest = deck[len(board) + len(dead):]
    return rng, game, board, dead, rest if seed % 4 else rest + board[:1]


@pytest.mark.parametrize("seed", range(60))
def test_by_ranks_counts_as_every_combo_valued(seed):
    rng, game, board, dead, pool = random_spot(seed)
    first = combos(rng, pool, rng.choice((1, 3, 12, 40)))
    second = combos(rng, pool, rng.choice((1, 5, 20, 60)))
    old, new = both(game, first, second, board, dead, rng, subset=seed % 5 == 0)
    assert new == old
    assert sum(old) > 0


@pytest.mark.parametrize("board", ["Kd 7c 2h", "Kd 7d 2d", "Kd 7c 2h 5s", "Kd 7c 2h 5s 9d"])
def test_the_engine_kernel_counts_as_every_combo_valued(board):
    """``runout_counts2_ranks``, the kernel the engine calls (by ranks on a
    flop without three of a suit, combo by combo on a monotone flop, the turn
    and the river), against the combo-by-combo count."""
    from pokercli import cards as C

    rng = random.Random(board)
    cards = [int(c) for c in C.parse(board)]
    deck = [c for c in range(52) if c not in cards]
    first, second = combos(rng, deck, 10), combos(rng, deck, 14)
    old, new = both("holdem", first, second, cards, [], rng, kernel=runout_counts2_ranks)
    assert new == old and sum(old) > 0


@pytest.mark.parametrize("seed", range(6))
def test_the_quick_paths_helpers_are_the_numpy_steps_they_replace(seed):
    """``free_combos`` and ``pair_weights`` (one kernel call each in
    ``quick.pair_equity``) against the NumPy expressions they replaced, on
    random ranges with weights, cards known and empty results."""
    from pokercli._kernels.range_runouts import free_combos, pair_weights

    rng = np.random.default_rng(seed)

    def a_range():
        n = int(rng.integers(0, 60))
        combos = rng.choice(1326, n, replace=False)
        pairs = [(a, b) for a in range(52) for b in range(a + 1, 52)]
        masks = np.array([(1 << pairs[c][0]) | (1 << pairs[c][1]) for c in combos], np.int64)
        keys = rng.integers(0, 1 << 40, n).astype(np.int64)
        weights = rng.integers(1, 40, n).astype(np.int64)
        return keys, masks, weights

    blocked = np.int64(sum(1 << int(c) for c in rng.choice(52, int(rng.integers(0, 12)), replace=False)))
    sides = []
    for _ in range(2):
        keys, masks, weights = a_range()
        keep = (masks & blocked) == 0
        got = free_combos(keys, masks, weights, blocked)
        for g, want in zip(got, (keys[keep], masks[keep], weights[keep])):
            assert g.dtype == np.int64 and np.array_equal(g, want)
        sides.append(got)
    (_, fm, fw), (_, sm, sw) = sides
    dense, deals, total, most = pair_weights(fm, fw, sm, sw)
    want = np.outer(fw, sw) * ((fm[:, None] & sm[None, :]) == 0)
    assert np.array_equal(dense, want)
    assert deals == np.count_nonzero(want) and total == want.sum()
    assert most == (want.max() if want.size else 0)
    # both in one call, each side with its own known cards (a hand keeps its own)
    from pokercli._kernels.range_runouts import pair_deals

    (k1, m1, w1), (k2, m2, w2) = a_range(), a_range()
    other = np.int64(sum(1 << int(c) for c in rng.choice(52, int(rng.integers(0, 12)), replace=False)))
    fk, fm, sk, sm, dense, deals, total, most = pair_deals(k1, m1, w1, k2, m2, w2, blocked, other)
    one, two = free_combos(k1, m1, w1, blocked), free_combos(k2, m2, w2, other)
    assert [x.tolist() for x in (fk, fm, sk, sm)] == [x.tolist() for x in (one[0], one[1], two[0], two[1])]
    want = np.outer(one[2], two[2]) * ((one[1][:, None] & two[1][None, :]) == 0)
    assert np.array_equal(dense, want) and deals == np.count_nonzero(want) and total == want.sum()
