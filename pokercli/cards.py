"""Cards: parsing, canonical names and every representation of SPEC §1–2.

Pure Python on purpose: ``--help``, ``encode`` and ``deal`` import this module
and must stay light (no NumPy, no Numba).

A card is identified everywhere by its **card id**, the position of its bit in
the seed's 52-bit card set (SPEC §2a)::

    card id = 13 * group + rank
    group:  0 = hearts, 1 = spades, 2 = clubs, 3 = diamonds
    rank:   0 = '2', 1 = '3', ..., 8 = 'T', ..., 12 = 'A'

so a set of cards is ``sum(1 << card_id)`` and ``As`` is ``1 << 25``.
:class:`Card` is that integer with a name.

>>> parse_cards("TH AH QS 9D JD") == parse_cards("Th,Ah,Qs,9d,Jd")
True
>>> card_mask(parse_cards("TH AH QS 9D JD"))
351843729281280
>>> format_cards(parse_cards("10♡ A♠"))
'Th As'
>>> parse_cards("As Kd")
(Card('As'), Card('Kd'))
"""

from __future__ import annotations

import operator
import re
from typing import Iterable, Sequence

from pokercli.errors import DuplicateCard, PokerError, shown, card_count

RANK_CHARS = "23456789TJQKA"
#: Suit letters in the order of the 52-bit groups, least significant first.
GROUP_SUITS = "hscd"
#: Unicode symbols of the suits, by letter.
SUIT_SYMBOLS = {"s": "♠", "h": "♡", "d": "♢", "c": "♣"}

_SUIT_ALIASES = {
    "s": "s", "♠": "s", "♤": "s",
    "h": "h", "♡": "h", "♥": "h",
    "d": "d", "♢": "d", "♦": "d",
    "c": "c", "♣": "c", "♧": "c",
}
_RANK_ALIASES = {c: i for i, c in enumerate(RANK_CHARS)} | {"10": 8}
#: re.ASCII: only ASCII letters match their other case (without it the long s
#: "ſ" matches "s" and the Kelvin sign "K" matches "k", and the alias lookup fails).
_CARD_RE = re.compile(r"(10|[2-9tjqka])([shdc♠♤♡♥♢♦♣♧])", re.IGNORECASE | re.ASCII)
_SEPARATORS = re.compile(r"[\s,]+")

RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings", "aces")

#: Cactus Kev suit order of seed 000: ♠ ♡ ♢ ♣ -> 0 1 2 3.
_CK_SUIT = {"s": 0, "h": 1, "d": 2, "c": 3}
_CK_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
#: Deck index of seed 003: aces first, suits s h d c inside a rank.
_DECK_SUIT = {"s": 0, "h": 1, "d": 2, "c": 3}
#: Hearts order of seed 002: suits C D S H, each 2..A.
_HEARTS_SUIT = {"c": 0, "d": 1, "s": 2, "h": 3}
#: Rows of the 4x13 matrix (seed 004, Big Two suit order ♦ ♣ ♡ ♠).
MATRIX_SUITS = "dchs"

FULL_DECK_MASK = (1 << 52) - 1


