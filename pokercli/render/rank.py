"""Views of ``rank``: one hand's value, a score's translation, a showdown."""

from __future__ import annotations

from pokercli import games
from pokercli.hands import HandValue, ScoreInfo, score_layout
from pokercli.showdowns import Showdown
from pokercli.representations import RANK_HEADER
from pokercli.render import View
from pokercli.render import format as F


def _score_layout(score: int, out):
    """The score's three fields over their bits, the rank letters under them."""
    from rich.text import Text

    t, p, s = score_layout(score)
    text = Text()
    text.append("TYPE | PRIMARY       | SECONDARY\n", style="bold")
    text.append(t, style="bold magenta")
    text.append(" | ")
    text.append_text(F.bits_text(p, "bold cyan"))
    text.append(" | ")
    text.append_text(F.bits_text(s, "bold yellow"))
    text.append("\n     | " + RANK_HEADER + " | " + RANK_HEADER, style="dim")
    return text


def _reductions(reductions: dict, out):
    """The seed's eight reductions as name-value pairs, two pairs a row (their
    names are too long to head eight columns in 80)."""
    from rich.table import Table

    grid = Table.grid(padding=(0, 2))
    for _ in range(2):
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(no_wrap=True)
    items = list(reductions.items())
    for i in range(0, len(items), 2):
        grid.add_row(*[str(x) for pair in items[i:i + 2] for x in pair])
    return grid


class HandView(View):
    def lines(self):
        doc = self.result.to_dict()
        out = self.out
        if "game" in doc:
            yield f"game: {doc['game']}"
        yield f"hand: {F.card_names(doc['hand'], out)}"
        for key in ("type", "class", "score", "score_binary"):
            if key in doc:
                yield f"{key}: {doc[key]}"
        for key in ("primary", "secondary"):
            if key in doc:
                yield f"{key}: {' '.join(doc[key])}"
        yield f"best_five: {F.card_names(doc['best_five'], out)}"
        yield f"description: {doc['description']}"
        if self.result.low_text is not None:
            yield f"low ({doc['low_rule']}): {self.result.low_text}"
        if "reductions" in doc:
            yield "reductions: " + ", ".join(f"{k}={v}" for k, v in doc["reductions"].items())

    def renderable(self):
        from rich.console import Group
        from rich.panel import Panel
        from rich.text import Text

        doc = self.result.to_dict()
        out = self.out
        rows = [("type", f"{doc['type']} {out.glyph('—', '-')} {doc['description']}"),
                ("class", f"{doc['class']} / {self.result.classes}   (1 = {self.result.best_name})"),
                ("score", str(doc["score"])),
                ("best five", F.card_names(doc["best_five"], out))]
        if "game" in doc:
            rows.insert(0, ("game", doc["game"]))
        if self.result.low_text is not None:
            rows.append((f"low ({doc['low_rule']})", self.result.low_text))
        parts = [F.key_values(rows, out)]
        if "score_binary" in doc:
            parts.append(_score_layout(doc["score"], out))
        if "reductions" in doc:
            parts += [Text("reductions (seed 001)", style="bold"), _reductions(doc["reductions"], out)]
        return Panel(Group(*parts), title=F.card_names(doc["hand"], out), expand=False)


class ScoreView(View):
    def lines(self):
        doc = self.result.to_dict()
        for key in ("score", "type", "class", "score_binary"):
            yield f"{key}: {doc[key]}"
        yield f"primary: {' '.join(doc['primary'])}"
        yield f"secondary: {' '.join(doc['secondary'])}"
        if doc.get("description"):
            yield f"description: {doc['description']}"

    def renderable(self):
        from rich.console import Group
        from rich.panel import Panel

        doc = self.result.to_dict()
        head = (f"{doc['type']}  primary {{{', '.join(doc['primary'])}}}  "
                f"secondary {{{', '.join(doc['secondary'])}}}")
        if doc.get("class"):
            head += f"\nclass {doc['class']} / 7462 {self.out.glyph('—', '-')} {doc['description']}"
        return Panel(Group(head, _score_layout(doc["score"], self.out)), title=f"score {doc['score']}",
                     expand=False)


#: The result column: words, not colour alone.
_MARK = {"win": ("★ WIN", "* WIN", "bold green"), "tie": ("= TIE", "= TIE", "bold yellow"),
         "lose": ("lose", "lose", "dim")}


