"""Short deck preflop: each of the 81 starting-hand classes against a random hand.

The exact counts ship in ``data/shortdeck_preflop.json`` (made by
``scripts/gen_shortdeck_preflop.py`` with pokercli's own enumeration; a test
recomputes some entries). Reading them needs no NumPy.
"""

from __future__ import annotations

import json
from functools import lru_cache

from pokercli import ranges as RG

DATA_NAME = "shortdeck_preflop.json"
RANKINGS = ("shortdeck", "shortdeck-straight")


def classes() -> list[str]:
    """The 81 class names of six to ace (``AA``, ``AKs``, ``AKo``, ...)."""
    return [n for n in RG.starting_classes() if all(ch in "6789TJQKA" for ch in n[:2])]


def compute(ranking: str, name: str) -> dict:
    """One class's exact {"win", "tie", "boards"} against a random hand."""
    from pokercli.equity_calc.exact import exact
    from pokercli.equity_calc.spot import make_spot

    hand = RG.class_representative(name)
    r = exact(make_spot([hand, "random"], game=ranking), threads=2, limit=float("inf"))
    return {"win": int(r.players[0].wins), "tie": int(r.players[0].ties), "boards": int(r.boards)}


@lru_cache(maxsize=2)
def class_equities(game) -> dict[str, dict]:
    """The starting-hand classes of a short deck :class:`~pokercli.games.Game`: :func:`table`."""
    return table(game.rule.key)


def table(ranking: str) -> dict[str, dict]:
    """Class -> {"win", "tie", "boards", "equity"} in ``ranking`` (ties are heads-up: half)."""
    from importlib import resources

    raw = json.loads(resources.files("pokercli").joinpath(f"data/{DATA_NAME}").read_text())
    out = {}
    for name, row in raw[ranking].items():
        out[name] = dict(row, equity=(row["win"] + row["tie"] / 2) / row["boards"])
    return out
