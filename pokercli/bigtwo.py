"""Big Two: every playable combination in a hand, and those that beat a target (SPEC §9).

Rules (documented in the README):

* card order: ranks ``3 < 4 < … < K < A < 2``, suits ``♦ < ♣ < ♥ < ♠``; a
  single card compares by rank, then suit;
* pairs and triples compare by rank, then (pairs) by the higher suit;
* five-card hands: straight < flush < full house < four of a kind < straight
  flush. Straights are five consecutive ranks in the order A 2 3 … K A
  (``A-2-3-4-5`` counts, as in the seed); a straight's height is its top card
  in that sequence (``A-2-3-4-5`` is the lowest, ``10-J-Q-K-A`` the highest),
  ties broken by the suit of the top card. Flushes compare their cards from the
  highest down in Big Two rank order, then the suit. Full houses compare the
  triple, four of a kind the quad. A straight flush is listed only once, as a
  straight flush;
* a combination beats another only with the same number of cards.

Pure Python: at most C(13, 5) = 1,287 five-card subsets per hand.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from pokercli import cards as C
from pokercli.errors import PokerError, shown

#: Big Two rank order: '3' lowest .. 'A', '2' highest (index into pokercli ranks 0='2'..12='A').
def b2_rank(cid: int) -> int:
    r = C.card_rank(cid)
    return 12 if r == 0 else r - 1


_SUIT_ORDER = {"d": 0, "c": 1, "h": 2, "s": 3}
CATEGORIES = ("single", "pair", "triple", "straight", "flush", "full house", "four of a kind",
              "straight flush")
_FIVE = {"straight": 0, "flush": 1, "full house": 2, "four of a kind": 3, "straight flush": 4}


def b2_key(cid: int) -> tuple[int, int]:
    return b2_rank(cid), _SUIT_ORDER[C.card_suit(cid)]


def _straight_height(ranks: list[int]) -> int | None:
    """Height (1 = A-2-3-4-5 .. 10 = T-J-Q-K-A) if the natural ranks form a straight."""
    s = sorted(set(ranks))
    if len(s) != 5:
        return None
    if s == [0, 1, 2, 3, 12]:  # A 2 3 4 5
        return 1
    if s[4] - s[0] == 4:
        return s[4] - 2  # 2-3-4-5-6 (top 6 = rank 4) -> 2 ... T-J-Q-K-A (top A = 12) -> 10
    return None


@dataclass(frozen=True)
class Combo:
    category: str
    cards: tuple[int, ...]
    strength: tuple

    def to_json(self) -> dict:
        return {"category": self.category, "cards": [C.card_name(c) for c in self.cards]}


def classify(cards: Sequence[int]) -> Combo | None:
    """The Big Two combination these cards make, or None if they make none."""
    cards = tuple(sorted(cards, key=b2_key, reverse=True))
    n = len(cards)
    ranks = [C.card_rank(c) for c in cards]
    if n == 1:
        return Combo("single", cards, b2_key(cards[0]))
    if n in (2, 3):
        if len(set(ranks)) != 1:
            return None
        return Combo("pair" if n == 2 else "triple", cards, b2_key(cards[0]))
    if n != 5:
        return None
    counts = defaultdict(list)
    for c in cards:
        counts[C.card_rank(c)].append(c)
    shape = sorted(len(v) for v in counts.values())
    flush = len({C.card_suit(c) for c in cards}) == 1
    height = _straight_height(ranks)
    if height is not None:
        top = _straight_top_card(cards, height)
        kind = "straight flush" if flush else "straight"
        return Combo(kind, cards, (_FIVE[kind], height, _SUIT_ORDER[C.card_suit(top)]))
    if flush:
        return Combo("flush", cards, (_FIVE["flush"], tuple(b2_rank(c) for c in cards),
                                      _SUIT_ORDER[C.card_suit(cards[0])]))
    if shape == [2, 3]:
        trip = next(r for r, v in counts.items() if len(v) == 3)
        return Combo("full house", cards, (_FIVE["full house"], b2_rank(counts[trip][0])))
    if shape == [1, 4]:
        quad = next(r for r, v in counts.items() if len(v) == 4)
        return Combo("four of a kind", cards, (_FIVE["four of a kind"], b2_rank(counts[quad][0])))
    return None


def _straight_top_card(cards, height: int) -> int:
    """The card at the top of the straight's sequence (5 for A-2-3-4-5)."""
    top_rank = 3 if height == 1 else height + 2
    return next(c for c in cards if C.card_rank(c) == top_rank)