class WinnersShowdownView(View):
    """A showdown whose pot goes to the best hand: each hand's value and result."""

    def lines(self):
        doc = self.result.to_dict()
        out = self.out
        if "game" in doc:
            yield f"game: {doc['game']}"
        if games.game(self.result.game).has_board or doc["board"]:  # (stud: a community card)
            yield f"board: {F.card_names(doc['board'], out)}"
        for i, p in enumerate(doc["players"], 1):
            yield (f"{i}\t{F.card_names(p['hand'], out)}\t{p['result']}\t{p['class']}\t"
                   f"{p['type']}\t{p['description']}")

    def renderable(self):
        from rich.table import Table
        from rich.text import Text

        doc = self.result.to_dict()
        out = self.out
        title = (f"showdown on {F.card_names(doc['board'], out) or '(no board)'}"
                 if games.game(self.result.game).has_board or doc["board"] else "showdown")
        if "game" in doc:
            title = f"{doc['game']} {title}"
        wide = Table(title=title, title_justify="left")
        for col in ("#", "hand", "result", "class", "type", "best five", "description"):
            wide.add_column(col, justify="right" if col in ("#", "class") else "left",
                            no_wrap=col != "description", overflow="fold")
        for i, p in enumerate(doc["players"], 1):
            fancy, plain, style = _MARK[p["result"]]
            wide.add_row(str(i), F.card_names(p["hand"], out), out.glyph(fancy, plain), str(p["class"]),
                         p["type"], F.card_names(p["best_five"], out), p["description"], style=style)
        if F.fits(wide, out):
            return wide
        # too wide: the type goes (the description says it) and each player takes two lines
        narrow = Table(title=title, title_justify="left", show_lines=True)
        narrow.add_column("#", justify="right")
        narrow.add_column("hand", no_wrap=True)
        narrow.add_column("result", no_wrap=True)
        narrow.add_column("class", justify="right")
        narrow.add_column("best five / description", overflow="fold")
        for i, p in enumerate(doc["players"], 1):
            fancy, plain, style = _MARK[p["result"]]
            narrow.add_row(str(i), F.card_names(p["hand"], out), out.glyph(fancy, plain), str(p["class"]),
                           Text(F.card_names(p["best_five"], out) + "\n" + p["description"]), style=style)
        return narrow


def _split(p: dict) -> str:
    """How a player fares in an Omaha pot, in words: 'scoops', 'wins high, ties low', ..."""
    if p["result"] == "scoop":
        return "scoops"
    if "low_result" not in p:  # a high-only game
        return {"win": "wins", "tie": "ties"}.get(p["result"], "loses")
    parts = []
    for half in ("high", "low"):
        word = p.get(f"{half}_result")
        if word in ("win", "tie"):
            parts.append(f"{'wins' if word == 'win' else 'ties'} {half}")
    return ", ".join(parts) or "loses"


def _used(high: dict, out) -> str:
    """The cards a high hand uses: ``hole + board`` (Omaha), or its five (stud, no board)."""
    if not high["board_used"]:
        return F.card_names(high["hole_used"], out)
    return f"{F.card_names(high['hole_used'], out)} + {F.card_names(high['board_used'], out)}"


class SharesShowdownView(View):
    """Each hand's high (with the two hole and three board cards it uses), its low
    in hi-lo, and its share of the pot as a fraction and in words."""

    def lines(self):
        doc = self.result.to_dict()
        out = self.out
        yield f"game: {doc['game']}"
        if doc["board"]:
            yield f"board: {F.card_names(doc['board'], out)}"
        for i, p in enumerate(doc["players"], 1):
            high = p["high"]
            fields = [str(i), F.card_names(p["hand"], out), p["result"], p["pot_share_fraction"],
                      str(high["class"]), high["description"], _used(high, out)]
            if "low" in p:
                fields.append(p["low"]["description"] if p["low"] else "no low")
            yield "\t".join(fields)
        if doc.get("no_low"):
            yield "no low: the high hand takes the whole pot"

    def renderable(self):
        from rich.table import Table
        from rich.text import Text

        doc = self.result.to_dict()
        out = self.out
        hilo = "no_low" in doc
        board = doc["board"]
        title = f"{doc['game']} showdown" + (f" on {F.card_names(board, out)}" if board else "")
        t = Table(title=title, title_justify="left", show_lines=True)
        t.add_column("#", justify="right")
        t.add_column("hand", no_wrap=True)
        t.add_column("pot", no_wrap=True)
        t.add_column(("high: hole + board used" if board else "high: best five") + (" / low" if hilo else ""),
                     overflow="fold")
        for i, p in enumerate(doc["players"], 1):
            high = p["high"]
            style = {"scoop": "bold green", "win": "bold green", "split": "bold yellow",
                     "tie": "bold yellow"}.get(p["result"], "dim")
            text = f"{high['description']} (class {high['class']})\n{_used(high, out)}"
            if hilo:
                text += "\n" + (f"{p['low']['description']}: {F.card_names(p['low']['cards'], out)}"
                                if p["low"] else "no low")
            t.add_row(str(i), F.card_names(p["hand"], out), f"{p['pot_share_fraction']}\n{_split(p)}",
                      Text(text), style=style)
        if doc.get("no_low"):
            t.caption = "no low: the high hand takes the whole pot"
        return t


def ShowdownView(result: Showdown, out, **options) -> View:
    """The view of a showdown's form (:mod:`pokercli.showdowns`): winners or shares."""
    kind = SharesShowdownView if result.form == "shares" else WinnersShowdownView
    return kind(result, out, **options)


VIEWS = {HandValue.__name__: HandView, ScoreInfo.__name__: ScoreView, Showdown.__name__: ShowdownView}
