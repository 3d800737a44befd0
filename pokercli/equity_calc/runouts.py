"""Exact equity of a postflop range spot in one pass over the runouts.

A spot with ranges on a flop, turn or river has many deals (one combo per
player) but few runouts (at most 1,081 turn-and-river pairs): instead of
enumerating each deal's boards apart (a kernel call, and its Python around
it, per deal), every runout is dealt once, every combo of every player
valued once on it, and every deal compared from those values
(:mod:`pokercli._kernels.range_runouts`). A deal counts only the runouts
that none of its combos meets: its own deck's boards, the very boards the
deal-by-deal engine counts. Deals are weighted by whole numbers here (the
ranges' weights multiplied: unweighted ranges give 1), so the counts are the
same integers in any order; other weights go the deal-by-deal way.

The runouts are split into parts for the threads and into calls of bounded
work (a Ctrl-C stops the job between two calls).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Callable, Optional

import numpy as np

from pokercli.equity_calc.spot import Spot
from pokercli.timing import LIGHT_SPENT, Clock

#: Up to this many players (winner patterns: 2**players counters).
MAX_PLAYERS = 10
#: The largest deal weight taken (whole numbers only; the product of its combos' weights).
MAX_WEIGHT = 1 << 31
#: Work of one kernel call: combo values plus deal comparisons, summed over its runouts.
CALL_WORK = 30_000_000
#: Jobs of less work run on one thread (a pool costs more than it gives).
THREADED_WORK = 4_000_000
#: Jobs of more work look for the suit renamings that leave the spot as it is
#: (each runout then counted once for all its images).
SYMMETRY_WORK = 2_000_000


def _tables(spot: Spot):
    """The evaluator's (card keys, row offsets) of the spot's game."""
    from pokercli._kernels.lookup import kernel_tables

    return kernel_tables(spot.game.rule.key)[:2]


def _board(spot: Spot, keys) -> tuple[int, int]:
    """The board's key sum (with ``KEY_INIT``) and card mask."""
    from pokercli._kernels.lookup import KEY_INIT

    return int(KEY_INIT) + sum(int(keys[c]) for c in spot.board), sum(1 << c for c in spot.board)


def applies(spot: Spot) -> bool:
    """Whether this pass counts the spot: a game of two hole cards (its tables
    are two cards' keys: an Omaha hand is not one); a flop, turn or river; no
    hand types; two to ``MAX_PLAYERS`` players (fixed hands too: one deal's
    runouts cost less here than its boards enumerated); every combo's weight a
    whole number (so every deal's is)."""
    return (spot.game.hole_cards == 2 and spot.to_come < 3 and not spot.with_types
            and 2 <= len(spot.players) <= MAX_PLAYERS and _whole_weights(spot))


def _whole_weights(spot: Spot) -> bool:
    """Whether every combo's weight is a whole number and a deal's weight (their
    product) is at most ``MAX_WEIGHT``, so that the int64 tallies cannot overflow."""
    product = 1.0
    for p in spot.players:
        weights = p.facts.weights if p.facts is not None else {w for _, w in p.combos}
        if not all(w == int(w) and w >= 1 for w in weights):
            return False
        product *= max(weights)
    return product <= MAX_WEIGHT


def deal_rows(spot: Spot, cap: float):
    """(combo keys, combo masks, deals int32[d, players], weights int64[d]) of
    every deal, one combo per player sharing no card, in the order of the
    deal-by-deal engine; None past ``cap`` deals. Built player by player in
    whole-array steps."""
    keys = _tables(spot)[0]
    one = np.int64(1)
    cards, masks, weights, starts = [], [], [], [0]
    for p in spot.players:
        held = np.array([c for c, _ in p.combos], np.int64).reshape(-1, 2)
        cards.append(held)
        masks.append((one << held[:, 0]) | (one << held[:, 1]))
        weights.append(np.array([w for _, w in p.combos], np.float64))
        starts.append(starts[-1] + len(held))
    rows = np.arange(len(cards[0]), dtype=np.int32)[:, None]
    used, weight = masks[0], weights[0]
    for p in range(1, len(cards)):
        if len(rows) * len(cards[p]) > 4 * cap + 1_000_000:
            return None
        i, j = np.nonzero((used[:, None] & masks[p][None, :]) == 0)
        if len(i) > cap:
            return None
        rows = np.concatenate([rows[i], (starts[p] + j).astype(np.int32)[:, None]], axis=1)
        used, weight = used[i] | masks[p][j], weight[i] * weights[p][j]
    held = np.concatenate(cards)
    combo_keys = keys[held[:, 0]] + keys[held[:, 1]]
    return combo_keys, np.concatenate(masks), rows, weight.astype(np.int64)


