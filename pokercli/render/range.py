"""Views of ``range``: the 13x13 grid of a range, membership and weight in characters."""

from __future__ import annotations

from pokercli import ranges as RG
from pokercli.render import View
from pokercli.render import format as F

#: Cell fill by share of the class in the range (its combos present times their
#: mean weight): the glyph, its ASCII stand-in, and what it means.
_FILLS = ((0.999, "█", "#", "all"), (0.75, "▓", "%", ">= 75%"), (0.5, "▒", "=", ">= 50%"),
          (0.0, "░", ".", "< 50%"))


def _fill(share: float) -> int:
    return next(i for i, (low, *_rest) in enumerate(_FILLS) if share >= low)


def document(r: RG.Range) -> dict:
    """The ``range --json`` document."""
    g = RG.grid(list(r))
    n = len(r)
    return {"range": r.text, "combos": n, "weighted_combos": r.weighted, "share": n / 1326,
            "grid": [[{"hand": RG.grid_label(i, j), "combos": cell[0], "of": cell[1], "weight": cell[2]}
                      for j, cell in enumerate(row)] for i, row in enumerate(g)],
            "combo_list": [{"combo": f"{a}{b}", "weight": w} for (a, b), w in r]}


class RangeView(View):
    def documents(self):
        return [document(self.result)]

    def lines(self):
        r = self.result
        n = len(r)
        yield f"range: {r.text}"
        yield f"combos: {n} of 1326 ({100 * n / 1326:.2f}%), weighted {r.weighted:g}"
        for i, row in enumerate(RG.grid(list(r))):
            cells = []
            for j, (have, possible, w) in enumerate(row):
                label = RG.grid_label(i, j)
                if not have:
                    cells.append("." * len(label))
                    continue
                part = "" if have == possible else f"({have}/{possible})"
                cells.append(label + part + ("" if w == 1 else f":{w:g}"))
            yield " ".join(f"{x:<7}" for x in cells).rstrip()

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        r, out = self.result, self.out
        n = len(r)
        t = Table(title=f"{F.breakable(r.text, out)} {out.glyph('—', '-')} {n} combos, {100 * n / 1326:.2f}% of 1326 "
                        f"(weighted {r.weighted:g})",
                  title_justify="left", show_header=False, box=None, padding=(0, 0))
        for _ in range(13):
            t.add_column(justify="left", width=6, no_wrap=True)
        styles = ("bold black on green", "bold black on yellow", "black on dark_orange",
                  "black on red")
        for i, row in enumerate(RG.grid(list(r))):
            cells = []
            for j, (have, possible, w) in enumerate(row):
                label = f"{RG.grid_label(i, j):<3}"
                if not have:
                    cells.append(Text(f"{label}  ", style="dim"))
                    continue
                k = _fill(have / possible * w)
                _, fancy, plain, _ = _FILLS[k]
                cells.append(Text(f"{label}{out.glyph(fancy, plain)} ", style=styles[k]))
            t.add_row(*cells)
        legend = Text("in range, share of the class's combos times their weight: " + ", ".join(
            f"{out.glyph(fancy, plain)} {meaning}" for _, fancy, plain, meaning in _FILLS)
            + "; no mark: not in range", style="dim")
        return Group(t, legend)


VIEWS = {RG.Range.__name__: RangeView}
