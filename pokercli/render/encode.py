"""Views of ``encode``: the 52-bit set, suit groups, 32-bit card words, indices, matrix."""

from __future__ import annotations

from pokercli import cards as C
from pokercli.errors import card_count
from pokercli.representations import CK32_FIELDS, CK32_LAYOUT, RANK_HEADER, CardEncoding, RankSetEncoding
from pokercli.render import View
from pokercli.render import format as F


def _groups(text: str) -> list[str]:
    """A 32-character card word split into its fields."""
    return [text[start:start + width] for _, start, width in CK32_FIELDS]


def mask_layout_rows(mask: int) -> list[tuple[str, list[str]]]:
    """The 52-bit set as the seed prints it: most significant group (diamonds) first."""
    groups = range(3, -1, -1)
    return [("SUIT:", [C.GROUP_SUITS[g].upper() * 13 for g in groups]),
            ("RANK:", [RANK_HEADER] * 4),
            ("BITS:", [format((mask >> (13 * g)) & 0x1FFF, "013b") for g in groups])]


class CardsView(View):
    def lines(self):
        doc = self.result.to_dict()
        out = self.out
        names = [F.card_names([n], out) for n in doc["cards"]]
        yield f"cards: {' '.join(names) or '(none)'}"
        yield f"mask52: {doc['mask52']}"
        yield from F.layout(mask_layout_rows(doc["mask52"]), out)
        yield "suit_groups: " + ", ".join(f"{k}: {v}" for k, v in doc["suit_groups"].items())
        for suit, ranks in doc["suit_groups"].items():
            yield (f"{suit}: RANK: {RANK_HEADER}  BITS: {ranks:013b}"
                   f"  ({' '.join(doc['suit_group_ranks'][suit]) or '-'})")
        yield "card\tck32\tck32_binary\tdeck_index\thearts_index"
        for pc, name in zip(doc["per_card"], names):
            yield f"{name}\t{pc['ck32']}\t{pc['ck32_binary']}\t{pc['deck_index']}\t{pc['hearts_index']}"
        yield "matrix: " + " ".join(doc["matrix_columns"])
        for suit, row in zip(doc["matrix_rows"], doc["matrix"]):
            yield f"{C.SUIT_SYMBOLS[suit] if out.unicode else suit}:      " + " ".join(map(str, row))

    def renderable(self):
        from rich.console import Group
        from rich.panel import Panel
        from rich.table import Table
        from rich.text import Text

        doc = self.result.to_dict()
        out = self.out
        names = [F.card_names([n], out) for n in doc["cards"]]
        mask = doc["mask52"]
        head = Text(f"{mask}", style="bold")
        head.append(f"  (hex {mask:#x}, {card_count(len(names))}: {' '.join(names) or 'none'})", style="")
        parts = [Panel(Group(head, F.layout(mask_layout_rows(mask), out, bits_row=2)),
                       title="52-bit card set (seed 001)", expand=False)]

        groups = Table(title="suit groups: 13-bit rank sets", title_justify="left")
        for col in ("suit", "value", RANK_HEADER, "ranks"):
            groups.add_column(col, justify="right" if col == "value" else "left", overflow="fold")
        for suit, ranks in doc["suit_groups"].items():
            groups.add_row(suit, str(ranks), F.bits_text(format(ranks, "013b")),
                           " ".join(doc["suit_group_ranks"][suit]) or "-")
        parts.append(groups)

        if doc["per_card"]:
            words = Table(title="32-bit card words (seed 000), deck index (seed 003), Hearts index "
                                "(seed 002)", title_justify="left", box=None, padding=(0, 1, 0, 0))
            layout = " ".join(_groups(CK32_LAYOUT))
            words.add_column("card", no_wrap=True)
            words.add_column(Text(layout, style="bold"), no_wrap=True)
            for col in ("value", "R", "prime", "deck", "hearts"):
                words.add_column(col, justify="right", no_wrap=True)
            for pc, name in zip(doc["per_card"], names):
                bits = Text()
                for i, group in enumerate(_groups(pc["ck32_binary"])):
                    if i:
                        bits.append(" ")
                    bits.append_text(F.bits_text(group))
                fields = pc["ck32_fields"]
                words.add_row(name, bits, str(pc["ck32"]), str(fields["rank"]), str(fields["prime"]),
                              str(pc["deck_index"]), str(pc["hearts_index"]))
            legend = Text("fields: " + ", ".join(
                f"{CK32_LAYOUT[start:start + width]} {name}" for name, start, width in CK32_FIELDS
                if name != "unused") + "; x unused; R and prime in decimal", style="dim")
            parts += [words, legend]

        grid = Table(title="4x13 matrix (seed 004)", title_justify="left")
        grid.add_column("")
        for r in doc["matrix_columns"]:
            grid.add_column(r, justify="center")
        for suit, row in zip(doc["matrix_rows"], doc["matrix"]):
            grid.add_row(C.SUIT_SYMBOLS[suit],
                         *[Text("1", style="bold reverse green") if v else Text(out.glyph("·", "."), style="dim")
                           for v in row])
        parts.append(grid)
        return Group(*parts)


class RankSetView(View):
    def lines(self):
        doc = self.result.to_dict()
        yield f"RANK: {RANK_HEADER}"
        yield f"BITS: {doc['binary']}"
        yield f"ranks: {' '.join(doc['names']) or '(none)'}"

    def renderable(self):
        from rich.panel import Panel
        from rich.text import Text

        doc = self.result.to_dict()
        text = Text("RANK: " + RANK_HEADER + "\nBITS: ")
        text.append_text(F.bits_text(doc["binary"]))
        text.append(f"\nranks: {' '.join(doc['names']) or '(none)'}")
        return Panel(text, title=f"13-bit rank set {doc['ranks']}", expand=False)


VIEWS = {CardEncoding.__name__: CardsView, RankSetEncoding.__name__: RankSetView}