def deal_list(spot: Spot, arrays) -> list:
    """The deals of :func:`deal_rows` or :func:`two_player_deals` as the
    deal-by-deal engine lists them, in its order: (combos, weight)."""
    if len(arrays) == 5:  # two players: the dense weights, first player's combo outer
        a, b = np.nonzero(arrays[4])
        rows = np.stack([a, len(arrays[0]) + b], axis=1)
        weights = arrays[4][a, b]
    else:
        rows, weights = arrays[2], arrays[3]
    combos = [c for p in spot.players for c, _ in p.combos]
    return [(tuple(combos[k] for k in row), float(w)) for row, w in zip(rows.tolist(), weights.tolist())]


def deal_count(arrays) -> tuple[int, int]:
    """(deals, their summed weight) of :func:`deal_rows` or :func:`two_player_deals`."""
    if len(arrays) == 5:
        return int(np.count_nonzero(arrays[4])), int(arrays[4].sum(dtype=np.int64))
    return len(arrays[2]), int(arrays[3].sum())


def runouts_of(spot: Spot) -> np.ndarray:
    """int64[r, to_come]: every runout of the board from the cards left (no hole card taken out)."""
    return _runouts(tuple(sorted(set(spot.board) | set(spot.removed))), spot.to_come)


def board_runouts(gone: tuple, k: int) -> np.ndarray:
    """int64[r, k]: every runout of ``k`` cards from the cards not in ``gone``
    (a sorted tuple: the board, dead cards and the cards the deck leaves out),
    read-only and kept for the next spot."""
    return _runouts(gone, k)


@lru_cache(maxsize=32)
def _runouts(gone: tuple, k: int) -> np.ndarray:
    deck = np.array([c for c in range(52) if c not in gone], np.int64)
    if k == 0:
        out = np.zeros((1, 0), np.int64)
    elif k == 1:
        out = deck[:, None].copy()
    else:
        i, j = np.triu_indices(len(deck), 1)
        out = np.stack([deck[i], deck[j]], axis=1)
    out.flags.writeable = False
    return out


def spot_symmetries(spot: Spot) -> np.ndarray:
    """The suit renamings (card-id maps, identity first) that keep the board,
    the dead cards and every player's combos with their weights as they are."""
    from pokercli.equity_calc.symmetry import stabilizer

    perms = stabilizer(spot)
    keep = [p for p in perms if all(_keeps(p, player.combos) for player in spot.players)]
    return np.array(keep, np.int64).reshape(-1, 52)


def _keeps(perm: np.ndarray, combos) -> bool:
    """Whether the renaming maps this set of weighted two-card combos onto itself."""
    held = np.array([c for c, _ in combos], np.int64).reshape(-1, 2)
    weights = np.array([w for _, w in combos], np.float64)
    mapped = perm[held]
    codes = np.minimum(held[:, 0], held[:, 1]) * 52 + np.maximum(held[:, 0], held[:, 1])
    images = np.minimum(mapped[:, 0], mapped[:, 1]) * 52 + np.maximum(mapped[:, 0], mapped[:, 1])
    a, b = np.argsort(codes), np.argsort(images)
    return bool((codes[a] == images[b]).all() and (weights[a] == weights[b]).all())


