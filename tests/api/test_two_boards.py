"""A double board given its cards so far (equity --boards 2 --board "FIRST /
SECOND"): exact against every ordered pair of runs of the two boards that
share no card, valued by the plain rules of tests/naive.py; ranges against
every deal of their combos by its weight; Monte Carlo within four standard
errors of the exact figures; refusals; the command line, batch lines and the
view at 80 columns."""

from __future__ import annotations

import json
from itertools import combinations, product

import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli.equity_calc.runs import equity_runs
from pokercli.errors import PokerError


def plain_two_boards(hands, first, second, dead="", game="holdem"):
    """(equity, scoop, nothing) of each player over every pair (a run of the
    first board, a run of the second) that shares no card: the cards to come
    of each board, from the deck no hand, board or dead card holds."""
    g = pokercli.GAMES[game]
    holes = [list(C.parse_cards(h)) for h in hands]
    a, b = list(C.parse_cards(first)), list(C.parse_cards(second))
    d = list(C.parse_cards(dead)) if dead else []
    gone = set(a) | set(b) | set(d) | {x for h in holes for x in h}
    deck = [c for c in sorted(g.deck) if c not in gone]
    runs_a = list(combinations(deck, 5 - len(a)))
    runs_b = list(combinations(deck, 5 - len(b)))
    share_a = {r: naive.POT_SHARES[game](holes, a + list(r)) for r in runs_a}
    share_b = {r: naive.POT_SHARES[game](holes, b + list(r)) for r in runs_b}
    n = len(hands)
    eq, scoop, none, pairs = [0] * n, [0] * n, [0] * n, 0
    for ra, rb in product(runs_a, runs_b):
        if set(ra) & set(rb):
            continue
        pairs += 1
        for p in range(n):
            x, y = share_a[ra][p], share_b[rb][p]
            eq[p] += (x + y) / 2
            scoop[p] += x == 1 and y == 1
            none[p] += x == 0 and y == 0
    return [(float(e / pairs), s / pairs, z / pairs) for e, s, z in zip(eq, scoop, none)], pairs


#: Decks cut small by dead cards, so that every pair can be listed in plain Python.
SMALL = "2c 3c 4c 5c 6c 8c 9c 2d 3d 4d 5d 6d 8d 9d 4h 5h 6h 8h 4s 5s 6s 8s"


@pytest.mark.parametrize("hands,first,second,dead,game", [
    (["AsAh", "KsKh"], "Kd 7c 2h", "Qs 9s 3h", SMALL, "holdem"),         # two flops
    (["AsAh", "KsKh"], "Kd 7c 2h Td", "Qs 9s 3h", SMALL, "holdem"),      # a turn and a flop
    (["AsAh", "KsKh"], "Kd 7c 2h Td", "Qs 9s 3h Jc", "", "holdem"),     # two turns, the whole deck
    (["AsKs", "QdQc", "JhTh"], "Qs 7c 2h", "Js 9s 3h", SMALL, "holdem"),  # three hands
    (["AsAh", "KsKh"], "Kd 7c 2h Td 7d", "Qs 9s 3h", SMALL, "holdem"),   # one board complete
    (["As Ah Ks Kh", "Qd Qc Jd Tc"], "Qs 7c 2h", "Js 9s 3h", SMALL, "omaha"),
    (["As 2s Kd Kh", "Ad 3d Qs Qh"], "Kc 7h 5c", "Jc 7s 3h", SMALL.replace("5c ", "").replace("3d ", ""),
     "omaha-hilo"),  # halves and quartered pots on each board
    (["As 6s", "Ks Kh"], "Ah 7c 8d", "Qd 9s Jh", "6c 6d 9c Tc", "shortdeck"),
])
def test_exact_two_boards_equal_every_pair_of_runs(hands, first, second, dead, game):
    r = equity_runs(hands, f"{first} / {second}", dead, game=game, double_board=True)
    want, pairs = plain_two_boards(hands, first, second, dead, game)
    assert r.method == "exact" and r.double_board and r.deals == pairs
    assert r.board == tuple(C.parse_cards(first)) and r.second_board == tuple(C.parse_cards(second))
    assert r.dead == tuple(C.parse_cards(dead)) if dead else r.dead == ()
    for p, (eq, scoop, none) in zip(r.players, want):
        assert (p.equity, p.scoop, p.blank) == pytest.approx((eq, scoop, none), abs=1e-12)
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-12)


