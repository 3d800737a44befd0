"""Ranges to and from other tools' formats: PioSOLVER's weighted text, its
1,326-number weight vector, and the bracket blocks of GTO+, Flopzilla and
Equilab.

* ``pio``: comma-separated classes and combos, each with an optional
  ``:weight`` from 0 to 1 (``AA,KK:0.5,AhKh:0.25``). pokercli's own range
  language reads it as it is; written out (in grid order: AA, AKs, AQs …,
  row by row), a class whose combos all share one weight is one part
  (``AKs:0.5``), any other combo a part of its own, named higher card first.
* ``weights``: 1,326 numbers, one per combo in PioSOLVER's hand order (its
  ``show_hand_order``): cards ranked 2c 2d 2h 2s 3c … As, and the combos
  ``(i, j)`` for ``i`` from the second card on and ``j`` below it, named higher
  card first: ``2d2c 2h2c 2h2d 2s2c 2s2d 2s2h 3c2c …``.
* ``brackets``: parts of one weight as a block with the weight in percent,
  ``[75]AKo,KQo[/75],AA`` (weight 1 without a block).

Pio and bracket weights are frequencies, at most 1: a range with heavier
weights is refused for them (``weights`` likewise).

>>> from pokercli.ranges import parse_range
>>> to_pio(parse_range("QQ+,AKs:0.5,AhKd:0.25"))
'AA,AKs:0.5,AhKd:0.25,KK,QQ'
>>> to_brackets(parse_range("QQ+,AKs:0.5"))
'AA,[50]AKs[/50],KK,QQ'
>>> hand_order()[:4]
['2d2c', '2h2c', '2h2d', '2s2c']
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from pokercli import cards as C
from pokercli.errors import PokerError, shown

#: The formats of :func:`write` and :func:`read`.
FORMATS = ("pio", "weights", "brackets")
#: PioSOLVER's suit order inside a rank.
_PIO_SUITS = "cdhs"


def _pio_index(card: int) -> int:
    """PioSOLVER's index of a card id (2c = 0, 2d = 1 … As = 51)."""
    return 4 * C.card_rank(card) + _PIO_SUITS.index(C.card_suit(card))


