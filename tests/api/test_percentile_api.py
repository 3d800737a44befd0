"""percentile: hand strength, potentials, EHS; agreement with equity and a reference."""

import math
import random

import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli import hand_strength as P
from pokercli import ranges as RG
from pokercli.errors import PokerError


def spot(hand, board, vs=None, dead=""):
    return pokercli.percentile(hand, board, dead, vs=vs)


def test_seed_example_aces_on_club_flop():
    p = spot("As Ad", "Ac 2d 8c")
    assert p.hs == 1.0 and p.beats == 1.0 and p.opponents == 1081
    # every opponent hand is behind now; club runouts (and others) overtake some
    assert p.hp[0] == [1_018_071, 0, 52_119]
    assert p.hp[1] == [0, 0, 0] and p.hp[2] == [0, 0, 0]
    assert p.equity == pytest.approx(1_018_071 / 1_070_190) and p.equity < 1
    assert p.npot == pytest.approx(52_119 / 1_070_190) and p.ppot == 0.0
    assert p.ehs == pytest.approx(p.hs * (1 - p.npot))


def test_flop_effective_percentile_equals_equity_against_random():
    p = spot("7h 8h", "9h Th 2c")
    r = pokercli.equity(["7h 8h", "random"], "9h Th 2c")
    hp = p.hp
    assert r.players[0].wins == sum(row[0] for row in hp)
    assert r.players[0].ties == sum(row[1] for row in hp)
    assert r.boards == sum(map(sum, hp))
    assert p.equity == r.players[0].equity


@pytest.mark.parametrize("hand,board,vs", [
    ("Qs Qh", "Jh Tc 2h", "AK,JJ+,T9s"),
    ("5d 4d", "6d 7c Kd 2s", "AA,KQs,98,66:0.5"),
    ("Ah Kh", "2c 7d 9s Jh", "random"),
    ("9s 9c", "Ks 7h 2d 3c 5s", "random"),
    ("As Ks", "Qs Js 2h", "AhAd,TsTd"),
])
def test_equals_reference_enumeration(hand, board, vs):
    if vs == "random" and len(board) == 4:
        vs = "A2+,K9+,T8s+,55+"  # keep the reference enumeration short on the turn
    p = spot(hand, board, vs)
    opps = P.opponent_combos(C.parse(hand), C.parse(board), [], vs)
    beats, ties, loses, hp = naive.percentile(C.parse(hand), C.parse(board), opps)
    total = beats + ties + loses
    assert (p.beats, p.ties, p.loses) == pytest.approx((beats / total, ties / total, loses / total))
    if len(C.parse(board)) < 5:
        for got, want in zip(p.hp, hp):
            assert got == pytest.approx(want)


def test_random_river_spots_against_reference():
    rng = random.Random(3)
    for _ in range(3):
        cards = rng.sample(range(52), 7)
        p = pokercli.percentile(cards[:2], cards[2:])
        opps = P.opponent_combos(cards[:2], cards[2:], [], None)
        beats, ties, loses, _ = naive.percentile(cards[:2], cards[2:], opps)
        assert p.hs == pytest.approx((beats + ties / 2) / (beats + ties + loses))
        assert p.equity == p.hs and p.note


def test_preflop_table_and_rank():
    table = P.preflop_table()
    assert len(table) == 169 and set(table) == set(RG.starting_classes())
    order = P.class_order()
    assert order[:3] == ["AA", "KK", "QQ"] and order[-1] == "32o"
    p = spot("Ah As", "")
    assert p.class_name == "AA" and p.class_rank == 1 and round(p.equity, 4) == 0.852
    assert p.beats > 0.99 and p.hs > 0.99


@pytest.mark.parametrize("name", ["AKs", "72o", "TT"])
def test_preflop_table_entry_recomputes_exactly(name, tmp_path):
    """The shipped table's entry against the enumeration: a checkpoint makes the
    job enumerate every deal in chunks instead of reading the shipped counts
    (which would compare the table with itself)."""
    want = P.preflop_table()[name]
    r = pokercli.equity([RG.class_representative(name), "random"], method="exact",
                        checkpoint=tmp_path / "job.ckpt")
    assert "chunks" in r.note and r.deals == 1225
    assert (r.players[0].wins, r.players[0].ties, r.players[0].total) == (want["wins"], want["ties"], want["total"])


