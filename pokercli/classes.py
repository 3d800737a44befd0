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
