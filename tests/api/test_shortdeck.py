"""Short deck: the kernels' tables and the light evaluator against a plain
counting reference on every five- and seven-card hand, exact equity against a
plain enumeration, Monte Carlo against exact, and the errors."""

import math
import random
from collections import Counter
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import pokercli
from pokercli import cards as C
from pokercli import evaluate as E
from pokercli import shortdeck as S
from tests import naive

RANKINGS = ["shortdeck", "shortdeck-straight"]
DECK = naive.SHORTDECK_DECK
#: The kernel's type names -> the reference's category names.
CATEGORY = {"HIGH_CARD": "high card", "PAIR": "pair", "TWO_PAIR": "two pair", "THREE_OF_A_KIND": "trips",
            "STRAIGHT": "straight", "FLUSH": "flush", "FULL_HOUSE": "full house",
            "FOUR_OF_A_KIND": "quads", "STRAIGHT_FLUSH": "straight flush"}


def all_combos(n, k):
    """Every k-subset of range(n) in lexicographic order, as a uint8 array (NumPy, no Python loop per row)."""
    rows = np.arange(n, dtype=np.uint8).reshape(-1, 1)
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        reps = n - 1 - last
        base = np.repeat(rows, reps, axis=0)
        starts = np.repeat(last + 1 - np.concatenate([[0], np.cumsum(reps)[:-1]]), reps)
        rows = np.hstack([base, (np.arange(len(base)) + starts).astype(np.uint8).reshape(-1, 1)])
    return rows


@pytest.fixture(scope="module")
def five_card_facts():
    """Every C(36,5) hand: the reference's value and each ranking's kernel class."""
    hands = all_combos(36, 5)
    deck = np.array(DECK, np.int8)
    cards = deck[hands]
    values = [naive.shortdeck_category5(h) for h in cards.tolist()]
    kernel = {r: E.classes(cards, game=r) for r in RANKINGS}
    return hands, cards, values, kernel


def test_five_card_category_counts_are_the_combinatorial_facts(five_card_facts):
    """Counted by the reference and by the kernel, equal to the counts by formula."""
    _, _, values, kernel = five_card_facts
    c = math.comb
    facts = {"straight flush": 6 * 4, "quads": 9 * 8 * 4, "flush": (c(9, 5) - 6) * 4,
             "full house": 9 * 4 * 8 * 6, "straight": 6 * (4 ** 5 - 4),
             "trips": 9 * 4 * c(8, 2) * 16, "two pair": c(9, 2) * 36 * 7 * 4,
             "pair": 9 * 6 * c(8, 3) * 64, "high card": (c(9, 5) - 6) * (4 ** 5 - 4)}
    assert sum(facts.values()) == c(36, 5)
    assert Counter(name for name, _ in values) == facts
    for r in RANKINGS:
        types = S.type_names(r)
        by_class = {k: types[int(E.score_of_class(r)[k]) >> 26] for k in range(1, 1405)}
        assert Counter(CATEGORY[by_class[k]] for k in kernel[r].tolist()) == facts


@pytest.mark.parametrize("ranking", RANKINGS)
def test_kernel_orders_every_five_card_hand_as_the_reference(five_card_facts, ranking):
    """The kernel's classes sort all 376,992 hands exactly as the reference's values:
    equal values share a class, a better value has a smaller class; 1,404 classes."""
    _, _, values, kernel = five_card_facts
    order = naive.SHORTDECK_ORDER[ranking]
    keyed = sorted(set((order.index(n), tuple(t)) for n, t in values), reverse=True)
    expected_class = {v: i + 1 for i, v in enumerate(keyed)}
    assert len(keyed) == 1404
    got = kernel[ranking].tolist()
    want = [expected_class[(order.index(n), tuple(t))] for n, t in values]
    assert got == want


