"""The range language of issue #16: connector spans, eval7's weight groups and
spaces, top-X% ranges and bands (checked against eval7 as an oracle where it
parses the same text, and against the definitions otherwise)."""

import math

import pytest

import pokercli
from pokercli import preflop_order
from pokercli.errors import PokerError
from pokercli.hand_strength import preflop_table
from pokercli.ranges import class_combos_of, parse_range, starting_classes, top_classes


def combos(text, **kw):
    return {(str(a), str(b)): w for (a, b), w in parse_range(text, **kw)}


def union(*classes):
    out = {}
    for name in classes:
        for part in combos(name):
            out[part] = 1.0
    return out


@pytest.mark.parametrize("span,classes", [
    ("T9s-65s", ["T9s", "98s", "87s", "76s", "65s"]),
    ("65s-T9s", ["T9s", "98s", "87s", "76s", "65s"]),
    ("KQo-JTo", ["KQo", "QJo", "JTo"]),
    ("KQ-JT", ["KQ", "QJ", "JT"]),
    ("J9s-75s", ["J9s", "T8s", "97s", "86s", "75s"]),
    ("AQs-T8s", ["AQs", "KJs", "QTs", "J9s", "T8s"]),
    ("A5s-A2s", ["A5s", "A4s", "A3s", "A2s"]),
])
def test_spans_are_the_classes_they_name(span, classes):
    assert combos(span) == union(*classes)


@pytest.mark.parametrize("bad", ["T9s-64s", "T9s-65o", "KQ-J9", "T9s-66"])
def test_a_span_that_keeps_neither_top_card_nor_gap_is_refused(bad):
    with pytest.raises(PokerError) as e:
        parse_range(bad)
    assert bad in str(e.value) and e.value.param == "text"


EVAL7_TEXTS = ["AA", "AK s", "0.5(AA,KK)", "50%(AA, KK), QQ", "0.25(AKs), AKo, 22-55",
               "40%(ATs+), KJo-KTo", "AsKs, 8c7d", "0.6(AA, AK), 0.3(QQ)", "TT+, A8o-ATo, 80%(KTs+)",
               "A2s+, K9s+, 77-99", ".5(JJ)", "5.(AA)"]


@pytest.mark.parametrize("text", EVAL7_TEXTS)
def test_weights_and_combos_agree_with_eval7(text):
    from eval7 import rangestring  # the test extra's oracle
    theirs = {}
    for hand, weight in rangestring.string_to_hands(text):
        a, b = (str(c) for c in hand)
        theirs[frozenset((a, b))] = weight
    ours = {frozenset(k): w for k, w in combos(text).items() if w <= 1}
    if text == "5.(AA)":  # a weight of 5 is a weight to pokercli (eval7 takes it too)
        ours = {frozenset(k): w for k, w in combos(text).items()}
    assert ours == pytest.approx(theirs)


POKERKIT_TEXTS = ["T9s-65s", "KQo-JTo", "J9s-75s", "KQ-JT", "T8o-KJo", "AQs-T8s", "QQ+", "TT-77", "A2s+",
                  "KTo+", "AsKh", "AKs"]


@pytest.mark.parametrize("text", POKERKIT_TEXTS)
def test_combos_agree_with_pokerkit(text):
    from pokerkit import parse_range as theirs  # the test extra's second oracle

    want = {frozenset(c.rank + c.suit for c in combo) for combo in theirs(text)}
    assert {frozenset(k) for k in combos(text)} == want


def test_spaces_inside_a_part_read_as_eval7_reads_them():
    assert combos("AK s") == combos("AKs")
    assert combos("As Kh") == combos("AsKh")
    assert combos("TT - 77") == combos("TT-77")
    assert combos("AA : 0.5") == combos("AA:0.5")
    assert combos("top 15 %") == combos("15%")
    assert combos("A2s +") == combos("A2s+")
    assert combos("QQ+ AKs") == combos("QQ+,AKs")


def test_a_weight_in_percent_is_its_fraction():
    """``AA:50%`` is ``AA:0.5``, as ``50%(AA,KK)`` weighs a group (it was 'not a number')."""
    assert combos("AA:50%,KK") == combos("AA:0.5,KK") and set(combos("AA:50%").values()) == {0.5}
    assert combos("AA : 25 %") == combos("AA:0.25")
    for bad in ("AA:%", "AA:50%%", "AA:0%"):
        with pytest.raises(PokerError):
            parse_range(bad)


def test_a_part_weight_inside_a_group_multiplies():
    r = combos("0.5(AA:0.5, KK)")
    assert set(r.values()) == {0.25, 0.5}
    assert combos("0.5(AA), AA") == combos("AA")  # the last naming wins, as elsewhere


