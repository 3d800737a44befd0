"""Views of ``combos``: a Big Two hand's playable combinations by category."""

from __future__ import annotations

from pokercli import cards as C
from pokercli.bigtwo import CombosResult, b2_key
from pokercli.render import View
from pokercli.render import format as F


def _head(r: CombosResult, out) -> str:
    beats = f" that beat {r.target.category} {F.cards(r.target.cards, out)}" if r.target else ""
    return f"{len(r.combos)} combinations{beats}"


class CombosView(View):
    def lines(self):
        r, out = self.result, self.out
        yield f"hand: {' '.join(C.card_name(c, out.unicode) for c in sorted(r.hand, key=b2_key))}"
        yield _head(r, out)
        for cat, xs in r.by_category().items():
            if xs:
                yield f"{cat}\t{len(xs)}\t" + ", ".join(F.cards(x.cards, out) for x in xs)

    def renderable(self):
        from rich.columns import Columns
        from rich.table import Table

        r, out = self.result, self.out
        name = " ".join(C.card_name(c, out.unicode) for c in sorted(r.hand, key=b2_key))
        t = Table(title=f"{name}: {_head(r, out)}", title_justify="left", show_lines=True)
        t.add_column("category", no_wrap=True)
        t.add_column("count", justify="right", no_wrap=True)
        t.add_column("combinations (weakest first)", overflow="fold")
        for cat, xs in r.by_category().items():
            if xs:  # each combination whole: a narrow cell wraps between combinations, never inside one
                t.add_row(cat, str(len(xs)), Columns([F.cards(x.cards, out) for x in xs], padding=(0, 2)))
        return t


VIEWS = {CombosResult.__name__: CombosView}
