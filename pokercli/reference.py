"""The seed's own hand valuation (SPEC §3a–3c), in plain Python.

This is the slow, obviously right path: the bit "reductions" of a five-card
set, the hand type with its primary and secondary ranks, the 30-bit score, and
for 6 or 7 cards the best of all five-card subsets. The Numba kernels are
tested against it, and one-hand commands use it directly (no Numba import).

Score layout (seed 001)::

    bits 26-29  type strength (HIGH_CARD 1 .. STRAIGHT_FLUSH 9)
    bits 13-25  primary ranks   (13-bit rank set, bit 0 = '2', bit 12 = 'A')
    bits  0-12  secondary ranks

Larger is stronger; equal scores are equal hands. The equivalence class
1..7462 runs the other way: 1 is a royal flush, 7462 is 7-5-4-3-2 offsuit.

>>> reductions(34084860461056)
(True, 62, 0, 62, 0, False, True, 5)
>>> reductions(2252899459547138)
(False, 4098, 2, 4096, 0, False, False, 2)
>>> score_from_info('THREE_OF_A_KIND', 512, 1032)
272630792
>>> translate_score(270536708)
('THREE_OF_A_KIND', ['T'], ['4', 'A'])
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Sequence

from pokercli import cards as C

HAND_TYPES = {
    "HIGH_CARD": 1, "PAIR": 2, "TWO_PAIR": 3, "THREE_OF_A_KIND": 4, "STRAIGHT": 5,
    "FLUSH": 6, "FULL_HOUSE": 7, "FOUR_OF_A_KIND": 8, "STRAIGHT_FLUSH": 9,
}
TYPE_NAMES = {v: k for k, v in HAND_TYPES.items()}
FIVE_HIGH = 0b1000000001111  # A 5 4 3 2
#: Class boundaries of SPEC §3c: type strength -> (first class, last class).
CLASS_RANGES = {
    9: (1, 10), 8: (11, 166), 7: (167, 322), 6: (323, 1599), 5: (1600, 1609),
    4: (1610, 2467), 3: (2468, 3325), 2: (3326, 6185), 1: (6186, 7462),
}


def count_bits(n: int) -> int:
    return bin(n).count("1")


def reductions(hand: int) -> tuple[bool, int, int, int, int, bool, bool, int]:
    """The seed's eight reductions of a five-card set (SPEC §3a)."""
    groups = C.suit_groups(hand)
    w, x, y, z = groups["C"], groups["D"], groups["H"], groups["S"]
    in_arbitrary_pair = (w & x) | (y & z)
    flush = any(count_bits(g) == 5 for g in (w, x, y, z))
    hand_ranks = w | x | y | z
    quads = w & x & y & z
    odd_ranks = w ^ x ^ y ^ z
    trips = odd_ranks & in_arbitrary_pair
    five_high = hand_ranks == FIVE_HIGH
    straight = five_high or count_bits(hand_ranks & (hand_ranks >> 1)) == 4
    rank_count = count_bits(hand_ranks)
    return (flush, hand_ranks, quads, odd_ranks, trips, five_high, straight, rank_count)


def identify_from_reductions(flush, hand_ranks, quads, odd_ranks, trips, five_high,
                             straight, rank_count) -> tuple[str, int, int]:
    """Hand type, primary and secondary ranks from the reductions (seed table)."""
    if rank_count == 2:
        if quads:
            return ("FOUR_OF_A_KIND", quads, odd_ranks)
        return ("FULL_HOUSE", odd_ranks, hand_ranks - odd_ranks)
    if rank_count == 3:
        if trips:
            return ("THREE_OF_A_KIND", trips, hand_ranks - trips)
        return ("TWO_PAIR", hand_ranks - odd_ranks, odd_ranks)
    if rank_count == 4:
        return ("PAIR", hand_ranks - odd_ranks, odd_ranks)
    top = 15 if five_high else hand_ranks
    if straight and flush:
        return ("STRAIGHT_FLUSH", top, 0)
    if flush:
        return ("FLUSH", hand_ranks, 0)
    if straight:
        return ("STRAIGHT", top, 0)
    return ("HIGH_CARD", hand_ranks, 0)


def score_from_info(hand_type: str, primary: int, secondary: int) -> int:
    return HAND_TYPES[hand_type] << 26 | primary << 13 | secondary


def partition_score(score: int) -> tuple[int, int, int]:
    return (score >> 26) & 0xF, (score >> 13) & 0x1FFF, score & 0x1FFF


