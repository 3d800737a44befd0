"""Ranges in the stud and draw games: a hand with bare ranks (any suit) or a
comma list of hands. Every hand it stands for is listed (the plain rule of
the notation, checked by counting), exact equity is the mean over every deal
of the ranges by tests/naive.py, and Monte Carlo is within four standard
errors of it."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from itertools import product

import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli import stud
from pokercli.equity_calc.spot import make_spot
from pokercli.errors import PokerError


def _plain_expansion(pattern: list[str]) -> set[frozenset]:
    """Every set of cards a list of tokens (a card, or a rank alone) stands for, by brute force."""
    options = [[int(C.parse(t)[0])] if len(t) == 2 else
               [int(c) for c in C.parse(" ".join(t + s for s in "shdc"))] for t in pattern]
    return {frozenset(p) for p in product(*options) if len(set(p)) == len(p)}


@pytest.mark.parametrize("text,tokens", [
    ("(A2) 3h", ["A", "2", "3h"]),
    ("(A23)", ["A", "2", "3"]),
    ("(AA) A", ["A", "A", "A"]),
    ("(Ah K) 7 7c 9s", ["Ah", "K", "7", "7c", "9s"]),
])
def test_a_hand_with_bare_ranks_is_every_suit(text, tokens):
    hands = stud.read_range(text)
    assert {frozenset(h.cards) for h in hands} == _plain_expansion(tokens)
    assert len(hands) == len(_plain_expansion(tokens))  # each set of cards once


def test_comma_lists_and_draw_hands():
    both = stud.read_range("(A2) 3h,(A3) 3h")
    assert len(both) == 16 + 12  # the down three cannot be the 3h
    assert {frozenset(h.cards) for h in stud.read_plain_range("7 5 4 3")} == _plain_expansion(["7", "5", "4", "3"])
    assert stud.read_plain_range("7s 5d 4h 3c") is None  # one hand: not a range
    assert stud.read_range("(As Kd) 7h") is None
    assert [h.unknown for h in stud.read_range("(A x) 7h")] == [1] * 4


@pytest.mark.parametrize("text,message", [
    ("(A2) 3h,(A2)", "as many cards"),
    ("(A2) Z", "is not cards or ranks"),
    ("(A2) 3h,", "empty hand"),
    ("(A 2 3h) 4", "down cards are the first two"),
])
def test_bad_ranges_are_named(text, message):
    with pytest.raises(PokerError, match=message):
        stud.expand_range(text)
    with pytest.raises(PokerError, match=message) as e:
        pokercli.equity([text, "(K K) 9s"], game="razz")
    assert e.value.param == "players"


def test_too_many_hands_is_refused(monkeypatch):
    monkeypatch.setattr(stud, "MOST_RANGE_HANDS", 100)
    with pytest.raises(PokerError, match="more than 100 hands"):
        stud.expand_range("(A23),(A24)")  # 128 hands


def test_a_made_hands_range_too_big_is_refused_before_any_hand_is_listed(monkeypatch):
    """'AK-' in 2-7 stands for about 1.3 million hands: counted, and refused, before
    one is listed (it listed them all first: 7 s and a gigabyte). A bound that
    admits it lists exactly the count."""
    listed = []
    real = stud.StudHand

    def counting(*args):
        listed.append(1)
        return real(*args)

    monkeypatch.setattr(stud, "StudHand", counting)
    with pytest.raises(PokerError, match="'AK-' stands for more than 100,000 hands") as e:
        pokercli.equity(["AK-", "random"], game="27-single")
    assert e.value.param == "players" and listed == []
    made = stud.Made(5, ace_high=True, straights=True, flushes=True)
    # 7-6-5-4-2, 7-6-5-3-2, 7-6-4-3-2 and 7-5-4-3-2 (7-6-5-4-3 is a straight), 4**5 - 4 suits each
    assert len(stud.pat_hands("76-", "hand", made)) == len(listed) == 4 * 1020
    monkeypatch.setattr(stud, "MOST_RANGE_HANDS", 4 * 1020 - 1)
    with pytest.raises(PokerError, match="more than 4,079 hands"):
        stud.pat_hands("76-", "hand", made)


def test_more_than_seven_cards_is_refused_before_their_suits_are_multiplied():
    """Thirteen bare ranks were 4**13 suit picks, each refused for a card twice (a minute)."""
    with pytest.raises(PokerError, match="has 13 cards; no hand here has more than 7") as e:
        pokercli.equity(["99999999A2345", "random"], game="razz")
    assert e.value.param == "players"
    with pytest.raises(PokerError, match="has 8 cards; no hand here has more than 7"):
        stud.expand_range("(A2) 3 4 5 6 7 8")


def _naive_range_equity(game, ranges, dead=(), hand_cards=7):
    """The mean over every deal of the ranges (one hand each, no card shared)
    of each deal's mean over every completion: naive.game_equity deal by deal."""
    totals, count = None, 0
    for deal in product(*ranges):
        cards = [c for h in deal for c in h]
        if len(set(cards)) < len(cards):
            continue
        shares, n = naive.game_equity(game, [list(h) for h in deal], (), dead, hand_cards=hand_cards,
                                      board_cards=0)
        totals = [s * n for s in shares] if totals is None else [t + s * n for t, s in zip(totals, shares)]
        count += n
    return [t / count for t in totals], count


