"""Exact heads-up preflop equity tables: starting-hand classes against each other.

A class against a class (``AKs`` against ``QQ``) is the equity over all their
non-conflicting combination pairs and all 1,712,304 boards of each, exactly
what ``pokercli equity AKs QQ`` computes. The table is split into chunks of
class pairs; a chunk returns integer counts per pair (wins of each side, ties,
boards), so merging chunks from any engine (:mod:`pokercli.jobs`) in any
order gives the same table bit for bit. Each unordered pair is computed once;
``B`` against ``A`` is read from the same counts. :func:`table` is the API;
the chunks run on an engine of :mod:`pokercli.jobs`.

Only heads-up tables exist today; ``players`` is part of the job and of the
checkpoint header so that three-way tables (a class against two) can be added
as another chunk function.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional, Sequence

from pokercli import classes as HC
from pokercli import ranges as RG
from pokercli.classes import class_index as _index, classes, parse_class  # noqa: F401 (API)
from pokercli.class_table import TableResult
from pokercli.errors import PokerError, shown

FORMAT = 1
#: Class pairs per chunk (fewer for small jobs, so every worker gets work).
CHUNK_PAIRS = 24


def pair_counts(i: int, j: int) -> list[int]:
    """[wins of class i, wins of class j, ties, boards] for class i against class j, exact."""
    from pokercli.equity_calc.exact import exact
    from pokercli.equity_calc.spot import make_spot

    a, b = classes()[i], classes()[j]
    r = exact(make_spot([a, b]), threads=1, limit=math.inf)  # a table is exact, whatever equity's limits
    return [_int(r.players[0].wins), _int(r.players[1].wins), _int(r.players[0].ties),
            _int(r.players[0].total)]


def _int(x: float) -> int:
    if not float(x).is_integer():
        raise AssertionError(f"count {x} is not an integer")
    return int(x)


def chunk_counts(pairs: Sequence[Sequence[int]], device: str = "cpu") -> list[list[int]]:
    """One chunk: ``[i, j, wins_i, wins_j, ties, boards]`` for each class pair,
    on this thread's CPU or the GPU (``device``; ``"auto"``: the GPU when this
    process has one). The counts are the same integers either way.

    Module-level and importable so that Dask workers can run it.
    """
    from pokercli import gpu

    if gpu.worker_device(device) == "gpu":
        return _gpu_chunk(pairs)
    return [[int(i), int(j), *pair_counts(int(i), int(j))] for i, j in pairs]


def _many(chunks) -> list:
    """Several chunks' :func:`chunk_counts` in one GPU call (``LocalEngine``
    hands a GPU many chunks at once; each result is the chunk's own)."""
    from pokercli import gpu

    if any(gpu.worker_device(args[1] if len(args) > 1 else "cpu") != "gpu" for args in chunks):
        return [chunk_counts(*args) for args in chunks]
    rows = _gpu_chunk([p for args in chunks for p in args[0]])
    out, k = [], 0
    for args in chunks:
        out.append(rows[k:k + len(args[0])])
        k += len(args[0])
    return out


chunk_counts.many = _many


@lru_cache(maxsize=None)
def _members(k: int):
    """Combo indices (:func:`pokercli.preflop_lookup.all_combos`) of class ``k``."""
    import numpy as np

    from pokercli import preflop_lookup as L

    combos = np.array([c for c, _ in RG.parse_range(classes()[k])], np.int64)
    return L.combo_index(combos[:, 0], combos[:, 1])


def _pair_sums(pairs, rows_of, wins, ties) -> dict[tuple[int, int], list[int]]:
    """Class pair -> [wins_i, wins_j, ties, boards] summed over its heads-up
    deals: ``rows_of(i, j)`` gives their rows of the canonical deal list (with
    a bit for a deal seated the other way round), ``wins``/``ties`` the first
    seat's counts of each row."""
    import numpy as np

    from pokercli import preflop_lookup as L

    counts = {}
    for i, j in pairs:
        entry = rows_of(i, j)
        row, swapped = entry >> 1, (entry & 1).astype(bool)
        w, t = wins[row].astype(np.int64), ties[row].astype(np.int64)
        other = L.BOARDS - w - t
        counts[(i, j)] = [int(np.where(swapped, other, w).sum()), int(np.where(swapped, w, other).sum()),
                          int(t.sum()), len(entry) * L.BOARDS]
    return counts


