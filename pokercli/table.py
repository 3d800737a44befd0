"""Exact heads-up preflop equity tables: starting-hand classes against each other.

A class against a class (``AKs`` against ``QQ``) is the equity over all their
non-conflicting combination pairs and all 1,712,304 boards of each, exactly
what ``pokercli equity AKs QQ`` computes. The table is split into chunks of
class pairs; a chunk returns integer counts per pair (wins of each side, ties,
boards), so merging chunks from any engine (:mod:`pokercli.engine`) in any
order gives the same table bit for bit. Each unordered pair is computed once;
``B`` against ``A`` is read from the same counts.

Only heads-up tables exist today; ``players`` is part of the job and of the
checkpoint header so that three-way tables (a class against two) can be added
as another chunk function.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional, Sequence

from pokercli import ranges as RG
from pokercli.errors import InputError, shown

FORMAT = 1
#: Class pairs per chunk (fewer for small jobs, so every worker gets work).
CHUNK_PAIRS = 24


@lru_cache(maxsize=1)
def classes() -> list[str]:
    """The 169 classes in grid order (AA, AKs, ..., 22)."""
    return RG.starting_classes()


@lru_cache(maxsize=1)
def _index() -> dict[str, int]:
    return {name: i for i, name in enumerate(classes())}


def parse_class(text: str) -> str:
    """A class name as players write it: ``AKs``, ``ak s``, ``T9o``, ``22``."""
    t = text.strip().replace(" ", "")
    name = t[:2].upper() + t[2:].lower()
    if name in _index():
        return name
    if len(name) == 2 and name[0] != name[1] and name[0] in "AKQJT98765432" and name[1] in "AKQJT98765432":
        raise InputError(f"{shown(text)} is not one class: say {name}s (suited) or {name}o (offsuit)")
    raise InputError(f"{shown(text)} is not a starting-hand class (examples: AA, AKs, T9o)")


def classes_of_range(text: str) -> list[str]:
    """The classes touched by a range, in grid order (``QQ+,AKs`` -> AA, AKs, KK, QQ)."""
    touched = {RG.class_name(combo) for combo, _ in RG.parse_range(text)}
    return [c for c in classes() if c in touched]


def pair_counts(i: int, j: int) -> list[int]:
    """[wins of class i, wins of class j, ties, boards] for class i against class j, exact."""
    from pokercli import equity as Q

    a, b = classes()[i], classes()[j]
    job = Q.prepare([Q.parse_player(a, 1), Q.parse_player(b, 2)], [], [])
    r = Q.exact(job, threads=1, limit=math.inf)  # a table is exact, whatever equity's limits
    return [_int(r.players[0].wins), _int(r.players[1].wins), _int(r.players[0].ties),
            _int(r.players[0].total)]


def _int(x: float) -> int:
    if not float(x).is_integer():
        raise AssertionError(f"count {x} is not an integer")
    return int(x)


def chunk_counts(pairs: Sequence[Sequence[int]]) -> list[list[int]]:
    """One chunk: ``[i, j, wins_i, wins_j, ties, boards]`` for each class pair.

    Module-level and importable so that Dask workers can run it.
    """
    return [[int(i), int(j), *pair_counts(int(i), int(j))] for i, j in pairs]


@dataclass
class TableJob:
    rows: list[str]
    columns: list[str]
    players: int = 2
    pairs: list[tuple[int, int]] = field(init=False)  # unordered class pairs to compute

    def __post_init__(self):
        if self.players != 2:
            raise InputError(f"only heads-up tables exist so far (--players 2), not {self.players}")
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


@dataclass
class Table:
    rows: list[str]
    columns: list[str]
    counts: dict[tuple[int, int], list[int]]  # (i, j) with i <= j -> [wins_i, wins_j, ties, boards]
    engine: str = ""
    seconds: float = 0.0
    chunks: int = 0
    resumed: int = 0

    def cell(self, row: str, col: str) -> tuple[int, int, int, int]:
        """(wins of row, wins of column, ties, boards) for row class against column class."""
        i, j = _index()[row], _index()[col]
        if i <= j:
            w, lose, t, n = self.counts[(i, j)]
        else:
            lose, w, t, n = self.counts[(j, i)]
        return w, lose, t, n

    def equity(self, row: str, col: str) -> float:
        w, _, t, n = self.cell(row, col)
        return (w + t / 2) / n

    def vs_columns(self, row: str) -> float:
        """Equity of ``row`` against all the columns together, each weighted by its deals."""
        won = total = 0.0
        for col in self.columns:
            w, _, t, n = self.cell(row, col)
            won += w + t / 2
            total += n
        return won / total

    def to_json(self) -> dict:
        return {
            "method": "exact", "players": 2, "rows": self.rows, "columns": self.columns,
            "equity": [[self.equity(r, c) for c in self.columns] for r in self.rows],
            "counts": [[list(self.cell(r, c)) for c in self.columns] for r in self.rows],
            "counts_order": ["wins", "losses", "ties", "boards"],
            "engine": self.engine, "chunks": self.chunks, "resumed_chunks": self.resumed,
            "seconds": round(self.seconds, 3),
        }

    def to_csv(self) -> str:
        lines = ["class," + ",".join(self.columns)]
        for r in self.rows:
            lines.append(r + "," + ",".join(f"{self.equity(r, c):.9f}" for c in self.columns))
        return "\n".join(lines) + "\n"


def compute(job: TableJob, engine, checkpoint_path=None, resume: bool = False,
            progress=None) -> Table:
    """Run the job's chunks on ``engine`` (saving each to the checkpoint) and merge them."""
    import time

    from pokercli.engine import Checkpoint, run_job

    chunks = job.chunks()

    def valid(index: int, rows) -> bool:
        """A chunk's saved rows: its own class pairs, each with exact counts
        that add up (wins of each side and ties make every board)."""
        pairs = chunks[index][0]
        return isinstance(rows, list) and len(rows) == len(pairs) and all(
            isinstance(row, list) and len(row) == 6 and row[:2] == pair
            and all(type(x) is int and x >= 0 for x in row) and row[2] + row[3] + row[4] == row[5] > 0
            for row, pair in zip(rows, pairs))

    checkpoint = Checkpoint(checkpoint_path, job.header(len(chunks)), resume, valid)
    resumed = len(checkpoint.done)
    t0 = time.perf_counter()
    try:
        results = run_job(chunk_counts, chunks, engine, checkpoint, progress)
    finally:
        checkpoint.close()
    counts = {}
    for rows in results:
        for i, j, *c in rows:
            counts[(int(i), int(j))] = [int(x) for x in c]
    if set(counts) != set(job.pairs):
        raise AssertionError("the chunks do not cover the table")
    return Table(job.rows, job.columns, counts, engine.description, time.perf_counter() - t0,
                 len(chunks), resumed)


def make_job(hand: Optional[str], classes_range: Optional[str], players: int) -> TableJob:
    if hand is not None and classes_range is not None:
        raise InputError("choose --hand or --classes, not both")
    for name, value in (("--hand", hand), ("--classes", classes_range)):
        if value is not None and not value.strip():
            raise InputError(f"{name} is empty")
    if hand:
        return TableJob([parse_class(hand)], classes(), players)
    if classes_range:
        chosen = classes_of_range(classes_range)
        return TableJob(chosen, chosen, players)
    return TableJob(classes(), classes(), players)
