"""The one result of a showdown, in every game: each hand's value, who wins,
and each player's share of the pot.

:func:`pokercli.showdown` returns a :class:`Showdown` whatever the game. Its
``form`` says how the result reads, and the views and JSON follow it, never
the game's name:

* ``"winners"`` (a game whose pot goes to the best hand of any five cards:
  hold'em, short deck, stud, razz, 2-7, badugi): each player's value is a
  :class:`pokercli.hands.HandValue`, and the JSON lists the winners;
* ``"shares"`` (the Omaha games, and every game whose pot can split high and
  low): each value is the high hand with the cards it uses
  (:class:`pokercli.omaha_hands.OmahaHigh`), with the low in hi-lo, and the
  JSON gives each player's share of the pot.

Light (no NumPy): the showdown commands never wait for the kernels.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from pokercli import cards as C
from pokercli.games import game as _game


def low_name(ranks) -> str:
    """'8-6-4-2-A low'."""
    return "-".join("A" if r == 1 else str(r) for r in ranks) + " low"


@dataclass(frozen=True)
class ShowdownPlayer:
    """One hand in a showdown."""

    hand: tuple[C.Card, ...]
    #: The (high) hand's value: a HandValue (form "winners"), or the high hand
    #: with the hole and board cards it uses (form "shares").
    high: Any
    high_result: str           # win, tie or lose
    share: Fraction            # of the pot
    #: The low's ranks (high to low, ace 1) and cards; None: no low (or a game without one).
    low: Optional[tuple[tuple[int, ...], tuple[C.Card, ...]]] = None
    low_result: Optional[str] = None  # win, tie, lose or "no low"; None where the pot does not split

    @property
    def value(self) -> Any:
        return self.high

    @property
    def low_text(self) -> str:
        return low_name(self.low[0]) if self.low else "no low"

    @property
    def share_text(self) -> str:
        return str(self.share)

    @property
    def result(self) -> str:
        """scoop (the whole pot), split (part of it) or lose where the pot splits
        high and low; win, tie or lose otherwise."""
        if self.low_result is None:
            return self.high_result
        return "scoop" if self.share == 1 else ("split" if self.share else "lose")

    def shares_doc(self, split: bool) -> dict[str, Any]:
        doc = {"hand": [c.name for c in self.hand], "high": self.high.to_dict(),
               "high_result": self.high_result}
        if split:
            doc["low"] = None if self.low is None else {
                "ranks": ["A" if r == 1 else str(r) for r in self.low[0]],
                "cards": [c.name for c in self.low[1]], "description": low_name(self.low[0])}
            doc["low_result"] = self.low_result
        doc["pot_share"] = float(self.share)
        doc["pot_share_fraction"] = str(self.share)
        doc["result"] = self.result
        return doc

    def winners_doc(self) -> dict[str, Any]:
        doc = self.high.to_dict()
        doc.pop("reductions", None)
        doc["hand"] = [c.name for c in self.hand]
        doc["result"] = self.high_result
        return doc


@dataclass(frozen=True)
class Showdown:
    """Every hand on one board (or, in stud and the draw games, on none) and how
    the pot goes; ``winners`` numbers the best high hands from 1."""

    game: str
    board: tuple[C.Card, ...]
    players: tuple[ShowdownPlayer, ...]
    #: The parts the pot is shared in: ("high",), or ("high", "low") in hi-lo.
    pot_parts: tuple[str, ...] = ("high",)
    #: "winners" or "shares": how the result reads (module docstring).
    form: str = "winners"

    @property
    def hands(self) -> tuple[tuple[C.Card, ...], ...]:
        return tuple(p.hand for p in self.players)

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(p.high for p in self.players)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players (from 1) with the best high hand."""
        return tuple(i for i, p in enumerate(self.players, 1) if p.high_result != "lose")

    @property
    def shares(self) -> tuple[Fraction, ...]:
        """Each player's share of the pot."""
        return tuple(p.share for p in self.players)

    @property
    def no_low(self) -> bool:
        return "low" in self.pot_parts and all(p.low is None for p in self.players)

    def result(self, player: int) -> str:
        """The result of player 1, 2, ...: win, tie or lose (scoop, split or
        lose where the pot splits high and low)."""
        return self.players[player - 1].result

    def to_dict(self) -> dict[str, Any]:
        """The ``rank --board --json`` document."""
        if self.form == "winners":
            return _game(self.game).in_json | {
                "board": [c.name for c in self.board], "players": [p.winners_doc() for p in self.players],
                "winners": list(self.winners)}
        split = "low" in self.pot_parts
        doc = {"game": self.game, "board": [c.name for c in self.board],
               "players": [p.shares_doc(split) for p in self.players]}
        if split:
            doc["no_low"] = self.no_low
        return doc


def winners_showdown(game: str, board, hands, values) -> Showdown:
    """The showdown of a game whose pot goes to the best value (the largest ``score``)."""
    best = max(v.score for v in values)
    count = sum(v.score == best for v in values)
    word = "win" if count == 1 else "tie"
    players = tuple(ShowdownPlayer(tuple(h), v, word if v.score == best else "lose",
                                   Fraction(1, count) if v.score == best else Fraction(0))
                    for h, v in zip(hands, values))
    return Showdown(game, tuple(board), players)
