"""Views of ``percentile``: hand strength now and with the cards to come."""

from __future__ import annotations

from pokercli import games
from pokercli.hand_strength import PercentileResult
from pokercli.render import View
from pokercli.render import format as F


def _opponent(p: PercentileResult, out) -> str:
    weighted = "" if p.opponent_weight == p.opponents else f", weighted {F.count(p.opponent_weight)}"
    return f"{F.breakable(p.vs, out)} ({p.opponents} hands{weighted})"


def _rows(p: PercentileResult, out) -> list[tuple[str, str]]:
    rows = [("hand", F.cards(p.hand, out)), ("board", F.cards(p.board, out) or "(preflop)"),
            ("opponent", _opponent(p, out))]
    if not games.game(p.game).has_board:
        del rows[1]
    rows[:0] = games.game(p.game).in_json.items()  # the game, unless the default
    if p.dead:
        rows.append(("dead", F.cards(p.dead, out)))
    if p.street == "preflop" and p.class_name is not None:
        rows.append(("class", f"{p.class_name}, #{p.class_rank} of {p.classes} by equity against a random hand"))
    if p.street == "preflop" and p.equity is not None:
        rows.append((f"equity vs {p.vs}", f"{100 * p.equity:.3f} %"))
    if p.hs is not None:
        rows += [("hand strength (hs)", f"{p.hs:.6f}"),
                 ("beats / ties / loses",
                  f"{100 * p.beats:.3f} % / {100 * p.ties:.3f} % / {100 * p.loses:.3f} %")]
    if p.street in ("flop", "turn", "river"):
        rows += [("effective percentile (equity)", f"{p.equity:.6f}"),
                 ("positive potential (ppot)", f"{p.ppot:.6f}"),
                 ("negative potential (npot)", f"{p.npot:.6f}"),
                 ("effective hand strength (ehs)", f"{p.ehs:.6f}")]
    return rows


class PercentileView(View):
    def lines(self):
        p, out = self.result, self.out
        yield f"street: {p.street}"
        yield from F.key_values(_rows(p, out), out)
        if p.note:
            yield f"note: {p.note}"
        if p.field:
            yield "opponent type\twe beat\twe tie\twe lose"
            for t, (b, ti, lo) in p.field.items():
                yield f"{t}\t{F.count(b)}\t{F.count(ti)}\t{F.count(lo)}"

    def _field(self, bar_width: int):
        from rich.table import Table

        p, out = self.result, self.out
        f = Table(title="opponent hands by type (now)", title_justify="left")
        f.add_column("type", no_wrap=True)
        for name in ("we beat", "we tie", "we lose"):
            f.add_column(name, justify="right", no_wrap=True)
        f.add_column("", no_wrap=True)
        biggest = max(sum(v) for v in p.field.values())
        for name, (b, ti, lo) in p.field.items():
            scale = sum((b, ti, lo)) / biggest  # bars are as long as the type is common
            parts = [(x / sum((b, ti, lo)) * scale, *glyph) for x, glyph in zip(
                (b, ti, lo), ((out.glyph("█", "#"), "green"), (out.glyph("▒", "="), "yellow"),
                              (out.glyph("░", "."), "red")))] if sum((b, ti, lo)) else []
            f.add_row(name, F.count(b), F.count(ti), F.count(lo), F.bar(parts, bar_width))
        return f

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        p, out = self.result, self.out
        parts = [Text(p.street, style="bold underline"), F.key_values(_rows(p, out), out)]
        if p.note:
            parts.append(Text(f"note: {p.note}", style="yellow"))
        if p.field:
            width = 30
            field = self._field(width)
            while not F.fits(field, out) and width > 6:
                width -= 2
                field = self._field(width)
            legend = Text(f"{out.glyph('█', '#')} we beat  {out.glyph('▒', '=')} we tie  "
                          f"{out.glyph('░', '.')} we lose; a bar's length is the type's share",
                          style="dim")
            parts += [field, legend]
        return Group(*parts)


VIEWS = {PercentileResult.__name__: PercentileView}