def test_every_seven_card_hand_equals_the_reference(five_card_facts):
    """All C(36,7) = 8,347,680 hands, both rankings: the kernel's class of the seven
    cards equals the reference's best over the 21 five-card subsets (each
    subset's reference value looked up by its combination index), and so do
    the counts of each hand type."""
    hands5, _, values, _ = five_card_facts
    hands7 = all_combos(36, 7)
    deck = np.array(DECK, np.int8)
    for ranking in RANKINGS:
        order = naive.SHORTDECK_ORDER[ranking]
        keyed = [(order.index(n), tuple(t)) for n, t in values]
        rank_of = {v: i + 1 for i, v in enumerate(sorted(set(keyed), reverse=True))}
        table = np.zeros(math.comb(36, 5), np.int64)
        table[_colex(hands5)] = [rank_of[v] for v in keyed]  # the reference's class of each five
        best = _best_of_fives(table, hands7)
        got = E.classes(deck[hands7], game=ranking).astype(np.int64)
        assert np.array_equal(got, best)
        type_of = np.array([0] + [int(s) >> 26 for s in E.score_of_class(ranking)[1:]])
        counts = np.bincount(type_of[got], minlength=10)
        assert counts.sum() == math.comb(36, 7)
        assert counts[1:].min() > 0


def _best_of_fives(table, hands7, chunk=1 << 20):
    """The least ``table[_colex(five)]`` over the 21 five-card subsets of each
    7-card row: a subset's colex index is the sum of C(card, place + 1) over
    its cards, each term read from the row's cards once a chunk of rows."""
    binom = np.array([[math.comb(n, k) for k in range(6)] for n in range(64)], np.int32)
    best = np.empty(len(hands7), np.int64)
    for lo in range(0, len(hands7), chunk):
        rows = hands7[lo:lo + chunk].astype(np.int64)
        term = {(j, k): binom[rows[:, j], k + 1] for j in range(7) for k in range(5) if k <= j <= k + 2}
        part = np.full(len(rows), 10_000, np.int64)
        for pick in combinations(range(7), 5):
            index = sum(term[j, k] for k, j in enumerate(pick))
            np.minimum(part, table[index], out=part)
        best[lo:lo + chunk] = part
    return best


def _colex(rows):
    """Colexicographic index of each sorted k-subset row: sum of C(c_j, j + 1)."""
    binom = np.array([[math.comb(n, k) for k in range(8)] for n in range(64)], np.int64)
    rows = np.asarray(rows, np.int64)
    return sum(binom[rows[:, j], j + 1] for j in range(rows.shape[1]))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(RANKINGS), st.integers(5, 7), st.permutations(DECK))
def test_light_evaluator_and_kernel_equal_the_reference(ranking, n, deck):
    """`rank --game` uses the light evaluator (the seed's reductions, the wheel
    and the type order changed): it picks the reference's best value, and the
    kernel's score equals it."""
    cards = deck[:n]
    score, five = S.best_five(cards, ranking)
    assert naive.shortdeck_value(five, ranking) == naive.shortdeck_value(cards, ranking)
    row = np.full((1, 7), -1, np.int8)
    row[0, :n] = cards
    assert int(E.scores(row, game=ranking)[0]) == score


def test_pokerkit_agrees_with_the_straight_ranking_on_random_pairs_of_hands():
    """pokerkit's short deck hand (a straight beats three of a kind there) orders
    2,000 random pairs of seven-card hands on a shared board as the kernel does."""
    import pokerkit  # an oracle of the test extra
    from pokercli import cards as C

    rng = random.Random(5)
    rows, pairs = [], []
    for _ in range(2000):
        d = rng.sample(DECK, 9)
        rows += [d[:2] + d[4:], d[2:4] + d[4:]]
        pairs.append(d)
    scores = E.scores(np.array(rows, np.int8), game="shortdeck-straight").tolist()
    for i, d in enumerate(pairs):
        name = lambda cs: "".join(C.card_name(c) for c in cs)  # noqa: E731
        a = pokerkit.ShortDeckHoldemHand.from_game(name(d[:2]), name(d[4:]))
        b = pokerkit.ShortDeckHoldemHand.from_game(name(d[2:4]), name(d[4:]))
        want = (a > b) - (a < b)
        got = (scores[2 * i] > scores[2 * i + 1]) - (scores[2 * i] < scores[2 * i + 1])
        assert got == want, d


def parse_ranges(ranges, board, dead):
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(ranges, board, dead, "shortdeck")
    return [p.combos for p in spot.players]


