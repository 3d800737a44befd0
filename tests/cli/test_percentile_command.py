"""`pokercli percentile` on the command line: outputs, errors, class names."""

import json

import pytest

import pokercli


@pytest.mark.parametrize("args,fragment", [
    (("percentile", "As", "--board", "Ac 2d 8c"), "has 1 card, expected 2"),
    (("percentile", "As Ad", "--board", "Ac 2d"), "board 'Ac 2d' has 2 cards"),
    (("percentile", "As Ad", "--board", "Ac 2d 8c 9c Tc Jc"), "has 6 cards"),
    (("percentile", "As Ad", "--board", "As 2d 8c"), "'As' appears in both hand and board"),
    (("percentile", "As Ad", "--board", "Ac 2d 8c", "--vs", "AhAc"), "empty once our hand"),
    (("percentile", "As Ad", "--board", "Ac 2d 8c", "--vs", "ZZ"), "is not a hand class"),
])
def test_percentile_errors(cli, args, fragment):
    code, out, err = cli(*args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and fragment in err


def test_percentile_cli_outputs(cli):
    code, out, _ = cli("percentile", "AsAd", "--board", "Ac 2d 8c", "--json")
    doc = json.loads(out)
    assert {"hs", "beats", "ties", "loses", "ppot", "npot", "ehs", "equity"} <= set(doc)
    assert doc["hs"] == 1.0 and doc["potential_matrix"]["ahead"]["behind"] == 52_119
    code, out, _ = cli("percentile", "AsAd", "--board", "Ac 2d 8c")
    assert "effective percentile (equity): 0.951299" in out
    code, out, _ = cli("percentile", "7h8h", "--board", "9h Th 2c", terminal=True)
    assert "\x1b[" in out and "opponent hands by type" in out and "█" in out
    code, out, _ = cli("percentile", "AhAs", "--json")
    doc = json.loads(out)
    assert doc["street"] == "preflop" and doc["class"] == "AA" and doc["class_rank"] == 1


def test_preflop_accepts_a_class_name(cli):
    code, out, _ = cli("percentile", "AKs", "--json")
    doc = json.loads(out)
    assert doc["class"] == "AKs" and doc["class_rank"] == pokercli.percentile("AKs").class_rank
    code, out, err = cli("percentile", "AKs", "--board", "2c 3d 4h")
    assert code == 2 and "'AKs'" in err
