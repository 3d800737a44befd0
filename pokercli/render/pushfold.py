"""Views of ``pushfold``: one stack's push and call ranges (13x13 grids, range
strings, each side's EV); the chart of every hand's largest stack."""

from __future__ import annotations

from pokercli import ranges as RG
from pokercli.push_fold import PushFoldChart, PushFoldResult, broken, down, limit_text
from pokercli.push_fold_table import TablePushFoldResult
from pokercli.render import View
from pokercli.render import format as F

#: Cell marks by frequency: the glyph, its ASCII stand-in, what it means.
_MARKS = ((0.999_999, "█", "#", "always"), (0.5, "▓", "%", "mixed, at least 50%"),
          (1e-9, "░", ".", "mixed, under 50%"))
_RANK_LABELS = RG.RANK_CHARS_DESC


def _mark(freq: float) -> int | None:
    return next((i for i, (low, *_rest) in enumerate(_MARKS) if freq >= low), None)


def _head(r: PushFoldResult) -> str:
    ante = f", ante {r.ante:g}" if r.ante else ", no ante"
    return f"heads-up push/fold: effective stack {r.stack:g} bb, blinds 0.5/1{ante}"


def _how(r: PushFoldResult) -> str:
    what = "exact equilibrium" if r.method == "exact" else f"CFR+ average after {r.iterations:,} iterations"
    return f"{what} (exploitability {r.exploitability:.1e} bb a hand) in {r.seconds:.3f} s"


def _ev(r: PushFoldResult) -> str:
    return f"EV a hand: small blind {r.sb_ev:+.4f} bb, big blind {-r.sb_ev:+.4f} bb"


def _mixed(r: PushFoldResult, what: str) -> list[str]:
    return [f"{h.hand} {100 * getattr(h, what):.2f}%" for h in r.hands if 0 < getattr(h, what) < 1]


def _number(x) -> str:
    return "-" if x is None else f"{x:+.4f}"


def _frequency_grid(frequency, out):
    """The 13x13 grid of classes, each marked by how often it is played."""
    from rich.table import Table
    from rich.text import Text

    t = Table(show_header=False, box=None, padding=(0, 0))
    for _ in range(13):
        t.add_column(justify="left", width=6, no_wrap=True)
    styles = ("bold black on green", "black on yellow", "black on dark_orange")
    for i in range(13):
        cells = []
        for j in range(13):
            label = RG.grid_label(i, j)
            k = _mark(frequency(label))
            if k is None:
                cells.append(Text(f"{label:<3}  ", style="dim"))
            else:
                cells.append(Text(f"{label:<3}{out.glyph(_MARKS[k][1], _MARKS[k][2])} ", style=styles[k]))
        t.add_row(*cells)
    return t


def _legend(out):
    from rich.text import Text

    return Text("; ".join(f"{out.glyph(fancy, plain)} {meaning}" for _, fancy, plain, meaning in _MARKS)
                + "; no mark: never", style="dim")


class PushFoldView(View):
    def lines(self):
        r = self.result
        yield _head(r)
        yield f"method: {_how(r)}"
        yield _ev(r)
        yield f"small blind pushes {100 * r.push_share:.2f}% of hands: {r.push_range}"
        yield f"big blind calls {100 * r.call_share:.2f}% of hands: {r.call_range}"
        yield "hand\tcombos\tpush\tcall\tpush_gain\tcall_gain"
        for h in r.hands:
            yield f"{h.hand}\t{h.combos}\t{h.push:.4f}\t{h.call:.4f}\t{_number(h.push_gain)}\t{_number(h.call_gain)}"

    def _grid(self, what: str):
        r = self.result
        return _frequency_grid(lambda label: getattr(r.hand(label), what), self.out)

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        r, out = self.result, self.out
        legend = _legend(out)
        parts: list = [Text(_head(r), style="bold"), Text(f"{_how(r)}. {_ev(r)}.")]
        for what, who, verb, share, text in (("push", "small blind", "pushes", r.push_share, r.push_range),
                                             ("call", "big blind", "calls", r.call_share, r.call_range)):
            parts.append(Text(f"\n{who} {verb} {100 * share:.2f}% of hands:", style="bold"))
            parts.append(self._grid(what))
            parts.append(Text(F.breakable(text, out)))
            mixed = _mixed(r, what)
            if mixed:
                parts.append(Text(f"mixed: {', '.join(mixed)}"))
        parts.append(legend)
        return Group(*parts)


def _span(runs, last: float) -> str:
    """``1-2.3, 5.1-7.1``: the intervals, tops rounded down to 0.1 (as the chart)."""
    out = []
    for low, high in runs:
        top = f"{last:g}+" if high >= last else f"{down(high):.1f}"
        out.append(f"{low:g}-{top}" if high > low else f"{low:g}")
    return ", ".join(out)


def _chart_head(c: PushFoldChart) -> str:
    ante = f", ante {c.ante:g}" if c.ante else ", no ante"
    return (f"heads-up push/fold chart: {len(c.stacks)} stacks from {c.stacks[0]:g} to {c.stacks[-1]:g} bb, "
            f"blinds 0.5/1{ante}")


