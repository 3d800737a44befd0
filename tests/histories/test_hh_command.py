"""pokercli hh: JSON Lines per hand, bad hands named and skipped, --summary
and --hero, what a hand that cannot be judged says, views at 80 columns."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

import pokercli
from pokercli.histories import read_histories

#: The televised million-dollar pot (phh-std's first example, cut to its numbers):
#: Dwan's 7-high straight against Ivey's wheel, all in on the turn.
DWAN = """variant = "NT"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h", "d db Jh",
]
players = ["Ivey", "Antonius", "Dwan"]
"""


def hand(actions: str, stacks="[100, 100, 100]", extra="") -> str:
    return (f'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
            f'starting_stacks = {stacks}\nactions = [{actions}]\n{extra}')


#: Three hands in one .phhs file: a coin flip all in preflop, a hand with a
#: typo on its third line of actions, and one whose cards are never shown.
MANY = ("[1]\n" + hand('"d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 7c2d", "p3 f", "p1 cbr 100", "p2 cc",'
                       ' "d db 2c3d4h", "d db 9s", "d db Kd"', extra='players = ["A", "B", "C"]')
        + "\n[2]\n" + 'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        'starting_stacks = [100, 100, 100]\nactions = [\n  "d dh p1 AsAh",\n  "p9 cc",\n]\n'
        + "\n[3]\n" + hand('"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cc", "p2 cc",'
                           ' "d db 2c3d4h", "d db 9s", "d db Kd", "p1 cc", "p2 cc"',
                           extra='players = ["A", "B", "C"]'))


def test_the_million_dollar_pot():
    (h,) = read_histories(DWAN)
    assert [s.net for s in h.seats] == [-553_500, -2_500, 556_000]
    assert [p.amount for p in h.pots] == [1_109_500] and h.returned == [(0, 572_100)]
    spot = h.allin_ev()
    assert spot.street == "turn" and spot.pots[0].equity == (0.0, 1.0)  # no river saves the wheel
    assert h.ev_net() == [s.net for s in h.seats]


def test_json_lines_bad_hands_named_and_the_rest_answered(cli, tmp_path):
    path = tmp_path / "many.phhs"
    path.write_text(MANY)
    code, out, err = cli("hh", str(path))
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and [d["hand"] for d in docs] == ["1", "3"]
    first, third = docs
    assert [p["net"] for p in first["players"]] == [-100, 100, 0]  # the king on the river
    assert first["allin"]["street"] == "preflop" and first["allin"]["method"] == "exact"
    aces = pokercli.equity(["AsAh", "KsKh"], dead="7c 2d").players[0].equity  # the folded hand is out
    assert first["players"][0]["ev_net"] == pytest.approx(200 * aces - 100, abs=1e-9)
    assert [p["net"] for p in third["players"]] == [None, None, None]
    assert "are not known at the showdown" in third["problems"][0]
    line = next(i for i, text in enumerate(MANY.splitlines(), 1) if '"p9 cc"' in text)
    assert f"many.phhs: hand 2, line {line}: 'p9' is not a player (p1 .. p3)" in err
    assert "1 hand could not be read and was skipped" in err


def test_summary_hero_and_json(cli, tmp_path):
    path = tmp_path / "many.phhs"
    path.write_text(MANY)
    code, out, _ = cli("hh", str(path), "--summary")
    lines = out.splitlines()
    assert code == 1 and lines[0] == "hands: 2 read (1 without a result), 1 unread, 1 judged all-ins"
    a = next(line for line in lines if line.startswith("A\t")).split("\t")
    aces = pokercli.equity(["AsAh", "KsKh"], dead="7c 2d").players[0].equity
    assert a[1:4] == ["1", "1", "-100"] and float(a[4]) == pytest.approx(200 * aces - 100, abs=0.01)
    code, out, _ = cli("hh", str(path), "--summary", "--json")
    doc = json.loads(out)
    assert doc["unread"] == 1 and {p["name"] for p in doc["players"]} == {"A", "B", "C"}
    luck = {p["name"]: p["luck"] for p in doc["players"]}
    assert luck["A"] == pytest.approx(-luck["B"]) and luck["C"] == 0
    code, out, _ = cli("hh", str(path), "--summary", "--hero", "B")
    assert "* net   o EV-adjusted net" in out and out.splitlines()[2].startswith("B\t")
    code, _, err = cli("hh", str(path), "--summary", "--hero", "Z")
    assert code == 2 and "no hand has a player named 'Z'" in err
    code, _, err = cli("hh", str(path), "--hero", "B")
    assert code == 2 and "--hero goes with --summary" in err


def test_stdin_a_missing_file_and_not_toml(cli, tmp_path):
    code, out, _ = cli("hh", "-", input=DWAN)
    assert code == 0 and json.loads(out)["players"][2]["net"] == 556_000
    code, _, err = cli("hh", str(tmp_path / "none.phh"))
    assert code == 2 and "cannot read" in err
    # a wrong name after good input is named before any hand is read: one line, no output
    for wrong, why in ((tmp_path / "none.phh", "No such file"), (tmp_path, "Is a directory")):
        code, out, err = cli("hh", "-", str(wrong), input=DWAN)
        assert (code, out) == (2, "") and err.count("\n") == 1 and why in err
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "NT"\nantes = = 3\nmin_bet = 2\n')
    code, out, err = cli("hh", str(bad))
    assert code == 1 and out == "" and "bad.phh, line 2: not a PHH file" in err and "not a PHH file" in err


@pytest.mark.parametrize("blank", ["", "\n \n\t\n", "\ufeff\n"])
def test_a_blank_file_holds_no_hand(cli, tmp_path, blank):
    """A blank file or stdin is no hand, not a bad one: exit 0, nothing out, one warning
    naming it; a good file beside it is still read (it was '1 hand could not be read', exit 1)."""
    empty = tmp_path / "empty.phh"
    empty.write_text(blank, encoding="utf-8")
    good = tmp_path / "good.phh"
    good.write_text(DWAN, encoding="utf-8")
    code, out, err = cli("hh", str(empty))
    assert (code, out) == (0, "") and err == f"pokercli: warning: {empty} holds no hand\n"
    code, out, err = cli("hh", "-", input=blank)
    assert (code, out) == (0, "") and err.strip() == "pokercli: warning: stdin holds no hand"
    code, out, err = cli("hh", str(empty), str(good))
    assert code == 0 and len(out.splitlines()) == 1 and json.loads(out)["players"][2]["net"] == 556_000
    assert err.count("holds no hand") == 1 and str(good) not in err
    code, out, err = cli("hh", str(empty), "--summary")
    assert code == 0 and out.startswith("hands: 0 read") and "holds no hand" in err
    assert list(read_histories(blank + "\n")) == []


def test_amounts_that_do_not_add_up_are_reported():
    text = hand('"d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 7c2d", "p3 f", "p1 f"',
                extra="finishing_stacks = [99, 103, 100]")
    (h,) = read_histories(text)
    assert [s.net for s in h.seats] == [-1, 1, 0]
    assert h.problems == ["finishing_stacks disagree with the actions: the actions give 99, 101, 100"]


def test_cents_tabs_and_comments_replay_exactly():
    """Amounts in cents (the replay counts whole cents), an action whose words
    a tab parts and one with a comment: the nets to the cent, as fractions."""
    text = (f'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [0.05, 0.1, 0]\nmin_bet = 0.1\n'
            f'starting_stacks = [10.37, 5.5, 8]\nactions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 7c2d",'
            f' "p3 cbr\t0.35", "p1 cbr 1.2 # a raise", "p2 cc", "p3 f", "d db 2c3d4h", "d db 9s", "d db 8d",'
            f' "p1 cc", "p2 cc"]\n')
    (h,) = read_histories(text)
    assert [s.put_in for s in h.seats] == [Fraction(6, 5), Fraction(6, 5), Fraction(7, 20)]
    assert [s.net for s in h.seats] == [Fraction(31, 20), Fraction(-6, 5), Fraction(-7, 20)]


def test_side_pots_and_a_folded_players_chips():
    """Three all in for 30, 60 and 100: a main pot of three, a side pot of two,
    and the big stack's uncalled 40 goes back; aces take the main pot, kings
    the side pot."""
    text = hand('"d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cbr 100", "p1 cc", "p2 cc",'
                ' "d db 2c3d4h", "d db 9s", "d db 8d"', stacks="[30, 60, 100]")
    (h,) = read_histories(text)
    assert [(p.amount, p.contenders) for p in h.pots] == [(90, (0, 1, 2)), (60, (1, 2))]
    assert h.returned == [(2, 40)] and [s.net for s in h.seats] == [60, 0, -60]
    ev = h.ev_net()
    assert sum(ev) == 0 and ev[0] > 0 and ev[2] < 0
    with pytest.raises(pokercli.PokerError) as e:
        next(read_histories(hand('"d dh p1 AsAh", "p3 cbr 500"')))
    assert "more than its stack" in str(e.value)


def test_summary_views_fit_80_columns():
    from pokercli.histories.summary import summarize
    from pokercli.render import Output, emit

    hands = list(read_histories(MANY, strict=False)) * 40
    for hero in (None, "A"):
        import io

        buf = io.StringIO()
        emit(summarize(hands, hero), Output("rich", width=80, file=buf, fancy=False))
        lines = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", buf.getvalue()).splitlines()
        assert lines and max(len(line) for line in lines) <= 80
        if hero:
            assert any("*" in line or "#" in line for line in lines)
    assert Fraction(0) == sum((s.net for h in hands if h.settled for s in h.seats), Fraction(0))


def test_plot_writes_an_svg_chart(cli, tmp_path):
    import xml.dom.minidom

    path = tmp_path / "many.phhs"
    path.write_text(MANY)
    chart = tmp_path / "b.svg"
    code, _, _ = cli("hh", str(path), "--summary", "--hero", "B", "--plot", str(chart))
    doc = xml.dom.minidom.parse(str(chart))
    lines = doc.getElementsByTagName("polyline")
    assert code == 1 and len(lines) == 2  # net, and the dashed EV-adjusted net
    assert all(len(line.getAttribute("points").split()) == 1 for line in lines)  # B's one settled hand
    assert lines[1].getAttribute("stroke-dasharray")  # told apart without colour
    refused = tmp_path / "b.png"
    code, _, err = cli("hh", str(path), "--summary", "--hero", "B", "--plot", str(refused))
    assert code == 2 and "ending in .svg" in err and not refused.exists()
    code, _, err = cli("hh", str(path), "--summary", "--plot", str(chart))
    assert code == 2 and "--plot goes with --summary --hero" in err


def _turn_allin(stacks: str, holes: list[str]) -> str:
    """The last player moves all in for 100 on the turn and everyone calls."""
    deals = ", ".join(f'"d dh p{i} {h}"' for i, h in enumerate(holes, 1))
    n = len(holes)
    return (f'variant = "NT"\nantes = {[0] * n}\nblinds_or_straddles = {[0] * n}\nmin_bet = 2\n'
            f'starting_stacks = {stacks}\nactions = [{deals}, "d db Kh7d2c", "d db 3s", '
            f'"p{n} cbr 100", {", ".join(f"{chr(34)}p{i} cc{chr(34)}" for i in range(1, n))}, "d db 4h"]\n')


def test_side_pot_ev_counted_by_hand_three_and_four_way():
    """All in on the turn of Kh 7d 2c 3s, every river counted by hand.

    Three-way, AsAd (30) / KsKd (60) / 7h7s (100), 42 rivers: the aces win the
    main pot on Ac or Ah, the sevens win everything on 7c, the kings the rest
    (a 2 or 3 gives them the best full house). Main pot 90: 2/42, 39/42, 1/42;
    side pot 60 (kings and sevens): 41/42 and 1/42; 40 of the sevens' goes back.

    Four-way, the same and QcQh (100), 40 rivers: main pot 80: aces 2/40, kings
    37/40, sevens 1/40; side pot 60 (kings, sevens, queens): kings 39/40,
    sevens 1/40; side pot 40 (sevens, queens): queens on Qs or Qd, 2/40, sevens
    38/40; 40 of the queens' goes back."""
    from fractions import Fraction as F

    (three,) = read_histories(_turn_allin("[30, 60, 100]", ["AsAd", "KsKd", "7h7s"]))
    assert [(p.amount, p.contenders) for p in three.pots] == [(90, (0, 1, 2)), (60, (1, 2))]
    assert three.returned == [(2, 40)]
    expected = [90 * F(2, 42) - 30, 90 * F(39, 42) + 60 * F(41, 42) - 60, 90 * F(1, 42) + 60 * F(1, 42) - 60]
    assert [float(x) for x in three.ev_net()] == pytest.approx([float(x) for x in expected], abs=1e-9)

    (four,) = read_histories(_turn_allin("[20, 40, 60, 100]", ["AsAd", "KsKd", "7h7s", "QcQh"]))
    assert [(p.amount, p.contenders) for p in four.pots] == [(80, (0, 1, 2, 3)), (60, (1, 2, 3)), (40, (2, 3))]
    assert four.returned == [(3, 40)]
    expected = [80 * F(2, 40) - 20, 80 * F(37, 40) + 60 * F(39, 40) - 40,
                80 * F(1, 40) + 60 * F(1, 40) + 40 * F(38, 40) - 60, 40 * F(2, 40) - 60]
    assert [float(x) for x in four.ev_net()] == pytest.approx([float(x) for x in expected], abs=1e-9)
    assert four.allin_ev().street == "turn" and four.allin_ev().method == "exact"