def _rows_of(i: int, j: int):
    import numpy as np

    from pokercli import preflop_lookup as L

    block = L.pair_index()[np.ix_(_members(i), _members(j))]
    return block[block >= 0].astype(np.int64)


def _gpu_chunk(pairs) -> list[list[int]]:
    """:func:`chunk_counts` on the GPU: every board of each canonical heads-up
    deal of the chunk's pairs counted there, then summed per pair as the
    shipped table is (:func:`from_lookup`)."""
    import numpy as np

    from pokercli import gpu
    from pokercli import preflop_lookup as L
    from pokercli._kernels.lookup import KEY_INIT

    pairs = [(int(i), int(j)) for i, j in pairs]
    rows = {p: _rows_of(*p) for p in pairs}
    needed = np.unique(np.concatenate([r >> 1 for r in rows.values()]))
    codes = L.data()[0][needed]
    hands = np.stack([(codes >> 18) & 63, (codes >> 12) & 63, (codes >> 6) & 63, codes & 63],
                     axis=1).astype(np.int64).reshape(-1, 2, 2)
    held = (np.int64(1) << hands.reshape(len(hands), 4)).sum(axis=1)
    decks = gpu.decks_of(held)
    patterns = gpu.deal_patterns("standard", hands, decks, 5, int(KEY_INIT), 0)
    wins = np.zeros(len(L.data()[0]), np.int64)
    ties = np.zeros(len(L.data()[0]), np.int64)
    wins[needed], ties[needed] = patterns[:, 1], patterns[:, 3]
    counts = _pair_sums(pairs, lambda i, j: rows[(i, j)], wins, ties)
    return [[i, j, *counts[(i, j)]] for i, j in pairs]