def _chart_how(c: PushFoldChart) -> str:
    return (f"{c.exact} of {len(c.stacks)} equilibria exact, largest exploitability {c.exploitability:.1e} "
            f"bb a hand, in {c.seconds:.2f} s; a hand counts at a stack when played at least half the "
            "time; breaks under 1 bb are mixing, not gaps; tops rounded down to 0.1 bb")


class PushFoldChartView(View):
    def lines(self):
        c = self.result
        first, last = c.stacks[0], c.stacks[-1]
        yield _chart_head(c)
        yield _chart_how(c)
        yield "hand\tpush_up_to\tcall_up_to\tpush_stacks\tcall_stacks"
        for cell in c.cells:
            yield (f"{cell.hand}\t{limit_text(cell.push, first, last)}\t{limit_text(cell.call, first, last)}\t"
                   f"{_span(cell.push, last) or '-'}\t{_span(cell.call, last) or '-'}")

    def _grid(self, what: str):
        from rich.table import Table

        c = self.result
        first, last = c.stacks[0], c.stacks[-1]
        t = Table(box=None, padding=(0, 0), show_header=True, header_style="bold")
        t.add_column("", width=2, no_wrap=True)
        for label in _RANK_LABELS:
            t.add_column(label, justify="right", width=6, no_wrap=True)
        for i, label in enumerate(_RANK_LABELS):
            cells = [label]
            for j in range(13):
                cells.append(limit_text(getattr(c.cell(RG.grid_label(i, j)), what), first, last))
            t.add_row(*cells)
        return t

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        c = self.result
        last = c.stacks[-1]
        parts: list = [Text(_chart_head(c), style="bold"), Text(_chart_how(c) + "."),
                       Text("suited hands above the diagonal, offsuit below", style="dim")]
        for what, title in (("push", "small blind pushes up to (bb)"), ("call", "big blind calls up to (bb)")):
            parts.append(Text(f"\n{title}", style="bold"))
            parts.append(self._grid(what))
            gaps = [f"{cell.hand}: {_span(getattr(cell, what), last)}" for cell in c.cells
                    if broken(getattr(cell, what), c.stacks[0])]
            if gaps:
                parts.append(Text("* not at every stack below its top: " + "; ".join(gaps)))
            parts.append(Text("-: at none of these stacks", style="dim"))
        return Group(*parts)


def _table_head(r: TablePushFoldResult) -> str:
    stacks = ", ".join(f"{p} {s:g}" for p, s in zip(r.positions, r.stacks))
    ante = f", ante {r.ante:g}" if r.ante else ", no ante"
    value = "chip EV" if r.payouts is None else "ICM, payouts " + "/".join(f"{x:g}" for x in r.payouts)
    table = "four-handed" if len(r.stacks) == 4 else "three-handed"
    return f"{table} push/fold: stacks {stacks} bb, blinds 0.5/1{ante}; {value}"


def _table_how(r: TablePushFoldResult) -> str:
    unit = "bb" if r.payouts is None else "of the prizes"
    if len(r.stacks) == 4:
        low, high = r.held_out
        return (f"CFR+ after {r.iterations:,} iterations on {r.deals:,} sampled deals (seed {r.seed}), "
                f"exploitability {r.exploitability:.1e} {unit} a hand on them, {low:.1e} to {high:.1e} "
                f"measured on fresh deals; {r.seconds:.2f} s")
    return (f"CFR+ after {r.iterations:,} iterations, exploitability {r.exploitability:.1e} {unit} a hand; "
            f"three-way showdowns sampled, {r.samples:,} deals a class triple; {r.seconds:.2f} s")


def _table_ev(r: TablePushFoldResult) -> str:
    if r.payouts is None:
        return "EV a hand: " + ", ".join(f"{p} {v:+.4f} bb" for p, v in zip(r.positions, r.evs))
    return "prize equity a hand (before it): " + ", ".join(
        f"{p} {v:.4f} ({b:.4f})" for p, v, b in zip(r.positions, r.evs, r.before))


class TablePushFoldView(View):
    def lines(self):
        r = self.result
        yield _table_head(r)
        yield f"method: {_table_how(r)}"
        yield _table_ev(r)
        yield "decision\tshare\trange"
        for d in r.ranges:
            yield f"{d.decision}\t{100 * d.share:.2f}%\t{d.range or '-'}"

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        r, out = self.result, self.out
        parts: list = [Text(_table_head(r), style="bold"), Text(f"{_table_how(r)}. {_table_ev(r)}.")]
        for d in r.ranges:
            parts.append(Text(f"\n{d.decision}: {100 * d.share:.2f}% of hands", style="bold"))
            parts.append(_frequency_grid(d.frequency, out))
            parts.append(Text(F.breakable(d.range or "no hand", out)))
        parts.append(_legend(out))
        return Group(*parts)


VIEWS = {PushFoldResult.__name__: PushFoldView, PushFoldChart.__name__: PushFoldChartView,
         TablePushFoldResult.__name__: TablePushFoldView}
