"""Views of ``equity``: each player's win, tie and equity, exact counts or standard errors."""

from __future__ import annotations

from pokercli import games
from pokercli.equity_calc.model import EquityResult
from pokercli.render import View
from pokercli.render import format as F


def summary(r: EquityResult, out) -> str:
    """One line: how the figures were obtained."""
    if r.method == "exact":
        word = games.game(r.game).deal_word
        deals = f", {r.deals:,} deals" if r.deals and r.deals > 1 and word != "deals" else ""
        boards = f"{r.boards:,.0f}" if float(r.boards).is_integer() else f"{r.boards:,.2f}"
        return f"exact: {boards} {word[:-1] if r.boards == 1 else word}{deals} in {r.seconds:.3f} s"
    target = f", stderr target {r.stderr_target:g}" if r.stderr_target else ""
    state = f" {out.glyph('—', '-')} INTERRUPTED, partial result" if r.interrupted else ""
    return f"monte-carlo: {r.samples:,} samples (seed {r.seed}){target} in {r.seconds:.2f} s{state}"


def draws_text(r: EquityResult) -> str:
    """How many draws were to come and the later draws' policy (``equity_draws``)."""
    from pokercli.equity_calc.draws import policy_text

    policy = r.extra["policy"]
    return f"{r.extra['draws']} to come; later draws {policy_text(policy['pat'], policy['keep'])}"


