"""Views of ``warmup``: each step and the seconds it took."""

from __future__ import annotations

from pokercli.render import View
from pokercli.warmup import WarmupResult


class WarmupView(View):
    def lines(self):
        r = self.result
        yield "step\tseconds"
        for name, seconds in r.steps:
            yield f"{name}\t{seconds:.2f}"
        yield f"total\t{r.seconds:.2f}"

    def renderable(self):
        from rich.table import Table

        r = self.result
        t = Table(title="kernels compiled or loaded", title_justify="left",
                  caption=f"{len(r.steps)} steps in {r.seconds:.1f} s; later commands start warm",
                  caption_justify="left")
        t.add_column("step", overflow="fold")
        t.add_column("seconds", justify="right", no_wrap=True)
        for name, seconds in r.steps:
            t.add_row(name, f"{seconds:.2f}")
        return t


VIEWS = {WarmupResult.__name__: WarmupView}
