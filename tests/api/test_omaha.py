"""The Omaha games: kernels against a plain reference, exact equity against a plain
enumeration, Monte Carlo against exact, and the errors."""

import json
import random
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import pokercli
from pokercli import cards as C
from pokercli import reference as R
from pokercli._kernels.omaha import evaluate as K
from pokercli._kernels.jit import call
from tests import naive

GAMES = ["omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo"]


def kernel_values(holes, boards):
    """(7463 - class, the kernel's low value) of each hole and board, through
    the batch API (the hi-lo game of that many hole cards, bytes)."""
    from pokercli import evaluate as E

    rows = np.column_stack([np.asarray(holes, np.int64), np.asarray(boards, np.int64)]).astype(np.uint8)
    game = {4: "omaha-hilo", 5: "omaha5-hilo", 6: "omaha6"}[rows.shape[1] - 5]
    high = 7463 - E.classes(rows, game).astype(np.int64)
    if game == "omaha6":  # no hi-lo game of six cards: the low of the kernel the API calls
        from pokercli._kernels.omaha.lookup import pair_parts, quad_tables, tables

        t = tables()
        bits = np.zeros(len(rows), np.uint8)
        call(K.evaluate_rows6, rows, E._keys256("standard"), E.kernel_tables()[1], t.board_index,
             *pair_parts(), *quad_tables(), t.flush_best, t.low_best, True,
             E._score_of_class_u32("standard"), False, np.empty(len(rows), np.uint16), bits)
    else:
        bits = E.lows(rows, game)
    bits = bits.astype(np.int64)
    return high, np.where(bits > 0, 256 - bits, 0)


def low_value(ranks):
    """The kernel's low value of five ranks (ace = 1 .. eight = 8): 256 - rank bits."""
    return 0 if ranks is None else 256 - sum(1 << (r - 1) for r in ranks)


def check_against_reference(holes, boards):
    high, low = kernel_values(holes, boards)
    for hole, board, h, l in zip(holes, boards, high, low):
        assert h == 7463 - R.hand_class(naive.omaha_high(hole, board)), (hole, board)
        assert l == low_value(naive.omaha_low(hole, board)), (hole, board)


@pytest.mark.parametrize("hole", [4, 5, 6])
def test_kernel_equals_the_reference_on_random_hands(hole):
    rng = random.Random(hole)
    deals = [rng.sample(range(52), hole + 5) for _ in range(600)]
    check_against_reference([d[:hole] for d in deals], [d[hole:] for d in deals])


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 6), st.permutations(range(52)))
def test_kernel_equals_the_reference_hypothesis(hole, deck):
    check_against_reference([deck[:hole]], [deck[hole:hole + 5]])


@pytest.mark.parametrize("hole_text,every", [("As Ah Ks Kh", True), ("2c 3d 4h 5s", False)])
def test_every_board_of_a_fixed_hole(hole_text, every):
    """All 1,712,304 boards (or 300,000 of them): the kernel against the best of
    the 60 five-card hands scored by the hold'em evaluator (checked against the
    seed on every five-card hand) and a low computed in NumPy."""
    from pokercli import evaluate as E

    hole = [int(c) for c in pokercli.parse_cards(hole_text)]
    deck = [c for c in range(52) if c not in hole]
    boards = np.array(list(combinations(deck, 5)), np.int64)
    if not every:
        boards = boards[np.random.default_rng(7).choice(len(boards), 300_000, replace=False)]
    high, low = kernel_values(np.tile(hole, (len(boards), 1)), boards)
    best = np.zeros(len(boards), np.int64)
    best_low = np.full(len(boards), 256, np.int64)
    low_bit = np.array([1 if c % 13 == 12 else (1 << (c % 13 + 1) if c % 13 <= 6 else 0)
                        for c in range(52)], np.int64)
    five = np.empty((len(boards), 5), np.int8)
    for tri in combinations(range(5), 3):  # every two of the hole with every three of the board
        five[:, 2:] = boards[:, tri]
        three = low_bit[boards[:, tri]]  # each board card's low bit (0: not a low card)
        three_sum, three_or, three_low = three.sum(axis=1), np.bitwise_or.reduce(three, axis=1), three.min(axis=1) > 0
        for pair in combinations(hole, 2):
            five[:, :2] = pair
            best = np.maximum(best, 7463 - E.classes(five).astype(np.int64))
            bits = low_bit[list(pair)].sum() + three_sum
            distinct = low_bit[pair[0]] | low_bit[pair[1]] | three_or
            ok = (low_bit[list(pair)].min() > 0) & three_low & (bits == distinct)
            best_low = np.where(ok, np.minimum(best_low, bits), best_low)
    assert np.array_equal(high, best)
    assert np.array_equal(low, np.where(best_low < 256, 256 - best_low, 0))


