"""The stud games (razz, the first, and seven-card stud) through the API and the command line: the stud
notation, rank and showdowns in the game's words, equity, standing, batches,
views at 80 columns and JSON."""

from __future__ import annotations

import json
import random

import pytest

import pokercli
from pokercli import cards as C
from pokercli import stud


@pytest.mark.parametrize("text,cards,written", [
    ("(As Kd) 7h", "As Kd 7h", "(As Kd) 7h"),
    ("As Kd 7h 7c", "As Kd 7h 7c", "(As Kd) 7h 7c"),
    ("(AsKd)7h7c9sTs(2d)", "As Kd 7h 7c 9s Ts 2d", "(As Kd) 7h 7c 9s Ts (2d)"),
    ("( As Kd ) 7h 7c 9s", "As Kd 7h 7c 9s", "(As Kd) 7h 7c 9s"),
])
def test_stud_notation(text, cards, written):
    got, shown, unknown = stud.parse_hand(text)
    assert got == C.parse(cards) and shown == written and unknown == 0


@pytest.mark.parametrize("text,fragment", [
    ("(As Kd 7h) 7c", "the down cards are the first two and the seventh"),
    ("As (Kd) 7h", "the down cards are the first two and the seventh"),
    ("(As Kd) 7h 7c 9s (Ts)", "the down cards are the first two and the seventh"),
    ("(As Kd 7h", "'(' without ')'"),
    ("As Kd) 7h", "')' without '('"),
    ("((As Kd)) 7h", "parentheses inside parentheses"),
    ("(As As) 7h", "duplicate card 'As'"),
    ("(As Kx) 7h", "unknown card"),
])
def test_stud_notation_refuses_ambiguity(text, fragment):
    with pytest.raises(pokercli.PokerError, match=None) as e:
        stud.parse_hand(text)
    assert fragment in str(e.value)