@pytest.mark.parametrize("game", ["razz", "stud", "stud-hilo"])
def test_exact_stud_ranges_against_every_deal(game):
    players = ["(A 2d) 7h 8h Kc 9d", "(3d 4) 6s 7c Qc Tc"]
    dead = "5s 4h 4s"  # folded up cards: the range's fours are the other two
    spot = make_spot(players, game=game, dead=dead)
    ranges = [[c for c, _ in p.combos] for p in spot.players]
    assert [len(r) for r in ranges] == [4, 2]
    r = pokercli.equity(players, dead=dead, game=game)
    assert r.method == "exact" and r.extra["range_deals"] == 4 * 2
    shares, count = _naive_range_equity(game, ranges, dead=[int(c) for c in C.parse(dead)])
    assert r.boards == count
    assert [p.equity for p in r.players] == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert [p.hand for p in r.players] == players


@pytest.mark.parametrize("game,players", [
    ("27-single", ["7 5 4 3s", "8s 6d 4d 2s"]),
    ("badugi", ["A 2 3h", "Kd 5s 4h"]),
])
def test_exact_draw_ranges_against_every_deal(game, players):
    spot = make_spot(players, game=game)
    ranges = [[c for c, _ in p.combos] for p in spot.players]
    r = pokercli.equity(players, game=game)
    shares, count = _naive_range_equity(game, ranges, hand_cards=spot.game.hole_cards)
    assert r.method == "exact" and r.boards == count
    assert [p.equity for p in r.players] == pytest.approx([float(s) for s in shares], abs=1e-12)


@pytest.mark.parametrize("game,players", [
    ("razz", ["(A 2) 7h 8h Kc", "(3d 4) 6s 7c Qc"]),
    ("stud-hilo", ["(A 2) 7h 8h Kc", "(3d 4) 6s 7c Qc"]),
    ("27-single", ["7 5 4", "8s 6d 4d 2s"]),
])
def test_monte_carlo_within_four_standard_errors(game, players):
    exact = pokercli.equity(players, game=game, method="exact")
    mc = pokercli.equity(players, game=game, method="monte-carlo", samples=1_000_000, seed=7)
    assert mc.method == "monte-carlo" and mc.samples == 1_000_000
    for e, m in zip(exact.players, mc.players):
        assert 0 < m.stderr < 0.01
        assert abs(m.equity - e.equity) <= 4 * m.stderr
    again = pokercli.equity(players, game=game, method="monte-carlo", samples=1_000_000, seed=7)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]


def test_the_standard_error_is_the_spread_of_independent_runs():
    # a range whose deals differ a lot: each sample draws its own deal of the
    # ranges, so the per-sample standard error says how sure the mean is
    players = ["(A2) 3h,(KK) K", "(x x) 9s"]
    runs = [pokercli.equity(players, game="razz", method="monte-carlo", samples=200_000, seed=s)
            for s in range(12)]
    means = [r.players[0].equity for r in runs]
    m = sum(means) / len(means)
    spread = (sum((x - m) ** 2 for x in means) / (len(means) - 1)) ** 0.5
    reported = sum(r.players[0].stderr for r in runs) / len(runs)
    assert 0.5 < reported / spread < 2


def test_hands_of_a_range_that_miss_more_cards_weigh_as_every_hand_they_stand_for():
    """``(Ac x)`` is every hand of the ace and an unseen card: the exact count
    weighs its deal by its completions (19,635 against the other's 1,122), and
    Monte Carlo draws the deals of the ranges in the same proportion (drawing
    the two alike gave 0.262 against the exact 0.180)."""
    dead = "9c 9d 9s Tc Td Ts"
    players = ["(As 2d) 3h 4h Kh Qh,(Ac x) 3h 4h Kh Qh", "(Kc 3d) 4s 6h 7h 8d"]
    exact = pokercli.equity(players, dead=dead, game="razz", method="exact")
    parts = [pokercli.equity([p, players[1]], dead=dead, game="razz", method="exact")
             for p in ("(As 2d) 3h 4h Kh Qh", "(Ac x) 3h 4h Kh Qh")]
    weighted = sum(r.players[0].equity * r.deals for r in parts) / sum(r.deals for r in parts)
    assert exact.players[0].equity == pytest.approx(weighted, abs=1e-12)
    mc = pokercli.equity(players, dead=dead, game="razz", samples=1_000_000, seed=4)
    for e, m in zip(exact.players, mc.players):
        assert abs(m.equity - e.equity) <= 4 * m.stderr