@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("players,board,dead", [
    (["As Kd", "Qh Qc", "9s 8s"], "Js Tc 6h", ""),
    (["Ah 9h", "Kc Kd", "7s 8s"], "6h 7h Tc Td", ""),
    (["QQ+,AKs", "Ts 9s", "JJ,T9s"], "Jc 8d 7h 6s", "Ah"),
    (["KQs:2,JTo:0.5", "88-66"], "Ac 9c 6d 7h", "Kd"),
    # a flop range whose combos meet runout cards: a card counted twice once read past
    # the end of the short deck's table (a crash in the kernel, an IndexError in NumPy)
    (["As Qh", "QQ+,AKs"], "Kh Ac Qc", ""),
])
def test_exact_equity_equals_a_plain_enumeration(ranking, players, board, dead):
    from pokercli import cards as C

    r = pokercli.equity(players, board=board, dead=dead, game=ranking, method="exact")
    board_cards, dead_cards = C.parse(board), C.parse(dead) if dead else []
    ranges = parse_ranges(players, board, dead)
    eq, wins, ties, total = naive.equity(ranges, board_cards, dead_cards,
                                         score=lambda cs: naive.shortdeck_value(cs, ranking),
                                         deck=DECK)
    assert r.boards == total
    for p, e, w, t in zip(r.players, eq, wins, ties):
        assert p.wins == w and p.ties == t
        assert p.equity == pytest.approx(e, abs=1e-12)


@pytest.mark.parametrize("players", [["As Ks", "Qh Qd"], ["Ah Kh", "Qc Qd", "Ts 9s"]])
def test_preflop_boards_counted_with_suit_symmetry_equal_every_board(players):
    """Preflop, the heads-up and multiway kernels skip boards equal up to suits;
    counting hand types takes the kernel that scores every board. Same counts."""
    fast = pokercli.equity(players, game="shortdeck")
    every = pokercli.equity(players, game="shortdeck", categories=True)
    assert fast.boards == every.boards == math.comb(36 - 2 * len(players), 5)
    assert [(p.wins, p.ties) for p in fast.players] == [(p.wins, p.ties) for p in every.players]


def test_the_ranking_decides_trips_against_a_straight():
    """A set of nines against a ten-high straight on the river: the set wins in
    the Triton ranking, the straight in the other."""
    board = "9h 8c 7d Kc Ah"
    triton = pokercli.equity(["9s 9d", "Ts 6s"], board=board, game="shortdeck")
    variant = pokercli.equity(["9s 9d", "Ts 6s"], board=board, game="shortdeck-straight")
    assert (triton.players[0].equity, variant.players[0].equity) == (1.0, 0.0)


@pytest.mark.parametrize("players,board", [(["As Ks", "random"], ""), (["Ah Kh", "QQ+", "random"], "Qd 9h 6c")])
def test_monte_carlo_is_within_four_standard_errors_of_exact(players, board):
    exact = pokercli.equity(players, board=board, game="shortdeck", method="exact")
    mc = pokercli.equity(players, board=board, game="shortdeck", method="monte-carlo",
                         samples=400_000, seed=11)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) <= 4 * m.stderr + 1e-12


def test_random_players_are_dealt_from_the_short_deck():
    """A random player never holds a two to five: on the river a plain
    enumeration over short deck hands only gives the same counts."""
    r = pokercli.equity(["Ah Kh", "random"], board="Qh Jh 6c 7d 8s", game="shortdeck")
    ranges = parse_ranges(["Ah Kh", "random"], "Qh Jh 6c 7d 8s", "")
    assert len(ranges[1]) == math.comb(36 - 7, 2)
    _, wins, ties, total = naive.equity(ranges, [int(c) for c in pokercli.parse_cards("Qh Jh 6c 7d 8s")],
                                        score=lambda cs: naive.shortdeck_value(cs), deck=DECK)
    assert (r.players[0].wins, r.players[0].ties, r.boards) == (wins[0], ties[0], total)


@pytest.mark.parametrize("kwargs,param,text", [
    (dict(players=["2s 2h", "Ks Kh"]), "players", "2h, which shortdeck does not use"),
    (dict(players=["As Ah", "Ks Kh"], board="5c 6d 7h"), "board", "5c, which shortdeck does not use"),
    (dict(players=["As Ah", "Ks Kh"], dead="3c"), "dead", "3c"),
    (dict(players=["As Ah", "22-55"]), "players", "leaves out"),
])
def test_cards_outside_the_deck_are_refused(kwargs, param, text):
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity(game="shortdeck", **kwargs)
    assert e.value.param == param and text in str(e.value)