class Card(int):
    """One card: its card id (an ``int``, so arrays and kernels take it as it
    is) with a name. ``Card('As')`` or ``Card(25)``.

    >>> Card("As"), int(Card("As")), Card(25).rank, Card(25).suit
    (Card('As'), 25, 12, 's')
    """

    __slots__ = ()

    def __new__(cls, card: "int | str"):
        if isinstance(card, str):
            (card,) = parse(card, count=1, what="card")
        try:
            cid = operator.index(card) if not isinstance(card, bool) else -1
        except TypeError:
            cid = -1
        if not 0 <= cid < 52:
            raise PokerError(f"card must be a card id 0..51 or a name like 'As', not {shown(card)}",
                             "card")
        return super().__new__(cls, cid)

    @property
    def rank(self) -> int:
        """0 = '2' .. 12 = 'A'."""
        return self % 13

    @property
    def suit(self) -> str:
        """The suit letter: s, h, d or c."""
        return GROUP_SUITS[self // 13]

    @property
    def name(self) -> str:
        return card_name(self)

    def __str__(self) -> str:
        return card_name(self)

    def __repr__(self) -> str:
        return f"Card({card_name(self)!r})"


def card_id(rank: int, suit: str) -> int:
    """Card id of ``rank`` (0 = '2' .. 12 = 'A') and suit letter ``s h d c``."""
    return 13 * GROUP_SUITS.index(suit) + rank


def card_rank(cid: int) -> int:
    return cid % 13


def card_suit(cid: int) -> str:
    return GROUP_SUITS[cid // 13]


def card_name(cid: int, unicode: bool = False) -> str:
    """Canonical name: ``As``, ``Th``; with ``unicode`` ``A♠``, ``T♡``."""
    suit = card_suit(cid)
    return RANK_CHARS[card_rank(cid)] + (SUIT_SYMBOLS[suit] if unicode else suit)


def format_cards(cards: Iterable[int], unicode: bool = False) -> str:
    return " ".join(card_name(c, unicode) for c in cards)


def _parse_chunk(chunk: str, what: str = "cards") -> list[int]:
    param = what.split()[0]
    out = []
    pos = 0
    text = chunk.replace("\ufe0f", "")
    while pos < len(text):
        m = _CARD_RE.match(text, pos)
        if m is None:
            raise PokerError(f"{what}: unknown card {shown(chunk)}: expected rank 2-9/T/10/J/Q/K/A "
                             "followed by suit s/h/d/c or ♠/♡/♢/♣", param)
        out.append(card_id(_RANK_ALIASES[m.group(1).upper()], _SUIT_ALIASES[m.group(2).lower()]))
        pos = m.end()
    return out


def _spellings() -> dict[str, int]:
    """Every way one card may be written as a token of its own (``As``, ``aS``,
    ``10♠``): the card id of each."""
    out = {}
    for rank_text, rank in _RANK_ALIASES.items():
        for suit_text, suit in _SUIT_ALIASES.items():
            for r in {rank_text, rank_text.lower()}:
                for s in {suit_text, suit_text.upper()}:
                    out[r + s] = card_id(rank, suit)
    return out


#: Every spelling of one card as a token of its own -> its card id (a dict read a card).
SPELLINGS = _spellings()


def quick_parse(text: str) -> list[int] | None:
    """The card ids of a text of cards separated by spaces or commas, one dict
    read per card (a batch's fast path); None when a token is anything else
    (run-together cards, a typo) or there is no card, for :func:`parse` to read
    and name."""
    out = []
    for token in text.replace(",", " ").split():
        cid = SPELLINGS.get(token)
        if cid is None:
            return None
        out.append(cid)
    return out or None


def parse(text: str | Sequence[str], count: int | Sequence[int] | None = None,
          what: str = "cards", allow_empty: bool = False) -> list[Card]:
    """Parse card text (SPEC §1) into cards, in the order given.

    ``text`` may be one string or several (command-line words). ``count`` is an
    exact number of cards or a collection of allowed numbers. Duplicates, unknown
    tokens and a wrong count raise :class:`PokerError` naming the problem and
    ``what`` (the parameter: ``board``, ``hand 2``). With ``allow_empty`` an
    empty (or blank) text gives no cards; a text of separators alone
    (``",,,"``) is still an error.
    """
    if not isinstance(text, str):
        text = " ".join(text)
    quick = quick_parse(text)  # every token one card: the common case, one dict read a card
    if quick is not None and len(set(quick)) == len(quick) and (
            count is None or len(quick) in ((count,) if isinstance(count, int) else tuple(count))):
        return [int.__new__(Card, cid) for cid in quick]
    param = what.split()[0]
    cards: list[Card] = []
    seen: set[int] = set()
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        for cid in _parse_chunk(chunk, what):
            if cid in seen:
                raise DuplicateCard(f"duplicate card {card_name(cid)!r} in {what}", param)
            seen.add(cid)
            cards.append(int.__new__(Card, cid))
    if not cards and (not allow_empty or text.strip()):
        # an empty text may mean "none"; separators alone (",,,") are a mistake
        raise PokerError(f"no {what} given" if not text.strip() else
                         f"{what} {shown(text.strip())} has no cards", param)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in allowed:
            want = " or ".join(str(a) for a in allowed)
            raise PokerError(f"{what} {shown(text.strip())} has {card_count(len(cards))}, expected {want}", param)
    return cards


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from text in any notation of SPEC §1: ``As``, ``AS``, ``10s``,
    ``A♠``, separated by spaces or commas or run together.

    >>> parse_cards("AhKh5c")
    (Card('Ah'), Card('Kh'), Card('5c'))
    """
    if not isinstance(text, str):
        raise PokerError(f"text must be a string of cards, not {type(text).__name__}", "text")
    return tuple(parse(text, what="text", allow_empty=True))


def as_cards(value, what: str, count: int | Sequence[int] | None = None) -> list[Card]:
    """Cards given to the API as text or as a sequence of cards (card ids or
    names); ``what`` names the parameter in messages."""
    if value is None:
        value = ""
    if isinstance(value, str):
        return parse(value, count=count, what=what, allow_empty=True)
    try:
        items = list(value)
    except TypeError:
        raise PokerError(f"{what} must be cards: text like 'As Kd' or a sequence of cards, "
                         f"not {type(value).__name__}", what.split()[0]) from None
    cards = []
    for item in items:
        try:
            cards.append(Card(item) if not isinstance(item, Card) else item)
        except PokerError:
            raise PokerError(f"{what}: {shown(item)} is not a card", what.split()[0]) from None
    return parse(" ".join(c.name for c in cards), count=count, what=what, allow_empty=True)


def check_disjoint(groups: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Raise if a card appears in two of the named groups (hands, board, dead)."""
    owner: dict[int, str] = {}
    for name, cards in groups:
        for c in cards:
            if c in owner:
                raise PokerError(f"card {card_name(c)!r} appears in both {owner[c]} and {name}",
                                 name.split()[0])
            owner[c] = name


# --- representations (SPEC §2) ------------------------------------------------

def card_mask(cards: Iterable[int]) -> int:
    """52-bit card set (seed 001): the OR of ``1 << card_id``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def mask_cards(mask: int, param: str = "mask") -> list[int]:
    """Card ids of a 52-bit set, lowest bit first; ``param`` names the input in an error."""
    if mask < 0 or mask > FULL_DECK_MASK:
        raise PokerError(f"{param} {mask} is not a 52-bit card set (0 .. {FULL_DECK_MASK})", param)
    return [i for i in range(52) if mask >> i & 1]


def suit_groups(mask: int) -> dict[str, int]:
    """The four 13-bit rank sets of a card set, keyed as the seed prints them."""
    groups = {s.upper(): (mask >> (13 * g)) & 0x1FFF for g, s in enumerate(GROUP_SUITS)}
    return {k: groups[k] for k in "CDHS"}


def rank_set_names(ranks: int) -> list[str]:
    """Rank letters of a 13-bit rank set, low to high (``640`` -> ``['9', 'J']``)."""
    return [RANK_CHARS[r] for r in range(13) if ranks >> r & 1]


def ck32(cid: int) -> int:
    """32-bit "Cactus Kev" card word of seed 000 (``xxxAKQJT98765432♣♢♡♠RRRRxxPPPPPP``)."""
    rank, suit = card_rank(cid), card_suit(cid)
    return (1 << (16 + rank)) | (1 << (12 + _CK_SUIT[suit])) | (rank << 8) | _CK_PRIMES[rank]


def ck32_fields(word: int) -> dict[str, int]:
    """Split a 32-bit card word into its four fields."""
    return {"rank_bits": (word >> 16) & 0x1FFF, "suit_bits": (word >> 12) & 0xF,
            "rank": (word >> 8) & 0xF, "prime": word & 0x3F}


def card_from_ck32(word: int, param: str = "word") -> int:
    """Card id of a well-formed 32-bit card word; :class:`PokerError` (naming ``param``) otherwise."""
    if word < 0 or word >= 1 << 32:
        raise PokerError(f"{param} {word} is not a 32-bit card word", param)
    f = ck32_fields(word)
    for cid in range(52):
        if ck32(cid) == word:
            return cid
    raise PokerError(f"{param} {word} is not a valid card word (fields {f})", param)


def deck_index(cid: int) -> int:
    """Deck index 0-51 of seed 003: As=0, Ah=1, Ad=2, Ac=3, Ks=4, ..., 2c=51."""
    return (12 - card_rank(cid)) * 4 + _DECK_SUIT[card_suit(cid)]


def hearts_index(cid: int) -> int:
    """Hearts order of seed 002: 2C=0 .. AC=12, 2D=13 .. AH=51."""
    return _HEARTS_SUIT[card_suit(cid)] * 13 + card_rank(cid)


def card_from_hearts_index(index: int) -> int:
    return card_id(index % 13, "cdsh"[index // 13])


def matrix(cards: Iterable[int]) -> list[list[int]]:
    """4x13 matrix of seed 004: rows suits ♦ ♣ ♡ ♠, columns ranks 2..A."""
    grid = [[0] * 13 for _ in range(4)]
    for c in cards:
        grid[MATRIX_SUITS.index(card_suit(c))][card_rank(c)] = 1
    return grid

