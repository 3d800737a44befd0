"""Ace-to-five low (razz): the lowest five cards win, aces are low, straights
and flushes do not count, and pairs count against.

Plain Python (no NumPy): one-hand values and showdowns use it, the tests
compare it with pokerkit's ``RegularLowHand`` and the stud kernels
(:mod:`pokercli._kernels.stud`) with it.

A five-card low has a **score**, larger is better (as every pokercli score),
laid out as hold'em's: the type's strength in bits 26 and up (6: no pair, 5:
one pair, 4: two pair, 3: three of a kind, 2: full house, 1: four of a kind),
below it ``2**20 - 1 - groups``, where ``groups`` packs the rank groups,
largest group first, then higher ranks first, four bits each, ace = 0 ..
king = 12 (so a lower hand scores higher). Its **class** is 1 (5-4-3-2-A,
the wheel) to 6,175 (K-K-K-K-Q), the number of distinct five-card lows.

>>> describe(best_five([12, 0, 1, 2, 3, 20, 24])[0])
'5-4-3-2-A'
>>> describe(score([12, 25, 0, 1, 2]))
'Pair of aces, 4-3-2'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

#: Ranks as a low names them, ace first (index = the ace-low rank).
LOW_CHARS = "A23456789TJQK"
#: The rank groups' field of a score.
GROUPS = (1 << 20) - 1
#: How many distinct five-card lows there are (1,287 without a pair and 4,888 with).
CLASS_COUNT = 6175

#: How many hand types there are (category 0, no pair, is the best).
CATEGORIES = 6
_RANK_WORDS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
               "jacks", "queens", "kings")


def low_rank(card: int) -> int:
    """The ace-low rank of a card id (ace 0, two 1, .., king 12)."""
    return (card % 13 + 1) % 13


def score_of_ranks(ranks: Sequence[int]) -> int:
    """The score of five ace-low ranks."""
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = tuple(c for _, c in groups)
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
                (4, 1): 5}[shape]
    packed = 0
    for r, _ in groups:
        packed = (packed << 4) | r
    packed <<= 4 * (5 - len(groups))
    return ((6 - category) << 26) | (GROUPS - packed)


def score(cards: Sequence[int]) -> int:
    """The score of exactly five cards (larger is a better low)."""
    if len(cards) != 5:
        raise ValueError("a low is five cards")
    return score_of_ranks([low_rank(c) for c in cards])


def best_five(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(score, the five cards) of the best low among 5 to 7 cards, every choice tried."""
    return max(((score(five), tuple(five)) for five in combinations(cards, 5)), key=lambda sf: sf[0])


def _parts(s: int) -> tuple[int, list[int]]:
    category = 6 - (s >> 26)
    if not 0 <= category < CATEGORIES or s >> 20 & 63:
        raise ValueError(f"{s} is not the score of a five-card low")
    packed = GROUPS - (s & GROUPS)
    groups = [(packed >> (16 - 4 * i)) & 15 for i in range(5)]
    return category, groups


def ranks_of(s: int) -> list[int]:
    """The five ace-low ranks of a score, as the hand reads (pairs repeated), worst first."""
    category, groups = _parts(s)
    sizes = {0: (1, 1, 1, 1, 1), 1: (2, 1, 1, 1), 2: (2, 2, 1), 3: (3, 1, 1), 4: (3, 2), 5: (4, 1)}[category]
    out: list[int] = []
    for r, n in zip(groups, sizes):
        out += [r] * n
    return out


def type_name(s: int) -> str:
    _parts(s)
    return TYPE_NAMES[s >> 26]


def describe(s: int) -> str:
    """``7-5-4-3-2``; ``Pair of fours, 7-3-A``; ``Two pair, fours and aces, 7``."""
    category, groups = _parts(s)
    if category == 0:
        return "-".join(LOW_CHARS[r] for r in groups)
    word = [_RANK_WORDS[r] for r in groups]
    if category == 1:
        return f"Pair of {word[0]}, " + "-".join(LOW_CHARS[r] for r in groups[1:4])
    if category == 2:
        return f"Two pair, {word[0]} and {word[1]}, {LOW_CHARS[groups[2]]}"
    if category == 3:
        return f"Three {word[0]}, " + "-".join(LOW_CHARS[r] for r in groups[1:3])
    if category == 4:
        return f"Full house, {word[0]} full of {word[1]}"
    return f"Four {word[0]}, {LOW_CHARS[groups[1]]}"


