"""Every terminal view at 80 and 120 columns: no line past the edge, no value cut,
nothing said by colour alone (the figures and marks are in the characters)."""

import io
import re

import pytest
from rich.cells import cell_len

import pokercli
import pokercli.analysis
import pokercli.board_hits
from pokercli.render import Output, emit

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
WIDTHS = (80, 120)

WIDE_RANGE = "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,A2o+,K9o+,QTo+,JTo"


def render(result, width: int, **options) -> str:
    """The terminal view of ``result`` at ``width`` columns, without escape codes."""
    buf = io.StringIO()
    emit(result, Output("rich", width=width, file=buf), **options)
    text = buf.getvalue()
    assert "\x1b[" in text  # a terminal view, styled
    return ANSI.sub("", text)


def fits(text: str, width: int) -> None:
    for line in text.splitlines():
        assert cell_len(line) <= width, f"{cell_len(line)} > {width}: {line!r}"
    assert "…" not in text, "a value was cut"


def results():
    """(name, a function giving the result, options, strings the view must show in
    full) for every view; the results are computed when a test needs them."""
    showdown9 = lambda: pokercli.showdown(["As Ac", "Kh Ks", "4d 5d", "Qc Jc", "Th 9h", "2c 2d", "7s 7h", "Ad Qd",
                                   "8c 8d"], board="Ah Kd 7c 2s 3h")
    yield "encode", lambda: pokercli.encode("TH AH QS 9D JD"), {}, [
        "SUIT: DDDDDDDDDDDDD CCCCCCCCCCCCC SSSSSSSSSSSSS HHHHHHHHHHHHH",
        "BITS: 0001010000000 0000000000000 0010000000000 1000100000000",
        "xxx AKQJT98765432 ♣♢♡♠ RRRR xx PPPPPP", "000 1000000000000 0010 1100 00 101001", "268446761"]
    yield "encode 13 cards", lambda: pokercli.encode("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"), {}, ["2s", "hearts"]
    yield "encode ranks", lambda: pokercli.encode(640, kind="ranks"), {}, ["0001010000000", "9 J"]
    yield "deal", lambda: pokercli.deal("holdem", players=9, seed=3), {}, ["board"]
    yield "runs of ranges", lambda: pokercli.equity_runs(["QQ+,AKs,AQs,KQs,JTs,T9s,98s,87s,76s", "22+,A2s+,K9s+",
                                                          "random"], runs=2, samples=2_000, seed=1), {}, [
        "76s", "K9s+", "random", "takes all", "run 2 times, monte-carlo: 2,000 deals"]
    yield "deal razz", lambda: pokercli.deal("razz", players=7, seed=3), {}, ["(Jh 7s) Ac Tc 7h 8d (2c)",
                                                                         "(Ks 2d) 4s 7d 5d 9c (Qs)"]
    yield "deal hearts", lambda: pokercli.deal("hearts", seed=3, view=2), {}, ["seen by player 2"]
    yield "rank five", lambda: pokercli.rank("As Ks Qs Js 9s"), {}, [
        "hand_ranks", "odd_ranks", "five_high", "rank_count", "7808", "Flush, ace-king-queen-jack-nine"]
    yield "rank seven", lambda: pokercli.rank("Kh Ks Kd Th Tc 2s 3d"), {}, ["Full house, kings full of tens"]
    yield "rank stud-hilo", lambda: pokercli.rank("(As 2d) 3h 4c 8s 9d (8d)", game="stud-hilo"), {}, [
        "8-4-3-2-A low: 8s 4c 3h 2d As", "eight or better"]
    yield "score", lambda: pokercli.score_info(270536708), {}, ["THREE_OF_A_KIND"]
    yield "showdown", lambda: pokercli.showdown(["AsAc", "KhKs", "4d5d"], board="Ah Kd 7c 2s 3h"), {}, [
        "Three of a kind, aces, king-seven kickers", "WIN", "lose"]
    yield "showdown nine", showdown9, {}, ["Straight, five high", "WIN"]
    yield "omaha hi-lo showdown", lambda: pokercli.showdown(
        ["As 2c Jd Tc", "Kh Qh 2d 4d", "4c 2h 9h 9s", "Qs Qc Js Ts", "6h 6d 5c 5s", "Kc Ks 9d 8d"],
        board="Ah Kd 7c 8s 3h", game="omaha-hilo"), {}, [
        "As Jd + Ah Kd 8s", "8-7-3-2-A low: As 2c 7c 8s 3h", "1/4", "ties low", "wins high", "no low"]
    yield "omaha6 showdown", lambda: pokercli.showdown(["As Ac Jd Tc 9h 9s", "Kh Qh 5d 4d 4s 4h"],
                                                       board="Ah Kd 7c 2s 3h", game="omaha6"), {}, [
        "Straight, five high", "wins", "5d 4d + Ah 2s 3h"]
    yield "shortdeck rank", lambda: pokercli.rank("Ah 6d 7c 8s 9h", game="shortdeck"), {}, [
        "Straight, nine high", "/ 1404", "shortdeck"]
    yield "shortdeck showdown", lambda: pokercli.showdown(["Ts 6s", "9s 9d"], board="Ah Kd 7c 8s 9h",
                                                          game="shortdeck"), {}, [
        "Three of a kind, nines, ace-king kickers", "WIN", "shortdeck"]
    yield "equity", lambda: pokercli.equity(["AsAh", "QQ+,AKs"], "Kd 7c 2h"), {}, ["64.757", "6557 / 990"]
    yield "equity dead", lambda: pokercli.equity(["AsAh", "QQ+,AKs"], "Kd 7c 2h", dead="2c 3d"), {}, [
        "dead 2c 3d"]
    yield "warmup", lambda: __import__("pokercli.warmup", fromlist=["WarmupResult"]).WarmupResult(
        [("holdem: exact equity", 1.25), ("shortdeck-straight: batch evaluation", 0.5)]), {}, [
        "shortdeck-straight: batch evaluation", "1.25", "2 steps"]
    yield "warmup on workers", lambda: __import__("pokercli.warmup", fromlist=["WarmupResult"]).WarmupResult(
        [("holdem: exact equity", 1.25), ("holdem: runs", 10.5)], jobs=4, elapsed=8.25), {}, [
        "holdem: runs", "10.50", "2 steps in 11.8 s", "8.2 s on 4 processes"]
    yield "equity omaha hi-lo", lambda: pokercli.equity(["As Ah 2c 3d", "Ks Kh 4c 5d", "Qd Qc Jd Tc"],
                                                        board="7h 8d 9c", game="omaha-hilo"), {}, [
        "As Ah 2c 3d", "scoop %", "low tie %", "no low on"]
    yield "equity ranges", lambda: pokercli.equity([WIDE_RANGE, "random", "AKs"], samples=20_000, seed=1), {}, [
        "JTo", "seed 1"]
    yield "equity categories", lambda: pokercli.equity(["AhAd", "KsKc", "QhQs", "JsJh", "Tc9c", "8d7d"],
                                               categories=True, samples=20_000, seed=2), \
        {"categories": True}, ["STRAIGHT_FLUSH", "8d 7d"]
    yield "equity ten", lambda: pokercli.equity([f"{r}s {r}h" for r in "AKQJT98765"], categories=True,
                                        samples=20_000, seed=3), {"categories": True}, ["5s 5h", "HIGH_CARD"]
    yield "percentile", lambda: pokercli.percentile("7h8h", board="9h Th 2c"), {}, [
        "0.651403", "HIGH_CARD", "we lose"]
    yield "percentile weighted", lambda: pokercli.percentile("AKs", vs="QQ+:0.5,AK"), {}, [
        "21 hands, weighted 15", "#"]
    yield "range", lambda: pokercli.parse_range("QQ+,AKs,A5s-A2s:0.5,KQo:0.25"), {}, ["AKs", "A5s", "KQo", "all"]
    yield "range random", lambda: pokercli.parse_range("random"), {}, ["1326 combos", "32o"]
    yield "hits", lambda: pokercli.board_hits.hits(WIDE_RANGE, "Ah 7h 6c", vs="KsKd"), {}, [
        "pocket pair between top and second", "combo draw (flush + straight draw)", "equity %"]
    yield "distribution", lambda: pokercli.analysis.distribution(["AsKs", "QQ+,AK,JTs,T9s,88-66"],
                                                                 board="Kd 7s 2s"), {}, [
        "best combos", "worst combos", "90-100", "20.140"]
    yield "next card", lambda: pokercli.analysis.next_card(["AsKs", "QQ+,JTs", "7h 6h"], "Kd 7s 2s"), {}, [
        "JTs:", "cannot come", "7h 6h:"]
    yield "outs", lambda: pokercli.analysis.outs("Ah Kh", "Qh 7h 2c", "QQ,77,AQ"), {}, [
        "2h 3h 4h 5h 6h 8h 9h Th Jh", "44.96 % by the river"]
    yield "table matrix", lambda: pokercli.table(classes="QQ+,AKs"), {}, ["81.9", "AKs"]
    yield "table row", lambda: pokercli.table(hand="AKs"), {"hand": "AKs"}, ["72o", "against a random hand"]
    state = [13, 2, 1, 24, 31] + [13, 13, 13] + [1] * 10 + [2] * 11 + [3] * 12 + [4] * 11
    yield "hearts", lambda: pokercli.hearts_state(state), {}, ["6c*", "clockwise"]
    yield "combos", lambda: pokercli.combos("As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c"), {}, [
        "four of a kind", "straight flush"]
    yield "draw", lambda: pokercli.draw("Ah Kh Qh Jh 2c"), {"top": 8}, ["18.5532", "royal flush"]
    yield "pushfold", lambda: pokercli.pushfold(10), {}, ["43s 71.07%", "Q6s 40.28%", "T4s+", "-0.0454"]
    yield "pushfold table", lambda: pokercli.pushfold_table([10, 8, 5], payouts=[50, 30, 20], samples=16,
                                                            tolerance=4e-3), {}, [
        "BB call BTN+SB: 1.3", "BTN push:", "QQ+", "(36.5700)", "50/30/20"]
    yield "pushfold four-handed", lambda: pokercli.pushfold_table([10, 10, 8, 5], payouts=[50, 30, 20],
                                                                  deals=20_000, tolerance=0.05), {}, [
        "four-handed push/fold", "CO push:", "BB call CO+BTN+SB:", "20,000 sampled deals", "(28.5858)"]
    yield "pushfold chart", lambda: pokercli.pushfold_chart("4:8:0.05"), {}, [
        "63s: 5.1-7.1", "8+", "7.7", "7.1*"]