@pytest.mark.parametrize("game", GAMES)
def test_batch_api_bytes_and_wide_ids_agree_and_short_batches(game):
    """Byte rows and int64 rows give the same classes, scores are the classes'
    scores, and batches shorter than the kernel's ring (0 to 9 rows) are whole."""
    from pokercli import evaluate as E
    from pokercli._kernels.omaha.evaluate import RING

    h = pokercli.games.game(game).hole_cards
    rng = random.Random(h)
    rows = np.array([rng.sample(range(52), h + 5) for _ in range(500)], np.int64)
    classes = E.classes(rows.astype(np.uint8), game)
    assert np.array_equal(E.classes(rows, game), classes)
    assert np.array_equal(E.classes(rows.astype(np.int8), game), classes)
    assert E.scores(rows, game).tolist() == [E.score_of_class()[c] for c in classes.tolist()]
    for n in range(RING + 2):
        assert np.array_equal(E.classes(rows[:n], game), classes[:n])
    if "hilo" in game:
        assert np.array_equal(E.lows(rows, game), E.lows(rows.astype(np.uint8), game))
        assert np.array_equal(E.lows(rows[:3], game), E.lows(rows, game)[:3])


def test_batch_api_refuses_bad_rows_naming_them():
    from pokercli import evaluate as E
    from pokercli.errors import PokerError

    rng = random.Random(3)
    for game, h in (("omaha", 4), ("omaha5", 5), ("omaha6", 6)):
        rows = np.array([rng.sample(range(52), h + 5) for _ in range(40)], np.uint8)
        for col in range(h + 5):  # a card twice, in any column, and a byte that is no card
            twice = rows.copy()
            twice[17, col] = twice[17, (col + 1) % (h + 5)]
            with pytest.raises(PokerError, match="cards: hand 17 holds the same card twice"):
                E.classes(twice, game)
            for byte in (52, 63, 64, 65, 200, 255):
                bad = rows.copy()
                bad[23, col] = byte
                with pytest.raises(PokerError, match=f"cards: hand 23 holds {byte}, which is not a card id"):
                    E.classes(bad, game)
        wide = rows.astype(np.int64)
        wide[5, 0] = -1
        with pytest.raises(PokerError, match="card ids are 0..51"):
            E.classes(wide, game)
        with pytest.raises(PokerError, match=rf"shape \(n, {h + 5}\)"):
            E.classes(rows[:, 1:], game)
    with pytest.raises(PokerError, match="omaha has no low"):
        E.lows(rows[:, :9], "omaha")


SPOTS = [
    ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc"], "2h 7d 9s Jh", ""),
    ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc", "8h 8c 6d 5d"], "2h 7d 9s Jh", "3c"),
    ("omaha5", ["As Ah Ks Kh 2c", "Qd Qc Jd Tc 9c"], "2h 7d 9s Jh", "4c"),
    ("omaha6", ["As Ah Ks Kh 2c 3c", "Qd Qc Jd Tc 9c 8c"], "2h 7d 9s 4h", ""),
    ("omaha-hilo", ["As 2s Kd Qd", "Ac 2c 8h 8s", "3h 4h Jc Tc"], "5d 6c Kh 9h", ""),
    ("omaha-hilo", ["As 2s 3d Qd", "Ac 2c 3h 8s"], "4h 5c Kh", ""),
    ("omaha5-hilo", ["As 2s 3d Qd Jc", "Ac 2c 3h 8s 9d"], "4h 5c Kh Td", "7c"),
    # nine players: more than the kernel counts by code in hi-lo (CODED_HILO), so tallied a board at a time
    ("omaha-hilo", ["As 2s Kd Qd", "Ac 2c 8h 8s", "3h 4h Jc Tc", "Ad 3d 7s 7c", "2d 4d Js Ts", "Ah 3s Qc Qs",
                    "2h 4s 9s 9c", "3c 4c Ks Kc", "7d 8d Jd Td"], "5d 6c Kh 9h", ""),
]


