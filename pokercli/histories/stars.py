"""Reading PokerStars text hand histories (cash games and tournaments).

Each hand is turned into the fields of a PHH hand (players in order from the
seat left of the button; the forced bets each player posted; the actions as
PHH action strings; what the site paid each player as ``winnings``, with the
``rake``) and replayed like one (:func:`pokercli.histories.hand.replay`), so
a PokerStars hand and its PHH conversion read the same.

Read: hold'em and Omaha (4 and 5 cards, hi-lo; no-limit, pot-limit and
limit), seven-card stud, stud hi-lo and razz (the bring-in, the cards dealt
street by street, the unknown down cards filled from those shown), antes,
blinds, straddles and dead blinds, side pots, uncalled bets, shown and mucked
cards (the summary's ``mucked [..]`` too), players sitting out, rake, and
run-it-twice hands (paid as the site paid them, each run's board read, half
of every pot to each run's showdown; the all-in equity is the same whatever
is run), and 2-7 triple and single draw and badugi (the player's
own draws by name, the others' as unknown cards).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterator, Optional, Union

from pokercli.errors import PokerError
from pokercli.histories.hand import Hand, replay
from pokercli.histories.variants import phh_number
from pokercli.histories.stars_lines import (BET_TO, BRACKETS, BUTTON, COLLECTED, DEALT, GAMES, HEADER, SEAT,
                                            SHOWED, STREET, TAIL_AMOUNT, TOTAL, UNCALLED, money, stakes)
from pokercli.histories.stars_lines import starts_hand  # noqa: F401 (the readers' own name for it)

#: The draw games (their players' discards and the cards dealt for them).
_DRAW_VARIANTS = {"F2L3D", "N2L1D", "FB"}
#: A line after which a draw's replacement cards are dealt: PHH (and pokerkit) deal them
#: once every player has drawn, PokerStars names the player's own right after their discard.
_AFTER_DRAW = re.compile(r"^\*\*\* |^.+?: (?:folds|checks|calls|bets|raises|shows|mucks|doesn't show)| collected ")
_DISCARDS = re.compile(r"^discards (\d+) cards?(?: \[([^\]]*)\])?$")
#: The stud games' street markers: the street's number (3rd to 7th; PokerStars calls the 7th the river).
_STUD_STREETS = {"*** 3rd STREET ***": 3, "*** 4th STREET ***": 4, "*** 5th STREET ***": 5,
                 "*** 6th STREET ***": 6, "*** RIVER ***": 7}
def split_hands(text: str) -> list[tuple[int, list[str]]]:
    """(first line number, lines) of each hand: a hand starts at a PokerStars header."""
    hands: list[tuple[int, list[str]]] = []
    lines = [line.rstrip().lstrip("\ufeff") for line in text.splitlines()]
    starts = [k for k, line in enumerate(lines) if line.startswith("PokerStars") and HEADER.match(line)]
    for k, end in zip(starts, starts[1:] + [len(lines)]):
        hands.append((k + 1, [line for line in lines[k:end] if line]))
    return hands


def read(text: str, source: str = "-", number_from: int = 1) -> Iterator[Union[Hand, PokerError]]:
    for count, (first, lines) in enumerate(split_hands(text), number_from):
        yield _replayed(first, lines, source, count, HEADER.match(lines[0]).group(1))


def _replayed(first: int, lines: list[str], source: str, count: int, hand_id: str) -> Union[Hand, PokerError]:
    """One hand read by the reference reader (PHH fields replayed), or what is
    wrong with it, named by source, hand id and file line."""
    origin: list = []
    try:
        return replay(to_fields(lines, origin), source=source, index=count, hand_id=hand_id, site="pokerstars")
    except PokerError as e:
        e.source, e.hand_id = source, hand_id
        at = getattr(e, "line_in_hand", None)
        k = getattr(e, "action_index", None)
        if at is None and k is not None and k < len(origin):  # an action the replay refused: its line
            at = origin[k]
        e.line = first + at if at is not None else first
        return e


def read_docs(text: str, source: str = "-", number_from: int = 1,
              records: bool = False) -> Iterator[Union[dict, tuple, None, PokerError]]:
    """:func:`read`'s hands as their JSON documents (:meth:`Hand.to_dict`): a
    plain hand by the one-pass reader (:mod:`pokercli.histories.stars_fast`),
    the rest by :func:`read`'s replay; the same documents either way.
    ``records``: each hand's summary record instead
    (:func:`pokercli.histories.summary.record`)."""
    for count, (first, lines) in enumerate(split_hands(text), number_from):
        yield hand_doc(first, lines, source, count, record=records)


def hand_doc(first: int, lines: list[str], source: str, count: int, header=None,
             record: bool = False) -> Union[dict, tuple, None, PokerError]:
    """One hand's JSON document (``record``: its summary record) or what is
    wrong with it, from its lines (:func:`split_hands`; ``header``: its first
    line's match, if made)."""
    from pokercli.histories import stars_fast

    header = header or HEADER.match(lines[0])
    hand_id = header.group(1)
    doc = stars_fast.hand_doc(lines, source, hand_id, header.group(2), record)
    if doc is not None:
        return doc
    hand = _replayed(first, lines, source, count, hand_id)
    if isinstance(hand, PokerError):
        return hand
    if record:
        from pokercli.histories.summary import record as record_of

        return record_of(hand)
    return hand.to_dict()


def to_fields(lines: list[str], origin: Optional[list] = None) -> dict:
    """The PHH fields of one PokerStars hand (plus ``hand``, ``table``, ``winnings``, ``rake``);
    ``origin`` (a list) is filled with the index in ``lines`` of each action's line
    (None for the deals written before the actions), to name it where the replay
    refuses the action."""
    origin = [] if origin is None else origin
    header = HEADER.match(lines[0])
    rest = header.group(2)
    for pattern, variant, holes in GAMES:
        if pattern in rest:
            break
    else:
        raise PokerError(f"the game of {lines[0][:80]!r} is not one pokercli reads from PokerStars "
                         "(hold'em, Omaha, stud, razz, 2-7 draw and badugi)")
    button = BUTTON.search(lines[1]) if len(lines) > 1 else None
    seats: list[tuple[int, str, Fraction, bool]] = []
    body = 2
    for k in range(2, len(lines)):
        m = SEAT.match(lines[k])
        if not m:
            break
        seats.append((int(m.group(1)), m.group(2), money(m.group(3)), "sitting out" in m.group(4)))
        body = k + 1
    if len(seats) < 2:
        raise PokerError("fewer than two seats in the hand")
    names = {name for _, name, _, _ in seats}
    acted = {line.split(": ", 1)[0] for line in lines[body:] if ": " in line}
    seats = [s for s in seats if not s[3] or s[1] in acted]
    start = int(button.group(1)) if button else seats[-1][0]
    after = [s for s in seats if s[0] > start] + [s for s in seats if s[0] <= start]
    order = [s[1] for s in after]
    # heads-up, that order is the big blind, then the button: PHH's order too
    index = {name: i for i, name in enumerate(order)}
    n = len(order)
    antes = [Fraction(0)] * n
    blinds = [Fraction(0)] * n
    actions: list[str] = []
    paid = [Fraction(0)] * n
    rake = Fraction(0)
    known: dict[int, str] = {}
    stud = holes == 7
    draw = variant in _DRAW_VARIANTS
    dealt = stud  # a stud game's cards are dealt street by street (below), a board game's at once
    street = 0
    folded: set[int] = set()
    deals: dict[int, list[int]] = {}  # stud: each player's dealing actions, by index in ``actions``
    bring_in: Optional[Fraction] = None
    drawn: list[str] = []  # a draw's replacement cards, dealt once every player has drawn
    stage = "blinds"
    second = ""  # a hand run twice: the second run's board

    def deal_all() -> None:  # every player's hole cards, before the first action
        _deal(actions, known, n, holes)
        origin[:0] = [None] * n

    def deal(p: int, cards: str) -> None:
        deals.setdefault(p, []).append(len(actions))
        actions.append(f"d dh p{p + 1} {cards}")

    def who(name: str, at: int) -> int:
        if name not in index:
            err = PokerError(f"{name!r} acts but has no seat in the hand")
            err.line_in_hand = at
            raise err
        return index[name]

    for at, line in enumerate(lines[body:], body):
        origin += [at - 1] * (len(actions) - len(origin))  # the actions the line before wrote
        if drawn and _AFTER_DRAW.match(line):
            actions += drawn
            drawn.clear()
        try:
            if line.startswith("*** "):
                if stud and line in _STUD_STREETS:
                    street = _STUD_STREETS[line]
                    if street == 7:  # the seventh card is dealt down: only its player is told it
                        for i in range(n):
                            if i not in folded:
                                deal(i, "??")
                    continue
                if line.startswith("*** HOLE CARDS"):
                    stage = "hole"
                    continue
                m = STREET.match(line)
                if m:
                    if not dealt:
                        deal_all()
                        dealt = True
                    cards = re.findall(r"\[([^\]]*)\]", m.group(3))
                    if m.group(1) == "SECOND":  # run it twice: the second run's whole board so far
                        second = "".join(cards).replace(" ", "")
                        continue
                    if cards:
                        actions.append("d db " + cards[-1].replace(" ", ""))
                elif line.startswith("*** SUMMARY"):
                    stage = "summary"
                continue
            if stage == "summary":
                m = TOTAL.match(line)
                if m:
                    rake = money(m.group(2))
                m = SHOWED.match(line)
                if m and m.group(1) in index and not draw:  # (a draw game's last cards: not those dealt)
                    known.setdefault(index[m.group(1)], m.group(2).replace(" ", ""))
                continue
            # (each pattern tried only on the lines that can be its: most lines are actions)
            if stud and line.startswith("Dealt to "):
                _stud_dealt(line, street, lambda name: who(name, at), deal, deals, actions)
                continue
            if draw and dealt and line.startswith("Dealt to "):  # the cards drawn: [kept] [new]
                name, new = _dealt_to(line)
                p = who(name, at)
                drawn.append(f"d dh p{p + 1} " + new.replace(" ", ""))
                continue
            m = DEALT.match(line) if line.startswith("Dealt to ") else None
            if m:
                known[who(m.group(1), at)] = m.group(2).replace(" ", "")
                continue
            m = COLLECTED.match(line) if " collected " in line else None
            if m:
                paid[who(m.group(1), at)] += money(m.group(2))
                continue
            if line.startswith("Uncalled bet (") and UNCALLED.match(line):
                continue  # the replay gives it back
            if ": " not in line:
                continue  # chat, joins and leaves, timeouts
            name, what = line.split(": ", 1)
            if name not in names:
                continue  # a line of chat or a message
            p = who(name, at)
            what = what.replace(" and is all-in", "").strip()
            if what.startswith("posts the ante"):
                antes[p] += _tail_amount(what)
            elif what.startswith("posts small & big blinds"):
                amount = _tail_amount(what)
                # the small blind is dead money, the big blind a live bet
                head = stakes(rest)[0]  # a limit game's header names its small bet: twice the small blind
                small = amount / 3 if head is None else head / 2 if variant.startswith("F") else head
                antes[p] += small
                blinds[p] += amount - small
            elif what.startswith(("posts small blind", "posts big blind", "posts straddle")):
                blinds[p] += _tail_amount(what)
            elif draw and (what.startswith("discards") or what.startswith("stands pat")):
                if not dealt:
                    deal_all()
                    dealt = True
                m = _DISCARDS.match(what)
                if what.startswith("stands pat"):
                    actions.append(f"p{p + 1} sd")
                elif not m:
                    raise PokerError(f"cannot read the draw {what!r}")
                elif int(m.group(1)) > holes:  # (a count is read before it sizes anything)
                    raise PokerError(f"{what!r}: a hand here holds {holes} cards")
                elif m.group(2) is not None:  # the player's own: the cards dealt follow, on their line
                    actions.append(f"p{p + 1} sd " + m.group(2).replace(" ", ""))
                else:
                    actions.append(f"p{p + 1} sd " + "??" * int(m.group(1)))
                    drawn.append(f"d dh p{p + 1} " + "??" * int(m.group(1)))
            elif what.startswith("brings in"):  # stud's forced first bet
                bring_in = _tail_amount(what)
                actions.append(f"p{p + 1} pb")
            elif what == "folds" or what.startswith(("folds ", "checks", "calls", "bets", "raises", "completes")):
                if not dealt:  # the hole cards come before the first action
                    deal_all()
                    dealt = True
                if what.startswith("folds"):
                    actions.append(f"p{p + 1} f")
                    folded.add(p)
                elif what.startswith(("checks", "calls")):
                    actions.append(f"p{p + 1} cc")
                else:  # a bet, or a raise to an amount: the street's total
                    m = BET_TO.search(what)
                    if not m:
                        raise PokerError(f"cannot read the bet or raise {what!r}")
                    actions.append(f"p{p + 1} cbr {phh_number(money(m.group(1)))}")
            elif what.startswith("shows"):
                m = re.search(r"\[([^\]]*)\]", what)
                if m:
                    known[p] = m.group(1).replace(" ", "")
                    actions.append(f"p{p + 1} sm {known[p]}")
            elif what.startswith("mucks") or what.startswith("doesn't show"):
                if n - len(folded) > 1:  # at a showdown (a player left alone shows nothing: no action)
                    actions.append(f"p{p + 1} sm")
        except PokerError as e:
            if getattr(e, "line_in_hand", None) is None:
                e.line_in_hand = at
            raise
    origin += [len(lines) - 1] * (len(actions) - len(origin))
    actions += drawn
    if not dealt:
        deal_all()
    # the dealt cards as the hand came to know them (shown at the showdown, or in the summary)
    for i, cards in known.items():
        if draw:  # a draw game's cards shown are its last ones: the deal stays as the hand knew it
            continue
        if stud:  # the cards shown in the order dealt fill the unknown ones, street by street
            shown_ = iter(cards[k:k + 2] for k in range(0, len(cards), 2))
            for k in deals.get(i, []):
                head, _, dealt_ = actions[k].rpartition(" ")
                filled = []
                for j in range(0, len(dealt_), 2):
                    card = next(shown_, "??")  # the card shown in this card's place
                    filled.append(card if dealt_[j:j + 2] == "??" else dealt_[j:j + 2])
                actions[k] = f"{head} {''.join(filled)}"
            continue
        for k, action in enumerate(actions):
            if action.startswith(f"d dh p{i + 1} "):
                actions[k] = f"d dh p{i + 1} {cards}"
    stacks = {name: stack for _, name, stack, _ in seats}
    if n == 2:  # the replay reverses heads-up forced bets, as PHH writes them
        antes, blinds = antes[::-1], blinds[::-1]
    fields = {"variant": variant, "antes": antes, "blinds_or_straddles": blinds,
              "starting_stacks": [stacks[name] for name in order], "actions": actions,
              "players": order, "hand": header.group(1),
              "seats": [next(number for number, name, _, _ in seats if name == who_) for who_ in order]}
    small, big = stakes(rest)
    if big is not None:
        if variant.startswith("F"):  # a limit game's stakes are its small and big bets ($2/$4)
            fields["small_bet"], fields["big_bet"] = small, big
        else:  # PHH's betting fields: the big blind is the smallest bet
            fields["min_bet"] = big
    if bring_in is not None:
        fields["bring_in"] = bring_in
    if second:  # (a user-defined PHH field: the board of each later run)
        fields["_later_boards"] = [second]
    if any(paid):  # what the site paid stands (after its rake); without it, the showdown decides
        fields["winnings"], fields["_rake"] = paid, rake  # "_": not a PHH field (pokerkit reads "rake" as a function)
    m = re.search(r"Table '([^']*)'", lines[1]) if len(lines) > 1 else None
    if m:
        fields["table"] = m.group(1)
    return fields


def _deal(actions: list[str], known: dict, n: int, holes: int) -> None:
    actions[:0] = [f"d dh p{i + 1} {known.get(i, '??' * holes)}" for i in range(n)]


def _tail_amount(what: str) -> Fraction:
    """The amount that ends an action (``posts the ante 5``, ``brings in for $0.10``)."""
    m = TAIL_AMOUNT.search(what)
    if m is None:
        raise PokerError(f"cannot read the amount of {what!r}")
    return money(m.group(1))


def _dealt_to(line: str) -> tuple[str, str]:
    """(name, the last bracketed cards) of a ``Dealt to NAME [cards] ...`` line."""
    cut = line.find(" [")
    cards = BRACKETS.findall(line)
    if cut < 0 or not cards:
        raise PokerError(f"cannot read the cards dealt in {line!r}")
    return line[len("Dealt to "):cut], cards[-1]


def _stud_dealt(line: str, street: int, who, deal, deals: dict, actions: list) -> None:
    """A stud game's ``Dealt to NAME [cards]`` (third street: the player's own
    three cards, or another's up card, the two down ones unknown) or ``Dealt to
    NAME [cards so far] [new]`` (later streets): the dealing action. The
    seventh card, dealt down, was dealt unknown to every player still in at the
    street's start; its player's line names it."""
    name, new = _dealt_to(line)
    p = who(name)
    new = new.split()
    if street == 7:
        k = deals.get(p, [])[-1:]
        if not k or len(new) != 1:
            raise PokerError(f"cannot read the seventh street card of {line!r}")
        actions[k[0]] = f"d dh p{p + 1} {new[0]}"
        return
    if street == 3 and len(new) == 1:
        new = ["??", "??"] + new
    if not new or (street == 3 and len(new) != 3) or (street > 3 and len(new) != 1) or street < 3:
        raise PokerError(f"cannot read the cards dealt in {line!r}")
    deal(p, "".join(new))

