"""One hand's full verdict, from the slow reference (light: no NumPy, no Numba).

One-hand commands use this; the tests prove the reference identical to the
kernels on every five-card hand and on random 6- and 7-card hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pokercli import reference as R
from pokercli.errors import InputError


@dataclass(frozen=True)
class HandValue:
    """Everything the evaluator says about one hand."""

    cards: tuple[int, ...]
    score: int
    hand_class: int
    type: str
    best_five: tuple[int, ...]
    description: str

    @property
    def primary(self) -> int:
        return (self.score >> 13) & 0x1FFF

    @property
    def secondary(self) -> int:
        return self.score & 0x1FFF


def value_of(cards: Sequence[int]) -> HandValue:
    """Full verdict on one hand of 5-7 card ids (the reference, so no Numba import)."""
    if not 5 <= len(cards) <= 7:
        raise InputError(f"a hand has 5 to 7 cards, not {len(cards)}")
    ref_score, five = R.best_five(cards)
    return HandValue(tuple(cards), ref_score, R.hand_class(ref_score), R.type_name(ref_score),
                     tuple(sorted(five, key=lambda c: (-(c % 13), c))), R.describe(ref_score))