def test_each_board_alone_is_its_own_equity():
    """A player's equity over two boards is the mean of its equity on each board
    (every run of a board has as many partners), and each board is one spot of
    pokercli.equity with the other board's cards dead."""
    hands, a, b = ["AsAh", "KsKh"], "Kd 7c 2h", "Qs 9s 3d"
    r = equity_runs(hands, f"{a} / {b}", double_board=True)
    on_a = pokercli.equity(hands, a, b, method="exact").players
    on_b = pokercli.equity(hands, b, a, method="exact").players
    for p, x, y in zip(r.players, on_a, on_b):
        assert p.equity == pytest.approx((x.equity + y.equity) / 2, abs=1e-12)


@pytest.mark.parametrize("players,first,second", [
    (["AsAh", "KK,QQ"], "Kd 7c 2h", "Qs 9s 3h"),
    (["AKs", "QdQc", "22:0.5,33"], "Kd 7c 2h", "Qs 9s 3h Jc"),
])
def test_exact_ranges_are_every_deal_by_its_weight(players, first, second):
    """Ranges: every deal of their combos that shares no card, counted as a deal
    of hands is, weighted by the product of the combos' weights."""
    r = equity_runs(players, f"{first} / {second}", SMALL if len(players) == 2 else "", double_board=True)
    assert r.method == "exact"
    spot = pokercli.equity_calc.spot.make_spot(players, first, (SMALL.split() if len(players) == 2 else [])
                                               + second.split())
    total, sums = 0.0, [[0.0] * 3 for _ in players]
    for deal in product(*(p.combos for p in spot.players)):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards):
            continue
        weight = 1.0
        for _, w in deal:
            weight *= w
        one = equity_runs([C.format_cards(c) for c, _ in deal], f"{first} / {second}",
                          SMALL if len(players) == 2 else "", double_board=True)
        for s, p in zip(sums, one.players):
            s[0] += weight * p.equity
            s[1] += weight * p.scoop
            s[2] += weight * p.blank
        total += weight
    for p, s in zip(r.players, sums):
        assert (p.equity, p.scoop, p.blank) == pytest.approx([x / total for x in s], abs=1e-12)