@pytest.mark.parametrize("game,hands,board,dead", SPOTS)
def test_exact_equals_a_plain_enumeration(game, hands, board, dead):
    r = pokercli.equity(hands, board, dead, game=game)
    holes = [[([int(c) for c in pokercli.parse_cards(h)], 1)] for h in hands]
    bc, dc = [int(c) for c in pokercli.parse_cards(board)], [int(c) for c in pokercli.parse_cards(dead)]
    eq, total, no_low = naive.omaha_equity(holes, bc, dc, hilo="hilo" in game)
    assert r.method == "exact" and r.boards == total
    assert [Fraction(p.equity).limit_denominator(10**9) for p in r.players] == eq
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-12)
    if "hilo" in game:
        assert Fraction(r.extra["no_low"]).limit_denominator(10**9) == no_low / total


def test_quartered_pots_are_exact():
    """Both hold A-2: on boards with a low they quarter it (each 1/4 of the pot)."""
    r = pokercli.equity(["As 2s Kd Kc", "Ac 2c Qh Qs"], "3d 4h 5c 9s", game="omaha-hilo")
    eq, total, _ = naive.omaha_equity([[([int(c) for c in pokercli.parse_cards(h)], 1)]
                                      for h in ("As 2s Kd Kc", "Ac 2c Qh Qs")],
                                     [int(c) for c in pokercli.parse_cards("3d 4h 5c 9s")], hilo=True)
    assert [Fraction(p.equity).limit_denominator(10**6) for p in r.players] == eq
    assert r.players[0].hilo["low"]["tie"] > 0 and r.players[0].hilo["low"]["win"] == 0


def test_ranges_and_weights_equal_a_plain_enumeration():
    hands = ["As Ah Ks Kh:2, Qd Qc Jd Tc", "8h 8c 6d 5d, 9h 9c Ts Ks:0.5"]
    r = pokercli.equity(hands, "2h 7d 9s Jh", game="omaha")
    ranges = [[([int(c) for c in pokercli.parse_cards(h.split(":")[0])], float(h.split(":")[1]) if ":" in h else 1)
               for h in side.split(",")] for side in hands]
    eq, total, _ = naive.omaha_equity(ranges, [int(c) for c in pokercli.parse_cards("2h 7d 9s Jh")])
    assert r.deals == 3  # As Ah Ks Kh and 9h 9c Ts Ks share the Ks: card removal
    assert [p.equity for p in r.players] == pytest.approx([float(e) for e in eq], abs=1e-12)
    assert r.boards == float(total)


@pytest.mark.parametrize("game,hands", [
    ("omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc"]), ("omaha6", ["As Ah Ks Kh 2c 3c", "Qd Qc Jd Tc 9c 8c"]),
    ("omaha-hilo", ["As Ah 2c 3d", "Ks Kh 4c 5d", "Qd Qc Jd Tc"]),
    ("omaha5-hilo", ["As Ah 2c 3d 9h", "Ks Kh 4c 5d 9s"])])
def test_monte_carlo_is_within_four_standard_errors_of_exact(game, hands):
    e = pokercli.equity(hands, game=game)
    m = pokercli.equity(hands, game=game, method="monte-carlo", samples=300_000, seed=11)
    assert m.samples == 300_000
    for a, b in zip(e.players, m.players):
        assert abs(a.equity - b.equity) <= 4 * b.stderr
    again = pokercli.equity(hands, game=game, method="monte-carlo", samples=300_000, seed=11)
    assert [p.equity for p in again.players] == [p.equity for p in m.players]


