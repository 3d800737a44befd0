"""Short deck (six-plus) hold'em: how its hands rank, in plain Python.

The deck has 36 cards: the twos to fives are out. Three rules differ from
hold'em, and one is played two ways:

* A-6-7-8-9 is the lowest straight (the ace plays low, in place of the five);
* a flush beats a full house (with fewer cards of each suit it is rarer);
* ``shortdeck`` (the Triton rule, the one most tournaments and sites play):
  three of a kind beats a straight; ``shortdeck-straight`` (the older rule,
  as in pokerkit): a straight beats three of a kind.

A short deck **score** has the layout of a hold'em score (type in bits
26-29, primary and secondary 13-bit rank sets) but its type field counts in
short deck order (:data:`TYPE_ORDERS`); larger still wins, equal still ties.
An A-6-7-8-9 straight has primary ranks 6-7-8-9 (as hold'em's 5-high straight
has 2-3-4-5). Classes run 1 (a royal flush) to 1404 (J-9-8-7-6, the
weakest high card: 9-8-7-6-A and 10-9-8-7-6 are straights).

>>> describe(score(parse("Ah 6d 7c 8s 9h"), "shortdeck"), "shortdeck")
'Straight, nine high'
>>> [describe(score(parse("6d 7c 8s 9h Td Th Ts"), r), r) for r in RANKINGS]
['Three of a kind, tens, nine-eight kickers', 'Straight, ten high']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

from pokercli import cards as C
from pokercli import reference as R

#: The rankings of the short deck games, by game name.
RANKINGS = ("shortdeck", "shortdeck-straight")

#: Type strength (1..9) by type name, weakest first, in each ranking.
TYPE_ORDERS = {
    "shortdeck": ("HIGH_CARD", "PAIR", "TWO_PAIR", "STRAIGHT", "THREE_OF_A_KIND", "FULL_HOUSE",
                  "FLUSH", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"),
    "shortdeck-straight": ("HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT",
                           "FULL_HOUSE", "FLUSH", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"),
}

#: The card ids of the 36-card deck (six to ace) and of the 16 cards left out.
DECK = tuple(c for c in range(52) if c % 13 >= 4)
LEFT_OUT = tuple(c for c in range(52) if c % 13 < 4)
#: A 6 7 8 9 as a rank set, and the primary ranks of that straight (6 7 8 9).
WHEEL = 1 << 12 | 0b1111 << 4
WHEEL_PRIMARY = 0b1111 << 4


def type_codes(ranking: str) -> dict[str, int]:
    """Type name -> type strength 1..9 in ``ranking``."""
    return {name: i for i, name in enumerate(TYPE_ORDERS[ranking], 1)}


def type_names(ranking: str) -> dict[int, str]:
    """Type strength 1..9 -> type name in ``ranking``."""
    return dict(enumerate(TYPE_ORDERS[ranking], 1))


def straight_top(present: int) -> int:
    """Primary ranks of the best short deck straight in a rank set, 0 if none."""
    for top in range(12, 7, -1):
        run = 0b11111 << (top - 4)
        if present & run == run:
            return run
    return WHEEL_PRIMARY if present & WHEEL == WHEEL else 0


def score5(cards: Sequence[int], ranking: str) -> int:
    """Short deck score of five cards: hold'em's identification (the seed's
    reductions), with A-6-7-8-9 made a straight and the type renumbered."""
    name, primary, secondary = R.identify_from_reductions(*R.reductions(C.card_mask(cards)))
    if (name in ("HIGH_CARD", "FLUSH")) and primary == WHEEL:
        name = "STRAIGHT_FLUSH" if name == "FLUSH" else "STRAIGHT"
        primary = WHEEL_PRIMARY
    return type_codes(ranking)[name] << 26 | primary << 13 | secondary


def best_five(cards: Sequence[int], ranking: str) -> tuple[int, tuple[int, ...]]:
    """(score, best five card ids) over every five-card subset of 5-7 cards."""
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for five in combinations(cards, 5):
        s = score5(five, ranking)
        if s > best[0]:
            best = (s, five)
    return best


def score(cards: Sequence[int], ranking: str) -> int:
    return best_five(cards, ranking)[0]


@lru_cache(maxsize=2)
def all_scores(ranking: str) -> tuple[int, ...]:
    """The 1,404 distinct short deck five-card scores, strongest first: one hand
    per multiset of five ranks from six to ace (suits spread, no flush) and
    one suited hand per set of five such ranks."""
    values = set()
    suits = "hscd"
    for counts in R.rank_multisets(5, 4, (0,) * 4):  # no two to five
        cards, k = [], 0
        for rank, n in enumerate(counts):
            for _ in range(n):
                cards.append(C.card_id(rank, suits[k % 4]))
                k += 1
        values.add(score5(cards, ranking))
    for ranks in combinations(range(4, 13), 5):
        values.add(score5([C.card_id(r, "h") for r in ranks], ranking))
    return tuple(sorted(values, reverse=True))


@lru_cache(maxsize=2)
def _class_of_score(ranking: str) -> dict[int, int]:
    return {s: i + 1 for i, s in enumerate(all_scores(ranking))}


def hand_class(score_value: int, ranking: str) -> int:
    """Class 1..1404 of a short deck score (1 = royal flush)."""
    try:
        return _class_of_score(ranking)[score_value]
    except KeyError:
        raise ValueError(f"{score_value} is not the score of a short deck hand") from None


def type_name(score_value: int, ranking: str) -> str:
    return TYPE_ORDERS[ranking][(score_value >> 26) - 1]


def as_holdem(score_value: int, ranking: str) -> int:
    """The hold'em layout of a short deck score (the type field in hold'em's
    numbering): what :func:`pokercli.reference.describe` reads."""
    return R.HAND_TYPES[type_name(score_value, ranking)] << 26 | (score_value & ((1 << 26) - 1))


def describe(score_value: int, ranking: str) -> str:
    """'Straight, nine high' for A-6-7-8-9; otherwise as in hold'em."""
    return R.describe(as_holdem(score_value, ranking))


