"""Hold'em starting-hand ranges in the notation poker players use.

Parts are separated by commas (or spaces); each part may carry a weight
``:w`` (a number > 0, e.g. ``AA:0.5``; default 1). A part is one of

* a pair ``QQ``, a pair and better ``QQ+``, a span of pairs ``TT-77``;
* suited ``AKs``, offsuit ``AKo`` or both ``AK``; ``A2s+`` (the kicker and
  every higher one up to one below the top card: A2s..AKs), ``KTo+``
  (KTo..KQo), a span ``A5s-A2s``;
* a connector span, both ends with the same gap: ``T9s-65s`` (T9s, 98s, 87s,
  76s, 65s), ``KQo-JTo``, ``KQ-JT``, gappers ``J9s-75s``;
* an explicit combo ``AhKh`` (any card notation of SPEC §1);
* a top-X% range ``15%`` (also ``top 15%``) or a band ``5%-15%``: whole
  starting-hand classes, best first by equity against one random hand, up
  to the class that reaches X% of the 1,326 combos (that class included);
  ``15%@3`` orders by equity against 3 random hands (1 to 9,
  :mod:`pokercli.preflop_order`);
* ``random``, ``xx`` or ``any``: all 1,326 two-card hands.

Weights are numbers from ``MIN_WEIGHT`` to ``MAX_WEIGHT`` (0.000001 to 1000000).
A weighted group (eval7's notation) gives every part inside it a weight:
``0.5(AA,KK)`` or ``50%(AA,KK)``; a part's own ``:w`` inside a group
multiplies the group's. Spaces inside a part are read as eval7 reads them:
``AK s`` is ``AKs``, ``As Kh`` the combo ``AsKh``, ``TT - 77`` the span.
When a combo is named by several parts, the last part's weight counts.

>>> len(parse_range("QQ+"))
18
>>> len(parse_range("AKs, AKo"))
16
>>> len(parse_range("A2s+"))
48
>>> parse_range("AA:0.5")[0][1]
0.5
>>> parse_range("AKs")
Range('AKs', 4 combos)
>>> len(parse_range("T9s-65s")), len(parse_range("0.5(AA,KK)")), parse_range("50%(AA)")[0][1]
(20, 12, 0.5)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Optional, Sequence

from pokercli import cards as C
from pokercli.errors import PokerError, shown, card_count

Combo = tuple[int, int]


@dataclass(frozen=True)
class Range:
    """A parsed range: each combo (two cards, lower card id first) with its weight.

    Iterating gives ``(combo, weight)`` pairs; ``len`` is the number of combos.
    """

    text: str
    combos: tuple[tuple[tuple[C.Card, C.Card], float], ...]

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[tuple[tuple[C.Card, C.Card], float]]:
        return iter(self.combos)

    def __getitem__(self, index):
        return self.combos[index]

    @property
    def weighted(self) -> float:
        """The sum of the weights (the number of combos when every weight is 1)."""
        return sum(w for _, w in self.combos)

    def __repr__(self) -> str:
        return f"Range({self.text!r}, {len(self)} combos)"

    def __hash__(self) -> int:
        # computed once: a range of 1,326 combos took 30 us to hash, and the spot
        # checks look its facts up by it on every query
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.text, self.combos))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict:
        # not the cached hash: another process hashes strings with another seed
        return {"text": self.text, "combos": self.combos}
_RANKS = C.RANK_CHARS
#: re.ASCII: only ASCII letters match their other case ("ſ" is not "s", "K" not "K").
_PART = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$", re.IGNORECASE | re.ASCII)
_SPAN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$",
                   re.IGNORECASE | re.ASCII)
RANDOM_WORDS = {"random", "xx", "any"}
#: Weights are kept between these bounds: the product of 23 players' weights
#: (one deal) and the sums over every deal stay far from overflow and underflow.
MIN_WEIGHT = 1e-6
MAX_WEIGHT = 1e6


def _rank(ch: str) -> int:
    return _RANKS.index(ch.upper())


def all_combos() -> list[Combo]:
    return [(a, b) for a in range(52) for b in range(a + 1, 52)]


def _combo(a: int, b: int) -> Combo:
    return (a, b) if a < b else (b, a)


def pair_combos(r: int) -> list[Combo]:
    cards = [C.card_id(r, s) for s in "shdc"]
    return [_combo(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def nonpair_combos(hi: int, lo: int, kind: str) -> list[Combo]:
    out = []
    for s1 in "shdc":
        for s2 in "shdc":
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append(_combo(C.card_id(hi, s1), C.card_id(lo, s2)))
    return out


def class_combos(hi: int, lo: int, kind: str) -> list[Combo]:
    return pair_combos(hi) if hi == lo else nonpair_combos(hi, lo, kind)


def class_combos_of(name: str) -> list[Combo]:
    """The combos of a starting-hand class named as in :func:`starting_classes` (AA, AKs, AKo)."""
    m = _PART.match(name)
    hi, lo = sorted((_rank(m.group(1)), _rank(m.group(2))), reverse=True)
    return class_combos(hi, lo, m.group(3).lower())


def _top_classes(percent: float, opponents: int) -> list[str]:
    """The best classes, in order, up to the one that reaches ``percent`` of the 1,326 combos."""
    from pokercli.preflop_order import order

    target, total, out = percent / 100 * 1326 - 1e-9, 0, []
    for name in order(opponents):
        if total >= target:
            break
        out.append(name)
        total += 6 if len(name) == 2 else (4 if name[2] == "s" else 12)
    return out


def top_classes(high: float, low: float = 0.0, opponents: int = 1) -> list[str]:
    """The starting-hand classes of the top-``high``% range (``low`` > 0: the band
    from ``low``% to ``high``%), best first against ``opponents`` random hands.
    Whole classes: the class that crosses a boundary is in the range above it.

    >>> top_classes(2.5)
    ['AA', 'KK', 'QQ', 'JJ', 'TT', '99']
    >>> top_classes(5, 2.5)
    ['88', 'AKs', '77', 'AQs', 'AJs', 'AKo']
    """
    below = set(_top_classes(low, opponents)) if low > 0 else set()
    return [n for n in _top_classes(high, opponents) if n not in below]


_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_TOP = re.compile(rf"^(?:top)?{_NUMBER}%(?:-{_NUMBER}%)?(?:@(\d+))?$", re.IGNORECASE)


def _top(part: str, m: re.Match, order: int) -> list[Combo]:
    first, second, opponents = m.groups()
    low, high = (0.0, float(first)) if second is None else (float(first), float(second))
    opponents = order if opponents is None else int(opponents)
    if not 1 <= opponents <= 9:
        raise PokerError(f"range part {shown(part)}: @N orders by equity against N random "
                         "hands, N from 1 to 9")
    if not (0 < high <= 100 and 0 <= low < high):
        raise PokerError(f"range part {shown(part)}: a top range is more than 0% and at most 100% "
                         "(a band, 5%-15%, runs from the lower to the higher)")
    return [c for name in top_classes(high, low, opponents) for c in class_combos_of(name)]


def _expand(part: str, order: int = 1) -> list[Combo]:
    if part.lower() in RANDOM_WORDS:
        return all_combos()
    m = _TOP.match(part)
    if m:
        return _top(part, m, order)
    m = _PART.match(part)
    if m:
        a, b, kind, plus = _rank(m.group(1)), _rank(m.group(2)), m.group(3).lower(), m.group(4)
        hi, lo = max(a, b), min(a, b)
        if hi == lo:
            if kind:
                raise PokerError(f"range part {shown(part)}: a pair is neither suited nor offsuit")
            tops = range(hi, 13) if plus else [hi]
            return [c for r in tops for c in pair_combos(r)]
        kickers = range(lo, hi) if plus else [lo]
        return [c for k in kickers for c in nonpair_combos(hi, k, kind)]
    m = _SPAN.match(part)
    if m:
        a1, b1, k1, a2, b2, k2 = m.groups()
        a1, b1, a2, b2 = map(_rank, (a1, b1, a2, b2))
        k1, k2 = k1.lower(), k2.lower()
        if k1 != k2:
            raise PokerError(f"range part {shown(part)}: both ends must be suited, offsuit or neither")
        if a1 == b1 and a2 == b2:
            lo, hi = sorted((a1, a2))
            return [c for r in range(lo, hi + 1) for c in pair_combos(r)]
        h1, l1, h2, l2 = max(a1, b1), min(a1, b1), max(a2, b2), min(a2, b2)
        if l1 != h1 and l2 != h2 and h1 != h2 and h1 - l1 == h2 - l2:
            gap = h1 - l1  # a connector span: T9s-65s, KQo-JTo, J9s-75s
            lo, hi = sorted((h1, h2))
            return [c for top in range(lo, hi + 1) for c in nonpair_combos(top, top - gap, k1)]
        if h1 != h2 or l1 == h1 or l2 == h2:
            raise PokerError(f"range part {shown(part)}: a span keeps its top card (A5s-A2s), "
                             "its gap (T9s-65s, J9s-75s), or is of pairs (TT-77)")
        lo, hi = sorted((l1, l2))
        return [c for k in range(lo, hi + 1) for c in nonpair_combos(h1, k, k1)]
    try:
        cards = C.parse(part, count=2, what=f"range part {shown(part)}")
    except PokerError:
        raise PokerError(f"range part {shown(part)} is not a hand class (AKs, QQ+, TT-77, A2s+), "
                         "a combo (AhKh) or 'random'") from None
    return [_combo(*cards)]


def _weighted(part: str) -> tuple[str, float]:
    """A range part's body and its ``:w`` weight (1 when none), the weight checked."""
    body, _, w = part.partition(":")
    if not w:
        return body, 1.0
    percent = w.rstrip().endswith("%")  # AA:50% is AA:0.5, as 50%(AA,KK) weighs its group
    try:
        weight = float(w.rstrip()[:-1] if percent else w) / (100 if percent else 1)
    except ValueError:
        raise PokerError(f"range part {shown(part)}: weight {shown(w)} is not a number") from None
    if not MIN_WEIGHT <= weight <= MAX_WEIGHT:
        raise PokerError(f"range part {shown(part)}: a weight is a number from "
                         f"{MIN_WEIGHT:.6f} to {MAX_WEIGHT:.0f}")
    return body, weight