def test_random_players_are_sampled_and_agree_with_an_enumeration_on_the_turn():
    """A random player on the turn: Monte Carlo against the plain enumeration of
    every hand it could hold (a sample of them) is within four standard errors."""
    board = "2h 7d 9s Jh"
    m = pokercli.equity(["As Ah Ks Kh", "random"], board, game="omaha", samples=400_000, seed=5)
    assert "sampled instead" not in m.note and m.method == "monte-carlo"
    bc = [int(c) for c in pokercli.parse_cards(board)]
    hero = [int(c) for c in pokercli.parse_cards("As Ah Ks Kh")]
    rest = [c for c in range(52) if c not in bc + hero]
    rng = random.Random(3)
    villains = [(sorted(rng.sample(rest, 4)), 1) for _ in range(150)]
    eq, _, _ = naive.omaha_equity([[(hero, 1)], villains], bc)
    # 150 sampled villains: the enumeration has its own sampling error (about 0.03)
    assert abs(float(eq[0]) - m.players[0].equity) < 0.08
    auto = pokercli.equity(["As Ah Ks Kh", "random"], game="omaha", samples=50_000, seed=1)
    assert auto.method == "monte-carlo"


@pytest.mark.parametrize("kwargs,param", [
    (dict(players=["As Ah Ks", "Qd Qc Jd Tc"]), "players"),
    (dict(players=["As Ah Ks Kh", "As Qc Jd Tc"]), "hand"),  # as in hold'em
    (dict(players=["random", "random"], checkpoint="x.ckpt"), "checkpoint"),  # sampled: no chunks
    (dict(players=["As Ah Ks Kh", "Qd Qc Jd Tc, 2c 3c"]), "players"),
    (dict(players=[pokercli.parse_range("AA"), "Qd Qc Jd Tc"]), "players"),
    (dict(players=["random", "random", "random"], method="exact"), "method"),
])
def test_bad_omaha_input_raises_poker_error(kwargs, param):
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity(game="omaha", **kwargs)
    assert e.value.param == param


def test_rank_asks_for_a_board_in_omaha():
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.rank("As Ks Qs Js Ts", game="omaha")
    assert e.value.param == "board" and str(e.value).startswith("board is needed")


def plain_split(highs, lows):
    """Pot shares from the reference's values: high half (or all) to the best
    highs, low half to the best lows, each half split evenly."""
    n = len(highs)
    shares = [Fraction(0)] * n
    qualified = [i for i in range(n) if lows[i] is not None]
    high_pot = Fraction(1, 2) if qualified else Fraction(1)
    hw = [i for i in range(n) if highs[i] == max(highs)]
    for i in hw:
        shares[i] += high_pot / len(hw)
    if qualified:
        best = min(lows[i] for i in qualified)
        lw = [i for i in qualified if lows[i] == best]
        for i in lw:
            shares[i] += Fraction(1, 2) / len(lw)
    return shares


@pytest.mark.parametrize("game", GAMES)
def test_showdown_equals_the_reference(game):
    """rank --game G --board: each hand's high equals the reference's best of every
    two-and-three choice, the cards shown make that score, the low is the
    reference's low, and the shares are the plain split (they add up to 1)."""
    from pokercli import cards as C

    g = pokercli.GAMES[game]
    rng = random.Random(len(game))
    for _ in range(150):
        players = rng.randint(1, 4)
        board_size = rng.choice([3, 4, 5, 5])
        cards = rng.sample(range(52), players * g.hole_cards + board_size)
        holes = [cards[i * g.hole_cards:(i + 1) * g.hole_cards] for i in range(players)]
        board = cards[players * g.hole_cards:]
        s = pokercli.showdown(holes, board, game=game)
        highs = [naive.omaha_high(h, board) for h in holes]
        lows = [naive.omaha_low(h, board) if g.pot.split else None for h in holes]
        for p, hole, high, low in zip(s.players, holes, highs, lows):
            assert p.high.score == high
            assert len(p.high.hole_used) == 2 and set(p.high.hole_used) <= set(hole)
            assert len(p.high.board_used) == 3 and set(p.high.board_used) <= set(board)
            assert R.score5(C.card_mask(p.high.best_five)) == high
            assert (None if p.low is None else list(p.low[0])) == low
        assert [p.share for p in s.players] == plain_split(highs, lows)
        assert sum(p.share for p in s.players) == 1