@pytest.mark.parametrize("players", [["AsAh", "KsKh"], ["AsAh", "KK,QQ,AKs"]])
def test_monte_carlo_is_within_four_standard_errors_and_reproducible(players):
    board = "Kd 7c 2h / Qs 9s 3d"
    exact = equity_runs(players, board, double_board=True)
    mc = equity_runs(players, board, double_board=True, method="monte-carlo", samples=100_000, seed=3)
    again = equity_runs(players, board, double_board=True, samples=100_000, seed=3)
    assert exact.method == "exact" and mc.method == again.method == "monte-carlo" and mc.deals == 100_000
    assert [p.to_dict() for p in mc.players] == [p.to_dict() for p in again.players]
    assert mc.second_board == exact.second_board and mc.board == exact.board and mc.dead == ()
    for e, m in zip(exact.players, mc.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr and abs(e.equity - m.equity) < 0.01


def test_many_deals_of_ranges_are_sampled():
    r = equity_runs(["AsAh", "random"], "Kd 7c 2h / Qs 9s 3d", double_board=True)
    assert r.method == "monte-carlo" and r.deals == 200_000
    with pytest.raises(PokerError) as e:
        equity_runs(["AsAh", "random"], "Kd 7c 2h / Qs 9s 3d", double_board=True, method="exact")
    assert e.value.param == "method"


@pytest.mark.parametrize("kwargs,param,words", [
    (dict(board="Kd 7c 2h / Qs 9s 3d"), "board", "double_board=True"),            # one board asked
    (dict(board="Kd 7c 2h", double_board=True), "board", "FIRST / SECOND"),
    (dict(board="Kd 7c 2h / ", double_board=True), "board", "both boards"),
    (dict(board="/ Kd 7c 2h", double_board=True), "board", "both boards"),
    (dict(board="Kd 7c 2h / Qs / 9s", double_board=True), "board", "not 3 parts"),
    (dict(board="Kd 7c 2h 3s 4s / Qs 9s 3d 5c 6c", double_board=True), "board", "both boards are complete"),
    (dict(board="Kd 7c 2h / Kd 9s 3d", double_board=True), "board", "board 1 and board 2"),
    (dict(board="Kd 7c 2h / As 9s 3d", double_board=True), "board", "'As'"),
    (dict(board="Kd 7c / Qs 9s 3d", double_board=True), "board", "2 cards"),
    (dict(board="Kd 7c 2h / Qs 9s 3d", double_board=True, method="exact", samples=2000), "method", "exact"),
    (dict(board="Kd 7c 2h / Qs 9s 3d", double_board=True, runs=3), "runs", "runs must be 2"),
])
def test_refusals_name_the_parameter(kwargs, param, words):
    with pytest.raises(PokerError) as e:
        equity_runs(["AsAh", "KsKh"], **kwargs)
    assert e.value.param == param and words in str(e.value), str(e.value)


def test_an_omaha_random_player_is_refused():
    with pytest.raises(PokerError) as e:
        equity_runs(["As Ah Ks Kh", "random"], "Kd 7c 2h / Qs 9s 3d", game="omaha", double_board=True)
    assert e.value.param == "players" and "not random" in str(e.value)


def test_one_board_with_a_slash_is_named_in_equity_too():
    with pytest.raises(PokerError) as e:
        pokercli.equity(["AsAh", "KsKh"], "Kd 7c 2h / Qs 9s 3d")
    assert e.value.param == "board" and "double board" in str(e.value)


def test_command_line_batch_and_view(cli):
    code, out, _ = cli("equity", "AsAh", "KsKh", "--boards", "2", "--board", "Kd7c2h / Qs9s3d")
    assert code == 0 and "board: Kd 7c 2h / Qs 9s 3d" in out.splitlines()
    code, out, _ = cli("equity", "AsAh", "KsKh", "--boards", "2", "-b", "Kd7c2h/Qs9s3d", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["board"] == ["Kd", "7c", "2h"] and doc["second_board"] == ["Qs", "9s", "3d"]
    exact = equity_runs(["AsAh", "KsKh"], "Kd7c2h / Qs9s3d", double_board=True)
    assert doc["players"][0]["scoop"] == exact.players[0].scoop and doc["deals"] == exact.deals
    for args in (("--board", "Kd7c2h / Qs9s3d"), ("--runs", "2", "--board", "Kd7c2h / Qs9s3d"),
                 ("--boards", "2", "--board", "Kd7c2h")):
        code, out, err = cli("equity", "AsAh", "KsKh", *args)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
        assert "--board" in err and ("--boards 2" in err or "FIRST / SECOND" in err), err
    lines = ('AsAh | KsKh | board Kd7c2h / Qs9s3d | boards 2\n'
             '{"players": ["AsAh", "KsKh"], "board": "Kd7c2h/Qs9s3d", "boards": 2}\n'
             'AsAh | KsKh | board Kd7c2h / As9s3d | boards 2\n')
    code, out, err = cli("equity", "-", input=lines)
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [d["line"] for d in docs] == [1, 2] and "line 3:" in err
    assert docs[0]["second_board"] == docs[1]["second_board"] == ["Qs", "9s", "3d"]
    assert docs[0]["players"] == docs[1]["players"] == doc["players"]


@pytest.mark.parametrize("width", [80, 100])
def test_the_terminal_view_fits(width):
    import io
    import re

    from pokercli.render import Output, emit

    buf = io.StringIO()
    r = equity_runs(["AsAh", "KsKh", "QdQc"], "Kd 7c 2h / Qs 9s 3h", double_board=True, samples=2000, seed=1)
    emit(r, Output("rich", width=width, file=buf, fancy=False))
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", buf.getvalue())
    assert "Kd 7c 2h / Qs 9s 3h" in " ".join(text.split()) and "…" not in text
    assert max(len(line) for line in text.splitlines()) <= width
