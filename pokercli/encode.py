"""``encode``: one set of cards in every representation of SPEC §2.

Builds a plain dict (the JSON document) and renders it as Rich panels or plain
text. Pure Python: no NumPy, no Numba.
"""

from __future__ import annotations

from typing import Any

from pokercli import cards as C
from pokercli.errors import InputError, shown
from pokercli.output import Output

CK32_LAYOUT = "xxxAKQJT98765432♣♢♡♠RRRRxxPPPPPP"
#: Which field each position of ``CK32_LAYOUT`` belongs to.
_CK32_FIELD = "xxxRRRRRRRRRRRRRSSSSNNNNxxPPPPPP"
_FIELD_STYLE = {"R": "bold cyan", "S": "bold magenta", "N": "bold yellow",
                "P": "bold green", "x": "dim"}
RANK_HEADER = "AKQJT98765432"


def encode_cards(cards: list[int]) -> dict[str, Any]:
    mask = C.card_mask(cards)
    groups = C.suit_groups(mask)
    per_card = []
    for cid in cards:
        word = C.ck32(cid)
        per_card.append({
            "card": C.card_name(cid),
            "ck32": word,
            "ck32_binary": format(word, "032b"),
            "ck32_fields": C.ck32_fields(word),
            "deck_index": C.deck_index(cid),
            "hearts_index": C.hearts_index(cid),
        })
    return {
        "cards": [C.card_name(c) for c in cards],
        "mask52": mask,
        "mask52_binary": format(mask, "052b"),
        "suit_groups": groups,
        "suit_group_ranks": {k: C.rank_set_names(v) for k, v in groups.items()},
        "per_card": per_card,
        "matrix_rows": list(C.MATRIX_SUITS),
        "matrix_columns": list(C.RANK_CHARS),
        "matrix": C.matrix(cards),
    }


def encode_rank_set(ranks: int) -> dict[str, Any]:
    if ranks < 0 or ranks >= 1 << 13:
        raise InputError(f"{ranks} is not a 13-bit rank set (0 .. 8191)")
    return {"ranks": ranks, "binary": format(ranks, "013b"), "names": C.rank_set_names(ranks)}


def decode_number(text: str, kind: str) -> list[int] | dict[str, Any]:
    """Read an integer argument as a 52-bit set, a 32-bit card word or a rank set."""
    try:
        value = int(text, 0)
    except ValueError:
        raise InputError(f"{shown(text)} is not an integer") from None
    if kind == "ranks":
        return encode_rank_set(value)
    if kind == "ck32":
        return [C.card_from_ck32(value)]
    return C.mask_cards(value)


def layout_rows(mask: int) -> list[tuple[str, str, str]]:
    """(suit, ranks, bits) per group, most significant group (diamonds) first."""
    rows = []
    for g in range(3, -1, -1):
        bits = format((mask >> (13 * g)) & 0x1FFF, "013b")
        rows.append((C.GROUP_SUITS[g].upper() * 13, RANK_HEADER, bits))
    return rows


def layout_text(mask: int) -> list[str]:
    rows = layout_rows(mask)
    return ["SUIT: " + " ".join(r[0] for r in rows),
            "RANK: " + " ".join(r[1] for r in rows),
            "BITS: " + " ".join(r[2] for r in rows)]


def rank_set_text(ranks: int) -> list[str]:
    return ["RANK: " + RANK_HEADER, "BITS: " + format(ranks, "013b")]


def render(doc: dict[str, Any], out: Output) -> None:
    if out.json:
        out.emit_json(doc)
    elif "ranks" in doc and "mask52" not in doc:
        _render_rank_set(doc, out)
    elif out.rich:
        _render_rich(doc, out)
    else:
        _render_plain(doc, out)


def _render_rank_set(doc: dict[str, Any], out: Output) -> None:
    lines = rank_set_text(doc["ranks"]) + [f"ranks: {' '.join(doc['names']) or '(none)'}"]
    if out.rich:
        from rich.panel import Panel
        from rich.text import Text

        text = Text("RANK: " + RANK_HEADER + "\nBITS: ")
        _bits_text(text, doc["binary"])
        text.append(f"\nranks: {' '.join(doc['names']) or '(none)'}")
        out.emit(Panel(text, title=f"13-bit rank set {doc['ranks']}", expand=False))
    else:
        for line in lines:
            out.line(line)


def _bits_text(text, bits: str, style: str = "bold reverse green") -> None:
    for b in bits:
        text.append(b, style=style if b == "1" else "dim")