def test_a_quartered_pot_is_shown_as_quarters(cli):
    code, out, _ = cli("rank", "--game", "omaha-hilo", "--board", "Ah Kd 7c 8s 3h", "As 2c Jd Tc",
                       "Kh Qh 2d 4d", "4c 2h 9h 9s", "--json")
    doc = json.loads(out)
    assert code == 0
    assert [p["pot_share_fraction"] for p in doc["players"]] == ["1/2", "1/4", "1/4"]
    assert [p["low_result"] for p in doc["players"]] == ["lose", "tie", "tie"]
    assert doc["players"][0]["high"]["hole_used"] == ["As", "Jd"]


def test_rank_without_a_board_is_one_line_and_exit_2(cli):
    code, out, err = cli("rank", "--game", "omaha", "As Ac Jd Tc")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--board" in err


@pytest.mark.parametrize("game", GAMES)
def test_deal_deals_the_omaha_games(game):
    g = pokercli.GAMES[game]
    deals = pokercli.deal(game, players=4, seed=9, count=10)
    for d in deals:
        assert [len(h) for h in d.hands] == [g.hole_cards] * 4 and len(d.board) == 5
        cards = [c for h in d.hands + [d.board] for c in h]
        assert len(set(cards)) == len(cards)
        assert d.to_dict()["board"] == [c.name for c in d.board]
    assert pokercli.deal(game, players=4, seed=9, count=10)[3].hands == deals[3].hands


