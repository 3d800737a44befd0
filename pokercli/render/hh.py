"""Views of ``hh --summary``: each player's hands, all-ins, net, EV-adjusted
net and luck; with ``--hero``, a plot of the hero's cumulative net against
its EV-adjusted net, drawn in characters (``*`` net, ``o`` EV, ``#`` both)."""

from __future__ import annotations

from pokercli.histories.summary import HistorySummary
from pokercli.render import View

PLOT_WIDTH = 60
PLOT_HEIGHT = 12


def _n(x) -> str:
    x = float(x)
    return f"{x:,.0f}" if x.is_integer() else f"{x:,.2f}"


def _head(r: HistorySummary) -> str:
    return (f"{r.hands:,} read ({r.unsettled:,} without a result), {r.named:,} unread, "
            f"{r.allins:,} judged all-ins")


def plot(curve: list[tuple[float, float]], width: int = PLOT_WIDTH, height: int = PLOT_HEIGHT) -> list[str]:
    """The two cumulative series as rows of characters: hands across (the last
    ``width`` columns sample the hands evenly), amount up; a y-axis label on
    the top, middle and bottom rows."""
    if not curve:
        return []
    n = len(curve)
    cols = min(width, n)
    picks = [curve[min(n - 1, round((k + 1) * n / cols) - 1)] for k in range(cols)]
    values = [v for pair in picks for v in pair] + [0.0]
    lo, hi = min(values), max(values)
    span = hi - lo or 1.0
    grid = [[" "] * cols for _ in range(height)]

    def row(v: float) -> int:
        return height - 1 - round((v - lo) / span * (height - 1))

    zero = row(0.0)
    for c in range(cols):
        grid[zero][c] = "-"
    for c, (net, ev) in enumerate(picks):
        a, b = row(net), row(ev)
        if a == b:
            grid[a][c] = "#"
        else:
            grid[a][c] = "*"
            grid[b][c] = "o"
    labels = {0: _n(hi), height // 2: _n(lo + span / 2), height - 1: _n(lo)}
    pad = max(len(s) for s in labels.values())
    lines = [f"{labels.get(i, ''):>{pad}} |" + "".join(r) for i, r in enumerate(grid)]
    lines.append(" " * pad + " +" + "-" * cols)
    lines.append(" " * pad + f"  hands 1..{n:,}   * net   o EV-adjusted net   # both")
    return lines


def svg(curve: list[tuple[float, float]], title: str, width: int = 720, height: int = 360) -> str:
    """The two cumulative series as an SVG chart: net solid, EV-adjusted net
    dashed (told apart without colour), a zero line, the amounts at the axis."""
    from xml.sax.saxutils import escape

    pad_l, pad_r, pad_t, pad_b = 80, 20, 40, 40
    n = max(len(curve), 1)
    values = [v for pair in curve for v in pair] + [0.0]
    lo, hi = min(values), max(values)
    span = hi - lo or 1.0

    def x(i: int) -> float:
        return pad_l + (width - pad_l - pad_r) * (i / max(n - 1, 1))

    def y(v: float) -> float:
        return pad_t + (height - pad_t - pad_b) * (1 - (v - lo) / span)

    def line(k: int) -> str:
        return " ".join(f"{x(i):.1f},{y(pair[k]):.1f}" for i, pair in enumerate(curve))

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{pad_l}" y="20" font-size="14">{escape(title)}</text>',
             f'<line x1="{pad_l}" y1="{y(0):.1f}" x2="{width - pad_r}" y2="{y(0):.1f}" stroke="#999"/>',
             f'<line x1="{pad_l}" y1="{pad_t}" x2="{pad_l}" y2="{height - pad_b}" stroke="#333"/>']
    for v in (hi, lo + span / 2, lo):
        parts.append(f'<text x="{pad_l - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{escape(_n(v))}</text>')
    parts.append(f'<text x="{pad_l}" y="{height - 12}">hands 1..{len(curve):,}</text>')
    if curve:
        parts.append(f'<polyline fill="none" stroke="black" stroke-width="2" points="{line(0)}"/>')
        parts.append(f'<polyline fill="none" stroke="#06c" stroke-width="2" stroke-dasharray="6 4" '
                     f'points="{line(1)}"/>')
    legend_x = width - pad_r - 260
    parts += [f'<line x1="{legend_x}" y1="16" x2="{legend_x + 30}" y2="16" stroke="black" stroke-width="2"/>',
              f'<text x="{legend_x + 36}" y="20">net</text>',
              f'<line x1="{legend_x + 80}" y1="16" x2="{legend_x + 110}" y2="16" stroke="#06c" '
              f'stroke-width="2" stroke-dasharray="6 4"/>',
              f'<text x="{legend_x + 116}" y="20">EV-adjusted net</text>', "</svg>"]
    return "\n".join(parts) + "\n"


class SummaryView(View):
    def lines(self):
        r = self.result
        yield f"hands: {_head(r)}"
        yield "player\thands\tallins\tnet\tev_net\tluck"
        for p in r.players:
            yield f"{p.name}\t{p.hands}\t{p.allins}\t{_n(p.net)}\t{_n(p.ev_net)}\t{_n(p.luck)}"
        if r.hero:
            yield from plot(r.curve)

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        r = self.result
        t = Table(title="Hand histories: net, all-in EV and luck", title_justify="left", caption=_head(r))
        for name, right in (("player", False), ("hands", True), ("all-ins", True), ("net", True),
                            ("EV net", True), ("luck", True)):
            t.add_column(name, justify="right" if right else "left", overflow="fold")
        for p in r.players:
            luck = float(p.luck)
            t.add_row(p.name, f"{p.hands:,}", f"{p.allins:,}", _n(p.net), _n(p.ev_net),
                      Text(("+" if luck > 0 else "") + _n(luck),
                           style="green" if luck > 0 else ("red" if luck < 0 else "")))
        if not r.hero:
            return t
        return Group(t, Text(f"{r.hero}: cumulative net and EV-adjusted net"), Text("\n".join(plot(r.curve))))


VIEWS = {HistorySummary.__name__: SummaryView}