@pytest.mark.parametrize("bad", ["0.5(AA", "AA)", "(AA)", "0.5(AA,(KK))", "0.5()", "2000000(AA)",
                                 "0.000001(AA:0.5)", "15%@0", "15%@10", "0%", "101%", "15%-5%"])
def test_malformed_groups_and_top_ranges_are_one_clear_error(bad):
    with pytest.raises(PokerError) as e:
        parse_range(bad)
    assert e.value.param == "text"


def _size(name):
    return len(class_combos_of(name))


@pytest.mark.parametrize("opponents", [1, 2, 5, 9])
@pytest.mark.parametrize("percent", [0.5, 2.5, 15, 33.3, 50, 100])
def test_top_ranges_are_whole_classes_up_to_the_one_that_crosses(percent, opponents):
    names = top_classes(percent, opponents=opponents)
    order = preflop_order.order(opponents)
    assert names == list(order[:len(names)])  # best first, no gap
    total = sum(_size(n) for n in names)
    target = percent / 100 * 1326
    assert total >= target - 1e-9 and total - _size(names[-1]) < target  # rounded up, one class
    r = parse_range(f"{percent}%@{opponents}")
    assert len(r) == total
    assert combos(f"{percent}%", order=opponents) == combos(f"top {percent}%@{opponents}")


def test_a_band_is_the_upper_top_range_less_the_lower():
    upper, lower = combos("15%"), combos("5%")
    band = combos("5%-15%")
    assert band == {k: w for k, w in upper.items() if k not in lower}
    assert len(combos("100%")) == 1326 and combos("0%-100%") == combos("random")


def test_order_against_one_hand_is_the_exact_equity_order():
    table = preflop_table()
    order = preflop_order.order(1)
    equities = [table[n]["equity"] for n in order]
    assert equities == sorted(equities, reverse=True) and sorted(order) == sorted(starting_classes())
    assert order[:3] == ("AA", "KK", "QQ") and order[-1] == "32o"


@pytest.mark.parametrize("opponents", range(2, 10))
def test_shipped_orders_are_sorted_figures_of_every_class(opponents):
    table = preflop_order.shipped()[str(opponents)]
    order = preflop_order.order(opponents)
    assert sorted(order) == sorted(starting_classes()) and order[0] == "AA"
    assert [table[n] for n in order] == sorted(table.values(), reverse=True)
    assert 1 / (opponents + 1) < table["AA"] < 1 and table["72o"] < 1 / (opponents + 1)


def _generator():
    """scripts/gen_preflop_order.py, which makes the shipped file (and holds its estimator)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / "gen_preflop_order.py"
    spec = importlib.util.spec_from_file_location("gen_preflop_order", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_order_against_one_hand_is_the_exact_one():
    """The order shipped as data is the classes by exact equity against a random
    hand, derived afresh from the heads-up table (ties in grid order)."""
    from pokercli.hand_strength import class_order

    assert list(preflop_order.order(1)) == class_order()


@pytest.mark.parametrize("name,opponents", [("AKs", 3), ("T9s", 6), ("22", 9)])
def test_shipped_figures_agree_with_a_fresh_estimate(name, opponents):
    """A fresh run with another seed lands within 4 standard errors of both runs."""
    samples = 200_000
    fresh = _generator().estimate(name, opponents, samples=samples, seed=12345)
    shipped = preflop_order.shipped()[str(opponents)][name]
    sd = 0.5 * math.sqrt(1 / samples + 1 / preflop_order.SAMPLES)
    assert abs(fresh - shipped) < 4 * sd


def test_order_parameter_is_checked():
    for bad in (0, 10, True, "3"):
        with pytest.raises(PokerError) as e:
            parse_range("15%", order=bad)
        assert e.value.param == "order"


def test_top_range_in_equity_and_the_cli(cli):
    r = pokercli.equity(["AsAh", "5%"])
    free = [c for c in combos("5%") if "As" not in c and "Ah" not in c]
    assert r.players[1].combos == len(free) == 55  # As Ah blocks 5 AA, 6 AKo, 2 each of AKs AQs AJs
    code, out, err = cli("range", "10%", "--order", "3", "--json")
    assert code == 0 and len(__import__("json").loads(out)["combo_list"]) == len(parse_range("10%@3"))
    code, out, err = cli("range", "10%@12")
    assert code == 2 and "10%@12" in err and "Traceback" not in err
    code, out, err = cli("range", "10%", "--order", "12")
    assert code == 2 and "--order" in err


def test_the_shipped_estimates_list_the_classes_in_grid_order():
    """order() breaks equal figures by the file's own order, which is the grid's."""
    from pokercli.ranges import starting_classes

    assert all(list(table) == starting_classes() for table in preflop_order.shipped().values())
