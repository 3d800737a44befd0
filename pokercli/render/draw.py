"""Views of ``draw``: the best holds of a five-card hand and what each makes."""

from __future__ import annotations

from pokercli.five_card_draw import CATEGORIES, DrawResult
from pokercli.render import View
from pokercli.render import format as F


def _hold(h, out) -> str:
    return F.cards(h.held, out) or "(draw five)"


class DrawView(View):
    """``top`` holds are shown (best expected return first); JSON has all 32."""

    def _shown(self):
        return self.result.holds[:self.options.get("top", 8)]

    def lines(self):
        r, out = self.result, self.out
        yield f"hand: {F.cards(r.hand, out)}"
        yield "hold\tev\tdraws\t" + "\t".join(CATEGORIES)
        for h in self._shown():
            yield f"{_hold(h, out)}\t{h.ev:.6f}\t{h.draws}\t" + "\t".join(f"{p:.6f}" for p in h.probabilities)

    def renderable(self):
        from rich.table import Table

        r, out = self.result, self.out
        title = (f"{F.cards(r.hand, out)}: best holds (pays {'/'.join(f'{p:g}' for p in r.pays[:9])} "
                 "per unit, royal flush first)")
        wide = Table(title=title, title_justify="left")
        wide.add_column("#", justify="right", no_wrap=True)
        wide.add_column("hold", no_wrap=True)
        wide.add_column("EV", justify="right", style="bold", no_wrap=True)
        for name in CATEGORIES[:9]:
            wide.add_column(name.replace(" ", "\n"), justify="right", no_wrap=True)
        for i, h in enumerate(self._shown(), 1):
            wide.add_row(str(i), _hold(h, out), f"{h.ev:.4f}",
                         *[f"{100 * p:.2f}%" if p else out.glyph("·", ".") for p in h.probabilities[:9]],
                         style="green" if i == 1 else None)
        if F.fits(wide, out):
            return wide
        # nine category columns do not fit: each hold lists what it makes, most likely first
        narrow = Table(title=title, title_justify="left")
        narrow.add_column("#", justify="right", no_wrap=True)
        narrow.add_column("hold", no_wrap=True)
        narrow.add_column("EV", justify="right", style="bold", no_wrap=True)
        narrow.add_column("paying hands it makes (% of draws)", overflow="fold")
        for i, h in enumerate(self._shown(), 1):
            made = sorted(((p, name) for name, p in zip(CATEGORIES[:9], h.probabilities[:9]) if p),
                          reverse=True)
            narrow.add_row(str(i), _hold(h, out), f"{h.ev:.4f}",
                           ", ".join(f"{name} {100 * p:.2f}%" for p, name in made) or "none",
                           style="green" if i == 1 else None)
        return narrow


VIEWS = {DrawResult.__name__: DrawView}
