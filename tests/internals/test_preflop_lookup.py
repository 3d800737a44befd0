"""The shipped table of heads-up preflop deals: complete, intact, equal to the enumeration."""

import hashlib
from importlib import resources

import numpy as np
import pytest

import pokercli
from pokercli import preflop_lookup as L
from pokercli.equity_calc.exact import exact
from pokercli.equity_calc.spot import make_spot


def test_the_file_is_intact_and_small():
    codes, wins, ties = L.data()  # verifies the SHA-256 stored in the file
    raw = resources.files("pokercli").joinpath(f"data/{L.DATA_NAME}").read_bytes()
    assert len(raw) <= 1_000_000
    assert len(codes) == 47_008 and (np.diff(codes.astype(np.int64)) > 0).all()
    assert ((wins.astype(np.int64) + ties) <= L.BOARDS).all()
    with np.load(resources.files("pokercli").joinpath(f"data/{L.DATA_NAME}").open("rb")) as z:
        h = hashlib.sha256()
        for key in ("codes", "wins", "ties"):
            h.update(np.ascontiguousarray(z[key], np.uint32).tobytes())
        assert str(z["sha256"]) == h.hexdigest()


def test_every_deal_has_its_canonical_deal_in_the_table():
    """The canonical codes of all 1,624,350 ordered deals are exactly the shipped ones."""
    assert np.array_equal(L.canonical_deals(), L.data()[0].astype(np.int64))


def test_a_random_sample_of_shipped_deals_recomputes_exactly():
    codes, wins, ties = L.data()
    rng = np.random.default_rng(2026)
    for k in rng.choice(len(codes), 12, replace=False):
        a, b = L.decode(int(codes[k]))
        r = exact(make_spot([list(a), list(b)]), threads=1)
        assert (r.players[0].wins, r.players[1].wins, r.players[0].ties) == \
               (wins[k], L.BOARDS - wins[k] - ties[k], ties[k]), (a, b)


def test_both_lookup_paths_agree():
    """Deals looked up through their canonical codes and through the pair index
    (used for big jobs) give the same counts, seats in either order."""
    rng = np.random.default_rng(5)
    overlap = L._overlap()
    i = rng.integers(0, 1326, 5000)
    j = rng.integers(0, 1326, 5000)
    keep = ~overlap[i, j]
    i, j = i[keep], j[keep]
    direct = L.counts_of_pairs(i, j)
    entry = L.pair_index()[i, j].astype(np.int64)
    indexed = L._oriented(entry >> 1, (entry & 1).astype(bool))
    swapped = L.counts_of_pairs(j, i)
    for a, b in zip(direct, indexed):
        assert np.array_equal(a, b)
    assert np.array_equal(direct[0], swapped[1]) and np.array_equal(direct[2], swapped[2])


@pytest.mark.parametrize("hands", [
    ["AsAh", "KsKh"], ["7c2d", "7d2c"], ["AA", "KK"], ["QQ+,AKs", "JJ-99,AQs+"],
    ["AA:0.5,KK", "AKs,QQ:0.25"], ["random", "AsKd"], ["random:0.5", "AKs:2"]])
def test_lookup_equals_enumeration(hands):
    look = pokercli.equity(hands)
    enum = exact(make_spot(hands), limit=float("inf"))
    assert look.method == enum.method == "exact" and look.deals == enum.deals
    for a, b in zip(look.players, enum.players):
        assert (a.wins, a.ties, a.total) == pytest.approx((b.wins, b.ties, b.total), rel=1e-15)
        assert a.equity == pytest.approx(b.equity, rel=1e-12)


def test_random_against_random_is_exact_and_even():
    r = pokercli.equity(["random", "random"])
    a, b = r.players
    assert r.method == "exact" and r.deals == 1326 * 1225
    assert a.wins == b.wins and a.ties == b.ties and a.equity == 0.5
    assert r.boards == 1326 * 1225 * L.BOARDS == a.total
    assert a.wins == L.vs_all()[:, 0].sum()


def test_table_lookup_equals_the_enumerated_table():
    slice_ = "QQ+,AKs,T9s,72o"
    assert pokercli.table(classes=slice_).counts == pokercli.table(classes=slice_, compute=True).counts



def test_one_hand_pair_is_one_row_in_either_seat_order():
    """The hand-pair shortcut (plain integers) gives the counts of the array path,
    seats in either order; three of the deals are enumerated as well."""
    rng = np.random.default_rng(11)
    for n in range(10):
        cards = [int(c) for c in rng.choice(52, 4, replace=False)]
        if n == 0:
            cards = [int(c) for c in pokercli.parse_cards("2c 2d 2h 2s")]  # maps to itself swapped
        hands = [cards[:2], cards[2:]]
        i, j = (int(L.combo_index(min(h), max(h))) for h in hands)
        wins_a, wins_b, ties = (int(x[0]) for x in L.counts_of_pairs(np.array([i]), np.array([j])))
        r = pokercli.equity(hands)
        assert (r.players[0].wins, r.players[1].wins, r.players[0].ties) == (wins_a, wins_b, ties)
        assert L.pair_counts(i, j) == (wins_a, wins_b, ties)
        assert L.pair_counts(j, i) == (wins_b, wins_a, ties)
        if n < 3:
            e = exact(make_spot(hands), threads=1)
            assert (e.players[0].wins, e.players[1].wins, e.players[0].ties) == (wins_a, wins_b, ties)
