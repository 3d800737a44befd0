"""Equity in the games where each player's hand is completed from the deck:
stud (the cards dealt so far, the rest to come) and the draw games (the cards
kept, one draw to come).

Exact: every deal of the missing cards, as a combination of the unseen cards
(less the dead: folded up cards) split among the players every way
(:func:`pokercli._kernels.stud.stud_showdowns`), in kernel calls of at most
``DEALS_PER_CALL`` deals on threads. Monte Carlo: random deals in batches
seeded from the seed and their number, added in order, as for hold'em (stud
hi-lo by :func:`pokercli._kernels.stud.hilo_samples`, the other games by
:func:`pokercli._kernels.stud.stud_samples`: the general kernel's deals). The
tallies are the Omaha engine's (:func:`pokercli.equity_calc.tally.split_tallies`),
so a split pot stays exact.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Callable, Optional

import numpy as np

from pokercli import cards as C
from pokercli import jobs
from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.spot import Spot
from pokercli.equity_calc.stud_light import deals
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


def places(missing: tuple[int, ...], first: bool = False) -> np.ndarray:
    """int64[S, P, 7]: every way to give the positions of a combination of
    ``sum(missing)`` cards to the players, ``missing[p]`` each (7 columns:
    room for any hand of up to seven cards). ``first``: the first way alone
    (each player the next positions in turn), all a sample needs: seven
    players from third street have about 4.7 * 10^17 ways, which listed took
    every byte of memory."""
    ways: list[list[list[int]]] = []

    def walk(p: int, left: tuple[int, ...], chosen: list[list[int]]) -> None:
        if p == len(missing):
            ways.append(chosen)
            return
        for mine in combinations(left, missing[p]):
            walk(p + 1, tuple(x for x in left if x not in mine), chosen + [list(mine)])
            if first:
                return

    walk(0, tuple(range(sum(missing))), [])
    out = np.zeros((len(ways), len(missing), 7), np.int64)
    for s, way in enumerate(ways):
        for p, mine in enumerate(way):
            out[s, p, :len(mine)] = mine
    return out


def layout(spot: Spot, held: Optional[list] = None):
    """(hands int64[P, 7], known counts, pool of unseen cards, missing counts)
    of the fixed hands, or of one deal of the players' ranges (``held``: each
    player's known cards)."""
    held = [pl.cards for pl in spot.players] if held is None else held
    hands = np.zeros((len(spot.players), spot.game.hole_cards), np.int64)
    sizes = np.zeros(len(spot.players), np.int64)
    for p, cards in enumerate(held):
        hands[p, :len(cards)] = cards
        sizes[p] = len(cards)
    used = C.card_mask([c for cards in held for c in cards] + spot.dead)
    pool = np.array([c for c in spot.game.deck if not used >> c & 1], np.int64)
    missing = tuple(int(spot.game.hole_cards - s) for s in sizes)
    return hands, sizes, pool, missing


#: The most deals of the players' ranges an exact job lists.
MOST_RANGE_DEALS = 2_000_000
#: What one deal of the ranges costs an exact job besides its evaluations (its
#: kernel calls and arrays, about 0.2 ms), in hand evaluations: the work estimate
#: counts it, so that many deals of few cards each go to Monte Carlo under "auto".
DEAL_COST = 20_000


def ranged(spot: Spot) -> bool:
    """Whether a player is a range (several hands) rather than one hand."""
    return any(not pl.fixed for pl in spot.players)


def range_deals(spot: Spot, cap: int = MOST_RANGE_DEALS) -> Optional[list[list[tuple[int, ...]]]]:
    """Every deal of the players' ranges, one hand each holding no card of
    another (each player's known cards); None past ``cap`` deals."""
    choices = [[tuple(pl.cards)] if pl.fixed else [c for c, _ in pl.combos] for pl in spot.players]
    out: list[list[tuple[int, ...]]] = []

    def walk(p: int, used: int, chosen: list) -> bool:
        if p == len(choices):
            out.append(list(chosen))
            return len(out) <= cap
        for cards in choices[p]:
            mask = C.card_mask(cards)
            if not mask & used:
                chosen.append(cards)
                if not walk(p + 1, used | mask, chosen):
                    return False
                chosen.pop()
        return True

    return out if walk(0, 0, []) else None