def test_preflop_table_agrees_with_monte_carlo():
    table = P.preflop_table()
    for name in RG.starting_classes():
        r = pokercli.equity([RG.class_representative(name), "random"], samples=30_000, seed=7)
        assert abs(r.players[0].equity - table[name]["equity"]) < 4.5 * r.players[0].stderr, name


@pytest.mark.parametrize("street", [3, 4, 5])
def test_random_spots_with_small_ranges_against_reference(street):
    rng = random.Random(100 + street)
    for _ in range(2):
        cards = rng.sample(range(52), 2 + street)
        hand, board = cards[:2], cards[2:]
        rest = [c for c in range(52) if c not in cards]
        combos = {tuple(sorted(rng.sample(rest, 2))) for _ in range(6)}
        vs = ",".join(C.format_cards(c).replace(" ", "") + f":{rng.choice([0.5, 1, 2])}" for c in combos)
        p = pokercli.percentile(hand, board, vs=vs)
        opps = P.opponent_combos(hand, board, [], vs)
        beats, ties, loses, hp = naive.percentile(hand, board, opps)
        total = beats + ties + loses
        assert p.hs == pytest.approx((beats + ties / 2) / total)
        if street < 5:
            for got, want in zip(p.hp, hp):
                assert got == pytest.approx(want)


@pytest.mark.parametrize("street", [3, 4])
def test_random_spots_without_range_against_reference(street):
    """Every unseen two-card hand as the opponent; many dead cards keep the
    plain enumeration short."""
    rng = random.Random(200 + street)
    cards = rng.sample(range(52), 2 + street + 30)
    hand, board, dead = cards[:2], cards[2:2 + street], cards[2 + street:]
    p = pokercli.percentile(hand, board, dead)
    opps = P.opponent_combos(hand, board, dead, None)
    assert len(opps) == math.comb(52 - 2 - street - 30, 2)
    beats, ties, loses, hp = naive.percentile(hand, board, opps, dead)
    assert p.hs == pytest.approx((beats + ties / 2) / (beats + ties + loses))
    for got, want in zip(p.hp, hp):
        assert got == pytest.approx(want)


def test_weighted_vs_counts_hands_and_weight_apart():
    """With weights, the number of opponent hands is a count of combos; their
    summed weight is reported apart (the shares are weighted)."""
    p = pokercli.percentile("AKs", vs="QQ+:0.5,AK")
    assert p.opponents == 21 and p.opponent_weight == 15.0  # 12 pairs at 0.5, 9 AK at 1
    doc = p.to_dict()
    assert doc["opponent_hands"] == 21 and doc["opponent_weight"] == 15
    unweighted = pokercli.percentile("AsAd", board="Ac 2d 8c")
    assert unweighted.opponents == unweighted.opponent_weight == 1081


def test_nothing_loses_means_zero_not_rounding_noise():
    for hand in ("AA", "As Ah"):
        p = pokercli.percentile(hand)
        assert p.loses == 0.0 and p.to_dict()["loses"] == 0.0
        assert p.beats + p.ties == 1.0


def test_a_class_is_a_hand_preflop_only():
    """``AKs`` stands for a hand preflop; with a board the error says so and
    shows cards to give (it said "unknown card 'AKs'")."""
    assert pokercli.percentile("AKs").hand == pokercli.percentile("As Ks").hand
    for game in ("holdem", "shortdeck"):
        with pytest.raises(PokerError) as e:
            pokercli.percentile("AKs", board="Kd 9c 6h", game=game)
        assert e.value.param == "hand" and "starting-hand class" in str(e.value) and "such as AsKs" in str(e.value)
    with pytest.raises(PokerError, match="unknown card 'AKx'"):
        pokercli.percentile("AKx", board="Kd 9c 6h")
