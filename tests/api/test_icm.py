"""ICM: the issue's reference values to the cent, every player's place chances
against a sum over every finishing order (tests/naive.py), the NumPy layers
against the plain ones, Monte Carlo within four standard errors, bubble
factors and calls from their definitions, bad input, and the command line."""

from __future__ import annotations

import json
import random

import pytest

import pokercli
from pokercli import tournament as I
from pokercli.errors import PokerError
from tests import naive


def test_the_reference_values_to_the_cent():
    assert [round(p.equity, 2) for p in pokercli.icm("50,30,20", "70,30").players] == [45.18, 32.25, 22.57]
    assert [round(p.equity, 2) for p in pokercli.icm([198, 1, 1], [50, 30, 20]).players] == [49.80, 25.10, 25.10]
    # percentages of the pool: the same figures, said in %
    r = pokercli.icm("50 30 20", "70%,30%")
    assert r.percent and [round(p.equity, 2) for p in r.players] == [45.18, 32.25, 22.57]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_place_chances_equal_every_finishing_order(n):
    rng = random.Random(n)
    stacks = [rng.randint(1, 60) for _ in range(n)]
    paid = rng.randint(1, n)
    payouts = sorted((rng.randint(0, 100) for _ in range(paid)), reverse=True)
    want = naive.icm_places(stacks)
    got = I.places_exact(stacks, paid)
    for row_got, row_want in zip(got, want):
        assert row_got == pytest.approx([float(x) for x in row_want[:paid]], abs=1e-12)
    equity = [p.equity for p in pokercli.icm(stacks, payouts).players]
    assert equity == pytest.approx([float(x) for x in naive.icm_equity(stacks, payouts)], abs=1e-9)
    assert sum(equity) == pytest.approx(sum(payouts), abs=1e-9)


def test_the_numpy_layers_equal_the_plain_ones(monkeypatch):
    rng = random.Random(5)
    stacks = [rng.randint(1, 1000) for _ in range(11)]
    light = I.places_exact(stacks, 6)
    monkeypatch.setattr(I, "LIGHT_SETS", 0)
    heavy = I.places_exact(stacks, 6)
    for a, b in zip(light, heavy):
        assert a == pytest.approx(b, abs=1e-12)


def test_twenty_players_twenty_places_is_exact_and_adds_up():
    r = pokercli.icm(list(range(1, 21)), list(range(20, 0, -1)))
    assert r.method == "exact"
    assert sum(p.equity for p in r.players) == pytest.approx(210, abs=1e-9)
    for p in r.players:  # every player finishes somewhere
        assert sum(p.places) == pytest.approx(1, abs=1e-12)
    assert [p.equity for p in r.players] == sorted(p.equity for p in r.players)


def test_monte_carlo_within_four_standard_errors_and_reproducible():
    stacks, payouts = [40, 25, 20, 10, 5], [50, 30, 20]
    exact = [p.equity for p in pokercli.icm(stacks, payouts).players]
    mc = pokercli.icm(stacks, payouts, method="monte-carlo", samples=200_000, seed=7)
    again = pokercli.icm(stacks, payouts, method="monte-carlo", samples=200_000, seed=7)
    assert mc.method == "monte-carlo" and [p.equity for p in mc.players] == [p.equity for p in again.players]
    for p, e in zip(mc.players, exact):
        assert 0 < p.stderr and abs(p.equity - e) <= 4 * p.stderr
    big = pokercli.icm([1 + i % 7 for i in range(40)], sorted([30, 20, 15, 10, 8, 6, 5, 3, 2, 1] * 2, reverse=True),
                       samples=20_000, seed=1)
    assert big.method == "monte-carlo" and big.samples == 20_000


def test_bubble_factors_and_calls_follow_their_definitions():
    stacks, payouts = [50, 30, 20], [50, 30, 20]
    r = pokercli.icm(stacks, payouts, bubble=True, call=(3, 1), pot=3)
    eq = naive.icm_equity
    for i in range(3):
        for j in range(3):
            if i == j:
                assert r.bubble[i][j] is None
                continue
            risk = min(stacks[i], stacks[j])
            win, lose = list(stacks), list(stacks)
            win[i] += risk
            win[j] -= risk
            lose[i] -= risk
            lose[j] += risk
            now = eq(stacks, payouts)[i]
            want = (now - eq(lose, payouts)[i]) / (eq(win, payouts)[i] - now)
            assert r.bubble[i][j] == pytest.approx(float(want), rel=1e-12)
            assert r.bubble[i][j] > 1  # ICM punishes an even gamble
    c = r.call
    assert c.risk == 20 and c.needed * c.win + (1 - c.needed) * c.lose == pytest.approx(c.fold, abs=1e-9)
    assert c.needed > c.chip_needed == pytest.approx(20 / 43)
    assert c.lose == 20  # player 3 busts third: the third prize
    assert r.to_dict()["risk_premiums"][0][1] == pytest.approx(I.risk_premium(r.bubble[0][1]))


