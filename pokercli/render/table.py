"""Views of ``table``: class-against-class equity as CSV, a matrix or the 13x13 grid."""

from __future__ import annotations

from pokercli import ranges as RG
from pokercli.preflop_table import TableResult
from pokercli.render import View
from pokercli.render import format as F


def _heat(equity: float) -> str:
    """Background of an equity cell, red (0) through yellow (0.5) to green (1);
    the cell prints its figure, so the colour only helps the eye."""
    e = min(max(equity, 0.0), 1.0)
    if e < 0.5:
        r, g = 200, int(40 + 320 * e)
    else:
        r, g = int(200 - 320 * (e - 0.5)), 200
    return f"black on rgb({r},{g},60)"


class TableView(View):
    """``hand`` (a class) draws that class's row as the 13x13 grid."""

    indent = None

    def lines(self):
        yield from self.result.to_csv().splitlines()

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        table, out = self.result, self.out
        hand = self.options.get("hand")
        footer = Text(f"{len(table.counts)} class pairs, exact; {table.engine}; {table.seconds:.1f} s",
                      style="dim")
        if hand is None and table.rows == table.columns:
            matrix = Table(title="Heads-up preflop equity of the row class against the column class (%)",
                           title_justify="left", padding=(0, 0))
            matrix.add_column("", no_wrap=True)
            for c in table.columns:
                matrix.add_column(c, justify="right", no_wrap=True)
            for r in table.rows:
                matrix.add_row(Text(r, style="bold"), *[
                    Text(f"{100 * table.equity(r, c):5.1f}", style=_heat(table.equity(r, c)))
                    for c in table.columns])
            if F.fits(matrix, out):
                return Group(matrix, footer)
        if hand is not None:
            value = {c: table.equity(hand, c) for c in table.columns}
            title = (f"{hand}: exact heads-up preflop equity against each class (%); "
                     f"{100 * table.vs_columns(hand):.2f}% against a random hand")
        else:
            value = {r: table.vs_columns(r) for r in table.rows}
            title = "Each class's exact equity against all the table's classes together (%)"
        grid = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 0))
        for _ in range(13):
            grid.add_column(justify="center", width=6, no_wrap=True)
        for row in range(13):
            cells = []
            for col in range(13):
                label = RG.grid_label(row, col)
                if label not in value:
                    cells.append(Text(f"{label}\n", style="dim"))
                    continue
                cells.append(Text(f"{label}\n{100 * value[label]:.1f}", style=_heat(value[label])))
            grid.add_row(*cells)
        return Group(grid, footer)


VIEWS = {TableResult.__name__: TableView}
