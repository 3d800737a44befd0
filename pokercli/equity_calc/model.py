"""Equity results: each player's win, tie and equity, with exact counts or standard errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from pokercli import cards as C

#: A Monte Carlo seed is a whole number below this (64 bits); every bit of it counts.
SEED_LIMIT = 1 << 64


def _num(x):
    """An integral float as an int (exact counts print as integers)."""
    return int(x) if x is not None and float(x).is_integer() else x


@dataclass
class PlayerResult:
    """One player's result. ``win`` and ``tie`` are shares of boards won alone
    and shared; ``equity`` is the share of the pot (a pot split ``n`` ways
    gives each winner ``1/n``). Exact results carry the (weighted) counts,
    Monte Carlo results the standard error of ``equity``."""

    hand: str
    win: float
    tie: float
    equity: float
    wins: float
    ties: float
    total: float
    stderr: Optional[float] = None
    categories: Optional[dict[str, float]] = None
    combos: int = 1
    #: Hi-lo games: ``scoop`` (the whole pot alone), ``high`` and ``low``
    #: (``win``/``tie`` shares of boards for each half), and exact ``counts``.
    hilo: Optional[dict[str, Any]] = None


@dataclass
class EquityResult:
    """The equity of every player of a spot.

    ``method`` is ``exact`` or ``monte-carlo``; exact results have ``boards``
    (weighted boards in all) and ``deals``, Monte Carlo results ``samples``,
    ``seed``, ``stderr_target`` and whether the target was reached or the
    sampling ``interrupted``. ``note`` says what the engine did (sampled
    instead of enumerating, ran in chunks, stopped at the cap).
    """

    players: list[PlayerResult]
    method: str
    board: list[int]
    dead: list[int]
    boards: Optional[float] = None
    deals: Optional[int] = None
    samples: Optional[int] = None
    stderr_target: Optional[float] = None
    seed: Optional[int] = None
    interrupted: bool = False
    target_reached: Optional[bool] = None
    seconds: float = 0.0
    evaluations: float = 0.0
    note: str = ""
    game: str = "holdem"
    extra: dict[str, Any] = field(default_factory=dict)
    #: The parts the pot is shared in: ("high",), or ("high", "low") when each
    #: player's ``hilo`` holds the halves (what the views show; not in the JSON).
    pot_parts: tuple[str, ...] = ("high",)

    def to_dict(self) -> dict[str, Any]:
        """The ``equity --json`` document."""
        doc = {
            "method": self.method,
            "board": [C.card_name(c) for c in self.board],
            "dead": [C.card_name(c) for c in self.dead],
            "game": self.game,
            "players": [],
        }
        for p in self.players:
            d = {"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity}
            if self.method == "exact":
                d.update(wins=_num(p.wins), ties=_num(p.ties), total=_num(p.total))
            else:
                d["stderr"] = p.stderr
            if p.categories is not None:
                d["categories"] = p.categories
            if p.hilo is not None:
                d.update({k: ({n: _num(x) for n, x in v.items()} if k == "counts" else v)
                          for k, v in p.hilo.items()})
            doc["players"].append(d)
        if self.method == "exact":
            doc["boards"] = _num(self.boards)
            doc["deals"] = self.deals
        else:
            doc["samples"] = self.samples
            doc["stderr"] = max(p.stderr for p in self.players)
            doc["stderr_target"] = self.stderr_target
            doc["seed"] = self.seed
            doc["interrupted"] = self.interrupted
            if self.stderr_target is not None:
                doc["target_reached"] = bool(self.target_reached)
        doc["seconds"] = round(self.seconds, 4)
        if self.note:
            doc["note"] = self.note
        doc.update(self.extra)
        return doc
