"""Hearts state, Big Two combinations and five-card draw (issue 6)."""

import json
import random
from itertools import combinations

import pytest

from pokercli import bigtwo as B
from pokercli import cards as C
from pokercli import draw as DR
from pokercli import hearts as H
from pokercli import reference as R
from pokercli.errors import InputError

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
    st = H.parse_state(",".join(map(str, seed_state())))
    doc = st.to_json()
    assert "2c" in doc["players"]["3"]["won"] and "3c" in doc["players"]["2"]["hand"]
    assert "4c" in doc["players"]["1"]["hand"] and doc["lead"] == "6c"
    assert "5c" in doc["players"]["4"]["trick"]
    masked = st.masked(1)
    assert masked.codes[:5] == [13, 0, 1, 24, 31]
    assert all(c in (0, 1) or c >= 11 for c in masked.codes)
    H.check(masked)


def test_state_json_object_and_cli(cli):
    text = json.dumps({"state": seed_state(), "scores": [3, 0, 20, 3], "pass_type": 2})
    code, out, _ = cli("hearts", text, "--view", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["state"][:5] == [13, 0, 1, 24, 31] and doc["scores"] == [3, 0, 20, 3]
    assert doc["pass"] == "counter-clockwise" and doc["view"] == 1
    code, out, _ = cli("hearts", str(seed_state()))
    assert code == 0 and "player 3\thand:" in out
    code, out, _ = cli("hearts", str(seed_state()), terminal=True)
    assert "6c*" in out


@pytest.mark.parametrize("mutate,fragment", [
    (lambda s: s[:51], "52 codes, not 51"),
    (lambda s: [5] + s[1:], "code 5 for 2c is not a location"),
    (lambda s: s[:5] + [32] + s[6:], "cards are marked as led"),
    (lambda s: [1] + s[1:], "won tricks hold a multiple of 4"),
    (lambda s: s[:4] + [21] + s[5:], "no lead card"),
    (lambda s: s[:8] + [2] + s[9:], "player 1 holds 10 cards"),
])
def test_invalid_states(cli, mutate, fragment):
    text = ",".join(map(str, mutate(seed_state())))
    code, out, err = cli("hearts", text)
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


def test_more_invalid_inputs():
    with pytest.raises(InputError, match="not an integer"):
        H.parse_state("1,2,x")
    with pytest.raises(InputError, match="not valid JSON"):
        H.parse_state("{bad")
    with pytest.raises(InputError, match="--view"):
        H.State(seed_state()).masked(5)


def test_pass_type_cycle():
    assert [H.pass_type(r) for r in range(1, 9)] == [1, 2, 3, 0, 1, 2, 3, 0]


def test_deal_hearts_prints_state(cli):
    code, out, _ = cli("deal", "--game", "hearts", "--seed", "5", "--round", "3", "--json")
    doc = json.loads(out)
    st = doc["hearts"]
    assert st["pass_type"] == 3 and sorted(st["state"]) == sorted([1, 2, 3, 4] * 13)
    for p, hand in enumerate(doc["hands"], 1):
        assert sorted(st["players"][str(p)]["hand"]) == sorted(hand)
    code, out, _ = cli("deal", "--game", "hearts", "--seed", "5", "--view", "2", "--json")
    st = json.loads(out)["hearts"]
    assert st["state"].count(0) == 39 and st["state"].count(2) == 13
    code, out, err = cli("deal", "--round", "2")
    assert code == 2 and "--game hearts" in err


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
    hand = C.parse_cards("As Ah Ad Ac Ks Qd Jh 9c 8s 7d 6h 4c 3s")
    found = B.all_combos(hand)
    assert sum(x.category == "four of a kind" for x in found) == 9
    assert sum(x.category == "single" for x in found) == 13
    assert sum(x.category == "pair" for x in found) == 6 and sum(x.category == "triple" for x in found) == 4


def test_straight_flush_listed_once_and_wheel_counts():
    hand = C.parse_cards("Ah 2h 3h 4h 5h 6s")
    found = B.all_combos(hand)
    cats = [x.category for x in found if len(x.cards) == 5]
    assert cats.count("straight flush") == 1          # A-2-3-4-5 of hearts
    assert cats.count("straight") == 1                # 2-3-4-5-6
    assert cats.count("flush") == 0


@pytest.mark.parametrize("seed", range(8))
def test_brute_force_over_all_subsets(seed):
    hand = random.Random(seed).sample(range(52), 13)
    got = {(x.category, frozenset(x.cards)) for x in B.all_combos(hand)}
    assert got == brute_force(hand)
    assert len(got) == len(B.all_combos(hand))


def test_ordering_rules():
    c = lambda t: B.classify(C.parse_cards(t))  # noqa: E731
    assert B.beats(c("2d"), c("As")) and B.beats(c("3s"), c("3h")) and not B.beats(c("3h"), c("4d"))
    assert B.beats(c("Kd Kc"), c("Qs Qh")) and B.beats(c("Ks Kd"), c("Kh Kc"))
    assert B.beats(c("2d 3c 4h 5s 6d"), c("Ad 2c 3h 4s 5d"))
    assert B.beats(c("Td Jc Qh Ks As"), c("9d Tc Jh Qs Ks"))
    assert B.beats(c("2h 5h 7h 9h Jh"), c("Td Jc Qh Ks As"))        # flush > straight
    assert B.beats(c("3d 3c 3h 4s 4d"), c("Ah Kh 9h 7h 2h"))        # full house > flush
    assert B.beats(c("4d 4c 4h 4s 3d"), c("2d 2c 2h As Ad"))        # quads > full house
    assert B.beats(c("3d 4d 5d 6d 7d"), c("As Ah Ad Ac 3c"))        # straight flush > quads
    assert not B.beats(c("As Ah"), c("3d"))                         # sizes differ


def test_combos_cli(cli):
    code, out, _ = cli("combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c", "--json")
    doc = json.loads(out)
    assert doc["counts"]["four of a kind"] == 9 and doc["counts"]["straight flush"] == 1
    assert doc["total"] == sum(doc["counts"].values())
    code, out, _ = cli("combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c", "--beats", "Kh Kd Kc Ks 2c", "--json")
    doc = json.loads(out)
    assert doc["counts"]["four of a kind"] == 9 and doc["counts"]["straight flush"] == 1 and doc["total"] == 10
    code, out, _ = cli("combos", "As Ah Ks", "--beats", "Qd Qc")
    assert "pair\t1\tAs Ah" in out
    code, out, err = cli("combos", "As Ah Ks", "--beats", "Qd Kc")
    assert code == 2 and "not a Big Two combination" in err
    code, out, err = cli("combos", " ".join(C.card_name(c) for c in range(14)))
    assert code == 2 and "1 to 13 cards" in err
    code, out, _ = cli("combos", "As Ah Ks", terminal=True)
    assert "\x1b[" in out and "pair" in out


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
    holds = DR.analyse(C.parse_cards("As Ks Qs Js Ts"))
    best = holds[0]
    assert sorted(best.held) == sorted(C.parse_cards("As Ks Qs Js Ts"))
    assert best.counts[0] == 1 and best.draws == 1 and best.ev == 800


def test_all_holds_cover_every_draw():
    holds = DR.analyse(C.parse_cards("Jh Jd 7c 4s 2h"))
    assert len(holds) == 32
    assert sum(h.draws for h in holds) == 2_598_960
    assert all(sum(h.counts) == h.draws for h in holds)
    jj = next(h for h in holds if len(h.held) == 2 and all(C.card_rank(c) == 9 for c in h.held))
    assert holds[0] is jj and round(jj.ev, 4) == 1.5365


@pytest.mark.parametrize("seed", range(3))
def test_holds_equal_reference(seed):
    rng = random.Random(seed)
    hand = rng.sample(range(52), 5)
    by_held = {frozenset(h.held): h for h in DR.analyse(hand)}
    for size in (5, 4, 3):
        for held in combinations(hand, size):
            assert by_held[frozenset(held)].counts == reference_hold(hand, held)
    held = tuple(rng.sample(hand, 2))
    assert by_held[frozenset(held)].counts == reference_hold(hand, held)


def test_paytable_option(cli):
    code, out, _ = cli("draw", "Jh Jd 7c 4s 2h", "--pay", "250 50 25 9 6 4 3 2 1", "--json")
    doc = json.loads(out)
    assert len(doc["holds"]) == 32 and doc["pays"]["royal flush"] == 250
    assert sorted(doc["holds"][0]["hold"]) == ["Jd", "Jh"]
    code, out, err = cli("draw", "Jh Jd 7c 4s 2h", "--pay", "1 2 3")
    assert code == 2 and "9 non-negative pays" in err
    code, out, err = cli("draw", "Jh Jd 7c 4s")
    assert code == 2 and "has 4 cards" in err
    code, out, _ = cli("draw", "Ah Kh Qh Jh 2c", terminal=True)
    assert "\x1b[" in out and "18.5532" in out