def score_from_counts(counts: Sequence[int], ranking: str) -> int:
    """Best-five score of a hand of 5-7 cards without a flush, from its rank
    counts (13 entries, the twos to fives zero): a direct rule, independent of
    :func:`score5` (the tests compare the two)."""
    codes = type_codes(ranking)
    by = lambda k: [r for r in range(12, -1, -1) if counts[r] >= k]  # noqa: E731
    singles, pairs, trips, quads = by(1), by(2), by(3), by(4)

    def bits(ranks):
        m = 0
        for r in ranks:
            m |= 1 << r
        return m

    if quads:
        q = quads[0]
        return codes["FOUR_OF_A_KIND"] << 26 | 1 << q << 13 | bits([r for r in singles if r != q][:1])
    if trips and len(pairs) >= 2:
        t = trips[0]
        return codes["FULL_HOUSE"] << 26 | 1 << t << 13 | bits([r for r in pairs if r != t][:1])
    made = []
    straight = straight_top(bits(singles))
    if straight:
        made.append(codes["STRAIGHT"] << 26 | straight << 13)
    if trips:
        t = trips[0]
        made.append(codes["THREE_OF_A_KIND"] << 26 | 1 << t << 13
                    | bits([r for r in singles if r != t][:2]))
    if made:
        return max(made)
    if len(pairs) >= 2:
        p = pairs[:2]
        return codes["TWO_PAIR"] << 26 | bits(p) << 13 | bits([r for r in singles if r not in p][:1])
    if pairs:
        p = pairs[0]
        return codes["PAIR"] << 26 | 1 << p << 13 | bits([r for r in singles if r != p][:3])
    return codes["HIGH_CARD"] << 26 | bits(singles[:5]) << 13


def flush_score_of(suit_ranks: int, ranking: str) -> int:
    """Score of the best five cards of one suit holding ``suit_ranks`` (five or
    more ranks from six to ace). With seven cards a flush beats anything else
    the hand could make (quads would need a fourth suit), as in hold'em."""
    codes = type_codes(ranking)
    sf = straight_top(suit_ranks)
    if sf:
        return codes["STRAIGHT_FLUSH"] << 26 | sf << 13
    desc = [r for r in range(12, -1, -1) if suit_ranks >> r & 1][:5]
    return codes["FLUSH"] << 26 | sum(1 << r for r in desc) << 13


def parse(text: str) -> list[int]:
    return [int(c) for c in C.parse(text)]
