"""The state of a Hearts game (SPEC §8, seed 002).

A 52-vector in the Hearts card order (``2C``=0 … ``AC``=12, ``2D``=13 …
``AH``=51), one location code per card:

======  =====================================
code    where the card is
======  =====================================
0       hidden (another player's hand, in a player's view)
1-4     in player p's hand
11-14   in player p's won tricks
21-24   played by player p into the current trick
31-34   led by player p in the current trick
======  =====================================

plus the four scores and the pass type of the round: 0 no passing,
1 clockwise, 2 counter-clockwise, 3 across. Rounds cycle 1 clockwise,
2 counter-clockwise, 3 across, 4 no passing, 5 clockwise again, …
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Optional

from pokercli import cards as C
from pokercli.errors import PokerError, card_count, shown

LEGAL = {0, 1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34}
PASS_NAMES = {0: "no passing", 1: "clockwise", 2: "counter-clockwise", 3: "across"}


def pass_type(round_number: int) -> int:
    """Pass type of round 1, 2, 3, 4, 5, …: 1, 2, 3, 0, 1, …"""
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise PokerError(f"round_number must be 1 or more, not {shown(round_number)}", "round_number")
    return (1, 2, 3, 0)[(round_number - 1) % 4]


@dataclass
class State:
    """A Hearts game state: 52 location codes in the Hearts card order, the four
    scores, the pass type, and the player whose view it is (None: everyone's)."""

    codes: list[int]
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    pass_type: int = 1
    view: int | None = None

    def masked(self, player: int) -> "State":
        """The state as ``player`` sees it: other players' hands hidden (0)."""
        if isinstance(player, bool) or player not in (1, 2, 3, 4):
            raise PokerError(f"view must be a player 1-4, not {shown(player)}", "view")
        codes = [0 if 1 <= c <= 4 and c != player else c for c in self.codes]
        return State(codes, list(self.scores), self.pass_type, player)

    def to_dict(self) -> dict:
        """The ``hearts --json`` document."""
        return self.to_json()

    def to_json(self) -> dict:
        where = {p: {"hand": [], "won": [], "trick": []} for p in (1, 2, 3, 4)}
        lead = None
        hidden = []
        for i, code in enumerate(self.codes):
            name = C.card_name(C.card_from_hearts_index(i))
            if code == 0:
                hidden.append(name)
            elif code <= 4:
                where[code]["hand"].append(name)
            elif code <= 14:
                where[code - 10]["won"].append(name)
            else:
                where[code % 10]["trick"].append(name)
                if code >= 31:
                    lead = name
        return {"state": self.codes, "scores": self.scores, "pass_type": self.pass_type,
                "pass": PASS_NAMES[self.pass_type], "view": self.view,
                "players": {str(p): v for p, v in where.items()}, "lead": lead, "hidden": hidden}


def deal_state(round_number: int = 1, view: Optional[int] = None):
    """What makes each deal's state, checked before any card is dealt: a
    function of the four hands to the :class:`State` of round ``round_number``
    (its pass type), seen by player ``view`` when given (``deal``'s layout)."""
    passing = pass_type(round_number)
    if view is not None:
        State([0] * 52).masked(view)  # checks the player number

    def state(hands: list[list[int]]) -> State:
        dealt = from_hands(hands, pass_type_=passing)
        return dealt if view is None else dealt.masked(view)

    return state


def from_hands(hands: list[list[int]], scores=None, pass_type_: int = 1) -> State:
    codes = [0] * 52
    for p, hand in enumerate(hands, 1):
        for c in hand:
            codes[C.hearts_index(c)] = p
    return State(codes, list(scores or [0, 0, 0, 0]), pass_type_)


HeartsState = State


def hearts_state(state, view: int | None = None) -> State:
    """Read and check a Hearts state, optionally as player ``view`` (1-4) sees it.

    ``state`` is 52 codes (text separated by commas or spaces, a JSON list, or a
    list of integers), a JSON object ``{"state": [...], "scores": [...],
    "pass_type": n}`` (text or a dict), or what ``deal --game hearts --json``
    writes.

    >>> st = hearts_state([1, 2, 3, 4] * 13, view=2)
    >>> st.codes[:4], st.pass_type
    ([0, 2, 0, 0], 1)
    """
    if isinstance(state, State):
        st = state
        check(st)
    elif isinstance(state, str):
        st = parse_state(state)
    elif isinstance(state, dict):
        import json

        st = parse_state(json.dumps(state))
    elif isinstance(state, (list, tuple)):
        st = parse_state(" ".join(map(str, state)))
    else:
        raise PokerError(f"state must be 52 codes or a JSON state, not {type(state).__name__}", "state")
    return st.masked(view) if view is not None else st


def parse_state(text: str) -> State:
    """A vector of 52 codes (comma/space separated or a JSON list), or a JSON
    object ``{"state": [...], "scores": [...], "pass_type": n}``, or what
    ``pokercli deal --game hearts --json`` writes (the state is its
    ``"hearts"`` member)."""
    text = text.strip().lstrip("\ufeff")
    scores, ptype = [0, 0, 0, 0], 1
    if text.startswith("{"):
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as e:
            where = f": {e.msg} at character {e.pos}" if isinstance(e, json.JSONDecodeError) else ""
            raise PokerError(f"state is not valid JSON{where}", "state") from None
        if not isinstance(doc, dict):
            raise PokerError("a JSON state is an object with a \"state\" list of 52 codes", "state")
        if isinstance(doc.get("hearts"), dict):  # a deal, as `deal --game hearts --json` writes it
            doc = doc["hearts"]
        values = doc.get("state")
        scores = doc.get("scores", scores)
        ptype = doc.get("pass_type", ptype)
        if not isinstance(ptype, int) or isinstance(ptype, bool):
            raise PokerError(f"pass type must be 0-3, not {shown(ptype)}", "state")
        if not isinstance(values, list):
            raise PokerError("a JSON state needs a \"state\" list of 52 codes", "state")
    else:
        body = text[1:-1] if text.startswith("[") and text.endswith("]") else text
        values = [v for v in re.split(r"[\s,]+", body) if v]
    codes = []
    for i, v in enumerate(values):
        try:
            codes.append(int(v))
        except (TypeError, ValueError):
            raise PokerError(f"state position {i} ({C.card_name(C.card_from_hearts_index(i)) if i < 52 else i}): "
                             f"{shown(v)} is not an integer code", "state") from None
    if not isinstance(scores, list) or len(scores) != 4 or not all(isinstance(s, int) for s in scores):
        raise PokerError("scores must be a list of four integers", "state")
    if ptype not in PASS_NAMES:
        raise PokerError(f"pass type must be 0-3, not {shown(ptype)}", "state")
    state = State(codes, scores, ptype)
    check(state)
    return state


def check(state: State) -> None:
    """Raise PokerError naming the first inconsistency of a state."""
    codes = state.codes
    if len(codes) != 52:
        raise PokerError(f"a state has 52 codes, not {len(codes)}", "state")
    for i, c in enumerate(codes):
        if c not in LEGAL:
            raise PokerError(f"code {c} for {C.card_name(C.card_from_hearts_index(i))} is not a "
                             "location (0, 1-4, 11-14, 21-24, 31-34)", "state")
    leads = [i for i, c in enumerate(codes) if c >= 31]
    trick = [c % 10 for c in codes if c >= 21]
    if len(leads) > 1:
        raise PokerError(f"{len(leads)} cards are marked as led; a trick has at most one lead card",
                         "state")
    if len(trick) > 4:
        raise PokerError(f"{len(trick)} cards are in the current trick; a trick has at most four",
                         "state")
    if trick and not leads:
        raise PokerError("the current trick has cards but no lead card", "state")
    if len(set(trick)) != len(trick):
        raise PokerError("a player has played two cards into the current trick", "state")
    won = sum(1 for c in codes if 11 <= c <= 14)
    if won % 4:
        raise PokerError(f"{won} cards are in won tricks; won tricks hold a multiple of 4 cards",
                         "state")
    done = won // 4
    hidden = codes.count(0)
    expected_hidden = 0
    for p in (1, 2, 3, 4):
        want = 13 - done - (1 if p in trick else 0)
        have = codes.count(p)
        if hidden and have == 0 and p != state.view:
            expected_hidden += want
            continue
        if have != want:
            raise PokerError(f"player {p} holds {card_count(have)}; after {done} tricks"
                             f"{' and a card played' if p in trick else ''} it should hold {want}", "state")
    if hidden != expected_hidden:
        raise PokerError(f"{hidden} hidden cards, but the other hands should hold {expected_hidden}",
                         "state")


def _json_lines(lines: list[str]) -> bool:
    """Whether the text is JSON Lines: two lines or more, the first a whole JSON
    object on its own (a pretty-printed object's first line is not)."""
    first = lines[0].lstrip("\ufeff \t") if lines else ""
    if len(lines) < 2 or not first.startswith("{"):
        return False
    try:
        json.loads(first)
    except (ValueError, RecursionError):
        return False
    return True


def read_states(text: str, view: Optional[int] = None):
    """The states of ``text`` (what ``hearts`` reads): ``(None, state)`` for
    one state, or for JSON Lines (``deal --game hearts --count N --json``)
    ``(line number, state)`` per line; a bad state comes as the
    :class:`PokerError` that names it, so every other line is still answered.
    A bad ``view`` is raised at once: it concerns every line."""
    lines = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    items = lines if _json_lines([line for _, line in lines]) else [(None, text)]
    for number, item in items:
        try:
            yield number, hearts_state(item, view)
        except PokerError as e:
            if e.param == "view":
                raise
            yield number, e
