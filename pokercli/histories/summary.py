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


def record(hand: Hand) -> Optional[tuple]:
    """What :func:`summarize` reads of a hand, small enough to send between
    processes: (each player's name, net and EV-adjusted net or None, the
    players in the all-in spot), or None for a hand without a result."""
    if not hand.settled:
        return None
    ev = hand.ev_net()
    allin = frozenset(hand.allin.hands) if ev is not None else frozenset()
    return [s.name for s in hand.seats], [s.net for s in hand.seats], ev, allin


def summarize(hands: Iterable[Hand], hero: Optional[str] = None, named: int = 0) -> HistorySummary:
    """Each player's totals over ``hands`` (by name), busiest first; with
    ``hero``, that player only and its curve (a name no hand has is refused)."""
    return summarize_records((record(hand) for hand in hands), hero, named)


def summarize_records(records: Iterable[Optional[tuple]], hero: Optional[str] = None,
                      named: int = 0) -> HistorySummary:
    """:func:`summarize` of the hands' records (:func:`record`)."""
    from pokercli.errors import PokerError

    totals: dict[str, PlayerTotals] = {}
    count = unsettled = allins = 0
    curve: list[tuple[float, float]] = []
    net_sum = ev_sum = Fraction(0)
    for rec in records:
        count += 1
        if rec is None:
            unsettled += 1
            continue
        names, nets, ev, allin = rec
        allins += ev is not None
        for i, (name, net) in enumerate(zip(names, nets)):
            t = totals.setdefault(name, PlayerTotals(name))
            t.hands += 1
            t.allins += i in allin
            t.net += net
            t.ev_net += net if ev is None else ev[i]
            if name == hero:
                net_sum += net
                ev_sum += net if ev is None else ev[i]
                curve.append((float(net_sum), float(ev_sum)))
    players = sorted(totals.values(), key=lambda t: (-t.hands, t.name))
    if hero is not None:
        if hero not in totals:
            raise PokerError(f"hero: no hand has a player named {hero!r}", "hero")
        players = [totals[hero]]
    return HistorySummary(count, unsettled, named, allins, players, hero, curve)