@pytest.mark.parametrize("ranking,hand,board,vs", [
    # the flop's hand potentials (two cards to come, 12 s of plain enumeration each) in one
    # ranking; one card to come and the river in both
    (RANKINGS[0], "As Ks", "Qs Js 6d", None),
    *[(ranking, hand, board, vs) for ranking in RANKINGS
      for hand, board, vs in [("9h 9d", "Th 8c 7d 6s", None), ("Ah 6h", "7h 8h Kc Kd Tc", "QQ+,AK,T9s")]]])
def test_percentile_equals_a_plain_enumeration(ranking, hand, board, vs):
    from pokercli import cards as C
    from pokercli import hand_strength as P

    p = pokercli.percentile(hand, board, vs=vs, game=ranking)
    opps = P.opponent_combos(C.parse(hand), C.parse(board), [], vs, S.LEFT_OUT)
    assert all(a in DECK and b in DECK for (a, b), _ in opps) and len(opps) == p.opponents
    beats, ties, loses, hp = naive.percentile(C.parse(hand), C.parse(board), opps,
                                              score=lambda cs: naive.shortdeck_value(cs, ranking), deck=DECK)
    total = beats + ties + loses
    assert (p.beats, p.ties, p.loses) == pytest.approx((beats / total, ties / total, loses / total))
    if len(C.parse(board)) < 5:
        assert p.hp == [pytest.approx(row) for row in hp]


def test_the_shipped_preflop_table_recomputed():
    """Every class is in the shipped table; three random entries recomputed by the
    enumeration agree to the count; percentile preflop reads it."""
    from pokercli import shortdeck_preflop as SP

    for ranking in RANKINGS:
        table = SP.table(ranking)
        assert sorted(table) == sorted(SP.classes()) and len(table) == 81
        # every hand of the other 34 cards, every board of the 32 left
        assert all(row["boards"] == math.comb(34, 2) * math.comb(32, 5) for row in table.values())
    rng = random.Random()
    for _ in range(3):
        ranking, name = rng.choice(RANKINGS), rng.choice(SP.classes())
        row = SP.table(ranking)[name]
        assert SP.compute(ranking, name) == {k: row[k] for k in ("win", "tie", "boards")}, (ranking, name)
    p = pokercli.percentile("AA", game="shortdeck")
    assert p.class_rank == 1 and p.equity == SP.table("shortdeck")["AA"]["equity"]


