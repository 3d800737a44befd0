"""The stud kernels against the plain rule: razz's low on every rank multiset of
5 to 7 cards and on 200,000 random hands against pokerkit's ``RegularLowHand``;
the game's facts (6,175 distinct lows, by type); equity and standing against
tests/naive.py enumeration."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

import pokercli
from pokercli import cards as C
from pokercli import evaluate as E
from pokercli import lowball as L
from pokercli._kernels import stud as K
from pokercli._kernels.jit import call
from tests import naive


def _cards_of(ranks):
    """Card ids holding these ace-low ranks (suits spread; suits do not count in a low)."""
    seen = Counter()
    out = []
    for r in ranks:
        rank = (r - 1) % 13  # ace-low rank -> pokercli rank (two 0 .. ace 12)
        out.append(13 * seen[r] + rank)
        seen[r] += 1
    return out


def _kernel_scores(rows):
    out = np.empty(len(rows), np.int64)
    width = max(len(r) for r in rows)
    arr = np.full((len(rows), width), -1, np.int8)
    for i, r in enumerate(rows):
        arr[i, :len(r)] = r
    from pokercli._kernels.lookup import kernel_tables

    keys, offsets, _, _ = kernel_tables("standard")
    assert call(K.razz_scores, arr, keys, offsets, K.low_rank_table(), out) == -1
    return out.tolist()


def test_the_facts_of_the_ace_to_five_low():
    scores = L.all_scores()
    assert len(scores) == L.CLASS_COUNT == 6175
    by_type = Counter(L.type_name(s) for s in scores)
    assert by_type == {"NO_PAIR": 1287, "PAIR": 2860, "TWO_PAIR": 858, "THREE_OF_A_KIND": 858,
                       "FULL_HOUSE": 156, "FOUR_OF_A_KIND": 156}
    assert L.describe(scores[0]) == "5-4-3-2-A" and L.hand_class(scores[0]) == 1
    assert L.describe(scores[1286]) == "K-Q-J-T-9"  # the worst low without a pair
    assert L.describe(scores[-1]) == "Four kings, Q"
    # a straight and a flush count for nothing: the wheel in one suit is still the best low
    assert L.score([12, 0, 1, 2, 3]) == scores[0]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_razz_kernel_on_every_rank_multiset(size):
    """Every multiset of ``size`` ranks (at most four of each) against the best
    of its five-card subsets by naive.razz_value, ordered alike."""
    multisets = [m for m in combinations_with_replacement(range(13), size)
                 if max(Counter(m).values()) <= 4]
    rows = [_cards_of(m) for m in multisets]
    got = _kernel_scores(rows)
    five_value = {}
    for m in combinations_with_replacement(range(13), 5):
        if max(Counter(m).values()) <= 4:
            five_value[m] = naive.razz_value(_cards_of(m))
    want = [max(five_value[sub] for sub in set(combinations(m, 5))) for m in multisets]
    # the kernel's scores order the hands exactly as the plain values do
    order = sorted(range(len(rows)), key=lambda i: got[i])
    for a, b in zip(order, order[1:]):
        assert (got[a] < got[b]) == (want[a] < want[b]) and (got[a] == got[b]) == (want[a] == want[b])
    # and they are lowball's scores of the best five
    for i in range(0, len(rows), 97):
        assert got[i] == L.best_five(rows[i])[0]


def test_razz_against_pokerkit_on_200000_random_hands():
    """pokerkit's RegularLowHand orders 200,000 random hands of 5 to 7 cards as
    the kernel's scores do. A low depends on the ranks alone, so pokerkit values
    each distinct rank multiset once, and hands are compared through them."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(35)
    hands = [rng.sample(range(52), rng.choice((5, 6, 7, 7))) for _ in range(200_000)]
    got = _kernel_scores(hands)
    by_ranks: dict = {}
    for h, s in zip(hands, got):
        key = tuple(sorted(c % 13 for c in h))
        if key in by_ranks:
            assert by_ranks[key][0] == s  # suits never matter
        else:
            by_ranks[key] = (s, h)
    distinct = sorted(by_ranks.values(), key=lambda sh: sh[0])
    value = [pokerkit.RegularLowHand.from_game("".join(C.card_name(c) for c in h)) for _, h in distinct]
    for (sa, _), (sb, _), va, vb in zip(distinct, distinct[1:], value, value[1:]):
        # a higher score is a better low for pokerkit too, an equal one an equal low
        assert (sa < sb, sa == sb) == (va < vb, va == vb), (va, vb)
    assert len(distinct) > 20_000


