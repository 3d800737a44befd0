"""Card parsing and the representations of SPEC §1–2."""

import random

import pytest
from hypothesis import given, strategies as st

from pokercli import cards as C
from pokercli.errors import PokerError


def names(text):
    return C.format_cards(C.parse(text))


@pytest.mark.parametrize("text,expected", [
    ("As", "As"), ("AS", "As"), ("as", "As"), ("Ts", "Ts"), ("10s", "Ts"),
    ("A♠", "As"), ("10♡", "Th"), ("A♥", "Ah"), ("T♦", "Td"), ("t♢", "Td"), ("2♣", "2c"),
    ("AsKs", "As Ks"), ("AhKh5c", "Ah Kh 5c"), ("As,Kh", "As Kh"), ("As, Kh  Qd", "As Kh Qd"),
    ("10h10s", "Th Ts"), ("A♠️", "As"),
])
def test_every_notation_parses(text, expected):
    assert names(text) == expected


@pytest.mark.parametrize("text,fragment", [
    ("Xs", "'Xs'"), ("Ax", "'Ax'"), ("AsK", "'AsK'"), ("1s", "'1s'"), ("As As", "duplicate card 'As'"),
    ("AsKsAs", "duplicate card 'As'"), ("", "no cards"),
])
def test_bad_cards_name_the_token(text, fragment):
    with pytest.raises(PokerError) as e:
        C.parse(text)
    assert fragment in str(e.value)


def test_wrong_count_is_an_error():
    with pytest.raises(PokerError, match="has 3 cards, expected 2"):
        C.parse("As Kd Qh", count=2, what="hand")
    assert len(C.parse("As Kd Qh", count=(2, 3))) == 3


def test_seed_001_vectors():
    cards = C.parse("TH AH QS 9D JD")
    mask = C.card_mask(cards)
    assert mask == 351843729281280
    assert C.suit_groups(mask) == {"C": 0, "D": 640, "H": 4352, "S": 1024}
    assert C.rank_set_names(640) == ["9", "J"]
    assert C.card_mask(C.parse("ah TH jd qs 9D")) == 351843729281280


def test_seed_000_card_words():
    assert C.ck32(C.parse("A♠")[0]) == 268442665
    assert format(268442665, "032b") == "00010000000000000001110000101001"
    assert C.ck32(C.parse("J♠")[0]) == 33560861
    assert C.ck32(C.parse("9♠")[0]) == 8394515
    assert C.ck32_fields(268442665) == {"rank_bits": 4096, "suit_bits": 1, "rank": 12, "prime": 41}


def test_deck_and_hearts_indices():
    order = "As Ah Ad Ac Ks".split()
    assert [C.deck_index(C.parse(n)[0]) for n in order] == [0, 1, 2, 3, 4]
    assert C.deck_index(C.parse("2c")[0]) == 51
    assert sorted(C.deck_index(c) for c in range(52)) == list(range(52))
    assert C.hearts_index(C.parse("2C")[0]) == 0
    assert C.hearts_index(C.parse("3C")[0]) == 1
    assert C.hearts_index(C.parse("AC")[0]) == 12
    assert C.hearts_index(C.parse("2D")[0]) == 13
    assert C.hearts_index(C.parse("AH")[0]) == 51
    assert sorted(C.hearts_index(c) for c in range(52)) == list(range(52))
    for c in range(52):
        assert C.card_from_hearts_index(C.hearts_index(c)) == c


def test_matrix_rows_and_columns():
    grid = C.matrix(C.parse("2d As"))
    assert grid[0][0] == 1 and grid[3][12] == 1 and sum(map(sum, grid)) == 2


@given(st.sets(st.integers(0, 51), max_size=52))
def test_representations_round_trip(ids):
    cards = sorted(ids)
    mask = C.card_mask(cards)
    assert C.mask_cards(mask) == cards
    assert C.parse(C.format_cards(cards), allow_empty=True) == cards
    assert C.parse(C.format_cards(cards, unicode=True), allow_empty=True) == cards
    assert C.parse("".join(C.format_cards(cards).split()), allow_empty=True) == cards
    for c in cards:
        assert C.card_from_ck32(C.ck32(c)) == c
    groups = C.suit_groups(mask)
    rebuilt = sum(groups[s.upper()] << (13 * g) for g, s in enumerate(C.GROUP_SUITS))
    assert rebuilt == mask


def test_out_of_range_numbers():
    with pytest.raises(PokerError, match="52-bit"):
        C.mask_cards(1 << 52)
    with pytest.raises(PokerError, match="52-bit"):
        C.mask_cards(-1)
    with pytest.raises(PokerError, match="card word"):
        C.card_from_ck32(5)


def test_check_disjoint_names_both_owners():
    with pytest.raises(PokerError, match="'As' appears in both hand 1 and board"):
        C.check_disjoint([("hand 1", C.parse("As Kd")), ("board", C.parse("2c As 3d"))])
    C.check_disjoint([("a", C.parse("As")), ("b", C.parse("Ks"))])


def test_random_text_never_crashes():
    rng = random.Random(5)
    alphabet = "AKQJT98765432shdcx10♠♡♢♣ ,"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        try:
            C.parse(text, allow_empty=True)
        except PokerError:
            pass


def test_quick_parse_reads_exactly_what_parse_reads_or_steps_aside():
    """The batch fast path: for texts of separate tokens it gives parse's cards;
    for anything it cannot read by one lookup per token it gives None (and
    never a wrong card)."""
    import random

    from pokercli import cards as C

    rng = random.Random(5)
    pieces = ["As", "aS", "10♠", "T♥", "kd", "2C", "♠A", "AsKs", "1s", "ſs", "Ax", ",", " ", "  ", "\t", "9♢",
              "A♠\ufe0f", "QH"]
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) + rng.choice([" ", ",", ", "]) for _ in range(rng.randint(0, 6)))
        quick = C.quick_parse(text)
        if quick is None:
            continue
        try:
            full = [int(c) for c in C.parse(text, allow_empty=True)]
        except PokerError:  # a duplicate, which the caller checks
            assert len(set(quick)) < len(quick)
            continue
        assert quick == full, text
    assert C.quick_parse("As Kh 10♠") == [int(c) for c in C.parse("As Kh 10♠")]
    assert C.quick_parse("AsKh") is None and C.quick_parse("Aſ") is None
