"""percentile in the Omaha games: against a plain enumeration, against equity, sampling, preflop."""

import json
import random
import re

import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli import omaha_strength as OS
from pokercli.errors import PokerError


def hands_list(rng, hole, avoid, n):
    """``n`` random hands of ``hole`` cards off ``avoid``, weights 1, 1/2 or 1/4."""
    deck = [c for c in range(52) if c not in avoid]
    out = []
    while len(out) < n:
        h = tuple(sorted(rng.sample(deck, hole)))
        if h not in [x for x, _ in out]:
            out.append((h, rng.choice([1.0, 0.5, 0.25])))
    return out


def text_of(hands):
    return ", ".join(C.format_cards(h).replace(" ", "") + f":{w}" for h, w in hands)


@pytest.mark.parametrize("game,hole,street", [("omaha", 4, 4), ("omaha-hilo", 4, 4),
                                              ("omaha5-hilo", 5, 5), ("omaha6", 6, 4),
                                              ("omaha-hilo", 4, 3)])
def test_equals_a_plain_enumeration(game, hole, street):
    """Shares, potential matrix, hs and equity equal the plain enumeration's
    Fractions (weights are powers of two, so the floats are exact sums)."""
    rng = random.Random(hash((game, street)) & 0xFFFF)
    cards = rng.sample(range(52), hole + street + 1)
    hero, board, dead = cards[:hole], cards[hole:hole + street], cards[-1:]
    # low cards on the board, so that lows (and quartered pots) happen in hi-lo
    opps = hands_list(rng, hole, set(cards), 3 if street == 3 else 12)
    p = pokercli.percentile(C.format_cards(hero), C.format_cards(board), C.format_cards(dead),
                            vs=text_of(opps), game=game)
    now, hp, share_now, share_final, pairs = naive.omaha_percentile(
        hero, opps, board, dead, hilo=game.endswith("hilo"))
    total = sum(now)
    assert p.opponents == len(opps) and p.opponent_weight == float(total)
    assert [p.beats, p.ties, p.loses] == pytest.approx([float(x / total) for x in now], rel=1e-12)
    assert p.hs == pytest.approx(float(share_now / total), rel=1e-12)
    assert p.hp == [[float(x) for x in row] for row in hp]
    if street < 5:
        assert p.equity == pytest.approx(float(share_final / pairs), rel=1e-12)
    else:
        assert p.equity == p.hs and p.ppot == p.npot == 0.0


def test_quartered_and_split_shares_counted_by_quarters():
    """A hi-lo river where we tie the low and win the high: 3/4, ahead; one where
    we tie both halves: 1/2, tied."""
    p = pokercli.percentile("Ah 2h Kc Kd", "3s 5c 8d Kh 9s", vs="As 2c Qc Qd", game="omaha-hilo")
    assert p.hs == 0.75 and p.beats == 1.0
    p = pokercli.percentile("Ah 2h Kc Qd", "3s 5c 8d Kh 9s", vs="As 2c Kd Qc", game="omaha-hilo")
    assert p.hs == 0.5 and p.ties == 1.0


def test_flop_equity_equals_exact_equity_against_the_range():
    """Every (opponent, runout) pair weighs the opponent's weight: the mean share
    is heads-up equity against the range, computed by the equity engine."""
    rng = random.Random(5)
    hero, board = "As Ks 2h 3d", "Ad 7s 4c"
    opps = hands_list(rng, 4, set(C.parse(hero + " " + board)) | {C.parse("9h")[0]}, 30)
    rng_text = text_of(opps)
    for game in ("omaha", "omaha-hilo"):
        p = pokercli.percentile(hero, board, "9h", vs=rng_text, game=game)
        e = pokercli.equity([hero, rng_text], board, "9h", game=game, method="exact")
        assert p.equity == pytest.approx(e.players[0].equity, rel=1e-12)


