"""One hand of a hand history, replayed from its actions: who put what in,
the pots (side pots apart), who won them, and the all-in spot with each
player's exact equity in each pot and the EV-adjusted result.

Amounts are exact fractions (a split pot's odd chips are shared as fractions
of a chip; sites give them to a seat instead). Cards a player was dealt and
that the history shows are out of the deck for every equity (folded hands
too): the equity is the one the known cards give.

Light: no NumPy until an all-in's equity is computed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

from pokercli import cards as C
from pokercli.errors import PokerError, shown

_PLAYER = re.compile(r"p([1-9][0-9]*)$")


def _num(x: Fraction) -> Any:
    """An amount for JSON: an integer when whole, else a float."""
    return int(x) if x.denominator == 1 else float(x)


def parse_phh_cards(text: str, what: str) -> list[Optional[int]]:
    """PHH cards (``Ac2d``, ``????``): card ids, None for an unknown card."""
    if len(text) % 2:
        raise PokerError(f"{what}: {shown(text)} is not a list of two-character cards")
    out: list[Optional[int]] = []
    for i in range(0, len(text), 2):
        chunk = text[i:i + 2]
        if chunk == "??":
            out.append(None)
            continue
        card = C.SPELLINGS.get(chunk)  # one dict read (every two-character spelling of a card)
        if card is None:
            raise PokerError(f"{what}: {shown(chunk)} is not a card")
        out.append(card)
    return out


@dataclass
class Pot:
    """A pot (the main pot or a side pot): its amount, who may win it and who did."""

    amount: Fraction
    contenders: tuple[int, ...]            # player indexes (0-based)
    #: An uncalled bet given back: only its one contender put this much in.
    returned: bool = False
    won: Optional[tuple[Fraction, ...]] = None   # each contender's share; None: not settled
    equity: Optional[tuple[float, ...]] = None   # each contender's all-in equity in this pot

    def to_dict(self, names: list[str]) -> dict:
        if self.returned:
            return {"returned": _num(self.amount), "to": names[self.contenders[0]]}
        doc = {"amount": _num(self.amount), "contenders": [names[i] for i in self.contenders]}
        if self.won is not None:
            doc["won"] = [_num(self.amount * s) for s in self.won]
        if self.equity is not None:
            doc["equity"] = list(self.equity)
        return doc


@dataclass
class AllIn:
    """The all-in spot: the street, the board then, each contender's known cards,
    and (once worked out) each pot's equities and each player's EV."""

    street: str
    board: tuple[int, ...]
    hands: dict[int, tuple[int, ...]]      # player index -> hole cards
    pots: list[Pot]
    ev: Optional[list[Fraction]] = None    # what each player's share of the pots was worth
    method: str = "exact"
    reason: Optional[str] = None           # why no equity (a hand not shown, a variant without one)
    #: Cards known to be out of the deck besides the hands: a draw game's discards so far.
    dead: tuple[int, ...] = ()
    #: A draw game's draws to come (the first from the hands as kept, the rest by the draws' policy).
    draws: int = 0

    def to_dict(self, names: list[str]) -> dict:
        doc: dict[str, Any] = {"street": self.street, "board": C.format_cards(self.board).split(),
                               "hands": {names[i]: C.format_cards(h).split() for i, h in self.hands.items()},
                               "pots": [p.to_dict(names) for p in self.pots]}
        if self.draws:
            doc["draws"] = self.draws
        if self.dead:
            doc["dead"] = C.format_cards(self.dead).split()
        if self.reason is not None:
            doc["not_judged"] = self.reason
        else:
            doc["method"] = self.method
        return doc


@dataclass
class Seat:
    index: int
    name: str
    stack: Fraction
    #: The seat's number at the table (the history's ``seats``), else its place from 1.
    number: Optional[int] = None
    cards: list[Optional[int]] = field(default_factory=list)
    put_in: Fraction = Fraction(0)
    won: Optional[Fraction] = None
    folded: bool = False
    mucked: bool = False
    shown: bool = False

    @property
    def net(self) -> Optional[Fraction]:
        return None if self.won is None else self.won - self.put_in

    @property
    def known(self) -> bool:
        return bool(self.cards) and all(c is not None for c in self.cards)


@dataclass
class Hand:
    """A hand read from a history: its players, board, pots, results and all-in spot."""

    source: str
    index: int
    hand_id: Optional[str]
    site: str
    variant: str
    game: str
    betting: str
    stakes: dict
    seats: list[Seat]
    board: list[int]
    pots: list[Pot]
    allin: Optional[AllIn]
    problems: list[str]
    finishing_stacks: Optional[list[Fraction]] = None
    #: Uncalled bets given back: (player index, amount); not in ``put_in`` or the pots.
    returned: list = field(default_factory=list)
    #: What the site took from the pots (its ``winnings`` are after it).
    rake: Fraction = Fraction(0)
    #: The hand's fields as PHH has them (what ``--to phh`` writes).
    fields: dict = field(default_factory=dict)
    #: A hand run more than once: the later runs' whole boards (``board`` is the
    #: first run's); each run's showdown takes an equal part of every pot.
    later_boards: list = field(default_factory=list)
    _ev_done: bool = False

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def settled(self) -> bool:
        return all(s.won is not None for s in self.seats)

    def allin_ev(self) -> Optional[AllIn]:
        """The all-in spot with each pot's exact equities and each player's EV
        (worked out on first use); None without an all-in."""
        if self.allin is not None and not self._ev_done:
            self._ev_done = True
            _work_out_ev(self)
        return self.allin

    def ev_net(self) -> Optional[list[Fraction]]:
        """Each player's EV-adjusted net: the all-in pots at their equity, the
        rest as played; None without a judged all-in."""
        spot = self.allin_ev()
        if spot is None or spot.ev is None:
            return None
        return [ev - s.put_in for ev, s in zip(spot.ev, self.seats)]

    def to_dict(self) -> dict:
        names = self.names
        spot = self.allin_ev()
        ev_net = self.ev_net()
        players = []
        for i, s in enumerate(self.seats):
            doc: dict[str, Any] = {"seat": s.number if s.number is not None else i + 1, "name": s.name,
                                   "stack": None if s.stack == UNKNOWN_STACK else _num(s.stack),
                                   "cards": [C.card_name(c) if c is not None else "??" for c in s.cards],
                                   "put_in": _num(s.put_in), "net": None if s.net is None else _num(s.net)}
            if ev_net is not None:
                doc["ev_net"] = float(ev_net[i])
            players.append(doc)
        doc = {"source": self.source, "hand": self.hand_id if self.hand_id is not None else self.index,
               "site": self.site, "variant": self.variant, "game": self.game, "betting": self.betting,
               "stakes": {k: _num(v) if isinstance(v, Fraction) else [_num(x) for x in v]
                          for k, v in self.stakes.items()},
               "players": players, "board": C.format_cards(self.board).split(),
               "pots": [p.to_dict(names) for p in self.pots],
               "returned": [{"to": names[i], "amount": _num(a)} for i, a in self.returned]}
        if self.later_boards:
            doc["boards"] = [C.format_cards(b).split() for b in (self.board, *self.later_boards)]
        if self.rake:
            doc["rake"] = _num(self.rake)
        doc["allin"] = None if spot is None else spot.to_dict(names)
        if self.problems:
            doc["problems"] = list(self.problems)
        return doc


# --- replaying the actions -------------------------------------------------------------

_BETTING = {"cc", "cbr", "f", "pb"}
#: A stack PHH gives as ``inf`` (unknown): deeper than any bet.
UNKNOWN_STACK = Fraction(10) ** 30
_STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def replay(doc: dict, *, source: str, index: int, hand_id: Optional[str], site: str = "phh") -> Hand:
    """Replay a PHH hand's fields (a TOML table) into a :class:`Hand`."""
    from pokercli.histories.variants import VARIANTS, amounts, number

    variant = doc.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:  # (a list is no key)
        raise PokerError(f"variant {variant!r} is not one pokercli reads "
                         f"({', '.join(VARIANTS)})")
    game, betting = VARIANTS[variant]
    from pokercli.games import game as _game
    from pokercli.games.rules import STANDARD

    definition = _game(game)
    drawing = definition.dealing.draws is not None  # a draw game: its cards change after the betting
    starting = doc.get("starting_stacks")
    if not isinstance(starting, list) or not 2 <= len(starting) <= 23:
        raise PokerError("starting_stacks: expected an array of 2 or more stacks")
    n = len(starting)
    # an unknown stack is PHH's inf: deep enough never to be all in (shown as null)
    unknown = [isinstance(x, float) and x == float("inf") for x in starting]
    stacks = amounts({"starting_stacks": [0 if u else x for x, u in zip(starting, unknown)]},
                     "starting_stacks", n)
    stacks = [UNKNOWN_STACK if u else x for x, u in zip(stacks, unknown)]
    if any(s <= 0 for s in stacks):
        raise PokerError("starting_stacks: stacks are positive")
    antes = amounts(doc, "antes", n)
    blinds = amounts(doc, "blinds_or_straddles", n) if "blinds_or_straddles" in doc else [Fraction(0)] * n
    bring_in = number(doc["bring_in"], "bring_in") if "bring_in" in doc else Fraction(0)
    if n == 2:  # heads-up, the forced bets are the array reversed (the spec's rule)
        antes, blinds = antes[::-1], blinds[::-1]
    names_field = doc.get("players")
    names = ([str(x) for x in names_field] if isinstance(names_field, list) and len(names_field) == n
             else [f"p{i}" for i in range(1, n + 1)])
    stakes: dict[str, Any] = {"antes": antes if n != 2 else antes[::-1],
                              "blinds_or_straddles": blinds if n != 2 else blinds[::-1]}
    for key in ("min_bet", "small_bet", "big_bet", "bring_in"):
        if key in doc:
            stakes[key] = number(doc[key], key)
    seats = [Seat(i, names[i], stacks[i]) for i in range(n)]
    actions = doc.get("actions")
    if not isinstance(actions, list):
        raise PokerError("actions: expected an array of action strings")
    # The replay counts in whole units of 1/scale chip (the least common multiple of
    # every amount's denominator: 1 for chips, 100 for cents): integers add and
    # compare several times faster than fractions, and exactly.
    bets: dict[int, Fraction] = {}
    scale = 1
    said = []  # each action's text, comment off, and its words
    for k, raw in enumerate(actions):
        if not isinstance(raw, str):
            raise PokerError(f"actions: {raw!r} is not a string")
        text = raw.split("#", 1)[0].strip()
        words = text.split()
        said.append((text, words))
        if len(words) == 3 and words[1] == "cbr":
            try:
                bets[k] = number(_amount(words[2]), "amount")
            except PokerError as e:
                e.action = raw
                raise
    sizes = {key: stakes[key] for key in ("min_bet", "small_bet", "big_bet") if key in stakes}
    for x in (*stacks, *antes, *blinds, bring_in, *bets.values(), *sizes.values()):
        d = x.denominator
        if scale % d:
            scale = scale * d // math.gcd(scale, d)

    def units(x: Fraction) -> int:
        return x.numerator * (scale // x.denominator)

    def chips(x: int) -> Fraction:
        return Fraction(x, scale)

    numbers = doc.get("seats")
    if isinstance(numbers, list) and len(numbers) == n and all(isinstance(x, int) for x in numbers):
        for s_, number_ in zip(seats, numbers):
            s_.number = number_
    left = [units(x) for x in stacks]
    street_bet = [0] * n
    put_in = [0] * n
    ante_units = [units(x) for x in antes]
    blind_units = [units(x) for x in blinds]
    bring_in_units = units(bring_in)

    def pay(i: int, amount: int) -> None:
        left[i] -= amount
        put_in[i] += amount

    # antes: dead money in the main pot (PHH's default, ``ante_trimming_status`` false:
    # a big blind ante, a button ante), or with it true a part of what each player
    # put in, a player's ante above every other's given back (as pokerkit does)
    trimming = doc.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PokerError("ante_trimming_status: expected true or false")
    ante_paid = [min(ante_units[i], left[i]) for i in range(n)]
    if trimming and n > 1:
        cutoff = sorted(ante_paid)[-2]
        ante_paid = [min(a, cutoff) for a in ante_paid]
    for i in range(n):
        pay(i, ante_paid[i])
    for i in range(n):
        b = min(blind_units[i], left[i])
        pay(i, b)
        street_bet[i] = b
    top = max(street_bet)  # the street's highest bet
    board: list[int] = []
    betting_seen = False
    drew = False
    last_betting: Optional[dict] = None
    #: each draw round's discards by player (a draw game's all-in keeps what was not thrown)
    draw_log: list[dict[int, list[Optional[int]]]] = []
    in_draw = False
    players = {f"p{i + 1}": i for i in range(n)}  # the names PHH gives players (p1 ...)
    # Whose turn it is in a PHH hand: the players still to act in this betting
    # round, in order, as pokerkit keeps them (None before the round's first
    # action). A player the actions pass over checks where checking is free,
    # else folds: PHH files leave such actions out (a button's fold before the
    # flop), and pokerkit, the standard's reference, reads them so. A site's
    # history is taken as written, and so is a stud hand whose up cards are not
    # all known (they say who acts first).
    in_turn = site == "phh"
    to_act: Optional[list[int]] = None
    to_draw: list[int] = []  # a draw's players still to draw: every player still in, p1 first
    down = definition.dealing.down_cards  # stud: the down cards' places; empty: a button game
    low_opening = bool(down) and definition.rule.ranking is not STANDARD  # razz: the high card brings in
    bring_in_due = bool(down) and bring_in_units > 0  # third street's first player brings in or completes
    # Bet and raise sizes in a PHH hand, as pokerkit allows them: at least the
    # street's minimum (no limit and pot limit: min_bet; fixed limit: small_bet
    # for the first two betting rounds, big_bet after) and the last full raise,
    # at most the pot (pot limit) or exactly that (fixed limit, four bets and
    # raises a round unless heads-up); an all-in below the minimum allowed, and a player who has
    # acted and faces only short all-ins may call, not raise. Not checked where
    # the stakes leave the street's minimum unknown.
    limit = betting == "fixed-limit"
    # (said where pokerkit's FO/8, which takes pot-limit sizes, would have taken the amount)
    pokerkits_fo8 = " (FO/8 is fixed limit; pokerkit's FO/8 takes pot-limit sizes)" if variant == "FO/8" else ""
    sizing = in_turn and ("small_bet" in sizes and "big_bet" in sizes if limit else "min_bet" in sizes)
    size_units = {key: units(x) for key, x in sizes.items()}
    completing = bring_in_due  # third street's first bet completes the bring-in to the small bet
    raised_by = 0  # the street's largest bet or raise, above the bet it raised
    # the street's bets and raises: fixed limit allows four, but for players left heads-up before
    # the fourth (Robert's Rules of Poker lift the cap then; pokerkit keeps it)
    raises = 0
    capped = False  # the fourth went in with three or more players in the hand
    acted: set[int] = set()  # players who acted since the last full raise
    short_raised = 0  # what the all-ins since raised, each short of a full raise, together

    def still_to_act(first: Optional[int] = None) -> list[int]:
        """(``first``: the player who acts, who opens a stud street when it ties
        for the best hand showing: sites break such a tie their own way.)"""
        nonlocal to_act, in_turn, raised_by, raises, completing, capped, short_raised
        if to_act is None:  # the round begins: after the biggest blind or straddle, else at p1
            raised_by = raises = 0
            capped = False
            completing = completing and betting_round() == 0
            acted.clear()
            short_raised = 0
            live = [i for i in range(n) if not seats[i].folded]
            if down:  # stud: the lowest up card on third street, then the best hand showing
                ups = {i: [c for k, c in enumerate(seats[i].cards) if k not in down] for i in live}
                if not live or any(not u or None in u for u in ups.values()):
                    in_turn = False
                    return []
                tied = stud_openers(ups, low_opening)
                opener = first if first in tied else tied[0]
            else:
                opener = (max(range(n), key=lambda i: (street_bet[i] if blind_units[i] else 0, i)) + 1) % n
            reach = sorted(street_bet[i] + left[i] for i in live)
            # (a player no other could take a chip from, the others all in, is passed over)
            to_act = [i for i in ((opener + k) % n for k in range(n)) if not seats[i].folded
                      and left[i] > 0 and len(live) > 1 and reach[-2] > street_bet[i]]
            if len(to_act) == 1 and street_bet[to_act[0]] >= max(street_bet):
                to_act = []  # the others all in, and it has matched them
        return to_act

    def check_size(p: int, who: str, to: int, said: str) -> None:
        """Refuse a bet or raise to ``to`` pokerkit does not allow (the
        amount as written, ``said``); count it."""
        nonlocal raised_by, raises, completing, capped, short_raised
        call = min(left[p], top - street_bet[p])
        if call < raised_by or 0 < short_raised < raised_by and p in acted:
            raise PokerError(f"{who} raises an all-in that was not a full raise, which it may only call")
        if limit and raises >= 4 and (players_in() > 2 or capped):
            raise PokerError(f"{who} bets or raises a fifth time on a street: fixed limit allows four"
                             + pokerkits_fo8)
        if left[p] <= top - street_bet[p]:
            raise PokerError(f"{who} bets or raises to {said}, which its stack only calls")
        if not any(i != p and not seats[i].folded and left[i] + street_bet[i] > top for i in range(n)):
            raise PokerError(f"{who} bets or raises to {said} with every other player folded or all in")
        if limit:
            step = size_units["small_bet" if betting_round() < 2 else "big_bet"]
        else:
            step = size_units["min_bet"]
        reach = left[p] + street_bet[p]
        low = min(reach, max(raised_by, step) + (0 if completing else top))
        # pot limit: the pot after calling (what is in it, the bets included, and the call)
        pot = min(reach, max(low, 2 * top - street_bet[p] + sum(put_in)))
        high = low if limit else pot if betting == "pot-limit" else reach
        if to < low or to > high:
            if limit:
                raise PokerError(f"{who} bets or raises to {said}: fixed limit's amount here is {_num(chips(low))}"
                                 + (pokerkits_fo8 if low < to <= pot else ""))
            if to < low:
                raise PokerError(f"{who} bets or raises to {said}, less than the minimum ({_num(chips(low))})")
            if to > reach:
                raise PokerError(f"{who} bets or raises to {said}, more than its stack ({_num(chips(reach))} "
                                 "on this street)")
            raise PokerError(f"{who} bets or raises to {said}, more than the pot allows ({_num(chips(high))})")
        raise_ = to - top
        if raise_ >= raised_by:  # a full raise: every player may raise again
            acted.clear()
        acted.add(p)
        raised_by = max(raised_by, raise_)
        raises += 1
        capped = capped or raises == 4 and players_in() > 2
        completing = False
        # (each raise is above the bet faced: an all-in that only calls was refused above)
        short_raised = 0 if to < reach else short_raised + raise_
        if short_raised >= raised_by:
            short_raised = 0

    def betting_round() -> int:
        """The betting round: 0 before the flop (stud: third street; a draw
        game: before the first draw), then 1, 2, 3 ..."""
        if down:
            return max(len(s_.cards) for s_ in seats if not s_.folded) - 3
        if drawing:
            return len(draw_log)
        return {0: 0, 3: 1, 4: 2}.get(len(board), 3)  # (a board dealt a card at a time: whatever it has)

    def players_in() -> int:
        return sum(not s_.folded for s_ in seats)

    def pass_over(until: Optional[int]) -> None:
        """The players in turn before ``until`` (all of them: None) check or fold."""
        waiting = still_to_act()
        while waiting and waiting[0] != until and players_in() > 1:
            i = waiting.pop(0)
            acted.add(i)
            if street_bet[i] < top:
                seats[i].folded = True
        if players_in() < 2:
            waiting.clear()

    for index_, raw in enumerate(actions):
        text, words = said[index_]
        if not text:
            continue
        try:
            if words[0] == "d":
                if in_turn and (words[1:2] == ["db"] or to_act is not None):  # a new street
                    pass_over(None)
                    to_act = None
                if betting_seen:
                    street_bet = [0] * n
                    top = 0
                    betting_seen = False
                if words[1:2] == ["db"] and len(words) == 3:
                    board += [c for c in parse_phh_cards(words[2], "board") if c is not None]
                elif words[1:2] == ["dh"] and len(words) == 4:
                    dealt = players.get(words[2])
                    seats[_player(words[2], n) if dealt is None else dealt].cards += parse_phh_cards(
                        words[3], "hole cards")
                else:
                    raise PokerError(f"{shown(text)} is not a dealing action (d db CARDS, d dh pN CARDS)")
                continue
            p = players.get(words[0])
            if p is None:
                p = _player(words[0], n)
            seat = seats[p]
            who = words[0] if site == "phh" else names[p]  # a site's history: the player's name
            kind = words[1] if len(words) > 1 else ""
            if kind in _BETTING:
                if seat.folded:
                    raise PokerError(f"{who} acts after folding")
                if to_draw:
                    raise PokerError(f"{who} acts before p{to_draw[0] + 1} has drawn")
                waiting = still_to_act(p) if in_turn else []  # (a stud hand's unknown up card: not in turn)
                if in_turn and bring_in_due:
                    if waiting and waiting[0] != p:
                        raise PokerError(f"{who} acts before p{waiting[0] + 1} brings in")
                    if kind in ("f", "cc"):
                        raise PokerError(f"{who} brings in (pb) or completes (cbr): it cannot check, "
                                         "call or fold")
                if in_turn and kind == "pb" and not bring_in_due:
                    raise PokerError(f"{who} posts a bring-in: only the first player on third street brings in")
                bring_in_due = False
                if in_turn:
                    if p not in waiting or players_in() < 2:
                        raise PokerError(f"{who} acts out of turn: " + (
                            ", ".join(f"p{i + 1}" for i in waiting) + " to act" if waiting
                            else "the betting round is over"))
                    pass_over(p)
                    if not to_act:  # (those passed over folded: the hand is over)
                        raise PokerError(f"{who} acts after every other player has folded")
                    to_act.pop(0)
                    if kind != "cbr":  # (a bet or raise is counted once its size is checked)
                        acted.add(p)
                betting_seen = True
                if kind == "f":
                    if len(words) != 2:
                        raise PokerError(f"{shown(text)}: a fold takes nothing after it")
                    seat.folded = True
                elif kind == "cc":
                    amount = min(top - street_bet[p], left[p])
                    pay(p, amount)
                    street_bet[p] += amount
                elif kind == "pb":
                    amount = min(bring_in_units, left[p])
                    pay(p, amount)
                    street_bet[p] += amount
                    top = max(top, street_bet[p])
                else:  # cbr: complete, bet or raise to an amount (the street's total)
                    if len(words) != 3:
                        raise PokerError(f"{shown(text)}: cbr takes one amount")
                    to = units(bets[index_])
                    amount = to - street_bet[p]
                    if sizing and in_turn:
                        check_size(p, who, to, words[2])
                    if amount <= 0 or to <= top and amount < left[p]:
                        raise PokerError(f"{who} bets or raises to {words[2]}, not more than "
                                         f"the bet it faces ({_num(chips(top))})")
                    if amount > left[p]:
                        raise PokerError(f"{who} bets or raises to {words[2]}, more than its "
                                         f"stack ({_num(chips(left[p] + street_bet[p]))} on this street)")
                    pay(p, amount)
                    street_bet[p] = to
                    top = max(top, to)
                    if in_turn:  # every other player still in with chips acts again
                        to_act = [(p + k) % n for k in range(1, n)]
                        to_act = [i for i in to_act if not seats[i].folded and left[i] > 0]
                if in_turn and players_in() < 2:
                    to_act = []
                in_draw = False
                # what the all-in spot needs of this moment (folds and payments all come
                # from betting actions: the final ones are this moment's)
                last_betting = {"board": len(board), "draws": len(draw_log),
                                "cards": [list(s_.cards) for s_ in seats] if drawing
                                else [len(s_.cards) for s_ in seats]}
            elif kind == "sd":  # stand pat, or discard the cards named
                if not in_draw and in_turn:
                    pass_over(None)
                    to_act = None
                drew = True
                if betting_seen:
                    street_bet = [0] * n
                    top = 0
                    betting_seen = False
                gone = parse_phh_cards(words[2], "discards") if len(words) > 2 else []
                if not in_draw or p in draw_log[-1]:  # a new draw (with no betting between, all in)
                    draw_log.append({})
                    in_draw = True
                    if in_turn:
                        if to_draw:
                            raise PokerError(f"{who} draws again before p{to_draw[0] + 1} has drawn")
                        to_draw = [i for i in range(n) if not seats[i].folded]
                if in_turn:
                    if not to_draw or to_draw[0] != p:
                        raise PokerError(f"{who} draws out of turn: "
                                         + (f"p{to_draw[0] + 1} to draw" if to_draw else "no player is to draw"))
                    to_draw.pop(0)
                draw_log[-1][p] = gone
                for card in gone:
                    if card not in seat.cards:
                        raise PokerError(f"{who} discards a card it does not hold")
                    seat.cards.remove(card)
            elif kind == "sm":  # show (cards, or '-' for those dealt) or muck
                if in_turn:  # the betting and the draws are over before a showdown
                    pass_over(None)
                    if seat.folded:
                        raise PokerError(f"{who} shows or mucks after folding")
                    if to_draw:
                        raise PokerError(f"{who} shows or mucks before p{to_draw[0] + 1} has drawn")
                if len(words) == 2:
                    seat.mucked = True
                elif words[2] != "-":
                    showing = parse_phh_cards(words[2], "shown cards")
                    held = seat.cards
                    if len(showing) == len(held) or not held:
                        seat.cards = [s if s is not None else h for s, h in zip(showing, held)] if held \
                            else showing
                    else:  # some of them shown: fill unknown places in order
                        fill = iter(c for c in showing if c not in held)
                        seat.cards = [c if c is not None else next(fill, None) for c in held]
                    seat.shown = True
                else:
                    seat.shown = True
            else:
                raise PokerError(f"{shown(text)} is not an action (cc, cbr, f, pb, sd, sm)")
        except PokerError as e:
            e.action, e.action_index = raw, index_
            raise
    # a draw game deals again from the discards and folded hands when the deck runs out
    kept = [s for s in seats if not (drew and s.folded)]
    seen = [c for s in kept for c in s.cards if c is not None] + board
    if len(seen) != len(set(seen)):
        dup = next(c for c in seen if seen.count(c) > 1)
        raise PokerError(f"card {C.card_name(dup)} is dealt twice")
    for i, s_ in enumerate(seats):
        s_.put_in = put_in[i]
    pots = side_pots(seats, None if trimming else ante_paid)
    returned = [p for p in pots if p.returned]
    for p in returned:  # an uncalled bet goes back: it was never in a pot
        seats[p.contenders[0]].put_in -= p.amount
    pots = [p for p in pots if not p.returned]
    for s_ in seats:  # back to chips, exact fractions, from here on
        s_.put_in = chips(s_.put_in)
    for p in pots + returned:
        p.amount = chips(p.amount)
    # a history may stop before the hand is over (PHH allows a partial history):
    # a betting round still open, or a draw game's draws not all made, has no showdown yet
    unfinished = None
    still_in = [i for i in range(n) if not seats[i].folded]
    if len(still_in) > 1:
        if in_turn and still_to_act() and in_turn:  # (still_to_act may find an up card unknown)
            unfinished = f"the history stops with p{to_act[0] + 1} to act"
        elif down and any(len(seats[i].cards) + len(board) < definition.hole_cards for i in still_in):
            unfinished = "the history stops before the seventh card (the hand is not over)"
        elif drawing:
            rounds = definition.dealing.draws.count
            done = len(draw_log) - (bool(draw_log) and any(i not in draw_log[-1] for i in still_in))
            if done < rounds:
                unfinished = f"the history stops before draw {done + 1} of {rounds} (the hand is not over)"
            elif any(len(seats[i].cards) < definition.hole_cards for i in still_in):
                unfinished = "the history stops before the last draw's cards are dealt"
    problems: list[str] = []
    hand = Hand(source, index, hand_id, site, variant, game, betting, stakes, seats, board, pots, None,
                problems, returned=[(p.contenders[0], p.amount) for p in returned], fields=dict(doc),
                later_boards=_later_boards(doc, board, kept))
    _settle(hand, unfinished)
    if "finishing_stacks" in doc:
        finishing = amounts(doc, "finishing_stacks", n)
        hand.finishing_stacks = finishing
        if hand.settled:
            ours = [s.stack + s.net for s in seats]
            if ours != finishing:
                problems.append("finishing_stacks disagree with the actions: the actions give "
                                + ", ".join(str(_num(x)) for x in ours))
        else:  # the history's own result stands where the showdown cannot be worked out
            for s, f in zip(seats, finishing):
                s.won = f - s.stack + s.put_in
    if "winnings" in doc:  # what the site paid each player (after its rake): it stands
        paid = amounts(doc, "winnings", n)
        total = sum(p.amount for p in pots)
        if sum(paid) > total and hand.returned and all(paid[i] >= a for i, a in hand.returned):
            # a site that counts an uncalled bet given back in what it paid (a walk: the
            # big blind "collects" the small blind and its own big blind)
            paid = list(paid)
            for i, a in hand.returned:
                paid[i] -= a
        # PHH's winnings are after the rake: without a rake of its own (pokercli's
        # "_rake"), what the pots hold above them is the rake -- if it is a rake: at
        # most a quarter of the pots, paid to the players the showdown pays
        hand.rake = Fraction(0)
        if "_rake" in doc:
            hand.rake = number(doc["_rake"], "_rake")
        elif 0 < total - sum(paid) <= total / 4 and (not hand.settled or all(
                (w > 0) == (s.won > 0) for w, s in zip(paid, seats))):
            hand.rake = total - sum(paid)
        if sum(paid) + hand.rake != total:
            problems.append(f"the pots ({_num(total)}) are not what was paid out ({_num(sum(paid))}) "
                            f"and the rake ({_num(hand.rake)})")
        elif hand.settled and hand.rake == 0 and [s.won for s in seats] != paid:
            problems.append("the winnings disagree with the showdown: it gives "
                            + ", ".join(str(_num(s.won)) for s in seats))
        for s, w in zip(seats, paid):
            s.won = w
        if problems:
            hand.problems[:] = [p for p in problems if not p.startswith("no result:")]
    if last_betting is not None:
        last_betting.update(board=tuple(board[:last_betting["board"]]), left=left,
                            folded=[s_.folded for s_ in seats])
    hand.allin = _allin_spot(hand, last_betting, draw_log)
    return hand


_SUITS = "cdhs"  # a stud bring-in's tie, lowest suit first


def _rank(card: int, low: bool) -> int:
    """A card's rank, 0 the lowest: the deuce, or in razz (``low``) the ace."""
    return (C.card_rank(card) + low) % 13


def showing(cards: list[int], low: bool) -> tuple:
    """How strong a stud hand's up cards are, as pokerkit orders them to say
    who acts first: four of a kind, trips with and without a kicker, two pair,
    a pair with two, one and no kickers, then high cards, more cards above
    fewer; within a kind by the ranks, those held most first (aces low in
    razz, ``low``). Straights and flushes do not count."""
    ranks = [_rank(c, low) for c in cards]
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    shape = [k for k, _ in counts]
    kind = {(4,): 10, (3, 1): 9, (3,): 8, (2, 2): 7, (2, 1, 1): 6, (2, 1): 5, (2,): 4}.get(
        tuple(shape), len(cards) - 1)
    return kind, tuple(r for _, r in counts)


def stud_openers(ups: dict[int, list[int]], low: bool) -> list[int]:
    """Who may act first on a stud street, of the players still in (``ups``:
    each one's up cards so far): on third street the lowest up card brings in
    (the highest in razz, ``low``), suits breaking a tie clubs, diamonds,
    hearts, spades; later the best hand showing (the lowest in razz): every
    player of equal ones, in seat order (pokerkit takes the first)."""
    if all(len(u) == 1 for u in ups.values()):
        def card(i: int) -> tuple:
            return _rank(ups[i][0], low), _SUITS.index(C.card_suit(ups[i][0]))
        return [(max if low else min)(ups, key=card)]
    strength = {i: showing(u, low) for i, u in ups.items()}
    best = (min if low else max)(strength.values())
    return [i for i in sorted(ups) if strength[i] == best]


def _later_boards(doc: dict, board: list[int], kept: list) -> list[list[int]]:
    """``_later_boards`` (a user-defined PHH field: the later runs' whole boards of a
    hand run more than once, as PHH writes cards, in the order dealt), checked:
    each as long as the first board, no card twice among it and the hands, and
    no card dealt in two runs past the cards they share (the runs come from one
    deck: a run's own cards follow the cards dealt before it)."""
    later = doc.get("_later_boards")
    if later is None:
        return []
    if not isinstance(later, list) or not all(isinstance(b, str) for b in later):
        raise PokerError("_later_boards: expected an array of boards (strings of cards)")
    held = [c for s in kept for c in s.cards if c is not None]
    runs = [board]
    for text in later:
        cards = parse_phh_cards(text, "_later_boards")
        if None in cards or len(cards) != len(board):
            raise PokerError(f"_later_boards (a later run's board): {shown(text)} is not a whole board "
                             f"of {len(board)} known cards")
        seen = held + cards
        dup = next((c for c in seen if seen.count(c) > 1), None)
        for other in runs:
            shared = next((k for k, (a, b) in enumerate(zip(cards, other)) if a != b), len(cards))
            dup = next((c for c in cards[shared:] if c in other[shared:]), dup)
        if dup is not None:
            raise PokerError(f"_later_boards (a later run's board): card {C.card_name(dup)} is dealt twice")
        runs.append(cards)
    return runs[1:]


def _player(word: str, n: int) -> int:
    m = _PLAYER.match(word)
    if not m or not 1 <= int(m.group(1)) <= n:
        raise PokerError(f"{shown(word)} is not a player (p1 .. p{n})")
    return int(m.group(1)) - 1


def _amount(word: str):
    try:
        return int(word)
    except ValueError:
        try:
            return float(word)
        except ValueError:
            raise PokerError(f"{shown(word)} is not an amount") from None


def side_pots(seats: list[Seat], dead: Optional[list] = None) -> list[Pot]:
    """The pots of what each player put in (in the seats' ``put_in`` units:
    whole units during a replay): one per level of the all-in amounts,
    each won among the players still in who put in that much. Money no player
    still in could win (a folded player's chips above every other's) goes to the
    pot below it; a level only one player reached is returned to them.
    ``dead``: each player's dead money within ``put_in`` (antes that are not a
    part of the levels, PHH's ``ante_trimming_status`` false): a pot below the
    levels that every player still in may win, however little they put in (as
    pokerkit has it), joined to the main pot where its players are the same."""
    dead = dead or [0] * len(seats)
    live = [s.put_in - d for s, d in zip(seats, dead)]
    pots: list[Pot] = []
    if sum(dead):
        pots.append(Pot(sum(dead), tuple(s.index for s in seats if not s.folded)))
    levels = sorted({x for x in live if x > 0})
    below = 0
    for level in levels:
        amount = sum(min(x, level) - min(x, below) for x in live)
        contenders = tuple(s.index for s, x in zip(seats, live) if not s.folded and x >= level)
        reached = sum(1 for x in live if x >= level)
        below = level
        if not contenders:
            if pots:
                pots[-1].amount += amount
            continue
        returned = reached == 1
        if pots and pots[-1].contenders == contenders and pots[-1].returned == returned:
            pots[-1].amount += amount
        else:
            pots.append(Pot(amount, contenders, returned))
    return pots


def _board_needed(hand: Hand) -> int:
    from pokercli.games import game

    return game(hand.game).board_cards


def _settle(hand: Hand, unfinished: Optional[str] = None) -> None:
    """Award each pot: to its one contender, or by the showdown of the contenders'
    cards; a pot that cannot be worked out (cards not shown, a history that stops
    before the showdown: ``unfinished``, why) leaves the result open, with the
    reason in ``problems``."""
    for s in hand.seats:
        s.won = Fraction(0)
    open_reason = None
    for pot in hand.pots:
        live = tuple(i for i in pot.contenders if not hand.seats[i].mucked) or pot.contenders
        if len(live) == 1:
            pot.won = tuple(Fraction(1) if i == live[0] else Fraction(0) for i in pot.contenders)
            hand.seats[live[0]].won += pot.amount
            continue
        if unfinished is not None:
            continue
        unknown = [hand.seats[i].name for i in live if not hand.seats[i].known]
        if unknown:
            open_reason = f"the cards of {', '.join(unknown)} are not known at the showdown"
            continue
        if len(hand.board) < _board_needed(hand):
            open_reason = "the history stops before the showdown (the board is not complete)"
            continue
        runs = [hand.board, *hand.later_boards]
        try:  # each run's showdown takes an equal part of the pot
            each = [_showdown_shares(hand, live, b) for b in runs]
        except PokerError as e:
            open_reason = f"the showdown cannot be valued: {e}"
            continue
        shares = {i: sum((s.get(i, Fraction(0)) for s in each), Fraction(0)) / len(runs) for i in live}
        pot.won = tuple(shares.get(i, Fraction(0)) for i in pot.contenders)
        for i, share in zip(pot.contenders, pot.won):
            hand.seats[i].won += pot.amount * share
    if unfinished is not None:  # (even with no pot in play yet: a bring-in and no answer)
        open_reason = unfinished
    if open_reason is not None:
        for s in hand.seats:
            s.won = None
        hand.problems.append(f"no result: {open_reason}")


def _showdown_shares(hand: Hand, live: tuple[int, ...], board: list[int]) -> dict[int, Fraction]:
    """Each live player's share of a pot at the showdown. A board game's hands
    are valued in one batch call of the evaluator (high, and the eight-or-better
    low in hi-lo: a millisecond of Python per showdown less than valuing every
    five-card choice); anything else, or a hand the batch refuses, goes through
    :func:`pokercli.showdown`, which also says what is wrong."""
    from pokercli import showdown
    from pokercli.histories.variants import BOARD_VARIANTS

    holes = [hand.seats[i].cards for i in live]
    if hand.variant in BOARD_VARIANTS and len(board) == 5 and len({len(h) for h in holes}) == 1:
        import numpy as np

        from pokercli import evaluate as E

        rows = np.array([list(h) + list(board) for h in holes], np.uint8)
        try:
            high = E.scores(rows, hand.game).tolist()
            low = E.lows(rows, hand.game).tolist() if _split(hand) else None
        except PokerError:
            pass
        else:
            return _split_shares(live, high, low)
    result = showdown([C.format_cards(h) for h in holes], C.format_cards(board), game=hand.game)
    return dict(zip(live, result.shares))


def _split(hand: Hand) -> bool:
    from pokercli.games import game

    return game(hand.game).pot.split


def _split_shares(live, high: list[int], low: Optional[list[int]]) -> dict[int, Fraction]:
    """The pot shared by high values (larger wins) and, where given, lows (a
    rank set, smaller wins, 0 for none): half to each when a low qualifies."""
    best = max(high)
    winners = [i for i, v in zip(live, high) if v == best]
    shares = {i: Fraction(0) for i in live}
    lows = [(v, i) for v, i in zip(low or [], live) if v > 0]
    part = Fraction(1, 2) if lows else Fraction(1)
    for i in winners:
        shares[i] += part / len(winners)
    if lows:
        least = min(v for v, _ in lows)
        low_winners = [i for v, i in lows if v == least]
        for i in low_winners:
            shares[i] += Fraction(1, 2) / len(low_winners)
    return shares


def _allin_spot(hand: Hand, last_betting: Optional[dict],
                draw_log: list[dict[int, list[Optional[int]]]]) -> Optional[AllIn]:
    """The spot after the last betting action when it left two or more players
    in, at most one of them with chips behind, and cards still to come: board
    cards; in stud, each player's cards to seven; in a draw game, a draw (the
    spot is then each player's cards kept at that draw, as the draw games'
    equity reads a spot, and the known discards so far are out of the deck)."""
    if last_betting is None:
        return None
    folded, left = last_betting["folded"], last_betting["left"]
    live = [i for i in range(len(hand.seats)) if not folded[i]]
    if len(live) < 2 or sum(1 for i in live if left[i] > 0) > 1:
        return None
    from pokercli.games import game as _game
    from pokercli.histories.variants import BOARD_VARIANTS

    board = last_betting["board"]
    g = _game(hand.game)
    dead: tuple[int, ...] = ()
    draws_left = 0
    if hand.variant in BOARD_VARIANTS:
        if len(board) >= _board_needed(hand):
            return None
        street = _STREETS.get(len(board), f"{len(board)} board cards")
        hands = {i: tuple(c for c in hand.seats[i].cards if c is not None) for i in live}
        unknown = [hand.seats[i].name for i in live if not hand.seats[i].known]
    elif g.dealing.draws is not None:  # a draw game: the next draw is to come
        done = last_betting["draws"]
        draws_left = g.dealing.draws.count - done
        if draws_left <= 0:
            return None
        street = f"before draw {done + 1} of {g.dealing.draws.count}"
        if len(draw_log) <= done:
            spot = AllIn(street, (), {}, [Pot(p.amount, p.contenders, p.returned) for p in hand.pots])
            spot.reason = "the history stops before the draw after the all-in"
            return spot
        hands, unknown = {}, []
        for i in live:
            kept = list(last_betting["cards"][i])
            for card in draw_log[done].get(i, []):
                if card in kept:
                    kept.remove(card)
            if any(c is None for c in kept) or any(c is None for c in draw_log[done].get(i, [])):
                unknown.append(hand.seats[i].name)
            hands[i] = tuple(c for c in kept if c is not None)
        held = {c for h in hands.values() for c in h}
        thrown = {c for rnd in draw_log[:done + 1] for cards in rnd.values() for c in cards if c is not None}
        dead = tuple(sorted(thrown - held))
    else:  # stud: each player's cards so far, the rest to come
        counts = {i: last_betting["cards"][i] for i in live}  # each player's cards then
        if min(counts.values()) >= g.hole_cards:
            return None
        street = _STUD_STREETS.get(max(counts.values()), f"{max(counts.values())} cards")
        hands = {i: tuple(hand.seats[i].cards[:counts[i]]) for i in live}
        unknown = [hand.seats[i].name for i in live if any(c is None for c in hands[i])]
        hands = {i: tuple(c for c in h if c is not None) for i, h in hands.items()}
    spot = AllIn(street, tuple(board), hands, [Pot(p.amount, p.contenders, p.returned) for p in hand.pots],
                 dead=dead, draws=draws_left)
    if unknown:
        spot.reason = f"the cards of {', '.join(unknown)} are not known"
    return spot


#: The stud streets by the cards each player holds.
_STUD_STREETS = {3: "third street", 4: "fourth street", 5: "fifth street", 6: "sixth street"}


def _work_out_ev(hand: Hand) -> None:
    """Each pot's exact equities among its contenders (every other known card
    out of the deck) and each player's EV: the pots at those equities."""
    spot = hand.allin
    if spot is None or spot.reason is not None:
        return
    ev = [Fraction(0)] * len(hand.seats)
    methods = set()
    total = sum(p.amount for p in spot.pots)
    kept = 1 - hand.rake / total if total else Fraction(1)  # the rake comes out of every pot alike
    for pot in spot.pots:
        if len(pot.contenders) == 1:
            pot.equity = (1.0,)
            ev[pot.contenders[0]] += pot.amount * kept
            continue
        dead = [c for s in hand.seats if s.index not in pot.contenders for c in s.cards if c is not None]
        dead = sorted(set(dead) - {c for i in pot.contenders for c in spot.hands[i]} | set(spot.dead))
        try:
            r = _pot_equity(hand, spot, pot, dead)
        except PokerError as e:  # a deck run out, say: the hand stays unjudged, with the reason
            spot.reason, spot.ev = str(e), None
            for p in spot.pots:
                p.equity = None
            return
        methods.add(r.method)
        pot.equity = tuple(p.equity for p in r.players)
        shares = [Fraction(e) for e in pot.equity[:-1]]
        shares.append(1 - sum(shares))  # the pot is shared out whole: the EVs add up to it
        for i, share in zip(pot.contenders, shares):
            ev[i] += pot.amount * share * kept
    spot.method = "exact" if methods <= {"exact"} else "monte-carlo (seed 1)"
    spot.ev = ev


def _pot_equity(hand: Hand, spot: AllIn, pot: Pot, dead: list[int]):
    """One pot's equity among its contenders, by the game's own engine: a board
    to come; stud's cards to come (each hand written in stud notation); a draw
    game's draws (the one to come exactly, more by the draws' policy)."""
    from pokercli.equity_calc import equity

    from pokercli.histories.variants import BOARD_VARIANTS

    if hand.variant in BOARD_VARIANTS:
        return equity([C.format_cards(spot.hands[i]) for i in pot.contenders], list(spot.board), dead,
                      game=hand.game, method="auto", seed=1)
    if spot.draws > 1:
        from pokercli.equity_calc.draws import equity_draws

        return equity_draws([C.format_cards(spot.hands[i]) for i in pot.contenders], dead, game=hand.game,
                            draws=spot.draws, seed=1)
    if spot.draws == 1:
        return equity([C.format_cards(spot.hands[i]) for i in pot.contenders], (), dead, game=hand.game,
                      method="auto", seed=1)
    from pokercli.stud import write

    return equity([write(spot.hands[i]) for i in pot.contenders], (), dead, game=hand.game, method="auto",
                  seed=1)