_GROUP = re.compile(rf"{_NUMBER}\s*(%?)\s*\(([^()]*)\)")


def _is_card(word: str) -> bool:
    return len(word) == 2 and word[0].upper() in _RANKS and word[1].lower() in "shdc"


def _words(chunk: str) -> list[str]:
    """The parts of a stretch of range text: split at commas and spaces, the
    spaces inside a part joined as eval7 reads them (``AK s``, ``As Kh``,
    ``TT - 77``, ``AA : 0.5``, ``top 15 %``)."""
    if "(" in chunk or ")" in chunk:
        raise PokerError(f"range {shown(chunk.strip())}: a parenthesis belongs to a weighted group, "
                         "a weight then parts: 0.5(AA,KK) or 50%(AA,KK)", "text")
    out: list[str] = []
    for piece in chunk.split(","):
        words: list[str] = []
        for word in piece.split():
            last = words[-1] if words else ""
            joins = last and (word.lower() in ("s", "o") or word[0] in "+-:@%"
                              or last[-1] in "-:@" or last.lower() == "top"
                              or (_is_card(last) and _is_card(word)))
            if joins:
                words[-1] = last + word
            else:
                words.append(word)
        out += words
    return out


def _parts(text: str) -> list[tuple[str, float]]:
    """Each part of a range with the weight of the group it is in (1 outside one)."""
    out: list[tuple[str, float]] = []
    pos = 0
    for m in _GROUP.finditer(text):
        out += [(w, 1.0) for w in _words(text[pos:m.start()])]
        weight = float(m.group(1)) / (100 if m.group(2) else 1)
        group = f"{m.group(1)}{m.group(2)}"
        if not MIN_WEIGHT <= weight <= MAX_WEIGHT:
            raise PokerError(f"range group {shown(m.group(0))}: weight {group} is outside "
                             f"{MIN_WEIGHT:.6f} to {MAX_WEIGHT:.0f}", "text")
        inner = _words(m.group(3))
        if not inner:
            raise PokerError(f"range group {shown(m.group(0))} names no hands", "text")
        out += [(w, weight) for w in inner]
        pos = m.end()
    return out + [(w, 1.0) for w in _words(text[pos:])]