@pytest.mark.parametrize("call,param", [
    (lambda: pokercli.icm("50,0,20", "70,30"), "stacks"),
    (lambda: pokercli.icm("50,-3", "70,30"), "stacks"),
    (lambda: pokercli.icm("50,x", "70,30"), "stacks"),
    (lambda: pokercli.icm("", "70,30"), "stacks"),
    (lambda: pokercli.icm("50,30", "70%,30"), "payouts"),
    (lambda: pokercli.icm("50,30", "inf"), "payouts"),
    (lambda: pokercli.icm("50,30", "70,30", call=(1, 1)), "call"),
    (lambda: pokercli.icm("50,30", "70,30", call=(1, 3)), "call"),
    (lambda: pokercli.icm("50", "70", call=(1, 1)), "call"),  # one stack: no call ("from 1 to 1" before)
    (lambda: pokercli.icm("50,30", "70,30", call=(1, 2), pot=-1), "pot"),
    (lambda: pokercli.icm("50,30", "70,30", samples=0), "samples"),
    (lambda: pokercli.icm("50,30", "70,30", seed=-1), "seed"),
    (lambda: pokercli.icm("50,30", "70,30", method="fast"), "method"),
    (lambda: pokercli.icm([1] * 40, [1] * 40, method="exact"), "method"),
])
def test_bad_input_names_the_parameter(call, param):
    with pytest.raises(PokerError) as e:
        call()
    assert e.value.param == param


@pytest.mark.parametrize("stacks,payouts,param,named", [
    ("5,500 3,250 1,000", "50,30,20", "stacks", "'5,500'"),   # it was six stacks: 5, 500, 3, 250, 1, 0
    ("5,000 3,000", "70,30", "stacks", "'5,000'"),
    ("5000 3000 2000", "1,000,500", "payouts", "'1,000,500'"),  # it was the payouts 1, 0 and 500
    ("50,30,20", "70,030", "payouts", "'70,030'"),
])
def test_thousands_separators_are_refused(stacks, payouts, param, named):
    """A comma separates amounts, so an amount written with thousands separators
    was split into others without a word; now one error naming it."""
    with pytest.raises(PokerError) as e:
        pokercli.icm(stacks, payouts)
    assert e.value.param == param and named in str(e.value) and "thousands separators" in str(e.value)


@pytest.mark.parametrize("stacks,payouts", [("500,300,200", "50,30,20"), ("50, 30, 20", "70, 30"),
                                            ("5000 3000 2000", "0.5,0.3,0.2"), ("50 30 20", "50%,30%,20%")])
def test_lists_without_separators_are_read(stacks, payouts):
    assert len(pokercli.icm(stacks, payouts).players) == 3


@pytest.mark.parametrize("payouts,hint", [("0,5", True), ("0,5,0,3,0,2", True), ("100,0,1", True),
                                          ("30,50,20", False), ([20, 30], False)])
def test_payouts_that_rise_are_refused(payouts, hint):
    """Prizes go from first place down. A rise was read without a word, and a
    decimal comma gave one: ``0,5`` was the prizes 0 and 5."""
    with pytest.raises(PokerError) as e:
        pokercli.icm("1000,500,250", payouts)
    assert e.value.param == "payouts" and "first place down" in str(e.value)
    assert ("write 0.5" in str(e.value)) is hint


@pytest.mark.parametrize("payouts", ["0", "0,0", "0%,0%", [0, 0, 0]])
def test_payouts_of_nothing_are_refused(payouts):
    """As pushfold refuses them: a pool of 0 has no prize equity to share (its shares were 0 / 0)."""
    with pytest.raises(PokerError) as e:
        pokercli.icm("1000,500,250", payouts)
    assert e.value.param == "payouts" and "above 0" in str(e.value)


