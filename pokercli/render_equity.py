"""Rendering of ``equity`` results and ``range`` grids (Rich, plain text, JSON)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

from pokercli import cards as C
from pokercli import ranges as RG
from pokercli.output import Output

if TYPE_CHECKING:  # equity imports NumPy; `range` must not
    from pokercli.equity import EquityResult


def _label(text: str, unicode: bool) -> str:
    if not unicode:
        return text
    try:
        return C.format_cards(C.parse_cards(text), unicode=True)
    except Exception:  # a range, not cards
        return text


def summary(r: "EquityResult") -> str:
    if r.method == "exact":
        deals = f", {r.deals:,} deals" if r.deals and r.deals > 1 else ""
        boards = f"{r.boards:,.0f}" if float(r.boards).is_integer() else f"{r.boards:,.2f}"
        return f"exact: {boards} boards{deals} in {r.seconds:.3f} s"
    target = f", stderr target {r.stderr_target:g}" if r.stderr_target else ""
    state = " — INTERRUPTED, partial result" if r.interrupted else ""
    return (f"monte-carlo: {r.samples:,} samples (seed {r.seed}){target} in {r.seconds:.2f} s{state}")


def render(r: "EquityResult", out: Output, categories: bool) -> None:
    if out.json:
        out.emit_json(r.to_json())
        return
    board = C.format_cards(r.board, out.unicode) or "(preflop)"
    if not out.rich:
        out.line(f"method: {r.method}")
        out.line(f"board: {board}")
        if r.dead:
            out.line(f"dead: {C.format_cards(r.dead, out.unicode)}")
        out.line(summary(r))
        if r.note:
            out.line(f"note: {r.note}")
        if r.method == "exact":
            out.line("hand\twin%\ttie%\tequity%\twins\tties\ttotal")
            for p in r.players:
                out.line(f"{_label(p.hand, out.unicode)}\t{100 * p.win:.4f}\t{100 * p.tie:.4f}\t"
                         f"{100 * p.equity:.4f}\t{_n(p.wins)}\t{_n(p.ties)}\t{_n(p.total)}")
        else:
            out.line("hand\twin%\ttie%\tequity%\tstderr%")
            for p in r.players:
                out.line(f"{_label(p.hand, out.unicode)}\t{100 * p.win:.4f}\t{100 * p.tie:.4f}\t"
                         f"{100 * p.equity:.4f}\t{100 * p.stderr:.4f}")
        if categories:
            _plain_categories(r, out)
        return
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    t = Table(title=f"equity on {board}", title_justify="left", caption=summary(r),
              caption_justify="left")
    t.add_column("#", justify="right")
    t.add_column("hand")
    t.add_column("win %", justify="right")
    t.add_column("tie %", justify="right")
    t.add_column("equity %", justify="right", style="bold")
    t.add_column("±95%" if r.method != "exact" else "boards won / tied", justify="right")
    t.add_column("", min_width=22)
    for i, p in enumerate(r.players, 1):
        extra = (f"{_n(p.wins)} / {_n(p.ties)}" if r.method == "exact"
                 else f"{196 * p.stderr:.3f}")
        bar = (Text(out.glyph("█", "#") * round(20 * p.equity), style="green")
               + Text(out.glyph("░", ".") * (20 - round(20 * p.equity)), style="dim"))
        t.add_row(str(i), _label(p.hand, out.unicode), f"{100 * p.win:.3f}", f"{100 * p.tie:.3f}",
                  f"{100 * p.equity:.3f}", extra, bar)
    parts = [t]
    if r.note:
        parts.append(Text(r.note, style="yellow"))
    if categories:
        ct = Table(title="final hand type (% of boards)", title_justify="left")
        ct.add_column("type")
        for i, p in enumerate(r.players, 1):
            ct.add_column(f"{i}: {_label(p.hand, out.unicode)}", justify="right")
        for name in reversed(list(r.players[0].types)):
            ct.add_row(name, *[f"{100 * p.types[name]:.3f}" for p in r.players])
        parts.append(ct)
    out.emit(Group(*parts))


def _plain_categories(r: "EquityResult", out: Output) -> None:
    out.line("type\t" + "\t".join(_label(p.hand, out.unicode) for p in r.players))
    for name in reversed(list(r.players[0].types)):
        out.line(name + "\t" + "\t".join(f"{100 * p.types[name]:.4f}" for p in r.players))


def _n(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.4f}"


def render_range(text: str, combos: Sequence, out: Output) -> None:
    g = RG.grid(combos)
    n = len(combos)
    weighted = sum(w for _, w in combos)
    doc = {"range": text, "combos": n, "weighted_combos": weighted, "share": n / 1326,
           "grid": [[{"hand": RG.grid_label(r, c), "combos": cell[0], "of": cell[1], "weight": cell[2]}
                     for c, cell in enumerate(row)] for r, row in enumerate(g)]}
    if out.json:
        out.emit_json(doc)
        return
    if not out.rich:
        out.line(f"range: {text}")
        out.line(f"combos: {n} of 1326 ({100 * n / 1326:.2f}%), weighted {weighted:g}")
        for r, row in enumerate(g):
            cells = []
            for c, (have, possible, w) in enumerate(row):
                label = RG.grid_label(r, c)
                if not have:
                    cells.append("." * len(label))
                    continue
                part = "" if have == possible else f"({have}/{possible})"
                cells.append(label + part + ("" if w == 1 else f":{w:g}"))
            out.line(" ".join(f"{x:<7}" for x in cells).rstrip())
        return
    from rich.table import Table
    from rich.text import Text

    t = Table(title=f"{text} — {n} combos, {100 * n / 1326:.2f}% of 1326 (weighted {weighted:g})",
              title_justify="left", show_header=False, padding=(0, 0), show_lines=False)
    for _ in range(13):
        t.add_column(justify="center", width=5)
    for r, row in enumerate(g):
        cells = []
        for c, (have, possible, w) in enumerate(row):
            label = RG.grid_label(r, c)
            if not have:
                cells.append(Text(label, style="dim"))
                continue
            frac = have / possible * w
            shade = "green" if frac >= 0.999 else ("yellow" if frac >= 0.5 else "red")
            cells.append(Text(label, style=f"bold black on {shade}"))
        t.add_row(*cells)
    out.emit(t)


def _heat(equity: float) -> str:
    """Background colour of an equity cell: red (0) through yellow (0.5) to green (1)."""
    e = min(max(equity, 0.0), 1.0)
    if e < 0.5:
        r, g = 200, int(40 + 320 * e)
    else:
        r, g = int(200 - 320 * (e - 0.5)), 200
    return f"black on rgb({r},{g},60)"


def render_table(table, out: Output, hand: Optional[str]) -> None:
    """A table job on a terminal: one class's row as the 13x13 grid (``--hand``),
    a square table that fits the terminal's width as a matrix, a bigger one as
    each class's equity against all the columns together (for all 169 classes:
    against a random hand), on the 13x13 grid."""
    from rich.table import Table
    from rich.text import Text

    fits = 6 * len(table.columns) + 8 <= out.console().width
    if hand is None and table.rows == table.columns and fits:
        t = Table(title="Heads-up preflop equity of the row class against the column class (%)",
                  title_justify="left", padding=(0, 0))
        t.add_column("")
        for c in table.columns:
            t.add_column(c, justify="right")
        for r in table.rows:
            t.add_row(Text(r, style="bold"), *[Text(f"{100 * table.equity(r, c):5.1f}",
                                                     style=_heat(table.equity(r, c)))
                                               for c in table.columns])
        out.emit(t)
        return
    if hand is not None:
        value = {c: table.equity(hand, c) for c in table.columns}
        title = (f"{hand}: exact heads-up preflop equity against each class (%); "
                 f"{100 * table.vs_columns(hand):.2f}% against a random hand")
    else:
        value = {r: table.vs_columns(r) for r in table.rows}
        title = "Each class's exact equity against all the table's classes together (%)"
    t = Table(title=title, title_justify="left", show_header=False, padding=(0, 0))
    for _ in range(13):
        t.add_column(justify="center", width=6)
    for row in range(13):
        cells = []
        for col in range(13):
            label = RG.grid_label(row, col)
            if label not in value:
                cells.append(Text(f"{label}\n", style="dim"))
                continue
            cells.append(Text(f"{label}\n{100 * value[label]:.1f}", style=_heat(value[label])))
        t.add_row(*cells)
    out.emit(t)
    out.line(f"{len(table.counts)} class pairs, exact; {table.engine}; {table.seconds:.1f} s")
