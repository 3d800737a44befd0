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
        if r.jobs > 1:  # the steps ran side by side: the time it took is less than their sum
            yield f"elapsed ({r.jobs} processes)\t{r.elapsed:.2f}"

    def renderable(self):
        from rich.table import Table

        r = self.result
        t = Table(title="kernels compiled or loaded", title_justify="left",
                  caption=(f"{len(r.steps)} steps in {r.seconds:.1f} s"
                           + (f", {r.elapsed:.1f} s on {r.jobs} processes" if r.jobs > 1 else "")
                           + "; later commands start warm"),
                  caption_justify="left")
        t.add_column("step", overflow="fold")
        t.add_column("seconds", justify="right", no_wrap=True)
        for name, seconds in r.steps:
            t.add_row(name, f"{seconds:.2f}")
        return t


VIEWS = {WarmupResult.__name__: WarmupView}