CASES = list(results())
_computed = {}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name,make,options,shown", CASES, ids=[c[0] for c in CASES])
def test_view_fits_without_cutting(name, make, options, shown, width):
    if name not in _computed:
        _computed[name] = make()
    text = render(_computed[name], width, **options)
    fits(text, width)
    words = set(re.split(r"[\s│┃|]+", text))
    for s in shown:  # a wrapped cell shares its lines with its neighbours: look for every word
        for word in s.split():
            assert word in words or word in text, f"{word!r} of {s!r} missing at {width} columns"


def test_range_membership_and_weight_are_in_the_characters():
    text = render(pokercli.parse_range("AA,AKs:0.5,KQo:0.25"), 80)
    assert "AA █" in text and "AKs▒" in text and "KQo░" in text
    assert "AQs" in text and "AQs█" not in text  # out of the range: no mark
    ascii_text = io.StringIO()
    emit(pokercli.parse_range("AA"), Output("rich", width=80, file=ascii_text, fancy=False))
    assert "AA #" in ANSI.sub("", ascii_text.getvalue())


def test_percentile_bars_tell_beat_tie_and_lose_apart():
    text = render(pokercli.percentile("Ad Kd", board="Ah Kh 2c"), 80)
    assert "█" in text and "░" in text and "we beat" in text and "we lose" in text