def plain_pattern(pattern, qualifier, hole):
    """Every hand of ``hole`` cards that holds the pattern's ranks (at least as many
    of each) and fits the suit qualifier, by checking all C(52, hole) hands."""
    from pokercli.ranges import _rank

    need = {}
    for ch in pattern:
        if ch != "x":
            need[_rank(ch)] = need.get(_rank(ch), 0) + 1
    out = []
    for hand in combinations(range(52), hole):
        ranks = [c % 13 for c in hand]
        suits = [sum(c // 13 == g for c in hand) for g in range(4)]
        fits = {None: True, "ds": sum(n >= 2 for n in suits) >= 2, "ss": sum(n >= 2 for n in suits) == 1,
                "r": max(suits) == 1}[qualifier]
        if fits and all(ranks.count(r) >= n for r, n in need.items()):
            out.append(hand)
    return out


@pytest.mark.parametrize("pattern,qualifier,hole", [
    ("AAxx", None, 4), ("AAxx", "ds", 4), ("KQJT", "r", 4), ("T9xx", "ss", 4)])
def test_rank_patterns_equal_a_check_of_every_hand(pattern, qualifier, hole):
    from pokercli.ranges import pattern_hands

    assert pattern_hands(pattern, qualifier) == plain_pattern(pattern, qualifier, hole)


def test_five_card_patterns_count_as_inclusion_exclusion_says():
    """AKxxx: every five-card hand with an ace and a king, C(52,5) - 2 C(48,5) + C(44,5)."""
    from math import comb

    from pokercli.ranges import pattern_hands

    hands = pattern_hands("AKxxx")
    assert len(hands) == comb(52, 5) - 2 * comb(48, 5) + comb(44, 5)
    assert all(any(c % 13 == 12 for c in h) and any(c % 13 == 11 for c in h) for h in hands)
    assert pattern_hands("AKQJT", "r") == []  # five cards cannot all differ in suit


def test_a_pattern_player_equals_the_same_hands_listed():
    """KQJTds against a fixed hand on the turn: the pattern's hands (with weights
    and a later part overriding an earlier one) give the same exact counts as
    the hands written out."""
    from pokercli import cards as C
    from pokercli.ranges import pattern_hands

    board = "2c 7d 8h 3s"
    listed = ", ".join(C.format_cards(h).replace(" ", "") + ":2" for h in pattern_hands("KQJT", "ds"))
    a = pokercli.equity(["KQJTds:2", "As Ah 9c 9d"], board=board, game="omaha")
    b = pokercli.equity([listed, "As Ah 9c 9d"], board=board, game="omaha")
    assert a.method == b.method == "exact"
    assert [(p.wins, p.ties) for p in a.players] == [(p.wins, p.ties) for p in b.players]
    assert a.players[0].combos == 36
    c = pokercli.equity(["AAxx, AAKK:3", "Qs Qh Js Th"], board="Ad Kd 5c", game="omaha-hilo",
                        method="monte-carlo", samples=50_000, seed=2)
    assert c.players[0].combos > 0 and 0 < c.players[0].equity < 1


@pytest.mark.parametrize("text,words", [("AAAAAx", "matches no hand"), ("AAx", "has 3 ranks"),
                                        ("xxxxxx", "more than")])
def test_bad_patterns_are_one_clear_error(text, words):
    game = "omaha6" if len(text) == 6 else "omaha5"
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity([text, "random"], game=game if text != "AAx" else "omaha")
    assert words in str(e.value) and e.value.param == "players"


@pytest.mark.parametrize("game,hands,board", [
    ("omaha", ["As Ah Kd Qc", "Ks Kh 2c 3d"], "Ad 7c 2h"),
    ("omaha-hilo", ["As 2s 3d Kd", "Qh Jh Tc 9c", "8s 8d 4c 5h"], "Ah 7h 6d 2c"),
    ("omaha5", ["As Ah Kd Qc Jc", "Ks Kh 2c 3d 9s"], "Td 7c 2h"),
])
def test_categories_count_each_high_hand_type_as_a_plain_enumeration(game, hands, board):
    from itertools import combinations as combos

    from pokercli import reference as R

    r = pokercli.equity(hands, board=board, game=game, categories=True)
    holes = [C.parse(h) for h in hands]
    known = set(C.parse(board)) | {c for h in holes for c in h}
    left = [c for c in range(52) if c not in known]
    counts = [dict.fromkeys(R.TYPE_NAMES.values(), 0) for _ in hands]
    runouts = 0
    for rest in combos(left, 5 - len(C.parse(board))):
        full = C.parse(board) + list(rest)
        runouts += 1
        for p, hole in enumerate(holes):
            counts[p][R.type_name(naive.omaha_high(hole, full))] += 1
    for p, player in enumerate(r.players):
        assert player.categories == {t: n / runouts for t, n in counts[p].items()}
    mc = pokercli.equity(hands, board=board, game=game, categories=True, method="monte-carlo",
                         samples=200_000, seed=4)
    for e, m in zip(r.players, mc.players):
        for t, share in e.categories.items():
            assert abs(m.categories[t] - share) < 4 * max(1e-3, (share * (1 - share) / 200_000) ** 0.5)


# --- rank -: a hand and its board per line ------------------------------------------

@pytest.mark.parametrize("game", ["omaha", "omaha5", "omaha6", "omaha-hilo", "omaha5-hilo"])
def test_rank_stream_equals_the_reference_in_order_with_bad_lines_named(game, monkeypatch):
    """Random lines (some split by ``|``, blank lines, comments, bad lines) in
    blocks of 7: every good line answered in input order with the reference's
    class, type and low; every bad line named by its number and skipped."""
    import io

    from pokercli import batch as B
    from pokercli.games import game as game_of

    monkeypatch.setattr(B, "OMAHA_BLOCK", 7)
    rules = game_of(game)
    h = rules.hole_cards
    rng = random.Random(h + len(game))
    lines, expected, bad = [], [], []
    for i in range(60):
        cards = rng.sample(range(52), h + 5)
        hole, board = cards[:h], cards[h:]
        if i % 11 == 5:
            lines.append(C.format_cards(hole + board[:4]))  # a card short
            bad.append(len(lines))
            continue
        if i % 13 == 7:
            lines += ["", "# a comment"]
        sep = " | " if i % 3 == 0 else " "
        lines.append(C.format_cards(hole) + sep + C.format_cards(board))
        expected.append((hole, board))
    lines.append(C.format_cards(expected[0][0]) + " | " + C.format_cards(expected[0][0][:1] + expected[0][1][1:]))
    bad.append(len(lines))  # a card in the hole and on the board
    for as_json in (False, True):
        out, err = io.BytesIO(), io.StringIO()
        report = B.omaha_rank_stream(io.BytesIO("\n".join(lines).encode()), out, as_json, game, err)
        assert (report.hands, report.bad) == (len(expected), len(bad))
        assert [int(m.split(":")[1].split()[-1]) for m in err.getvalue().splitlines()] == bad
        answers = out.getvalue().decode().splitlines()
        assert len(answers) == len(expected)
        for (hole, board), answer in zip(expected, answers):
            score = naive.omaha_high(hole, board)
            low = naive.omaha_low(hole, board) if rules.pot.split else None
            low_text = ("-".join("A" if r == 1 else str(r) for r in low) + " low") if low else "no low"
            want = {"hole": C.format_cards(hole), "board": C.format_cards(board), "class": R.hand_class(score),
                    "type": R.TYPE_NAMES[score >> 26], "score": score}
            if as_json:
                if rules.pot.split:
                    want["low"] = low_text if low else None
                assert json.loads(answer) == want
            else:
                assert answer.split("\t") == [str(v) for v in want.values()] + ([low_text] if rules.pot.split else [])


def test_rank_stream_cli_exit_status_and_json_lines(cli, tmp_path):
    good = "As Ah Ks Kh Ad 7c 2s 3h 9d\nAs 2h Ks 3h | Ad 7c 4s 9s 5d\n"
    code, out, err = cli("rank", "-", "--game", "omaha-hilo", "--json", input=good)
    assert code == 0 and err == ""
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d["low"] for d in docs] == [None, "5-4-3-2-A low"] and docs[1]["type"] == "STRAIGHT"
    path = tmp_path / "hands.txt"
    path.write_text(good + "As Ah Ks Kh Ad 7c 2s 3h Xx\n")
    code, out, err = cli("rank", "--file", str(path), "--game", "omaha")
    assert code == 1 and len(out.splitlines()) == 2 and "line 3:" in err and "Traceback" not in err


def test_pascals_triangle_is_built_once_and_handed_out_as_a_copy():
    """Every Omaha kernel call took a Pascal's triangle built in Python (0.35 ms,
    most of a range's exact job on the flop): now one is built per size and each
    caller gets its own copy, so no caller can change another's."""
    import math

    from pokercli._kernels.combinator import binomials

    a, b = binomials(), binomials()
    assert a is not b and all(a[n, k] == math.comb(n, k) for n in range(53) for k in range(n + 1))
    a[5, 2] = -1
    assert binomials()[5, 2] == 10 and binomials(7).shape == (8, 8)


def test_a_chunk_tallies_its_deals_of_one_weight_together():
    """The engine's chunk of Omaha deals counts the deals of one weight into the
    same tallies and weights them once: the same as each deal's tallies times its
    weight, added one by one (as before); a small deal makes a larger chunk."""
    from pokercli.equity_calc import omaha as O
    from pokercli.equity_calc.spot import make_spot
    from pokercli.equity_calc.tally import split_tallies

    spot = make_spot(["As Ah Ks Kh:3, Ad Ac Kd Kc, AhAcKhKc:0.5", "QdQcJdTc, 9s8s7h6h:2"], "2c 3d 4h 5s",
                     (), "omaha-hilo")
    deals = O._deals(spot, 1e9)
    assert sorted({w for _, w in deals}) == [0.5, 1.0, 2.0, 3.0, 6.0]
    plain = [np.zeros(a.shape) for a in split_tallies(2)]
    for deal, weight in deals:
        for holes, deck, start, count in O._deal_calls(spot, deal):
            for total, part in zip(plain, O._run_call(spot, holes, deck, start, count)):
                total += part * weight
    assert O.group_tallies(spot, deals) == [t.tolist() for t in plain]
    flop, turn, preflop = (make_spot(["AAxx", "KQJTds"], b, (), "omaha") for b in ("Ah7c2d", "Ah7c2d9s", ""))
    assert O.chunk_deals(preflop) == O.ENGINE_CHUNK_DEALS < O.chunk_deals(flop) < O.chunk_deals(turn)