def test_batch_scores_classes_and_refusals():
    rows = np.array([[12, 0, 1, 2, 3, 20, 24], [11, 10, 9, 8, 7, -1, -1]], np.int8)
    scores = E.scores(rows, "razz").tolist()
    classes = E.classes(rows, "razz").tolist()
    assert classes[0] == 1 and scores[0] == L.all_scores()[0]
    assert scores[1] == L.score([11, 10, 9, 8, 7]) and classes[1] == L.hand_class(scores[1])
    with pytest.raises(pokercli.PokerError, match="hand 0 holds the same card twice"):
        E.scores(np.array([[1, 1, 2, 3, 4]], np.int8), "razz")
    with pytest.raises(pokercli.PokerError, match="hand 0 has 4 cards"):
        E.scores(np.array([[1, 2, 3, 4, -1]], np.int8), "razz")


@pytest.mark.parametrize("game,width", [("razz", 7), ("razz", 5), ("a5-triple", 5), ("27-single", 5)])
def test_byte_rows_take_the_holdem_batch_kernel_with_the_same_values(game, width):
    """Rows of five or seven one-byte cards in razz, ace-to-five and
    deuce-to-seven go through hold'em's batch kernels over the game's class
    tables (razz's with card keys that count no suit): every value equal to
    the general kernel's (the same cards as int64 rows), scores and classes,
    int8 and uint8, flushes and wheels included; a refused row (a card twice,
    padding, a byte that is no card) leaves the batch to the general kernel,
    which names the row."""
    rng = np.random.default_rng(8 + width)
    rows = np.argsort(rng.random((50_000, 52)), axis=1)[:, :width].astype(np.int8)
    # one-suit rows (flushes, which only deuce-to-seven counts) and the wheel
    rows[:500] = np.sort(rng.permuted(np.tile(np.arange(13), (500, 1)), axis=1)[:, :width], axis=1)
    rows[500, :5] = [12, 13, 27, 41, 3]  # A 2 3 4 5 of mixed suits
    rows[501, :5] = [12, 0, 1, 2, 3]  # the same in one suit
    general = E.scores(rows.astype(np.int64), game)
    tables = E._deuce_seven5_tables() if game == "27-single" else E._razz7_tables()
    ranking = "deuce-to-seven" if game == "27-single" else "razz"
    assert E._byte_batch(rows.view(np.uint8), tables, E._score_of_class_u32(ranking), ranking)[0] == -1
    for dtype in (np.int8, np.uint8):
        got = E.scores(rows.astype(dtype), game)
        assert got.dtype == np.uint32 and (got == general).all()
        classes = E.classes(rows.astype(dtype), game)
        assert classes.dtype == np.uint16 and (classes == E.classes(rows.astype(np.int64), game)).all()
    if game != "27-single":  # razz takes short rows: a padded row hands the rest on
        mixed = rows[:10].copy()
        mixed[4, width - 1] = -1
        if width == 5:
            with pytest.raises(pokercli.PokerError, match="hand 4 has 4 cards"):
                E.scores(mixed, game)
        else:
            got = E.scores(mixed, game)
            assert (got[:4] == general[:4]).all() and (got[5:] == general[5:10]).all()
            assert got[4] == E.scores(mixed[4:5].astype(np.int64), game)[0]
    bad = rows[:10].copy()
    bad[7, 3] = bad[7, 2]
    with pytest.raises(pokercli.PokerError, match="hand 7 holds the same card twice"):
        E.scores(bad, game)
    bad = rows[:10].astype(np.uint8)
    bad[6, 0] = 60
    with pytest.raises(pokercli.PokerError, match="card ids are 0..51"):
        E.scores(bad, game)


def _naive_equity(holes, dead=()):
    want, runouts = naive.game_equity("razz", holes, (), dead, range(52), 7, 0)
    return want, runouts