def outranks(a: Combo, b: Combo) -> bool:
    """Does ``a`` beat ``b``? Only combinations of the same size compare."""
    return len(a.cards) == len(b.cards) and a.strength > b.strength


def all_combos(hand: Sequence[int]) -> list[Combo]:
    """Every playable combination of a hand, strongest category last, each once."""
    if not 1 <= len(hand) <= 13:
        raise PokerError(f"hand: a Big Two hand has 1 to 13 cards, not {len(hand)}", "hand")
    by_rank = defaultdict(list)
    for c in hand:
        by_rank[C.card_rank(c)].append(c)
    out: list[Combo] = [classify([c]) for c in hand]
    for size in (2, 3):
        for cards in by_rank.values():
            out += [classify(s) for s in combinations(cards, size)]
    out += [x for x in (classify(s) for s in _five_candidates(hand, by_rank)) if x is not None]
    order = {name: i for i, name in enumerate(CATEGORIES)}
    out.sort(key=lambda x: (order[x.category], x.strength))
    return out


def _five_candidates(hand, by_rank):
    """Five-card subsets that can be combinations, generated directly."""
    seen = set()
    # straights (and straight flushes): one card of each of five consecutive ranks
    for run in [[12, 0, 1, 2, 3]] + [list(range(lo, lo + 5)) for lo in range(0, 9)]:
        if all(r in by_rank for r in run):
            for pick in _product([by_rank[r] for r in run]):
                key = frozenset(pick)
                if key not in seen:
                    seen.add(key)
                    yield pick
    # flushes: five of one suit
    by_suit = defaultdict(list)
    for c in hand:
        by_suit[C.card_suit(c)].append(c)
    for cards in by_suit.values():
        for pick in combinations(cards, 5):
            key = frozenset(pick)
            if key not in seen:
                seen.add(key)
                yield pick
    # full houses and four of a kind
    for r, cards in by_rank.items():
        if len(cards) >= 3:
            for trip in combinations(cards, 3):
                for r2, other in by_rank.items():
                    if r2 != r and len(other) >= 2:
                        for pair in combinations(other, 2):
                            yield trip + pair
        if len(cards) == 4:
            for c in hand:
                if C.card_rank(c) != r:
                    yield tuple(cards) + (c,)


def _product(lists):
    if not lists:
        yield ()
        return
    for head in lists[0]:
        for rest in _product(lists[1:]):
            yield (head,) + rest


def parse_target(text) -> Combo:
    """A Big Two combination to beat (text or a sequence of cards)."""
    cards = C.as_cards(text, "beats")
    if not cards:
        raise PokerError("beats is empty: give a combination to beat", "beats")
    combo = classify(cards)
    if combo is None:
        shown_text = text.strip() if isinstance(text, str) else C.format_cards(cards)
        raise PokerError(f"beats {shown(shown_text)} is not a Big Two combination "
                         "(single, pair, triple, or a five-card hand)", "beats")
    return combo


@dataclass(frozen=True)
class CombosResult:
    """Every playable combination of a hand (those that beat ``target`` when one
    is given), weakest category first."""

    hand: tuple[C.Card, ...]
    combos: tuple[Combo, ...]
    target: Combo | None = None

    def by_category(self) -> dict[str, list[Combo]]:
        groups: dict[str, list[Combo]] = {name: [] for name in CATEGORIES}
        for x in self.combos:
            groups[x.category].append(x)
        return groups

    def to_dict(self) -> dict:
        """The ``combos --json`` document."""
        groups = self.by_category()
        doc = {"hand": [C.card_name(c) for c in sorted(self.hand, key=b2_key)],
               "counts": {k: len(v) for k, v in groups.items()},
               "total": len(self.combos),
               "combos": {k: [[C.card_name(c) for c in x.cards] for x in v] for k, v in groups.items()}}
        if self.target is not None:
            doc["beats"] = self.target.to_json()
        return doc


def combos(hand, beats=None) -> CombosResult:
    """Big Two: every playable combination in a hand of up to 13 cards, or only
    those that beat the combination ``beats``.

    >>> r = combos("As Ah Ad Ac Ks Qd Jh 9c 8s 7d 6h 4c 3s")
    >>> len(r.by_category()["four of a kind"])
    9
    >>> len(combos("As Ah Ks", beats="Qd Qc").combos)
    1
    """
    cards = C.as_cards(hand, "hand")
    found = all_combos(cards)
    target = parse_target(beats) if beats is not None else None
    if target is not None:
        found = [x for x in found if outranks(x, target)]
    return CombosResult(tuple(cards), tuple(found), target)