@lru_cache(maxsize=1)
def all_scores() -> tuple[int, ...]:
    """Every five-card low's score, best first (class ``i`` is entry ``i - 1``)."""
    from itertools import combinations_with_replacement

    found = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            found.add(score_of_ranks(ranks))
    return tuple(sorted(found, reverse=True))


@lru_cache(maxsize=1)
def _classes() -> dict[int, int]:
    return {s: i for i, s in enumerate(all_scores(), 1)}


def hand_class(s: int) -> int:
    """1 (5-4-3-2-A) .. 6,175 (four kings with a queen)."""
    try:
        return _classes()[s]
    except KeyError:
        raise ValueError(f"{s} is not the score of a five-card low") from None


#: Type strength (a score's bits 26 and up: larger is better) -> name.
TYPE_NAMES = {1: "FOUR_OF_A_KIND", 2: "FULL_HOUSE", 3: "THREE_OF_A_KIND", 4: "TWO_PAIR", 5: "PAIR",
              6: "NO_PAIR"}


# --- deuce-to-seven: aces high, straights and flushes count against -------------------

#: Hold'em scores of the wheel (A-5-4-3-2 as a five-high straight, and straight flush),
#: and what they are in deuce-to-seven, where an ace is only high: ace-high cards, an ace-high flush.
WHEEL_STRAIGHT = (5 << 26) | (0b1111 << 13)
WHEEL_STRAIGHT_FLUSH = (9 << 26) | (0b1111 << 13)
WHEEL_HIGH = (1 << 26) | (0b1000000001111 << 13)
WHEEL_FLUSH = (6 << 26) | (0b1000000001111 << 13)
_BELOW_TYPE = (1 << 26) - 1


def high_27(cards: Sequence[int]) -> int:
    """The hold'em score of exactly five cards with the ace only high (A-5-4-3-2 is
    ace-high, not a straight)."""
    from pokercli import cards as C
    from pokercli import reference as R

    h = R.score5(C.card_mask(list(cards)))
    return WHEEL_HIGH if h == WHEEL_STRAIGHT else WHEEL_FLUSH if h == WHEEL_STRAIGHT_FLUSH else h


def score_27_of_high(h: int) -> int:
    """The deuce-to-seven score of a :func:`high_27` score: the worst high hand is
    the best low, so the type's strength (bits 26 and up) is ``10 - type`` and
    the rest is turned over; larger is a better low."""
    return ((10 - (h >> 26)) << 26) | (_BELOW_TYPE - (h & _BELOW_TYPE))


def high_of_27(s: int) -> int:
    """The :func:`high_27` score a deuce-to-seven score turns over."""
    return ((10 - (s >> 26)) << 26) | (_BELOW_TYPE - (s & _BELOW_TYPE))


def score_27(cards: Sequence[int]) -> int:
    """The deuce-to-seven score of exactly five cards (larger is a better low)."""
    if len(cards) != 5:
        raise ValueError("a deuce-to-seven hand is five cards")
    return score_27_of_high(high_27(cards))