@pytest.mark.parametrize("spot,dead", [
    (["As 2d 3h 4c 9h Kd", "Kc 3d 4s 6h 7h 8d"], "5c 5d 5s 5h 6c 6d 6s 7c 7d 7s 8c 8h 8s 9c 9d 9s Tc Td Ts Th"),
    (["As 2d 3h 4c 9h Kd", "Kc 3d 4s 6h 7h 8d", "2c 2h 3c 3s Qc Qd"],
     "5c 5d 5s 5h 6c 6d 6s 7c 7d 7s 8c 8h 8s 9c 9d 9s Tc Td Ts Th Jc Jd"),
    (["As 2d 3h 4c 9h", "Kc 3d 4s 6h 7h"],
     "5c 5d 5s 5h 6c 6d 6s 7c 7d 7s 8c 8h 8s 9c 9d 9s Tc Td Ts Th Jc Jd Js Jh Qc Qd"),
])
def test_exact_equity_against_the_plain_enumeration(spot, dead):
    holes = [C.parse(h) for h in spot]
    want, runouts = _naive_equity(holes, C.parse(dead))
    r = pokercli.equity(spot, dead=dead, game="razz", method="exact")
    assert r.deals == runouts == r.boards
    for p, w in zip(r.players, want):
        assert p.equity == pytest.approx(float(w), abs=1e-12)
    mc = pokercli.equity(spot, dead=dead, game="razz", method="monte-carlo", samples=100_000, seed=3)
    for p, w in zip(mc.players, want):
        assert abs(p.equity - float(w)) <= 4 * p.stderr + 1e-9


def test_fifth_street_heads_up_exact_and_sampled():
    """Fifth street heads-up (671,580 deals): the kernel's counts add up, and a
    sampled estimate agrees within four standard errors."""
    spot = ["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"]
    r = pokercli.equity(spot, game="razz")
    assert r.method == "exact" and r.deals == 671_580
    p, q = r.players
    assert p.wins + q.wins + p.ties == r.deals  # heads-up: each deal is won by one or tied
    mc = pokercli.equity(spot, game="razz", method="monte-carlo", samples=400_000, seed=9)
    assert abs(mc.players[0].equity - p.equity) <= 4 * mc.players[0].stderr


@pytest.mark.parametrize("game,spot,dead", [
    ("razz", ["(As 2d) 3h", "(Kd 3d) 4s"], ""),
    ("razz", ["(As 2d) 3h 4c", "(Kd 3d) 4s 6h", "(5c 5d) 5h 8s"], "7c 9d"),
    ("stud", ["(As Ad) Kh", "(Qs Qd) Jh Tc", "(9c 8c) 7c"], "2c"),
    ("27-single", ["7s 5d 4h", "8s 6d 2c 3h"], ""),
    ("a5-triple", ["As 2d", "3s 4d 5h"], "Ac"),
    ("badugi", ["As 2d 3h", "Kc", "Qh 9d"], ""),
    ("stud-hilo", ["(As 2d) 3h", "(Kd Ks) 4s"], ""),
    ("stud-hilo", ["(As 2s) 3s 4s", "(Ah 2h) 3d 4h", "(Kd Qd) Jd Td"], "5c 5d"),
    ("stud-hilo", ["(8c 7c) 6c 5c 9h", "(Ac 2c) 3h Kd 9d"], "4c"),
])
def test_the_sampling_kernel_deals_and_counts_as_the_general_one(game, spot, dead):
    """Monte Carlo goes through a sampling kernel of its own (``stud_samples``;
    stud hi-lo's ``hilo_samples``): from the same seed it deals the same cards
    as ``stud_showdowns``' sampling mode (the same shuffle, each player the
    next positions in turn) and counts every tally the same, hand types
    included, batch by batch (flushes, which ``stud_samples`` values by a
    branch of their own, included; in hi-lo split and quartered lows, deals
    with no low, scoops)."""
    from pokercli.equity_calc import stud as S
    from pokercli.equity_calc.spot import make_spot

    st = make_spot(spot, game=game, dead=dead)
    tables = S.kernel_tables(st.game)
    assert tables[1] == (game == "stud-hilo") and (tables[2] >> K.CARD_SHIFT == 0).all()  # room for each id
    hands, sizes, pool, missing = S.layout(st)
    first = S.places(tuple(missing), first=True)
    for seed, n in [(1, 1), (7, 3000), (2**63 + 5, 20_000)]:
        want = S.split_tallies(len(spot))
        call(K.stud_showdowns, hands, sizes, pool, first, 0, n, True, np.uint64(seed), *tables, True, *want)
        got = S._sample_batch((hands, sizes, pool, first), n, seed, tables, True, len(spot))
        for w, g in zip(want, got):
            assert (w == g).all()
        assert got[5][1] == n and got[0].sum() + got[1].sum() >= n and got[6].sum() == n * len(spot)
    if tables[1]:  # hi-lo: the last batch had deals with a low, with none, and (in the second spot) split lows
        assert got[2].sum() > 0 and 0 < got[5][0] < n and (got[2][:, 2].sum() > 0 or "4s" not in spot[0])


