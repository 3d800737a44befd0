"""Heads-up, combo against combo, on a flop, turn or river: the integer counts
of every pair of combos over every runout. The range analysis sums them with
the players' weights; the sums are the exact engine's counts (tested).

Two ways to the same integers: NumPy evaluates every hand of every runout in
whole-array steps (the evaluator's key sums and table reads, written for
arrays), which needs no Numba, so a command against one hand starts without
importing it (about 0.4 s); the Numba kernel
(:mod:`pokercli._kernels.matchup`) takes the big jobs, range against range.
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional, Sequence

import numpy as np

from pokercli.games import game as _game

#: Jobs up to this many (runout, combo, combo) triples run in NumPy, bigger ones in the kernel.
NUMPY_MAX = 4_000_000


def _hand_values(hands: np.ndarray, runouts: np.ndarray, board: Sequence[int], tables) -> np.ndarray:
    """int64[runouts, hands]: each hand's strength (higher wins) with each runout
    on the board; -1 where the hand holds a board or runout card."""
    keys = tables[0]
    one = np.int64(1)
    return key_values(keys[hands].sum(axis=1), (one << hands[:, 0]) | (one << hands[:, 1]), runouts, board,
                      tables)


def key_values(hand_key: np.ndarray, hand_mask: np.ndarray, runouts: np.ndarray, board: Sequence[int],
               tables) -> np.ndarray:
    """:func:`_hand_values` of hands given as their cards' key sums and masks."""
    from pokercli._kernels.lookup import KEY_INIT

    keys, offsets, rank_tab, flush_tab = tables
    one = np.int64(1)
    board_key = int(KEY_INIT) + sum(int(keys[c]) for c in board)
    board_mask = sum(1 << int(c) for c in board)
    if runouts.shape[1]:
        run_key = keys[runouts].sum(axis=1)
        run_mask = np.bitwise_or.reduce(one << runouts, axis=1)
    else:
        run_key = np.zeros(len(runouts), np.int64)
        run_mask = np.zeros(len(runouts), np.int64)
    # a hand holding a board or runout card is valued without its cards (a card counted
    # twice makes a key past the end of a short deck's table), then dropped below
    overlap = ((run_mask[:, None] | np.int64(board_mask)) & hand_mask[None, :]) != 0
    key = np.int64(board_key) + run_key[:, None] + np.where(overlap, 0, hand_key[None, :])
    mask = np.int64(board_mask) | run_mask[:, None] | hand_mask[None, :]
    low = key & 0xFFFFFFFF
    value = rank_tab[(low & 4095) + offsets[low >> 12]].astype(np.int64)
    flush = (key >> 35) & 0x1111
    flushed = flush != 0
    if flushed.any():
        suit = ((flush & 0x1110) != 0).astype(np.int64) + ((flush & 0x1100) != 0) + ((flush & 0x1000) != 0)
        bits = (mask[flushed] >> (13 * suit[flushed])) & 0x1FFF
        value[flushed] = flush_tab[bits]
    value[overlap] = -1
    return value


#: Runouts valued in one step of :func:`_values_by_chunk`.
VALUE_CHUNK = 128


def _values_by_chunk(hands: np.ndarray, runouts: np.ndarray, board: Sequence[int], tables) -> np.ndarray:
    """:func:`_hand_values`, ``VALUE_CHUNK`` runouts at a time: the temporaries of
    a step stay in cache (a flop against every hand, 1,081 runouts by 1,081
    hands: 12 ms instead of 53 in a fresh process, whose first large arrays
    cost page faults)."""
    one = np.int64(1)
    key, mask = tables[0][hands].sum(axis=1), (one << hands[:, 0]) | (one << hands[:, 1])
    out = np.empty((len(runouts), len(hands)), np.int64)
    for start in range(0, len(runouts), VALUE_CHUNK):
        out[start:start + VALUE_CHUNK] = key_values(key, mask, runouts[start:start + VALUE_CHUNK], board, tables)
    return out


def values_on(hands: Sequence[tuple[int, int]], board: Sequence[int], game: str = "holdem") -> np.ndarray:
    """int64[len(hands)]: each two-card hand's strength on a board of 3 to 5
    cards (higher wins, equal ties; -1 where a hand holds a board card)."""
    from pokercli._kernels.lookup import kernel_tables, strength_tables

    g = _game(game)
    keys, offsets, _, _ = kernel_tables(g.rule.key)
    tables = (keys, offsets, *strength_tables(g.rule.key))
    a = np.array(hands, np.int64).reshape(-1, 2)
    return _hand_values(a, np.zeros((1, 0), np.int64), board, tables)[0]