def best_five_27(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(score, five cards) of the best deuce-to-seven low among 5 to 7 cards."""
    return max(((score_27(five), tuple(five)) for five in combinations(cards, 5)), key=lambda sf: sf[0])


@lru_cache(maxsize=1)
def all_scores_27() -> tuple[int, ...]:
    """The 7,462 deuce-to-seven scores, best (7-5-4-3-2) first: hold'em's hands with
    the two wheels turned into ace-high hands."""
    from pokercli import reference as R

    highs = {WHEEL_HIGH if h == WHEEL_STRAIGHT else WHEEL_FLUSH if h == WHEEL_STRAIGHT_FLUSH else h
             for h in R.all_scores()}
    return tuple(sorted((score_27_of_high(h) for h in highs), reverse=True))


@lru_cache(maxsize=1)
def _classes_27() -> dict[int, int]:
    return {s: i for i, s in enumerate(all_scores_27(), 1)}


def hand_class_27(s: int) -> int:
    """1 (7-5-4-3-2) .. 7,462 (a royal flush)."""
    try:
        return _classes_27()[s]
    except KeyError:
        raise ValueError(f"{s} is not the score of a deuce-to-seven hand") from None


def type_name_27(s: int) -> str:
    from pokercli import reference as R

    hand_class_27(s)
    return R.TYPE_NAMES[10 - (s >> 26)]


#: Type strength (a score's bits 26 and up) -> name: no pair (HIGH_CARD) is the best.
def type_names_27() -> dict[int, str]:
    from pokercli import reference as R

    return {10 - t: name for t, name in R.TYPE_NAMES.items()}


def describe_27(s: int) -> str:
    """``7-5-4-3-2``, ``A-5-4-3-2``; a made hand in hold'em's words (``Pair of
    fours, ...``, ``Straight, seven high``, ``Flush, A-5-4-3-2``)."""
    from pokercli import cards as C
    from pokercli import reference as R

    hand_class_27(s)
    h = high_of_27(s)
    if h in (WHEEL_HIGH, WHEEL_FLUSH):
        return "A-5-4-3-2" if h == WHEEL_HIGH else "Flush, A-5-4-3-2"
    if h >> 26 == 1:
        return "-".join(reversed(C.rank_set_names((h >> 13) & 0x1FFF)))
    return R.describe(h)


# --- badugi: four cards of different suits and ranks, the lowest, ace low ---------------

#: Badugi hand types by their strength (the number of cards that count; bits 26 and up).
BADUGI_TYPE_NAMES = {1: "ONE_CARD", 2: "TWO_CARD", 3: "THREE_CARD", 4: "BADUGI"}
#: How many distinct badugi values there are: 715 four-card badugis, 286 three-card
#: hands, 78 two-card hands and 13 one-card hands.
BADUGI_CLASS_COUNT = 1092


def badugi_of(ranks_set: int, size: int) -> int:
    """The score of a badugi hand of ``size`` cards whose ace-low ranks are the
    13-bit set ``ranks_set``: more cards win, then the lower set (compared as an
    integer: the highest card first)."""
    return (size << 26) | (0x1FFF - ranks_set)


def score_badugi(cards: Sequence[int]) -> int:
    """The badugi score of up to four cards: the largest set of them with no two
    of a suit or of a rank, and of those the lowest (larger is better)."""
    return best_badugi(cards)[0]


def best_badugi(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(score, the cards that count) of a badugi hand of one to four cards."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(len(cards), 0, -1):
        for sub in combinations(cards, size):
            if len({c // 13 for c in sub}) == size and len({low_rank(c) for c in sub}) == size:
                s = badugi_of(sum(1 << low_rank(c) for c in sub), size)
                if s > best[0]:
                    best = (s, tuple(sub))
        if best[0]:
            return best
    return best


@lru_cache(maxsize=1)
def all_scores_badugi() -> tuple[int, ...]:
    """Every badugi score, best (4-3-2-A) first."""
    return tuple(sorted((badugi_of(sum(1 << r for r in ranks), size)
                         for size in range(1, 5) for ranks in combinations(range(13), size)), reverse=True))


@lru_cache(maxsize=1)
def _classes_badugi() -> dict[int, int]:
    return {s: i for i, s in enumerate(all_scores_badugi(), 1)}


def hand_class_badugi(s: int) -> int:
    """1 (a 4-3-2-A badugi) .. 1,092 (a king alone)."""
    try:
        return _classes_badugi()[s]
    except KeyError:
        raise ValueError(f"{s} is not the score of a badugi hand") from None


def type_name_badugi(s: int) -> str:
    hand_class_badugi(s)
    return BADUGI_TYPE_NAMES[s >> 26]


def describe_badugi(s: int) -> str:
    """``a 4-card badugi, 4-3-2-A``; ``a 3-card hand, 7-5-A``."""
    hand_class_badugi(s)
    size, ranks = s >> 26, 0x1FFF - (s & 0x1FFF)
    text = "-".join(LOW_CHARS[r] for r in range(12, -1, -1) if ranks >> r & 1)
    return f"a 4-card badugi, {text}" if size == 4 else f"a {size}-card hand, {text}"
