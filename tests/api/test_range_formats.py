"""Ranges to and from PioSOLVER's text and weight vector and the bracket blocks of
GTO+, Flopzilla and Equilab (pokercli.range_formats)."""

from __future__ import annotations

import random

import pytest

from pokercli import cards as C
from pokercli import range_formats as F
from pokercli.errors import PokerError
from pokercli.ranges import all_combos, parse_range, starting_classes


def _as_dict(r):
    return {tuple(sorted(int(c) for c in combo)): w for combo, w in r}


def test_pios_hand_order():
    """PioSOLVER's show_hand_order: cards 2c 2d 2h 2s 3c … As, each combo once,
    the higher card first, the combos of each card with every card below it."""
    order = F.hand_order()
    assert order[:21] == ["2d2c", "2h2c", "2h2d", "2s2c", "2s2d", "2s2h", "3c2c", "3c2d", "3c2h", "3c2s",
                          "3d2c", "3d2d", "3d2h", "3d2s", "3d3c", "3h2c", "3h2d", "3h2h", "3h2s", "3h3c",
                          "3h3d"]
    assert order[-1] == "AsAh" and len(order) == len(set(order)) == 1326
    combos = {tuple(sorted(C.parse(name))) for name in order}
    assert combos == {tuple(sorted(c)) for c in all_combos()}


def _random_range(rng: random.Random):
    parts = []
    for name in rng.sample(starting_classes(), rng.randint(1, 40)):
        w = rng.choice([1, 0.5, 0.25, 0.05, 0.75])
        parts.append(name if w == 1 else f"{name}:{w}")
    for combo in rng.sample(all_combos(), rng.randint(0, 10)):
        parts.append(C.format_cards(combo).replace(" ", "") + f":{rng.choice([1, 0.1, 0.35])}")
    return parse_range(",".join(parts))


@pytest.mark.parametrize("fmt", F.FORMATS)
def test_every_format_reads_back_what_it_writes(fmt):
    rng = random.Random(fmt)
    for _ in range(60):
        r = _random_range(rng)
        back = F.read(F.write(r, fmt), fmt)
        assert _as_dict(back) == pytest.approx(_as_dict(r))


def test_written_forms():
    r = parse_range("QQ+,AKs:0.5,AhKd:0.25")
    assert F.write(r, "pio") == "AA,AKs:0.5,AhKd:0.25,KK,QQ"
    assert F.write(parse_range("QQ+,AKs:0.5,AQs:0.5,AJs"), "brackets") == "AA,[50]AKs,AQs[/50],AJs,KK,QQ"
    vector = [float(x) for x in F.write(parse_range("AA"), "weights").split()]
    assert len(vector) == 1326 and sum(vector) == 6 and vector[-1] == 1.0  # AsAh is Pio's last hand
    assert F.brackets_as_text("[75]AKo,KQo[/75],AA,[50] 22 [/50]") == "AKo:0.75,KQo:0.75,AA,22:0.5"


@pytest.mark.parametrize("call,fragment", [
    (lambda: F.write(parse_range("AA:2"), "pio"), "from 0 to 1"),
    (lambda: F.write(parse_range("AA:2"), "brackets"), "from 0 to 1"),
    (lambda: F.read("1 0 1", "weights"), "1326 numbers"),
    (lambda: F.read(" ".join(["2"] * 1326), "weights"), "not from 0 to 1"),
    (lambda: F.read(" ".join(["0"] * 1326), "weights"), "empty"),
    (lambda: F.read("[75]AKo[/50]", "brackets"), "closes with 50"),
    (lambda: F.read("[75]AKo", "brackets"), "unclosed"),
    (lambda: F.read("AA", "csv"), "fmt must be one of"),
])
def test_refusals_name_the_parameter(call, fragment):
    with pytest.raises(PokerError) as e:
        call()
    assert fragment in str(e.value) and e.value.param in ("text", "fmt")


def test_cli_converts_both_ways(cli):
    code, out, _ = cli("range", "QQ+,AKs:0.5", "--to", "weights")
    assert code == 0 and len(out.split()) == 1326
    code, back, _ = cli("range", "-", "--from", "weights", "--to", "pio", input=out)
    assert code == 0 and back.strip() == "AA,AKs:0.5,KK,QQ"
    code, out, _ = cli("range", "[75]AKo,KQo[/75],AA", "--from", "brackets", "--json")
    assert code == 0 and '"combos": 30' in out
    code, _, err = cli("range", "AA:2", "--to", "pio")
    assert code == 2 and err.count("\n") == 1