def test_rank_and_showdown_in_the_games_words(cli):
    v = pokercli.rank("(As 2d) 3h 4c 4s 9d (Ad)", game="razz")
    assert (v.description, v.type, v.hand_class) == ("9-4-3-2-A", "NO_PAIR", 57)
    assert [c.name for c in v.best_five] == ["9d", "4c", "3h", "2d", "As"]
    assert pokercli.rank("Ks Kd Kh Kc Qs", game="razz").description == "Four kings, Q"
    code, out, _ = cli("rank", "--game", "razz", "(As 2d) 3h 4c 4s 9d (Ad)", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["game"] == "razz" and doc["class"] == 57 and "score_binary" not in doc
    # two whole hands as two arguments: a showdown (razz has no board)
    code, out, _ = cli("rank", "--game", "razz", "(As 2d) 3h 4c 9h Kd (Ks)", "(3s 2s) 5h 4d 8c 7c (6d)")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "game: razz" and "board" not in out
    assert lines[1].split("\t")[2] == "lose" and lines[2].split("\t")[2] == "win"
    assert lines[2].endswith("6-5-4-3-2")
    s = pokercli.showdown(["(As 2d) 3h 4c 9h Kd (Ks)", "(3s 2s) 5h 4d 8c 7c (6d)"], game="razz")
    assert s.winners == (2,)


def test_equity_exact_and_sampled(cli):
    code, out, _ = cli("equity", "--game", "razz", "(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h", "--dead", "5c 5d",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["method"] == "exact" and doc["deals"] == 548_340 == doc["boards"]
    assert [p["hand"] for p in doc["players"]] == ["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"]
    assert doc["players"][0]["wins"] == 375_872 and doc["players"][0]["ties"] == 918
    code, out, _ = cli("equity", "--game", "razz", "(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h", "--dead", "5c 5d")
    assert code == 0 and "548,340 deals" in out and "board" not in out
    # third street, three players: sampled (the exact job is too big), and says so
    code, out, _ = cli("equity", "--game", "razz", "(As 2d) 3h", "(Kd 3d) 4s", "(8s 8d) 8h", "--seed", "1",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["method"] == "monte-carlo" and "sampled instead" in doc["note"]


@pytest.mark.parametrize("args,fragment", [
    (["(As 2d) 3h", "QQ+"], "hand 2: unknown card 'QQ+'"),
    (["(As 2d) 3h", "random"], "not 'random'"),
    (["(As 2d) 3h", "(Kd 3d) 4s,(Qd 3c)"], "every hand of a range shows as many cards"),
    (["(As 2d) 3h", "(K 3d 4s) 9"], "the down cards are the first two"),
    (["(As 2d) 3h", "Kd 3d"], "has 2 cards; a hand here shows 3 to 7"),
    (["(As 2d 3h)", "(Kd 3d) 4s"], "the down cards are the first two and the seventh"),
    (["(As 2d) 3h", "(As 3d) 4s"], "As"),
])
def test_equity_refusals(cli, args, fragment):
    code, out, err = cli("equity", "--game", "razz", *args)
    assert code == 2 and out == "" and fragment in err and len(err.strip().splitlines()) == 1


def test_batches_answer_every_good_line(cli):
    lines = "(As 2d) 3h 4c 9h Kd (Ks)\nAs Ks\n3s 2s 5h 4d 8c 7c 6d\n"
    code, out, err = cli("rank", "--game", "razz", "-", input=lines)
    assert code == 1 and "line 2:" in err
    answered = out.splitlines()
    assert [a.split("\t")[1] for a in answered] == ["57", "6"]
    spots = "(As 2d) 3h 4c 9h | (Kd 3d) 4s 6h 7h | dead 5c 5d\n(As 2d) 3h | Kd\n"
    code, out, err = cli("equity", "--game", "razz", "-", input=spots)
    assert code == 1 and "line 2:" in err
    doc = json.loads(out.splitlines()[0])
    assert doc["deals"] == 548_340 and doc["line"] == 1


def test_standing_and_deal(cli):
    code, out, _ = cli("percentile", "--game", "razz", "(As 2d) 3h 4c 9h Kd (Ks)",
                       "--vs", "(3s 2s) 5h 4d 8c 7c (6d), Qs Qd Jh Jc Th 9s 8s", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["street"] == "seventh street" and doc["opponent_hands"] == 2
    assert (doc["beats"], doc["loses"]) == (0.5, 0.5)
    code, out, err = cli("percentile", "--game", "razz", "(As 2d) 3h 4c")
    assert code == 2 and "5 to 7" in err
    code, out, err = cli("percentile", "--game", "razz", "(As 2d) 3h 4c 9h Kd (Ks)", "--vs", "(A23)")
    assert code == 2 and err.strip().endswith("'(A23)' has 3 cards; hands of as many cards as ours (7) are compared")
    code, out, err = cli("percentile", "--game", "razz", "(As 2d) 3h 4c 9h", "--vs", "(A x) 2 3 4")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "unknown card (x)" in err
    code, out, _ = cli("deal", "--game", "razz", "--players", "7", "--seed", "3", "--json")
    doc = json.loads(out)
    cards = [c for h in doc["hands"] for c in h]
    assert code == 0 and [len(h) for h in doc["hands"]] == [7] * 7 and len(set(cards)) == 49
    code, out, err = cli("deal", "--game", "razz", "--players", "9")
    assert code == 2 and len(err.strip().splitlines()) == 1
    # eight players: six cards each and one community card, which equity reads back as the board
    code, out, _ = cli("deal", "--game", "razz", "--players", "8", "--seed", "3", "--json")
    doc = json.loads(out)
    cards = [c for h in doc["hands"] for c in h] + doc["board"]
    assert code == 0 and [len(h) for h in doc["hands"]] == [6] * 8 and len(set(cards)) == 49
    code, out, _ = cli("equity", "--game", "razz", *doc["written"], "--board", doc["board"][0], "--json")
    result = json.loads(out)
    assert code == 0 and result["deals"] == 1 and result["board"] == doc["board"]
    assert "the seventh street card is the community card" in result["note"]
    code, out, _ = cli("deal", "--game", "razz", "--players", "8", "--seed", "3")
    assert out.split("\t")[-1].strip() == doc["board"][0]
    code, out, _ = cli("rank", "--game", "razz", *doc["written"][:2], "--board", doc["board"][0])
    assert code == 0 and f"board: {doc['board'][0]}" in out.splitlines()


@pytest.mark.parametrize("game, hand, vs", [
    ("razz", "(As 2d) 3h 4c 9h", "(A2) 3s 4 5:0.5,(K K) 9s 8s 7s"),
    ("stud-hilo", "(As 2d) 3h 4c 9h 8c", "(Q Q) Q 2 3d 4d,(8 7) 6 5 4d 2h:2"),
    ("badugi", "As 2d 3h 5c", "43-,K Q J Ts:3"),
    ("27-single", "8s 6d 4d 3c 2c", "75-"),
])
def test_percentile_against_a_range_is_its_hands_listed(cli, game, hand, vs):
    """``--vs`` in the stud and draw games takes the game's ranges: the answer is
    the weighted mean of the answers against each of its hands alone."""
    import pokercli
    from pokercli import cards as C
    from pokercli.games import game as get_game
    from pokercli.games.rules import load

    ours = set(C.parse_cards(hand.replace("(", "").replace(")", "")))
    listed = []
    for part in vs.split(","):
        body, _, weight = part.partition(":")
        for h in load(get_game(game).dealing.ranges)(body, "vs") or []:
            if not ours & set(h.cards):
                listed.append((C.format_cards(h.cards), float(weight or 1)))
    assert len(listed) > 3
    alone = [(pokercli.percentile(h, vs=hand, game=game), pokercli.percentile(hand, vs=h, game=game), w)
             for h, w in listed]
    total = sum(w for _, _, w in alone)
    ranged = pokercli.percentile(hand, vs=vs, game=game)
    assert ranged.opponents == len(listed) and ranged.opponent_weight == total
    for name in ("beats", "ties", "loses", "hs"):
        assert getattr(ranged, name) == pytest.approx(sum(w * getattr(p, name) for _, p, w in alone) / total)
    assert ranged.beats == pytest.approx(sum(w * p.loses for p, _, w in alone) / total)  # seen from their side
    code, out, err = cli("percentile", "--game", game, hand, "--vs", vs, "--json")
    assert code == 0 and json.loads(out)["opponent_hands"] == len(listed)


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_a_stud_deal_shows_the_down_cards_and_the_order_dealt(cli, game):
    """A stud hand is its seven cards of the shuffled deck in the order dealt
    (two down, four up, one down), written with the down cards in
    parentheses, as the spots of equity are: the written hand reads back to
    the same cards in the same order, its first three cards are the third
    street, and a seed deals each player the same cards as a plain deal's
    (hold'em's order of the deck, seven a player)."""
    from pokercli.dealing import shuffle
    from pokercli.stud import parse_hand

    code, out, _ = cli("deal", "--game", game, "--players", "3", "--seed", "11", "--json")
    doc = json.loads(out)
    deck = shuffle(sorted(range(52), key=C.deck_index), random.Random(11))
    assert code == 0 and len(doc["written"]) == 3
    for p, (hand, text) in enumerate(zip(doc["hands"], doc["written"])):
        dealt = [C.card_name(c) for c in deck[7 * p:7 * p + 7]]
        assert set(hand) == set(dealt) and hand[2:] == dealt[2:]  # only the first two down cards are sorted
        assert text == f"({hand[0]} {hand[1]}) {' '.join(hand[2:6])} ({hand[6]})"
        assert [C.card_name(c) for c in parse_hand(text).cards] == hand
    code, out, _ = cli("deal", "--game", game, "--players", "3", "--seed", "11")
    assert code == 0 and out.rstrip("\n").split("\t") == doc["written"]
    code, out, _ = cli("equity", "--game", game, *[w[:w.index(")") + 4] for w in doc["written"]],
                       "--samples", "2000", "--seed", "1", "--json")  # third street: (down down) up
    assert code == 0 and [p["hand"] for p in json.loads(out)["players"]] == [
        w[:w.index(")") + 4] for w in doc["written"]]
    code, out, _ = cli("equity", "--game", game, *doc["written"], "--json")  # seventh street: one deal
    assert code == 0 and json.loads(out)["deals"] == 1


@pytest.mark.parametrize("args", [
    ["equity", "(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h", "(8s 8d) 8h 2c Jd", "--dead", "5c 5d", "--categories"],
    ["rank", "(As 2d) 3h 4c 9h Kd (Ks)", "(3s 2s) 5h 4d 8c 7c (6d)", "(Qs Qd) Jh Jc Th 9s (8s)"],
    ["rank", "(As 2d) 3h 4c 4s 9d (Ad)"],
    ["percentile", "(As 2d) 3h 4c 9h Kd (Ks)", "--vs", "(3s 2s) 5h 4d 8c 7c (6d)"],
])
def test_views_fit_80_columns(cli, args):
    from tests.render.test_views import ANSI, fits

    code, out, _ = cli(*args[:1], "--game", "razz", *args[1:], terminal=True, columns=80)
    text = ANSI.sub("", out)
    assert code == 0 and "razz" in text
    fits(text, 80)


def test_seven_card_stud_high(cli):
    """Stud plays the high hand on the same engine: exact counts equal to a plain
    enumeration, rank in hold'em's words, standing against every unseen hand."""
    from tests import naive

    spot = ["(As Ad) Kh 7c 2d Qs", "(Qh Qd) Jh Tc 9d 8c"]
    dead = "5c 5d 5s 5h 6c 6d 6s 7d 7s 8d 8h 8s 9c 9h 9s Td Ts Th Jc Jd"
    holes = [stud.parse_hand(h)[0] for h in spot]
    want, runouts = naive.game_equity("stud", holes, (), C.parse(dead), range(52), 7, 0)
    r = pokercli.equity(spot, dead=dead, game="stud")
    assert r.method == "exact" and r.deals == runouts
    for p, w in zip(r.players, want):
        assert p.equity == pytest.approx(float(w), abs=1e-12)
    v = pokercli.rank("(As Ad) Kh 7c 2d Kd (Ks)", game="stud")
    assert (v.type, v.description) == ("FULL_HOUSE", "Full house, kings full of aces")
    code, out, _ = cli("equity", "--game", "stud", "(As Ad) Kh 7c 2d", "(Qs Qd) Jh Tc 9d", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["game"] == "stud" and doc["deals"] == 671_580
    assert doc["players"][0]["wins"] + doc["players"][1]["wins"] + doc["players"][0]["ties"] == 671_580
    hero = C.parse("As Ad Kh 7c 2d Kd Ks")
    dead_cards = [c for c in range(52) if c not in hero][:30]
    p = pokercli.percentile(C.format_cards(hero), dead=C.format_cards(dead_cards), game="stud")
    unseen = [c for c in range(52) if c not in hero and c not in dead_cards]
    from itertools import combinations

    from pokercli import reference as R

    mine = R.score(hero)
    beats = sum(mine > R.score(list(o)) for o in combinations(unseen, 7))
    assert p.opponents == 6435 and p.beats == pytest.approx(beats / 6435, abs=1e-12)


def test_stud_hilo_splits_the_pot(cli):
    """A low, a high and a quartered pot; the equity's halves; the batch's low."""
    s = pokercli.showdown(["(As 2d) 3h 4c 9h Kd (Ks)", "(3s 2s) 5h 4d 8c 7c (6d)", "(Qs Qd) Qh Jc Th 9s (8s)"],
                          game="stud-hilo")
    assert [str(x) for x in s.shares] == ["0", "1/2", "1/2"]
    assert [p.low_text for p in s.players] == ["no low", "6-5-4-3-2 low", "no low"]
    q = pokercli.showdown(["As 2d 3h 4c 5s Kd Ks", "Ah 2c 3d 4s 5d Qh Qs", "9s 9d 9h Jc Tc Jd Th"],
                          game="stud-hilo")
    assert [str(x) for x in q.shares] == ["1/4", "1/4", "1/2"]  # the wheel twice: a quartered pot
    code, out, _ = cli("equity", "--game", "stud-hilo", "(As 2d) 3h 4c 9h", "(Kd Ks) 4s Kh 7h", "--json")
    doc = json.loads(out)
    a, b = doc["players"]
    assert code == 0 and doc["deals"] == 671_580 and 0 < doc["no_low"] < 1
    assert a["equity"] + b["equity"] == pytest.approx(1, abs=1e-12) and b["low"]["win"] == 0
    assert a["scoop"] <= a["high"]["win"] and b["scoop"] <= b["high"]["win"]
    code, out, _ = cli("rank", "--game", "stud-hilo", "-", input="3s 2s 5h 4d 8c 7c 6d\nAs Kd Qh Jc 9h 9d 2c\n")
    assert code == 0 and out.splitlines()[0].endswith("\t6-5-4-3-2 low") and out.splitlines()[1].endswith("\tno low")


def test_badugi_on_the_command_line(cli):
    code, out, _ = cli("rank", "--game", "badugi", "As 2d 3h 4c", "Ks Qd Jh Tc", "5s 6s 7h 8c")
    lines = out.splitlines()
    assert code == 0 and lines[1].endswith("a 4-card badugi, 4-3-2-A") and lines[3].endswith("a 3-card hand, 8-7-5")
    code, out, _ = cli("equity", "--game", "badugi", "As 2d 3h", "Ks 2c 4h 7d", "--json")
    doc = json.loads(out)
    # a club from the four to the king makes a badugi lower than K-7-4-2 (K-3-2-A too): 10 of 45
    assert code == 0 and doc["deals"] == 45 and doc["players"][0]["wins"] == 10
    code, out, err = cli("rank", "--game", "badugi", "As 2d 3h 4c 5s")
    assert code == 2 and "expected 4" in err
    code, out, _ = cli("percentile", "--game", "badugi", "As 2d 3h 5c", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["opponent_hands"] == 194_580 and doc["street"] == "pat"


@pytest.mark.parametrize("hand", ["(As Kd 7h) 7c", "As Ks Kx", "(As As) 7h", "QQ+"])
def test_the_api_names_the_players_parameter(hand):
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity([hand, "(Kd 3d) 4s"], game="razz")
    assert e.value.param == "players"


def test_unknown_down_cards_are_dealt_like_the_cards_to_come(cli):
    """An opponent's unseen down cards, written x: equity deals them from the
    unseen cards, exactly as a plain enumeration does (tests/naive.py), and the
    same as leaving them out; rank refuses a hand with unknown cards."""
    from tests import naive

    hand = stud.parse_hand("(x x) 7h 8c 9d (x)".replace(" (x)", ""))
    assert hand == stud.StudHand(C.parse("7h 8c 9d"), "(x x) 7h 8c 9d", 2)
    spot = ["(x x) 7h 8c 9d Tc", "(As 2d) 3h 4c 9s Ks"]
    dead = "5c 5d 5s 5h 6c 6d 6s 6h Qs Qd Qh Qc Js Jd Jh Jc Td Th Ts 9h 9c 8h 8d 8s 7c 7d 7s Kd Kh"
    r = pokercli.equity(spot, dead=dead, game="razz", method="exact")
    holes = [C.parse("7h 8c 9d Tc"), C.parse("As 2d 3h 4c 9s Ks")]
    want, runouts = naive.game_equity("razz", holes, (), C.parse(dead), range(52), 7, 0)
    assert r.deals == runouts and r.players[0].hand == "(x x) 7h 8c 9d Tc"
    for p, w in zip(r.players, want):
        assert p.equity == pytest.approx(float(w), abs=1e-12)
    code, out, err = cli("rank", "--game", "razz", "(x x) 7h 8c 9d Tc (2c)")
    assert code == 2 and "unknown cards (x)" in err
    for bad, fragment in (("(As Kd) x 7c", "only a down card"), ("(x x)", "has 2 cards"),
                          ("(x x x) 7c", "the down cards are the first two")):
        code, out, err = cli("equity", "--game", "razz", bad, "(Kd 3d) 4s")
        assert code == 2 and fragment in err, err


def test_one_stud_hilo_hand_shows_its_low():
    """``rank`` of one stud hi-lo hand gives the high and the best eight-or-better
    low of any five of its cards (or no low), checked against the plain rule on
    random hands; a high-only game carries no low."""
    import random

    import naive

    rng = random.Random(5)
    lows = 0
    for _ in range(300):
        cards = rng.sample(range(52), rng.choice((5, 6, 7)))
        v = pokercli.rank(C.format_cards(cards), game="stud-hilo")
        want = naive.eight_low(cards)
        assert v.low_rule == "eight or better"
        if want is None:
            assert v.low is None and v.low_text == "no low"
            continue
        lows += 1
        description, five = v.low
        assert description == "-".join("A" if r == 1 else str(r) for r in want) + " low"
        assert set(five) <= set(cards) and len(five) == 5
        assert sorted((1 if c % 13 == 12 else c % 13 + 2 for c in five), reverse=True) == want
    assert lows > 30
    assert pokercli.rank("As 2d 3h 4c 5s 9d Kd", game="stud").low_rule is None
    doc = pokercli.rank("(As 2d) 3h 4c 5s 9d (Kd)", game="stud-hilo").to_dict()
    assert doc["low"] == {"description": "5-4-3-2-A low", "cards": ["5s", "4c", "3h", "2d", "As"]}
    assert "low" not in pokercli.rank("As Ks Qs Js Ts").to_dict()


def test_stud_hilo_rank_command_says_the_low(cli):
    code, out, _ = cli("rank", "(As 2d) 3h 4c 8s 9d (8d)", "--game", "stud-hilo")
    assert code == 0 and "low (eight or better): 8-4-3-2-A low: 8s 4c 3h 2d As" in out
    code, out, _ = cli("rank", "(Ks Kd) Qh Jc 9s 9d (Kh)", "--game", "stud-hilo")
    assert code == 0 and "low (eight or better): no low" in out


@pytest.mark.parametrize("game", ["stud", "stud-hilo", "razz"])
def test_a_batch_ranks_hands_of_five_six_and_seven_cards(cli, game):
    """``rank -`` in the stud games takes 5 to 7 cards a line, each ranked as
    ``rank`` ranks it (stud and stud hi-lo refused a batch holding a hand of five
    or six cards, whole: "card ids are 0..51", their padding read as a card)."""
    lines = ["As Ad Kh 7c 2d", "(As 2d) 3h 4c 8s 9d (8d)", "As 2d 3h 4c 8s 9d", "Ks Qs Js Ts 9s 2c"]
    code, out, err = cli("rank", "-", "--game", game, "--json", input="\n".join(lines) + "\n")
    docs = [json.loads(line) for line in out.splitlines()]
    first_run = ("pokercli: compil", "pokercli: built ", "pokercli: building ")  # a fresh cache's notes
    notes = [x for x in err.splitlines() if not x.startswith(first_run)]
    assert code == 0 and notes == [] and len(docs) == 4  # (a fresh cache says what it compiles)
    for line, doc in zip(lines, docs):
        one = pokercli.rank(line, game=game)
        assert (doc["class"], doc["score"]) == (one.hand_class, one.score)
