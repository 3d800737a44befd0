"""Every Unicode code point through the card and range parsers: each text is
parsed or refused with PokerError, never another exception (the long s "ſ"
and the Kelvin sign "K" once matched "s" and "k" case-insensitively and then
failed the alias lookup with KeyError)."""

from __future__ import annotations

import pytest

from pokercli import cards as C
from pokercli import ranges as RG
from pokercli.errors import PokerError


def _every_character():
    return (chr(cp) for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF)


def _answer(parse, text):
    try:
        return parse(text)
    except PokerError:
        return None


def test_every_code_point_as_a_rank_or_suit_parses_or_is_refused():
    accepted = set()
    for ch in _every_character():
        for text in ("A" + ch, ch + "s"):
            if _answer(C.parse, text) is not None:
                accepted.add(text)
    # what parses is exactly the documented notation
    suits = "shdcSHDC♠♤♡♥♢♦♣♧"
    ranks = "23456789tjqkaTJQKA"
    assert accepted == {"A" + s for s in suits} | {r + "s" for r in ranks}


def test_every_code_point_in_a_range_parses_or_is_refused():
    """Both rank places of a class read one pattern: the second is tried."""
    accepted = {ch for ch in _every_character() if _answer(RG.parse_range, "A" + ch) is not None}
    assert accepted == set("23456789TJQKAtjqka")


@pytest.mark.parametrize("text,word", [("Aſ Ks Qs Js Ts", "Aſ"), ("A\u212a", "A\u212a")])
def test_the_letters_that_crashed_are_named(text, word):
    with pytest.raises(PokerError) as e:
        C.parse(text)
    assert word in str(e.value) and e.value.param == "cards"
