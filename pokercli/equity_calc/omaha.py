"""Equity in the Omaha games (4, 5 or 6 hole cards; high only or high-low).

Exact: every deal of the players' listed hands, deals the same up to a
renaming of suits computed once and weighted
(:func:`pokercli.equity_calc.symmetry.canonical_deals`), and every runout of
each deal: preflop (up to ``RANK_BOARDS_MAX_PLAYERS`` players) by rank
multiset with flush corrections in one kernel call
(:mod:`pokercli._kernels.omaha.rankboards`), otherwise board by board in
kernel calls of at most ``BOARDS_PER_CALL`` boards, on threads. Monte Carlo:
batches seeded from the seed and their number, added in order, as for
hold'em. The other kernels are :mod:`pokercli._kernels.omaha`.

Counts are integers: the high half ``hi[p, n]`` (boards without a qualifying
low, or every board in high-only games) and ``hl[p, n]`` (boards with one),
the low half ``lo[p, n]``, scoops, and boards without a low. A player's
equity is ``sum(hi[p, n] / n) + sum(hl[p, n] / 2n) + sum(lo[p, n] / 2n)``
over the boards, so a pot quartered (a low shared by two) stays exact.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

import numpy as np

from pokercli.timing import Clock
from pokercli import cards as C
from pokercli import jobs
from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.omaha_light import boards_per_deal
from pokercli.equity_calc.montecarlo import (MC_MAX_REDRAWS, batch_seed, alias_table, run_batches,
                                             sampling_plan, split_sampled)
from pokercli.equity_calc.spot import Spot
from pokercli.equity_calc.tally import split_result, split_stderrs, split_tallies
from pokercli.equity_calc.symmetry import canonical_deals, stabilizer
from pokercli.errors import PokerError

#: Boards per exact kernel call (well under a second), so that Ctrl-C is answered.
BOARDS_PER_CALL = 200_000


@lru_cache(maxsize=4)
def kernel_args(hole_cards: int):
    """The Omaha deal kernels' tables for hands of ``hole_cards`` cards: (card
    keys, offsets, board index, quad index, quad, pair, flush, low tables, low
    bits, pair codes, cover)."""
    from pokercli import evaluate as E
    from pokercli._kernels.omaha.tables import cover_of
    from pokercli._kernels.omaha.lookup import quad_tables, tables

    keys, offsets, _, _ = E.kernel_tables()
    t = tables()
    quad_index, quad_best = quad_tables()
    return (keys, offsets, t.board_index, quad_index, quad_best, t.pair_best, t.flush_best,
            t.low_best, t.low_bits, t.pair_code, cover_of(hole_cards))


@lru_cache(maxsize=1)
def type_of_strength() -> np.ndarray:
    """int64[7464]: the hand type (1..9) of each high strength (7463 - class; 0: none)."""
    from pokercli.evaluate import class_types

    types = class_types()
    out = np.zeros(7464, np.int64)
    out[1:7463] = types[7462:0:-1]
    return out


def _types_args(spot: Spot):
    return spot.with_types, type_of_strength()


def _deals(spot: Spot, limit: float):
    """Every valid deal (one listed hand per player) with its weight; None past ``limit``."""
    return _walk([p.combos for p in spot.players], limit)


def _walk(hands: list, limit: float):
    """Every choice of one hand from each list of ``hands`` ((cards, weight)
    each) that shares no card, with the product of the weights; None past ``limit``."""
    combos = [[(c, w, C.card_mask(c)) for c, w in listed] for listed in hands]
    out = []

    def walk(i: int, used: int, chosen: tuple, weight: float) -> bool:
        if i == len(combos):
            out.append((chosen, weight))
            return len(out) <= limit
        for c, w, m in combos[i]:
            if not used & m and not walk(i + 1, used | m, chosen + (c,), weight * w):
                return False
        return True

    return out if walk(0, 0, (), 1.0) else None


#: Preflop deals of at most this many players are counted by rank multiset
#: (:mod:`pokercli._kernels.omaha.rankboards`, whose pattern table has
#: ``2 ** players`` rows); more players leave few boards to enumerate.
RANK_BOARDS_MAX_PLAYERS = 8
#: A deal counted by rank multiset, as boards of the full enumeration in the
#: work estimates (measured: 0.08 to 1.1 ms a deal, where the full enumeration
#: takes 24 to 32 ms for 658,008 to 1,086,008 boards).
RANK_BOARDS_WORK = 40_000


def by_rank(spot: Spot) -> bool:
    """Whether the spot's deals are counted by rank multiset (preflop, up to
    ``RANK_BOARDS_MAX_PLAYERS`` players) rather than board by board."""
    return spot.to_come == 5 and len(spot.players) <= RANK_BOARDS_MAX_PLAYERS


def work(spot: Spot, deals: float) -> float:
    """Boards x players x hole pairs of an enumeration: the unit of the exact limits
    (the hole-pair table reads of a by-pair kernel; a fixed hand reads fewer). A
    deal counted by rank multiset counts as ``RANK_BOARDS_WORK`` boards."""
    pairs = math.comb(spot.game.hole_cards, 2)
    boards = boards_per_deal(spot)
    if by_rank(spot):
        boards = min(boards, RANK_BOARDS_WORK)
    return deals * boards * len(spot.players) * pairs


#: Deals per engine chunk (``engine=``, ``checkpoint=``, or at least ``ENGINE_MIN_DEALS`` deals):
#: at least this many, and as many as make ``ENGINE_CHUNK_WORK`` work (:func:`work`) where a
#: deal is small. A chunk of 16 deals on the flop (0.4 ms of kernel time) spent as long again in
#: the engine's hand-offs: a range against a hand, 94,500 deals, 2.6-3.1 s in chunks of 16,
#: 1.7-1.9 s in chunks of 128 to 1,024 (2 threads, Zen 5, 2026-11-28); preflop a deal is
#: about a millisecond, and chunks stay 16 deals.
ENGINE_CHUNK_DEALS = 16
ENGINE_CHUNK_WORK = 2_500_000


def chunk_deals(spot: Spot) -> int:
    """Deals per engine chunk (:data:`ENGINE_CHUNK_DEALS`, :data:`ENGINE_CHUNK_WORK`)."""
    return max(ENGINE_CHUNK_DEALS, int(ENGINE_CHUNK_WORK // max(1.0, work(spot, 1))))


#: Exact jobs of at least this many deals run in chunks on an engine (as hold'em's):
#: this machine's cores, or the Dask scheduler of ``POKERCLI_SCHEDULER``.
ENGINE_MIN_DEALS = 64


def _deal_calls(spot: Spot, deal):
    """A deal's kernel calls: (hole cards, deck, first board, boards), at most
    ``BOARDS_PER_CALL`` boards each (so that Ctrl-C is answered between them)."""
    holes = np.array(deal, np.int64)
    removed = C.card_mask([c for h in deal for c in h] + spot.board + spot.dead)
    full = _deck_array(tuple(spot.game.deck))
    deck = full[(np.int64(removed) >> full) & 1 == 0]  # in the deck's order
    per_deal = boards_per_deal(spot)
    if by_rank(spot):  # one call: about a millisecond
        return [(holes, deck, 0, per_deal)]
    return [(holes, deck, start, min(BOARDS_PER_CALL, per_deal - start))
            for start in range(0, per_deal, BOARDS_PER_CALL)]


@lru_cache(maxsize=8)
def _deck_array(deck: tuple) -> np.ndarray:
    return np.array(deck, np.int64)


def _run_call(spot: Spot, holes, deck, start: int, count: int, out=None):
    """One kernel call's tallies (see :func:`_deal_calls`), added to ``out``
    (:func:`split_tallies`) where given, else to zeroed ones."""
    t = split_tallies(len(spot.players)) if out is None else out
    _caller(spot)(holes, deck, start, count, t)
    return t


def _caller(spot: Spot):
    """``run(holes, deck, start, count, tallies)``: one kernel call of the spot's
    deals (:func:`_deal_calls`), added to ``tallies``, with the arguments every
    call shares built once (per call they cost several times a turn's kernel)."""
    from pokercli._kernels.omaha import deals as K
    from pokercli._kernels.jit import call

    if by_rank(spot):
        from pokercli._kernels.omaha import rankboards as RB

        players = len(spot.players)

        def by_ranks(holes, deck, start, count, t):
            patterns = np.zeros((1 << players, (1 << players) + 1), np.int64)
            call(RB.omaha_rank_boards5, *_rank_args(spot, holes, deck), patterns, t[6])
            call(RB.tally_patterns, patterns, spot.game.pot.split, *t[:6])

        return by_ranks
    k, board, shared = _board_args(spot)

    def boards(holes, deck, start, count, t):
        call(K.omaha_boards, holes, deck, k, start, count, board, *shared, *t)

    return boards


def _board_args(spot: Spot) -> tuple:
    """(cards to come, the board padded to five, the tables) that every
    board-by-board kernel call of the spot takes."""
    from pokercli._kernels.combinator import binomials

    k = spot.to_come
    board = np.array(spot.board + [0] * k, np.int64)
    return k, board, (binomials(), *kernel_args(spot.game.hole_cards), spot.game.pot.split, *_types_args(spot))


def _rank_args(spot: Spot, holes, deck) -> tuple:
    """:func:`pokercli._kernels.omaha.rankboards.omaha_rank_boards5`'s arguments
    up to its outputs: the hands, the cards left as a 52-bit set, the tables."""
    keys, offsets, board_index, quad_index, quad_best, _, *rest = kernel_args(spot.game.hole_cards)
    avail = np.int64(sum(1 << int(c) for c in deck))
    return (holes, avail, keys, offsets, board_index, quad_index, quad_best, *rest, spot.game.pot.split,
            *_types_args(spot))


def group_tallies(spot: Spot, chunk) -> list:
    """One engine chunk: the weighted tallies of some deals, on one thread.
    Module-level so that Dask workers can import it. The deals of one weight
    are tallied into the same counts, which are weighted once (adding each
    deal's counts times its weight in NumPy took about as long as its kernel
    call), and where deals are small (a flop's, a turn's) in one kernel call
    (:func:`_many_deals`; a call a deal cost more in Python than a turn's
    boards: 8.7 -> 2.5 us a deal)."""
    by_weight: dict = {}
    for deal, weight in chunk:
        by_weight.setdefault(weight, []).append(deal)
    counts = {weight: split_tallies(len(spot.players)) for weight in by_weight}
    if not by_rank(spot) and boards_per_deal(spot) <= BOARDS_PER_CALL:  # small deals: one call a weight
        for weight, deals in by_weight.items():
            _many_deals(spot, deals, counts[weight])
    else:
        run = _caller(spot)
        for weight, deals in by_weight.items():
            for deal in deals:
                for holes, deck, start, count in _deal_calls(spot, deal):
                    run(holes, deck, start, count, counts[weight])
    totals = [np.zeros(a.shape, np.float64) for a in split_tallies(len(spot.players))]
    for weight, tallies in counts.items():
        for total, part in zip(totals, tallies):
            total += part * weight
    return [t.tolist() for t in totals]


def _many_deals(spot: Spot, deals: list, tallies) -> None:
    """Every board of ``deals`` (each a board-by-board deal of at most
    ``BOARDS_PER_CALL`` boards), added to ``tallies`` in one kernel call
    (:func:`pokercli._kernels.omaha.deals.omaha_many_deals`): each deal's
    cards left are the game's deck less the board, the dead cards and its
    hands, as many for every deal."""
    from pokercli._kernels.omaha import deals as K
    from pokercli._kernels.jit import call

    holes = np.array(deals, np.int64)  # [deals, players, hole cards]
    left = np.ones((len(deals), 52), bool)
    left[:, spot.board + spot.dead] = False
    left[np.arange(len(deals))[:, None], holes.reshape(len(deals), -1)] = False
    full = _deck_array(tuple(spot.game.deck))
    decks = np.ascontiguousarray(np.broadcast_to(full, (len(deals), len(full)))[left[:, full]]
                                 .reshape(len(deals), -1))
    k, board, shared = _board_args(spot)
    call(K.omaha_many_deals, holes, decks, k, boards_per_deal(spot), board, *shared, *tallies)


def combo_counts(combos, seat: int, others, board, dead,
                 game: str) -> Optional[list[tuple[float, float, float, float]]]:
    """The engine's ``combo_counts``: :func:`pokercli.equity_calc.by_combo.player_counts`
    (``others``: the other players as the engine takes them, in seat order
    without ``seat``: hands or lists of hands): each combo's deals, its hand
    against every choice of the others' hands that meets neither it nor each
    other, counted as an exact chunk counts them (:func:`group_tallies`), with
    no exact job a combo around them (which cost about 0.3 ms a combo besides
    its kernel: an ``AAxx`` range's 5,000 combos against a hand on the flop, 1.5 s).
    None preflop against a range: there a combo's own job counts its deals up
    to a renaming of suits, once each, and took half the time (``AAxx`` against
    ``KKQQds``: 19.6 against 40.1 s; on a flop 7.5 against 2.5)."""
    from pokercli._stop import check as check_stop
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(list(others[:seat]) + ["random"] + list(others[seat:]), board, dead, game)  # seat: each combo
    lists = [p.combos for p in spot.players]
    if by_rank(spot) and any(len(listed) > 1 for i, listed in enumerate(lists) if i != seat):
        return None
    per_deal = boards_per_deal(spot)
    out = []
    for combo in combos:
        check_stop()
        deals = _walk(lists[:seat] + [[(tuple(combo), 1.0)]] + lists[seat + 1:], math.inf)
        if not deals:  # every choice of the others meets this combo
            out.append((0.0, 0.0, 0.0, 0.0))
            continue
        totals = [np.array(t) for t in group_tallies(spot, deals)]
        p = split_result(spot, totals, per_deal * math.fsum(w for _, w in deals), "exact").players[seat]
        out.append((p.wins, p.ties, p.total, p.equity))
    return out


def _on_engine(spot: Spot, deals, engine: Optional[str], checkpoint, resume: bool, progress):
    """The deals in chunks on the local or Dask engine, merged in chunk order,
    finished chunks saved to ``checkpoint`` (as hold'em's exact jobs)."""
    from pokercli.checkpoint import Checkpoint
    from pokercli.jobs import engine_for, run_job

    size = chunk_deals(spot)
    chunks = [(spot, deals[i:i + size]) for i in range(0, len(deals), size)]
    header = {"format": 1,
              "job": f"{spot.game.name} equity {' vs '.join(p.text for p in spot.players)}, board "
                     f"{C.format_cards(spot.board) or '-'}, dead {C.format_cards(spot.dead) or '-'}"
                     f"{', categories' if spot.with_types else ''}: {len(deals)} distinct deals "
                     f"in {len(chunks)} chunks"}
    shapes = [a.shape for a in split_tallies(len(spot.players))]

    def valid(index: int, result) -> bool:
        """A chunk's saved tallies: lists of finite, non-negative numbers of the right shapes."""
        try:
            arrays = [np.array(r, np.float64) for r in result]
        except (TypeError, ValueError):
            return False
        return (len(arrays) == len(shapes) and all(a.shape == sh for a, sh in zip(arrays, shapes))
                and all(np.isfinite(a).all() and (a >= 0).all() for a in arrays))

    saved = Checkpoint(None if checkpoint is None else Path(checkpoint), header, resume, valid)
    resumed = len(saved.done)
    runner = engine_for(engine)
    try:
        results = run_job(group_tallies, chunks, runner, saved, progress)
    finally:
        runner.close()
        saved.close()
    totals = [np.zeros(sh, np.float64) for sh in shapes]
    for result in results:
        for total, part in zip(totals, result):
            total += np.array(part, np.float64)
    note = f"{len(deals)} distinct deals in {len(chunks)} chunks on {runner.description}"
    if resumed:
        note += f"; {resumed} chunks resumed from {checkpoint}"
    return totals, note


def exact(spot: Spot, progress: Optional[Callable[[int, int], None]] = None,
          limit: float = 4e8, threads: Optional[int] = None, engine: Optional[str] = None,
          checkpoint=None, resume: bool = False) -> EquityResult:
    """Exact equity over every deal and runout; :class:`TooMuchWork` past ``limit``.
    With ``engine`` (``"local"`` or a Dask scheduler), a ``checkpoint`` file or
    at least ``ENGINE_MIN_DEALS`` deals, the deals run in chunks on that engine
    (None: this machine, or ``POKERCLI_SCHEDULER``), finished chunks saved."""
    from pokercli.equity_calc.exact import TooMuchWork

    if any(rnd for rnd in spot.random_players):
        raise TooMuchWork(work(spot, math.comb(len(spot.game.deck) - len(spot.board) - len(spot.dead),
                                               spot.game.hole_cards)))
    stab = max(1, len(stabilizer(spot)))
    bound = work(spot, float(np.prod([len(p.combos) for p in spot.players], dtype=np.float64))) / stab
    if bound > limit * 50:
        raise TooMuchWork(bound)
    # stop listing deals once there are clearly too many: at most `limit` work after
    # the suit-symmetric grouping (which merges up to `stab` deals into one), with slack
    deals = _deals(spot, limit * stab / max(1.0, work(spot, 1)) * 2 + 10)
    if deals is None:
        raise TooMuchWork(bound)
    if not deals:
        raise PokerError("no deal is possible: the ranges leave no combination without a shared card",
                         "players")
    groups = [(deal, weight) for deal, weight, _ in canonical_deals(spot, deals)]
    if work(spot, len(groups)) > limit:
        raise TooMuchWork(work(spot, len(groups)))
    t0 = Clock()
    if engine is not None or checkpoint is not None or len(groups) >= ENGINE_MIN_DEALS:
        totals, note = _on_engine(spot, groups, engine, checkpoint, resume, progress)
    else:
        totals, note = _on_threads(spot, groups, threads, progress), ""
    boards = boards_per_deal(spot) * math.fsum(w for _, w in deals)
    res = split_result(spot, totals, boards, "exact")
    res.deals, res.boards, res.note = len(deals), boards, note
    res.seconds = t0.seconds()
    res.evaluations = work(spot, len(groups))
    return res


def _on_threads(spot: Spot, deals, threads: Optional[int], progress):
    """Every deal's kernel calls on a thread pool; the weighted tallies."""
    from pokercli._kernels.omaha import deals as K
    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.jit import ensure
    from pokercli._stop import result as wait, shutdown

    players = len(spot.players)
    tasks = [(*c, weight) for deal, weight in deals for c in _deal_calls(spot, deal)]
    holes, deck = tasks[0][:2]
    if by_rank(spot):
        from pokercli._kernels.omaha import rankboards as RB

        patterns = np.zeros((1 << players, (1 << players) + 1), np.int64)
        ensure(RB.omaha_rank_boards5, *_rank_args(spot, holes, deck), patterns, split_tallies(players)[6])
        ensure(RB.tally_patterns, patterns, spot.game.pot.split, *split_tallies(players)[:6])
    else:
        ensure(K.omaha_boards, holes, deck, spot.to_come, 0, 0,
               np.array(spot.board + [0] * spot.to_come, np.int64), binomials(),
               *kernel_args(spot.game.hole_cards), spot.game.pot.split, *_types_args(spot),
               *split_tallies(players))
    totals = [np.zeros(a.shape, np.float64) for a in split_tallies(players)]
    pool = ThreadPoolExecutor(max_workers=threads or jobs.threads())
    interrupted = True
    try:
        futures = [pool.submit(_run_call, spot, *task[:4]) for task in tasks]
        for done, (task, fut) in enumerate(zip(tasks, futures), 1):
            for total, part in zip(totals, wait(fut)):
                total += part * task[4]
            if progress:
                progress(done, len(tasks))
        interrupted = False
    finally:
        shutdown(pool, interrupted)
    return totals


def monte_carlo(spot: Spot, samples: Optional[int] = None, stderr: Optional[float] = None,
                seed: Optional[int] = None,
                progress: Optional[Callable[[int, int, float], None]] = None) -> EquityResult:
    """Monte Carlo equity, as :func:`pokercli.equity_calc.montecarlo.monte_carlo`."""
    from pokercli._kernels.omaha import deals as K
    from pokercli._kernels.jit import call

    t0 = Clock()
    seed, stderr, cap = sampling_plan(seed, samples, stderr)
    if _deals(spot, 1) == [] and not any(spot.random_players):
        raise PokerError("no deal is possible: the ranges leave no combination without a shared card",
                         "players")
    args = kernel_args(spot.game.hole_cards)
    h = spot.game.hole_cards
    listed = [p.combos for p in spot.players]
    combo_cards = np.array([c for combos in listed for c, _ in combos], np.int64).reshape(-1, h)
    starts = np.cumsum([0] + [len(c) for c in listed]).astype(np.int64)
    tables = [alias_table([w for _, w in combos]) if len(combos) > 1 else
              (np.full(len(combos), 1 << 32, np.uint64), np.arange(len(combos), dtype=np.int64))
              for combos in listed]
    keep = np.concatenate([t[0] for t in tables]).astype(np.uint64)
    other = np.concatenate([t[1] + lo for t, lo in zip(tables, starts)]).astype(np.int64)
    fixed = [c for p in spot.players if p.fixed for c in p.combos[0][0]]
    fixed_mask = C.card_mask(fixed + spot.board + spot.dead)
    pool_cards = [c for c in spot.game.deck if not fixed_mask >> c & 1]
    board = np.array(spot.board + [0] * spot.to_come, np.int64)
    players = len(spot.players)
    totals = list(split_tallies(players))

    def one(b: int, n: int):
        t = split_tallies(players)
        call(K.omaha_monte_carlo, combo_cards, starts, keep, other, fixed_mask,
             np.array(pool_cards, np.int64), board, spot.to_come, n, MC_MAX_REDRAWS,
             np.uint64(batch_seed(seed, b)), *args, spot.game.pot.split, *_types_args(spot), *t)
        return t

    def add(part):
        for total, x in zip(totals, part):
            total += x
        return int(part[5][1]), int(part[5][2])

    done, interrupted, reached = run_batches(one, add, lambda n: split_stderrs(totals, n), cap, stderr,
                                             jobs.threads(), progress)
    return split_sampled(spot, totals, done, (seed, stderr, cap), reached, interrupted, t0.seconds())


def equity(spot: Spot, job, game) -> EquityResult:
    """:func:`pokercli.equity_calc.equity` in an Omaha game: exact when
    feasible (on the CPU, a cluster, or with a checkpoint), Monte Carlo when
    asked or when the work is too much; the GPU engine does not count Omaha."""
    from pokercli.equity_calc import duration, sampled_instead
    from pokercli.equity_calc.exact import EVALS_PER_SECOND, EXACT_DEFAULT_LIMIT, EXACT_MAX, TooMuchWork

    if job.device == "gpu":
        raise PokerError(f"the GPU engine counts hold'em, short deck and the stud and draw games, "
                         f"not {game.name}: use engine='cpu'", "engine")
    if job.sampling:
        return monte_carlo(spot, job.samples, job.stderr, job.seed, job.report)
    try:
        return exact(spot, job.report, limit=EXACT_MAX if job.method == "exact" else EXACT_DEFAULT_LIMIT,
                     engine=job.engine, checkpoint=job.checkpoint, resume=job.resume)
    except TooMuchWork as e:
        if job.checkpoint is not None or job.resume:
            raise PokerError(f"exact enumeration would take about {e.evaluations:.2g} table reads; "
                             "checkpoint= and resume=True are for exact jobs", "checkpoint") from None
        if any(spot.random_players):
            why = "every hand of a random player"
        else:
            why = f"about {e.evaluations:.2g} table reads (~{duration(e.evaluations / EVALS_PER_SECOND)} here)"
        return sampled_instead(job, why, lambda: monte_carlo(spot, job.samples, job.stderr, job.seed,
                                                             job.report), " or narrow the ranges")