def test_equity_drops_the_bar_before_any_figure():
    wide = render(pokercli.equity(["AsAh", "KsKh"]), 120)
    assert "█" in wide
    narrow = render(pokercli.equity([WIDE_RANGE, "QQ+,AKs,AQs,AJs,KQs"], samples=20_000, seed=1), 80)
    assert "seed 1" in narrow and "99+" not in narrow.replace("22+", "")  # the text is folded, never cut


@pytest.mark.parametrize("args", [
    ["encode", "TH AH QS 9D JD"], ["rank", "As Ks Qs Js 9s"], ["range", "QQ+,AKs,A5s-A2s"],
    ["equity", "AsAh", "QQ+,AKs", "--board", "Kd 7c 2h"], ["draw", "As Ks Qs Js 2d"],
    ["percentile", "7h8h", "--board", "9h Th 2c"], ["rank", "--board", "Ah Kd 7c 2s 3h", "AsAc", "KhKs"],
    ["hits", "QQ+,AK,T9s-65s,A2s+", "--board", "Ah 7h 6c", "--vs", "KsKd"],
    ["equity", "AsKs", "QQ+,JTs", "--board", "Kd 7s 2s", "--distribution"],
    ["equity", "AsKs", "QQ+,JTs", "--board", "Kd 7s 2s", "--next-card"],
    ["outs", "Ah Kh", "--board", "Qh 7h 2c", "--vs", "QQ,77,AQ"]])
