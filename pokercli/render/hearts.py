"""Views of ``hearts``: a Hearts state, who holds what, masked for a player."""

from __future__ import annotations

from pokercli.hearts import State
from pokercli.render import View


class HeartsView(View):
    def lines(self):
        st = self.result
        doc = st.to_dict()
        yield f"state: [{', '.join(map(str, st.codes))}]"
        yield f"scores: {' '.join(map(str, st.scores))}"
        yield f"pass: {st.pass_type} ({doc['pass']})"
        if st.view:
            yield f"view: player {st.view}"
        for p in ("1", "2", "3", "4"):
            v = doc["players"][p]
            yield (f"player {p}\thand: {' '.join(v['hand']) or '-'}\twon: {' '.join(v['won']) or '-'}\t"
                   f"trick: {' '.join(v['trick']) or '-'}")
        if doc["hidden"]:
            yield f"hidden: {len(doc['hidden'])} cards"

    def renderable(self):
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        st, out = self.result, self.out
        doc = st.to_dict()
        t = Table(title=f"Hearts state {out.glyph('—', '-')} pass {doc['pass']}, scores {st.scores}"
                        + (f", seen by player {st.view}" if st.view else ""), title_justify="left")
        t.add_column("player", no_wrap=True)
        for col in ("hand", "won tricks", "current trick (* led)"):
            t.add_column(col, overflow="fold")
        for p in ("1", "2", "3", "4"):
            v = doc["players"][p]
            trick = Text(" ".join(f"{c}*" if c == doc["lead"] else c for c in v["trick"]) or "-")
            t.add_row(p, " ".join(v["hand"]) or "-", " ".join(v["won"]) or "-", trick)
        if doc["hidden"]:
            t.add_row("hidden", f"{len(doc['hidden'])} cards", "", "")
        return Group(t, Text(f"[{', '.join(map(str, st.codes))}]", style="dim"))


VIEWS = {State.__name__: HeartsView}