def _pio_card(index: int) -> int:
    """The card id of PioSOLVER's card ``index`` (2c = 0, 2d = 1 … As = 51)."""
    return C.card_id(index // 4, _PIO_SUITS[index % 4])


@lru_cache(maxsize=1)
def _order() -> tuple[tuple[int, int], ...]:
    """The 1,326 combos in PioSOLVER's order, each as (higher card id, lower), Pio's ranking."""
    return tuple((_pio_card(i), _pio_card(j)) for i in range(52) for j in range(i))


def hand_order() -> list[str]:
    """PioSOLVER's 1,326 hand names in its order (``2d2c``, ``2h2c`` …)."""
    return [C.card_name(a) + C.card_name(b) for a, b in _order()]


def _checked(r, fmt: str):
    heavy = [w for _, w in r if w > 1]
    if heavy:
        raise PokerError(f"text: {fmt} weights are frequencies from 0 to 1, and this range has a weight of "
                         f"{max(heavy):g}", "text")
    return r


def _weight(w: float) -> str:
    return f"{w:.10g}"


def _groups(r) -> list[tuple[str, float]]:
    """The range as (part, weight): a whole class of one weight as its name, every
    other combo alone, in grid order (classes from AA down, combos as Pio names them)."""
    from pokercli.ranges import class_combos_of, class_name, starting_classes

    weights = {tuple(sorted(combo)): w for combo, w in r}
    by_class: dict[str, list] = {}
    for combo in weights:
        by_class.setdefault(class_name(combo), []).append(combo)
    out = []
    for name in starting_classes():
        members = by_class.get(name)
        if not members:
            continue
        whole = {tuple(sorted(c)) for c in class_combos_of(name)}
        if set(members) == whole and len({weights[c] for c in members}) == 1:
            out.append((name, weights[members[0]]))
            continue
        named = [(sorted(combo, key=_pio_index, reverse=True), weights[combo]) for combo in members]
        for (hi, lo), w in sorted(named, key=lambda x: (-_pio_index(x[0][0]), -_pio_index(x[0][1]))):
            out.append((C.card_name(hi) + C.card_name(lo), w))
    return out


def to_pio(r) -> str:
    """The range in PioSOLVER's text: ``AA,KK:0.5,AhKd:0.25``."""
    _checked(r, "Pio")
    return ",".join(part if w == 1 else f"{part}:{_weight(w)}" for part, w in _groups(r))


def to_brackets(r) -> str:
    """The range in bracket blocks (GTO+, Flopzilla, Equilab): ``[50]AKs,AQs[/50],AA``."""
    _checked(r, "bracket")
    out, block, block_weight = [], [], None

    def close():
        if block:
            pct = _weight(100 * block_weight)
            out.append(f"[{pct}]{','.join(block)}[/{pct}]")
            block.clear()

    for part, w in _groups(r):
        if w == 1:
            close()
            out.append(part)
        else:
            if w != block_weight:
                close()
                block_weight = w
            block.append(part)
    close()
    return ",".join(out)


def to_weights(r) -> list[float]:
    """The range as PioSOLVER's 1,326 weights, in :func:`hand_order`."""
    _checked(r, "Pio")
    weights = {tuple(sorted(combo)): w for combo, w in r}
    return [weights.get(tuple(sorted(pair)), 0.0) for pair in _order()]


_BLOCK = re.compile(r"\[\s*([0-9.eE+-]+)\s*\](.*?)\[\s*/\s*([0-9.eE+-]+)\s*\]", re.S)


def brackets_as_text(text: str) -> str:
    """Bracket blocks as pokercli's range text: ``[75]AKo,KQo[/75]`` -> ``AKo:0.75,KQo:0.75``."""
    def block(m: re.Match) -> str:
        if m.group(1) != m.group(3):
            raise PokerError(f"text: the block {shown(m.group(0))} opens with {m.group(1)} and closes "
                             f"with {m.group(3)}", "text")
        try:
            weight = float(m.group(1)) / 100
        except ValueError:
            raise PokerError(f"text: {shown(m.group(1))} is not a percentage", "text") from None
        parts = [p.strip() for p in m.group(2).split(",") if p.strip()]
        return ",".join(f"{p}:{_weight(weight)}" for p in parts)

    out = _BLOCK.sub(block, text)
    if "[" in out or "]" in out:
        raise PokerError(f"text: an unclosed bracket block in {shown(text)}", "text")
    return out


def weights_as_text(values: Sequence[float]) -> str:
    """PioSOLVER's 1,326 weights as pokercli's range text (combos of weight 0 left out)."""
    if len(values) != 1326:
        raise PokerError(f"text: a weight vector has 1326 numbers, one per combo, not {len(values)}", "text")
    parts = []
    for (a, b), w in zip(_order(), values):
        if not 0 <= w <= 1:
            raise PokerError(f"text: weight {w!r} of {C.card_name(a)}{C.card_name(b)} is not from 0 to 1",
                             "text")
        if w > 0:
            parts.append(C.card_name(a) + C.card_name(b) + ("" if w == 1 else f":{_weight(w)}"))
    if not parts:
        raise PokerError("text: every weight is 0: the range is empty", "text")
    return ",".join(parts)


def read(text: str, fmt: str):
    """A :class:`pokercli.Range` from text in ``fmt`` (:data:`FORMATS`)."""
    from pokercli.ranges import parse_range

    if fmt not in FORMATS:
        raise PokerError(f"fmt must be one of {', '.join(map(repr, FORMATS))}, not {shown(fmt)}", "fmt")
    if fmt == "weights":
        try:
            values = [float(v) for v in re.split(r"[\s,]+", text.strip()) if v]
        except ValueError:
            raise PokerError("text: a weight vector is 1326 numbers separated by spaces or commas",
                             "text") from None
        return parse_range(weights_as_text(values))
    if fmt == "brackets":
        return parse_range(brackets_as_text(text))
    return parse_range(text)


def write(r, fmt: str) -> str:
    """The range ``r`` as text in ``fmt`` (:data:`FORMATS`); weights as one line of 1,326 numbers."""
    if fmt == "pio":
        return to_pio(r)
    if fmt == "brackets":
        return to_brackets(r)
    if fmt == "weights":
        return " ".join(_weight(w) for w in to_weights(r))
    raise PokerError(f"fmt must be one of {', '.join(map(repr, FORMATS))}, not {shown(fmt)}", "fmt")