def test_standing_against_every_unseen_hand_matches_a_plain_count():
    """percentile against every hand of the unseen cards (few left, the rest dead)."""
    hero = C.parse("As 2d 3h 4c 9h Kd Ks")
    dead = [c for c in range(52) if c not in hero][:30]
    p = pokercli.percentile(C.format_cards(hero), dead=C.format_cards(dead), game="razz")
    unseen = [c for c in range(52) if c not in hero and c not in dead]
    mine = naive.razz_value(hero)
    tally = Counter()
    for opp in combinations(unseen, 7):
        v = naive.razz_value(list(opp))
        tally["beats" if mine > v else "ties" if mine == v else "loses"] += 1
    n = sum(tally.values())
    assert p.opponents == n
    assert (p.beats, p.ties, p.loses) == pytest.approx((tally["beats"] / n, tally["ties"] / n,
                                                        tally["loses"] / n), abs=1e-12)


def test_eight_or_better_lows_against_pokerkit_on_200000_random_hands():
    """Stud hi-lo's low (the batch's ``lows``): pokerkit's EightOrBetterLowHand
    finds a low exactly where the kernel does, and orders the lows as the kernel's
    8-bit rank sets do (smaller is better). Values per distinct rank multiset."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(8)
    hands = [rng.sample(range(52), rng.choice((5, 6, 7, 7))) for _ in range(200_000)]
    rows = np.full((len(hands), 7), -1, np.int8)
    for i, h in enumerate(hands):
        rows[i, :len(h)] = h
    lows = E.lows(rows, "stud-hilo").tolist()
    by_ranks: dict = {}
    for h, low in zip(hands, lows):
        by_ranks.setdefault(tuple(sorted(c % 13 for c in h)), (low, h))
    qualified = []
    for low, h in by_ranks.values():
        text = "".join(C.card_name(c) for c in h)
        try:
            value = pokerkit.EightOrBetterLowHand.from_game(text)
        except ValueError:
            assert low == 0, text
            continue
        assert low != 0 and bin(low).count("1") == 5, text
        qualified.append((low, value))
    qualified.sort(key=lambda lv: -lv[0])  # worst first
    for (la, va), (lb, vb) in zip(qualified, qualified[1:]):
        assert (la > lb, la == lb) == (va < vb, va == vb)
    assert len(qualified) > 1000


@pytest.mark.parametrize("wide", [True, False])
def test_lows_of_seven_card_rows_as_a_plain_count_gives_them(wide, monkeypatch):
    """Seven-card rows (the batch format, where the AVX-512 kernel reads the
    lows with the highs, and the scalar one leaves them to a pass of their
    own): every row's low is the set of its five lowest ranks ace to eight, 0
    without five, in int8, uint8 and int64 batches, batch sizes that leave
    rows past the last step of sixteen included. ``wide`` False: as on a CPU
    without AVX-512, whatever this one has."""
    if not wide:
        monkeypatch.setattr(E, "_wide_ok", lambda: False)
    rng = np.random.default_rng(21)
    hands = np.argsort(rng.random((40_003, 52)), axis=1)[:, :7]
    hands[:300] = np.sort(hands[:300] % 8 + 13 * (np.arange(7) % 4), axis=1)  # rows rich in low ranks

    def plain(row):
        ranks = sorted({(c % 13 + 1) % 13 for c in row} & set(range(8)))
        return sum(1 << r for r in ranks[:5]) if len(ranks) >= 5 else 0

    hands = hands[[len(set(h)) == 7 for h in hands.tolist()]]
    want = [plain(h) for h in hands.tolist()]
    assert 0 < sum(w > 0 for w in want) < len(want)
    for dtype in (np.int8, np.uint8, np.int64):
        for n in (len(want), 35, 18):
            assert E.lows(hands[:n].astype(dtype), "stud-hilo").tolist() == want[:n]
    g = pokercli.games.game("stud-hilo")
    high, low = E.evaluate_any_five(hands.astype(np.int8), g, E.identity_classes(g.rule.key), lows=True)
    assert low is not None and low.tolist() == want
    assert (high == E.classes(hands.astype(np.int8), "stud-hilo")).all()


def test_every_set_of_low_ranks_gets_its_five_lowest_as_its_low():
    """Exhaustively over the sets of ranks ace to eight that seven cards can
    hold (with kings and a queen filling the hand): a set of five or more has
    its five lowest as its low, a smaller one none; 56 lows in all (C(8, 5))."""
    rows, want = [], []
    for size in range(1, 8):
        for ranks in combinations(range(8), size):  # ace-low: 0 is the ace
            cards = [13 * (i % 4) + (r - 1) % 13 for i, r in enumerate(ranks)]  # card rank 12 is the ace
            cards += [13 * i + 11 for i in range(min(4, 7 - size))]  # kings
            cards += [13 * i + 10 for i in range(7 - len(cards))]  # queens, where seven are not reached
            rows.append(cards)
            want.append(sum(1 << r for r in ranks[:5]) if size >= 5 else 0)
    got = E.lows(np.array(rows, np.int8), "stud-hilo").tolist()
    assert got == want
    assert len({x for x in got if x}) == 56


# --- deuce-to-seven (27-single) ----------------------------------------------------------

def _representatives():
    """One five-card hand of each rank multiset (suits spread: no flush) and one
    suited hand of each set of five ranks: every deuce-to-seven value."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen = Counter()
        hand = []
        for r in ranks:
            hand.append(13 * seen[r] + r)
            seen[r] += 1
        if len(set(ranks)) == 5:  # spread the suits so that it is no flush
            hand[0] = 13 + ranks[0]
        hands.append(hand)
    for ranks in combinations(range(13), 5):
        hands.append([r for r in ranks])  # one suit group: a flush
    return hands


