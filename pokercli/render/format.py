"""Formatters shared by the views: cards, numbers, bit layouts, key-value blocks, bars.

Rich is imported inside the functions that build Rich objects, so plain-text
views never load it.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from pokercli import cards as C


def cards(values: Iterable[int], out) -> str:
    """Cards in canonical notation (``As Kh``, or ``A♠ K♡`` with ``unicode``)."""
    return C.format_cards(values, out.unicode)


def card_names(names: Iterable[str], out) -> str:
    """Card names from a JSON document (``"As"``), shown as :func:`cards` does."""
    return " ".join(n[0] + C.SUIT_SYMBOLS[n[1]] if out.unicode else n for n in names)


def hand_text(text: str, out) -> str:
    """A player as typed: two cards in canonical notation, a range as it is.
    On a terminal a range gets a space after each comma, so that a narrow
    column wraps it between its parts, never inside one (``KQs,`` / ``T9s``,
    not ``KQ`` / ``s,T9s``); what is printed still reads as the same range."""
    if out.unicode:
        try:
            return C.format_cards(C.parse(text), unicode=True)
        except Exception:  # noqa: BLE001 - a range, not cards
            pass
    return breakable(text, out)


def breakable(text: str, out) -> str:
    """``text`` with a space after each comma on a terminal (where Rich wraps at
    spaces), as it is elsewhere."""
    if not out.rich:
        return text
    return ", ".join(part.strip() for part in text.split(","))


def count(x: float) -> str:
    """An exact count as an integer, a weighted one with four decimals."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.4f}"




def percent(x: float, digits: int = 3) -> str:
    return f"{100 * x:.{digits}f}"


def bits_text(bits: str, style: str = "bold reverse green"):
    """A bit string as Rich Text, the set bits highlighted (the characters stay
    ``1`` and ``0``: nothing is said by colour alone)."""
    from rich.text import Text

    text = Text()
    for b in bits:
        text.append(b, style=style if b == "1" else "dim")
    return text


def layout(rows: Sequence[tuple[str, Sequence[str]]], out, bits_row: int = -1):
    """Annotated bit rows: a label, then groups of characters aligned column by
    column (``SUIT: DDDDDDDDDDDDD CCCC...`` over ``BITS: 0001010000000 ...``).
    Row ``bits_row`` is drawn with its set bits highlighted on a terminal."""
    width = max(len(label) for label, _ in rows)
    if not out.rich:
        return [f"{label:<{width}} " + " ".join(groups) for label, groups in rows]
    from rich.text import Text

    text = Text()
    for i, (label, groups) in enumerate(rows):
        if i:
            text.append("\n")
        text.append(f"{label:<{width}} ", style="bold")
        for j, group in enumerate(groups):
            if j:
                text.append(" ")
            if i == bits_row % len(rows):
                text.append_text(bits_text(group))
            else:
                text.append(group)
    return text


def key_values(rows: Sequence[tuple[str, str]], out):
    """A key-value block: ``key: value`` lines in plain text, a two-column grid
    (values wrap, never cut) on a terminal."""
    if not out.rich:
        return [f"{k}: {v}" for k, v in rows]
    from rich.table import Table

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    for k, v in rows:
        grid.add_row(k, v)
    return grid


def bar(shares: Sequence[tuple[float, str, str]], width: int):
    """A horizontal bar of ``width`` cells: each ``(share, glyph, style)`` part
    takes its share of the cells in its own character, so the parts read without
    colour. Rounding gives the remainder to the largest part."""
    from rich.text import Text

    cells = [round(share * width) for share, _, _ in shares]
    if shares and sum(s for s, _, _ in shares) > 0.999:
        cells[max(range(len(cells)), key=lambda i: shares[i][0])] += width - sum(cells)
    text = Text()
    for n, (_, glyph, style) in zip(cells, shares):
        text.append(glyph * max(n, 0), style=style)
    return text


def fits(renderable, out) -> bool:
    """Whether a Rich renderable fits the terminal's width as it is, every cell
    on its natural width (measured without the terminal's limit, which Rich's
    own measure would clamp the answer to)."""
    from rich.measure import Measurement

    console = out.console()
    unbounded = console.options.update(max_width=10_000)
    return Measurement.get(console, unbounded, renderable).maximum <= console.width
