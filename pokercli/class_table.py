"""The result of ``table``: exact preflop counts of starting-hand classes
against each other, heads-up (class pairs) or three-way (class triples).

One type for both (:class:`TableResult`, ``players`` 2 or 3): the views, JSON
and CSV follow ``players``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pokercli.classes import class_index as _index, classes
from pokercli.errors import PokerError


@dataclass
class TableResult:
    """Exact preflop equity of starting-hand classes against each other.

    Heads-up (``players == 2``): ``counts[(i, j)]``, ``i <= j`` class numbers,
    is ``[wins of i, wins of j, ties, boards]``; ``rows`` and ``columns`` are
    the table's classes (:meth:`cell`, ``equity(row, col)``, :meth:`vs_columns`).
    Three-way (``players == 3``): ``counts[(x, y, z)]``, ``x <= y <= z``, is
    ``[win, tie2, tie3]`` of each seat, then the boards (:meth:`triple`,
    ``equity(a, b, c)``, :meth:`vs_one`, :meth:`triples`); ``hand`` and ``vs``
    are the classes the job was asked for.
    """

    rows: list[str]
    columns: list[str]
    counts: dict[tuple[int, ...], list[int]]
    engine: str = ""
    seconds: float = 0.0
    chunks: int = 0
    resumed: int = 0
    players: int = 2
    description: str = ""
    hand: Optional[str] = None
    vs: Optional[str] = None

    def equity(self, *names: str) -> float:
        """Equity of the first class against the others (ties split): two
        names heads-up, three in a three-way table."""
        if len(names) != self.players:
            raise PokerError(f"a {self.players}-player table's equity takes {self.players} classes, "
                             f"not {len(names)}", "classes")
        if self.players == 2:
            w, _, t, n = self.cell(*names)
            return (w + t / 2) / n
        (w, t2, t3), n = self.triple(*names)
        return (w + t2 / 2 + t3 / 3) / n

    def cell(self, row: str, col: str) -> tuple[int, int, int, int]:
        """(wins of row, wins of column, ties, boards) for row class against column class."""
        i, j = _index()[row], _index()[col]
        if i <= j:
            w, lose, t, n = self.counts[(i, j)]
        else:
            lose, w, t, n = self.counts[(j, i)]
        return w, lose, t, n

    def vs_columns(self, row: str) -> float:
        """Equity of ``row`` against all the columns together, each weighted by its deals."""
        won = total = 0.0
        for col in self.columns:
            w, _, t, n = self.cell(row, col)
            won += w + t / 2
            total += n
        return won / total

    def to_dict(self) -> dict:
        """The ``table --json`` document."""
        if self.players == 3:
            return self._triples_dict()
        return {
            "method": "exact", "players": 2, "rows": self.rows, "columns": self.columns,
            "equity": [[self.equity(r, c) for c in self.columns] for r in self.rows],
            "counts": [[list(self.cell(r, c)) for c in self.columns] for r in self.rows],
            "counts_order": ["wins", "losses", "ties", "boards"],
            "engine": self.engine, "chunks": self.chunks, "resumed_chunks": self.resumed,
            "seconds": round(self.seconds, 3),
        }

    def to_csv(self) -> str:
        if self.players == 3:
            return self._triples_csv()
        lines = ["class," + ",".join(self.columns)]
        for r in self.rows:
            lines.append(r + "," + ",".join(f"{self.equity(r, c):.9f}" for c in self.columns))
        return "\n".join(lines) + "\n"

    def triple(self, a: str, b: str, c: str):
        """(counts of a's seat [win, tie2, tie3], boards) in the triple of a, b and c."""
        ids = [_index()[a], _index()[b], _index()[c]]
        key = tuple(sorted(ids))
        row = self.counts.get(key)
        if row is None:
            raise PokerError(f"the table has no triple {a}, {b}, {c}", "hand")
        seat = key.index(ids[0])
        return row[3 * seat:3 * seat + 3], row[9]

    def vs_one(self, a: str, b: str) -> float:
        """Equity of ``a`` against ``b`` and a third player of any class of the table (deal-weighted)."""
        won = total = 0.0
        for c in classes():
            try:
                (w, t2, t3), n = self.triple(a, b, c)
            except PokerError:
                continue
            won += w + t2 / 2 + t3 / 3
            total += n
        return won / total if total else float("nan")

    def triples(self):
        """(class names, equity of each seat, counts of each seat, boards) of every triple."""
        names = classes()
        for key in sorted(self.counts):
            row = self.counts[key]
            n = row[9]
            yield ([names[k] for k in key], [(row[3 * s] + row[3 * s + 1] / 2 + row[3 * s + 2] / 3) / n
                                             for s in range(3)], [row[3 * s:3 * s + 3] for s in range(3)], n)

    def _triples_dict(self) -> dict:
        return {"method": "exact", "players": 3, "job": self.description,
                "triples": [{"classes": c, "equity": e, "counts": k, "boards": n} for c, e, k, n in self.triples()],
                "counts_order": ["wins", "ties_two_ways", "ties_three_ways"],
                "engine": self.engine, "chunks": self.chunks, "resumed_chunks": self.resumed,
                "seconds": round(self.seconds, 3)}

    def _triples_csv(self) -> str:
        lines = ["class1,class2,class3,equity1,equity2,equity3,boards"]
        for c, e, _, n in self.triples():
            lines.append(",".join(c) + "," + ",".join(f"{x:.9f}" for x in e) + f",{n}")
        return "\n".join(lines) + "\n"
