"""Views of ``equity --runs`` and ``--boards 2``: each hand's equity and how
often it takes the whole pot (every run) and nothing."""

from __future__ import annotations

from pokercli import cards as C
from pokercli.equity_calc.runs import RunsResult
from pokercli.render import View
from pokercli.render import format as F


def _how(r: RunsResult) -> str:
    what = "two boards" if r.double_board else f"run {r.runs} times"
    if r.method == "exact":
        sets = "pairs" if r.runs == 2 else "triples"
        return f"{what}, exact: {r.deals:,.0f} {sets} of runs in {r.seconds:.3f} s"
    target = f", stderr target {r.stderr_target:g}" if r.stderr_target is not None else ""
    return f"{what}, monte-carlo: {r.deals:,.0f} deals (seed {r.seed}{target}) in {r.seconds:.2f} s"


def _missed(r: RunsResult) -> str:
    """A note when sampling to a target stopped at the cap first, or ""."""
    if r.stderr_target is None or r.target_reached or r.interrupted:
        return ""
    largest = max(p.stderr for p in r.players)
    return (f"stopped at the cap of {r.deals:,} deals before every takes-all standard error reached "
            f"{r.stderr_target:g} (largest {largest:.2g})")


def _board(r: RunsResult, out) -> str:
    """The board, or a double board's two boards so far (FIRST / SECOND)."""
    first = F.card_names([C.card_name(c) for c in r.board], out) or "(preflop)"
    if r.second_board is None:
        return first
    return f"{first} / {F.card_names([C.card_name(c) for c in r.second_board], out)}"


class RunsView(View):
    def lines(self):
        r, out = self.result, self.out
        yield f"method: {_how(r)}"
        yield f"board: {_board(r, out)}"
        if r.dead:
            yield f"dead: {F.card_names([C.card_name(c) for c in r.dead], out)}"
        mc = r.method != "exact"
        yield "hand\tequity%\tscoop%\tnothing%" + ("\tstderr%" if mc else "")
        for p in r.players:
            line = f"{F.hand_text(p.label, out)}\t{100 * p.equity:.4f}\t{100 * p.scoop:.4f}\t{100 * p.blank:.4f}"
            yield line + (f"\t{100 * p.stderr:.4f}" if mc else "")
        if _missed(r):
            yield f"note: {_missed(r)}"
        for note in r.notes:
            yield f"note: {note}"

    def renderable(self):
        from rich.table import Table

        r, out = self.result, self.out
        board = _board(r, out)
        caption = _how(r) + (f"; dead {F.card_names([C.card_name(c) for c in r.dead], out)}" if r.dead else "")
        if _missed(r):
            caption += f"; {_missed(r)}"
        for note in r.notes:
            caption += f"; {note}"
        t = Table(title=f"equity on {board}, the pot shared over the runs", title_justify="left",
                  caption=caption)
        for name in ("hand", "equity %", "takes all %", "takes nothing %"):
            t.add_column(name, justify="left" if name == "hand" else "right", overflow="fold")
        if r.method != "exact":
            t.add_column("± (takes all)", justify="right")
        for p in r.players:
            row = [F.hand_text(p.label, out), f"{100 * p.equity:.2f}", f"{100 * p.scoop:.2f}", f"{100 * p.blank:.2f}"]
            if r.method != "exact":
                row.append(f"{100 * p.stderr:.2f}")
            t.add_row(*row)
        return t


VIEWS = {RunsResult.__name__: RunsView}