def test_an_unknown_stack_is_deep_enough():
    """PHH writes a stack it does not know as inf: that player is never all in
    for less, the stack shows as null, and --to phh writes it back as inf."""
    from pokercli.histories.phh import dumps

    text = hand('"d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 7c2d", "p3 f", "p1 cbr 100", "p2 cc",'
                ' "d db 2c3d4h", "d db 9s", "d db Kd"', stacks="[inf, 100, 100]")
    (h,) = read_histories(text)
    assert [s.net for s in h.seats] == [-100, 100, 0] and h.to_dict()["players"][0]["stack"] is None
    assert "starting_stacks = [inf, 100, 100]" in dumps([h])


def test_the_triple_draw_bad_beat():
    """phh-std's second example, cut to its numbers: 2-7 triple draw, Yockey
    pat on 7-6-4-3-2 against Arieh drawing three times to 7-5-4-3-2."""
    text = """variant = "F2L3D"
antes = [0, 0, 0, 0]
blinds_or_straddles = [75000, 150000, 0, 0]
small_bet = 150000
big_bet = 300000
starting_stacks = [1180000, 4340000, 5910000, 10765000]
actions = ["d dh p1 7h6c4c3d2c", "d dh p2 ??????????", "d dh p3 ??????????", "d dh p4 AsQs6s5c3c",
  "p3 f", "p4 cbr 300000", "p1 cbr 450000", "p2 f", "p4 cc", "p1 sd", "p4 sd AsQs", "d dh p4 2hQh",
  "p1 cbr 150000", "p4 cc", "p1 sd", "p4 sd Qh", "d dh p4 4d", "p1 cbr 300000", "p4 cc", "p1 sd",
  "p4 sd 6s", "d dh p4 7c", "p1 cbr 280000", "p4 cc", "p1 sm 7h6c4c3d2c", "p4 sm 2h4d7c5c3c"]
players = ["Yockey", "Hui", "Esposito", "Arieh"]
"""
    (h,) = read_histories(text)
    assert h.game == "27-triple" and h.settled and not h.problems
    assert [s.net for s in h.seats] == [-1_180_000, -150_000, 0, 1_330_000]  # Yockey all in
    assert h.allin is None  # all in after the third draw: no card to come, nothing to judge


