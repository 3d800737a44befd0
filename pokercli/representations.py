"""``encode``: one set of cards in every representation of SPEC §2.

Pure Python: no NumPy, no Numba. The views are in :mod:`pokercli.render.encode`.

>>> encode("TH AH QS 9D JD").mask52
351843729281280
>>> encode(640, kind="ranks").names
('9', 'J')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union

from pokercli import cards as C
from pokercli.errors import PokerError, shown

#: The seed's layout of a 32-bit card word, most significant bit first.
CK32_LAYOUT = "xxxAKQJT98765432♣♢♡♠RRRRxxPPPPPP"
#: The fields of ``CK32_LAYOUT``: (name, first position, width).
CK32_FIELDS = (("unused", 0, 3), ("rank bit", 3, 13), ("suit bit", 16, 4), ("rank", 20, 4),
               ("unused", 24, 2), ("prime", 26, 6))
#: Rank letters over the bits of a 13-bit rank set, most significant first.
RANK_HEADER = "AKQJT98765432"

Kind = Literal["mask52", "ck32", "ranks"]


@dataclass(frozen=True)
class CardEncoding:
    """A set of cards in every representation: the 52-bit set, its suit groups,
    each card's 32-bit word, deck and Hearts indices, and the 4x13 matrix."""

    cards: tuple[C.Card, ...]

    @property
    def mask52(self) -> int:
        return C.card_mask(self.cards)

    def to_dict(self) -> dict[str, Any]:
        """The ``encode --json`` document."""
        mask = self.mask52
        groups = C.suit_groups(mask)
        per_card = []
        for card in self.cards:
            word = C.ck32(card)
            per_card.append({"card": card.name, "ck32": word, "ck32_binary": format(word, "032b"),
                             "ck32_fields": C.ck32_fields(word), "deck_index": C.deck_index(card),
                             "hearts_index": C.hearts_index(card)})
        return {
            "cards": [c.name for c in self.cards],
            "mask52": mask,
            "mask52_binary": format(mask, "052b"),
            "suit_groups": groups,
            "suit_group_ranks": {k: C.rank_set_names(v) for k, v in groups.items()},
            "per_card": per_card,
            "matrix_rows": list(C.MATRIX_SUITS),
            "matrix_columns": list(C.RANK_CHARS),
            "matrix": C.matrix(self.cards),
        }


@dataclass(frozen=True)
class RankSetEncoding:
    """A 13-bit rank set (bit 0 is the 2, bit 12 the ace)."""

    ranks: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(C.rank_set_names(self.ranks))

    def to_dict(self) -> dict[str, Any]:
        return {"ranks": self.ranks, "binary": format(self.ranks, "013b"), "names": list(self.names)}


def _integer(value) -> int | None:
    """An integer given as a number or as text (decimal, ``0x``, ``0b``), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = value.strip().replace("_", "")
    if text.lstrip("-").isdigit() or text.lower().startswith(("0x", "0b", "-0x", "-0b")):
        try:
            return int(text, 0)
        except ValueError:
            raise PokerError(f"value {shown(value)} is not an integer", "value") from None
    return None


def encode(value: Union[str, int, C.Card, list], kind: Kind = "mask52"
           ) -> Union[CardEncoding, RankSetEncoding]:
    """Cards (text or a sequence of cards) in every representation, or an integer
    read as ``kind``: a 52-bit card set (``mask52``), a 32-bit card word
    (``ck32``) or a 13-bit rank set (``ranks``).

    >>> [c.name for c in encode(268442665, kind="ck32").cards]
    ['As']
    """
    if kind not in ("mask52", "ck32", "ranks"):
        raise PokerError(f"kind must be 'mask52', 'ck32' or 'ranks', not {shown(kind)}", "kind")
    number = _integer(value) if isinstance(value, (str, int)) and not isinstance(value, C.Card) else None
    if number is None:
        return CardEncoding(tuple(C.as_cards(value, "value")))
    if kind == "ranks":
        if not 0 <= number < 1 << 13:
            raise PokerError(f"value {number} is not a 13-bit rank set (0 .. 8191)", "value")
        return RankSetEncoding(number)
    if kind == "ck32":
        return CardEncoding((C.Card(C.card_from_ck32(number, "value")),))
    return CardEncoding(tuple(C.Card(c) for c in C.mask_cards(number, "value")))
