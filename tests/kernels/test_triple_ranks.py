"""Three players' range spots after the flop with the runouts that leave no
flush possible counted by ranks (``triple_by_ranks``, which
``runout_patterns3_ranks`` calls on a flop or a turn): the very winner
patterns of ``runout_patterns3``, which values every combo on every runout
(checked against the deal-by-deal engine in ``test_range_runouts.py``).
Random ranges with weights, deals whose combos meet the board, dead cards,
the flop and the turn, subsets of the runouts with weights, hold'em and short
deck; and the engine's kernel on every kind of board."""

import random

import numpy as np
import pytest

from pokercli._kernels.lookup import KEY_INIT, kernel_tables, strength_tables
from pokercli._kernels.range_runouts import runout_patterns3, runout_patterns3_ranks, triple_by_ranks
from pokercli.equity_calc.runouts import board_runouts
from pokercli.games import game as get_game
from test_pair_ranks import combos, random_spot


def patterns(game, players, board, dead, rng, subset=False, kernel=triple_by_ranks):
    g = get_game(game)
    keys, offsets = kernel_tables(g.rule.key)[:2]
    rank_tab, flush_tab = strength_tables(g.rule.key)
    every = [c for cs in players for c in cs]
    combo_keys = np.array([int(keys[a]) + int(keys[b]) for a, b in every], np.int64)
    combo_masks = np.array([(1 << a) | (1 << b) for a, b in every], np.int64)
    offs = np.cumsum([0] + [len(cs) for cs in players])
    deals = [(i, j, k) for i in range(offs[0], offs[1]) for j in range(offs[1], offs[2])
             for k in range(offs[2], offs[3])
             if not (combo_masks[i] & combo_masks[j] or combo_masks[i] & combo_masks[k]
                     or combo_masks[j] & combo_masks[k])]
    first, second, third = (np.array([d[p] for d in deals], np.int64) for p in range(3))
    weights = np.array([rng.choice((1, 1, 2, 3)) for _ in deals], np.int64)
    gone = tuple(sorted(set(board) | set(dead) | set(g.left_out)))
    runs = np.array(board_runouts(gone, 5 - len(board)))
    runout_weights = np.ones(len(runs), np.int64)
    if subset:
        keep = sorted(rng.sample(range(len(runs)), max(13, len(runs) // 3)))
        runs = np.ascontiguousarray(runs[keep])
        runout_weights = np.array([rng.choice((1, 2, 6)) for _ in keep], np.int64)
    base_key = np.int64(int(KEY_INIT) + sum(int(keys[c]) for c in board))
    base_mask = np.int64(sum(1 << c for c in board))
    out = []
    for each in (runout_patterns3, kernel):
        pats = np.zeros(8, np.int64)
        each(combo_keys, combo_masks, first, second, third, weights, runs, runout_weights, base_key, base_mask,
             keys, offsets, rank_tab, flush_tab, np.empty(len(every), np.int64), pats)
        out.append(pats.tolist())
    return out


@pytest.mark.parametrize("seed", range(40))
def test_by_ranks_counts_as_every_combo_valued(seed):
    rng, game, board, dead, pool = random_spot(seed, (3, 4, 4))
    while True:  # ranges that leave some deal
        players = [combos(rng, pool, rng.choice((1, 4, 10))) for _ in range(3)]
        old, new = patterns(game, players, board, dead, rng, subset=seed % 5 == 0)
        if sum(old):
            break
    assert new == old


@pytest.mark.parametrize("board", ["Kd 7c 2h", "Kd 7d 2d", "Kd 7c 2h 5s", "Kd 7d 2h 5h", "Kd 7c 2h 5s 9d"])
def test_the_engine_kernel_counts_as_every_combo_valued(board):
    from pokercli import cards as C

    rng = random.Random(board)
    cards = [int(c) for c in C.parse(board)]
    deck = [c for c in range(52) if c not in cards]
    players = [combos(rng, deck, 8) for _ in range(3)]
    old, new = patterns("holdem", players, cards, [], rng, kernel=runout_patterns3_ranks)
    assert new == old and sum(old) > 0


def test_the_deals_listed_in_one_call_are_the_plain_listing():
    """``deals3`` (the quick multiway path's listing): every three combos that
    share no card, in order, with the product of their weights and the count
    of the first two players' pairs."""
    from itertools import product

    from pokercli._kernels.range_runouts import deals3

    rng = random.Random(3)
    deck = list(range(52))
    players = [combos(rng, deck, n) for n in (9, 14, 6)]
    masks = [np.array([(1 << a) | (1 << b) for a, b in cs], np.int64) for cs in players]
    weights = [np.array([rng.choice((1, 2, 3)) for _ in cs], np.int64) for cs in players]
    first, second, third, weight, pairs = deals3(*masks, *weights)
    n1, n2 = len(players[0]), len(players[1])
    want = [(a, n1 + b, n1 + n2 + c, int(weights[0][a] * weights[1][b] * weights[2][c]))
            for a, b, c in product(*(range(len(cs)) for cs in players))
            if not (masks[0][a] & masks[1][b] or (masks[0][a] | masks[1][b]) & masks[2][c])]
    assert list(zip(first.tolist(), second.tolist(), third.tolist(), weight.tolist())) == want
    assert pairs == sum(1 for a in range(n1) for b in range(n2) if not masks[0][a] & masks[1][b])