def test_commands_fit_an_80_column_terminal(cli, monkeypatch, args):
    """Through the CLI, as a terminal of 80 columns would show them."""
    code, out, _ = cli(*args, terminal=True, columns=80)
    assert code == 0
    fits(ANSI.sub("", out), 80)


LONG_RANGE = "QQ+,AKs,AQs,AJs,ATs,A9s-A2s:0.5,KQs,KJs,KTs,QJs,QTs,JTs,T9s,98s,87s,76s,65s,54s,AKo,AQo,AJo,KQo,22-55:0.5"


@pytest.mark.parametrize("name,make", [
    ("equity", lambda: pokercli.equity(["AsAh", LONG_RANGE], "Kd 7c 2h")),
    ("range", lambda: pokercli.parse_range(LONG_RANGE)),
    ("hits", lambda: pokercli.hits(LONG_RANGE, "Kd 7c 2h")),
    ("percentile", lambda: pokercli.percentile("AsAh", board="Kd 7c 2h", vs=LONG_RANGE)),
])
def test_a_long_range_wraps_between_its_parts_never_inside_one(name, make):
    """At 80 columns every part of a long range (``A9s-A2s:0.5``) stays on one line:
    the range wraps at its commas (it once broke as ``-55:0.5`` under ``22``)."""
    text = render(make(), 80)
    fits(text, 80)
    lines = text.splitlines()
    for part in LONG_RANGE.split(","):
        assert any(part in line for line in lines), (name, part)


def test_big_two_combinations_wrap_between_combinations_never_inside_one():
    """At 80 columns a five-card combination stays on one line (a straight was once
    split as ``Ah`` / ``Ks Qs Js Ts``)."""
    from pokercli.render.format import cards

    r = pokercli.combos("As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c")
    out = Output("rich", width=80)
    text = render(r, 80)
    fits(text, 80)
    lines = text.splitlines()
    for combo in r.combos:
        shown = cards(combo.cards, out)
        assert any(shown in line for line in lines), shown