def parse_range(text: str, *, order: int = 1) -> Range:
    """A range in the notation of PokerStove, Equilab and eval7 (see the module
    docstring). ``order``: top-X% parts without ``@N`` follow the equity
    against this many random hands (1 to 9).

    >>> r = parse_range("QQ+,AKs:0.5")
    >>> len(r), r.weighted
    (22, 20.0)
    >>> len(parse_range("top 5%")), len(parse_range("5%-10%"))
    (72, 62)
    """
    if not isinstance(text, str):
        raise PokerError(f"text must be a range as text, not {type(text).__name__}", "text")
    if not isinstance(order, int) or isinstance(order, bool) or not 1 <= order <= 9:
        raise PokerError(f"order must be a count of random opponents from 1 to 9, not {order!r}",
                         "order")
    return _parse_range(text, order)


@lru_cache(maxsize=64)
def _parse_range(text: str, order: int) -> Range:
    """:func:`parse_range` of checked arguments; a :class:`Range` is immutable, so
    the last few ranges parsed (``random`` above all: 1,326 combos) are kept."""
    weights: dict[Combo, float] = {}
    parts = _parts(text)
    if not parts:
        raise PokerError("empty range", "text")
    for part, group_weight in parts:
        try:
            body, weight = _weighted(part)
            weight *= group_weight
            if not MIN_WEIGHT <= weight <= MAX_WEIGHT:
                raise PokerError(f"range part {shown(part)}: its weight times its group's, {weight:g}, "
                                 f"is outside {MIN_WEIGHT:.6f} to {MAX_WEIGHT:.0f}")
            expanded = _expand(body, order)
        except PokerError as e:
            raise PokerError(str(e), e.param or "text") from None
        for combo in expanded:
            weights[combo] = weight
    card = C.Card
    return Range(text, tuple(((card(a), card(b)), w) for (a, b), w in sorted(weights.items())))


