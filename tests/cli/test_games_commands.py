"""`hearts`, `deal --game hearts`, `combos` and `draw` on the command line."""

import json

import pytest

import pokercli

from tests.api.test_games_api import seed_state


def test_state_json_object_and_cli(cli):
    text = json.dumps({"state": seed_state(), "scores": [3, 0, 20, 3], "pass_type": 2})
    code, out, _ = cli("hearts", text, "--view", "1", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["state"][:5] == [13, 0, 1, 24, 31] and doc["scores"] == [3, 0, 20, 3]
    assert doc["pass"] == "counter-clockwise" and doc["view"] == 1
    code, out, _ = cli("hearts", str(seed_state()))
    assert code == 0 and "player 3\thand:" in out
    code, out, _ = cli("hearts", str(seed_state()), terminal=True)
    assert "6c*" in out


@pytest.mark.parametrize("mutate,fragment", [
    (lambda s: s[:51], "52 codes, not 51"),
    (lambda s: [5] + s[1:], "code 5 for 2c is not a location"),
    (lambda s: s[:5] + [32] + s[6:], "cards are marked as led"),
    (lambda s: [1] + s[1:], "won tricks hold a multiple of 4"),
    (lambda s: s[:4] + [21] + s[5:], "no lead card"),
    (lambda s: s[:8] + [2] + s[9:], "player 1 holds 10 cards"),
])
def test_invalid_states(cli, mutate, fragment):
    text = ",".join(map(str, mutate(seed_state())))
    code, out, err = cli("hearts", text)
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


def test_deal_hearts_prints_state(cli):
    code, out, _ = cli("deal", "--game", "hearts", "--seed", "5", "--round", "3", "--json")
    doc = json.loads(out)
    st = doc["hearts"]
    assert st["pass_type"] == 3 and sorted(st["state"]) == sorted([1, 2, 3, 4] * 13)
    for p, hand in enumerate(doc["hands"], 1):
        assert sorted(st["players"][str(p)]["hand"]) == sorted(hand)
    code, out, _ = cli("deal", "--game", "hearts", "--seed", "5", "--view", "2", "--json")
    st = json.loads(out)["hearts"]
    assert st["state"].count(0) == 39 and st["state"].count(2) == 13
    code, out, err = cli("deal", "--round", "2")
    assert code == 2 and "--game hearts" in err


def test_combos_cli(cli):
    code, out, _ = cli("combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c", "--json")
    doc = json.loads(out)
    assert doc["counts"]["four of a kind"] == 9 and doc["counts"]["straight flush"] == 1
    assert doc["total"] == sum(doc["counts"].values())
    code, out, _ = cli("combos", "As Ah Ad Ac Ks Qs Js Ts 3d 4d 5d 6d 7c", "--beats", "Kh Kd Kc Ks 2c", "--json")
    doc = json.loads(out)
    assert doc["counts"]["four of a kind"] == 9 and doc["counts"]["straight flush"] == 1 and doc["total"] == 10
    code, out, _ = cli("combos", "As Ah Ks", "--beats", "Qd Qc")
    assert "pair\t1\tAs Ah" in out
    code, out, err = cli("combos", "As Ah Ks", "--beats", "Qd Kc")
    assert code == 2 and "not a Big Two combination" in err
    code, out, err = cli("combos", " ".join(str(pokercli.Card(c)) for c in range(14)))
    assert code == 2 and "1 to 13 cards" in err
    code, out, _ = cli("combos", "As Ah Ks", terminal=True)
    assert "\x1b[" in out and "pair" in out


def test_paytable_option(cli):
    code, out, _ = cli("draw", "Jh Jd 7c 4s 2h", "--pay", "250 50 25 9 6 4 3 2 1", "--json")
    doc = json.loads(out)
    assert len(doc["holds"]) == 32 and doc["pays"]["royal flush"] == 250
    assert sorted(doc["holds"][0]["hold"]) == ["Jd", "Jh"]
    code, out, err = cli("draw", "Jh Jd 7c 4s 2h", "--pay", "1 2 3")
    assert code == 2 and "--pay: 9 pays are needed" in err
    code, out, err = cli("draw", "Jh Jd 7c 4s")
    assert code == 2 and "has 4 cards" in err
    code, out, _ = cli("draw", "Ah Kh Qh Jh 2c", terminal=True)
    assert "\x1b[" in out and "18.5532" in out


def test_warmup_runs_every_game_through_its_engine(cli):
    """`pokercli warmup` compiles or loads every kernel up front: a step per
    engine operation for each game of the registry, then hold'em's own commands."""
    from pokercli.games import equity_games

    code, out, err = cli("warmup", "--json")
    doc = json.loads(out)
    names = [s["step"] for s in doc["steps"]]
    # stderr holds nothing but compile notices (a cold cache compiles what earlier tests did not)
    assert code == 0 and all(line.startswith(("pokercli: compil", "pokercli: building"))
                             for line in err.splitlines()), err
    for g in equity_games():
        for part in ("batch evaluation", "rank -", "showdown", "exact equity", "Monte Carlo", "percentile"):
            assert f"{g.name}: {part}" in names
        assert (f"{g.name}: runs" in names) == (g.board_cards == 5)  # run it twice: the games with a board
    # each step and the total are rounded to the millisecond: up to half of one off each
    assert {"hits", "draw", "holdem: Monte Carlo of flush draws", "exact double board"} <= set(names) and doc["seconds"] == pytest.approx(
        sum(s["seconds"] for s in doc["steps"]), abs=0.0005 * (len(names) + 1) + 1e-9)
    code, out, _ = cli("warmup")
    assert code == 0 and out.splitlines()[0] == "step\tseconds" and out.splitlines()[-1].startswith("total\t")