@dataclass
class TableJob:
    rows: list[str]
    columns: list[str]
    players: int = 2
    pairs: list[tuple[int, int]] = field(init=False)  # unordered class pairs to compute

    def __post_init__(self):
        if self.players != 2:
            raise PokerError(f"players: only heads-up tables exist so far (players=2), not "
                             f"{shown(self.players)}", "players")
        idx = _index()
        wanted = {tuple(sorted((idx[r], idx[c]))) for r in self.rows for c in self.columns}
        self.pairs = sorted(wanted)

    def chunks(self) -> list[tuple[list[list[int]]]]:
        """The pairs in chunks (the same for every engine, so any engine can resume)."""
        size = max(1, min(CHUNK_PAIRS, len(self.pairs) // 16))
        return [([list(p) for p in self.pairs[k:k + size]],) for k in range(0, len(self.pairs), size)]

    def header(self, chunk_count: int) -> dict:
        return {"format": FORMAT, "job": f"table {len(self.rows)}x{len(self.columns)} classes, "
                f"{self.players} players, {len(self.pairs)} pairs in {chunk_count} chunks",
                "players": self.players, "rows": self.rows, "columns": self.columns}


def compute_chunks(job: TableJob, engine, checkpoint_path=None, resume: bool = False,
            progress=None, device: str = "cpu") -> TableResult:
    """Run the job's chunks on ``engine`` (saving each to the checkpoint) and merge them."""
    from pokercli.jobs import run_saved

    chunks = job.chunks()

    def valid(index: int, rows) -> bool:
        """A chunk's saved rows: its own class pairs, each with exact counts
        that add up (wins of each side and ties make every board)."""
        pairs = chunks[index][0]
        return isinstance(rows, list) and len(rows) == len(pairs) and all(
            isinstance(row, list) and len(row) == 6 and row[:2] == pair
            and all(type(x) is int and x >= 0 for x in row) and row[2] + row[3] + row[4] == row[5] > 0
            for row, pair in zip(rows, pairs))

    results, resumed, seconds = run_saved(chunk_counts, [c + (device,) for c in chunks], engine,
                                          checkpoint_path, job.header(len(chunks)), resume, valid,
                                          progress)
    counts = {}
    for rows in results:
        for i, j, *c in rows:
            counts[(int(i), int(j))] = [int(x) for x in c]
    if set(counts) != set(job.pairs):
        raise AssertionError("the chunks do not cover the table")
    return TableResult(job.rows, job.columns, counts, engine.description, seconds,
                       len(chunks), resumed)


def make_job(hand: Optional[str], classes_range: Optional[str], players: int) -> TableJob:
    """The class pairs a table needs: one class's row (``hand``), the classes a
    range touches (``classes_range``), or all 169."""
    if hand is not None and classes_range is not None:
        raise PokerError("hand= and classes= cannot both be given: one row, or a set of classes", "hand")
    for name, value in (("hand", hand), ("classes", classes_range)):
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise PokerError(f"{name} is empty" if isinstance(value, str) else
                             f"{name} must be text, not {type(value).__name__}", name)
    if hand:
        return TableJob([parse_class(hand)], classes(), players)
    if classes_range:
        try:
            chosen = HC.classes_of_range(classes_range)
        except PokerError as e:
            raise PokerError(f"classes: {e}", "classes") from None
        return TableJob(chosen, chosen, players)
    return TableJob(classes(), classes(), players)


def from_lookup(job: TableJob) -> TableResult:
    """The table's counts summed from the shipped exact results of every
    heads-up preflop deal (:mod:`pokercli.preflop_lookup`): the same integers
    as the enumeration, in a second for the whole table."""
    from pokercli import preflop_lookup as L
    from pokercli.timing import Clock

    t0 = Clock()
    _, wins, ties = L.data()
    counts = _pair_sums(job.pairs, _rows_of, wins, ties)
    return TableResult(job.rows, job.columns, counts, "the shipped table of heads-up preflop deals",
                       t0.seconds(), 0, 0)


def table(hand: Optional[str] = None, classes: Optional[str] = None, *, players: int = 2,
          engine: Optional[str] = None, checkpoint=None, resume: bool = False,
          progress=None, compute: bool = False, scheduler: Optional[str] = None,
          vs: Optional[str] = None, announce=None):
    """Exact preflop equity of starting-hand classes against each other.

    Heads-up (``players=2``, a :class:`TableResult`): one class's row against
    all 169 (``hand="AKs"``), the classes a range touches against each other
    (``classes="QQ+,AKs"``), or the whole 169x169 table (14,365 class pairs).
    By default the counts are summed from the shipped exact results of every
    heads-up deal (about a second for the whole table); ``compute=True``, a
    ``checkpoint``, a ``scheduler`` or ``engine="gpu"`` enumerate every board
    instead, in chunks on that engine.

    Three-way (``players=3``, a :class:`TableResult` of class triples): each
    class against each unordered pair of classes, always enumerated: the
    triples holding ``hand`` (and ``vs``), those among ``classes``, or all
    818,805 (hours on a few CPU cores, minutes on a GPU). ``announce(text)``
    is called first with the job's size and estimated time.

    ``engine`` (``"auto"``, ``"cpu"``, ``"gpu"``), ``scheduler``,
    ``checkpoint``, ``resume`` and ``progress(done, total)`` as for
    :func:`pokercli.equity`.

    >>> t = table(classes="AA,KK")
    >>> t.cell("AA", "KK"), round(t.equity("AA", "KK"), 5)
    ((50371344, 10986372, 285228, 61642944), 0.81946)
    """
    import os
    from pathlib import Path

    from pokercli import gpu
    from pokercli.jobs import cluster_address, engine_for, threads, where

    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3):
        raise PokerError(f"players must be 2 or 3, not {shown(players)}", "players")
    if players == 3:
        from pokercli import table3

        job = table3.make_job(hand, classes, vs)
    else:
        if vs is not None:
            raise PokerError("vs= is for three-way tables (players=3)", "vs")
        job = make_job(hand, classes, players)
    if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)):
        raise PokerError(f"checkpoint must be a file path, not {shown(checkpoint)}", "checkpoint")
    if resume and checkpoint is None:
        raise PokerError("resume=True needs checkpoint=", "resume")
    if not isinstance(compute, bool):
        raise PokerError(f"compute must be True or False, not {shown(compute)}", "compute")
    device, scheduler = where(engine, scheduler)
    if players == 2 and not (compute or checkpoint is not None or scheduler is not None or device == "gpu"):
        return from_lookup(job)
    cluster = cluster_address(scheduler) is not None
    if not cluster:
        device = "gpu" if gpu.use_gpu(device, True, "the table") else "cpu"
    path = None if checkpoint is None else Path(checkpoint)
    if players == 3 and announce is not None:
        announce(table3.estimate(job).text(device if not cluster else "cpu", 1 if device == "gpu" else threads())
                 + ("" if not cluster else " (per thread of the cluster: divide by its threads)"))
    runner = engine_for(scheduler, device)
    try:
        if players == 3:
            result = table3.compute(job, runner, path, resume, progress, device)
            result.hand, result.vs = (None if hand is None else parse_class(hand),
                                      None if vs is None else parse_class(vs))
            return result
        return compute_chunks(job, runner, path, resume, progress, device)
    finally:
        runner.close()