def test_against_every_hand_counts_every_pair():
    """vs every unseen hand on the turn: C(44, 4) opponents, each against the 40
    runouts its cards leave; Monte Carlo against ``random`` agrees."""
    hero, board = "Kh Qh Jc Tc", "Ah 9h 2c 3s"
    p = pokercli.percentile(hero, board, game="omaha")
    assert p.opponents == 135_751 and p.vs == "random"
    assert sum(map(sum, p.hp)) == 135_751 * 40
    assert sum(sum(v) for v in p.field.values()) == 135_751
    e = pokercli.equity([hero, "random"], board, game="omaha", samples=400_000, seed=3)
    assert abs(p.equity - e.players[0].equity) < 4 * e.players[0].stderr


def test_a_sample_of_opponents_when_there_are_too_many(monkeypatch):
    monkeypatch.setattr(OS, "EXACT_PAIRS", 40 * 500)
    p = pokercli.percentile("Kh Qh Jc Tc", "Ah 9h 2c 3s", game="omaha")
    assert p.opponents == 135_751
    assert sum(map(sum, p.hp)) == 500 * 40
    assert "500 of the 135,751 opponent hands" in p.note and "estimates" in p.note
    again = pokercli.percentile("Kh Qh Jc Tc", "Ah 9h 2c 3s", game="omaha")
    assert again.hp == p.hp  # the sample is seeded


def test_preflop_is_a_monte_carlo_equity():
    p = pokercli.percentile("As Ah Ks Kh", game="omaha")
    assert p.street == "preflop" and p.hs is None and p.class_name is None
    assert p.opponents == 194_580  # C(48, 4)
    e = pokercli.equity(["As Ah Ks Kh", "random"], game="omaha", samples=OS.PREFLOP_SAMPLES,
                        seed=OS.PREFLOP_SEED)
    assert p.equity == e.players[0].equity
    assert "Monte Carlo" in p.note
    doc = p.to_dict()
    assert doc["game"] == "omaha" and "class" not in doc and doc["hs"] is None
    vs = pokercli.percentile("As Ah Ks Kh", vs="AAxx", game="omaha")
    assert vs.vs == "AAxx" and vs.equity < p.equity


@pytest.mark.parametrize("args,message", [
    (("As Ah Ks", "2c 3c 4c"), "hand"),
    (("As Ah Ks Kh", "2c 3c"), "board"),
    (("As Ah Ks Kh", "As 3c 4c"), "As"),
])
def test_errors_name_the_parameter(args, message):
    with pytest.raises(PokerError, match=message):
        pokercli.percentile(*args, game="omaha")
    with pytest.raises(PokerError, match="vs"):
        pokercli.percentile("As Ah Ks Kh", "2c 3c 4c", vs="AAx", game="omaha")


def test_cli_text_json_and_terminal(cli):
    code, out, err = cli("percentile", "--game", "omaha-hilo", "As 2h Ks 3h", "--board",
                         "Ad 7c 4s 9s", "--vs", "KKxx")
    assert code == 0, err
    assert "game: omaha-hilo" in out and "effective percentile (equity)" in out
    code, out, err = cli("percentile", "--game", "omaha", "As Ah Ks Kh", "--json")
    doc = json.loads(out)
    assert doc["street"] == "preflop" and doc["equity"] > 0.6
    code, out, err = cli("percentile", "--game", "omaha", "As Ah Ks Kh", terminal=True, columns=80)
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out)
    assert code == 0 and "\x1b[" in out and "equity vs random" in plain
    assert "hand strength" not in plain and "Monte" in plain
    assert max(len(line) for line in plain.splitlines()) <= 80
    code, out, err = cli("percentile", "--game", "omaha", "As Ah Ks")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_batch_answers_good_lines_and_names_the_bad_one(cli):
    lines = "As Ah Ks Kh | board Ad 7c 2s 9h | vs KKxx\nAs Ah Ks\n"
    code, out, err = cli("percentile", "-", "--game", "omaha", input=lines)
    assert code == 1 and "line 2: hand 'As Ah Ks' has 3 cards, expected 4" in err
    doc = json.loads(out.splitlines()[0])
    assert doc["game"] == "omaha" and doc["street"] == "turn" and doc["hs"] == 1.0