def _render_plain(doc: dict[str, Any], out: Output) -> None:
    names = [_card_label(n, out.unicode) for n in doc["cards"]]
    out.line(f"cards: {' '.join(names) or '(none)'}")
    out.line(f"mask52: {doc['mask52']}")
    for line in layout_text(doc["mask52"]):
        out.line(line)
    out.line("suit_groups: " + ", ".join(f"{k}: {v}" for k, v in doc["suit_groups"].items()))
    for suit, ranks in doc["suit_groups"].items():
        out.line(f"{suit}: " + "  ".join(rank_set_text(ranks))
                 + f"  ({' '.join(doc['suit_group_ranks'][suit]) or '-'})")
    out.line("card\tck32\tck32_binary\tdeck_index\thearts_index")
    for pc, name in zip(doc["per_card"], names):
        out.line(f"{name}\t{pc['ck32']}\t{pc['ck32_binary']}\t{pc['deck_index']}\t{pc['hearts_index']}")
    out.line("matrix: " + " ".join(doc["matrix_columns"]))
    for suit, row in zip(doc["matrix_rows"], doc["matrix"]):
        out.line(f"{C.SUIT_SYMBOLS[suit] if out.unicode else suit}:      "
                 + " ".join(str(v) for v in row))


def _card_label(name: str, unicode: bool) -> str:
    return name[0] + C.SUIT_SYMBOLS[name[1]] if unicode else name


def _render_rich(doc: dict[str, Any], out: Output) -> None:
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    names = [_card_label(n, out.unicode) for n in doc["cards"]]
    mask = doc["mask52"]
    layout = Text()
    rows = layout_rows(mask)
    for label, idx in (("SUIT: ", 0), ("RANK: ", 1)):
        layout.append(label, style="bold")
        layout.append(" ".join(r[idx] for r in rows) + "\n")
    layout.append("BITS: ", style="bold")
    for i, r in enumerate(rows):
        _bits_text(layout, r[2])
        if i < 3:
            layout.append(" ")
    head = Text(f"{mask}", style="bold")
    head.append(f"  (hex {mask:#x}, {len(names)} cards: {' '.join(names) or 'none'})", style="")
    panels = [Panel(Group(head, layout), title="52-bit card set (seed 001)", expand=False)]

    groups = Table(title="suit groups: 13-bit rank sets", title_justify="left")
    for col in ("suit", "value", RANK_HEADER, "ranks"):
        groups.add_column(col, justify="right" if col == "value" else "left")
    for suit, ranks in doc["suit_groups"].items():
        bits = Text()
        _bits_text(bits, format(ranks, "013b"))
        groups.add_row(suit, str(ranks), bits, " ".join(doc["suit_group_ranks"][suit]) or "-")
    panels.append(groups)

    if doc["per_card"]:
        words = Table(title="per card: 32-bit card word (seed 000), deck index (003), "
                            "Hearts index (002)", title_justify="left")
        words.add_column("card")
        words.add_column(Text.assemble(*[(ch, _FIELD_STYLE[f])
                                         for ch, f in zip(CK32_LAYOUT, _CK32_FIELD)]))
        words.add_column("value", justify="right")
        words.add_column("rank bits | suit | R | prime")
        words.add_column("deck", justify="right")
        words.add_column("hearts", justify="right")
        for pc, name in zip(doc["per_card"], names):
            bits = Text()
            for ch, f in zip(pc["ck32_binary"], _CK32_FIELD):
                bits.append(ch, style=_FIELD_STYLE[f] if ch == "1" else "dim")
            fl = pc["ck32_fields"]
            words.add_row(name, bits, str(pc["ck32"]),
                          f"{fl['rank_bits']:013b} | {fl['suit_bits']:04b} | {fl['rank']} | {fl['prime']}",
                          str(pc["deck_index"]), str(pc["hearts_index"]))
        panels.append(words)

    grid = Table(title="4x13 matrix (seed 004)", title_justify="left")
    grid.add_column("")
    for r in doc["matrix_columns"]:
        grid.add_column(r, justify="center")
    for suit, row in zip(doc["matrix_rows"], doc["matrix"]):
        grid.add_row(C.SUIT_SYMBOLS[suit],
                     *[Text("1", style="bold reverse green") if v else Text("·", style="dim")
                       for v in row])
    panels.append(grid)
    out.emit(Group(*panels))