def translate_score(score: int) -> tuple[str, list[str], list[str]]:
    """Type name and the primary/secondary rank letters of a score."""
    strength, primary, secondary = partition_score(score)
    if strength not in TYPE_NAMES:
        raise ValueError(f"{score} is not a hand score")
    return TYPE_NAMES[strength], C.rank_set_names(primary), C.rank_set_names(secondary)


def score5(hand: int) -> int:
    """Score of a five-card set given as a 52-bit integer."""
    return score_from_info(*identify_from_reductions(*reductions(hand)))


def best_five(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(score, best five card ids) over every five-card subset of 5-7 cards."""
    best = (-1, ())
    for five in combinations(cards, 5):
        s = score5(C.card_mask(five))
        if s > best[0]:
            best = (s, five)
    return best


def score(cards: Sequence[int]) -> int:
    return best_five(cards)[0]


@lru_cache(maxsize=1)
def all_scores() -> tuple[int, ...]:
    """The 7,462 distinct five-card scores, strongest first (cached on disk)."""
    from pokercli.paths import read_cached

    def load(payload: bytes) -> tuple[int, ...]:
        values = tuple(int(x) for x in payload.split())
        if len(values) != 7462 or any(a <= b for a, b in zip(values, values[1:])):
            raise ValueError("not 7,462 decreasing scores")
        return values

    return read_cached("scores-v2.txt", load,
                       lambda: ("\n".join(map(str, _compute_all_scores())) + "\n").encode(),
                       "list of the 7,462 hand values")


def _compute_all_scores() -> tuple[int, ...]:
    """Built from one representative hand per rank pattern: every multiset of five
    ranks (no rank five times) with suits spread so no flush, plus every set of
    five distinct ranks all in one suit.
    """
    values = set()
    suits = "hscd"
    for counts in rank_multisets(5):
        cards, k = [], 0
        for rank, n in enumerate(counts):
            for _ in range(n):
                cards.append(C.card_id(rank, suits[k % 4]))
                k += 1
        values.add(score5(C.card_mask(cards)))
    for ranks in combinations(range(13), 5):
        values.add(score5(C.card_mask(C.card_id(r, "h") for r in ranks)))
    return tuple(sorted(values, reverse=True))


def rank_multisets(total: int, rank: int = 0, prefix: tuple = ()):
    if rank == 13:
        if total == 0:
            yield prefix
        return
    for n in range(min(4, total) + 1):
        yield from rank_multisets(total - n, rank + 1, prefix + (n,))


@lru_cache(maxsize=1)
def _class_of_score() -> dict[int, int]:
    return {s: i + 1 for i, s in enumerate(all_scores())}


def hand_class(score_value: int) -> int:
    """Equivalence class 1..7462 of a score (1 = royal flush)."""
    try:
        return _class_of_score()[score_value]
    except KeyError:
        raise ValueError(f"{score_value} is not the score of a five-card hand") from None


def type_name(score_value: int) -> str:
    return TYPE_NAMES[score_value >> 26]


def _plural(rank: int) -> str:
    return C.RANK_PLURALS[rank]


def _ranks_high_first(bits: int) -> list[int]:
    return [r for r in range(12, -1, -1) if bits >> r & 1]


def describe(score_value: int) -> str:
    """A readable description: 'Full house, kings full of tens'."""
    strength, primary, secondary = partition_score(score_value)
    p, s = _ranks_high_first(primary), _ranks_high_first(secondary)
    name = C.RANK_NAMES
    kickers = "-".join(name[r] for r in s)
    if strength == 9:
        return "Royal flush" if primary == 0b1111100000000 else \
            f"Straight flush, {name[p[0]]} high"
    if strength == 8:
        return f"Four of a kind, {_plural(p[0])}, {name[s[0]]} kicker"
    if strength == 7:
        return f"Full house, {_plural(p[0])} full of {_plural(s[0])}"
    if strength == 6:
        return f"Flush, {'-'.join(name[r] for r in p)}"
    if strength == 5:
        return f"Straight, {name[p[0]]} high"
    if strength == 4:
        return f"Three of a kind, {_plural(p[0])}, {kickers} kickers"
    if strength == 3:
        return f"Two pair, {_plural(p[0])} and {_plural(p[1])}, {name[s[0]]} kicker"
    if strength == 2:
        return f"Pair of {_plural(p[0])}, {kickers} kickers"
    return f"High card, {'-'.join(name[r] for r in p)}"
