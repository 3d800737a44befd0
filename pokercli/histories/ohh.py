"""Reading Open Hand History (OHH): JSON hands, each ``{"ohh": {...}}``
(the spec: hh-specs.handhistory.org), one after another in a file.

Each hand becomes the fields of a PHH hand and is replayed as one
(:func:`pokercli.histories.hand.replay`), as PokerStars hands are: players in
order from the seat left of the dealer, the forced bets each posted, the
actions (a ``Bet``, ``Raise`` or ``Call`` amount is what the action put in,
so a raise is to the player's street total plus it), what the pots paid each
player (``player_wins``) and their rake. A hand run more than once
(``Run_It_Twice``: a board street again starts a later run, from the first
run's cards before that street) is paid as its pots say; each run's board is
read, and each run's showdown takes an equal part of every pot.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Iterator, Union

from pokercli.errors import PokerError
from pokercli.histories.hand import Hand, replay
from pokercli.histories.variants import phh_number

#: (game_type, bet_type) -> variant code.
_VARIANTS = {("Holdem", "NL"): "NT", ("Holdem", "FL"): "FT", ("Holdem", "PL"): "PT",
             ("Omaha", "PL"): "PO", ("Omaha", "NL"): "NO", ("Omaha", "FL"): "FO",
             ("OmahaHiLo", "FL"): "FO/8", ("OmahaHiLo", "PL"): "PO/8"}
_HOLES = {"Holdem": 2, "Omaha": 4, "OmahaHiLo": 4}
_BOARD_STREETS = ("Flop", "Turn", "River")


def looks_like(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")
    return head.startswith("{") and '"ohh"' in head[:200]


def read(text: str, source: str = "-", number_from: int = 1) -> Iterator[Union[Hand, PokerError]]:
    # decimals as exact fractions; integers stay ints (exact too, and what the
    # amounts' Fraction() calls take alike)
    decoder = json.JSONDecoder(parse_float=Fraction)
    at, count = 0, number_from - 1
    text = text.lstrip("\ufeff")
    line, counted = 1, 0  # the line of `at`, from the newlines before it, counted once each
    while True:
        while at < len(text) and text[at] in " \t\r\n":
            at += 1
        if at >= len(text):
            return
        count += 1
        line += text.count("\n", counted, at)
        counted = at
        try:
            doc, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as e:
            err = PokerError(f"not Open Hand History JSON: {e.msg}")
            err.source, err.hand_id, err.line = source, str(count), e.lineno
            yield err
            return
        at = end
        hand = doc.get("ohh") if isinstance(doc, dict) else None
        hand_id = str(hand.get("game_number", count)) if isinstance(hand, dict) else str(count)
        try:
            if not isinstance(hand, dict):
                raise PokerError("a hand is an object with an 'ohh' object in it")
            yield replay(to_fields(hand), source=source, index=count, hand_id=hand_id, site=_site(hand))
        except PokerError as e:
            e.source, e.hand_id, e.line = source, hand_id, line
            yield e
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError) as e:
            err = PokerError(f"not an Open Hand History hand: {type(e).__name__} {e}")
            err.source, err.hand_id, err.line = source, hand_id, line
            yield err


def _site(hand: dict) -> str:
    name = hand.get("site_name") or hand.get("network_name") or "ohh"
    return f"ohh:{name}"


def _cards(cards) -> str:
    if isinstance(cards, str):
        cards = cards.split()
    return "".join(c if c and c[0] not in "xX" else "??" for c in cards)


def to_fields(hand: dict) -> dict:
    """The PHH fields of one OHH hand (plus ``hand``, ``table``, ``seats``,
    ``winnings`` and ``_rake``)."""
    game_type = hand.get("game_type")
    bet_type = (hand.get("bet_limit") or {}).get("bet_type")
    variant = _VARIANTS.get((game_type, bet_type))
    if variant is None:
        raise PokerError(f"game {game_type!r} ({bet_type}) is not one pokercli reads from Open Hand "
                         "History (hold'em, Omaha, Omaha hi-lo)")
    holes = _HOLES[game_type]
    players = [p for p in hand["players"] if not p.get("is_sitting_out")]
    acted = {a.get("player_id") for r in hand.get("rounds", []) for a in r.get("actions", [])}
    players += [p for p in hand["players"] if p.get("is_sitting_out") and p["id"] in acted]
    players.sort(key=lambda p: p["seat"])
    dealer = hand.get("dealer_seat", players[-1]["seat"])
    order = [p for p in players if p["seat"] > dealer] + [p for p in players if p["seat"] <= dealer]
    index = {p["id"]: i for i, p in enumerate(order)}
    n = len(order)
    if n < 2:
        raise PokerError("fewer than two players in the hand")
    antes = [Fraction(0)] * n
    blinds = [Fraction(0)] * n
    street_bets = [Fraction(0)] * n
    dealt: dict[int, str] = {}
    actions: list[str] = []
    first_run: dict[int, str] = {}  # the first run's board cards by street (0: the flop)
    later: list[str] = []           # a hand run more than once: each later run's board
    last = -1
    for rnd in hand.get("rounds", []):
        street = rnd.get("street")
        if street in _BOARD_STREETS:
            at = _BOARD_STREETS.index(street)
            cards = _cards(rnd["cards"]) if rnd.get("cards") else ""
            if at <= last:  # a street again: a later run, from the first run's cards before it
                later.append("".join(first_run.get(k, "") for k in range(at)) + cards)
            elif later:
                later[-1] += cards
            else:
                first_run[at] = cards
                street_bets = [Fraction(0)] * n
                if cards:
                    actions.append("d db " + cards)
            last = at
        for a in rnd.get("actions", []):
            kind = a.get("action")
            if a.get("player_id") not in index:
                if kind == "Add to Pot":
                    raise PokerError("money the site added to the pot ('Add to Pot') is not read")
                continue
            p = index[a["player_id"]]
            amount = Fraction(a.get("amount") or 0)
            if kind == "Dealt Cards":
                if a.get("cards"):
                    dealt[p] = _cards(a["cards"])
            elif kind == "Post Ante":
                antes[p] += amount
            elif kind == "Post Dead":
                antes[p] += amount
            elif kind in ("Post SB", "Post BB", "Straddle", "Post Extra Blind"):
                blinds[p] += amount
                street_bets[p] += amount
            elif kind == "Fold":
                actions.append(f"p{p + 1} f")
            elif kind in ("Check", "Call"):
                actions.append(f"p{p + 1} cc")
                street_bets[p] += amount
            elif kind in ("Bet", "Raise"):
                street_bets[p] += amount
                actions.append(f"p{p + 1} cbr {phh_number(street_bets[p])}")
            elif kind == "Shows Cards":
                if a.get("cards"):
                    dealt[p] = _cards(a["cards"])
                    actions.append(f"p{p + 1} sm {dealt[p]}")
            elif kind == "Mucks Cards":
                actions.append(f"p{p + 1} sm")
            elif kind in ("Sits Down", "Stands Up", "Added Chips"):
                continue
            else:
                raise PokerError(f"action {kind!r} is not one pokercli reads")
    actions[:0] = [f"d dh p{i + 1} {dealt.get(i, '??' * holes)}" for i in range(n)]
    paid = [Fraction(0)] * n
    rake = Fraction(0)
    for pot in hand.get("pots", []):
        rake += Fraction(pot.get("rake") or 0) + Fraction(pot.get("jackpot") or 0)
        for win in pot.get("player_wins", []):
            paid[index[win["player_id"]]] += Fraction(win.get("win_amount") or 0)
    if n == 2:  # the replay reverses heads-up forced bets, as PHH writes them
        antes, blinds = antes[::-1], blinds[::-1]
    fields = {"variant": variant, "antes": antes, "blinds_or_straddles": blinds,
              "starting_stacks": [Fraction(p["starting_stack"]) for p in order], "actions": actions,
              "players": [str(p.get("name", p["id"])) for p in order], "hand": str(hand.get("game_number", "")),
              "seats": [int(p["seat"]) for p in order]}
    big = hand.get("big_blind_amount")
    if big:
        if variant.startswith("F"):
            fields["small_bet"], fields["big_bet"] = Fraction(big), 2 * Fraction(big)
        else:
            fields["min_bet"] = Fraction(big)
    if hand.get("table_name"):
        fields["table"] = str(hand["table_name"])
    if later:
        fields["_later_boards"] = later
    if any(paid):
        fields["winnings"], fields["_rake"] = paid, rake
    return fields