class EquityView(View):
    """``categories=True`` adds how often each player ends with each hand type."""

    def lines(self):
        r, out = self.result, self.out
        for key, value in games.game(r.game).in_json.items():  # the game, unless the default
            yield f"{key}: {value}"
        yield f"method: {r.method}"
        if games.game(r.game).has_board or r.board:  # (stud: a community card)
            yield f"board: {F.cards(r.board, out) or '(preflop)'}"
        if r.dead:
            yield f"dead: {F.cards(r.dead, out)}"
        if "draws" in r.extra:
            yield f"draws: {draws_text(r)}"
        yield summary(r, out)
        if r.note:
            yield f"note: {r.note}"
        if r.method == "exact":
            yield "hand\twin%\ttie%\tequity%\twins\tties\ttotal"
            for p in r.players:
                yield (f"{F.hand_text(p.hand, out)}\t{100 * p.win:.4f}\t{100 * p.tie:.4f}\t"
                       f"{100 * p.equity:.4f}\t{F.count(p.wins)}\t{F.count(p.ties)}\t{F.count(p.total)}")
        else:
            yield "hand\twin%\ttie%\tequity%\tstderr%"
            for p in r.players:
                yield (f"{F.hand_text(p.hand, out)}\t{100 * p.win:.4f}\t{100 * p.tie:.4f}\t"
                       f"{100 * p.equity:.4f}\t{100 * p.stderr:.4f}")
        if "low" in r.pot_parts:
            yield f"no low: {100 * r.extra['no_low']:.4f}% of {games.game(r.game).deal_word}"
            yield "hand\tscoop%\thigh win%\thigh tie%\tlow win%\tlow tie%"
            for p in r.players:
                h = p.hilo
                yield (f"{F.hand_text(p.hand, out)}\t{100 * h['scoop']:.4f}\t{100 * h['high']['win']:.4f}\t"
                       f"{100 * h['high']['tie']:.4f}\t{100 * h['low']['win']:.4f}\t{100 * h['low']['tie']:.4f}")
        if self.options.get("categories") and r.players[0].categories is not None:
            yield "type\t" + "\t".join(F.hand_text(p.hand, out) for p in r.players)
            for name in reversed(list(r.players[0].categories)):
                yield name + "\t" + "\t".join(f"{100 * p.categories[name]:.4f}" for p in r.players)

    def _table(self, with_bar: bool):
        from rich.table import Table

        r, out = self.result, self.out
        g = games.game(r.game)
        dead = f", dead {F.cards(r.dead, out)}" if r.dead else ""
        where = f" on {F.cards(r.board, out) or '(preflop)'}" if g.has_board or r.board else ""
        caption = summary(r, out) + (f"\ndraws: {draws_text(r)}" if "draws" in r.extra else "")
        t = Table(title=f"{g.label}equity{where}{dead}", title_justify="left",
                  caption=caption, caption_justify="left")
        t.add_column("#", justify="right", no_wrap=True)
        t.add_column("hand", overflow="fold", min_width=5)
        for name in ("win %", "tie %", "equity %"):
            t.add_column(name, justify="right", no_wrap=True, style="bold" if name == "equity %" else None)
        exact = r.method == "exact"
        t.add_column(f"{g.deal_word} won / tied" if exact else out.glyph("±95%", "+/-95%"), justify="right",
                     overflow="fold")
        if with_bar:
            t.add_column("", no_wrap=True)
        for i, p in enumerate(r.players, 1):
            extra = f"{F.count(p.wins)} / {F.count(p.ties)}" if exact else f"{196 * p.stderr:.3f}"
            cells = [str(i), F.hand_text(p.hand, out), F.percent(p.win), F.percent(p.tie),
                     F.percent(p.equity), extra]
            if with_bar:
                cells.append(F.bar([(p.equity, out.glyph("█", "#"), "green"),
                                    (1 - p.equity, out.glyph("░", "."), "dim")], 20))
            t.add_row(*cells)
        return t

    def _halves(self):
        """Hi-lo: each player's scoops and both halves."""
        from rich.table import Table

        r, out = self.result, self.out
        t = Table(title=f"high and low halves (no low on {F.percent(r.extra['no_low'])} % of "
                        f"{games.game(r.game).deal_word})",
                  title_justify="left")
        t.add_column("#", justify="right", no_wrap=True)
        t.add_column("hand", overflow="fold", min_width=5)
        for name in ("scoop %", "high win %", "high tie %", "low win %", "low tie %"):
            t.add_column(name, justify="right", overflow="fold")
        for i, p in enumerate(r.players, 1):
            h = p.hilo
            t.add_row(str(i), F.hand_text(p.hand, out), F.percent(h["scoop"]), F.percent(h["high"]["win"]),
                      F.percent(h["high"]["tie"]), F.percent(h["low"]["win"]), F.percent(h["low"]["tie"]))
        return t

    def _categories(self):
        from rich.table import Table

        r, out = self.result, self.out
        names = list(reversed(list(r.players[0].categories)))
        wide = Table(title=f"final hand type (% of {games.game(r.game).deal_word})", title_justify="left")
        wide.add_column("type", no_wrap=True)
        for i, p in enumerate(r.players, 1):
            wide.add_column(f"{i}: {F.hand_text(p.hand, out)}", justify="right", overflow="fold")
        for name in names:
            wide.add_row(name, *[f"{100 * p.categories[name]:.3f}" for p in r.players])
        if F.fits(wide, out):
            return wide
        # too many players side by side: one block of rows per player
        long = Table(title=f"final hand type (% of {games.game(r.game).deal_word})", title_justify="left")
        long.add_column("#", justify="right")
        long.add_column("hand", overflow="fold")
        long.add_column("type", no_wrap=True)
        long.add_column("%", justify="right", no_wrap=True)
        for i, p in enumerate(r.players, 1):
            for j, name in enumerate(names):
                long.add_row(str(i) if j == 0 else "", F.hand_text(p.hand, out) if j == 0 else "", name,
                             f"{100 * p.categories[name]:.3f}", end_section=j == len(names) - 1)
        return long

    def renderable(self):
        from rich.console import Group
        from rich.text import Text

        table = self._table(with_bar=True)
        if not F.fits(table, self.out):
            table = self._table(with_bar=False)  # decoration goes before data
        parts = [table]
        if self.result.note:
            parts.append(Text(f"note: {self.result.note}", style="yellow"))
        if "low" in self.result.pot_parts:
            parts.append(self._halves())
        if self.options.get("categories") and self.result.players[0].categories is not None:
            parts.append(self._categories())
        return Group(*parts)


VIEWS = {EquityResult.__name__: EquityView}