def exact(spot: Spot, progress: Optional[Callable[[int, int], None]] = None,
          limit: float = 4e8, scheduler: Optional[str] = None, checkpoint: Optional[Path] = None,
          resume: bool = False, device: str = "cpu") -> EquityResult:
    """Every deal of the missing cards, counted (:class:`TooMuchWork` past
    ``limit`` hand evaluations): on this machine's threads, on its GPU
    (``device`` ``"gpu"``, or ``"auto"`` for a job of ``gpu.AUTO_EXACT_WORK``
    evaluations or more when one is present; :func:`pokercli.gpu.stud_exact`,
    the same integers), or in chunks of kernel calls on a Dask ``scheduler``
    (or ``POKERCLI_SCHEDULER``'s) and, with a ``checkpoint`` file, each
    finished chunk saved there (``resume`` continues from it)."""
    from pokercli import gpu
    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call, ensure
    from pokercli._stop import result as wait, shutdown
    from pokercli.equity_calc.exact import GPU_FACTOR

    t0 = Clock()
    players = len(spot.players)
    on_engine = checkpoint is not None or _cluster(scheduler)
    if device == "gpu":
        if on_engine:
            raise PokerError(f"the GPU engine counts {spot.game.name} on this machine, without a "
                             "checkpoint or a Dask cluster: use engine='cpu' for those", "engine")
        gpu.use_gpu("gpu", True)  # refused here, in one line, when there is none
        limit *= GPU_FACTOR
    if ranged(spot):
        cap = int(min(MOST_RANGE_DEALS, limit // DEAL_COST))
        hands_of = range_deals(spot, cap)
        if hands_of is None:  # more deals than the limit allows: at least this much work
            raise TooMuchWork(float(cap * DEAL_COST))
        if not hands_of:
            raise PokerError("no deal is possible: the ranges leave no hands without a shared card", "players")
    else:
        hands_of = [None]
    ranged_deals = len(hands_of) if hands_of != [None] else 0
    if spot.community:
        hands_of = with_community(spot, hands_of)
    each = [deals(spot, held) for held in hands_of]
    total = sum(each)
    work = total * players + ranged_deals * DEAL_COST
    if work > limit:
        raise TooMuchWork(float(work))
    tables = kernel_tables(spot.game)
    jobs_ = []  # (layout, start, count) of every kernel call, deal by deal
    for held in hands_of:
        hands, sizes, pool, missing = layout(spot, held)
        split = places(missing)
        combos = math.comb(len(pool), sum(missing))
        step = max(1, DEALS_PER_CALL // len(split))
        jobs_ += [((hands, sizes, pool, split), lo, min(step, combos - lo)) for lo in range(0, combos, step)]
    note = ""
    if on_engine:
        totals, note = _on_engine(spot, jobs_, scheduler, checkpoint, resume, progress)
        return _exact_result(spot, totals, total, ranged_deals, t0, note)
    missing = max(sum(spot.game.hole_cards - len(c) for c in (held or [pl.cards for pl in spot.players]))
                  for held in hands_of)
    able = gpu.stud_supports(players, missing)
    if device == "gpu" and not able:
        raise PokerError(f"the GPU engine counts up to {gpu.stud_max_players()} players: use engine='cpu'",
                         "engine")
    if device != "cpu" and able and gpu.use_gpu(device, work >= gpu.AUTO_EXACT_WORK, "exact equity"):
        totals = list(split_tallies(players))
        for done, held in enumerate(hands_of, 1):
            hands, sizes, pool, missing_ = layout(spot, held)
            gpu.stud_exact(hands, sizes, pool, places(missing_), tables, spot.with_types, totals)
            if progress:
                progress(done, len(hands_of))
        return _exact_result(spot, totals, total, ranged_deals, t0, "")
    hands, sizes, pool, split = jobs_[0][0]
    ensure(K.stud_showdowns, hands, sizes, pool, split, 0, 0, False, np.uint64(0), *tables,
           spot.with_types, *split_tallies(players))

    def part(arrays, start: int, count: int):
        t = split_tallies(players)
        call(K.stud_showdowns, *arrays, start, count, False, np.uint64(0), *tables, spot.with_types, *t)
        return t

    totals = list(split_tallies(players))
    pool_ex = ThreadPoolExecutor(max_workers=jobs.threads())
    interrupted = True
    try:
        futures = [pool_ex.submit(part, arrays, lo, n) for arrays, lo, n in jobs_]
        for done, fut in enumerate(futures, 1):
            for sum_, x in zip(totals, wait(fut)):
                sum_ += x
            if progress:
                progress(done, len(futures))
        interrupted = False
    finally:
        shutdown(pool_ex, interrupted)
    return _exact_result(spot, totals, total, ranged_deals, t0, note)


def _exact_result(spot: Spot, totals, total: int, ranged_deals: int, t0: Clock, note: str) -> EquityResult:
    res = split_result(spot, [np.asarray(t).astype(np.float64) for t in totals], float(total), "exact")
    res.boards = float(total)
    res.deals = total
    res.evaluations = float(total * len(spot.players))
    res.seconds = t0.seconds()
    res.note = "; ".join(x for x in (community_note(spot), note) if x)
    if ranged_deals:
        res.extra["range_deals"] = ranged_deals
    return res


def community_note(spot: Spot) -> str:
    """What a result says when the last card is a community card, or ""."""
    if not spot.community:
        return ""
    g, n = spot.game, len(spot.players)
    if spot.board:
        return f"the {g.dealing.street_names[-1]} card is the community card {C.format_cards(spot.board)}"
    need = g.hole_cards * n + len(spot.dead)
    if need <= len(g.deck):  # announced ("x"), not called for by the unseen cards
        return f"the {g.dealing.street_names[-1]} card is one community card, to come"
    return (f"the {g.dealing.street_names[-1]} card is one community card: {g.hole_cards} cards each for {n} "
            f"players{' and the dead cards' if spot.dead else ''} would take {need} of the {len(g.deck)}")


def with_community(spot: Spot, hands_of: list) -> list:
    """Each deal of ``hands_of`` (each player's known cards; None: the fixed hands)
    once for each unseen card, that card added to every hand as its last: the
    community card (every one alike, as the deals that follow it are); the
    board's card alone when it is known."""
    out = []
    for held in hands_of:
        held = [tuple(pl.cards) for pl in spot.players] if held is None else held
        used = C.card_mask([c for cards in held for c in cards] + spot.dead + spot.board)
        ones = spot.board or [c for c in spot.game.deck if not used >> c & 1]  # known, or each unseen card
        out += [[tuple(cards) + (c,) for cards in held] for c in ones]
    return out


#: Kernel calls in one engine chunk (one Dask task, one line of a checkpoint).
CHUNK_CALLS = 2


def _cluster(scheduler: Optional[str]) -> bool:
    """Whether a Dask scheduler takes the job (named here, or by ``POKERCLI_SCHEDULER``
    when it answers: :func:`pokercli.jobs.cluster_address`)."""
    return jobs.cluster_address(scheduler) is not None


def chunk_tallies(game_name: str, with_types: bool, players: int, calls: list) -> list:
    """One engine chunk: the summed tallies of its kernel calls, each
    ``(hands, sizes, pool, split, start, count)``, as lists (a checkpoint's JSON).
    Module-level so that a Dask worker can run it."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call
    from pokercli.games import game

    tables = kernel_tables(game(game_name))
    totals = split_tallies(players)
    for hands, sizes, pool, split, start, count in calls:
        t = split_tallies(players)
        call(K.stud_showdowns, hands, sizes, pool, split, start, count, False, np.uint64(0), *tables,
             with_types, *t)
        _add_into(totals, t)
    return [t.tolist() for t in totals]


def _on_engine(spot: Spot, calls: list, scheduler: Optional[str], checkpoint: Optional[Path], resume: bool,
               progress) -> tuple[list, str]:
    """The kernel calls in chunks on this machine or a Dask cluster, summed in
    chunk order (the same integers whichever worker ran which chunk); with a
    checkpoint file, finished chunks saved and skipped on resume."""
    players = len(spot.players)
    flat = [(*arrays, lo, n) for arrays, lo, n in calls]
    chunks = [(spot.game.name, spot.with_types, players, flat[k:k + CHUNK_CALLS])
              for k in range(0, len(flat), CHUNK_CALLS)]
    community = f", community card {C.format_cards(spot.board) or 'to come'}" if spot.community else ""
    header = {"job": f"{spot.game.name} equity {' vs '.join(p.label for p in spot.players)}, dead "
                     f"{C.format_cards(spot.dead) or '-'}{community}{', categories' if spot.with_types else ''}: "
                     f"{len(flat)} kernel calls in {len(chunks)} chunks"}
    shapes = [(players, players + 1)] * 3 + [(players,), (players,), (3,), (players, 10)]

    def valid(index: int, result) -> bool:
        """A chunk's saved tallies: seven tables of the tallies' shapes, whole and non-negative."""
        try:
            arrays = [np.asarray(x) for x in result]
        except (TypeError, ValueError):
            return False
        return (isinstance(result, list) and len(arrays) == 7
                and all(a.shape == shape and a.dtype.kind == "i" and (a >= 0).all()
                        for a, shape in zip(arrays, shapes)))

    runner = jobs.engine_for(scheduler)
    try:
        results, resumed, _ = jobs.run_saved(chunk_tallies, chunks, runner, checkpoint, header, resume, valid,
                                             progress)
    finally:
        runner.close()
    totals = split_tallies(players)
    for result in results:
        _add_into(totals, [np.asarray(x, np.int64) for x in result])
    note = f"{len(chunks)} chunks on {runner.description}"
    if resumed:
        note += f" ({resumed} resumed from the checkpoint)"
    return totals, note


def monte_carlo(spot: Spot, samples: Optional[int] = None, stderr: Optional[float] = None,
                seed: Optional[int] = None,
                progress: Optional[Callable[[int, int, float], None]] = None) -> EquityResult:
    """Monte Carlo equity, as :func:`pokercli.equity_calc.montecarlo.monte_carlo`."""
    from pokercli.equity_calc.montecarlo import batch_seed, run_batches, sampling_plan, split_sampled

    t0 = Clock()
    seed, stderr, cap = sampling_plan(seed, samples, stderr)
    if ranged(spot):
        if spot.community:
            raise PokerError("a community card with ranges is counted exactly only: narrow the ranges",
                             "players")
        return _ranged_monte_carlo(spot, seed, stderr, cap, progress, t0)
    tables = kernel_tables(spot.game)
    players = len(spot.players)
    totals = list(split_tallies(players))
    layouts = []
    for held in (with_community(spot, [None]) if spot.community else [None]):
        hands, sizes, pool, missing = layout(spot, held)
        layouts.append((hands, sizes, pool, places(tuple(missing), first=True)))

    def one(b: int, n: int):
        if len(layouts) == 1:
            return _sample_batch(layouts[0], n, batch_seed(seed, b), tables, spot.with_types, players)
        # each sample's community card uniform and independent: a seeded multinomial split of the batch
        counts = np.random.default_rng(batch_seed(seed, b)).multinomial(n, [1 / len(layouts)] * len(layouts))
        t = split_tallies(players)
        for i, k in enumerate(counts.tolist()):
            if k:
                _add_into(t, _sample_batch(layouts[i], k, batch_seed(batch_seed(seed, b), i), tables,
                                           spot.with_types, players))
        return t

    def add(part):
        _add_into(totals, part)
        return int(part[5][1]), 0  # (samples, redrawn deals: none, every deal is valid)

    done, interrupted, reached = run_batches(one, add, lambda n: split_stderrs(totals, n), cap, stderr,
                                             jobs.threads(), progress)
    result = split_sampled(spot, totals, done, (seed, stderr, cap), reached, interrupted, t0.seconds())
    result.note = "; ".join(x for x in (community_note(spot), result.note) if x)
    return result


def _sample_batch(arrays, n: int, kernel_seed: int, tables, with_types: bool, players: int):
    """The tallies of ``n`` random deals of the missing cards of one layout
    (hands, sizes, pool, one split of the missing cards), seeded: by a
    sampling kernel of its own (stud hi-lo's, or the other games'), the same
    deals and counts as the general kernel's, faster."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call

    t = split_tallies(players)
    rule, hilo, keys, offsets, rank, flush, nopair, _ = tables
    hands, sizes, pool, _ = arrays
    hi, hl, lo, scoop, sq, stats, types = t
    if hilo:
        call(K.hilo_samples, hands, sizes, pool, n, np.uint64(kernel_seed), keys, offsets, rank, flush, nopair,
             with_types, hi, hl, lo, scoop, sq, stats, types)
    else:
        call(K.stud_samples, hands, sizes, pool, n, np.uint64(kernel_seed), rule, keys, offsets, rank, flush,
             with_types, hi, scoop, sq, stats, types)
    return t


def _add_into(totals, part) -> None:
    for sum_, x in zip(totals, part):
        sum_ += x


def _ranged_monte_carlo(spot: Spot, seed: int, stderr, cap: int, progress, t0: Clock) -> EquityResult:
    """Monte Carlo with ranges, each sample its own deal of the ranges
    (:func:`pokercli._kernels.stud.stud_range_draws`: each player's hand
    drawn uniformly, drawn again while two share a card, kept in proportion
    to the deal's completions, then the cards to come): every completed deal
    as likely as in the exact count, the samples independent, the standard
    error the per-sample one."""
    from pokercli._kernels import stud as K
    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import KEY_INIT
    from pokercli.equity_calc.montecarlo import batch_seed, run_batches, split_sampled

    tables = kernel_tables(spot.game)
    players = len(spot.players)
    keys = tables[2]
    totals = list(split_tallies(players))
    full = spot.game.hole_cards
    choices = [[tuple(pl.cards)] if pl.fixed else [c for c, _ in pl.combos] for pl in spot.players]
    flat = [c for cs in choices for c in cs]
    start = np.cumsum([0] + [len(cs) for cs in choices]).astype(np.int64)
    c_keys = np.array([int(KEY_INIT) + sum(int(keys[x]) for x in c) for c in flat], np.int64)
    c_masks = np.array([C.card_mask(c) for c in flat], np.int64)
    c_m1 = np.array([sum(1 << r for r in {(x % 13 + 1) % 13 for x in c}) for c in flat], np.int64)
    c_missing = np.array([full - len(c) for c in flat], np.int64)
    dead = C.card_mask(spot.dead)
    undealt = 52 - bin(dead).count("1") - players * full
    log_fact = np.array([math.lgamma(n + 1) for n in range(60)], np.float64)
    most = [max(full - len(c) for c in cs) for cs in choices]
    log_most = float(log_fact[undealt + sum(most)] - sum(log_fact[m] for m in most))

    def one(b: int, n: int):
        t = split_tallies(players)
        stuck = call(K.stud_range_draws, c_keys, c_masks, c_m1, c_missing, start, np.int64(dead),
                     np.int64(undealt), log_fact, log_most, n, np.uint64(batch_seed(seed, b)), *tables[:2],
                     *tables[2:7], spot.with_types, *t)
        if stuck >= 0:
            raise PokerError("the ranges almost never fit together: 100,000 random deals of their hands "
                             "in a row all shared a card; narrow them", "players")
        return t

    def add(part):
        _add_into(totals, part)
        return int(part[5][1]), int(part[5][2])

    done, interrupted, reached = run_batches(one, add, lambda n: split_stderrs(totals, n), cap, stderr,
                                             jobs.threads(), progress)
    return split_sampled(spot, totals, done, (seed, stderr, cap), reached, interrupted, t0.seconds())


def equity(spot: Spot, job, game) -> EquityResult:
    """:func:`pokercli.equity_calc.equity` in a stud game: exact when feasible
    (on the GPU as hold'em's are, on a Dask scheduler when one is named, with a
    checkpoint file when one is given), Monte Carlo when asked or when the work
    is too much (on this machine's CPU)."""
    from pokercli.equity_calc import duration, sampled_instead
    from pokercli.equity_calc.exact import EVALS_PER_SECOND, EXACT_DEFAULT_LIMIT, EXACT_MAX

    if job.device == "gpu" and job.sampling:
        raise PokerError(f"the GPU engine counts {game.name}'s exact jobs; its Monte Carlo runs on the "
                         "CPU: use engine='cpu'", "engine")
    if job.sampling:
        return monte_carlo(spot, job.samples, job.stderr, job.seed, job.report)
    checkpoint = None if job.checkpoint is None else Path(job.checkpoint)
    try:
        return exact(spot, job.report, limit=EXACT_MAX if job.method == "exact" else EXACT_DEFAULT_LIMIT,
                     scheduler=job.engine, checkpoint=checkpoint, resume=job.resume, device=job.device)
    except TooMuchWork as e:
        if checkpoint is not None or job.resume:
            raise PokerError(f"exact enumeration would take about {e.evaluations:.2g} hand evaluations; "
                             "checkpoint= and resume=True are for exact jobs", "checkpoint") from None
        why = f"about {e.evaluations:.2g} hand evaluations (~{duration(e.evaluations / EVALS_PER_SECOND)} here)"
        return sampled_instead(job, why, lambda: monte_carlo(spot, job.samples, job.stderr, job.seed,
                                                             job.report))
