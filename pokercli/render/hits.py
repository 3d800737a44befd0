"""Views of ``hits``: what a range hits on a board, made hands and draws, with bars."""

from __future__ import annotations

from pokercli.board_hits import HitsResult
from pokercli.render import View
from pokercli.render import format as F


def _head(h: HitsResult, out) -> list[tuple[str, str]]:
    rows = [("range", F.breakable(h.range, out)), ("board", F.cards(h.board, out))]
    if h.dead:
        rows.append(("dead", F.cards(h.dead, out)))
    if h.vs is not None:
        rows.append(("against", F.hand_text(h.vs, out) + " (equity over every runout)"))
    rows.append(("combos", f"{len(h.combos)}, weighted {F.count(h.weighted)}"))
    return rows


class HitsView(View):
    def lines(self):
        h, out = self.result, self.out
        yield from F.key_values(_head(h, out), out)
        with_vs = h.vs is not None
        yield "group\tcategory\tcombos\tweighted\tshare %" + ("\tequity %" if with_vs else "")
        for c in h.categories:
            if c.combos:
                eq = f"\t{F.percent(c.equity)}" if with_vs and c.equity is not None else (
                    "\t-" if with_vs else "")
                yield f"{c.group}\t{c.label}\t{c.combos}\t{F.count(c.weighted)}\t{F.percent(c.share, 2)}{eq}"

    def _table(self, group: str, bar_width: int):
        from rich.table import Table

        h, out = self.result, self.out
        with_vs = h.vs is not None
        t = Table(title="made hands" if group == "made" else "draws (a combo may hold several)",
                  title_justify="left")
        t.add_column("category", no_wrap=True)
        t.add_column("combos", justify="right", no_wrap=True)
        t.add_column("share %", justify="right", no_wrap=True)
        if with_vs:
            t.add_column("equity %", justify="right", no_wrap=True)
        t.add_column("", no_wrap=True)
        top = max((c.share for c in h.categories if c.group == group), default=0.0) or 1.0
        for c in h.categories:
            if c.group != group or not c.combos:
                continue
            row = [c.label, F.count(c.weighted), F.percent(c.share, 2)]
            if with_vs:
                row.append(F.percent(c.equity, 1) if c.equity is not None else "-")
            cells = max(1, round(c.share / top * bar_width)) if c.share > 0 else 0
            row.append(F.bar([(cells / bar_width, out.glyph("█", "#"), "cyan")], bar_width))
            t.add_row(*row)
        return t if t.row_count else None

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        h, out = self.result, self.out
        parts = [F.key_values(_head(h, out), out)]
        for group in ("made", "draw"):
            width = 24
            table = self._table(group, width)
            while table is not None and not F.fits(table, out) and width > 4:
                width -= 2
                table = self._table(group, width)
            if table is not None:
                parts.append(table)
        parts.append(Text(f"a bar ({out.glyph('█', '#')}) is as long as the category's share of the "
                          "range; the longest, the most common; --json lists every combo", style="dim"))
        return Group(*parts)


VIEWS = {HitsResult.__name__: HitsView}
