"""Heads-up, combo against combo, on a flop, turn or river: the integer counts
of every pair of combos over every runout, from one kernel pass
(:mod:`pokercli._kernels.matchup`). The range analysis sums them with the
players' weights; the sums are the exact engine's counts (the tests check it)."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from pokercli.games import game as _game


def pair_counts(first: Sequence[tuple[int, int]], second: Sequence[tuple[int, int]], board: Sequence[int],
                removed: Sequence[int] = (), game: str = "holdem") -> np.ndarray:
    """int64[len(first), len(second), 3]: for each pair (a, b) of combos, the
    boards ``a`` wins, ties, and all boards, over every runout of the board to
    five cards from the cards neither combo, the board nor ``removed`` holds."""
    from pokercli import cards as C
    from pokercli._kernels.evaluator import KEY_INIT
    from pokercli._kernels.jit import call
    from pokercli._kernels.matchup import pair_counts as kernel
    from pokercli.evaluate import kernel_tables, strength_tables

    g = _game(game)
    if len(board) < 3:
        raise ValueError("pair_counts is for a flop, turn or river")
    keys, offsets, _, _ = kernel_tables(g.ranking)
    rank_tab, flush_tab = strength_tables(g.ranking)
    a = np.array(first, np.int64).reshape(-1, 2)
    b = np.array(second, np.int64).reshape(-1, 2)
    mask_a = (np.int64(1) << a[:, 0]) | (np.int64(1) << a[:, 1])
    mask_b = (np.int64(1) << b[:, 0]) | (np.int64(1) << b[:, 1])
    clash = (mask_a[:, None] & mask_b[None, :]) != 0
    gone = set(board) | set(removed) | set(g.left_out)
    deck = np.array([c for c in range(52) if c not in gone], np.int64)
    out = np.zeros((len(a), len(b), 3), np.int64)
    key = int(KEY_INIT) + sum(int(keys[c]) for c in board)
    call(kernel, a, b, clash, np.int64(key), np.int64(C.card_mask(board)), deck, np.int64(5 - len(board)),
         keys, offsets, rank_tab, flush_tab, out)
    return out