def test_rank_deal_and_showdown_in_short_deck(cli):
    import json

    code, out, _ = cli("rank", "--game", "shortdeck", "Ah 6d 7c 8s 9h", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["game"] == "shortdeck" and doc["description"] == "Straight, nine high"
    assert doc["class"] == S.hand_class(doc["score"], "shortdeck") and "reductions" not in doc
    code, out, _ = cli("rank", "--game", "shortdeck", "--board", "9h 8c 7d Kc Ah", "9s 9d", "Ts 6s", "--json")
    assert [p["result"] for p in json.loads(out)["players"]] == ["win", "lose"]
    code, out, _ = cli("rank", "--game", "shortdeck-straight", "--board", "9h 8c 7d Kc Ah", "9s 9d", "Ts 6s",
                       "--json")
    assert [p["result"] for p in json.loads(out)["players"]] == ["lose", "win"]
    code, out, err = cli("rank", "--game", "shortdeck", "As Ks Qs Js 2s")
    assert code == 2 and "2s, which shortdeck does not use" in err and out == ""
    d = pokercli.deal("shortdeck", players=8, seed=3, count=20)
    assert all(c in DECK for deal_ in d for h in deal_.hands + [deal_.board] for c in h)
    assert all(len(set(c for h in deal_.hands + [deal_.board] for c in h)) == 21 for deal_ in d)
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.deal("shortdeck", players=16)
    assert e.value.param == "players"


def test_a_checkpoint_names_its_game(tmp_path):
    """A hold'em checkpoint is not resumed as a short deck job of the same players
    (the counts differ): refused, the file untouched; its own game resumes it."""
    path = tmp_path / "job.ckpt"
    players = ["AKs,AQs", "QQ,JJ"]
    first = pokercli.equity(players, board="Qh Jh 6c", checkpoint=path)
    saved = path.read_bytes()
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity(players, board="Qh Jh 6c", game="shortdeck", checkpoint=path, resume=True)
    assert e.value.param == "checkpoint" and path.read_bytes() == saved
    again = pokercli.equity(players, board="Qh Jh 6c", checkpoint=path, resume=True)
    assert [p.wins for p in again.players] == [p.wins for p in first.players]
    sd = pokercli.equity(players, board="Qh Jh 6c", game="shortdeck", checkpoint=tmp_path / "sd.ckpt")
    plain = pokercli.equity(players, board="Qh Jh 6c", game="shortdeck")
    assert [p.wins for p in sd.players] == [p.wins for p in plain.players]


@pytest.mark.parametrize("width", [5, 7])
def test_batch_evaluation_refuses_a_card_outside_the_deck(width):
    """The kernel checks the deck in its own pass: the row and card are named."""
    rows = np.array([DECK[:width], DECK[1:width] + [0]], np.int8)  # card 0 is the two of hearts
    with pytest.raises(pokercli.PokerError) as e:
        E.scores(rows, game="shortdeck")
    assert "hand 1 holds 2h, which shortdeck does not use" in str(e.value) and e.value.param == "cards"
    assert E.scores(rows[:1], game="shortdeck")[0] > 0
    assert E.scores(rows, game="holdem").shape == (2,)


@pytest.mark.parametrize("game", ["shortdeck", "shortdeck-straight"])
def test_rank_stream_in_short_deck_equals_rank_and_names_a_card_the_deck_lacks(game):
    import io

    from pokercli.batch import rank_stream

    rng = random.Random(5)
    hands = [rng.sample(S.DECK, rng.choice((5, 6, 7))) for _ in range(300)]
    text = "\n".join(C.format_cards(h) for h in hands) + "\nAh 6d 7c 8s 5h\n" + "A♠ K♠ Q♠ J♠ T♠\n"
    out, err = io.BytesIO(), io.StringIO()
    report = rank_stream(io.BytesIO(text.encode()), out, game=game, err=err)
    assert report.hands == 301 and report.bad == 1
    assert "line 301" in err.getvalue() and "5h" in err.getvalue()
    lines = out.getvalue().decode().splitlines()
    for hand, line in zip(hands + [C.parse("As Ks Qs Js Ts")], lines[:300] + lines[-1:]):
        v = pokercli.rank(C.format_cards(hand), game=game)
        assert line.split("\t")[1:] == [str(v.hand_class), v.type, str(v.score)]


def test_rank_batch_cli_takes_short_deck_and_omaha_lines_need_a_board(cli):
    code, out, err = cli("rank", "-", "--game", "shortdeck", input="Ah 6d 7c 8s 9h\n")
    assert code == 0 and out.split("\t")[2] == "STRAIGHT"
    code, out, err = cli("rank", "-", "--game", "omaha", input="As Ks Qs Js Ts\n")
    assert code == 1 and out == "" and "Traceback" not in err
    assert "line 1: hand (4 hole cards, then a five-card board) 'As Ks Qs Js Ts' has 5 cards, expected 9" in err


@pytest.mark.parametrize("ranking", RANKINGS)
def test_the_numpy_counts_of_a_range_meeting_the_runouts(ranking):
    """The counts NumPy makes before Numba is loaded (pair_counts engine="numpy")
    equal the kernel's, on the flop range that once read past the table."""
    from pokercli.equity_calc.matchup import pair_counts
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(["As Qh", "QQ+,AKs"], "Kh Ac Qc", (), ranking)
    first, second = ([c for c, _ in p.combos] for p in spot.players)
    by_numpy = pair_counts(first, second, spot.board, (), ranking, engine="numpy")
    by_kernel = pair_counts(first, second, spot.board, (), ranking, engine="kernel")
    assert (by_numpy == by_kernel).all() and by_numpy[:, :, 2].sum() > 0