def symmetric_runouts(spot: Spot, runs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(one runout of each class of runouts that the spot's symmetries map onto
    each other, how many runouts it stands for): every deal's counts are the
    same on a runout and its images, so each class is counted once, weighted."""
    perms = spot_symmetries(spot)
    if len(perms) <= 1 or runs.shape[1] == 0:
        return runs, np.ones(len(runs), np.int64)
    mapped = np.sort(perms[:, runs], axis=2)  # (renamings, runouts, cards)
    codes = mapped @ (52 ** np.arange(runs.shape[1] - 1, -1, -1))
    canonical = codes.min(axis=0)
    _, first, counts = np.unique(canonical, return_index=True, return_counts=True)
    order = np.argsort(first)
    kept = runs[first[order]]
    kept.flags.writeable = False  # read-only as every runout list is: one compiled signature of the kernels
    return kept, counts[order].astype(np.int64)


def two_player_deals(spot: Spot):
    """(first keys, first masks, second keys, second masks, weights[a, b]) of a
    two-player spot: 0 where the combos share a card; uint8 when every weight
    fits (an eighth of the memory the loop reads)."""
    keys = _tables(spot)[0]
    one = np.int64(1)
    out = []
    ws = []
    for p in spot.players:
        held = np.array([c for c, _ in p.combos], np.int64).reshape(-1, 2)
        out += [keys[held[:, 0]] + keys[held[:, 1]], (one << held[:, 0]) | (one << held[:, 1])]
        ws.append(np.array([w for _, w in p.combos], np.float64))
    weights = np.outer(ws[0], ws[1]) * ((out[1][:, None] & out[3][None, :]) == 0)
    dtype = np.uint8 if weights.max() <= 255 else np.int64
    return (*out, weights.astype(dtype))


def counts(spot: Spot, arrays, threads: int,
           progress: Optional[Callable[[int, int], None]] = None) -> tuple[np.ndarray, Clock, float]:
    """(outcome[players, players + 1] as floats, the clock started when the
    kernel was ready, hand evaluations) of every deal of :func:`deal_rows`
    (``arrays``) over every runout."""
    from pokercli._kernels.jit import call, ensure
    from pokercli._kernels.lookup import strength_tables
    from pokercli._kernels.range_runouts import runout_counts2_ranks, runout_patterns, runout_patterns3_ranks
    from pokercli.equity_calc.tally import add_patterns

    players = len(spot.players)
    keys, offsets = _tables(spot)[:2]
    rank_tab, flush_tab = strength_tables(spot.game.rule.key)
    runs = runouts_of(spot)
    base_key, base_mask = _board(spot, keys)
    board = (np.int64(base_key), np.int64(base_mask), keys, offsets, rank_tab, flush_tab)
    if len(arrays) == 5:
        fk, fm, sk, sm, dense = arrays

        def args(part, patterns: np.ndarray):
            return (runout_counts2_ranks, fk, fm, sk, sm, dense, *part, *board, np.empty(len(sk), np.int64),
                    patterns)

        per_runout = dense.size + len(fk) + len(sk)
    else:
        combo_keys, combo_masks, rows, weights = arrays
        if players == 3:  # three index arrays: the deal loop without a branch (vectorized)
            columns = tuple(np.ascontiguousarray(rows[:, p]) for p in range(3))

            def args(part, patterns: np.ndarray):
                return (runout_patterns3_ranks, combo_keys, combo_masks, *columns, weights, *part, *board,
                        np.empty(len(combo_keys), np.int64), patterns)
        else:
            def args(part, patterns: np.ndarray):
                return (runout_patterns, combo_keys, combo_masks, rows, weights, *part, *board,
                        np.empty(len(combo_keys), np.int64), patterns)

        per_runout = len(combo_keys) + len(rows) * players
    if len(runs) * per_runout > SYMMETRY_WORK:
        runs, run_weights = symmetric_runouts(spot, runs)
    else:
        run_weights = np.ones(len(runs), np.int64)
    ensure(*args((runs[:1], run_weights[:1]), np.zeros(1 << players, np.int64)))
    clock = Clock()
    step = max(1, min(len(runs), CALL_WORK // max(1, per_runout)))
    if threads > 1 and len(runs) * per_runout > THREADED_WORK:
        step = min(step, -(-len(runs) // threads))
    parts = [(runs[i:i + step], run_weights[i:i + step]) for i in range(0, len(runs), step)]

    def run(part) -> np.ndarray:
        patterns = np.zeros(1 << players, np.int64)
        call(*args(part, patterns))
        return patterns

    total = _run_parts(run, parts, threads, progress)
    outcome = add_patterns(total, np.zeros((players, players + 1), np.int64)).astype(np.float64)
    return outcome, clock, float(len(runs) * (len(arrays[0]) + (len(arrays[2]) if len(arrays) == 5 else 0)))


def patterns_by_runout(spot: Spot, arrays, threads: int,
                       progress: Optional[Callable[[int, int], None]] = None) -> tuple[np.ndarray, np.ndarray]:
    """(every runout int64[r, to_come], the weighted winner patterns of each,
    int64[r, 2**players]) of the deals of :func:`deal_rows` (``arrays``): one
    pass over the runouts, each kept apart (no suit symmetry), so a spot's
    result after any next card is the sum over the runouts that hold it."""
    from pokercli._kernels.jit import call, ensure
    from pokercli._kernels.lookup import strength_tables
    from pokercli._kernels.range_runouts import runout_patterns_each

    players = len(spot.players)
    keys, offsets = _tables(spot)[:2]
    rank_tab, flush_tab = strength_tables(spot.game.rule.key)
    runs = runouts_of(spot)
    base_key, base_mask = _board(spot, keys)
    combo_keys, combo_masks, rows, weights = arrays
    out = np.zeros((len(runs), 1 << players), np.int64)

    def args(lo: int, hi: int):
        return (runout_patterns_each, combo_keys, combo_masks, rows, weights, runs[lo:hi],
                np.int64(base_key), np.int64(base_mask), keys, offsets, rank_tab, flush_tab,
                np.empty(len(combo_keys), np.int64), out[lo:hi])

    ensure(*args(0, 0))
    per_runout = len(combo_keys) + len(rows) * players
    step = max(1, min(len(runs), CALL_WORK // max(1, per_runout)))
    if threads > 1 and len(runs) * per_runout > THREADED_WORK:
        step = min(step, -(-len(runs) // threads))
    parts = [(i, min(i + step, len(runs))) for i in range(0, len(runs), step)]

    def run(part) -> int:
        call(*args(*part))  # writes its own rows of `out`
        return 0

    _run_parts(run, parts, threads, progress)
    return runs, out


#: Two-player jobs of at most this many (runout, combo, combo) triples, and this
#: many (runout, combo) hand values, are counted in NumPy while Numba is not
#: loaded yet: a one-off command (two ranges on a flop, a hand against random)
#: then starts without importing it and loading its kernels, about 0.2 s. At
#: the limits NumPy takes about 20 ms each (the range-against-range flop of
#: the benchmarks: 3 ms; a hand against random on a flop: 19 ms).
NUMPY_WORK = 4_000_000
NUMPY_VALUES = 1_500_000


def numpy_first() -> bool:
    """Whether NumPy should count a small job: no kernel that counts or samples
    is loaded yet in this process (:func:`pokercli.timing.kernels_ready`) and
    the light paths have budget left (:data:`pokercli.timing.LIGHT_BUDGET`)."""
    from pokercli.timing import kernels_ready, light_allowed

    return not kernels_ready() and light_allowed()


def numpy_will_do(spot: Spot, arrays) -> bool:
    """Whether :func:`numpy_counts` takes this job (see ``NUMPY_WORK``): two
    players' dense weights (:func:`two_player_deals`), or more players' deals
    (:func:`deal_rows`), the (runout, deal) pairs then counting as triples."""
    if not numpy_first():
        return False
    runs = len(runouts_of(spot))
    if len(arrays) == 5:
        return runs * arrays[4].size <= NUMPY_WORK and runs * (len(arrays[0]) + len(arrays[2])) <= NUMPY_VALUES
    return runs * len(arrays[2]) * arrays[2].shape[1] <= NUMPY_WORK and runs * len(arrays[0]) <= NUMPY_VALUES


def numpy_counts(spot: Spot, arrays) -> tuple[np.ndarray, Clock, float]:
    """:func:`counts` in NumPy (the same integers, no Numba): two players by
    :func:`pokercli.equity_calc.matchup.pair_counts`, more by
    :func:`numpy_patterns`."""
    from pokercli.equity_calc.matchup import pair_counts

    if len(arrays) != 5:
        return numpy_patterns(spot, arrays)
    clock = Clock()
    first, second = ([c for c, _ in p.combos] for p in spot.players)
    pairs = pair_counts(first, second, spot.board, spot.dead, spot.game.name, engine="numpy")
    w = arrays[4].astype(np.int64)
    won, tied, total = ((w * pairs[:, :, k]).sum() for k in range(3))
    outcome = np.zeros((2, 3), np.float64)
    outcome[0, 1], outcome[1, 1] = won, total - won - tied
    outcome[0, 2] = outcome[1, 2] = tied
    LIGHT_SPENT[0] += clock.seconds()
    return outcome, clock, float(len(runouts_of(spot)) * (len(first) + len(second)))


def numpy_patterns(spot: Spot, arrays) -> tuple[np.ndarray, Clock, float]:
    """:func:`counts` of the deals of :func:`deal_rows` (three or more
    players) in NumPy: every combo valued on every runout
    (:func:`pokercli.equity_calc.matchup.key_values`, ``VALUE_CHUNK`` runouts a
    step), each deal's winner pattern on each runout where no combo holds a
    runout card, the patterns summed with the deals' weights."""
    from pokercli._kernels.lookup import strength_tables
    from pokercli.equity_calc.matchup import VALUE_CHUNK, key_values
    from pokercli.equity_calc.tally import add_patterns

    clock = Clock()
    combo_keys, combo_masks, rows, weights = arrays
    players = rows.shape[1]
    keys, offsets = _tables(spot)
    tables = (keys, offsets, *strength_tables(spot.game.rule.key))
    runs = runouts_of(spot)
    bits = np.int64(1) << np.arange(players, dtype=np.int64)
    total = np.zeros(1 << players, np.int64)
    for start in range(0, len(runs), VALUE_CHUNK):
        values = key_values(combo_keys, combo_masks, runs[start:start + VALUE_CHUNK], spot.board, tables)
        dealt = values[:, rows]  # [runouts, deals, players]; -1 where a combo holds a runout card
        best = dealt.max(axis=2, keepdims=True)
        pattern = ((dealt == best) * bits).sum(axis=2)
        live = (dealt >= 0).all(axis=2)
        np.add.at(total, pattern[live], np.broadcast_to(weights, live.shape)[live])
    outcome = add_patterns(total, np.zeros((players, players + 1), np.int64)).astype(np.float64)
    LIGHT_SPENT[0] += clock.seconds()
    return outcome, clock, float(len(runs) * len(combo_keys))


def _run_parts(run: Callable, parts: list, threads: int, progress) -> np.ndarray:
    """The sum of ``run(part)`` over ``parts``: on this thread when there is one
    part (or one thread), else on a pool whose results are waited for in short
    steps (a Ctrl-C stops the job at the next kernel call)."""
    from pokercli._stop import result, shutdown

    total = 0
    if len(parts) == 1 or threads <= 1:
        for done, part in enumerate(parts, 1):
            total = total + run(part)
            if progress:
                progress(done, len(parts))
        return total
    pool = ThreadPoolExecutor(max_workers=threads)
    interrupted = True
    try:
        futures = [pool.submit(run, part) for part in parts]
        for done, future in enumerate(futures, 1):
            total = total + result(future)
            if progress:
                progress(done, len(parts))
        interrupted = False
    finally:
        shutdown(pool, interrupted)
    return total


def random_case(spot: Spot) -> bool:
    """Fixed hands against one ``random`` hand on a flop or turn: counted by
    :func:`random_counts`, each set of random hand and runout valued once."""
    rand = spot.random_players
    return (spot.to_come in (1, 2) and sum(rand) == 1 and not spot.with_types
            and len(spot.players) <= MAX_PLAYERS
            and all(p.fixed for p, r in zip(spot.players, rand) if not r) and _whole_weights(spot))


def random_counts(spot: Spot, threads: int,
                  progress: Optional[Callable[[int, int], None]] = None) -> tuple[np.ndarray, Clock, float]:
    """(outcome as floats, clock, work) of fixed hands against one random hand
    (see :func:`random_case`). The work is the hand evaluations, or for one
    fixed hand, which is counted by ranks (:func:`random_ranks2`), the table reads."""
    from math import comb

    from pokercli._kernels.jit import call, ensure
    from pokercli._kernels.lookup import strength_tables
    from pokercli._kernels.range_runouts import random_patterns
    from pokercli.equity_calc.tally import add_patterns

    players = len(spot.players)
    seat = spot.random_players.index(True)
    keys, offsets = _tables(spot)[:2]
    rank_tab, flush_tab = strength_tables(spot.game.rule.key)
    fixed = [p.combos[0][0] for p in spot.players if p.fixed]
    gone = set(spot.board) | set(spot.removed) | {c for combo in fixed for c in combo}
    k = spot.to_come
    weight = int(spot.players[seat].combos[0][1])
    tables = (keys, offsets, rank_tab, flush_tab)
    if players == 2:  # one fixed hand: counted by ranks (random_ranks2)
        from pokercli._kernels.lookup import KEY_INIT
        from pokercli._kernels.range_runouts import random_ranks2

        (a, b), = fixed
        task = (random_ranks2, (1 << a) | (1 << b), sum(1 << c for c in spot.board),
                (1 << 52) - 1 - sum(1 << c for c in gone), k, int(KEY_INIT), *tables)
        ensure(*task)
        clock = Clock()
        won, lost, tied, reads = call(*task)
        patterns = np.zeros(4, np.int64)
        patterns[1 << (1 - seat)], patterns[1 << seat], patterns[3] = won, lost, tied
        outcome = add_patterns(patterns * weight, np.zeros((players, players + 1), np.int64)).astype(np.float64)
        return outcome, clock, float(reads)
    fixed_keys = np.array([int(keys[a]) + int(keys[b]) for a, b in fixed], np.int64)
    fixed_masks = np.array([(1 << a) | (1 << b) for a, b in fixed], np.int64)
    deck = np.array([c for c in range(52) if c not in gone], np.int64)
    base_key, base_mask = _board(spot, keys)

    def args(first: int, count: int, patterns: np.ndarray):
        return (random_patterns, fixed_keys, fixed_masks, np.int64(seat), deck, np.int64(k),
                np.int64(base_key), np.int64(base_mask), *tables, np.int64(first), np.int64(count),
                patterns)

    ensure(*args(0, 0, np.zeros(1 << players, np.int64)))
    clock = Clock()
    n = len(deck)
    sets = [comb(n - 1 - a, k + 1) for a in range(n)]  # sets whose lowest card is deck[a]
    parts_wanted = threads if sum(sets) * comb(k + 2, 2) > THREADED_WORK else 1
    bounds, acc, target = [0], 0, sum(sets) / parts_wanted
    for a, s in enumerate(sets):
        acc += s
        if acc >= target * len(bounds) and len(bounds) < parts_wanted:
            bounds.append(a + 1)
    bounds.append(n)
    parts = [(lo, hi - lo) for lo, hi in zip(bounds[:-1], bounds[1:]) if hi > lo]

    def run(part) -> np.ndarray:
        patterns = np.zeros(1 << players, np.int64)
        task = args(*part, patterns)
        call(*task)
        return patterns

    total = _run_parts(run, parts, threads, progress)
    outcome = add_patterns(total * weight, np.zeros((players, players + 1), np.int64)).astype(np.float64)
    return outcome, clock, float(sum(sets))
