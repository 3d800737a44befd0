"""Totals over many hands: each player's net, all-in EV net and luck.

The EV-adjusted net of a hand is its net where no all-in was judged, and the
all-in pots at each player's equity where one was (:meth:`Hand.ev_net`);
luck is the net less the EV-adjusted net. A hand whose result cannot be
worked out (cards not shown, a history that stops early) is counted, and
left out of the sums.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Optional

from pokercli.histories.hand import Hand


@dataclass
class PlayerTotals:
    name: str
    hands: int = 0
    allins: int = 0
    net: Fraction = Fraction(0)
    ev_net: Fraction = Fraction(0)

    @property
    def luck(self) -> Fraction:
        return self.net - self.ev_net

    def to_dict(self) -> dict:
        return {"name": self.name, "hands": self.hands, "allins": self.allins, "net": float(self.net),
                "ev_net": float(self.ev_net), "luck": float(self.luck)}


@dataclass
class HistorySummary:
    """What ``hh --summary`` shows."""

    hands: int
    unsettled: int
    named: int                      # hands that could not be read (named on stderr)
    allins: int
    players: list[PlayerTotals]
    hero: Optional[str] = None
    #: The hero's cumulative (net, EV-adjusted net) after each of its settled hands.
    curve: list[tuple[float, float]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"hands": self.hands, "unsettled": self.unsettled, "unread": self.named, "allins": self.allins,
                "hero": self.hero, "players": [p.to_dict() for p in self.players],
                "curve": [{"net": a, "ev_net": b} for a, b in self.curve] if self.hero else None}


def summarize(hands: Iterable[Hand], hero: Optional[str] = None, named: int = 0) -> HistorySummary:
    """Each player's totals over ``hands`` (by name), busiest first; with
    ``hero``, that player only and its curve (a name no hand has is refused)."""
    from pokercli.errors import PokerError

    totals: dict[str, PlayerTotals] = {}
    count = unsettled = allins = 0
    curve: list[tuple[float, float]] = []
    net_sum = ev_sum = Fraction(0)
    for hand in hands:
        count += 1
        if not hand.settled:
            unsettled += 1
            continue
        ev = hand.ev_net()
        allins += ev is not None
        for i, seat in enumerate(hand.seats):
            t = totals.setdefault(seat.name, PlayerTotals(seat.name))
            t.hands += 1
            t.allins += ev is not None and i in hand.allin.hands
            t.net += seat.net
            t.ev_net += seat.net if ev is None else ev[i]
            if seat.name == hero:
                net_sum += seat.net
                ev_sum += seat.net if ev is None else ev[i]
                curve.append((float(net_sum), float(ev_sum)))
    players = sorted(totals.values(), key=lambda t: (-t.hands, t.name))
    if hero is not None:
        if hero not in totals:
            raise PokerError(f"hero: no hand has a player named {hero!r}", "hero")
        players = [totals[hero]]
    return HistorySummary(count, unsettled, named, allins, players, hero, curve)