@pytest.mark.parametrize("payouts", ["100,100,0", "50,0", [1, 1, 1]])
def test_flat_payouts_and_unpaid_places_are_read(payouts):
    assert len(pokercli.icm("1000,500,250", payouts).players) == 3


@pytest.mark.parametrize("stacks,payouts,param,written", [
    ("50 30 20", "0,5 0,3 0,2", "payouts", "write 0.5"),
    ("12,75 30,5 20", "50,30,20", "stacks", "write 12.75"),
])
def test_a_decimal_comma_is_named(stacks, payouts, param, written):
    with pytest.raises(PokerError) as e:
        pokercli.icm(stacks, payouts)
    assert e.value.param == param and "decimal comma" in str(e.value) and written in str(e.value)


def test_more_payouts_than_players_are_dropped_with_a_note():
    r = pokercli.icm("60,40", "50,30,20")
    assert r.payouts == [50, 30] and r.note == "1 payout past the 2 players left is not theirs to win: dropped"
    assert pokercli.icm("60", "50,30,20").note == "2 payouts past the 1 player left are not theirs to win: dropped"
    assert sum(p.equity for p in r.players) == pytest.approx(80)


def test_the_command_line(cli):
    code, out, _ = cli("icm", "50,30,20", "--payouts", "70,30")
    lines = out.splitlines()
    assert code == 0 and lines[3].split("\t")[3] == "45.1786"
    code, out, _ = cli("icm", "50", "30", "20", "-p", "50,30,20", "--bubble", "--call", "3", "1", "--pot", "3",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and len(doc["bubble_factors"]) == 3 and doc["call"]["caller"] == 3
    code, out, err = cli("icm", "50,30,20")
    assert code == 2 and "--payouts" in err and out == ""
    code, out, err = cli("icm", "-", "-p", "50,30,20", input="50,30,20\n1,x\n198 1 1\n")
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [d["line"] for d in docs] == [1, 3] and "line 2:" in err
    assert err.splitlines()[-1] == "pokercli: 1 bad line skipped, 2 lines answered"
    assert round(docs[1]["players"][0]["equity"], 2) == 49.80


@pytest.mark.parametrize("args", [
    ["5000", "3000", "2000", "1500", "1000", "500", "-p", "50,30,20", "--bubble", "--call", "3", "1", "--pot", "300"],
    ["50,30,20", "-p", "50%,30%,20%", "--bubble", "--samples", "100000", "--seed", "2"],
])
def test_views_fit_80_columns(cli, args):
    from tests.render.test_views import ANSI, fits

    code, out, _ = cli("icm", *args, terminal=True, columns=80)
    assert code == 0 and "ICM prize equity" in out
    fits(ANSI.sub("", out), 80)


def test_a_small_icm_imports_no_numpy():
    import subprocess
    import sys

    code = ("import sys, pokercli; r = pokercli.icm('50,30,20', '70,30', bubble=True)\n"
            "print(round(r.players[0].equity, 2), 'numpy' in sys.modules)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.split() == ["45.18", "False"], r.stderr


def test_an_all_in_that_changes_no_prize_has_no_bubble_factor(cli):
    """Prizes alike (or a loser paid as much as a winner): winning and losing an
    all-in change nothing, so there is no bubble factor: None, "n/a" in the
    views, null in JSON (it was infinity, and --json stopped on an internal
    error: JSON has no infinity). A real factor beside it is unchanged."""
    r = pokercli.icm("1,1,1", "1,1,1", bubble=True)
    assert all(bf is None for row in r.bubble for bf in row)
    r = pokercli.icm("100,50", "10,10", bubble=True)
    assert r.bubble == [[None, None], [None, None]]
    r = pokercli.icm("5000,3000,2000", "50,30,20", bubble=True)
    assert round(r.bubble[0][1], 4) == 1.1690
    code, out, err = cli("icm", "1", "1", "1", "-p", "1,1,1", "--bubble", "--json")
    doc = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in JSON"))
    assert code == 0 and doc["bubble_factors"] == [[None] * 3] * 3 and doc["risk_premiums"] == [[None] * 3] * 3
    code, out, err = cli("icm", "100", "50", "-p", "10,10", "--bubble")
    assert code == 0 and out.splitlines()[-1] == "2\tn/a\t-"
    assert I.risk_premium(float("inf")) == 0.5
