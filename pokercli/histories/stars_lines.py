"""The lines of a PokerStars text hand history: the patterns both PokerStars
readers match (:mod:`pokercli.histories.stars`, the reference, and
:mod:`pokercli.histories.stars_fast`, the one-pass reader), the games a
header names, and the amounts as written."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Optional

HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(\d+):\s*(.*)$")
GAMES = [  # (pattern in the header, PHH-style variant code, hole cards)
    (r"5 Card Omaha Hi/Lo Pot Limit", "PO5/8", 5), (r"5 Card Omaha Pot Limit", "PO5", 5),
    (r"Omaha Hi/Lo Pot Limit", "PO/8", 4), (r"Omaha Hi/Lo Limit", "FO/8", 4),
    (r"Omaha Pot Limit", "PO", 4), (r"Omaha No Limit", "NO", 4), (r"Omaha Limit", "FO", 4),
    (r"Hold'em No Limit", "NT", 2), (r"Hold'em Pot Limit", "PT", 2), (r"Hold'em Limit", "FT", 2),
    (r"7 Card Stud Hi/Lo Limit", "F7S/8", 7), (r"7 Card Stud Limit", "F7S", 7), (r"Razz Limit", "FR", 7),
    (r"Triple Draw 2-7 Lowball Limit", "F2L3D", 5), (r"Single Draw 2-7 Lowball No Limit", "N2L1D", 5),
    (r"Badugi Limit", "FB", 4),
]
BRACKETS = re.compile(r"\[([^\]]*)\]")
AMOUNT = r"[$€£]?([0-9][0-9,]*(?:\.[0-9]+)?)"
SEAT = re.compile(r"^Seat (\d+): (.+?) \(" + AMOUNT + r" in chips(?:, [^)]*)?\)(.*)$")
BUTTON = re.compile(r"Seat #(\d+) is the button")
STREET = re.compile(r"^\*\*\* (?:(FIRST|SECOND) )?(FLOP|TURN|RIVER) \*\*\*(.*)$")
TOTAL = re.compile(r"^Total pot " + AMOUNT + r".*\| Rake " + AMOUNT)
SHOWED = re.compile(r"^Seat \d+: (.+?)(?: \((?:button|small blind|big blind)\))* (?:showed|mucked) \[([^\]]*)\]")
DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]")
COLLECTED = re.compile(r"^(.+?) collected " + AMOUNT + r" from ")
UNCALLED = re.compile(r"^Uncalled bet \(" + AMOUNT + r"\) returned to (.+)$")
TAIL_AMOUNT = re.compile(AMOUNT + "$")
BET_TO = re.compile(r"(?:bets|to) " + AMOUNT + "$")


def starts_hand(line: str) -> bool:
    """Whether a line is a PokerStars hand's first line."""
    return HEADER.match(line.rstrip()) is not None


@lru_cache(maxsize=4096)
def money(text: str) -> Fraction:
    """An amount as written (``1,000.50``): an exact fraction (kept: amounts repeat)."""
    return Fraction(text.replace(",", ""))


def stakes(header: str) -> tuple[Optional[Fraction], Optional[Fraction]]:
    """The two amounts of the header's stakes (``($0.05/$0.10 USD)``, ``(50/100)``,
    ``(7 Card Stud Hi/Lo Limit, $400/$800 USD)``): the blinds, or a limit game's
    small and big bets."""
    m = re.search(r"\((?:[^()]*, )?" + AMOUNT + "/" + AMOUNT, header)
    return (money(m.group(1)), money(m.group(2))) if m else (None, None)
