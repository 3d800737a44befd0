"""Views of ``table``: class-against-class equity as CSV, a matrix or the 13x13 grid."""

from __future__ import annotations

from typing import Optional

from pokercli import ranges as RG
from pokercli.errors import PokerError, shown
from pokercli.class_table import TableResult
from pokercli.render import View
from pokercli.render import format as F


def _heat(equity: float) -> str:
    """Background of an equity cell, red (0) through yellow (0.5) to green (1);
    the cell prints its figure, so the colour only helps the eye."""
    e = min(max(equity, 0.0), 1.0)
    if e < 0.5:
        r, g = 200, int(40 + 320 * e)
    else:
        r, g = int(200 - 320 * (e - 0.5)), 200
    return f"black on rgb({r},{g},60)"


class PairsView(View):
    """Heads-up tables; ``hand`` (a class) draws that class's row as the 13x13 grid."""

    indent = None

    def lines(self):
        yield from self.result.to_csv().splitlines()

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        table, out = self.result, self.out
        hand = self.options.get("hand")
        footer = Text(f"{len(table.counts)} class pairs, exact; {table.engine}; {table.seconds:.1f} s",
                      style="dim")
        if hand is None and table.rows == table.columns:
            matrix = Table(title="Heads-up preflop equity of the row class against the column class (%)",
                           title_justify="left", padding=(0, 0))
            matrix.add_column("", no_wrap=True)
            for c in table.columns:
                matrix.add_column(c, justify="right", no_wrap=True)
            for r in table.rows:
                matrix.add_row(Text(r, style="bold"), *[
                    Text(f"{100 * table.equity(r, c):5.1f}", style=_heat(table.equity(r, c)))
                    for c in table.columns])
            if F.fits(matrix, out):
                return Group(matrix, footer)
        if hand is not None:
            value = {c: table.equity(hand, c) for c in table.columns}
            title = (f"{hand}: exact heads-up preflop equity against each class (%); "
                     f"{100 * table.vs_columns(hand):.2f}% against a random hand")
        else:
            value = {r: table.vs_columns(r) for r in table.rows}
            title = "Each class's exact equity against all the table's classes together (%)"
        return Group(_grid(title, value), footer)


def _grid(title: str, value: dict):
    """The 13x13 grid of classes, each cell its label and figure (%), coloured by it."""
    from rich.table import Table
    from rich.text import Text

    grid = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 0))
    for _ in range(13):
        grid.add_column(justify="center", width=6, no_wrap=True)
    for row in range(13):
        cells = []
        for col in range(13):
            label = RG.grid_label(row, col)
            v = value.get(label)
            if v is None or v != v:
                cells.append(Text(f"{label}\n", style="dim"))
                continue
            cells.append(Text(f"{label}\n{100 * v:.1f}", style=_heat(v)))
        grid.add_row(*cells)
    return grid


class TriplesView(View):
    """Three-way tables: the triples (CSV in a pipeline); on a terminal, with
    ``--hand`` a 13x13 grid of that class's equity against each class (and a
    third of any class, or the ``--vs`` class), else the triples as a table,
    or for many triples each class's equity over all its triples."""

    indent = None

    def lines(self):
        yield from self.result.to_csv().splitlines()

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        t = self.result
        footer = Text(f"{len(t.counts):,} class triples, exact; {t.engine}; {t.seconds:.1f} s", style="dim")
        names = [RG.grid_label(r, c) for r in range(13) for c in range(13)]
        if t.hand is not None and t.vs is not None:
            value = {c: _safe(t.equity, t.hand, t.vs, c) for c in names}
            title = f"{t.hand} against {t.vs} and each class: exact three-way preflop equity of {t.hand} (%)"
            return Group(_grid(title, value), footer)
        if t.hand is not None:
            value = {b: t.vs_one(t.hand, b) for b in names}
            title = (f"{t.hand} against each class and a third hand of any class: exact three-way "
                     f"preflop equity of {t.hand} (%)")
            return Group(_grid(title, value), footer)
        if len(t.counts) <= 60:
            table = Table(title="Exact three-way preflop equity of each seat (%)", title_justify="left")
            for name in ("class 1", "class 2", "class 3"):
                table.add_column(name, no_wrap=True)
            for name in ("equity 1", "equity 2", "equity 3"):
                table.add_column(name, justify="right", no_wrap=True)
            for c, e, _, _ in t.triples():
                table.add_row(*c, *[Text(f"{100 * x:.2f}", style=_heat(x)) for x in e])
            return Group(table, footer)
        won: dict[str, float] = {}
        total: dict[str, float] = {}
        for c, e, _, n in t.triples():
            for name, x in zip(c, e):
                won[name] = won.get(name, 0.0) + x * n
                total[name] = total.get(name, 0.0) + n
        value = {name: won[name] / total[name] for name in won}
        title = "Each class's exact three-way equity over all its triples of the table (%)"
        return Group(_grid(title, value), footer)


def _safe(fn, *args) -> float:
    from pokercli.errors import PokerError

    try:
        return fn(*args)
    except PokerError:
        return float("nan")


def TableView(result: TableResult, out, **options) -> View:
    """The view of a table's kind: class pairs (heads-up) or triples (three-way)."""
    return (TriplesView if result.players == 3 else PairsView)(result, out, **options)


VIEWS = {TableResult.__name__: TableView}


def check_output(path, kind: Optional[str] = None) -> str:
    """The format ``path`` will be written in (``kind``, else json for a .json
    name, else csv), once it is known that it can be: said before a long job."""
    import os

    try:
        folder, parent = path.is_dir(), path.parent.is_dir() and os.access(path.parent, os.W_OK)
    except OSError as e:  # a name too long for the file system, say
        raise PokerError(f"cannot write {shown(str(path))}: {e.strerror}") from None
    if folder:
        raise PokerError(f"cannot write {path}: it is a directory")
    if not parent:
        raise PokerError(f"cannot write {path}: its folder does not exist or is not writable")
    return kind or ("json" if path.suffix.lower() == ".json" else "csv")


def write_table(result, path, kind: str) -> None:
    """Write a table result to ``path`` as ``kind`` (json: the ``--json``
    document; csv: :meth:`to_csv`)."""
    from pokercli.render import json_text

    text = (json_text(result.to_dict()) + "\n") if kind == "json" else result.to_csv()
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise PokerError(f"cannot write {path}: {e.strerror}") from None