#: A rank pattern may stand for at most this many hands before its suits are checked.
PATTERN_MAX = 2_000_000
#: An Omaha rank pattern: ranks or ``x`` (any card), then an optional suit qualifier.
_PATTERN = re.compile(r"([2-9TJQKAX]+)(DS|SS|R)?", re.IGNORECASE | re.ASCII)


def _suits_fit(hand: tuple[int, ...], qualifier: Optional[str]) -> bool:
    """``ds``: two suits with two or more cards each; ``ss``: exactly one suit
    with two or more; ``r``: every card a different suit."""
    if not qualifier:
        return True
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[c // 13] += 1
    paired = sum(n >= 2 for n in counts)
    return {"ds": paired >= 2, "ss": paired == 1, "r": max(counts) == 1}[qualifier.lower()]


def pattern_hands(ranks: str, qualifier: Optional[str] = None) -> list[tuple[int, ...]]:
    """Every hand (sorted card ids) of an Omaha rank pattern: ``AAxx`` holds two
    aces or more and any other cards, ``KQJT`` a king, queen, jack and ten of
    any suits, ``x`` any card; ``ds``/``ss``/``r`` keep the double-suited,
    single-suited or rainbow hands.

    >>> len(pattern_hands("AAxx")), len(pattern_hands("AAxx", "ds")), len(pattern_hands("KQJT", "r"))
    (6961, 864, 24)
    """
    from itertools import combinations, product

    wanted: dict[int, int] = {}
    for ch in ranks.upper():
        if ch != "X":
            r = _rank(ch)
            wanted[r] = wanted.get(r, 0) + 1
    if any(n > 4 for n in wanted.values()):
        return []
    free = len(ranks) - sum(wanted.values())
    fixed_choices = [list(combinations([13 * g + r for g in range(4)], n)) for r, n in sorted(wanted.items())]
    candidates = math.prod(len(f) for f in fixed_choices) * math.comb(52 - (len(ranks) - free), free)
    if candidates > PATTERN_MAX:
        raise PokerError(f"rank pattern {shown(ranks + (qualifier or ''))} stands for more than "
                         f"{PATTERN_MAX:,} hands; name more ranks, or use 'random'")
    out = set()
    for chosen in product(*fixed_choices):
        cards = [c for group in chosen for c in group]
        rest = [c for c in range(52) if c not in cards]
        for extra in combinations(rest, free):
            hand = tuple(sorted(cards + list(extra)))
            if hand not in out and _suits_fit(hand, qualifier):
                out.add(hand)
    return sorted(out)


def parse_hand_list(text: str, hole: int) -> list[tuple[tuple[int, ...], float]]:
    """Hands of ``hole`` cards each, with weights: ``"AsAhKsKh, QdQcJdJc:0.5"``
    (a comma between hands; ``:w`` weights a hand, as in a range), and rank
    patterns (``AAxx``, ``KQJTds``, ``AKxxx``: :func:`pattern_hands`). The
    range form of the Omaha games; a later part's weight replaces an earlier one's.

    >>> parse_hand_list("AsAhKsKh, QdQcJdJc:0.5", 4)[1][1]
    0.5
    """
    out: dict[tuple[int, ...], float] = {}
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        raise PokerError("empty range", "text")
    for part in parts:
        body, weight = _weighted(part)
        pattern = _PATTERN.fullmatch(body.strip())
        if pattern and len(pattern.group(1)) == hole:
            hands = pattern_hands(pattern.group(1), pattern.group(2))
            if not hands:
                raise PokerError(f"range part {shown(part)} matches no hand")
            for hand in hands:
                out[hand] = weight
            continue
        if pattern:
            raise PokerError(f"range part {shown(part)} has {len(pattern.group(1))} ranks; a hand of "
                             f"this game has {hole} cards (AAxx, KQJT, with ds, ss or r)")
        cards = C.parse(body, what=f"range part {shown(part)}")
        if len(cards) != hole:
            raise PokerError(f"range part {shown(part)} has {card_count(len(cards))}; a hand of this "
                             f"game has {hole} (a range is a comma list of hands, or 'random')")
        out[tuple(sorted(int(c) for c in cards))] = weight
    return list(out.items())


def class_name(combo: Combo) -> str:
    """Starting-hand class of a combo: 'AA', 'AKs', 'AKo'."""
    a, b = combo
    ra, rb = C.card_rank(a), C.card_rank(b)
    hi, lo = max(ra, rb), min(ra, rb)
    if hi == lo:
        return _RANKS[hi] * 2
    return _RANKS[hi] + _RANKS[lo] + ("s" if C.card_suit(a) == C.card_suit(b) else "o")


def grid(combos: Sequence[tuple[Combo, float]]) -> list[list[tuple[int, int, float]]]:
    """13x13 grid (row/col A..2): per cell (combos present, combos possible, mean weight).

    Pairs on the diagonal, suited above it (row = top card), offsuit below.
    """
    cells: dict[tuple[int, int], list[float]] = {}
    for (a, b), w in combos:
        ra, rb = C.card_rank(a), C.card_rank(b)
        hi, lo = max(ra, rb), min(ra, rb)
        suited = C.card_suit(a) == C.card_suit(b)
        row, col = (12 - hi, 12 - lo) if suited or hi == lo else (12 - lo, 12 - hi)
        cells.setdefault((row, col), []).append(w)
    out = []
    for row in range(13):
        line = []
        for col in range(13):
            possible = 6 if row == col else (4 if col > row else 12)
            ws = cells.get((row, col), [])
            line.append((len(ws), possible, sum(ws) / len(ws) if ws else 0.0))
        out.append(line)
    return out


def grid_label(row: int, col: int) -> str:
    hi, lo = 12 - min(row, col), 12 - max(row, col)
    if row == col:
        return _RANKS[hi] * 2
    return _RANKS[hi] + _RANKS[lo] + ("s" if col > row else "o")


RANK_CHARS_DESC = _RANKS[::-1]


def starting_classes() -> list[str]:
    """The 169 starting-hand classes in grid order: AA, AKs, AQs, ..., 32o, 22."""
    return [grid_label(r, c) for r in range(13) for c in range(13)]


def class_representative(name: str) -> list[int]:
    """A representative hand of a class: AA -> As Ah, AKs -> As Ks, AKo -> As Kh."""
    m = _PART.match(name)
    if not m or m.group(4):
        raise PokerError(f"{shown(name)} is not a starting-hand class (AA, AKs, AKo)")
    hi, lo = _rank(m.group(1)), _rank(m.group(2))
    hi, lo = max(hi, lo), min(hi, lo)
    kind = m.group(3).lower()
    if hi == lo:
        return [C.card_id(hi, "s"), C.card_id(hi, "h")]
    if kind == "s":
        return [C.card_id(hi, "s"), C.card_id(lo, "s")]
    if kind == "o":
        return [C.card_id(hi, "s"), C.card_id(lo, "h")]
    raise PokerError(f"{shown(name)} is not a starting-hand class: say {name}s or {name}o")
