"""Hearts state, Big Two combinations and five-card draw (issue 6)."""

import random
from itertools import combinations

import pytest

import pokercli
from pokercli import PokerError
from pokercli import bigtwo as B
from pokercli import cards as C
from pokercli import five_card_draw as DR
from pokercli import reference as R

# --- Hearts -------------------------------------------------------------------------


def seed_state():
    """The seed's example [13, 2, 1, 24, 31, ...] completed consistently.

    One trick is done (won by player 3); player 1 led 6C and player 4 played 5C
    into the current trick; the other cards are dealt so every hand has the
    right size: players 1 and 4 hold 11, players 2 and 3 hold 12.
    """
    codes = [13, 2, 1, 24, 31] + [0] * 47
    codes[5:8] = [13, 13, 13]          # 7C 8C 9C also in player 3's won tricks
    need = {1: 10, 2: 11, 3: 12, 4: 11}  # after 4C (p1) and 3C (p2)
    i = 8
    for p, n in need.items():
        for _ in range(n):
            codes[i] = p
            i += 1
    assert i == 52
    return codes


def test_seed_example_reads_and_masks():
    st = pokercli.hearts_state(",".join(map(str, seed_state())))
    doc = st.to_dict()
    assert "2c" in doc["players"]["3"]["won"] and "3c" in doc["players"]["2"]["hand"]
    assert "4c" in doc["players"]["1"]["hand"] and doc["lead"] == "6c"
    assert "5c" in doc["players"]["4"]["trick"]
    masked = pokercli.hearts_state(seed_state(), view=1)
    assert masked.codes[:5] == [13, 0, 1, 24, 31]
    assert all(c in (0, 1) or c >= 11 for c in masked.codes)
    assert pokercli.hearts_state(masked).codes == masked.codes  # a masked state is valid


def test_more_invalid_inputs():
    with pytest.raises(PokerError, match="not an integer"):
        pokercli.hearts_state("1,2,x")
    with pytest.raises(PokerError, match="not valid JSON"):
        pokercli.hearts_state("{bad")
    with pytest.raises(PokerError, match="view must be a player 1-4") as e:
        pokercli.hearts_state(seed_state(), view=5)
    assert e.value.param == "view"


def test_pass_type_cycle():
    passes = [pokercli.deal("hearts", seed=1, round_number=r)[0].hearts.pass_type for r in range(1, 9)]
    assert passes == [1, 2, 3, 0, 1, 2, 3, 0]


# --- Big Two ------------------------------------------------------------------------

def brute_force(hand):
    found = set()
    for size in (1, 2, 3, 5):
        for subset in combinations(hand, size):
            x = B.classify(subset)
            if x is not None:
                found.add((x.category, frozenset(x.cards)))
    return found


def test_four_of_a_kind_in_13_cards():
    found = pokercli.combos("As Ah Ad Ac Ks Qd Jh 9c 8s 7d 6h 4c 3s").combos
    assert sum(x.category == "four of a kind" for x in found) == 9
    assert sum(x.category == "single" for x in found) == 13
    assert sum(x.category == "pair" for x in found) == 6 and sum(x.category == "triple" for x in found) == 4


def test_straight_flush_listed_once_and_wheel_counts():
    found = pokercli.combos("Ah 2h 3h 4h 5h 6s").combos
    cats = [x.category for x in found if len(x.cards) == 5]
    assert cats.count("straight flush") == 1          # A-2-3-4-5 of hearts
    assert cats.count("straight") == 1                # 2-3-4-5-6
    assert cats.count("flush") == 0


@pytest.mark.parametrize("seed", range(8))
def test_brute_force_over_all_subsets(seed):
    hand = random.Random(seed).sample(range(52), 13)
    found = pokercli.combos(hand).combos
    got = {(x.category, frozenset(x.cards)) for x in found}
    assert got == brute_force(hand)
    assert len(got) == len(found)


def test_ordering_rules():
    c = lambda t: B.classify(C.parse(t))  # noqa: E731
    assert B.outranks(c("2d"), c("As")) and B.outranks(c("3s"), c("3h")) and not B.outranks(c("3h"), c("4d"))
    assert B.outranks(c("Kd Kc"), c("Qs Qh")) and B.outranks(c("Ks Kd"), c("Kh Kc"))
    assert B.outranks(c("2d 3c 4h 5s 6d"), c("Ad 2c 3h 4s 5d"))
    assert B.outranks(c("Td Jc Qh Ks As"), c("9d Tc Jh Qs Ks"))
    assert B.outranks(c("2h 5h 7h 9h Jh"), c("Td Jc Qh Ks As"))        # flush > straight
    assert B.outranks(c("3d 3c 3h 4s 4d"), c("Ah Kh 9h 7h 2h"))        # full house > flush
    assert B.outranks(c("4d 4c 4h 4s 3d"), c("2d 2c 2h As Ad"))        # quads > full house
    assert B.outranks(c("3d 4d 5d 6d 7d"), c("As Ah Ad Ac 3c"))        # straight flush > quads
    assert not B.outranks(c("As Ah"), c("3d"))                         # sizes differ


# --- five-card draw -----------------------------------------------------------------

def reference_hold(hand, held):
    """Category counts of one hold by plain enumeration with the seed's method."""
    deck = [c for c in range(52) if c not in hand]
    counts = [0] * len(DR.CATEGORIES)
    for drawn in combinations(deck, 5 - len(held)):
        s = R.score5(C.card_mask(list(held) + list(drawn)))
        t = s >> 26
        if t == 9 and R.hand_class(s) == 1:
            cat = 0
        elif t == 2:
            cat = 8 if (s >> 13) & 0x1FFF >= 1 << 9 else 9
        else:
            cat = {9: 1, 8: 2, 7: 3, 6: 4, 5: 5, 4: 6, 3: 7, 1: 10}[t]
        counts[cat] += 1
    return counts


def test_made_royal_is_certain():
    holds = pokercli.draw("As Ks Qs Js Ts").holds
    best = holds[0]
    assert sorted(best.held) == sorted(C.parse("As Ks Qs Js Ts"))
    assert best.counts[0] == 1 and best.draws == 1 and best.ev == 800


def test_all_holds_cover_every_draw():
    holds = pokercli.draw("Jh Jd 7c 4s 2h").holds
    assert len(holds) == 32
    assert sum(h.draws for h in holds) == 2_598_960
    assert all(sum(h.counts) == h.draws for h in holds)
    jj = next(h for h in holds if len(h.held) == 2 and all(C.card_rank(c) == 9 for c in h.held))
    assert holds[0] is jj and round(jj.ev, 4) == 1.5365


@pytest.mark.parametrize("seed", range(3))
def test_holds_equal_reference(seed):
    rng = random.Random(seed)
    hand = rng.sample(range(52), 5)
    by_held = {frozenset(h.held): h for h in pokercli.draw(hand).holds}
    for size in (5, 4, 3):
        for held in combinations(hand, size):
            assert by_held[frozenset(held)].counts == reference_hold(hand, held)
    held = tuple(rng.sample(hand, 2))
    assert by_held[frozenset(held)].counts == reference_hold(hand, held)