def test_third_street_ranges_sample_under_auto():
    r = pokercli.equity(["(A23)", "(K K) 9s"], game="razz", seed=1)
    assert r.method == "monte-carlo" and "sampled instead" in r.note
    assert max(p.stderr for p in r.players) <= 0.0005
    with pytest.raises(PokerError, match="exact enumeration would take"):
        pokercli.equity(["(A23)", "(K K) 9s"], game="razz", method="exact")


def test_ranges_that_never_fit_and_more_draws_are_refused():
    with pytest.raises(PokerError, match="empty once"):
        pokercli.equity(["(A2) 3h", "(K K) 9s"], game="razz", dead="Ah As Ad Ac")
    with pytest.raises(PokerError, match="no deal is possible"):
        pokercli.equity(["(AA) A", "(AA) A"], game="razz", method="exact")
    with pytest.raises(PokerError, match="almost never fit together"):
        pokercli.equity(["(AA) A", "(AA) A"], game="razz", samples=1000, seed=1)
    with pytest.raises(PokerError, match="ranges take the one draw"):
        pokercli.equity_draws(["7 5 4 3", "8s 6d 4d 2s"], game="27-triple", draws=2, samples=1000, seed=1)


def test_the_command_and_a_batch_line():
    run = [sys.executable, "-m", "pokercli", "equity", "--game", "razz", "(A23)", "(K K) 9s", "--seed", "1",
           "--json"]
    out = subprocess.run(run, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert [p["hand"] for p in doc["players"]] == ["(A23)", "(K K) 9s"] and doc["method"] == "monte-carlo"
    line = "(A 2) 7h 8h Kc 9d | (3d 4) 6s 7c Qc Tc | game razz\n(A2) Z | (KK) 9s | game razz\n"
    out = subprocess.run([sys.executable, "-m", "pokercli", "equity", "-"], input=line, capture_output=True,
                         text=True)
    answers = [json.loads(x) for x in out.stdout.splitlines()]
    assert out.returncode == 1 and len(answers) == 1 and answers[0]["line"] == 1
    assert "line 2" in out.stderr and "not cards or ranks" in out.stderr
    assert Fraction(answers[0]["players"][0]["equity"]).limit_denominator(10**6) > 0


@pytest.mark.parametrize("reader,text,value,worst,ranks", [
    # every hand at least as good as the worst hand the shorthand names, by the plain rule
    (stud.read_27_range, "87-", naive.deuce_seven_value, "8s 7h 6h 5h 3h", range(0, 7)),     # 2..8
    (stud.read_27_range, "9-", naive.deuce_seven_value, "9s 8h 7h 6h 4h", range(0, 8)),
    (stud.read_a5_range, "87-", naive.razz_value, "8s 7h 6h 5h 4h", [12, *range(0, 7)]),     # A..8
    (stud.read_badugi_range, "87-", naive.badugi_value, "8s 7h 6d 5c", [12, *range(0, 7)]),
])
def test_pat_shorthand_is_every_hand_at_least_that_good(reader, text, value, worst, ranks):
    from itertools import combinations

    size = len(C.parse(worst))
    bar = value([int(c) for c in C.parse(worst)])
    deck = [13 * g + r for g in range(4) for r in ranks]  # no better hand holds a higher rank
    want = {frozenset(h) for h in combinations(deck, size) if value(list(h)) >= bar
            and (size == 5 or value(list(h))[0] == 4)}  # badugi: four-card badugis
    got = reader(text)
    assert {frozenset(h.cards) for h in got} == want and len(got) == len(want)


def test_pat_ranges_in_equity():
    # a pat 7-5 or better against a one-card draw: exact over every deal of the range
    r = pokercli.equity(["75-", "8s 6d 4d 2s"], game="27-single")
    spot = make_spot(["75-", "8s 6d 4d 2s"], game="27-single")
    # 7-5-4-3-2 without the 4d and 2s the other hand holds: 4 * 4 * 3 * 4 * 3 suits, less 2 flushes
    assert len(spot.players[0].combos) == 4 * 4 * 3 * 4 * 3 - 2
    assert r.method == "exact" and r.extra["range_deals"] == len(spot.players[0].combos)
    with pytest.raises(PokerError, match="each lower than the one before"):
        pokercli.equity(["78-", "8s 6d 4d 2s"], game="27-single")