def test_deuce_to_seven_on_every_value():
    """Every distinct deuce-to-seven hand (7,462) through the batch: the score is
    lowball's, and the order is the plain rule's (tests/naive.py), the wheel
    ace-high and 7-5-4-3-2 the best."""
    hands = _representatives()
    rows = np.array(hands, np.int8)
    got = E.scores(rows, "27-single").tolist()
    classes = E.classes(rows, "27-single").tolist()
    assert len(set(got)) == 7462 and sorted(set(classes)) == list(range(1, 7463))
    assert got == [L.score_27(h) for h in hands]
    want = [naive.deuce_seven_value(h) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: got[i])
    for a, b in zip(order, order[1:]):
        assert (got[a] < got[b]) == (want[a] < want[b]) and (got[a] == got[b]) == (want[a] == want[b])
    best = L.all_scores_27()[0]
    assert L.describe_27(best) == "7-5-4-3-2"
    wheel = L.score_27(C.parse("As 5d 4h 3c 2s"))
    assert L.describe_27(wheel) == "A-5-4-3-2" and L.type_name_27(wheel) == "HIGH_CARD"
    assert L.score_27(C.parse("8s 6d 4h 3c 2s")) > wheel  # the wheel is ace-high: worse than 8-6


def test_deuce_to_seven_against_pokerkit_on_200000_random_hands():
    """pokerkit's StandardLowHand (deuce-to-seven) orders 200,000 random hands as
    the batch scores do; a hand's value is its ranks and whether it is a flush,
    so pokerkit values each such kind once."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(27)
    hands = [rng.sample(range(52), 5) for _ in range(200_000)]
    got = E.scores(np.array(hands, np.int8), "27-single").tolist()
    kinds: dict = {}
    for h, s in zip(hands, got):
        key = (tuple(sorted(c % 13 for c in h)), len({c // 13 for c in h}) == 1)
        if key in kinds:
            assert kinds[key][0] == s
        else:
            kinds[key] = (s, h)
    distinct = sorted(kinds.values(), key=lambda sh: sh[0])
    value = [pokerkit.StandardLowHand.from_game("".join(C.card_name(c) for c in h)) for _, h in distinct]
    for (sa, _), (sb, _), va, vb in zip(distinct, distinct[1:], value, value[1:]):
        assert (sa < sb, sa == sb) == (va < vb, va == vb), (va, vb)
    assert len(distinct) > 5000


def test_deuce_to_seven_draws_against_the_plain_enumeration():
    """One draw to come, with wheels and straights among the draws: exact equity
    equals naive enumeration (the kernel's own deuce-to-seven values), and
    standing against every unseen hand a plain count."""
    spot = ["As 4d 3h 2c", "7s 6d 5c 3s", "8h 6h 4h 2h"]
    dead = "Kd Kc Ks Kh Qd Qc Qs Qh Jd Jc Js Jh Td Tc Ts Th 9d 9c 9s 9h 8d 8c 8s 7d 7c 7h 6s 6c"
    holes = [C.parse(h) for h in spot]
    want, runouts = naive.game_equity("27-single", holes, (), C.parse(dead), range(52), 5, 0)
    r = pokercli.equity(spot, dead=dead, game="27-single", method="exact")
    assert r.deals == runouts
    for p, w in zip(r.players, want):
        assert p.equity == pytest.approx(float(w), abs=1e-12)
    hero = C.parse("7s 5d 4h 3c 2s")
    dead_cards = [c for c in range(52) if c not in hero][:32]
    p = pokercli.percentile(C.format_cards(hero), dead=C.format_cards(dead_cards), game="27-single")
    unseen = [c for c in range(52) if c not in hero and c not in dead_cards]
    mine = naive.deuce_seven_value(hero)
    n = beats = ties = 0
    for opp in combinations(unseen, 5):
        v = naive.deuce_seven_value(list(opp))
        n += 1
        beats += mine > v
        ties += mine == v
    assert p.opponents == n and (p.beats, p.ties) == pytest.approx((beats / n, ties / n), abs=1e-12)


# --- badugi ------------------------------------------------------------------------------

def test_the_facts_of_badugi():
    scores = L.all_scores_badugi()
    assert len(scores) == L.BADUGI_CLASS_COUNT == 1092
    assert Counter(L.type_name_badugi(s) for s in scores) == {"BADUGI": 715, "THREE_CARD": 286,
                                                              "TWO_CARD": 78, "ONE_CARD": 13}
    assert L.describe_badugi(scores[0]) == "a 4-card badugi, 4-3-2-A"
    assert L.describe_badugi(scores[714]) == "a 4-card badugi, K-Q-J-T"  # beats every 3-card hand
    assert L.describe_badugi(scores[-1]) == "a 1-card hand, K"
    with pytest.raises(pokercli.PokerError, match="hand 1 holds the same card twice"):
        E.scores(np.array([[0, 1, 2, 3], [4, 5, 6, 4]], np.int8), "badugi")
    with pytest.raises(pokercli.PokerError, match=r"shape \(n, 4\)"):
        E.scores(np.array([[0, 1, 2, 3, 4]], np.int8), "badugi")


def test_badugi_batch_reads_a_row_in_any_order_and_names_a_card_twice_anywhere():
    """The batch orders a row's cards itself: every order of a hand's cards has
    its value, and a card held twice is found whichever two places hold it."""
    from itertools import permutations

    rng = np.random.default_rng(11)
    hands = np.argsort(rng.random((3000, 52)), axis=1)[:, :4].astype(np.int8)
    want = E.scores(np.sort(hands, axis=1), "badugi")
    for order in permutations(range(4)):
        assert (E.scores(np.ascontiguousarray(hands[:, order]), "badugi") == want).all()
        assert (E.scores(hands[:, order].astype(np.int64), "badugi") == want).all()
    for i, j in combinations(range(4), 2):
        bad = hands[:5].copy()
        bad[3, j] = bad[3, i]
        with pytest.raises(pokercli.PokerError, match="hand 3 holds the same card twice"):
            E.scores(bad, "badugi")
    with pytest.raises(pokercli.PokerError, match="hand 0 holds the same card twice"):
        E.scores(np.full((2, 4), 51, np.uint8), "badugi")
    for value, dtype in [(52, np.uint8), (63, np.int8), (64, np.uint8), (127, np.int8), (128, np.uint8),
                         (255, np.uint8), (-1, np.int8), (-128, np.int8)]:  # ids the kernel itself refuses
        bad = hands[:6].copy().astype(dtype)
        bad[4, 2] = value
        with pytest.raises(pokercli.PokerError, match="hand 4 holds a number that is no card: card ids are 0..51"):
            E.scores(bad, "badugi")
    with pytest.raises(pokercli.PokerError, match="card ids are 0..51"):
        E.scores(np.array([[0, 1, 2, 256 + 3]], np.int64), "badugi")  # not narrowed to a card


def test_badugi_on_every_four_card_hand():
    """All C(52, 4) = 270,725 hands through the batch against the plain rule
    (tests/naive.py), per kind: a badugi depends on the ranks and on which cards
    share a suit, so hands equal up to a renaming of suits are valued once."""
    from itertools import permutations

    hands = np.array(list(combinations(range(52), 4)), np.int8)
    got = E.scores(hands, "badugi").tolist()
    assert sorted(set(E.classes(hands, "badugi").tolist())) == list(range(1, 1093))
    cards = hands.astype(np.int64)
    kind = np.full(len(hands), np.iinfo(np.int64).max)
    for p in permutations(range(4)):  # a hand's kind: the least of its sorted cards over the renamings of suits
        renamed = np.sort(np.array(p)[cards // 13] * 13 + cards % 13, axis=1)
        np.minimum(kind, (renamed << np.array([18, 12, 6, 0])).sum(axis=1), out=kind)
    _, first, which = np.unique(kind, return_index=True, return_inverse=True)
    scores = np.array(got)
    assert np.array_equal(scores, scores[first][which])  # hands of one kind are valued alike
    values = sorted(zip(scores[first].tolist(), hands[first].tolist()), key=lambda sh: sh[0])
    plain = [naive.badugi_value(h) for _, h in values]
    for (sa, ha), (sb, hb), va, vb in zip(values, values[1:], plain, plain[1:]):
        assert (sa < sb, sa == sb) == (va < vb, va == vb), (ha, hb)
    assert all(L.score_badugi(h) == s for s, h in values[::50])


def test_badugi_against_pokerkit():
    """pokerkit's BadugiHand orders every kind of four-card hand as the batch does."""
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(4)
    hands = [rng.sample(range(52), 4) for _ in range(200_000)]
    got = E.scores(np.array(hands, np.int8), "badugi").tolist()
    by_value: dict = {}
    for h, s in zip(hands, got):
        by_value.setdefault(s, h)
    distinct = sorted(by_value.items())
    value = [pokerkit.BadugiHand.from_game("".join(C.card_name(c) for c in h)) for _, h in distinct]
    for va, vb in zip(value, value[1:]):
        assert va < vb  # each distinct score a strictly better hand for pokerkit too
    assert len(distinct) > 1000  # nearly every one of the 1,092 badugi values


def test_badugi_draws_against_the_plain_enumeration():
    spot = ["As 2d 3h", "Ks 2c 4h 7d", "5c 6d"]
    dead = "8s 8d 8h 8c 9s 9d 9h 9c Ts Td Th Tc Js Jd Jh Jc Qs Qd Qh Qc Kd Kh Kc 6s 6h 7s 7h 7c 5s 5h"
    holes = [C.parse(h) for h in spot]
    want, runouts = naive.game_equity("badugi", holes, (), C.parse(dead), range(52), 4, 0)
    r = pokercli.equity(spot, dead=dead, game="badugi", method="exact")
    assert r.deals == runouts
    for p, w in zip(r.players, want):
        assert p.equity == pytest.approx(float(w), abs=1e-12)


def test_a_sample_lists_one_way_to_give_out_the_cards_not_all():
    """Monte Carlo gives each player the next unseen positions in turn (the first
    way of :func:`places`). It used to list every way and keep the first: seven
    players from third street have about 4.7 * 10^17, and listing them took
    every byte of memory (a crash, where the command should have sampled)."""
    from pokercli.equity_calc import stud as S

    for missing in [(4, 4), (2, 3, 1), (0, 4, 2), (3,)]:
        assert (S.places(missing, first=True) == S.places(missing)[:1]).all()
    first = S.places((4,) * 7, first=True)
    assert first.shape == (1, 7, 7) and [list(row[:4]) for row in first[0]] == [
        list(range(4 * p, 4 * p + 4)) for p in range(7)]


def test_seven_players_from_third_street_sample(monkeypatch):
    """auto samples a spot far past exact, and each batch lists one way alone
    (the listing is refused here, so that a return of it fails, not crashes)."""
    from pokercli.equity_calc import stud as S

    every = S.places

    def one_way(missing, first=False):
        assert first or math.prod(range(1, sum(missing) + 1)) < 10**9, "every way listed for a sample"
        return every(missing, first)

    monkeypatch.setattr(S, "places", one_way)
    spot = [f"({r}d {r}s) {r}h" for r in "AKQJT98"]
    r = pokercli.equity(spot, game="razz", seed=1)
    assert r.method == "monte-carlo" and "sampled instead" in r.note
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-9)
    assert r.players[0].equity > r.players[1].equity  # the aces' low against the kings'
