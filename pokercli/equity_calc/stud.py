"""Equity in the games where each player's hand is completed from the deck:
stud (the cards dealt so far, the rest to come) and the draw games (the cards
kept, one draw to come).

Exact: every deal of the missing cards, as a combination of the unseen cards
(less the dead: folded up cards) split among the players every way
(:func:`pokercli._kernels.stud.stud_showdowns`), in kernel calls of at most
``DEALS_PER_CALL`` deals on threads. Monte Carlo: random deals in batches
seeded from the seed and their number, added in order, as for hold'em. The
tallies are the Omaha engine's (:func:`pokercli.equity_calc.tally.split_tallies`),
so a split pot stays exact.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from itertools import combinations
from typing import Callable, Optional

import numpy as np

from pokercli import cards as C
from pokercli import jobs
from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.spot import Spot
from pokercli.equity_calc.tally import split_result, split_stderrs, split_tallies
from pokercli.errors import PokerError, TooMuchWork
from pokercli.timing import Clock

#: Deals per exact kernel call (well under a second), so that Ctrl-C is answered.
DEALS_PER_CALL = 400_000


@lru_cache(maxsize=6)
def _tables(value_rule: str, split: bool):
    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.stud import RULES, low_rank_table, nopair_table

    from pokercli._kernels.lookup import kernel_tables as high_tables

    keys, offsets, (rank, flush), _ = high_tables("standard")
    if value_rule == "ace-to-five":  # a low is one read of the low table at the hand's rank key
        rank = low_rank_table()
    return RULES[value_rule], split, keys, offsets, rank, flush, nopair_table(), binomials()


def kernel_tables(game) -> tuple:
    """The stud kernels' (value rule, hi-lo, card keys, offsets, rank and flush
    score tables, no-pair lows, binomials) for a game."""
    return _tables(game.rule.ranking.value_rule, game.pot.split)


def places(missing: tuple[int, ...]) -> np.ndarray:
    """int64[S, P, 7]: every way to give the positions of a combination of
    ``sum(missing)`` cards to the players, ``missing[p]`` each (7 columns:
    room for any hand of up to seven cards)."""
    ways: list[list[list[int]]] = []

    def walk(p: int, left: tuple[int, ...], chosen: list[list[int]]) -> None:
        if p == len(missing):
            ways.append(chosen)
            return
        for mine in combinations(left, missing[p]):
            walk(p + 1, tuple(x for x in left if x not in mine), chosen + [list(mine)])

    walk(0, tuple(range(sum(missing))), [])
    out = np.zeros((len(ways), len(missing), 7), np.int64)
    for s, way in enumerate(ways):
        for p, mine in enumerate(way):
            out[s, p, :len(mine)] = mine
    return out


def layout(spot: Spot):
    """(hands int64[P, 7], known counts, pool of unseen cards, missing counts)."""
    hands = np.zeros((len(spot.players), spot.game.hole_cards), np.int64)
    sizes = np.zeros(len(spot.players), np.int64)
    for p, pl in enumerate(spot.players):
        hands[p, :len(pl.cards)] = pl.cards
        sizes[p] = len(pl.cards)
    used = C.card_mask([c for pl in spot.players for c in pl.cards] + spot.dead)
    pool = np.array([c for c in spot.game.deck if not used >> c & 1], np.int64)
    missing = tuple(int(spot.game.hole_cards - s) for s in sizes)
    return hands, sizes, pool, missing


def deals(spot: Spot) -> int:
    """How many deals of the missing cards there are."""
    _, _, pool, missing = layout(spot)
    total, left = 1, len(pool)
    for k in missing:
        total *= math.comb(left, k)
        left -= k
    return total


def exact(spot: Spot, progress: Optional[Callable[[int, int], None]] = None,
          limit: float = 4e8) -> EquityResult:
    """Every deal of the missing cards, counted (:class:`TooMuchWork` past
    ``limit`` hand evaluations)."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call, ensure
    from pokercli._stop import result as wait, shutdown

    t0 = Clock()
    total = deals(spot)
    players = len(spot.players)
    if total * players > limit:
        raise TooMuchWork(float(total * players))
    hands, sizes, pool, missing = layout(spot)
    split = places(missing)
    combos = math.comb(len(pool), sum(missing))
    tables = kernel_tables(spot.game)
    step = max(1, DEALS_PER_CALL // len(split))
    bounds = [(lo, min(step, combos - lo)) for lo in range(0, combos, step)]
    ensure(K.stud_showdowns, hands, sizes, pool, split, 0, 0, False, np.uint64(0), *tables,
           spot.with_types, *split_tallies(players))

    def part(start: int, count: int):
        t = split_tallies(players)
        call(K.stud_showdowns, hands, sizes, pool, split, start, count, False, np.uint64(0), *tables,
             spot.with_types, *t)
        return t

    totals = list(split_tallies(players))
    pool_ex = ThreadPoolExecutor(max_workers=jobs.threads())
    interrupted = True
    try:
        futures = [pool_ex.submit(part, lo, n) for lo, n in bounds]
        for done, fut in enumerate(futures, 1):
            for sum_, x in zip(totals, wait(fut)):
                sum_ += x
            if progress:
                progress(done, len(futures))
        interrupted = False
    finally:
        shutdown(pool_ex, interrupted)
    res = split_result(spot, [t.astype(np.float64) for t in totals], float(total), "exact")
    res.boards = float(total)
    res.deals = total
    res.evaluations = float(total * players)
    res.seconds = t0.seconds()
    return res


def monte_carlo(spot: Spot, samples: Optional[int] = None, stderr: Optional[float] = None,
                seed: Optional[int] = None,
                progress: Optional[Callable[[int, int, float], None]] = None) -> EquityResult:
    """Monte Carlo equity, as :func:`pokercli.equity_calc.montecarlo.monte_carlo`."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call
    from pokercli.equity_calc.montecarlo import batch_seed, run_batches, sampling_plan, split_sampled

    t0 = Clock()
    seed, stderr, cap = sampling_plan(seed, samples, stderr)
    hands, sizes, pool, missing = layout(spot)
    split = places(tuple(missing))[:1]
    tables = kernel_tables(spot.game)
    players = len(spot.players)
    totals = list(split_tallies(players))

    def one(b: int, n: int):
        t = split_tallies(players)
        call(K.stud_showdowns, hands, sizes, pool, split, 0, n, True, np.uint64(batch_seed(seed, b)),
             *tables, spot.with_types, *t)
        return t

    def add(part):
        for sum_, x in zip(totals, part):
            sum_ += x
        return int(part[5][1]), 0  # (samples, redrawn deals: none, every deal is valid)

    done, interrupted, reached = run_batches(one, add, lambda n: split_stderrs(totals, n), cap, stderr,
                                             jobs.threads(), progress)
    return split_sampled(spot, totals, done, (seed, stderr, cap), reached, interrupted, t0.seconds())


def equity(spot: Spot, job, game) -> EquityResult:
    """:func:`pokercli.equity_calc.equity` in a stud game: exact when feasible,
    Monte Carlo when asked or when the work is too much (the GPU engine and
    checkpoints are hold'em's and Omaha's)."""
    from pokercli.equity_calc import duration, sampled_instead
    from pokercli.equity_calc.exact import EVALS_PER_SECOND, EXACT_DEFAULT_LIMIT, EXACT_MAX

    if job.device == "gpu":
        raise PokerError(f"the GPU engine counts hold'em and short deck, not {game.name}: "
                         "use engine='cpu'", "engine")
    if job.engine not in (None, "local"):
        raise PokerError(f"a Dask scheduler runs hold'em and Omaha exact jobs; {game.name} runs on this "
                         "machine: leave scheduler= out", "scheduler")
    if job.checkpoint is not None or job.resume:
        raise PokerError(f"checkpoint= and resume=True are for hold'em and Omaha jobs, not {game.name}",
                         "checkpoint")
    if job.sampling:
        return monte_carlo(spot, job.samples, job.stderr, job.seed, job.report)
    try:
        return exact(spot, job.report, limit=EXACT_MAX if job.method == "exact" else EXACT_DEFAULT_LIMIT)
    except TooMuchWork as e:
        why = f"about {e.evaluations:.2g} hand evaluations (~{duration(e.evaluations / EVALS_PER_SECOND)} here)"
        return sampled_instead(job, why, lambda: monte_carlo(spot, job.samples, job.stderr, job.seed,
                                                             job.report))
