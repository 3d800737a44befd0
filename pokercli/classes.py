"""Hold'em's 169 starting-hand classes by name (``AA``, ``AKs``, ``T9o``): the
grid order, a class as players write it, and the classes a range touches.

>>> classes()[:3], parse_class("ak s"), classes_of_range("QQ+,AKs")
(['AA', 'AKs', 'AQs'], 'AKs', ['AA', 'AKs', 'KK', 'QQ'])
"""

from __future__ import annotations

from functools import lru_cache

from pokercli import ranges as RG
from pokercli.errors import PokerError, shown


@lru_cache(maxsize=1)
def classes() -> list[str]:
    """The 169 classes in grid order (AA, AKs, ..., 22)."""
    return RG.starting_classes()


@lru_cache(maxsize=1)
def class_index() -> dict[str, int]:
    """Each class's place in :func:`classes`."""
    return {name: i for i, name in enumerate(classes())}


def parse_class(text: str) -> str:
    """A class name as players write it: ``AKs``, ``ak s``, ``T9o``, ``22``."""
    if not isinstance(text, str):
        raise PokerError(f"hand must be a starting-hand class (text such as AKs), not {shown(text)}", "hand")
    t = text.strip().replace(" ", "")
    name = t[:2].upper() + t[2:].lower()
    if name in class_index():
        return name
    if len(name) == 2 and name[0] != name[1] and name[0] in "AKQJT98765432" and name[1] in "AKQJT98765432":
        raise PokerError(f"hand {shown(text)} is not one class: say {name}s (suited) or {name}o "
                         "(offsuit)", "hand")
    raise PokerError(f"hand {shown(text)} is not a starting-hand class (examples: AA, AKs, T9o)", "hand")


def classes_of_range(text: str) -> list[str]:
    """The classes touched by a range, in grid order (``QQ+,AKs`` -> AA, AKs, KK, QQ)."""
    touched = {RG.class_name(combo) for combo, _ in RG.parse_range(text)}
    return [c for c in classes() if c in touched]


def range_text(weights: dict[str, float]) -> str:
    """A range of whole classes written short, as players write it: pairs, then
    suited and offsuit hands by their top card, runs of one weight joined
    (``22+``, ``TT-55``, ``A2s+``, ``K9s-K6s``), a weight other than 1 after a
    colon. Classes of weight 0 (or absent) are out.

    >>> range_text({"AA": 1, "KK": 1, "QQ": 1, "AKs": 1, "AQs": 1, "AKo": 0.5})
    'QQ+,AQs+,AKo:0.5'
    """
    ranks = RG.RANK_CHARS_DESC  # A, K, ..., 2
    parts: list[str] = []

    def runs(names: list[str]) -> None:
        """Runs of equal weight in ``names`` (best first, all of one kind)."""
        i = 0
        while i < len(names):
            w = weights.get(names[i], 0.0)
            j = i
            while j + 1 < len(names) and weights.get(names[j + 1], 0.0) == w:
                j += 1
            if w > 0:
                if i == j:
                    part = names[i]
                elif i == 0:
                    part = names[j] + "+"
                else:
                    part = f"{names[i]}-{names[j]}"
                parts.append(part if w == 1 else f"{part}:{w:.6g}")
            i = j + 1

    runs([r + r for r in ranks])
    for kind in "so":
        for h, high in enumerate(ranks[:-1]):
            runs([high + low + kind for low in ranks[h + 1:]])
    return ",".join(parts)
