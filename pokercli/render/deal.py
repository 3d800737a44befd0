"""Views of ``deal``: hands and a board per deal (Hearts deals show their state)."""

from __future__ import annotations

from pokercli.dealing import Deals, written
from pokercli.render import View
from pokercli.render import format as F
from pokercli.render.hearts import HeartsView


def _hands(d, out) -> list[str]:
    """Each hand of a deal as shown: plain cards, or a stud hand as the game
    writes it (down cards in parentheses)."""
    if d.down_cards:
        return [written(h, d.down_cards, lambda c: F.cards([c], out)) for h in d.hands]
    return [F.cards(h, out) for h in d.hands]


class DealsView(View):
    """One JSON document for one deal, JSON Lines for several."""

    def documents(self):
        if len(self.result) == 1:
            return [self.result[0].to_dict()]
        return (d.to_dict() for d in self.result)  # JSON Lines, written as they are dealt

    def lines(self):
        out = self.out
        for d in self.result:
            if d.hearts is not None:
                yield from HeartsView(d.hearts, out).lines()
                continue
            fields = _hands(d, out)
            if d.has_board:
                fields.append(F.cards(d.board, out))
            yield "\t".join(fields)

    def renderable(self):
        from rich.console import Group
        from rich.table import Table

        out = self.out
        parts = []
        for d in self.result:
            if d.hearts is not None:
                parts.append(HeartsView(d.hearts, out).renderable())
                continue
            t = Table(title=f"{d.game} deal {d.index} (seed {d.seed})", title_justify="left")
            t.add_column("player", no_wrap=True)
            t.add_column("cards", overflow="fold")
            for i, h in enumerate(_hands(d, out), 1):
                t.add_row(f"P{i}", h)
            if d.has_board:  # (stud's community card, when the deck cannot give everyone a seventh)
                t.add_row("board" if len(d.board) != 1 else "community", F.cards(d.board, out), style="bold")
            parts.append(t)
        return Group(*parts)


VIEWS = {Deals.__name__: DealsView}