def pair_counts(first: Sequence[tuple[int, int]], second: Sequence[tuple[int, int]], board: Sequence[int],
                removed: Sequence[int] = (), game: str = "holdem", engine: Optional[str] = None) -> np.ndarray:
    """int64[len(first), len(second), 3]: for each pair (a, b) of combos, the
    boards ``a`` wins, ties, and all boards, over every runout of the board to
    five cards from the cards neither combo, the board nor ``removed`` holds.
    ``engine``: ``"numpy"`` or ``"kernel"`` (None: NumPy up to :data:`NUMPY_MAX`)."""
    from pokercli import cards as C
    from pokercli._kernels.lookup import kernel_tables, strength_tables

    g = _game(game)
    if len(board) < 3:
        raise ValueError("pair_counts is for a flop, turn or river")
    keys, offsets, _, _ = kernel_tables(g.rule.key)
    rank_tab, flush_tab = strength_tables(g.rule.key)
    a = np.array(first, np.int64).reshape(-1, 2)
    b = np.array(second, np.int64).reshape(-1, 2)
    mask_a = (np.int64(1) << a[:, 0]) | (np.int64(1) << a[:, 1])
    mask_b = (np.int64(1) << b[:, 0]) | (np.int64(1) << b[:, 1])
    clash = (mask_a[:, None] & mask_b[None, :]) != 0
    gone = set(board) | set(removed) | set(g.left_out)
    deck = [c for c in range(52) if c not in gone]
    to_come = 5 - len(board)
    runouts = len(deck) ** to_come // (2 if to_come == 2 else 1)
    if engine == "numpy" or (engine is None and runouts * len(a) * len(b) <= NUMPY_MAX):
        runs = np.array(list(combinations(deck, to_come)), np.int64).reshape(-1, to_come) if to_come \
            else np.zeros((1, 0), np.int64)
        tables = (keys, offsets, rank_tab, flush_tab)
        va, vb = _values_by_chunk(a, runs, board, tables), _values_by_chunk(b, runs, board, tables)
        out = np.zeros((len(a), len(b), 3), np.int64)
        step = max(1, NUMPY_MAX // max(1, len(runs) * len(b)))
        for start in range(0, len(a), step):
            x = va[:, start:start + step, None]
            y = vb[:, None, :]
            valid = (x >= 0) & (y >= 0)
            out[start:start + step, :, 0] = ((x > y) & valid).sum(axis=0)
            out[start:start + step, :, 1] = ((x == y) & valid).sum(axis=0)
            out[start:start + step, :, 2] = valid.sum(axis=0)
        out[clash] = 0
        return out
    from pokercli._kernels.lookup import KEY_INIT
    from pokercli._kernels.jit import call
    from pokercli._kernels.matchup import pair_counts as kernel

    out = np.zeros((len(a), len(b), 3), np.int64)
    key = int(KEY_INIT) + sum(int(keys[c]) for c in board)
    call(kernel, a, b, clash, np.int64(key), np.int64(C.card_mask(board)), np.array(deck, np.int64),
         np.int64(to_come), keys, offsets, rank_tab, flush_tab, out)
    return out


def combo_rows(pairs: np.ndarray, other_weights, second: bool = False) -> list[tuple[float, float, float, float]]:
    """Each combo's (wins, ties, boards, equity) from :func:`pair_counts`, the
    other player's combos weighted by ``other_weights``: the first player's
    combos, or with ``second`` the second player's (whose wins are the first's losses)."""
    w = np.asarray(other_weights, np.float64)
    if second:
        losses = pairs[:, :, 2] - pairs[:, :, 0] - pairs[:, :, 1]
        wins, ties, total = losses.T @ w, pairs[:, :, 1].T @ w, pairs[:, :, 2].T @ w
    else:
        wins, ties, total = (pairs[:, :, k] @ w for k in range(3))
    return [(a, t, n, (a + t / 2) / n if n else 0.0)
            for a, t, n in zip(wins.tolist(), ties.tolist(), total.tolist())]