def test_a_variant_that_is_not_text_is_that_hands_error():
    """variant = [1, 2] (a list is no dictionary key) raised TypeError and stopped the file."""
    text = "[1]\n" + DWAN.replace('variant = "NT"', "variant = [1, 2]") + "\n[2]\n" + DWAN
    from pokercli.histories import read_text

    items = list(read_text(text, "f.phhs"))
    assert [type(x).__name__ for x in items] == ["PokerError", "Hand"]
    assert str(items[0]).startswith("variant [1, 2] is not one pokercli reads")


def test_phh_winnings_are_after_the_rake_and_a_walk_may_count_the_blind_given_back():
    """PHH's ``winnings`` are what was paid after the rake (the spec): the
    pots less the winnings is the rake, not a problem. A site that counts the
    uncalled bet given back in what it paid (a walk: the big blind collects
    both blinds) is read as paying the pot. Winnings above both are a problem."""
    raked = hand('"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 cc",'
                 ' "d db 2c3d4h", "p2 cc", "p3 cbr 5", "p2 f"', extra="winnings = [0, 0, 12]\n")
    (h,) = read_histories(raked)
    assert h.rake == 1 and h.problems == [] and [s.net for s in h.seats] == [-1, -6, 6]
    assert h.to_dict()["rake"] == 1
    walk = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n')
    (h,) = read_histories(walk + "winnings = [3, 0]\n")
    assert h.problems == [] and h.rake == 0 and [s.net for s in h.seats] == [1, -1]
    (h,) = read_histories(walk + "winnings = [4, 0]\n")
    assert h.problems == ["the pots (2) are not what was paid out (3) and the rake (0)"]
    # winnings that leave out the winner, or a third of the pots, are no rake
    for wrong in ("[0, 0, 0]", "[0, 12, 0]", "[0, 0, 8]"):
        (h,) = read_histories(raked.replace("winnings = [0, 0, 12]", f"winnings = {wrong}"))
        assert h.rake == 0 and h.problems[0].startswith("the pots (13) are not what was paid out"), wrong
