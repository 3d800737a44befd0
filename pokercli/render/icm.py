"""Views of ``icm``: stacks, chip shares and prize equity; bubble factors; what a call needs."""

from __future__ import annotations

from pokercli.tournament import ICMResult, risk_premium
from pokercli.render import View
from pokercli.render import format as F


def _amount(x: float, percent: bool) -> str:
    return f"{x:.2f}%" if percent else f"{x:,.2f}"


def _number(x: float) -> str:
    return f"{x:,.0f}" if float(x).is_integer() else f"{x:,.2f}"


def _how(r: ICMResult) -> str:
    if r.method == "exact":
        return f"exact (Malmuth-Harville) in {r.seconds:.3f} s"
    se = max(p.stderr for p in r.players)
    return (f"monte-carlo: {r.samples:,} finishing orders (seed {r.seed}), largest standard error "
            f"{_amount(se, r.percent)}, in {r.seconds:.2f} s")


def _call_line(r: ICMResult) -> str:
    c = r.call
    return (f"player {c.caller} calling player {c.shover}'s all-in ({_number(c.risk)} chips at risk, "
            f"{_number(c.pot)} in the pot) needs {100 * c.needed:.2f}% equity (chips alone: "
            f"{100 * c.chip_needed:.2f}%); prize equity if fold / win / lose: "
            f"{_amount(c.fold, r.percent)} / {_amount(c.win, r.percent)} / {_amount(c.lose, r.percent)}")


class ICMView(View):
    def lines(self):
        r = self.result
        yield f"method: {_how(r)}"
        yield "payouts: " + " ".join(_amount(x, r.percent) for x in r.payouts)
        if r.note:
            yield f"note: {r.note}"
        yield "player\tstack\tchips%\tequity\tequity%" + ("\tstderr" if r.method != "exact" else "")
        for i, p in enumerate(r.players, 1):
            line = (f"{i}\t{_number(p.stack)}\t{100 * p.chips:.4f}\t{p.equity:.4f}\t"
                    f"{100 * p.equity / r.pool if r.pool else 0:.4f}")
            yield line + (f"\t{p.stderr:.4f}" if p.stderr is not None else "")
        if r.bubble is not None:
            yield "bubble factor (row against column)\t" + "\t".join(str(j) for j in range(1, len(r.players) + 1))
            for i, row in enumerate(r.bubble, 1):
                yield f"{i}\t" + "\t".join(("-" if i == j else "n/a") if bf is None else f"{bf:.4f}"
                                            for j, bf in enumerate(row, 1))
        if r.call is not None:
            yield _call_line(r)

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        r, out = self.result, self.out
        pays = ", ".join(_amount(x, r.percent) for x in r.payouts)
        t = Table(title="ICM prize equity", title_justify="left", caption=f"payouts {pays}; {_how(r)}",
                  caption_justify="left")
        for name in ("#", "stack", "chips %", "equity", "equity %"):
            t.add_column(name, justify="right", no_wrap=name != "stack", overflow="fold")
        if r.method != "exact":
            t.add_column(out.glyph("±95%", "+/-95%"), justify="right")
        for i, p in enumerate(r.players, 1):
            cells = [str(i), _number(p.stack), F.percent(p.chips), _amount(p.equity, r.percent),
                     F.percent(p.equity / r.pool if r.pool else 0.0)]
            if r.method != "exact":
                cells.append(_amount(1.96 * p.stderr, r.percent))
            t.add_row(*cells)
        parts = [t]
        if r.note:
            parts.append(Text(f"note: {r.note}", style="yellow"))
        if r.bubble is not None:
            b = Table(title="bubble factor of the row player against the column player (risk premium %)",
                      title_justify="left")
            b.add_column("#", justify="right")
            for j in range(1, len(r.players) + 1):
                b.add_column(str(j), justify="right", no_wrap=True)
            for i, row in enumerate(r.bubble, 1):
                b.add_row(str(i), *[(out.glyph("—", "-") if i == j else "n/a") if bf is None else
                                    f"{bf:.2f} ({100 * risk_premium(bf):.1f})" for j, bf in enumerate(row, 1)])
            if not F.fits(b, out):  # too many players side by side: one row per pair
                b = Table(title="bubble factors and risk premiums, pair by pair", title_justify="left")
                for name in ("player", "against", "bubble factor", "risk premium %"):
                    b.add_column(name, justify="right", no_wrap=True)
                for i, row in enumerate(r.bubble, 1):
                    for j, bf in enumerate(row, 1):
                        if bf is not None:
                            b.add_row(str(i), str(j), f"{bf:.3f}", f"{100 * risk_premium(bf):.2f}")
            parts.append(b)
        if r.call is not None:
            parts.append(Text(_call_line(r)))
        return Group(*parts)


VIEWS = {ICMResult.__name__: ICMView}
