"""``rank``: one hand's verdict, a showdown on a board, and score translation.

Light: uses the reference evaluator (no NumPy, no Numba); the batch mode lives
in :mod:`pokercli.batch`.
"""

from __future__ import annotations

from typing import Any, Sequence

from pokercli import cards as C
from pokercli import reference as R
from pokercli.errors import InputError
from pokercli.output import Output
from pokercli.verdict import HandValue, value_of

RANK_HEADER = "AKQJT98765432"


def score_layout(score: int) -> tuple[str, str, str]:
    """(TYPE, PRIMARY, SECONDARY) bit strings of a score, most significant first."""
    strength, primary, secondary = R.partition_score(score)
    return format(strength, "04b"), format(primary, "013b"), format(secondary, "013b")


def hand_doc(v: HandValue) -> dict[str, Any]:
    strength, primary, secondary = R.partition_score(v.score)
    doc = {
        "hand": [C.card_name(c) for c in v.cards],
        "class": v.hand_class,
        "type": v.type,
        "score": v.score,
        "score_binary": "{} | {} | {}".format(*score_layout(v.score)),
        "primary": C.rank_set_names(primary),
        "secondary": C.rank_set_names(secondary),
        "best_five": [C.card_name(c) for c in v.best_five],
        "description": v.description,
    }
    if len(v.cards) == 5:
        names = ("flush", "hand_ranks", "quads", "odd_ranks", "trips", "five_high", "straight",
                 "rank_count")
        doc["reductions"] = dict(zip(names, R.reductions(C.card_mask(v.cards))))
    return doc


def score_doc(score: int) -> dict[str, Any]:
    if not 0 <= score < 1 << 30:
        raise InputError(f"score {score} is out of range (a score is a 30-bit integer)")
    strength, primary, secondary = R.partition_score(score)
    if strength not in R.TYPE_NAMES:
        raise InputError(f"score {score} has type bits {strength}, not a hand type (1-9)")
    doc = {"score": score, "type": R.TYPE_NAMES[strength],
           "primary": C.rank_set_names(primary), "secondary": C.rank_set_names(secondary),
           "score_binary": "{} | {} | {}".format(*score_layout(score))}
    try:
        doc["class"] = R.hand_class(score)
        doc["description"] = R.describe(score)
    except ValueError:
        doc["class"] = None
    return doc


def showdown_doc(board: Sequence[int], hands: Sequence[Sequence[int]]) -> dict[str, Any]:
    C.check_disjoint([("board", board)] + [(f"hand {i + 1}", h) for i, h in enumerate(hands)])
    values = []
    for i, h in enumerate(hands):
        total = len(h) + len(board)
        if not 5 <= total <= 7:
            raise InputError(f"hand {i + 1} with the board has {total} cards; a hand is 5 to 7 cards")
        values.append(value_of(list(h) + list(board)))
    best = max(v.score for v in values)
    winners = [i for i, v in enumerate(values) if v.score == best]
    players = []
    for i, (h, v) in enumerate(zip(hands, values)):
        d = hand_doc(v)
        d.pop("reductions", None)
        d["hand"] = [C.card_name(c) for c in h]
        d["result"] = ("tie" if len(winners) > 1 else "win") if i in winners else "lose"
        players.append(d)
    return {"board": [C.card_name(c) for c in board], "players": players,
            "winners": [i + 1 for i in winners]}


# --- rendering ----------------------------------------------------------------

def _names(cards: list[str], unicode: bool) -> str:
    return " ".join(c[0] + C.SUIT_SYMBOLS[c[1]] if unicode else c for c in cards)


def _layout_text(score: int):
    from rich.text import Text

    t, p, s = score_layout(score)
    text = Text()
    text.append("TYPE | PRIMARY       | SECONDARY\n", style="bold")
    text.append(t, style="bold magenta")
    text.append(" | ")
    for part, style in ((p, "bold cyan"), (s, "bold yellow")):
        for b in part:
            text.append(b, style=style if b == "1" else "dim")
        if part is p:
            text.append(" | ")
    text.append("\n     | " + RANK_HEADER + " | " + RANK_HEADER, style="dim")
    return text


def render_hand(doc: dict[str, Any], out: Output) -> None:
    if out.json:
        out.emit_json(doc)
        return
    if not out.rich:
        out.line(f"hand: {_names(doc['hand'], out.unicode)}")
        for key in ("type", "class", "score", "score_binary"):
            out.line(f"{key}: {doc[key]}")
        out.line(f"primary: {' '.join(doc['primary'])}")
        out.line(f"secondary: {' '.join(doc['secondary'])}")
        out.line(f"best_five: {_names(doc['best_five'], out.unicode)}")
        out.line(f"description: {doc['description']}")
        if "reductions" in doc:
            out.line("reductions: " + ", ".join(f"{k}={v}" for k, v in doc["reductions"].items()))
        return
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table

    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold")
    t.add_column()
    t.add_row("type", f"{doc['type']}  —  {doc['description']}")
    t.add_row("class", f"{doc['class']} / 7462   (1 = royal flush)")
    t.add_row("score", str(doc["score"]))
    t.add_row("best five", _names(doc["best_five"], out.unicode))
    parts = [t, _layout_text(doc["score"])]
    if "reductions" in doc:
        red = Table(title="reductions (seed 001)", title_justify="left")
        for k in doc["reductions"]:
            red.add_column(k)
        red.add_row(*[str(v) for v in doc["reductions"].values()])
        parts.append(red)
    out.emit(Panel(Group(*parts), title=_names(doc["hand"], out.unicode), expand=False))


def render_score(doc: dict[str, Any], out: Output) -> None:
    if out.json:
        out.emit_json(doc)
        return
    if not out.rich:
        for key in ("score", "type", "class", "score_binary"):
            out.line(f"{key}: {doc[key]}")
        out.line(f"primary: {' '.join(doc['primary'])}")
        out.line(f"secondary: {' '.join(doc['secondary'])}")
        if doc.get("description"):
            out.line(f"description: {doc['description']}")
        return
    from rich.console import Group
    from rich.panel import Panel

    head = f"{doc['type']}  primary {{{', '.join(doc['primary'])}}}  secondary {{{', '.join(doc['secondary'])}}}"
    if doc.get("class"):
        head += f"\nclass {doc['class']} / 7462 — {doc['description']}"
    out.emit(Panel(Group(head, _layout_text(doc["score"])), title=f"score {doc['score']}", expand=False))


def render_showdown(doc: dict[str, Any], out: Output) -> None:
    if out.json:
        out.emit_json(doc)
        return
    if not out.rich:
        out.line(f"board: {_names(doc['board'], out.unicode)}")
        for i, p in enumerate(doc["players"], 1):
            out.line(f"{i}\t{_names(p['hand'], out.unicode)}\t{p['result']}\t{p['class']}\t"
                     f"{p['type']}\t{p['description']}")
        return
    from rich.table import Table

    t = Table(title=f"showdown on {_names(doc['board'], out.unicode) or '(no board)'}",
              title_justify="left")
    for col in ("#", "hand", "result", "class", "type", "best five", "description"):
        t.add_column(col, justify="right" if col in ("#", "class") else "left")
    style = {"win": "bold green", "tie": "bold yellow", "lose": "dim"}
    for i, p in enumerate(doc["players"], 1):
        mark = {"win": "★ WIN", "tie": "= TIE", "lose": "lose"}[p["result"]]
        t.add_row(str(i), _names(p["hand"], out.unicode), mark, str(p["class"]), p["type"],
                  _names(p["best_five"], out.unicode), p["description"], style=style[p["result"]])
    out.emit(t)
