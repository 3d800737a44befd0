"""Views of range analysis: ``equity --distribution`` (sorted curve and
histogram), ``equity --next-card`` (a 13x4 grid per player) and ``outs``."""

from __future__ import annotations

from pokercli import cards as C
from pokercli.analysis import BINS, DistributionResult, NextCardResult, OutsResult
from pokercli.render import View
from pokercli.render import format as F
from pokercli.render.equity import EquityView

_HEIGHT = 8


class DistributionView(View):
    def documents(self):
        return [self.result.to_dict()]

    def lines(self):
        d, out = self.result, self.out
        yield from EquityView(d.equity, out).lines()
        for p in d.players:
            yield f"distribution of player {p.seat + 1} ({p.label}): {len(p.combos)} combos, " \
                  f"mean equity {F.percent(p.mean)} %"
            yield "equity %\tshare of range %"
            for k, share in enumerate(p.histogram()):
                yield f"{100 * k // BINS}-{100 * (k + 1) // BINS}\t{F.percent(share, 2)}"
            yield "combo\tweight\tequity %"
            for c in p.combos:
                yield f"{F.cards(c.cards, out)}\t{c.weight:g}\t{F.percent(c.equity)}"

    def _curve(self, p, width: int):
        from rich.text import Text

        out = self.out
        block = out.glyph("█", "#")
        values = p.curve(width)
        text = Text()
        for row in range(_HEIGHT):
            level = (_HEIGHT - row - 0.5) / _HEIGHT
            label = {0: "100%", _HEIGHT // 2: " 50%", _HEIGHT - 1: "  0%"}.get(row, "    ")
            text.append(f"{label} {out.glyph('│', '|')}")
            text.append("".join(block if v >= level else " " for v in values) + "\n", style="cyan")
        text.append(f"     {out.glyph('└', '+')}{out.glyph('─', '-') * width}\n")
        text.append(f"      best combos{' ' * max(1, width - 28)}worst combos", style="dim")
        return text

    def _histogram(self, p, width: int):
        from rich.table import Table

        out = self.out
        t = Table(title="histogram: share of the range by equity", title_justify="left", box=None)
        t.add_column("equity %", no_wrap=True)
        t.add_column("share %", justify="right", no_wrap=True)
        t.add_column("", no_wrap=True)
        shares = p.histogram()
        top = max(shares) or 1.0
        for k, share in enumerate(shares):
            cells = max(1, round(share / top * width)) if share > 0 else 0
            t.add_row(f"{100 * k // BINS:>3}-{100 * (k + 1) // BINS:<3}", F.percent(share, 2),
                      F.bar([(cells / width, out.glyph("█", "#"), "cyan")], width))
        return t

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        d, out = self.result, self.out
        parts = [EquityView(d.equity, out).renderable()]
        width = max(20, min(60, out.columns - 8))
        for p in d.players:
            parts.append(Text(f"player {p.seat + 1} ({p.label}): equity of each of its {len(p.combos)} "
                              f"combos, sorted; mean {F.percent(p.mean)} %", style="bold"))
            parts.append(self._curve(p, width))
            parts.append(self._histogram(p, max(10, min(40, out.columns - 30))))
        parts.append(Text("--json lists every combo's equity and counts", style="dim"))
        return Group(*parts)


def _grid_rows(r: NextCardResult, seat: int, out) -> list[list[str]]:
    eq = {c: e[seat] for c, e in r.cards}
    rows = []
    for rank in range(12, -1, -1):
        row = [C.RANK_CHARS[rank]]
        for suit in "shdc":
            card = C.card_id(rank, suit)
            row.append(f"{100 * eq[card]:5.1f}" if card in eq else "   --")
        rows.append(row)
    return rows


class NextCardView(View):
    def documents(self):
        return [self.result.to_dict()]

    def lines(self):
        r, out = self.result, self.out
        yield from EquityView(r.equity, out).lines()
        yield "next card\t" + "\t".join(f"{F.hand_text(p.hand, out)} equity %" for p in r.equity.players)
        for card, eq in r.cards:
            yield F.cards([card], out) + "\t" + "\t".join(F.percent(e) for e in eq)
        if r.blocked:
            yield f"cannot come: {F.cards(r.blocked, out)}"

    def _grid(self, seat: int):
        from rich.table import Table
        from rich.text import Text

        r, out = self.result, self.out
        p = r.equity.players[seat]
        t = Table(title=f"{F.hand_text(p.hand, out)}: now {F.percent(p.equity, 1)} %", title_justify="left",
                  padding=(0, 1))
        t.add_column("", no_wrap=True)
        for suit in "shdc":
            t.add_column(F.card_names([f"A{suit}"], out)[1:], justify="right", no_wrap=True)
        for row in _grid_rows(r, seat, out):
            cells = [Text(row[0], style="bold")]
            for value in row[1:]:
                if value.strip() == "--":
                    cells.append(Text(value, style="dim"))
                    continue
                delta = float(value) / 100 - p.equity
                style = "green" if delta > 0.005 else ("red" if delta < -0.005 else "")
                cells.append(Text(value, style=style))
            t.add_row(*cells)
        return t

    def renderable(self):
        from rich.columns import Columns
        from rich.console import Group
        from rich.text import Text

        r = self.result
        grids = [self._grid(i) for i in range(len(r.equity.players))]
        return Group(EquityView(r.equity, self.out).renderable(),
                     Text("each player's equity (%) after each next card; -- cannot come", style="bold"),
                     Columns(grids, padding=(0, 2)))


class OutsView(View):
    def _rows(self):
        r, out = self.result, self.out
        rows = [("hand", F.cards(r.hand, out)), ("board", F.cards(r.board, out))]
        if r.dead:
            rows.append(("dead", F.cards(r.dead, out)))
        rows.append(("against", F.hand_text(r.vs, out)))
        rows.append(("now", ("ahead or tied" if r.ahead_now else "behind")
                     + f" (showdown share {F.percent(r.share_now, 1)} %)"))
        rows.append(("outs", f"{len(r.outs)} of {r.unseen} unseen cards: "
                             f"{F.percent(r.next_card, 2)} % next card, {F.percent(r.by_river, 2)} % by the river"))
        return rows

    def lines(self):
        r, out = self.result, self.out
        yield from F.key_values(self._rows(), out)
        yield "makes\tcount\tcards"
        for t, cards in r.groups():
            yield f"{t}\t{len(cards)}\t{F.cards(cards, out)}"

    def renderable(self):
        from rich.console import Group
        from rich.table import Table

        r, out = self.result, self.out
        t = Table(title="the cards that put the hand ahead or tied, by what it makes", title_justify="left")
        t.add_column("makes", no_wrap=True)
        t.add_column("count", justify="right", no_wrap=True)
        t.add_column("cards", overflow="fold")
        for kind, cards in r.groups():
            t.add_row(kind.replace("_", " ").lower(), str(len(cards)), F.cards(cards, out))
        return Group(F.key_values(self._rows(), out), t)


VIEWS = {DistributionResult.__name__: DistributionView, NextCardResult.__name__: NextCardView,
         OutsResult.__name__: OutsView}
